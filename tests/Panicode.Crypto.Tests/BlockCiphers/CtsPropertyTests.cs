using System;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.Tests.Infrastructure;
using static Panicode.Crypto.Tests.BlockCiphers.CipherTest;

namespace Panicode.Crypto.Tests.BlockCiphers;

/// <summary>
/// CTS is CBC with ciphertext stealing, variant CBC-CS3 (NIST SP 800-38A Addendum; RFC 3962 for
/// Kerberos): the last two blocks are always swapped. Neither the built-in Aes nor Python's
/// cryptography has CTS, so besides the RFC 3962 vectors the mode is pinned down by its definition,
/// for every block size: the ciphertext is CBC over the input zero-extended to whole blocks, with the
/// last two blocks swapped and cut to the input length.
/// </summary>
public class CtsPropertyTests
{
    [Theory]
    [MemberData(nameof(Implementations.BlockCipherData), MemberType = typeof(Implementations))]
    public void CtsIsCbcWithTheLastTwoBlocksSwappedAndCut(Implementation<SymmetricAlgorithm> implementation)
    {
        Random random = new(29);
        foreach (int blockSize in CipherCase.BlockSizesOf(implementation))
        {
            int block = blockSize / 8;
            byte[] key = Bytes(random, 32);
            byte[] iv = Bytes(random, block);
            using SymmetricAlgorithm cts = new CipherCase(blockSize, CipherMode.CTS, blockSize, PaddingMode.None).Configure(implementation.Create(), key, iv);
            using SymmetricAlgorithm cbc = new CipherCase(blockSize, CipherMode.CBC, blockSize, PaddingMode.None).Configure(implementation.Create(), key, iv);
            for (int length = block; length <= (4 * block) + 1; length++)
            {
                string what = $"block {blockSize} length {length}";
                byte[] message = Bytes(random, length);
                byte[] ciphertext = Encrypt(cts, message);
                Assert.True(ciphertext.Length == length, what + ": the length is preserved");
                Assert.True(message.AsSpan().SequenceEqual(Decrypt(cts, ciphertext)), what + ": round trip");

                byte[] whole = new byte[(length + block - 1) / block * block];
                message.CopyTo(whole, 0);
                byte[] cbcBlocks = Encrypt(cbc, whole);
                byte[] expected = (byte[])cbcBlocks.Clone();
                if (length > block)
                {
                    int last = cbcBlocks.Length - block;
                    Buffer.BlockCopy(cbcBlocks, last - block, expected, last, block);
                    Buffer.BlockCopy(cbcBlocks, last, expected, last - block, block);
                }

                Assert.True(expected.AsSpan(0, length).SequenceEqual(ciphertext), $"{what}: expected {Convert.ToHexString(expected, 0, length)}, got {Convert.ToHexString(ciphertext)}");
                if (length == block)
                {
                    Assert.True(cbcBlocks.AsSpan().SequenceEqual(ciphertext), what + ": one block is plain CBC");
                }
                else if (length % block == 0)
                {
                    // Whole blocks: exactly CBC with the last two blocks swapped.
                    byte[] plainCbc = Encrypt(cbc, message);
                    Assert.True(plainCbc.AsSpan(0, length - (2 * block)).SequenceEqual(ciphertext.AsSpan(0, length - (2 * block))), what + ": leading blocks are CBC");
                    Assert.True(plainCbc.AsSpan(length - block).SequenceEqual(ciphertext.AsSpan(length - (2 * block), block)), what + ": last CBC block comes first");
                    Assert.True(plainCbc.AsSpan(length - (2 * block), block).SequenceEqual(ciphertext.AsSpan(length - block)), what + ": second-to-last CBC block comes last");
                }
            }
        }
    }

    [Theory]
    [MemberData(nameof(Implementations.BlockCipherData), MemberType = typeof(Implementations))]
    public void CtsRejectsLessThanOneBlock(Implementation<SymmetricAlgorithm> implementation)
    {
        foreach (int blockSize in CipherCase.BlockSizesOf(implementation))
        {
            int block = blockSize / 8;
            using SymmetricAlgorithm cts = new CipherCase(blockSize, CipherMode.CTS, blockSize, PaddingMode.None)
                .Configure(implementation.Create(), new byte[16], new byte[block]);
            foreach (int length in new[] { 0, 1, block - 1 })
            {
                byte[] input = new byte[length];
                Assert.Throws<CryptographicException>(() => Encrypt(cts, input));
                Assert.Throws<CryptographicException>(() => Decrypt(cts, input));
            }
        }
    }

    [Theory]
    [MemberData(nameof(Implementations.BlockCipherData), MemberType = typeof(Implementations))]
    public void CtsIgnoresThePaddingProperty(Implementation<SymmetricAlgorithm> implementation)
    {
        // As documented on BlockCipherAlgorithm: CTS never pads, whatever Padding says.
        Random random = new(31);
        int bits;
        using (SymmetricAlgorithm probe = implementation.Create())
        {
            bits = probe.BlockSize;
        }

        byte[] key = Bytes(random, 16);
        byte[] iv = Bytes(random, bits / 8);
        byte[] message = Bytes(random, 41);
        using SymmetricAlgorithm none = new CipherCase(bits, CipherMode.CTS, bits, PaddingMode.None).Configure(implementation.Create(), key, iv);
        byte[] expected = Encrypt(none, message);
        foreach (PaddingMode padding in CipherCase.Paddings.Where(p => p != PaddingMode.None))
        {
            using SymmetricAlgorithm padded = new CipherCase(bits, CipherMode.CTS, bits, padding).Configure(implementation.Create(), key, iv);
            Assert.Equal(Convert.ToHexString(expected), Convert.ToHexString(Encrypt(padded, message)));
            Assert.Equal(Convert.ToHexString(message), Convert.ToHexString(Decrypt(padded, expected)));
        }
    }

    private static byte[] Encrypt(SymmetricAlgorithm algorithm, byte[] input) => Final(algorithm.CreateEncryptor(), input);

    private static byte[] Decrypt(SymmetricAlgorithm algorithm, byte[] input) => Final(algorithm.CreateDecryptor(), input);
}

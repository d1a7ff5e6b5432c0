using System;
using System.Security.Cryptography;
using Panicode.Crypto.Tests.Infrastructure;

namespace Panicode.Crypto.Tests.BlockCiphers;

/// <summary>
/// The shared mode and padding layer with a 64-bit block, over every flavour of every 64-bit family of the registry
/// (<see cref="Registry.Families.BlockCiphers64"/>: Hierocrypt-L1, MISTY1): each mode's output against the mode's
/// definition (NIST SP 800-38A; CTS as CBC-CS3; CMAC as SP 800-38B with Rb = 0x1B) spelled out over single-block ECB
/// calls, every padding, one-shot against transform, a batch of blocks against single blocks, and the defaults and
/// legal sizes of a 64-bit cipher.
/// </summary>
public sealed class Block64ModeTests
{
    private const int Block = 8;

    public static TheoryData<Implementation<SymmetricAlgorithm>> Ciphers => Implementations.BlockCipher64Data;

    [Theory]
    [MemberData(nameof(Ciphers))]
    public void DefaultsAndLegalSizesAreThoseOfA64BitCipher(Implementation<SymmetricAlgorithm> implementation)
    {
        using SymmetricAlgorithm cipher = implementation.Create();

        // Triple DES keeps the built-in TripleDES's defaults (192-bit key, CFB8) and key checks (TripleDesTests).
        bool tdes = cipher is TripleDesCipher;
        Assert.Equal(64, cipher.BlockSize);
        Assert.Equal(tdes ? 192 : 128, cipher.KeySize);
        Assert.Equal(tdes ? 8 : 64, cipher.FeedbackSize);
        Assert.Equal(CipherMode.CBC, cipher.Mode);
        Assert.Equal(PaddingMode.PKCS7, cipher.Padding);
        Assert.Equal(tdes ? 24 : 16, cipher.Key.Length);
        Assert.Equal(8, cipher.IV.Length);
        Assert.Throws<CryptographicException>(() => cipher.BlockSize = 128);
        if (tdes)
        {
            Assert.Throws<ArgumentException>(() => cipher.Key = new byte[32]);
        }
        else
        {
            Assert.Throws<CryptographicException>(() => cipher.Key = new byte[24]);
        }
    }

    [Theory]
    [MemberData(nameof(Ciphers))]
    public void EveryModeMatchesItsDefinitionOverSingleBlocks(Implementation<SymmetricAlgorithm> implementation)
    {
        Random random = new(51);
        int checkedCases = 0;
        foreach (int blocks in new[] { 1, 2, 3, 7, 33 })
        {
            byte[] key = UnsafeDifferential.Bytes(random, 16);
            byte[] iv = UnsafeDifferential.Bytes(random, Block);
            byte[] plaintext = UnsafeDifferential.Bytes(random, blocks * Block);
            using BlockCipherAlgorithm cipher = Create(implementation);
            cipher.Key = key;
            byte[] E(byte[] block) => cipher.EncryptEcb(block, PaddingMode.None);

            // CBC: C_i = E(P_i xor C_{i-1}).
            byte[] expected = new byte[plaintext.Length];
            byte[] previous = iv;
            for (int i = 0; i < blocks; i++)
            {
                byte[] input = Xor(plaintext.AsSpan(i * Block, Block), previous);
                previous = E(input);
                previous.CopyTo(expected, i * Block);
            }

            Assert.Equal(expected, cipher.EncryptCbc(plaintext, iv, PaddingMode.None));
            Assert.Equal(plaintext, cipher.DecryptCbc(expected, iv, PaddingMode.None));

            // CFB64: C_i = P_i xor E(C_{i-1}); OFB: O_i = E(O_{i-1}), C_i = P_i xor O_i.
            byte[] cfb = new byte[plaintext.Length], ofb = new byte[plaintext.Length];
            byte[] register = iv, output = iv;
            for (int i = 0; i < blocks; i++)
            {
                register = Xor(plaintext.AsSpan(i * Block, Block), E(register));
                register.CopyTo(cfb, i * Block);
                output = E(output);
                Xor(plaintext.AsSpan(i * Block, Block), output).CopyTo(ofb, i * Block);
            }

            Assert.Equal(cfb, cipher.EncryptCfb(plaintext, iv, PaddingMode.None, 64));
            Assert.Equal(plaintext, cipher.DecryptCfb(cfb, iv, PaddingMode.None, 64));
            cipher.Mode = CipherMode.OFB;
            cipher.Padding = PaddingMode.None;
            cipher.IV = iv;
            using (ICryptoTransform encryptor = cipher.CreateEncryptor())
            {
                Assert.Equal(ofb, encryptor.TransformFinalBlock(plaintext, 0, plaintext.Length));
            }

            // CFB8 over the same definition with 1-byte segments: the register shifts by one byte per segment.
            byte[] cfb8 = new byte[plaintext.Length];
            byte[] shift = (byte[])iv.Clone();
            for (int i = 0; i < plaintext.Length; i++)
            {
                cfb8[i] = (byte)(plaintext[i] ^ E(shift)[0]);
                Array.Copy(shift, 1, shift, 0, Block - 1);
                shift[Block - 1] = cfb8[i];
            }

            Assert.Equal(cfb8, cipher.EncryptCfb(plaintext, iv, PaddingMode.None, 8));
            Assert.Equal(plaintext, cipher.DecryptCfb(cfb8, iv, PaddingMode.None, 8));

            // CTR with the whole 8-byte block counting (big-endian) and a partial last block: C_i = P_i xor E(T_0 + i).
            int ctrLength = plaintext.Length - random.Next(0, Block);
            byte[] ctr = new byte[ctrLength];
            byte[] counter = (byte[])iv.Clone();
            for (int offset = 0; offset < ctrLength; offset += Block)
            {
                byte[] pad = E(counter);
                for (int j = 0; j < Block && offset + j < ctrLength; j++)
                {
                    ctr[offset + j] = (byte)(plaintext[offset + j] ^ pad[j]);
                }

                for (int j = Block - 1; j >= 0 && ++counter[j] == 0; j--)
                {
                }
            }

            Assert.Equal(ctr, cipher.EncryptCtr(plaintext.AsSpan(0, ctrLength).ToArray(), iv));

            // CTS (CBC-CS3) with a partial last block: CBC over the zero-padded message, last two blocks swapped and
            // the new last one cut to the tail's length.
            if (blocks > 1)
            {
                int tail = random.Next(1, Block);
                byte[] message = plaintext.AsSpan(0, plaintext.Length - Block + tail).ToArray();
                byte[] padded = new byte[plaintext.Length];
                message.CopyTo(padded, 0);
                byte[] cbc = cipher.EncryptCbc(padded, iv, PaddingMode.None);
                byte[] cts = new byte[message.Length];
                Array.Copy(cbc, 0, cts, 0, cbc.Length - (2 * Block));
                Array.Copy(cbc, cbc.Length - Block, cts, cbc.Length - (2 * Block), Block);
                Array.Copy(cbc, cbc.Length - (2 * Block), cts, cbc.Length - Block, tail);
                cipher.Mode = CipherMode.CTS;
                cipher.IV = iv;
                using ICryptoTransform encryptor = cipher.CreateEncryptor();
                Assert.Equal(cts, encryptor.TransformFinalBlock(message, 0, message.Length));
                using ICryptoTransform decryptor = cipher.CreateDecryptor();
                Assert.Equal(message, decryptor.TransformFinalBlock(cts, 0, cts.Length));
            }

            checkedCases++;
        }

        Assert.Equal(5, checkedCases);
    }

    [Theory]
    [MemberData(nameof(Ciphers))]
    public void PaddingFillsTheLast8ByteBlockAndComesOff(Implementation<SymmetricAlgorithm> implementation)
    {
        Random random = new(52);
        using SymmetricAlgorithm cipher = Keyed(implementation, random, out byte[] iv);
        foreach (PaddingMode padding in new[] { PaddingMode.PKCS7, PaddingMode.ANSIX923, PaddingMode.ISO10126, PaddingMode.Zeros })
        {
            for (int length = 0; length <= 3 * Block; length++)
            {
                byte[] message = UnsafeDifferential.Bytes(random, length);
                byte[] ciphertext = cipher.EncryptCbc(message, iv, padding);
                int expectedLength = padding == PaddingMode.Zeros ? (length + Block - 1) / Block * Block : ((length / Block) + 1) * Block;
                Assert.Equal(expectedLength, ciphertext.Length);

                // As the BCL: Zeros padding is not removed, the zeros come back.
                byte[] expected = padding == PaddingMode.Zeros ? new byte[expectedLength] : message;
                message.CopyTo(expected, 0);
                Assert.Equal(expected, cipher.DecryptCbc(ciphertext, iv, padding));
                Assert.Equal(expected, cipher.DecryptEcb(cipher.EncryptEcb(message, padding), padding));
            }
        }
    }

    [Theory]
    [MemberData(nameof(Ciphers))]
    public void OneShotEqualsTheTransformFedInPieces(Implementation<SymmetricAlgorithm> implementation)
    {
        Random random = new(53);
        using SymmetricAlgorithm cipher = Keyed(implementation, random, out byte[] iv);
        byte[] message = UnsafeDifferential.Bytes(random, (13 * Block) + 5);
        foreach ((CipherMode mode, int feedback) in new[] { (CipherMode.ECB, 64), (CipherMode.CBC, 64), (CipherMode.CFB, 8), (CipherMode.CFB, 64) })
        {
            byte[] oneShot = mode switch
            {
                CipherMode.ECB => cipher.EncryptEcb(message, PaddingMode.PKCS7),
                CipherMode.CBC => cipher.EncryptCbc(message, iv, PaddingMode.PKCS7),
                _ => cipher.EncryptCfb(message, iv, PaddingMode.PKCS7, feedback),
            };

            cipher.Mode = mode;
            cipher.FeedbackSize = feedback;
            cipher.Padding = PaddingMode.PKCS7;
            cipher.IV = iv;
            using ICryptoTransform encryptor = cipher.CreateEncryptor();
            byte[] pieces = new byte[oneShot.Length];
            int written = 0, offset = 0;

            // Whole-block pieces of 1, 2, 3, ... blocks, then the rest through TransformFinalBlock.
            for (int size = Block; offset + size <= message.Length - Block; size += Block)
            {
                written += encryptor.TransformBlock(message, offset, size, pieces, written);
                offset += size;
            }

            byte[] final = encryptor.TransformFinalBlock(message, offset, message.Length - offset);
            final.CopyTo(pieces, written);
            Assert.Equal(oneShot.Length, written + final.Length);
            Assert.True(oneShot.AsSpan().SequenceEqual(pieces), $"{implementation} {mode}-{feedback}");

            using ICryptoTransform decryptor = cipher.CreateDecryptor();
            Assert.Equal(message, decryptor.TransformFinalBlock(oneShot, 0, oneShot.Length));
        }
    }

    [Theory]
    [MemberData(nameof(Ciphers))]
    public void ABatchOf101BlocksEquals101SingleBlocks(Implementation<SymmetricAlgorithm> implementation)
    {
        Random random = new(54);
        using SymmetricAlgorithm cipher = Keyed(implementation, random, out byte[] iv);
        const int blocks = 101;
        byte[] plaintext = UnsafeDifferential.Bytes(random, blocks * Block);
        byte[] batch = cipher.EncryptEcb(plaintext, PaddingMode.None);
        byte[] cbcBatch = cipher.EncryptCbc(plaintext, iv, PaddingMode.None);
        byte[] previous = iv;
        for (int i = 0; i < blocks; i++)
        {
            byte[] block = plaintext.AsSpan(i * Block, Block).ToArray();
            byte[] single = cipher.EncryptEcb(block, PaddingMode.None);
            Assert.True(single.AsSpan().SequenceEqual(batch.AsSpan(i * Block, Block)), $"encrypt block {i}");
            Assert.Equal(block, cipher.DecryptEcb(single, PaddingMode.None));
            previous = cipher.EncryptEcb(Xor(block, previous), PaddingMode.None);
            Assert.True(previous.AsSpan().SequenceEqual(cbcBatch.AsSpan(i * Block, Block)), $"CBC block {i}");
        }

        Assert.Equal(plaintext, cipher.DecryptEcb(batch, PaddingMode.None));
        Assert.Equal(plaintext, cipher.DecryptCbc(cbcBatch, iv, PaddingMode.None));

        // In place: the same buffer as source and destination.
        byte[] buffer = (byte[])plaintext.Clone();
        cipher.EncryptEcb(buffer, buffer, PaddingMode.None);
        Assert.Equal(batch, buffer);
        cipher.DecryptEcb(buffer, buffer, PaddingMode.None);
        Assert.Equal(plaintext, buffer);
    }

    [Theory]
    [MemberData(nameof(Ciphers))]
    public void CmacMatchesSp800_38BOverSingleBlocks(Implementation<SymmetricAlgorithm> implementation)
    {
        Random random = new(55);
        using BlockCipherAlgorithm cipher = Create(implementation);
        byte[] key = UnsafeDifferential.Bytes(random, 16);
        cipher.Key = key;
        byte[] E(byte[] block) => cipher.EncryptEcb(block, PaddingMode.None);

        // 6.1: L = E(0^64); K1 = L << 1 (xor Rb = 0x1B if the top bit of L is set), K2 = K1 << 1 the same way.
        byte[] k1 = Double(E(new byte[Block]));
        byte[] k2 = Double(k1);
        using Cmac cmac = cipher.CreateCmac(key);
        for (int length = 0; length <= (4 * Block) + 1; length++)
        {
            byte[] message = UnsafeDifferential.Bytes(random, length);

            // 6.2: the last block complete -> xor K1; else pad with 10* and xor K2; CBC-MAC with a zero IV.
            int blocks = Math.Max(1, (length + Block - 1) / Block);
            bool complete = length > 0 && length % Block == 0;
            byte[] last = new byte[Block];
            int lastLength = length - ((blocks - 1) * Block);
            Array.Copy(message, (blocks - 1) * Block, last, 0, lastLength);
            if (!complete)
            {
                last[lastLength] = 0x80;
            }

            byte[] chain = new byte[Block];
            for (int i = 0; i < blocks - 1; i++)
            {
                chain = E(Xor(message.AsSpan(i * Block, Block), chain));
            }

            byte[] expected = E(Xor(Xor(last, complete ? k1 : k2), chain));
            Assert.Equal(expected, cmac.ComputeHash(message));

            // Fed in two pieces: the same tag.
            int cut = random.Next(0, length + 1);
            cmac.TransformBlock(message, 0, cut, null, 0);
            cmac.TransformFinalBlock(message, cut, length - cut);
            Assert.Equal(expected, cmac.Hash);
        }
    }

    /// <summary>A new instance with a random key, and a random IV for it.</summary>
    private static SymmetricAlgorithm Keyed(Implementation<SymmetricAlgorithm> implementation, Random random, out byte[] iv)
    {
        SymmetricAlgorithm cipher = implementation.Create();
        cipher.Key = UnsafeDifferential.Bytes(random, 16);
        iv = UnsafeDifferential.Bytes(random, Block);
        return cipher;
    }

    private static BlockCipherAlgorithm Create(Implementation<SymmetricAlgorithm> implementation) => (BlockCipherAlgorithm)implementation.Create();

    private static byte[] Double(byte[] value)
    {
        byte[] result = new byte[value.Length];
        for (int i = 0; i < value.Length; i++)
        {
            result[i] = (byte)((value[i] << 1) | (i + 1 < value.Length ? value[i + 1] >> 7 : 0));
        }

        if ((value[0] & 0x80) != 0)
        {
            result[value.Length - 1] ^= 0x1B;
        }

        return result;
    }

    private static byte[] Xor(ReadOnlySpan<byte> a, ReadOnlySpan<byte> b)
    {
        byte[] result = new byte[a.Length];
        for (int i = 0; i < a.Length; i++)
        {
            result[i] = (byte)(a[i] ^ b[i]);
        }

        return result;
    }
}

using System;
using System.IO;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.Tests.Infrastructure;
using static Panicode.Crypto.Tests.BlockCiphers.CipherTest;

namespace Panicode.Crypto.Tests.BlockCiphers;

/// <summary>
/// How the ICryptoTransforms behave, for every block size, mode and padding: CryptoStream with any
/// chunking, holding back the last block when decrypting with padding, reuse after
/// TransformFinalBlock, in-place transforms, and a 101-block batch against 101 single blocks.
/// The reference result is one TransformFinalBlock call on a fresh transform (which the vector
/// and differential suites tie to the standards and to the built-in Aes).
/// </summary>
public class TransformBehaviourTests
{
    private static readonly int[] s_lengths = { 0, 1, 15, 16, 17, 31, 33, 100, 1000, 4099 };

    // 0 = everything in one Write/Read call.
    private static readonly int[] s_chunkings = { 1, 3, 7, 13, 31, 33, 4096, 0 };

    [Theory]
    [MemberData(nameof(Implementations.BlockCipherData), MemberType = typeof(Implementations))]
    public void CryptoStreamWithAnyChunking(Implementation<SymmetricAlgorithm> implementation)
    {
        Random random = new(7);
        foreach (CipherCase c in CipherCase.All(implementation))
        {
            using SymmetricAlgorithm algorithm = c.Configure(implementation.Create(), Bytes(random, 32), Bytes(random, c.BlockBytes));
            foreach (int length in s_lengths.Where(c.Accepts))
            {
                byte[] message = Bytes(random, length);
                byte[] ciphertext = Final(algorithm.CreateEncryptor(), message);
                byte[] decrypted = Final(algorithm.CreateDecryptor(), ciphertext);
                void CheckEncrypted(byte[] produced, string what)
                {
                    if (c.Randomized)
                    {
                        // ISO10126 pads with random bytes: same length, and it must decrypt back.
                        Assert.True(produced.Length == ciphertext.Length, what + ": ciphertext length");
                        AssertBytes(decrypted, Final(algorithm.CreateDecryptor(), produced), what + ": round trip");
                    }
                    else
                    {
                        AssertBytes(ciphertext, produced, what);
                    }
                }

                foreach (int chunk in s_chunkings)
                {
                    string what = $"{c} length {length} chunk {chunk}";
                    CheckEncrypted(WriteThrough(algorithm.CreateEncryptor(), message, chunk), what + " encrypt (write)");
                    CheckEncrypted(ReadThrough(algorithm.CreateEncryptor(), message, chunk), what + " encrypt (read)");
                    AssertBytes(decrypted, WriteThrough(algorithm.CreateDecryptor(), ciphertext, chunk), what + " decrypt (write)");
                    AssertBytes(decrypted, ReadThrough(algorithm.CreateDecryptor(), ciphertext, chunk), what + " decrypt (read)");
                }
            }
        }
    }

    [Theory]
    [MemberData(nameof(Implementations.BlockCipherData), MemberType = typeof(Implementations))]
    public void DecryptorHoldsBackTheLastBlockOnlyWhenPaddingIsRemoved(Implementation<SymmetricAlgorithm> implementation)
    {
        Random random = new(11);
        foreach (CipherCase c in CipherCase.All(implementation).Where(c => c.Mode != CipherMode.CTS))
        {
            using SymmetricAlgorithm algorithm = c.Configure(implementation.Create(), Bytes(random, 16), Bytes(random, c.BlockBytes));
            int block = c.BlockBytes;
            byte[] message = Bytes(random, (3 * block) - 1);
            if (!c.Accepts(message.Length))
            {
                message = Bytes(random, 3 * block);
            }

            byte[] ciphertext = Final(algorithm.CreateEncryptor(), message);
            int whole = ciphertext.Length / block * block;
            using ICryptoTransform decryptor = algorithm.CreateDecryptor();
            byte[] output = new byte[ciphertext.Length + block];
            int written = decryptor.TransformBlock(ciphertext, 0, whole, output, 0);
            bool removesPadding = c.Padding is PaddingMode.PKCS7 or PaddingMode.ANSIX923 or PaddingMode.ISO10126;
            string what = $"{c}: TransformBlock of {whole} bytes wrote {written}";
            if (!removesPadding)
            {
                Assert.True(written == whole, what);
            }
            else if (c.UnitBytes == block)
            {
                Assert.True(written == whole - block, what + $" (the last block must be held back)");
            }
            else
            {
                // CFB with a segment smaller than a block: the padding sits in the last segment, so at
                // least that must be held back; the built-in Aes holds back a whole block.
                Assert.True(written < whole && written >= whole - block, what);
            }

            byte[] rest = decryptor.TransformFinalBlock(ciphertext, whole, ciphertext.Length - whole);
            byte[] all = output.Take(written).Concat(rest).ToArray();
            AssertBytes(Final(algorithm.CreateDecryptor(), ciphertext), all, c + ": TransformBlock + TransformFinalBlock");
        }
    }

    [Theory]
    [MemberData(nameof(Implementations.BlockCipherData), MemberType = typeof(Implementations))]
    public void TransformsAreReusableAfterTransformFinalBlock(Implementation<SymmetricAlgorithm> implementation)
    {
        Random random = new(17);
        foreach (CipherCase c in CipherCase.All(implementation).Where(c => !c.Randomized))
        {
            using SymmetricAlgorithm algorithm = c.Configure(implementation.Create(), Bytes(random, 24), Bytes(random, c.BlockBytes));
            using ICryptoTransform encryptor = algorithm.CreateEncryptor();
            using ICryptoTransform decryptor = algorithm.CreateDecryptor();
            Assert.True(encryptor.CanReuseTransform, c + ": CanReuseTransform");
            foreach (int length in new[] { 100, 3 * c.BlockBytes, 1 + c.BlockBytes }.Where(c.Accepts))
            {
                byte[] message = Bytes(random, length);
                byte[] fresh = Final(algorithm.CreateEncryptor(), message);
                for (int round = 0; round < 3; round++)
                {
                    // Leave a partial TransformBlock state behind before the final call, then reuse.
                    byte[] first = encryptor.TransformFinalBlock(message, 0, message.Length);
                    AssertBytes(fresh, first, $"{c} length {length} encrypt round {round}");
                    byte[] back = decryptor.TransformFinalBlock(first, 0, first.Length);
                    AssertBytes(Final(algorithm.CreateDecryptor(), fresh), back, $"{c} length {length} decrypt round {round}");
                }

                if (length >= 2 * c.BlockBytes && c.Mode != CipherMode.CTS)
                {
                    // A message split over TransformBlock + TransformFinalBlock, then the whole one again.
                    byte[] output = new byte[length + (2 * c.BlockBytes)];
                    int written = encryptor.TransformBlock(message, 0, c.BlockBytes, output, 0);
                    byte[] tail = encryptor.TransformFinalBlock(message, c.BlockBytes, length - c.BlockBytes);
                    AssertBytes(fresh, output.Take(written).Concat(tail).ToArray(), $"{c} length {length} split");
                    AssertBytes(fresh, encryptor.TransformFinalBlock(message, 0, length), $"{c} length {length} after split");
                }
            }
        }
    }

    [Theory]
    [MemberData(nameof(Implementations.BlockCipherData), MemberType = typeof(Implementations))]
    public void InPlaceTransformEqualsOutOfPlace(Implementation<SymmetricAlgorithm> implementation)
    {
        Random random = new(19);
        foreach (CipherCase c in CipherCase.All(implementation).Where(c => c.Padding == PaddingMode.None && c.Mode != CipherMode.CTS))
        {
            using SymmetricAlgorithm algorithm = c.Configure(implementation.Create(), Bytes(random, 32), Bytes(random, c.BlockBytes));
            byte[] message = Bytes(random, 7 * c.BlockBytes);
            byte[] expected = Final(algorithm.CreateEncryptor(), message);

            byte[] buffer = (byte[])message.Clone();
            using (ICryptoTransform encryptor = algorithm.CreateEncryptor())
            {
                Assert.Equal(buffer.Length, encryptor.TransformBlock(buffer, 0, buffer.Length, buffer, 0));
            }

            AssertBytes(expected, buffer, c + ": in-place TransformBlock encrypt");
            using (ICryptoTransform decryptor = algorithm.CreateDecryptor())
            {
                Assert.Equal(buffer.Length, decryptor.TransformBlock(buffer, 0, buffer.Length, buffer, 0));
            }

            AssertBytes(message, buffer, c + ": in-place TransformBlock decrypt");

            // Input and output one block apart in the same array, the output ahead of the input and behind it.
            foreach ((int inputOffset, int outputOffset) in new[] { (0, c.BlockBytes), (c.BlockBytes, 0) })
            {
                byte[] shifted = new byte[message.Length + c.BlockBytes];
                message.CopyTo(shifted, inputOffset);
                using (ICryptoTransform encryptor = algorithm.CreateEncryptor())
                {
                    Assert.Equal(message.Length, encryptor.TransformBlock(shifted, inputOffset, message.Length, shifted, outputOffset));
                }

                AssertBytes(expected, shifted.AsSpan(outputOffset, message.Length).ToArray(), $"{c}: overlapping TransformBlock encrypt {inputOffset}->{outputOffset}");
                using (ICryptoTransform decryptor = algorithm.CreateDecryptor())
                {
                    Assert.Equal(message.Length, decryptor.TransformBlock(shifted, outputOffset, message.Length, shifted, inputOffset));
                }

                AssertBytes(message, shifted.AsSpan(inputOffset, message.Length).ToArray(), $"{c}: overlapping TransformBlock decrypt {outputOffset}->{inputOffset}");
            }

            if (c.Mode is CipherMode.ECB or CipherMode.CBC or CipherMode.CFB)
            {
                byte[] iv = algorithm.IV;
                buffer = (byte[])message.Clone();
                int written = c.Mode switch
                {
                    CipherMode.ECB => algorithm.EncryptEcb(buffer, buffer, PaddingMode.None),
                    CipherMode.CBC => algorithm.EncryptCbc(buffer, iv, buffer, PaddingMode.None),
                    _ => algorithm.EncryptCfb(buffer, iv, buffer, PaddingMode.None, c.FeedbackSize),
                };
                Assert.Equal(message.Length, written);
                AssertBytes(expected, buffer, c + ": in-place one-shot encrypt");
                written = c.Mode switch
                {
                    CipherMode.ECB => algorithm.DecryptEcb(buffer, buffer, PaddingMode.None),
                    CipherMode.CBC => algorithm.DecryptCbc(buffer, iv, buffer, PaddingMode.None),
                    _ => algorithm.DecryptCfb(buffer, iv, buffer, PaddingMode.None, c.FeedbackSize),
                };
                Assert.Equal(message.Length, written);
                AssertBytes(message, buffer, c + ": in-place one-shot decrypt");
            }
        }
    }

    [Theory]
    [MemberData(nameof(Implementations.BlockCipherData), MemberType = typeof(Implementations))]
    public void BatchOf101BlocksEquals101SingleBlocks(Implementation<SymmetricAlgorithm> implementation)
    {
        Random random = new(23);
        foreach (CipherCase c in CipherCase.All(implementation).Where(c => c.Padding is PaddingMode.None or PaddingMode.PKCS7))
        {
            using SymmetricAlgorithm algorithm = c.Configure(implementation.Create(), Bytes(random, CipherCase.KeyBytes(implementation, 20)), Bytes(random, c.BlockBytes));
            int block = c.BlockBytes;
            byte[] message = Bytes(random, 101 * block);

            // A ciphertext of exactly 101 blocks: with padding, of a message one byte shorter.
            byte[] ciphertext = Final(algorithm.CreateEncryptor(), c.Padding == PaddingMode.None ? message : message.Take(message.Length - 1).ToArray());
            Assert.Equal(101 * block, ciphertext.Length);
            foreach (bool encrypt in new[] { true, false })
            {
                byte[] input = encrypt ? message : ciphertext;
                byte[] batched = Collect(encrypt ? algorithm.CreateEncryptor() : algorithm.CreateDecryptor(), input, 101 * block);
                byte[] single = Collect(encrypt ? algorithm.CreateEncryptor() : algorithm.CreateDecryptor(), input, block);
                byte[] expected = Final(encrypt ? algorithm.CreateEncryptor() : algorithm.CreateDecryptor(), input);
                if (!(encrypt && c.Randomized))
                {
                    AssertBytes(expected, batched, $"{c} {(encrypt ? "encrypt" : "decrypt")}: 101 blocks in one TransformBlock");
                    AssertBytes(expected, single, $"{c} {(encrypt ? "encrypt" : "decrypt")}: 101 TransformBlock calls of one block");
                }
            }
        }

        // TransformBlock over the 101 blocks in steps of `step` bytes, then TransformFinalBlock(empty).
        static byte[] Collect(ICryptoTransform transform, byte[] input, int step)
        {
            using (transform)
            {
                MemoryStream output = new();
                byte[] buffer = new byte[input.Length + 64];
                for (int position = 0; position < input.Length; position += step)
                {
                    int written = transform.TransformBlock(input, position, step, buffer, 0);
                    output.Write(buffer, 0, written);
                }

                byte[] last = transform.TransformFinalBlock(input, input.Length, 0);
                output.Write(last, 0, last.Length);
                return output.ToArray();
            }
        }
    }

    private static byte[] WriteThrough(ICryptoTransform transform, byte[] input, int chunk)
    {
        using MemoryStream output = new();
        using (CryptoStream stream = new(output, transform, CryptoStreamMode.Write, leaveOpen: true))
        {
            int step = chunk == 0 ? Math.Max(1, input.Length) : chunk;
            for (int position = 0; position < input.Length; position += step)
            {
                stream.Write(input, position, Math.Min(step, input.Length - position));
            }
        }

        return output.ToArray();
    }

    private static byte[] ReadThrough(ICryptoTransform transform, byte[] input, int chunk)
    {
        using MemoryStream source = new(input);
        using CryptoStream stream = new(source, transform, CryptoStreamMode.Read);
        using MemoryStream output = new();
        byte[] buffer = new byte[chunk == 0 ? input.Length + 64 : chunk];
        int read;
        while ((read = stream.Read(buffer, 0, buffer.Length)) > 0)
        {
            output.Write(buffer, 0, read);
        }

        return output.ToArray();
    }
}

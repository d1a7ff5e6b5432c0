using System;
using System.Collections.Generic;
using System.Security.Cryptography;
using Panicode.Crypto.Modes;

namespace Panicode.Crypto.Tests.Infrastructure;

/// <summary>
/// Reference-versus-candidate checks shared by the Unsafe suites of every block cipher: random inputs
/// through every mode and padding of the public API, and the core contract (a batch of blocks equals the
/// same blocks one call at a time, equals the Reference core, and decrypts in place; the fused CBC
/// encryption of both cores equals CBC spelled out over single-block calls).
/// </summary>
public static class UnsafeDifferential
{
    private static readonly PaddingMode[] s_paddings =
        { PaddingMode.None, PaddingMode.PKCS7, PaddingMode.Zeros, PaddingMode.ANSIX923, PaddingMode.ISO10126 };

    /// <summary>
    /// For every block size, key size, mode (ECB, CBC, CFB-8, CFB-n with a random n, OFB, CTS) and padding,
    /// encrypts and decrypts a random message with both and asserts they agree; returns the number of cases.
    /// </summary>
    public static int RunModesAndPaddings(
        Func<SymmetricAlgorithm> createReference, Func<SymmetricAlgorithm> createCandidate, int[] blockSizes, int[] keySizes, Random random)
    {
        int cases = 0;
        foreach (int blockSize in blockSizes)
        foreach (int keySize in keySizes)
        foreach ((CipherMode mode, int feedbackBytes) in Modes(blockSize, random))
        foreach (PaddingMode padding in s_paddings)
        {
            int unit = mode == CipherMode.CFB ? feedbackBytes : blockSize;
            // Mostly short messages (padding and tail paths), one in three long enough for every batch width of
            // the sliced Camellia core (64 blocks) and the AES-NI cores, and for the 512-byte in-place CBC chunks.
            int maxBlocks = random.Next(3) == 0 ? 140 : 5;
            int length = random.Next(0, (maxBlocks * blockSize) + 1);
            if (padding == PaddingMode.None || mode == CipherMode.CTS)
            {
                length -= length % unit;
            }

            if (mode == CipherMode.CTS)
            {
                length = Math.Max(length, blockSize) + random.Next(0, blockSize);
            }

            byte[] key = Bytes(random, keySize);
            byte[] iv = Bytes(random, blockSize);
            byte[] plaintext = Bytes(random, length);
            using SymmetricAlgorithm reference = Configure(createReference(), key, iv, blockSize, mode, feedbackBytes, padding);
            using SymmetricAlgorithm candidate = Configure(createCandidate(), key, iv, blockSize, mode, feedbackBytes, padding);
            string label = $"block {blockSize * 8}, key {keySize * 8}, {mode}-{feedbackBytes * 8}, {padding}, {length} bytes";

            byte[] expected = reference.CreateEncryptor().TransformFinalBlock(plaintext, 0, plaintext.Length);
            byte[] actual = candidate.CreateEncryptor().TransformFinalBlock(plaintext, 0, plaintext.Length);
            if (padding != PaddingMode.ISO10126 || mode == CipherMode.CTS)
            {
                Assert.True(expected.AsSpan().SequenceEqual(actual), "encrypt: " + label);
            }

            byte[] referencePlain = reference.CreateDecryptor().TransformFinalBlock(expected, 0, expected.Length);
            byte[] candidatePlain = candidate.CreateDecryptor().TransformFinalBlock(expected, 0, expected.Length);
            Assert.True(referencePlain.AsSpan().SequenceEqual(candidatePlain), "decrypt: " + label);
            byte[] roundTrip = reference.CreateDecryptor().TransformFinalBlock(actual, 0, actual.Length);
            Assert.True(roundTrip.AsSpan().SequenceEqual(referencePlain), "round trip: " + label);
            if (mode is CipherMode.CBC or CipherMode.ECB)
            {
                byte[] buffer = (byte[])expected.Clone();
                int written = mode == CipherMode.CBC
                    ? candidate.DecryptCbc(buffer, iv, buffer, padding)
                    : candidate.DecryptEcb(buffer, buffer, padding);
                Assert.True(referencePlain.AsSpan().SequenceEqual(buffer.AsSpan(0, written)), "one-shot decrypt in place: " + label);
            }

            cases++;
        }

        return cases;
    }

    /// <summary>
    /// The edges of the core contract: a CBC encryption of no blocks leaves the chain as it was, and after Dispose
    /// every entry point throws <see cref="ObjectDisposedException"/> — also for a core that builds state lazily at
    /// its first batch (<paramref name="usedBeforeDispose"/>), which must not rebuild it from a cleared schedule.
    /// </summary>
    internal static void EdgesOfTheContract(BlockCipher cipher, bool usedBeforeDispose, Random random, string label)
    {
        int bs = cipher.BlockSize;
        byte[] chain = Bytes(random, bs);
        byte[] before = (byte[])chain.Clone();
        Cbc.Encrypt(cipher, chain, ReadOnlySpan<byte>.Empty, Span<byte>.Empty);
        Assert.True(before.AsSpan().SequenceEqual(chain), "a CBC encryption of no blocks changed the chain: " + label);

        byte[] data = Bytes(random, 64 * bs);
        byte[] output = new byte[data.Length];
        if (usedBeforeDispose)
        {
            cipher.Encrypt(data, output);
            cipher.Decrypt(data, output);
        }

        cipher.Dispose();
        Assert.Throws<ObjectDisposedException>(() => cipher.Encrypt(data, output));
        Assert.Throws<ObjectDisposedException>(() => cipher.Decrypt(data, output));
        Assert.Throws<ObjectDisposedException>(() => Cbc.Encrypt(cipher, new byte[bs], data, output));
        Assert.Throws<ObjectDisposedException>(() => cipher.EncryptBlock(data.AsSpan(0, bs), output.AsSpan(0, bs)));
    }

    /// <summary>
    /// 101 random blocks: one batch call, 101 single calls and the Reference core agree; decryption in place; CBC
    /// encryption through the fused hook of both cores equals the definition (<see cref="CbcHookEqualsDefinition"/>).
    /// </summary>
    internal static void BatchEqualsSinglesAndReference(BlockCipher reference, BlockCipher candidate, Random random, string label)
    {
        int blockSize = candidate.BlockSize;
        byte[] plaintext = Bytes(random, 101 * blockSize);
        byte[] expected = new byte[plaintext.Length];
        reference.Encrypt(plaintext, expected);
        byte[] batch = new byte[plaintext.Length];
        candidate.Encrypt(plaintext, batch);
        byte[] single = new byte[plaintext.Length];
        for (int offset = 0; offset < plaintext.Length; offset += blockSize)
        {
            candidate.Encrypt(plaintext.AsSpan(offset, blockSize), single.AsSpan(offset, blockSize));
        }

        Assert.True(expected.AsSpan().SequenceEqual(batch), "encrypt batch: " + label);
        Assert.True(expected.AsSpan().SequenceEqual(single), "encrypt single: " + label);

        byte[] inPlace = (byte[])expected.Clone();
        candidate.Decrypt(inPlace, inPlace);
        Assert.True(plaintext.AsSpan().SequenceEqual(inPlace), "decrypt batch in place: " + label);
        inPlace = (byte[])expected.Clone();
        for (int offset = 0; offset < plaintext.Length; offset += blockSize)
        {
            Span<byte> block = inPlace.AsSpan(offset, blockSize);
            candidate.Decrypt(block, block);
        }

        Assert.True(plaintext.AsSpan().SequenceEqual(inPlace), "decrypt single in place: " + label);

        byte[] iv = Bytes(random, blockSize);
        byte[] cbc = CbcByDefinition(reference, iv, plaintext);
        CbcHookEqualsDefinition(reference, iv, plaintext, cbc, "reference, " + label);
        CbcHookEqualsDefinition(candidate, iv, plaintext, cbc, label);
    }

    /// <summary>
    /// CBC encryption through <see cref="Cbc.Encrypt"/> (the core's own loop where it declares <see cref="ICbcEncryptor"/>) against <paramref name="expected"/>: out of
    /// place in one call, in place in one call, and in two calls split at an odd block (the chain carries over);
    /// each time the chain must end as the last ciphertext block. Then decryption through <see cref="Cbc.Decrypt"/>
    /// (<see cref="ICbcDecryptor"/> where declared) the same ways.
    /// </summary>
    internal static void CbcHookEqualsDefinition(BlockCipher cipher, byte[] iv, byte[] plaintext, byte[] expected, string label)
    {
        int blockSize = cipher.BlockSize;
        byte[] lastBlock = expected.AsSpan(expected.Length - blockSize).ToArray();

        byte[] chain = (byte[])iv.Clone();
        byte[] output = new byte[plaintext.Length];
        Cbc.Encrypt(cipher, chain, plaintext, output);
        Assert.True(expected.AsSpan().SequenceEqual(output), "CBC out of place: " + label);
        Assert.True(lastBlock.AsSpan().SequenceEqual(chain), "CBC chain out of place: " + label);

        chain = (byte[])iv.Clone();
        byte[] inPlace = (byte[])plaintext.Clone();
        Cbc.Encrypt(cipher, chain, inPlace, inPlace);
        Assert.True(expected.AsSpan().SequenceEqual(inPlace), "CBC in place: " + label);
        Assert.True(lastBlock.AsSpan().SequenceEqual(chain), "CBC chain in place: " + label);

        chain = (byte[])iv.Clone();
        output = new byte[plaintext.Length];
        int split = 37 * blockSize;
        Cbc.Encrypt(cipher, chain, plaintext.AsSpan(0, split), output);
        Assert.True(expected.AsSpan(split - blockSize, blockSize).SequenceEqual(chain), "CBC chain after the first part: " + label);
        Cbc.Encrypt(cipher, chain, plaintext.AsSpan(split), output.AsSpan(split));
        Assert.True(expected.AsSpan().SequenceEqual(output), "CBC in two parts: " + label);
        Assert.True(lastBlock.AsSpan().SequenceEqual(chain), "CBC chain after two parts: " + label);

        // Decryption through Cbc.Decrypt (the core's own loop where it declares ICbcDecryptor), the same three ways.
        chain = (byte[])iv.Clone();
        output = new byte[plaintext.Length];
        Cbc.Decrypt(cipher, chain, expected, output);
        Assert.True(plaintext.AsSpan().SequenceEqual(output), "CBC decryption out of place: " + label);
        Assert.True(lastBlock.AsSpan().SequenceEqual(chain), "CBC decryption chain out of place: " + label);

        chain = (byte[])iv.Clone();
        inPlace = (byte[])expected.Clone();
        Cbc.Decrypt(cipher, chain, inPlace, inPlace);
        Assert.True(plaintext.AsSpan().SequenceEqual(inPlace), "CBC decryption in place: " + label);
        Assert.True(lastBlock.AsSpan().SequenceEqual(chain), "CBC decryption chain in place: " + label);

        chain = (byte[])iv.Clone();
        inPlace = (byte[])expected.Clone();
        Cbc.Decrypt(cipher, chain, inPlace.AsSpan(0, split), inPlace);
        Assert.True(expected.AsSpan(split - blockSize, blockSize).SequenceEqual(chain), "CBC decryption chain after the first part: " + label);
        Cbc.Decrypt(cipher, chain, inPlace.AsSpan(split), inPlace.AsSpan(split));
        Assert.True(plaintext.AsSpan().SequenceEqual(inPlace), "CBC decryption in place in two parts: " + label);
    }

    // SP 800-38A §6.2 spelled out: C[i] = E(P[i] XOR C[i-1]), C[0] = E(P[0] XOR IV), one single-block call each.
    private static byte[] CbcByDefinition(BlockCipher cipher, byte[] iv, byte[] plaintext)
    {
        int blockSize = cipher.BlockSize;
        byte[] ciphertext = new byte[plaintext.Length];
        byte[] block = new byte[blockSize];
        byte[] previous = (byte[])iv.Clone();
        for (int offset = 0; offset < plaintext.Length; offset += blockSize)
        {
            for (int i = 0; i < blockSize; i++)
            {
                block[i] = (byte)(plaintext[offset + i] ^ previous[i]);
            }

            cipher.Encrypt(block, previous);
            previous.CopyTo(ciphertext, offset);
        }

        return ciphertext;
    }

    /// <summary>
    /// Calls of each block count (around a core's batch sizes: whole batches, batch plus remainder, partial
    /// batches) against the Reference core, out of place and in place, in both directions.
    /// </summary>
    internal static void LengthsMatchReference(BlockCipher reference, BlockCipher candidate, Random random, int[] blockCounts, string label)
    {
        int blockSize = candidate.BlockSize;
        foreach (int blocks in blockCounts)
        {
            byte[] plaintext = Bytes(random, blocks * blockSize);
            byte[] expected = new byte[plaintext.Length];
            reference.Encrypt(plaintext, expected);
            byte[] actual = new byte[plaintext.Length];
            candidate.Encrypt(plaintext, actual);
            Assert.True(expected.AsSpan().SequenceEqual(actual), $"encrypt {blocks} blocks: {label}");
            byte[] inPlace = (byte[])plaintext.Clone();
            candidate.Encrypt(inPlace, inPlace);
            Assert.True(expected.AsSpan().SequenceEqual(inPlace), $"encrypt {blocks} blocks in place: {label}");
            candidate.Decrypt(expected, actual);
            Assert.True(plaintext.AsSpan().SequenceEqual(actual), $"decrypt {blocks} blocks: {label}");
            candidate.Decrypt(inPlace, inPlace);
            Assert.True(plaintext.AsSpan().SequenceEqual(inPlace), $"decrypt {blocks} blocks in place: {label}");

            // CBC decryption (a core's fused loop batches like its ECB one), against the Reference core, in place.
            byte[] iv = Bytes(random, blockSize);
            byte[] cbc = new byte[plaintext.Length];
            Cbc.Encrypt(reference, (byte[])iv.Clone(), plaintext, cbc);
            Cbc.Decrypt(candidate, (byte[])iv.Clone(), cbc, cbc);
            Assert.True(plaintext.AsSpan().SequenceEqual(cbc), $"CBC-decrypt {blocks} blocks in place: {label}");
        }
    }

    /// <summary>
    /// CTR through the mode layer (<see cref="Ctr.Transform"/>: the core's own CTR loop or its batches with the counter
    /// blocks as input, where it has them) against CTR spelled out over single-block calls of the Reference core, at
    /// every length from 0 to 300 bytes and around every batch width (batch - 1, batch, batch + 1 and 2 batch + 1 blocks
    /// for batches of 4 to 64 blocks, whole and with a partial last block), out of place and in place; the counter
    /// widths of the public CTR (the whole block), GCM (4 bytes), CCM (2 to 8) rotate, every third counter a few blocks
    /// before its field wraps. The counter left behind is checked too. Returns the number of cases.
    /// </summary>
    internal static int CtrMatchesSingleBlocks(BlockCipher reference, BlockCipher candidate, Random random, string label)
    {
        int bs = candidate.BlockSize;
        int[] widths = { bs, 4, 2, 8 };
        int cases = 0;
        foreach (int length in CtrLengths(bs))
        {
            int counterBytes = widths[cases % widths.Length];
            byte[] start = Bytes(random, bs);
            if (cases % 3 == 0)
            {
                for (int i = bs - Math.Min(counterBytes, 8); i < bs; i++)
                {
                    start[i] = 0xFF;
                }

                start[bs - 1] = (byte)(0xFF - (cases % 7));
            }

            byte[] plaintext = Bytes(random, length);
            byte[] expected = new byte[length];
            byte[] expectedCounter = (byte[])start.Clone();
            byte[] block = new byte[bs];
            for (int offset = 0; offset < length; offset += bs)
            {
                reference.Encrypt(expectedCounter, block);
                Ctr.Increment(expectedCounter, counterBytes);
                for (int i = 0; i < bs && offset + i < length; i++)
                {
                    expected[offset + i] = (byte)(plaintext[offset + i] ^ block[i]);
                }
            }

            byte[] counter = (byte[])start.Clone();
            byte[] actual = new byte[length];
            Ctr.Transform(candidate, counter, counterBytes, plaintext, actual);
            string what = $"CTR, {length} bytes, {counterBytes}-byte counter: {label}";
            Assert.True(expected.AsSpan().SequenceEqual(actual), what + ", out of place");
            Assert.True(expectedCounter.AsSpan().SequenceEqual(counter), what + ", counter after");
            counter = (byte[])start.Clone();
            byte[] inPlace = (byte[])plaintext.Clone();
            Ctr.Transform(candidate, counter, counterBytes, inPlace, inPlace);
            Assert.True(expected.AsSpan().SequenceEqual(inPlace), what + ", in place");
            Assert.True(expectedCounter.AsSpan().SequenceEqual(counter), what + ", counter after in place");
            cases++;
        }

        return cases;
    }

    /// <summary>The message lengths of <see cref="CtrMatchesSingleBlocks"/> for a block of <paramref name="bs"/> bytes.</summary>
    internal static SortedSet<int> CtrLengths(int bs)
    {
        SortedSet<int> lengths = new();
        for (int length = 0; length <= 300; length++)
        {
            lengths.Add(length);
        }

        foreach (int batch in new[] { 4, 8, 16, 32, 64 })
        {
            foreach (int blocks in new[] { batch - 1, batch, batch + 1, (2 * batch) + 1 })
            {
                lengths.Add(blocks * bs);
                lengths.Add((blocks * bs) + (bs / 2));
            }
        }

        return lengths;
    }

    public static SymmetricAlgorithm Configure(
        SymmetricAlgorithm algorithm, byte[] key, byte[] iv, int blockSize, CipherMode mode, int feedbackBytes, PaddingMode padding)
    {
        algorithm.BlockSize = blockSize * 8;
        algorithm.Key = key;
        algorithm.IV = iv;
        algorithm.Mode = mode;
        algorithm.FeedbackSize = feedbackBytes * 8;
        algorithm.Padding = padding;
        return algorithm;
    }

    public static byte[] Bytes(Random random, int count)
    {
        byte[] bytes = new byte[count];
        random.NextBytes(bytes);
        return bytes;
    }

    private static IEnumerable<(CipherMode Mode, int FeedbackBytes)> Modes(int blockSize, Random random)
    {
        yield return (CipherMode.ECB, blockSize);
        yield return (CipherMode.CBC, blockSize);
        yield return (CipherMode.CFB, 1);
        yield return (CipherMode.CFB, random.Next(2, blockSize + 1));
        yield return (CipherMode.OFB, blockSize);
        yield return (CipherMode.CTS, blockSize);
    }

    /// <summary>
    /// Keys a Reference core and a candidate core alike, once per key size, and runs <paramref name="check"/> on them
    /// (for the batch, length and contract checks above).
    /// </summary>
    internal static void ForEveryKeySize(
        int[] keySizes, Random random, Func<byte[], BlockCipher> reference, Func<byte[], BlockCipher> candidate, string label, Action<BlockCipher, BlockCipher, Random, string> check)
    {
        foreach (int keySize in keySizes)
        {
            byte[] key = Bytes(random, keySize);
            using BlockCipher referenceCore = reference(key);
            using BlockCipher candidateCore = candidate(key);
            check(referenceCore, candidateCore, random, $"{label}, key {keySize * 8}");
        }
    }

    /// <summary>
    /// Asserts that two key schedules agree on <paramref name="perKeySize"/> random keys of each size; returns how many
    /// keys were compared.
    /// </summary>
    internal static int CompareKeySchedules<T>(int[] keySizes, int perKeySize, Random random, Func<byte[], T[]> expected, Func<byte[], T[]> actual)
        where T : IEquatable<T>
    {
        int compared = 0;
        foreach (int keySize in keySizes)
        {
            for (int i = 0; i < perKeySize; i++)
            {
                byte[] key = Bytes(random, keySize);
                Assert.True(expected(key).AsSpan().SequenceEqual(actual(key)), Convert.ToHexString(key));
                compared++;
            }
        }

        return compared;
    }
}

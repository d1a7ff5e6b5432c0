using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;
using System.Runtime.Intrinsics.X86;
using Panicode.Crypto.Tests.Infrastructure;

namespace Panicode.Crypto.Tests.Aead;

/// <summary>
/// The stitched GCM loops (CTR and GHASH in one pass: AES-NI with 128-, 256- or 512-bit carry-less multiplies, the
/// GFNI Camellia and CLEFIA cores) against the Reference flavour of the same cipher, and AES also against the built-in
/// AesGcm: every length from 0 to 300 bytes and the lengths around each batch width (8, 16, 32 and 64 blocks and their
/// multiples), in place and out of place, decryption back to the plaintext, and a wrong tag leaving zeros in the
/// output. CI runs this class again with DOTNET_EnableAVX512=0, DOTNET_EnableAVX2=0 and DOTNET_EnableHWIntrinsic=0, so
/// the 512-, 256- and 128-bit multiplies and the portable path each run on a machine that has them all.
/// </summary>
public sealed class StitchedAeadTests
{
    public static TheoryData<Implementation<SymmetricAlgorithm>> Ciphers128 => Implementations.BlockCipher128Data;

    /// <summary>0..300, then a block either side of every batch boundary up to 4 x 64 blocks, and a few bytes over.</summary>
    internal static int[] Lengths()
    {
        SortedSet<int> lengths = new(Enumerable.Range(0, 301));
        foreach (int width in new[] { 8, 16, 32, 64 })
        {
            for (int batches = 1; batches <= 4; batches++)
            {
                int bytes = 16 * width * batches;
                foreach (int delta in new[] { -17, -16, -15, -1, 0, 1, 15, 16, 17 })
                {
                    lengths.Add(bytes + delta);
                }
            }
        }

        lengths.Add(16 * 1024 + 5);
        return lengths.ToArray();
    }

    [Theory]
    [MemberData(nameof(Ciphers128))]
    public void GcmMatchesReferenceAtEveryLengthInAndOutOfPlace(Implementation<SymmetricAlgorithm> implementation)
    {
        Random random = new(29);
        using BlockCipherAlgorithm cipher = (BlockCipherAlgorithm)implementation.Create();
        using BlockCipherAlgorithm reference = (BlockCipherAlgorithm)Implementations.Find<SymmetricAlgorithm>(implementation.Family, "Reference").Create();
        bool aes = implementation.Family == "Rijndael";
        // Every legal key size (Rijndael's 160- and 224-bit keys give the 11 and 13 rounds AES does not have).
        int[] keySizes = cipher.LegalKeySizes
            .SelectMany(k => k.SkipSize == 0 ? new[] { k.MinSize } : Enumerable.Range(0, (k.MaxSize - k.MinSize) / k.SkipSize + 1).Select(j => k.MinSize + j * k.SkipSize))
            .Distinct().Select(b => b / 8).ToArray();
        int[] lengths = Lengths();
        int cases = 0;
        for (int i = 0; i < lengths.Length; i++)
        {
            int length = lengths[i];
            byte[] key = Bytes(random, keySizes[i % keySizes.Length]);
            byte[] nonce = Bytes(random, i % 5 == 4 ? 1 + random.Next(0, 40) : 12);
            byte[] aad = Bytes(random, i % 3 == 0 ? 0 : random.Next(0, 70));
            byte[] pt = Bytes(random, length);
            byte[] expectedCt = new byte[length], expectedTag = new byte[16];
            using (Gcm gcm = reference.CreateGcm(key))
            {
                gcm.Encrypt(nonce, pt, expectedCt, expectedTag, aad);
            }

            if (aes && nonce.Length == 12 && key.Length is 16 or 24 or 32)
            {
                using AesGcm bcl = new(key, 16);
                byte[] bclCt = new byte[length], bclTag = new byte[16];
                bcl.Encrypt(nonce, pt, bclCt, bclTag, aad);
                Assert.Equal(bclCt, expectedCt);
                Assert.Equal(bclTag, expectedTag);
            }

            using (Gcm gcm = cipher.CreateGcm(key))
            {
                CheckBothLayouts(gcm, nonce, aad, pt, expectedCt, expectedTag, length);
            }

            cases++;
        }

        Assert.Equal(lengths.Length, cases);
        Assert.True(cases > 350, $"{cases} lengths");
    }

    [Theory]
    [MemberData(nameof(Ciphers128))]
    public void CcmMatchesReferenceAtEveryLengthInAndOutOfPlace(Implementation<SymmetricAlgorithm> implementation)
    {
        Random random = new(2929);
        using BlockCipherAlgorithm cipher = (BlockCipherAlgorithm)implementation.Create();
        using BlockCipherAlgorithm reference = (BlockCipherAlgorithm)Implementations.Find<SymmetricAlgorithm>(implementation.Family, "Reference").Create();
        int[] lengths = Lengths();
        int cases = 0;
        foreach (int length in lengths)
        {
            byte[] key = Bytes(random, 16), nonce = Bytes(random, 7 + length % 7), aad = Bytes(random, length % 3 == 0 ? 0 : random.Next(0, 70)), pt = Bytes(random, length);
            int tagSize = 4 + 2 * (length % 7);
            byte[] expectedCt = new byte[length], expectedTag = new byte[tagSize];
            using (Ccm ccm = reference.CreateCcm(key))
            {
                ccm.Encrypt(nonce, pt, expectedCt, expectedTag, aad);
            }

            using (Ccm ccm = cipher.CreateCcm(key))
            {
                byte[] ct = new byte[length], tag = new byte[tagSize];
                ccm.Encrypt(nonce, pt, ct, tag, aad);
                Assert.True(expectedCt.AsSpan().SequenceEqual(ct) && expectedTag.AsSpan().SequenceEqual(tag), $"CCM, {length} bytes, out of place");
                byte[] buffer = (byte[])pt.Clone();
                ccm.Encrypt(nonce, buffer, buffer, tag, aad);
                Assert.True(expectedCt.AsSpan().SequenceEqual(buffer) && expectedTag.AsSpan().SequenceEqual(tag), $"CCM, {length} bytes, in place");
                ccm.Decrypt(nonce, buffer, tag, buffer, aad);
                Assert.True(pt.AsSpan().SequenceEqual(buffer), $"CCM decryption, {length} bytes, in place");
                byte[] back = new byte[length];
                ccm.Decrypt(nonce, ct, tag, back, aad);
                Assert.True(pt.AsSpan().SequenceEqual(back), $"CCM decryption, {length} bytes, out of place");
                tag[length % tagSize] ^= 2;
                byte[] output = Enumerable.Repeat((byte)0xA5, length).ToArray();
                Assert.ThrowsAny<CryptographicException>(() => ccm.Decrypt(nonce, ct, tag, output, aad));
                Assert.True(output.All(b => b == 0), $"CCM output cleared, {length} bytes");
            }

            cases++;
        }

        Assert.Equal(lengths.Length, cases);
    }

    /// <summary>
    /// CTR with every counter width from 1 to 16 bytes, started a few blocks before the counter field wraps (and, for the
    /// wider fields, before the low 64-bit word carries into the high one), across the batch boundaries: the one-shot
    /// and the streaming transform against the Reference flavour.
    /// </summary>
    [Theory]
    [MemberData(nameof(Ciphers128))]
    public void CtrMatchesReferenceAcrossEveryCounterWrap(Implementation<SymmetricAlgorithm> implementation)
    {
        Random random = new(2930);
        using BlockCipherAlgorithm cipher = (BlockCipherAlgorithm)implementation.Create();
        using BlockCipherAlgorithm reference = (BlockCipherAlgorithm)Implementations.Find<SymmetricAlgorithm>(implementation.Family, "Reference").Create();
        byte[] key = Bytes(random, 16);
        cipher.Key = key;
        reference.Key = key;
        int cases = 0;
        for (int counterBytes = 1; counterBytes <= 16; counterBytes++)
        {
            foreach (int before in new[] { 0, 1, 3, 7, 8, 9, 17 })
            {
                foreach (int length in new[] { 16, 100, 128, 129, 256, 300, 1040 })
                {
                    byte[] counter = Bytes(random, 16);

                    // The counter field's value is 2^(8 counterBytes) - 1 - before (fields of more than 8 bytes: the low
                    // word so, the rest random), so the wrap falls inside the message.
                    for (int i = 16 - Math.Min(counterBytes, 8); i < 16; i++)
                    {
                        counter[i] = 0xFF;
                    }

                    counter[15] = (byte)(0xFF - before);
                    byte[] pt = Bytes(random, length);
                    byte[] expected = new byte[length], actual = new byte[length];
                    using (ICryptoTransform t = reference.CreateCtrTransform(key, counter, counterBytes))
                    {
                        expected = t.TransformFinalBlock(pt, 0, length);
                    }

                    using (ICryptoTransform t = cipher.CreateCtrTransform(key, counter, counterBytes))
                    {
                        int half = length / 32 * 16;
                        t.TransformBlock(pt, 0, half, actual, 0);
                        t.TransformFinalBlock(pt, half, length - half).CopyTo(actual, half);
                    }

                    Assert.True(expected.AsSpan().SequenceEqual(actual), $"CTR, {counterBytes}-byte counter, {before} before the wrap, {length} bytes");
                    if (counterBytes == 16)
                    {
                        byte[] buffer = (byte[])pt.Clone();
                        cipher.EncryptCtr(buffer, counter, buffer);
                        Assert.True(expected.AsSpan().SequenceEqual(buffer), $"one-shot CTR in place, {before} before the wrap, {length} bytes");
                    }

                    cases++;
                }
            }
        }

        Assert.Equal(16 * 7 * 7, cases);
    }

    /// <summary>
    /// The Unsafe AES flavour takes the stitched loop wherever the CPU has AES-NI and PCLMULQDQ (or ARMv8 AES and PMULL:
    /// 128 bits), at the widest multiply the process may use; the CI legs with instruction sets switched off see the
    /// narrower widths here.
    /// </summary>
    [Fact]
    public void UnsafeAesGcmTakesTheWidestStitchedLoop()
    {
        using BlockCipherAlgorithm aes = (BlockCipherAlgorithm)Implementations.Find<SymmetricAlgorithm>("Rijndael", "Unsafe").Create();
        using Gcm gcm = aes.CreateGcm(new byte[16]);
        bool intrinsics = Environment.GetEnvironmentVariable("PANICODE_FORCE_PORTABLE") != "1";
        if (!intrinsics || !Unsafe.Aead.StitchedAesGcm.IsSupported)
        {
            Assert.Null(gcm.Bulk);
            return;
        }

        Unsafe.Aead.StitchedAesGcm bulk = Assert.IsType<Unsafe.Aead.StitchedAesGcm>(gcm.Bulk);
        Assert.Equal(Unsafe.Aead.StitchedAesGcm.PreferredWidth, bulk.Width);
        Assert.Equal(Pclmulqdq.V256.IsSupported && Avx2.IsSupported, bulk.Width >= 256);
        Assert.True(bulk.Width < 512 || (Pclmulqdq.V512.IsSupported && Avx512BW.IsSupported));
    }

    /// <summary>The widths the process can run, each forced (the default width is only one of them on a given CPU).</summary>
    public static TheoryData<int> Widths()
    {
        TheoryData<int> widths = new() { 128 };
        if (Unsafe.Aead.Clmul256.IsSupported)
        {
            widths.Add(256);
        }

        if (Unsafe.Aead.Clmul512.IsSupported)
        {
            widths.Add(512);
        }

        return widths;
    }

    [Theory]
    [MemberData(nameof(Widths))]
    public void EachStitchedWidthMatchesTheBuiltIn(int width)
    {
        if (!Unsafe.Aead.StitchedAesGcm.IsSupported)
        {
            Assert.Skip("No AES-NI and PCLMULQDQ, or ARMv8 AES and PMULL, in this process.");
        }

        Random random = new(width);
        int[] lengths = Lengths();
        foreach (int length in lengths)
        {
            byte[] key = Bytes(random, 16 + 8 * (length % 3)), nonce = Bytes(random, 12), aad = Bytes(random, length % 40), pt = Bytes(random, length);
            byte[] expectedCt = new byte[length], expectedTag = new byte[16];
            using (AesGcm bcl = new(key, 16))
            {
                bcl.Encrypt(nonce, pt, expectedCt, expectedTag, aad);
            }

            using Gcm gcm = StitchedAes(key, width);
            Assert.Equal(width, Assert.IsType<Unsafe.Aead.StitchedAesGcm>(gcm.Bulk).Width);
            CheckBothLayouts(gcm, nonce, aad, pt, expectedCt, expectedTag, length);
        }
    }

    /// <summary>The chunked loop of the other ciphers (here over the Unsafe Camellia core) at each width, against Reference Camellia-GCM.</summary>
    [Theory]
    [MemberData(nameof(Widths))]
    public void EachChunkedWidthMatchesReference(int width)
    {
        if (!Unsafe.Aead.ClmulGcm.IsSupported)
        {
            Assert.Skip("No PCLMULQDQ in this process.");
        }

        Random random = new(width + 1);
        using CamelliaCipher reference = CamelliaCipher.Create();
        foreach (int length in Lengths())
        {
            byte[] key = Bytes(random, 16 + 8 * (length % 3)), nonce = Bytes(random, 12), aad = Bytes(random, length % 40), pt = Bytes(random, length);
            byte[] expectedCt = new byte[length], expectedTag = new byte[16];
            using (Gcm gcm = reference.CreateGcm(key))
            {
                gcm.Encrypt(nonce, pt, expectedCt, expectedTag, aad);
            }

            Panicode.Crypto.Modes.BlockCipher core = Unsafe.BlockCiphers.Camellia.UnsafeCamellia.CreateCore(key, allowIntrinsics: true);
            byte[] h = new byte[16];
            core.Encrypt(h, h);
            Unsafe.Aead.GHashClmul ghash = new(h);
            using Gcm chunked = new(core, ghash, new Unsafe.Aead.ClmulGcm(core, ghash, width), 16);
            Assert.Equal(width, Assert.IsType<Unsafe.Aead.ClmulGcm>(chunked.Bulk).Width);
            CheckBothLayouts(chunked, nonce, aad, pt, expectedCt, expectedTag, length);
        }
    }

    /// <summary>
    /// GCM's 32-bit counter (inc32, SP 800-38D §6.2) wrapping at every position of an eight-block batch and of the
    /// tail: the stitched loop (AES-NI or ARMv8 AES) sealing and opening 8 to 25 blocks from a counter 0 to 9 blocks
    /// before 2^32, in place and out of place, against CTR block by block through the same core (the fixed 12 bytes
    /// unchanged across the wrap) and <see cref="Unsafe.Aead.GHashClmul"/>'s own hash of the ciphertext.
    /// </summary>
    [Fact]
    public void StitchedGcmWrapsItsCounterInsideABatch()
    {
        if (!Unsafe.Aead.StitchedAesGcm.IsSupported)
        {
            Assert.Skip("No AES-NI and PCLMULQDQ, or ARMv8 AES and PMULL, in this process.");
        }

        Random random = new(3232);
        int cases = 0;
        for (int before = 0; before <= 9; before++)
        {
            for (int blocks = 8; blocks <= 25; blocks++)
            {
                byte[] key = Bytes(random, 16 + 8 * (blocks % 3)), pt = Bytes(random, 16 * blocks), counter = Bytes(random, 16);
                System.Buffers.Binary.BinaryPrimitives.WriteUInt32BigEndian(counter.AsSpan(12), uint.MaxValue - (uint)before);
                using Panicode.Crypto.Modes.BlockCipher core = StitchedCore(key);
                byte[] h = new byte[16];
                core.Encrypt(h, h);
                using Unsafe.Aead.GHashClmul ghash = new(h);
                Unsafe.Aead.StitchedAesGcm stitched = new((Unsafe.BlockCiphers.Rijndael.AesCore)core, ghash);

                // Expected: CTR one block at a time, then the hash of the ciphertext.
                byte[] expectedCt = new byte[pt.Length], block = new byte[16], expectedCounter = (byte[])counter.Clone();
                for (int i = 0; i < blocks; i++)
                {
                    core.Encrypt(expectedCounter, block);
                    for (int j = 0; j < 16; j++)
                    {
                        expectedCt[16 * i + j] = (byte)(pt[16 * i + j] ^ block[j]);
                    }

                    uint next = System.Buffers.Binary.BinaryPrimitives.ReadUInt32BigEndian(expectedCounter.AsSpan(12)) + 1;
                    System.Buffers.Binary.BinaryPrimitives.WriteUInt32BigEndian(expectedCounter.AsSpan(12), next);
                }

                Assert.Equal(counter.AsSpan(0, 12).ToArray(), expectedCounter.AsSpan(0, 12).ToArray());
                Panicode.Crypto.Aead.GHashValue expectedY = new() { Low = 0x0123456789ABCDEF, High = 0xFEDCBA9876543210 };
                Panicode.Crypto.Aead.GHashValue startY = expectedY;
                ghash.Update(ref expectedY, expectedCt);

                foreach (bool inPlace in new[] { false, true })
                {
                    string what = $"{before} blocks before the wrap, {blocks} blocks, {(inPlace ? "in place" : "out of place")}";
                    byte[] ctr = (byte[])counter.Clone(), ct = inPlace ? (byte[])pt.Clone() : new byte[pt.Length];
                    Panicode.Crypto.Aead.GHashValue y = startY;
                    stitched.Seal(ctr, inPlace ? ct : pt, ct, ref y);
                    Assert.True(expectedCt.AsSpan().SequenceEqual(ct), "ciphertext, " + what);
                    Assert.True(expectedCounter.AsSpan().SequenceEqual(ctr), "counter after sealing, " + what);
                    Assert.True(y.Low == expectedY.Low && y.High == expectedY.High, "hash after sealing, " + what);

                    ctr = (byte[])counter.Clone();
                    byte[] back = inPlace ? ct : new byte[pt.Length];
                    y = startY;
                    stitched.Open(ctr, ct, back, ref y);
                    Assert.True(pt.AsSpan().SequenceEqual(back), "plaintext, " + what);
                    Assert.True(expectedCounter.AsSpan().SequenceEqual(ctr), "counter after opening, " + what);
                    Assert.True(y.Low == expectedY.Low && y.High == expectedY.High, "hash after opening, " + what);
                    cases++;
                }

                stitched.Dispose();
            }
        }

        Assert.Equal(10 * 18 * 2, cases);
    }

    private static Gcm StitchedAes(byte[] key, int width)
    {
        Panicode.Crypto.Modes.BlockCipher core = StitchedCore(key);
        byte[] h = new byte[16];
        core.Encrypt(h, h);
        Unsafe.Aead.GHashClmul ghash = new(h);
        return new Gcm(core, ghash, new Unsafe.Aead.StitchedAesGcm((Unsafe.BlockCiphers.Rijndael.AesCore)core, ghash, width), 16);
    }

    /// <summary>The AES core the stitched loop runs over in this process: AES-NI on x86, ARMv8 AES on ARM64.</summary>
    private static Panicode.Crypto.Modes.BlockCipher StitchedCore(byte[] key) =>
        Unsafe.BlockCiphers.Rijndael.RijndaelAesNiCore.IsSupported
            ? new Unsafe.BlockCiphers.Rijndael.RijndaelAesNiCore(key)
            : new Unsafe.BlockCiphers.Rijndael.RijndaelArmAesCore(key);

    private static void CheckBothLayouts(Gcm gcm, byte[] nonce, byte[] aad, byte[] pt, byte[] expectedCt, byte[] expectedTag, int length)
    {
        // Out of place.
        byte[] ct = new byte[length], tag = new byte[16];
        gcm.Encrypt(nonce, pt, ct, tag, aad);
        Assert.True(expectedCt.AsSpan().SequenceEqual(ct), $"ciphertext, {length} bytes, out of place");
        Assert.True(expectedTag.AsSpan().SequenceEqual(tag), $"tag, {length} bytes, out of place");
        byte[] back = new byte[length];
        gcm.Decrypt(nonce, ct, tag, back, aad);
        Assert.True(pt.AsSpan().SequenceEqual(back), $"plaintext, {length} bytes, out of place");

        // In place.
        byte[] buffer = (byte[])pt.Clone();
        gcm.Encrypt(nonce, buffer, buffer, tag, aad);
        Assert.True(expectedCt.AsSpan().SequenceEqual(buffer), $"ciphertext, {length} bytes, in place");
        Assert.True(expectedTag.AsSpan().SequenceEqual(tag), $"tag, {length} bytes, in place");
        gcm.Decrypt(nonce, buffer, tag, buffer, aad);
        Assert.True(pt.AsSpan().SequenceEqual(buffer), $"plaintext, {length} bytes, in place");

        // A wrong tag (or, alternately, a changed last ciphertext byte) leaves zeros, in either layout.
        byte[] badTag = (byte[])tag.Clone();
        byte[] badCt = (byte[])ct.Clone();
        if (length > 0 && length % 2 == 1)
        {
            badCt[length - 1] ^= 0x40;
        }
        else
        {
            badTag[length % 16] ^= 1;
        }

        byte[] output = Enumerable.Repeat((byte)0xA5, length).ToArray();
        Assert.ThrowsAny<CryptographicException>(() => gcm.Decrypt(nonce, badCt, badTag, output, aad));
        Assert.True(output.All(b => b == 0), $"output cleared, {length} bytes, out of place");
        byte[] inPlace = (byte[])badCt.Clone();
        Assert.ThrowsAny<CryptographicException>(() => gcm.Decrypt(nonce, inPlace, badTag, inPlace, aad));
        Assert.True(inPlace.All(b => b == 0), $"output cleared, {length} bytes, in place");
    }

    private static byte[] Bytes(Random random, int length)
    {
        byte[] bytes = new byte[length];
        random.NextBytes(bytes);
        return bytes;
    }
}

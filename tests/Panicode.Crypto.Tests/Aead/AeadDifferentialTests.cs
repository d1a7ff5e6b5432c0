using System;
using System.Linq;
using System.Security.Cryptography;
using Org.BouncyCastle.Crypto;
using Org.BouncyCastle.Crypto.Engines;
using Org.BouncyCastle.Crypto.Macs;
using Org.BouncyCastle.Crypto.Modes;
using Org.BouncyCastle.Crypto.Parameters;
using Panicode.Crypto.Tests.Infrastructure;

namespace Panicode.Crypto.Tests.Aead;

/// <summary>
/// Randomized differential tests of GCM, CCM, CMAC, key wrap and CTR: against the BCL's AesGcm/AesCcm, against
/// BouncyCastle over Camellia, and, for every 128-bit block cipher of the registry, Reference against each other
/// flavour (same key, same inputs), plus the misuse rules (tag mismatch clears, sizes, overlap).
/// </summary>
public sealed class AeadDifferentialTests
{
    // Lengths that cross every chunk and batch boundary: empty, partial blocks, 8/16/32/64-block batches, the 1 KiB chunk.
    private static readonly int[] s_lengths = { 0, 1, 15, 16, 17, 31, 48, 100, 127, 128, 129, 255, 256, 257, 511, 1023, 1024, 1025, 2047, 3000, 4113 };

    public static TheoryData<Implementation<SymmetricAlgorithm>> Ciphers128 => Implementations.ToTheoryData(
        Implementations.BlockCiphers.Where(i => { using SymmetricAlgorithm a = i.Create(); return a.ValidKeySize(128) && a.LegalBlockSizes.Any(s => s.MinSize <= 128 && s.MaxSize >= 128); }));

    public static TheoryData<Implementation<SymmetricAlgorithm>> Rijndael => Implementations.RijndaelData;

    public static TheoryData<Implementation<SymmetricAlgorithm>> Camellia => Implementations.CamelliaData;

    [Theory]
    [MemberData(nameof(Rijndael))]
    public void GcmAndCcmMatchTheBcl(Implementation<SymmetricAlgorithm> implementation)
    {
        Random random = new(1);
        using BlockCipherAlgorithm cipher = (BlockCipherAlgorithm)implementation.Create();
        foreach (int length in s_lengths)
        {
            foreach (int keySize in new[] { 16, 24, 32 })
            {
                byte[] key = Bytes(random, keySize), nonce = Bytes(random, 12), aad = Bytes(random, random.Next(0, 40)), pt = Bytes(random, length);
                byte[] ct = new byte[length], tag = new byte[16], expectedCt = new byte[length], expectedTag = new byte[16];
                using (Gcm gcm = cipher.CreateGcm(key))
                using (AesGcm bcl = new(key, 16))
                {
                    gcm.Encrypt(nonce, pt, ct, tag, aad);
                    bcl.Encrypt(nonce, pt, expectedCt, expectedTag, aad);
                    Assert.Equal(expectedCt, ct);
                    Assert.Equal(expectedTag, tag);
                }

                byte[] ccmNonce = Bytes(random, 7 + random.Next(0, 7));
                int tagSize = 4 + 2 * random.Next(0, 7);
                byte[] ccmTag = new byte[tagSize], expectedCcmTag = new byte[tagSize];
                using (Ccm ccm = cipher.CreateCcm(key))
                using (AesCcm bcl = new(key))
                {
                    ccm.Encrypt(ccmNonce, pt, ct, ccmTag, aad);
                    bcl.Encrypt(ccmNonce, pt, expectedCt, expectedCcmTag, aad);
                    Assert.Equal(expectedCt, ct);
                    Assert.Equal(expectedCcmTag, ccmTag);
                }
            }
        }
    }

    [Theory]
    [MemberData(nameof(Camellia))]
    public void CamelliaMatchesBouncyCastle(Implementation<SymmetricAlgorithm> implementation)
    {
        Random random = new(2);
        using BlockCipherAlgorithm cipher = (BlockCipherAlgorithm)implementation.Create();
        foreach (int length in s_lengths)
        {
            byte[] key = Bytes(random, 16 + 8 * random.Next(0, 3)), aad = Bytes(random, random.Next(0, 40)), pt = Bytes(random, length);

            // GCM with a random nonce length (1..40 bytes exercises the hashed J0) and tag size.
            byte[] nonce = Bytes(random, random.Next(1, 41));
            int tagSize = new[] { 4, 8, 12, 13, 14, 15, 16 }[random.Next(0, 7)];
            byte[] ct = new byte[length], tag = new byte[tagSize];
            using (Gcm gcm = cipher.CreateGcm(key, tagSize))
            {
                gcm.Encrypt(nonce, pt, ct, tag, aad);
            }

            Assert.Equal(BouncyAead(new GcmBlockCipher(new CamelliaEngine()), key, nonce, tagSize, aad, pt), ct.Concat(tag).ToArray());

            byte[] ccmNonce = Bytes(random, 7 + random.Next(0, 7));
            int ccmTagSize = 4 + 2 * random.Next(0, 7);
            if (length < 1 << (8 * Math.Min(3, 15 - ccmNonce.Length)))
            {
                byte[] ccmTag = new byte[ccmTagSize];
                using Ccm ccm = cipher.CreateCcm(key);
                ccm.Encrypt(ccmNonce, pt, ct, ccmTag, aad);
                Assert.Equal(BouncyAead(new CcmBlockCipher(new CamelliaEngine()), key, ccmNonce, ccmTagSize, aad, pt), ct.Concat(ccmTag).ToArray());
            }

            using (Cmac cmac = cipher.CreateCmac(key))
            {
                CMac bouncy = new(new CamelliaEngine());
                bouncy.Init(new KeyParameter(key));
                bouncy.BlockUpdate(pt, 0, pt.Length);
                byte[] expected = new byte[16];
                bouncy.DoFinal(expected, 0);
                Assert.Equal(expected, cmac.ComputeHash(pt));
            }

            if (length >= 16 && length % 8 == 0)
            {
                using KeyWrap wrap = cipher.CreateKeyWrap(key);
                Rfc3394WrapEngine bouncy = new(new CamelliaEngine());
                bouncy.Init(true, new KeyParameter(key));
                byte[] wrapped = wrap.WrapKey(pt);
                Assert.Equal(bouncy.Wrap(pt, 0, pt.Length), wrapped);
                Assert.Equal(pt, wrap.UnwrapKey(wrapped));
            }
        }
    }

    [Theory]
    [MemberData(nameof(Ciphers128))]
    public void EveryFlavourMatchesReference(Implementation<SymmetricAlgorithm> implementation)
    {
        Random random = new(3);
        using BlockCipherAlgorithm cipher = (BlockCipherAlgorithm)implementation.Create();
        string family = implementation.Family;
        using BlockCipherAlgorithm reference = (BlockCipherAlgorithm)Implementations.Find<SymmetricAlgorithm>(family, "Reference").Create();
        foreach (int length in s_lengths)
        {
            byte[] key = Bytes(random, 16), nonce = Bytes(random, random.Next(0, 2) == 0 ? 12 : 20), aad = Bytes(random, random.Next(0, 300)), pt = Bytes(random, length);
            byte[] ct = new byte[length], tag = new byte[16], refCt = new byte[length], refTag = new byte[16];
            using (Gcm a = cipher.CreateGcm(key))
            using (Gcm b = reference.CreateGcm(key))
            {
                a.Encrypt(nonce, pt, ct, tag, aad);
                b.Encrypt(nonce, pt, refCt, refTag, aad);
                Assert.Equal(refCt, ct);
                Assert.Equal(refTag, tag);

                // In place both ways.
                byte[] buffer = (byte[])pt.Clone();
                a.Encrypt(nonce, buffer, buffer, tag, aad);
                Assert.Equal(refCt, buffer);
                a.Decrypt(nonce, buffer, tag, buffer, aad);
                Assert.Equal(pt, buffer);
            }

            byte[] counter = Bytes(random, 16);
            counter[15] = 0xFF;                      // the first increment carries
            cipher.Key = key;
            reference.Key = key;
            byte[] ctr = cipher.EncryptCtr(pt, counter);
            Assert.Equal(reference.EncryptCtr(pt, counter), ctr);

            // The streaming transform in uneven pieces equals the one-shot.
            using (ICryptoTransform transform = cipher.CreateCtrTransform(key, counter))
            {
                byte[] streamed = new byte[length];
                int offset = 0;
                while (length - offset > 16)
                {
                    int piece = Math.Min(random.Next(1, 300), length - offset - 1);
                    transform.TransformBlock(pt, offset, piece, streamed, offset);
                    offset += piece;
                }

                transform.TransformFinalBlock(pt, offset, length - offset).CopyTo(streamed, offset);
                Assert.Equal(ctr, streamed);
            }

            using (Cmac a = cipher.CreateCmac(key))
            using (Cmac b = reference.CreateCmac(key))
            {
                Assert.Equal(b.ComputeHash(pt), a.ComputeHash(pt));
            }
        }
    }

    [Theory]
    [MemberData(nameof(Ciphers128))]
    public void MisuseIsRefused(Implementation<SymmetricAlgorithm> implementation)
    {
        using BlockCipherAlgorithm cipher = (BlockCipherAlgorithm)implementation.Create();
        byte[] key = new byte[16], nonce = new byte[12], pt = new byte[40], ct = new byte[40], tag = new byte[16];
        using Gcm gcm = cipher.CreateGcm(key);
        gcm.Encrypt(nonce, pt, ct, tag);

        // A wrong tag: the exception of the BCL, and a cleared output.
        tag[0] ^= 1;
        byte[] output = Enumerable.Repeat((byte)0xAA, 40).ToArray();
        CryptographicException e = Assert.ThrowsAny<CryptographicException>(() => gcm.Decrypt(nonce, ct, tag, output));
#if NET
        Assert.IsType<AuthenticationTagMismatchException>(e);
#endif
        Assert.All(output, b => Assert.Equal(0, b));

        Assert.Throws<ArgumentException>(() => gcm.Encrypt(Array.Empty<byte>(), pt, ct, new byte[16]));
        Assert.Throws<ArgumentException>(() => gcm.Encrypt(nonce, pt, ct, new byte[12]));
        Assert.Throws<ArgumentException>(() => gcm.Encrypt(nonce, pt, new byte[39], new byte[16]));
        Assert.Throws<ArgumentException>(() => cipher.CreateGcm(key, 11));
        Assert.Throws<CryptographicException>(() => cipher.CreateGcm(new byte[15]));
        Assert.Throws<ArgumentNullException>(() => cipher.CreateGcm((byte[])null!));

        // Partial overlap is refused; the same buffer works.
        byte[] shared = new byte[64];
        Assert.Throws<ArgumentException>(() => gcm.Encrypt(nonce, shared.AsSpan(0, 40), shared.AsSpan(8, 40), new byte[16]));

        using Ccm ccm = cipher.CreateCcm(key);
        Assert.Throws<ArgumentException>(() => ccm.Encrypt(new byte[6], pt, ct, new byte[16]));
        Assert.Throws<ArgumentException>(() => ccm.Encrypt(new byte[14], pt, ct, new byte[16]));
        Assert.Throws<ArgumentException>(() => ccm.Encrypt(new byte[12], pt, ct, new byte[5]));
        Assert.Throws<ArgumentException>(() => ccm.Encrypt(new byte[13], new byte[1 << 16], new byte[1 << 16], new byte[16]));
        byte[] ccmTag = new byte[8];
        ccm.Encrypt(new byte[13], pt, ct, ccmTag);
        ccmTag[7] ^= 0x80;
        output = Enumerable.Repeat((byte)0xAA, 40).ToArray();
        Assert.ThrowsAny<CryptographicException>(() => ccm.Decrypt(new byte[13], ct, ccmTag, output));
        Assert.All(output, b => Assert.Equal(0, b));

        gcm.Dispose();
        Assert.Throws<ObjectDisposedException>(() => gcm.Encrypt(nonce, pt, ct, new byte[16]));
    }

    [Fact]
    public void PartialOverlapIsRefusedWhereTheBclGoesWrong()
    {
        // The built-in AesGcm (OpenSSL on Linux) accepts a ciphertext buffer 8 bytes ahead of the plaintext and
        // returns a ciphertext that differs from the one of separate buffers (seen when this test was written); ours
        // refuses such buffers with an ArgumentException and works in place.
        byte[] key = new byte[16], nonce = new byte[12];
        using Gcm gcm = RijndaelCipher.Create().CreateGcm(key);
        byte[] shared = new byte[64];
        Assert.Throws<ArgumentException>(() => gcm.Encrypt(nonce, shared.AsSpan(0, 40), shared.AsSpan(8, 40), new byte[16]));
        Assert.Throws<ArgumentException>(() => gcm.Decrypt(nonce, shared.AsSpan(8, 40), new byte[16], shared.AsSpan(0, 40)));
    }

    private static byte[] BouncyAead(IAeadBlockCipher aead, byte[] key, byte[] nonce, int tagSize, byte[] aad, byte[] pt)
    {
        aead.Init(true, new AeadParameters(new KeyParameter(key), tagSize * 8, nonce, aad));
        byte[] output = new byte[aead.GetOutputSize(pt.Length)];
        int n = aead.ProcessBytes(pt, 0, pt.Length, output, 0);
        aead.DoFinal(output, n);
        return output;
    }

    private static byte[] Bytes(Random random, int length)
    {
        byte[] bytes = new byte[length];
        random.NextBytes(bytes);
        return bytes;
    }
}

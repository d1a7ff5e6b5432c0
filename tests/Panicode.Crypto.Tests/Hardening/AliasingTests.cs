using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.Registry;
using Panicode.Crypto.Tests.Infrastructure;

namespace Panicode.Crypto.Tests.Hardening;

/// <summary>
/// Every legal way the buffers of an AEAD, MAC, mode or stream API may share memory, against the same call with
/// separate buffers and, for AES, against the built-in AesGcm/AesCcm/Aes in the same layout. The rules (README,
/// "Buffers that share memory"):
/// <list type="bullet">
/// <item>AEAD (Gcm, Ccm), CTR and stream-cipher span methods: the output is the input or disjoint from it; a partial
/// overlap is an ArgumentException. Read-only arguments (nonce, associated data, the tag when decrypting) may share
/// memory with the output in any way: they are read in full before the output is written. Two outputs (ciphertext and
/// tag) may not overlap.</item>
/// <item>MACs (Gmac.ComputeTag, Cmac): the tag may overwrite the data or nonce it is computed from.</item>
/// <item>The SymmetricAlgorithm one-shots and transforms follow the BCL's contract: any overlap works (a partial one is
/// served from a copy).</item>
/// <item>Key wrap takes a span and returns a new array: nothing to alias.</item>
/// </list>
/// </summary>
public sealed class AliasingTests
{
    private static readonly byte[] Key = ConcurrencyTests.Bytes(16, 101);
    private static readonly byte[] Nonce = ConcurrencyTests.Bytes(12, 102);
    private static readonly byte[] Plaintext = ConcurrencyTests.Bytes(32, 103);
    private static readonly byte[] Aad = ConcurrencyTests.Bytes(32, 104);
    private static readonly byte[] LongAad = ConcurrencyTests.Bytes(48, 105);

    private delegate void Seal(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag, ReadOnlySpan<byte> associatedData);

    private delegate void Open(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext, ReadOnlySpan<byte> associatedData);

    public static TheoryData<Implementation<SymmetricAlgorithm>> BlockCipher128 => Implementations.BlockCipher128Data;

    public static TheoryData<Implementation<SymmetricAlgorithm>> AllBlockCiphers =>
        Implementations.ToTheoryData(Families.All.OfType<Family<SymmetricAlgorithm>>().SelectMany(f => Implementations.Of(f)));

    public static TheoryData<Implementation<StreamCipher>> StreamCiphers =>
        Implementations.ToTheoryData(Families.All.OfType<Family<StreamCipher>>().SelectMany(f => Implementations.Of(f)));

    [Theory]
    [MemberData(nameof(BlockCipher128))]
    public void GcmGivesTheSameResultsInEveryLegalLayout(Implementation<SymmetricAlgorithm> flavour)
    {
        using var algorithm = (BlockCipherAlgorithm)flavour.Create();
        using Gcm gcm = algorithm.CreateGcm(Key);
        using AesGcm? builtIn = IsAes(flavour) ? new AesGcm(Key, 16) : null;
        // The built-in AesGcm (OpenSSL) writes the plaintext before it reads the tag, so a tag inside the output is
        // overwritten first and a genuine message rejected; ours (and AesCcm) read the tag first.
        CheckAead(gcm.Encrypt, gcm.Decrypt, builtIn == null ? null : (builtIn.Encrypt, builtIn.Decrypt), "open with the tag inside the output");
    }

    [Theory]
    [MemberData(nameof(BlockCipher128))]
    public void CcmGivesTheSameResultsInEveryLegalLayout(Implementation<SymmetricAlgorithm> flavour)
    {
        using var algorithm = (BlockCipherAlgorithm)flavour.Create();
        using Ccm ccm = algorithm.CreateCcm(Key);
        using AesCcm? builtIn = IsAes(flavour) ? new AesCcm(Key) : null;
        CheckAead(ccm.Encrypt, ccm.Decrypt, builtIn == null ? null : (builtIn.Encrypt, builtIn.Decrypt));
    }

    /// <summary>The case, spelled out: key 00..0f, nonce 10..1b, AAD 20..3f, plaintext 40..5f, AES-CCM.</summary>
    [Theory]
    [MemberData(nameof(BlockCipher128))]
    public void CcmDecryptsIntoItsAssociatedDataOrNonceAsTheBuiltInDoes(Implementation<SymmetricAlgorithm> flavour)
    {
        byte[] key = Range(0x00, 16);
        byte[] nonce = Range(0x10, 12);
        byte[] aad = Range(0x20, 32);
        byte[] plaintext = Range(0x40, 32);
        using var algorithm = (BlockCipherAlgorithm)flavour.Create();
        using Ccm ccm = algorithm.CreateCcm(key);
        byte[] ciphertext = new byte[32];
        byte[] tag = new byte[16];
        ccm.Encrypt(nonce, plaintext, ciphertext, tag, aad);

        byte[] buffer = (byte[])aad.Clone();
        ccm.Decrypt(nonce, ciphertext, tag, buffer, buffer);
        Assert.Equal(plaintext, buffer);

        buffer = new byte[32];
        nonce.CopyTo(buffer, 0);
        ccm.Decrypt(buffer.AsSpan(0, 12), ciphertext, tag, buffer, aad);
        Assert.Equal(plaintext, buffer);
    }

    [Theory]
    [MemberData(nameof(BlockCipher128))]
    public void GmacTagMayOverwriteItsDataOrNonce(Implementation<SymmetricAlgorithm> flavour)
    {
        using var algorithm = (BlockCipherAlgorithm)flavour.Create();
        using Gmac gmac = algorithm.CreateGmac(Key);
        byte[] expected = new byte[16];
        gmac.ComputeTag(Nonce, Aad, expected);

        byte[] buffer = (byte[])Aad.Clone();
        gmac.ComputeTag(Nonce, buffer, buffer.AsSpan(8, 16));
        Assert.Equal(expected, buffer.AsSpan(8, 16).ToArray());

        buffer = new byte[16];
        Nonce.CopyTo(buffer, 0);
        gmac.ComputeTag(buffer.AsSpan(0, 12), Aad, buffer);
        Assert.Equal(expected, buffer);
    }

    [Theory]
    [MemberData(nameof(AllBlockCiphers))]
    public void CmacOfDataItOverwritesIsTheSame(Implementation<SymmetricAlgorithm> flavour)
    {
        using var algorithm = (BlockCipherAlgorithm)flavour.Create();
        using Cmac cmac = algorithm.CreateCmac(Key);
        byte[] message = ConcurrencyTests.Bytes(45, 106);
        byte[] expected = cmac.ComputeHash(message);

        byte[] buffer = (byte[])message.Clone();
        Assert.True(cmac.TryComputeHash(buffer, buffer, out int written));
        Assert.Equal(expected, buffer.AsSpan(0, written).ToArray());

        buffer = (byte[])message.Clone();
        cmac.TransformBlock(buffer, 0, 40, buffer, 0);
        cmac.TransformFinalBlock(buffer, 40, 5);
        Assert.Equal(expected, cmac.Hash);
    }

    /// <summary>The one-shots in place, into the IV's memory and partially overlapping, in ECB, CBC, CFB8 and full-block CFB.</summary>
    [Theory]
    [MemberData(nameof(AllBlockCiphers))]
    public void OneShotsGiveTheSameResultsWhateverTheOverlap(Implementation<SymmetricAlgorithm> flavour)
    {
        using SymmetricAlgorithm ours = flavour.Create();
        ours.Key = Key;
        using Aes? builtIn = IsAes(flavour) ? Aes.Create() : null;
        if (builtIn != null)
        {
            builtIn.Key = Key;
        }

        int bs = ours.BlockSize / 8;
        byte[] iv = ConcurrencyTests.Bytes(bs, 107);
        byte[] message = ConcurrencyTests.Bytes(37, 108);
        var failures = new List<string>();
        foreach ((string mode, OneShot oneShot) in Modes(bs))
        {
            byte[] ciphertext = Run(ours, oneShot, true, message, iv, Layout.Separate);
            foreach (Layout layout in new[] { Layout.InPlace, Layout.IntoIv, Layout.Shifted })
            {
                foreach (SymmetricAlgorithm algorithm in builtIn == null ? new[] { ours } : new[] { ours, (SymmetricAlgorithm)builtIn })
                {
                    string who = algorithm == ours ? "ours" : "built-in";
                    Compare(failures, $"{mode} encrypt {layout} ({who})", ciphertext, Run(algorithm, oneShot, true, message, iv, layout));
                    Compare(failures, $"{mode} decrypt {layout} ({who})", message, Run(algorithm, oneShot, false, ciphertext, iv, layout));
                }
            }
        }

        Assert.True(failures.Count == 0, string.Join("\n", failures));
    }

    [Theory]
    [MemberData(nameof(AllBlockCiphers))]
    public void CtrInPlaceOrOverItsCounterIsTheSameAndPartialOverlapIsRefused(Implementation<SymmetricAlgorithm> flavour)
    {
        using var algorithm = (BlockCipherAlgorithm)flavour.Create();
        algorithm.Key = Key;
        int bs = algorithm.BlockSize / 8;
        byte[] counter = ConcurrencyTests.Bytes(bs, 109);
        byte[] message = ConcurrencyTests.Bytes(50, 110);
        byte[] expected = algorithm.EncryptCtr(message, counter);

        byte[] buffer = (byte[])message.Clone();
        algorithm.EncryptCtr(buffer, counter, buffer);
        Assert.Equal(expected, buffer);

        buffer = new byte[50];
        counter.CopyTo(buffer, 0);
        algorithm.EncryptCtr(message, buffer.AsSpan(0, bs), buffer);
        Assert.Equal(expected, buffer);

        buffer = new byte[60];
        Assert.Throws<ArgumentException>(() => algorithm.EncryptCtr(buffer.AsSpan(0, 50), counter, buffer.AsSpan(3)));
    }

    [Theory]
    [MemberData(nameof(StreamCiphers))]
    public void StreamCipherInPlaceIsTheSameAndPartialOverlapIsRefused(Implementation<StreamCipher> flavour)
    {
        using StreamCipher separate = flavour.Create();
        using StreamCipher inPlace = flavour.Create();
        inPlace.Key = separate.Key;
        inPlace.IV = separate.IV;
        byte[] message = ConcurrencyTests.Bytes(77, 111);
        byte[] buffer = (byte[])message.Clone();
        inPlace.Encrypt(buffer, buffer);
        Assert.Equal(separate.Encrypt(message), buffer);
        Assert.Throws<ArgumentException>(() => inPlace.Encrypt(buffer.AsSpan(0, 70), buffer.AsSpan(2)));
    }

    private static void CheckAead(Seal seal, Open open, (Seal Seal, Open Open)? builtIn, params string[] builtInFails)
    {
        var failures = new List<string>();
        foreach ((string name, Func<Seal, Open, byte[]> run, byte[] expected) in Layouts(seal))
        {
            Compare(failures, name + " (ours)", expected, run(seal, open));
            if (builtIn is { } b && !builtInFails.Contains(name))
            {
                try
                {
                    Compare(failures, name + " (built-in)", expected, run(b.Seal, b.Open));
                }
                catch (CryptographicException e)
                {
                    failures.Add($"{name} (built-in): {e.GetType().Name}");
                }
            }
        }

        // Not legal: input and output overlapping partially, and the two outputs of sealing overlapping.
        byte[] buffer = new byte[64];
        byte[] tag = new byte[16];
        Assert.Throws<ArgumentException>(() => seal(Nonce, buffer.AsSpan(0, 32), buffer.AsSpan(4, 32), tag, default));
        Assert.Throws<ArgumentException>(() => open(Nonce, buffer.AsSpan(4, 32), tag, buffer.AsSpan(0, 32), default));
        Assert.Throws<ArgumentException>(() => seal(Nonce, Plaintext, buffer.AsSpan(0, 32), buffer.AsSpan(16, 16), default));
        Assert.True(failures.Count == 0, string.Join("\n", failures));
    }

    // Each layout: its name, the call (returning what the caller can observe afterwards: the outputs, or the exception
    // and the output buffer), and the expected observation, from the same call with separate buffers.
    private static IEnumerable<(string Name, Func<Seal, Open, byte[]> Run, byte[] Expected)> Layouts(Seal reference)
    {
        (byte[] Ciphertext, byte[] Tag) Sealed(byte[] aad)
        {
            byte[] c = new byte[32];
            byte[] t = new byte[16];
            reference(Nonce, Plaintext, c, t, aad);
            return (c, t);
        }

        byte[] Cat(params byte[][] parts) => parts.SelectMany(p => p).ToArray();
        (byte[] ct, byte[] tag) = Sealed(Aad);
        (byte[] ctLong, byte[] tagLong) = Sealed(LongAad);
        (byte[] ctSelf, byte[] tagSelf) = Sealed(Plaintext);
        byte[] sealedExpected = Cat(ct, tag);

        yield return ("seal in place", (s, _) =>
        {
            byte[] b = (byte[])Plaintext.Clone();
            byte[] t = new byte[16];
            s(Nonce, b, b, t, Aad);
            return Cat(b, t);
        }, sealedExpected);
        yield return ("seal over the AAD", (s, _) =>
        {
            byte[] b = (byte[])Aad.Clone();
            byte[] t = new byte[16];
            s(Nonce, Plaintext, b, t, b);
            return Cat(b, t);
        }, sealedExpected);
        yield return ("seal over the start of a longer AAD", (s, _) =>
        {
            byte[] b = (byte[])LongAad.Clone();
            byte[] t = new byte[16];
            s(Nonce, Plaintext, b.AsSpan(0, 32), t, b);
            return Cat(b.AsSpan(0, 32).ToArray(), t);
        }, Cat(ctLong, tagLong));
        yield return ("seal over the middle of the AAD", (s, _) =>
        {
            byte[] b = new byte[64];
            Aad.CopyTo(b, 0);
            byte[] t = new byte[16];
            s(Nonce, Plaintext, b.AsSpan(10, 32), t, b.AsSpan(0, 32));
            return Cat(b.AsSpan(10, 32).ToArray(), t);
        }, sealedExpected);
        yield return ("seal over the nonce", (s, _) =>
        {
            byte[] b = new byte[32];
            Nonce.CopyTo(b, 0);
            byte[] t = new byte[16];
            s(b.AsSpan(0, 12), Plaintext, b, t, Aad);
            return Cat(b, t);
        }, sealedExpected);
        yield return ("tag over the end of the AAD", (s, _) =>
        {
            byte[] b = (byte[])Aad.Clone();
            byte[] c = new byte[32];
            s(Nonce, Plaintext, c, b.AsSpan(16, 16), b);
            return Cat(c, b.AsSpan(16).ToArray());
        }, sealedExpected);
        yield return ("tag over the nonce", (s, _) =>
        {
            byte[] b = new byte[16];
            Nonce.CopyTo(b, 0);
            byte[] c = new byte[32];
            s(b.AsSpan(0, 12), Plaintext, c, b, Aad);
            return Cat(c, b);
        }, sealedExpected);
        yield return ("seal in place with the plaintext as AAD", (s, _) =>
        {
            byte[] b = (byte[])Plaintext.Clone();
            byte[] t = new byte[16];
            s(Nonce, b, b, t, b);
            return Cat(b, t);
        }, Cat(ctSelf, tagSelf));

        yield return ("open in place", (_, o) =>
        {
            byte[] b = (byte[])ct.Clone();
            o(Nonce, b, tag, b, Aad);
            return b;
        }, Plaintext);
        yield return ("open over the AAD", (_, o) =>
        {
            byte[] b = (byte[])Aad.Clone();
            o(Nonce, ct, tag, b, b);
            return b;
        }, Plaintext);
        yield return ("open over the start of a longer AAD", (_, o) =>
        {
            byte[] b = (byte[])LongAad.Clone();
            o(Nonce, ctLong, tagLong, b.AsSpan(0, 32), b);
            return b.AsSpan(0, 32).ToArray();
        }, Plaintext);
        yield return ("open over the nonce", (_, o) =>
        {
            byte[] b = new byte[32];
            Nonce.CopyTo(b, 0);
            o(b.AsSpan(0, 12), ct, tag, b, Aad);
            return b;
        }, Plaintext);
        yield return ("open with the tag inside the output", (_, o) =>
        {
            byte[] b = new byte[32];
            tag.CopyTo(b, 8);
            o(Nonce, ct, b.AsSpan(8, 16), b, Aad);
            return b;
        }, Plaintext);
        yield return ("open in place with the tag after the ciphertext", (_, o) =>
        {
            byte[] b = Cat(ct, tag);
            o(Nonce, b.AsSpan(0, 32), b.AsSpan(32), b.AsSpan(0, 32), Aad);
            return b.AsSpan(0, 32).ToArray();
        }, Plaintext);
        yield return ("forgery opened over the AAD", (_, o) =>
        {
            byte[] b = (byte[])Aad.Clone();
            byte[] forged = (byte[])ct.Clone();
            forged[3] ^= 1;
            bool threw = false;
            try
            {
                o(Nonce, forged, tag, b, b);
            }
            catch (CryptographicException)
            {
                threw = true;
            }

            return Cat(new[] { threw ? (byte)1 : (byte)0 }, b);
        }, Cat(new byte[] { 1 }, new byte[32]));
    }

    private enum Layout
    {
        Separate,
        InPlace,
        IntoIv,
        Shifted,
    }

    private delegate bool OneShot(SymmetricAlgorithm algorithm, bool encrypt, ReadOnlySpan<byte> input, ReadOnlySpan<byte> iv, Span<byte> destination, out int written);

    private static IEnumerable<(string Mode, OneShot Call)> Modes(int bs)
    {
        yield return ("ECB", (SymmetricAlgorithm a, bool e, ReadOnlySpan<byte> i, ReadOnlySpan<byte> _, Span<byte> d, out int w) =>
            e ? a.TryEncryptEcb(i, d, PaddingMode.PKCS7, out w) : a.TryDecryptEcb(i, d, PaddingMode.PKCS7, out w));
        yield return ("CBC", (SymmetricAlgorithm a, bool e, ReadOnlySpan<byte> i, ReadOnlySpan<byte> v, Span<byte> d, out int w) =>
            e ? a.TryEncryptCbc(i, v, d, out w, PaddingMode.PKCS7) : a.TryDecryptCbc(i, v, d, out w, PaddingMode.PKCS7));
        foreach (int feedback in new[] { 8, 8 * bs })
        {
            yield return ("CFB" + feedback, (SymmetricAlgorithm a, bool e, ReadOnlySpan<byte> i, ReadOnlySpan<byte> v, Span<byte> d, out int w) =>
                e ? a.TryEncryptCfb(i, v, d, out w, PaddingMode.PKCS7, feedback) : a.TryDecryptCfb(i, v, d, out w, PaddingMode.PKCS7, feedback));
        }
    }

    // One one-shot call in the given layout; returns the output (or the exception's type name).
    private static byte[] Run(SymmetricAlgorithm algorithm, OneShot call, bool encrypt, byte[] input, byte[] iv, Layout layout)
    {
        int room = input.Length + 64;
        byte[] buffer = new byte[room + 16];
        Span<byte> destination;
        ReadOnlySpan<byte> source = input;
        ReadOnlySpan<byte> ivSpan = iv;
        switch (layout)
        {
            case Layout.InPlace:
                input.CopyTo(buffer, 0);
                source = buffer.AsSpan(0, input.Length);
                destination = buffer;
                break;
            case Layout.IntoIv:
                iv.CopyTo(buffer, 0);
                ivSpan = buffer.AsSpan(0, iv.Length);
                destination = buffer;
                break;
            case Layout.Shifted:
                input.CopyTo(buffer, 5);
                source = buffer.AsSpan(5, input.Length);
                destination = buffer;
                break;
            default:
                destination = buffer;
                break;
        }

        try
        {
            Assert.True(call(algorithm, encrypt, source, ivSpan, destination, out int written));
            return destination.Slice(0, written).ToArray();
        }
        catch (Exception e) when (e is CryptographicException or ArgumentException)
        {
            return System.Text.Encoding.UTF8.GetBytes(e.GetType().Name);
        }
    }

    private static void Compare(List<string> failures, string what, byte[] expected, byte[] actual)
    {
        if (!expected.AsSpan().SequenceEqual(actual))
        {
            failures.Add($"{what}: expected {Convert.ToHexString(expected)}, got {Convert.ToHexString(actual)}");
        }
    }

    private static bool IsAes(Implementation<SymmetricAlgorithm> flavour)
    {
        if (flavour.Family != Families.Rijndael.Name)
        {
            return false;
        }

        using SymmetricAlgorithm algorithm = flavour.Create();
        return algorithm.BlockSize == 128;
    }

    private static byte[] Range(int start, int length) => Enumerable.Range(start, length).Select(i => (byte)i).ToArray();
}

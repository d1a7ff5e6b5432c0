using System;
using System.Security.Cryptography;
using Panicode.Crypto.Registry;
using Panicode.Crypto.Tests.Infrastructure;

namespace Panicode.Crypto.Tests.Dsa;

/// <summary>The DSA surface: bad input of every kind, key formats through the BCL's members, sizes, disposal.</summary>
public sealed class DsaApiTests
{
    public static TheoryData<Implementation<ManagedDsa>> Flavours() => Implementations.ToTheoryData(Implementations.Of(Families.Dsa));

    [Theory]
    [MemberData(nameof(Flavours))]
    public void BadDomainParametersAndKeysAreRefused(Implementation<ManagedDsa> flavour)
    {
        DSAParameters good = DsaDifferentialTests.Key(1024, 160);
        using ManagedDsa dsa = flavour.Create();
        dsa.ImportParameters(good);

        // p not prime (p + 2q keeps q | p - 1 and g^q = 1 is then tested mod another number); q not prime.
        System.Numerics.BigInteger p = Big(good.P!), q = Big(good.Q!);
        AssertRefused(dsa, good with { P = Bytes(p + (2 * q), good.P!.Length) });
        AssertRefused(dsa, good with { Q = Bytes(q + 2, good.Q!.Length) });

        // g of the wrong order: p - 1 has order 2; 1 has order 1; g = 0 and g >= p are out of range.
        AssertRefused(dsa, good with { G = Bytes(p - 1, good.P!.Length) });
        AssertRefused(dsa, good with { G = Bytes(1, good.P!.Length) });
        AssertRefused(dsa, good with { G = new byte[good.P!.Length] });
        AssertRefused(dsa, good with { G = good.P });

        // y not in the subgroup, y = 1; x = 0, x >= q, x that does not match y.
        AssertRefused(dsa, good with { Y = Bytes(p - 1, good.P!.Length) });
        AssertRefused(dsa, good with { Y = Bytes(1, good.P!.Length) });
        AssertRefused(dsa, good with { X = new byte[good.Q!.Length] });
        AssertRefused(dsa, good with { X = good.Q });
        AssertRefused(dsa, good with { X = Bytes(Big(good.X!) ^ 1, good.Q!.Length) });

        // Sizes: p above the 3,072-bit cap, or below 512; q of another length.
        AssertRefused(dsa, good with { P = Bytes((System.Numerics.BigInteger.One << 4095) + 1, 512) });
        AssertRefused(dsa, good with { P = Bytes((System.Numerics.BigInteger.One << 300) + 1, 38) });
        AssertRefused(dsa, good with { Q = Bytes((System.Numerics.BigInteger.One << 190) + 1, 24) });

        // Missing fields: ArgumentException, as the BCL.
        Assert.ThrowsAny<ArgumentException>(() => dsa.ImportParameters(good with { Y = null }));
        Assert.ThrowsAny<ArgumentException>(() => dsa.ImportParameters(good with { G = null }));

        // The key in use is still the good one.
        byte[] h = SHA256.HashData(new byte[] { 7 });
        Assert.True(dsa.VerifySignature(h, dsa.CreateSignature(h)));
    }

    [Theory]
    [MemberData(nameof(Flavours))]
    public void SignaturesOutOfRangeDoNotVerify(Implementation<ManagedDsa> flavour)
    {
        DSAParameters key = DsaDifferentialTests.Key(1024, 160);
        using ManagedDsa dsa = flavour.Create();
        dsa.ImportParameters(key);
        byte[] h = SHA1.HashData(new byte[] { 1 });
        byte[] sig = dsa.CreateSignature(h);
        byte[] q = key.Q!;
        byte[] zero = new byte[20];
        Assert.False(dsa.VerifySignature(h, Concat(zero, sig.AsSpan(20).ToArray())));     // r = 0
        Assert.False(dsa.VerifySignature(h, Concat(sig.AsSpan(0, 20).ToArray(), zero)));  // s = 0
        Assert.False(dsa.VerifySignature(h, Concat(q, sig.AsSpan(20).ToArray())));        // r = q
        Assert.False(dsa.VerifySignature(h, Concat(sig.AsSpan(0, 20).ToArray(), q)));     // s = q
        byte[] rPlusQ = Bytes(Big(sig.AsSpan(0, 20).ToArray()) + Big(q), 21);
        Assert.False(dsa.VerifySignature(h, Concat(rPlusQ, sig.AsSpan(20).ToArray())));   // wrong length
        Assert.False(dsa.VerifySignature(h, Array.Empty<byte>()));
        Assert.False(dsa.VerifySignature(h, new byte[] { 0x30, 0x00 }, DSASignatureFormat.Rfc3279DerSequence));
        Assert.True(dsa.VerifySignature(h, sig));
    }

    [Theory]
    [MemberData(nameof(Flavours))]
    public void KeyFormatsRoundTripThroughTheBuiltInDsa(Implementation<ManagedDsa> flavour)
    {
        DSAParameters key = DsaDifferentialTests.Key(2048, 256);
        using ManagedDsa ours = flavour.Create();
        ours.ImportParameters(key);
        using DSA builtIn = DSA.Create();
        byte[] h = SHA256.HashData(new byte[] { 9 });

        builtIn.ImportSubjectPublicKeyInfo(ours.ExportSubjectPublicKeyInfo(), out _);
        Assert.True(builtIn.VerifySignature(h, ours.CreateSignature(h)));
        builtIn.ImportPkcs8PrivateKey(ours.ExportPkcs8PrivateKey(), out _);
        Assert.True(ours.VerifySignature(h, builtIn.CreateSignature(h)));

        PbeParameters pbe = new(PbeEncryptionAlgorithm.Aes256Cbc, HashAlgorithmName.SHA256, 1000);
        using ManagedDsa back = flavour.Create();
        back.ImportEncryptedPkcs8PrivateKey("pw", builtIn.ExportEncryptedPkcs8PrivateKey("pw", pbe), out _);
        Assert.Equal(key.X, back.ExportParameters(true).X);
        back.ImportFromPem(builtIn.ExportSubjectPublicKeyInfoPem());
        Assert.False(back.ExportParameters(false).X is not null);
        back.ImportFromEncryptedPem(ours.ExportEncryptedPkcs8PrivateKeyPem("pw", pbe), "pw");
        Assert.Equal(key.X, back.ExportParameters(true).X);
        back.FromXmlString(builtIn.ToXmlString(true));
        Assert.Equal(key.Y, back.ExportParameters(false).Y);
        Assert.Throws<CryptographicException>(() => back.ImportEncryptedPkcs8PrivateKey("wrong", builtIn.ExportEncryptedPkcs8PrivateKey("pw", pbe), out _));
    }

    /// <summary>
    /// PKCS#8 carries x without y: every private-key import through the key's own members (which on .NET 10 override
    /// the base class's BigInteger.ModPow derivation) gives the key's y, and an encryption scheme other than PBES2 with
    /// AES-CBC is refused with a CryptographicException, as documented.
    /// </summary>
    [Theory]
    [MemberData(nameof(Flavours))]
    public void PrivateKeyImportsDeriveYAndRefuseOtherEncryptionSchemes(Implementation<ManagedDsa> flavour)
    {
        DSAParameters key = DsaDifferentialTests.Key(2048, 256);
        using DSA builtIn = DSA.Create();
        builtIn.ImportParameters(key);
        PbeParameters aes = new(PbeEncryptionAlgorithm.Aes128Cbc, HashAlgorithmName.SHA384, 1000);
        byte[] password = "pw"u8.ToArray();
        using ManagedDsa back = flavour.Create();

        back.ImportPkcs8PrivateKey(builtIn.ExportPkcs8PrivateKey(), out int read);
        Assert.Equal(builtIn.ExportPkcs8PrivateKey().Length, read);
        Assert.Equal(key.Y, back.ExportParameters(false).Y);
        back.ImportParameters(DsaDifferentialTests.Key(1024, 160));
        back.ImportFromPem(builtIn.ExportPkcs8PrivateKeyPem());
        Assert.Equal(key.Y, back.ExportParameters(false).Y);
        back.ImportParameters(DsaDifferentialTests.Key(1024, 160));
        back.ImportFromEncryptedPem(builtIn.ExportEncryptedPkcs8PrivateKeyPem(password, aes), password);
        Assert.Equal(key.Y, back.ExportParameters(false).Y);
        Assert.Equal(key.X, back.ExportParameters(true).X);

        PbeParameters pkcs12 = new(PbeEncryptionAlgorithm.TripleDes3KeyPkcs12, HashAlgorithmName.SHA1, 1000);
        Assert.Throws<CryptographicException>(() => back.ImportEncryptedPkcs8PrivateKey("pw", builtIn.ExportEncryptedPkcs8PrivateKey("pw", pkcs12), out _));
        Assert.Throws<ArgumentException>(() => back.ImportFromPem(builtIn.ExportEncryptedPkcs8PrivateKeyPem("pw", aes)));
        back.Dispose();
        Assert.Throws<ObjectDisposedException>(() => back.ImportPkcs8PrivateKey(builtIn.ExportPkcs8PrivateKey(), out _));
        Assert.Throws<ObjectDisposedException>(() => back.ImportFromEncryptedPem(builtIn.ExportEncryptedPkcs8PrivateKeyPem(password, aes), password));
    }

    /// <summary>The netstandard2.0 extension methods (called as static methods: on .NET the inherited members hide them) against the BCL's.</summary>
    [Theory]
    [MemberData(nameof(Flavours))]
    public void KeyFormatExtensionMethodsMatchTheBuiltInEncodings(Implementation<ManagedDsa> flavour)
    {
        DSAParameters key = DsaDifferentialTests.Key(1024, 160);
        using ManagedDsa ours = flavour.Create();
        ours.ImportParameters(key);
        using DSA builtIn = DSA.Create();
        builtIn.ImportParameters(key);

        Assert.Equal(builtIn.ExportSubjectPublicKeyInfo(), DsaKeyFormats.ExportSubjectPublicKeyInfo(ours));
        Assert.Equal(builtIn.ExportPkcs8PrivateKey(), DsaKeyFormats.ExportPkcs8PrivateKey(ours));
        Assert.Equal(builtIn.ExportSubjectPublicKeyInfoPem(), DsaKeyFormats.ExportSubjectPublicKeyInfoPem(ours));
        Assert.Equal(builtIn.ExportPkcs8PrivateKeyPem(), DsaKeyFormats.ExportPkcs8PrivateKeyPem(ours));

        using ManagedDsa back = flavour.Create();
        byte[] spki = builtIn.ExportSubjectPublicKeyInfo();
        byte[] withTrailer = new byte[spki.Length + 3];
        spki.CopyTo(withTrailer, 0);
        DsaKeyFormats.ImportSubjectPublicKeyInfo(back, withTrailer, out int read);
        Assert.Equal(spki.Length, read);
        Assert.Equal(key.Y, back.ExportParameters(false).Y);
        DsaKeyFormats.ImportPkcs8PrivateKey(back, builtIn.ExportPkcs8PrivateKey(), out _);
        Assert.Equal(key.Y, back.ExportParameters(true).Y);   // derived from x
        Assert.Equal(key.X, back.ExportParameters(true).X);

        PbeParameters pbe = new(PbeEncryptionAlgorithm.Aes128Cbc, HashAlgorithmName.SHA256, 100);
        byte[] encrypted = builtIn.ExportEncryptedPkcs8PrivateKey("pw", pbe);
        DsaKeyFormats.ImportEncryptedPkcs8PrivateKey(back, "pw".AsSpan(), encrypted, out _);
        Assert.Equal(key.X, back.ExportParameters(true).X);
        Assert.Throws<CryptographicException>(() => DsaKeyFormats.ImportEncryptedPkcs8PrivateKey(back, "no".AsSpan(), encrypted, out _));
        DsaKeyFormats.ImportFromPem(back, "junk\n" + builtIn.ExportSubjectPublicKeyInfoPem());
        Assert.Null(back.ExportParameters(false).X);
        DsaKeyFormats.ImportFromEncryptedPem(back, builtIn.ExportEncryptedPkcs8PrivateKeyPem("pw", pbe).AsSpan(), "pw".AsSpan());
        Assert.Equal(key.X, back.ExportParameters(true).X);

        // Not DSA, or not DER: CryptographicException; no key block: ArgumentException.
        using RSA rsa = RSA.Create(1024);
        Assert.Throws<CryptographicException>(() => DsaKeyFormats.ImportSubjectPublicKeyInfo(back, rsa.ExportSubjectPublicKeyInfo(), out _));
        Assert.Throws<CryptographicException>(() => DsaKeyFormats.ImportPkcs8PrivateKey(back, new byte[] { 0x30, 0x03, 0x02, 0x01 }, out _));
        Assert.Throws<ArgumentException>(() => DsaKeyFormats.ImportFromPem(back, rsa.ExportRSAPublicKeyPem()));
    }

    [Theory]
    [MemberData(nameof(Flavours))]
    public void SizesNullsAndDisposal(Implementation<ManagedDsa> flavour)
    {
        ManagedDsa dsa = flavour.Create();
        Assert.Equal(2048, dsa.KeySize);
        Assert.Throws<CryptographicException>(() => dsa.KeySize = 1536);
        Assert.Throws<CryptographicException>(() => dsa.GenerateKey(2048, 160));
        Assert.Throws<ArgumentNullException>(() => dsa.CreateSignature(null!));
        Assert.Throws<ArgumentNullException>(() => dsa.VerifySignature(null!, new byte[40]));
        dsa.ImportParameters(DsaDifferentialTests.Key(1024, 160));
        Assert.Equal(1024, dsa.KeySize);
        Assert.Throws<CryptographicException>(() => dsa.SignHashDeterministic(new byte[20], new HashAlgorithmName("NOPE")));
        using (ManagedDsa pub = flavour.Create())
        {
            pub.ImportParameters(dsa.ExportParameters(false));
            Assert.Throws<CryptographicException>(() => pub.CreateSignature(new byte[20]));
            Assert.Throws<CryptographicException>(() => pub.ExportParameters(true));
        }

        dsa.Dispose();
        Assert.Throws<ObjectDisposedException>(() => dsa.CreateSignature(new byte[20]));
        Assert.Throws<ObjectDisposedException>(() => dsa.ExportParameters(false));
    }

    private static void AssertRefused(ManagedDsa dsa, DSAParameters parameters) =>
        Assert.Throws<CryptographicException>(() => dsa.ImportParameters(parameters));

    private static System.Numerics.BigInteger Big(byte[] b) => new(b, isUnsigned: true, isBigEndian: true);

    private static byte[] Bytes(System.Numerics.BigInteger v, int length)
    {
        byte[] raw = v.ToByteArray(isUnsigned: true, isBigEndian: true);
        byte[] r = new byte[Math.Max(length, raw.Length)];
        raw.CopyTo(r, r.Length - raw.Length);
        return r;
    }

    private static byte[] Concat(byte[] a, byte[] b)
    {
        byte[] r = new byte[a.Length + b.Length];
        a.CopyTo(r, 0);
        b.CopyTo(r, a.Length);
        return r;
    }
}

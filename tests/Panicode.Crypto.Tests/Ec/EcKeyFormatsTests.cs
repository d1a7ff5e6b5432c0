using System;
using System.Security.Cryptography;
using Panicode.Crypto.Tests.Infrastructure;

namespace Panicode.Crypto.Tests.Ec;

/// <summary>
/// <see cref="EcKeyFormats"/>, the key encodings netstandard2.0 users get (the Mono legs run them through the EC vector
/// suites' PKCS#8 and SubjectPublicKeyInfo keys). Here, on .NET 10, they are called as static methods, so they run
/// instead of the BCL's inherited members, and the BCL (OpenSSL underneath) is the oracle: the same DER both ways.
/// </summary>
public sealed class EcKeyFormatsTests
{
    public static TheoryData<string, Implementation<PrimeEcdsa>> CurvesAndFlavours()
    {
        TheoryData<string, Implementation<PrimeEcdsa>> data = new();
        foreach (string curve in new[] { "1.2.840.10045.3.1.7", "1.3.132.0.34", "1.3.132.0.35", "1.3.132.0.10", "1.3.36.3.3.2.8.1.1.7" })
        {
            foreach (Implementation<PrimeEcdsa> flavour in Implementations.Ecdsa)
            {
                data.Add(curve, flavour);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(CurvesAndFlavours))]
    public void EncodingsEqualTheBclsBothWays(string oid, Implementation<PrimeEcdsa> flavour)
    {
        using ECDsa bcl = ECDsa.Create(ECCurve.CreateFromValue(oid));
        ECParameters expected = bcl.ExportParameters(true);

        // The BCL's encodings into ours.
        using PrimeEcdsa fromPkcs8 = flavour.Create();
        byte[] pkcs8 = bcl.ExportPkcs8PrivateKey();
        EcKeyFormats.ImportPkcs8PrivateKey(fromPkcs8, pkcs8, out int read);
        Assert.Equal(pkcs8.Length, read);
        AssertSameKey(expected, fromPkcs8.ExportParameters(true));

        using PrimeEcdsa fromSec1 = flavour.Create();
        byte[] sec1 = bcl.ExportECPrivateKey();
        EcKeyFormats.ImportECPrivateKey(fromSec1, sec1, out read);
        Assert.Equal(sec1.Length, read);
        AssertSameKey(expected, fromSec1.ExportParameters(true));

        using PrimeEcdsa fromSpki = flavour.Create();
        byte[] spki = bcl.ExportSubjectPublicKeyInfo();
        EcKeyFormats.ImportSubjectPublicKeyInfo(fromSpki, spki, out read);
        Assert.Equal(spki.Length, read);
        Assert.Equal(expected.Q.X, fromSpki.ExportParameters(false).Q.X);
        Assert.Equal(expected.Q.Y, fromSpki.ExportParameters(false).Q.Y);

        // Ours, byte for byte as the BCL writes them, and readable by the BCL.
        Assert.Equal(spki, EcKeyFormats.ExportSubjectPublicKeyInfo(fromPkcs8));
        Assert.Equal(sec1, EcKeyFormats.ExportECPrivateKey(fromPkcs8));
        using ECDsa back = ECDsa.Create();
        back.ImportPkcs8PrivateKey(EcKeyFormats.ExportPkcs8PrivateKey(fromPkcs8), out _);
        AssertSameKey(expected, back.ExportParameters(true));

        // PEM both ways.
        Assert.Equal(bcl.ExportSubjectPublicKeyInfoPem(), EcKeyFormats.ExportSubjectPublicKeyInfoPem(fromPkcs8).Replace("\r\n", "\n"));
        Assert.Equal(bcl.ExportECPrivateKeyPem(), EcKeyFormats.ExportECPrivateKeyPem(fromPkcs8));
        using PrimeEcdsa fromPem = flavour.Create();
        EcKeyFormats.ImportFromPem(fromPem, "some text before\n" + bcl.ExportPkcs8PrivateKeyPem() + "\ntrailing text");
        AssertSameKey(expected, fromPem.ExportParameters(true));
        using ECDsa pemBack = ECDsa.Create();
        pemBack.ImportFromPem(EcKeyFormats.ExportPkcs8PrivateKeyPem(fromPem));
        AssertSameKey(expected, pemBack.ExportParameters(true));

        // A signature made with the imported key verifies with the BCL's.
        byte[] data = { 1, 2, 3 };
        Assert.True(bcl.VerifyData(data, fromPem.SignData(data, HashAlgorithmName.SHA256), HashAlgorithmName.SHA256));
    }

    [Fact]
    public void EcdhKeysGoBothWaysToo()
    {
        foreach (Implementation<PrimeEcdh> flavour in Implementations.Ecdh)
        {
            using ECDiffieHellman bcl = ECDiffieHellman.Create(ECCurve.NamedCurves.nistP384);
            using PrimeEcdh ours = flavour.Create();
            EcKeyFormats.ImportFromPem(ours, bcl.ExportECPrivateKeyPem());
            AssertSameKey(bcl.ExportParameters(true), ours.ExportParameters(true));
            Assert.Equal(bcl.ExportSubjectPublicKeyInfo(), EcKeyFormats.ExportSubjectPublicKeyInfo(ours));
            Assert.Equal(bcl.ExportPkcs8PrivateKeyPem(), EcKeyFormats.ExportPkcs8PrivateKeyPem(ours));
        }
    }

    [Fact]
    public void TrailingDataIsLeftAndCountedAsTheBclDoes()
    {
        using ECDsa bcl = ECDsa.Create(ECCurve.NamedCurves.nistP256);
        byte[] spki = bcl.ExportSubjectPublicKeyInfo();
        byte[] longer = new byte[spki.Length + 7];
        spki.CopyTo(longer, 0);
        using PrimeEcdsa ours = PrimeEcdsa.Create();
        EcKeyFormats.ImportSubjectPublicKeyInfo(ours, longer, out int read);
        bcl.ImportSubjectPublicKeyInfo(longer, out int bclRead);
        Assert.Equal(bclRead, read);
        Assert.Equal(spki.Length, read);
    }

    [Fact]
    public void BadInputIsRejectedWithTheBclsExceptionTypes()
    {
        using ECDsa bcl = ECDsa.Create(ECCurve.NamedCurves.nistP256);
        using PrimeEcdsa ours = PrimeEcdsa.Create();
        byte[] spki = bcl.ExportSubjectPublicKeyInfo();
        byte[] pkcs8 = bcl.ExportPkcs8PrivateKey();

        Assert.Throws<CryptographicException>(() => EcKeyFormats.ImportSubjectPublicKeyInfo(ours, spki.AsSpan(0, spki.Length - 1), out _));
        Assert.Throws<CryptographicException>(() => EcKeyFormats.ImportPkcs8PrivateKey(ours, pkcs8.AsSpan(0, 20), out _));
        Assert.Throws<CryptographicException>(() => EcKeyFormats.ImportPkcs8PrivateKey(ours, spki, out _));
        Assert.Throws<CryptographicException>(() => EcKeyFormats.ImportSubjectPublicKeyInfo(ours, Array.Empty<byte>(), out _));

        // An RSA key is not an EC key.
        using RSA rsa = RSA.Create(1024);
        Assert.Throws<CryptographicException>(() => EcKeyFormats.ImportSubjectPublicKeyInfo(ours, rsa.ExportSubjectPublicKeyInfo(), out _));

        // A point not on the curve is refused by the import's validation.
        byte[] offCurve = (byte[])spki.Clone();
        offCurve[offCurve.Length - 1] ^= 1;
        Assert.Throws<CryptographicException>(() => EcKeyFormats.ImportSubjectPublicKeyInfo(ours, offCurve, out _));

        // PEM: no key block, and an encrypted key (not decrypted here), are argument errors as in the BCL.
        Assert.Throws<ArgumentException>(() => EcKeyFormats.ImportFromPem(ours, "no PEM here"));
        string encrypted = bcl.ExportEncryptedPkcs8PrivateKeyPem("pw", new PbeParameters(PbeEncryptionAlgorithm.Aes128Cbc, HashAlgorithmName.SHA256, 1000));
        Assert.Throws<ArgumentException>(() => EcKeyFormats.ImportFromPem(ours, encrypted));

        // A key on explicit parameters has no named-curve encoding.
        using PrimeEcdsa explicitKey = PrimeEcdsa.Create();
        explicitKey.ImportParameters(bcl.ExportExplicitParameters(true));
        Assert.Throws<CryptographicException>(() => EcKeyFormats.ExportSubjectPublicKeyInfo(explicitKey));

        // The private formats need a private key.
        using PrimeEcdsa publicOnly = PrimeEcdsa.Create();
        EcKeyFormats.ImportSubjectPublicKeyInfo(publicOnly, spki, out _);
        Assert.ThrowsAny<CryptographicException>(() => EcKeyFormats.ExportPkcs8PrivateKey(publicOnly));
    }

    private static void AssertSameKey(ECParameters expected, ECParameters actual)
    {
        Assert.Equal(expected.Q.X, actual.Q.X);
        Assert.Equal(expected.Q.Y, actual.Q.Y);
        Assert.Equal(expected.D, actual.D);
        Assert.Equal(expected.Curve.Oid.Value, actual.Curve.Oid.Value);
    }
}

/// <summary><see cref="EcdsaDerSignatures"/> against the BCL's Rfc3279DerSequence signatures.</summary>
public sealed class EcdsaDerSignaturesTests
{
    public static TheoryData<Implementation<PrimeEcdsa>> Flavours => Implementations.ToTheoryData(Implementations.Ecdsa);

    [Theory]
    [MemberData(nameof(Flavours))]
    public void DerSignaturesInteroperateWithTheBcl(Implementation<PrimeEcdsa> flavour)
    {
        foreach (ECCurve curve in new[] { ECCurve.NamedCurves.nistP256, ECCurve.NamedCurves.nistP521, ECCurve.NamedCurves.brainpoolP384r1 })
        {
            using ECDsa bcl = ECDsa.Create(curve);
            using PrimeEcdsa ours = flavour.Create();
            ours.ImportParameters(bcl.ExportParameters(true));
            byte[] data = new byte[100];
            new Random(71).NextBytes(data);
            for (int i = 0; i < 8; i++)
            {
                data[0] = (byte)i;
                byte[] mine = ours.SignDataDer(data, HashAlgorithmName.SHA384);
                Assert.True(bcl.VerifyData(data, mine, HashAlgorithmName.SHA384, DSASignatureFormat.Rfc3279DerSequence));
                byte[] theirs = bcl.SignData(data, HashAlgorithmName.SHA384, DSASignatureFormat.Rfc3279DerSequence);
                Assert.True(ours.VerifyDataDer(data, theirs, HashAlgorithmName.SHA384));
                byte[] hash = SHA256.HashData(data);
                Assert.True(ours.VerifyHashDer(hash, bcl.SignHash(hash, DSASignatureFormat.Rfc3279DerSequence)));
                Assert.True(bcl.VerifyHash(hash, ours.SignHashDer(hash), DSASignatureFormat.Rfc3279DerSequence));

                // Malformed or altered signatures are false, never an exception.
                Assert.False(ours.VerifyDataDer(data, theirs.AsSpan(0, theirs.Length - 1).ToArray(), HashAlgorithmName.SHA384));
                byte[] trailing = new byte[theirs.Length + 1];
                theirs.CopyTo(trailing, 0);
                Assert.False(ours.VerifyDataDer(data, trailing, HashAlgorithmName.SHA384));
                Assert.False(ours.VerifyDataDer(data, ours.SignData(data, HashAlgorithmName.SHA384), HashAlgorithmName.SHA384));
                data[1] ^= 1;
                Assert.False(ours.VerifyDataDer(data, theirs, HashAlgorithmName.SHA384));
            }
        }
    }
}

using System;
using System.Security.Cryptography;
using Panicode.Crypto.Registry;
using Panicode.Crypto.Tests.Infrastructure;

namespace Panicode.Crypto.Tests.Rsa;

/// <summary>
/// Key formats: the BCL's own members on .NET 10 (through ImportParameters/ExportParameters) and the netstandard2.0
/// extension methods of <see cref="RsaKeyFormats"/> (called statically here, since on .NET 10 the instance members win),
/// both checked against the built-in RSA.
/// </summary>
public sealed class RsaKeyFormatsTests
{
    private static readonly Lazy<RSA> s_builtIn = new(() => RSA.Create(2048));

    public static TheoryData<Implementation<ManagedRsa>> Flavours => Implementations.Data(Families.Rsa);

    [Theory]
    [MemberData(nameof(Flavours))]
    public void ExtensionMethodsRoundTripWithTheBuiltInRsa(Implementation<ManagedRsa> flavour)
    {
        RSA builtIn = s_builtIn.Value;
        RSAParameters expected = builtIn.ExportParameters(true);
        using ManagedRsa ours = flavour.Create();

        RsaKeyFormats.ImportPkcs8PrivateKey(ours, builtIn.ExportPkcs8PrivateKey(), out int read);
        Assert.Equal(builtIn.ExportPkcs8PrivateKey().Length, read);
        AssertSameKey(expected, ours.ExportParameters(true));
        Assert.Equal(builtIn.ExportPkcs8PrivateKey(), RsaKeyFormats.ExportPkcs8PrivateKey(ours));
        Assert.Equal(builtIn.ExportRSAPrivateKey(), RsaKeyFormats.ExportRSAPrivateKey(ours));
        Assert.Equal(builtIn.ExportRSAPublicKey(), RsaKeyFormats.ExportRSAPublicKey(ours));
        Assert.Equal(builtIn.ExportSubjectPublicKeyInfo(), RsaKeyFormats.ExportSubjectPublicKeyInfo(ours));
        Assert.Equal(builtIn.ExportSubjectPublicKeyInfoPem(), RsaKeyFormats.ExportSubjectPublicKeyInfoPem(ours));
        Assert.Equal(builtIn.ExportRSAPrivateKeyPem(), RsaKeyFormats.ExportRSAPrivateKeyPem(ours));
        Assert.Equal(builtIn.ExportPkcs8PrivateKeyPem(), RsaKeyFormats.ExportPkcs8PrivateKeyPem(ours));
        Assert.Equal(builtIn.ExportRSAPublicKeyPem(), RsaKeyFormats.ExportRSAPublicKeyPem(ours));

        using ManagedRsa other = flavour.Create();
        RsaKeyFormats.ImportRSAPrivateKey(other, builtIn.ExportRSAPrivateKey(), out _);
        AssertSameKey(expected, other.ExportParameters(true));
        RsaKeyFormats.ImportSubjectPublicKeyInfo(other, builtIn.ExportSubjectPublicKeyInfo(), out _);
        Assert.Equal(expected.Modulus, other.ExportParameters(false).Modulus);
        RsaKeyFormats.ImportRSAPublicKey(other, builtIn.ExportRSAPublicKey(), out _);
        Assert.Throws<CryptographicException>(() => other.ExportParameters(true));
        RsaKeyFormats.ImportFromPem(other, builtIn.ExportRSAPrivateKeyPem());
        AssertSameKey(expected, other.ExportParameters(true));
        RsaKeyFormats.ImportFromPem(other, "junk\n" + builtIn.ExportSubjectPublicKeyInfoPem());
        Assert.Equal(expected.Modulus, other.ExportParameters(false).Modulus);
        Assert.Throws<ArgumentException>(() => RsaKeyFormats.ImportFromPem(other, "-----BEGIN CERTIFICATE-----\nAA==\n-----END CERTIFICATE-----"));
        Assert.Throws<CryptographicException>(() => RsaKeyFormats.ImportPkcs8PrivateKey(other, new byte[] { 0x30, 0x03, 0x02, 0x01, 0x00 }, out _));

        // Encrypted PKCS#8 as the BCL writes it: PBES2, PBKDF2 with HMAC-SHA-256 or SHA-1, AES-128/256-CBC.
        foreach (PbeParameters pbe in new[]
        {
            new PbeParameters(PbeEncryptionAlgorithm.Aes256Cbc, HashAlgorithmName.SHA256, 1000),
            new PbeParameters(PbeEncryptionAlgorithm.Aes128Cbc, HashAlgorithmName.SHA1, 10),
            new PbeParameters(PbeEncryptionAlgorithm.Aes192Cbc, HashAlgorithmName.SHA512, 7),
        })
        {
            byte[] encrypted = builtIn.ExportEncryptedPkcs8PrivateKey("pässword", pbe);
            using ManagedRsa fromEncrypted = flavour.Create();
            RsaKeyFormats.ImportEncryptedPkcs8PrivateKey(fromEncrypted, "pässword".AsSpan(), encrypted, out read);
            Assert.Equal(encrypted.Length, read);
            AssertSameKey(expected, fromEncrypted.ExportParameters(true));
            Assert.Throws<CryptographicException>(() => RsaKeyFormats.ImportEncryptedPkcs8PrivateKey(fromEncrypted, "wrong".AsSpan(), encrypted, out _));
            string pem = builtIn.ExportEncryptedPkcs8PrivateKeyPem("pw", pbe);
            RsaKeyFormats.ImportFromEncryptedPem(fromEncrypted, pem.AsSpan(), "pw".AsSpan());
            AssertSameKey(expected, fromEncrypted.ExportParameters(true));
        }
    }

    [Theory]
    [MemberData(nameof(Flavours))]
    public void TheBclMembersWorkThroughParameters(Implementation<ManagedRsa> flavour)
    {
        RSA builtIn = s_builtIn.Value;
        RSAParameters expected = builtIn.ExportParameters(true);
        using ManagedRsa ours = flavour.Create();
        ours.ImportFromPem(builtIn.ExportPkcs8PrivateKeyPem());
        AssertSameKey(expected, ours.ExportParameters(true));
        PbeParameters pbe = new(PbeEncryptionAlgorithm.Aes256Cbc, HashAlgorithmName.SHA256, 100);
        byte[] encrypted = ours.ExportEncryptedPkcs8PrivateKey("pw", pbe);
        using ManagedRsa other = flavour.Create();
        other.ImportEncryptedPkcs8PrivateKey("pw", encrypted, out _);
        AssertSameKey(expected, other.ExportParameters(true));

        string xml = ours.ToXmlString(true);
        Assert.Equal(builtIn.ToXmlString(true), xml);
        using ManagedRsa fromXml = flavour.Create();
        fromXml.FromXmlString(xml);
        AssertSameKey(expected, fromXml.ExportParameters(true));
    }

    [Theory]
    [MemberData(nameof(Flavours))]
    public void ThreePrimeKeysAreRejectedWithAClearError(Implementation<ManagedRsa> flavour)
    {
        // Version 1 RSAPrivateKey (RFC 8017 A.1.2, otherPrimeInfos): two primes only.
        byte[] multi = { 0x30, 0x0B, 0x02, 0x01, 0x01, 0x02, 0x01, 0x0F, 0x02, 0x01, 0x03, 0x30, 0x00 };
        using ManagedRsa ours = flavour.Create();
        CryptographicException e = Assert.Throws<CryptographicException>(() => RsaKeyFormats.ImportRSAPrivateKey(ours, multi, out _));
        Assert.Contains("more than two primes", e.Message);
    }

    private static void AssertSameKey(RSAParameters expected, RSAParameters actual)
    {
        Assert.Equal(expected.Modulus, actual.Modulus);
        Assert.Equal(expected.Exponent, actual.Exponent);
        Assert.Equal(expected.D, actual.D);
        Assert.Equal(expected.P, actual.P);
        Assert.Equal(expected.Q, actual.Q);
        Assert.Equal(expected.DP, actual.DP);
        Assert.Equal(expected.DQ, actual.DQ);
        Assert.Equal(expected.InverseQ, actual.InverseQ);
    }
}

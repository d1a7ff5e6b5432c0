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

    // Two 1,024-bit keys made with Python's `cryptography` (OpenSSL) and kept because their fixed-length RSAParameters
    // fields start with a zero byte: D in the first; DP and InverseQ in the second. DER wants those integers in minimal
    // form (X.690 §8.3.2); the export once passed the padded bytes to AsnWriter, which threw for about one key in 256.
    public static TheoryData<string> KeysWithZeroLeadingBytes => new()
    {
        """
        -----BEGIN RSA PRIVATE KEY-----
        MIICWQIBAAKBgQDRbAcOR1rUiopQmMvODH/ZUBY27VnfkvDk//xZKqmDZ5lr1dem
        W2DxQ0rcYhTYR8u4DHoNuebHvUioO2RYnOwz+ep/6YF2No+YmuKzEoS/oYGPaQOO
        bfnEmS2GqcPcS3ceskMJ2mcVYBIY5ruA8z9niKP3VYbohph1SUIxzNH/TwIDAQAB
        An9BcYDC9Yls4d5XUWhe+4j4YA6RG5r6QvEEnvo84xgV+En5aNn7IpMo0d6TABOD
        guwml7+MiouT35LU/7pb9q3Y/1Dgwp7l/ZFJd7a0Jz5BZfRqdOzzmm9T92r7OKx/
        4FS3kiIgtMvHZO1Mgyspo94fNLnS6qubt/9HgCO9jwSBAkEA9LJzaAPSwndsGwpZ
        qOQLy2rPcy+Y5OVU1o3lJfMVIsFsp92j6MmaS8cwuA+92VonyMNXraYenfEZ4V8t
        3pa0swJBANsYcql+uxkA4slxZqNly2I3WD5V2j4+Qa0JZd6E3v+m/yesw0Hb7aui
        Sfn5mhz/nFBdU//lgkOEKdAlcbI0sPUCQAZmTGJiBzcSzH8AjEvAexZ82qQWkJcb
        8FYUK/QMIXdhO6hAQbMq4qAsu3d04fA3TWcQxNBD0fUrgxPD231Az8UCQA2MrIKo
        8L8yG9Rja/qM8BAJ5i4stwuEZCFkZGVniDb9R+hXOdgX1tH3fmW0NwC2Gh+qNeis
        c+rjAIb72dUwhwUCQC7hLVsWpJxjb+aOfSXYm9IUV7Sll1fMLec76sCEM5MICrrj
        ckZL/tDsbXRSki8BmGjQHdBTx5QVSeNPW/Lr1Lo=
        -----END RSA PRIVATE KEY-----
        """,
        """
        -----BEGIN RSA PRIVATE KEY-----
        MIICWgIBAAKBgQCsy8IylKLLxFeADJUiHZvofHGLwC8tqQAeGpFZqIb702z+iUsl
        oemj9+p8J8t3OpyAaXav081mHtQD1DMqKP9sOq5vTKtYWN3APzJ6sObj527iaL/M
        8hhDDcgpmXj2YHDkrQ/h9SyCe05RXOVfbHQDCdDK7Cdunj2LzBFX5YkPGwIDAQAB
        AoGAdt/eg6mZrZEvmRoO5t9zyKcD/l6ClmjzecJRSFsWMdyr2RheqE8RSwpdOHiw
        EyAxVm43hpKxdZWzycaMRG7b+FizmtVd8QI9SsGa/n/+clfJubxQgPpHoVBM8fwF
        +1eKekoY/HNLabt+eUjOiF4awgOfuBiXxkZ22WJtxevvHbECQQDkPu7wckDM2ryt
        Bv3TQjazzXHQqpycVQpfSThIhKbo+kuses+0bJnzwrZGcvNDvysk2RM3RKbrEUIt
        NUy7OgO9AkEAwc65iFZDe4hLZ4d7k7LQHsq143xZ9kEpn7VzPzdiDENQiTBLXGzY
        Gnr8yb/DFg2olTQ/QDyreouTx6H0jpaftwJAAJeRMxp4xI9EsgY0nlmrnqfHxczL
        fzRRRJICDV4auLv9ekMPSt6FP7aflmsx6lkSmZPekuQgsrdmvotG2a162QJAE7yL
        pFi0kpX0p9xiN05UZ25ZS4tUVgGYzYza6asoLvuD7hSe+BCViUzRBXKj2VEWw+sI
        LfB/vgEM0Z2qnAK2zQI/bJMCUC9RRuNytgOvyorcOTAkzYWf7h3CdBQNim6RxvMu
        arJEkIgQWc+IA4nMP+VfdlDBNt+hBwt5DQIAKXyX
        -----END RSA PRIVATE KEY-----
        """,
    };

    [Theory]
    [MemberData(nameof(KeysWithZeroLeadingBytes))]
    public void KeysWhoseFieldsStartWithAZeroByteExportInMinimalDer(string pem)
    {
        using RSA builtIn = RSA.Create();
        builtIn.ImportFromPem(pem);
        RSAParameters parameters = builtIn.ExportParameters(true);
        Assert.True(parameters.D![0] == 0 || parameters.InverseQ![0] == 0, "the key no longer has a zero leading byte");

        foreach (Implementation<ManagedRsa> flavour in Implementations.Of(Families.Rsa))
        {
            using ManagedRsa ours = flavour.Create();
            ours.ImportParameters(parameters);
            Assert.Equal(builtIn.ExportRSAPrivateKey(), RsaKeyFormats.ExportRSAPrivateKey(ours));
            Assert.Equal(builtIn.ExportPkcs8PrivateKey(), RsaKeyFormats.ExportPkcs8PrivateKey(ours));
            Assert.Equal(builtIn.ExportRSAPublicKey(), RsaKeyFormats.ExportRSAPublicKey(ours));
        }
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

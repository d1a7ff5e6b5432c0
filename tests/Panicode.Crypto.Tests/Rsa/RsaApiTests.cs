using System;
using System.Security.Cryptography;
using Panicode.Crypto.Registry;
using Panicode.Crypto.Tests.Infrastructure;

namespace Panicode.Crypto.Tests.Rsa;

/// <summary>ManagedRsa through the RSA API against the built-in RSA (OpenSSL), both ways, every scheme.</summary>
public sealed class RsaApiTests
{
    public static TheoryData<Implementation<ManagedRsa>> Flavours => Implementations.Data(Families.Rsa);

    private static readonly Lazy<RSAParameters> s_key2048 = new(() =>
    {
        using RSA rsa = RSA.Create(2048);
        return rsa.ExportParameters(true);
    });

    public static readonly HashAlgorithmName[] SignatureHashes =
    {
        HashAlgorithmName.MD5, HashAlgorithmName.SHA1, HashAlgorithmName.SHA256, HashAlgorithmName.SHA384, HashAlgorithmName.SHA512,
    };

    public static readonly RSAEncryptionPadding[] EncryptionPaddings =
    {
        RSAEncryptionPadding.Pkcs1, RSAEncryptionPadding.OaepSHA1, RSAEncryptionPadding.OaepSHA256,
        RSAEncryptionPadding.OaepSHA384, RSAEncryptionPadding.OaepSHA512,
    };

    [Theory]
    [MemberData(nameof(Flavours))]
    public void SignaturesInteroperateWithTheBuiltInRsa(Implementation<ManagedRsa> flavour)
    {
        using ManagedRsa ours = flavour.Create();
        ours.ImportParameters(s_key2048.Value);
        using RSA builtIn = RSA.Create();
        builtIn.ImportParameters(s_key2048.Value);
        byte[] data = new byte[100];
        new Random(1).NextBytes(data);
        int checkedCount = 0;
        foreach (HashAlgorithmName hash in SignatureHashes)
        {
            foreach (RSASignaturePadding padding in new[] { RSASignaturePadding.Pkcs1, RSASignaturePadding.Pss })
            {
                byte[] mine = ours.SignData(data, hash, padding);
                Assert.True(builtIn.VerifyData(data, mine, hash, padding), $"{hash} {padding}");
                byte[] theirs = builtIn.SignData(data, hash, padding);
                Assert.True(ours.VerifyData(data, theirs, hash, padding), $"{hash} {padding}");
                if (padding == RSASignaturePadding.Pkcs1)
                {
                    Assert.Equal(theirs, mine);   // deterministic
                }

                theirs[5] ^= 1;
                Assert.False(ours.VerifyData(data, theirs, hash, padding));
                Assert.False(ours.VerifyData(data, mine.AsSpan(1).ToArray(), hash, padding));
                checkedCount++;
            }
        }

        Assert.Equal(10, checkedCount);
    }

    [Theory]
    [MemberData(nameof(Flavours))]
    public void EncryptionInteroperatesWithTheBuiltInRsa(Implementation<ManagedRsa> flavour)
    {
        using ManagedRsa ours = flavour.Create();
        ours.ImportParameters(s_key2048.Value);
        using RSA builtIn = RSA.Create();
        builtIn.ImportParameters(s_key2048.Value);
        foreach (RSAEncryptionPadding padding in EncryptionPaddings)
        {
            foreach (int length in new[] { 0, 1, 20, 62 })
            {
                byte[] message = new byte[length];
                new Random(length).NextBytes(message);
                Assert.Equal(message, ours.Decrypt(builtIn.Encrypt(message, padding), padding));
                Assert.Equal(message, builtIn.Decrypt(ours.Encrypt(message, padding), padding));
            }

            byte[] c = builtIn.Encrypt(new byte[] { 1, 2, 3 }, padding);
            c[^1] ^= 0x40;
            CryptographicException e = Assert.Throws<CryptographicException>(() => ours.Decrypt(c, padding));
            Assert.Equal("The parameter is incorrect.", e.Message);
        }
    }

    [Theory]
    [MemberData(nameof(Flavours))]
    public void GeneratedKeysWorkWithTheBuiltInRsa(Implementation<ManagedRsa> flavour)
    {
        using ManagedRsa ours = flavour.Create();
        ours.KeySize = 1024;
        RSAParameters p = ours.ExportParameters(true);
        Assert.Equal(128, p.Modulus!.Length);
        Assert.Equal(64, p.P!.Length);
        Assert.Equal(new byte[] { 1, 0, 1 }, p.Exponent);
        using RSA builtIn = RSA.Create();
        builtIn.ImportParameters(p);
        byte[] data = { 1, 2, 3 };
        Assert.True(builtIn.VerifyData(data, ours.SignData(data, HashAlgorithmName.SHA256, RSASignaturePadding.Pss), HashAlgorithmName.SHA256, RSASignaturePadding.Pss));
        Assert.Equal(data, ours.Decrypt(builtIn.Encrypt(data, RSAEncryptionPadding.OaepSHA256), RSAEncryptionPadding.OaepSHA256));
    }

    [Theory]
    [MemberData(nameof(Flavours))]
    public void BadKeysAreRejected(Implementation<ManagedRsa> flavour)
    {
        RSAParameters good = s_key2048.Value;
        using ManagedRsa ours = flavour.Create();
        RSAParameters bad = good;
        bad.D = (byte[])good.D!.Clone();
        bad.D[^1] ^= 2;
        Assert.Throws<CryptographicException>(() => ours.ImportParameters(bad));
        bad = good;
        bad.InverseQ = (byte[])good.InverseQ!.Clone();
        bad.InverseQ[^1] ^= 1;
        Assert.Throws<CryptographicException>(() => ours.ImportParameters(bad));
        bad = good;
        bad.DP = (byte[])good.DP!.Clone();
        bad.DP[^1] ^= 2;
        Assert.Throws<CryptographicException>(() => ours.ImportParameters(bad));
        bad = good;
        bad.Q = (byte[])good.Q!.Clone();
        bad.Q[^1] ^= 2;
        Assert.Throws<CryptographicException>(() => ours.ImportParameters(bad));
        bad = new RSAParameters { Modulus = good.Modulus, Exponent = new byte[] { 1 } };
        Assert.Throws<CryptographicException>(() => ours.ImportParameters(bad));
        bad = new RSAParameters { Modulus = good.Modulus, Exponent = new byte[] { 1, 0, 0 } };
        Assert.Throws<CryptographicException>(() => ours.ImportParameters(bad));
        byte[] even = (byte[])good.Modulus!.Clone();
        even[^1] &= 0xFE;
        Assert.Throws<CryptographicException>(() => ours.ImportParameters(new RSAParameters { Modulus = even, Exponent = good.Exponent }));
        ours.ImportParameters(good);
        Assert.Equal(2048, ours.KeySize);

        // A public exponent longer than 64 bits is refused above 3,072-bit moduli (as OpenSSL does): its public operation
        // would otherwise cost seconds. A 65-bit e on a 4,096-bit n is refused; the same e on the 2,048-bit n imports.
        byte[] longE = new byte[9];
        longE[0] = 1;
        longE[^1] = 1;
        byte[] n4096 = new byte[512];
        n4096.AsSpan().Fill(0xFF);
        Assert.Throws<CryptographicException>(() => ours.ImportParameters(new RSAParameters { Modulus = n4096, Exponent = longE }));
        ours.ImportParameters(new RSAParameters { Modulus = good.Modulus, Exponent = longE });
        Assert.Equal(2048, ours.KeySize);
    }

    [Theory]
    [MemberData(nameof(Flavours))]
    public void DisposedObjectsRefuse(Implementation<ManagedRsa> flavour)
    {
        ManagedRsa ours = flavour.Create();
        ours.ImportParameters(s_key2048.Value);
        ours.Dispose();
        Assert.Throws<ObjectDisposedException>(() => ours.SignData(new byte[1], HashAlgorithmName.SHA256, RSASignaturePadding.Pkcs1));
        Assert.Throws<ObjectDisposedException>(() => ours.ExportParameters(false));
        Assert.Throws<ObjectDisposedException>(() => ours.ImportParameters(s_key2048.Value));
        Assert.Throws<ObjectDisposedException>(() => ours.ImportFromPem("-----BEGIN PUBLIC KEY-----\n-----END PUBLIC KEY-----"));
    }
}

using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.Registry;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Vectors;
using Panicode.Crypto.Vectors.Rsa;

namespace Panicode.Crypto.Tests.Rsa;

/// <summary>RSA vector files of <see cref="RsaVectorCatalog"/> (which the Mono runner runs too), one row per (file, flavour).</summary>
public sealed class RsaVectorTests
{
    public static TheoryData<string, Implementation<ManagedRsa>> Files()
    {
        TheoryData<string, Implementation<ManagedRsa>> data = new();
        foreach (string file in RsaVectorCatalog.All.Select(s => s.Name))
        {
            foreach (Implementation<ManagedRsa> implementation in Implementations.Of(Families.Rsa))
            {
                data.Add(file, implementation);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Files))]
    public void VectorFile(string file, Implementation<ManagedRsa> implementation) =>
        SuiteAssert.AllPass(RsaVectorCatalog.Find(file), new ManagedRsaSubject(implementation.Create));

    [Fact]
    public void TheCatalogHoldsEveryFile()
    {
        Assert.Equal(5, RsaVectorCatalog.RsaLabs.Count);
        Assert.Equal(6, RsaVectorCatalog.Cavp.Count);
        Assert.Equal(24, RsaVectorCatalog.OaepCustom.Count);
        Assert.Equal(67, RsaVectorCatalog.Wycheproof.Count);
    }
}

/// <summary>A ManagedRsa flavour as an <see cref="RsaSubject"/>.</summary>
internal sealed class ManagedRsaSubject : RsaSubject
{
    private readonly System.Func<ManagedRsa> _create;

    public ManagedRsaSubject(System.Func<ManagedRsa> create)
    {
        _create = create;
        using ManagedRsa probe = create();
        Name = probe.GetType().Name;
    }

    public override string Name { get; }

    public override RSA Import(RSAParameters parameters)
    {
        ManagedRsa rsa = _create();
        try
        {
            rsa.ImportParameters(parameters);
            return rsa;
        }
        catch
        {
            rsa.Dispose();
            throw;
        }
    }

    public override RSA ImportEncoded(byte[] der, bool isPrivate)
    {
        ManagedRsa rsa = _create();
        try
        {
            if (isPrivate)
            {
                rsa.ImportPkcs8PrivateKey(der, out _);
            }
            else
            {
                rsa.ImportSubjectPublicKeyInfo(der, out _);
            }

            return rsa;
        }
        catch
        {
            rsa.Dispose();
            throw;
        }
    }

    public override byte[] Hash(string hashName, byte[] message) => Panicode.Crypto.Hashing.EcHash.Compute(new HashAlgorithmName(hashName), message, 0, message.Length);

    public override bool VerifyPss(RSA key, byte[] hash, byte[] signature, string hashName, string mgfHashName, int saltLength) =>
        ((ManagedRsa)key).VerifyPss(hash, signature, new HashAlgorithmName(hashName), new HashAlgorithmName(mgfHashName), saltLength);

    public override byte[] SignPss(RSA key, byte[] hash, string hashName, string mgfHashName, byte[] salt) =>
        ((ManagedRsa)key).SignPss(hash, new HashAlgorithmName(hashName), new HashAlgorithmName(mgfHashName), salt);

    public override byte[] EncryptOaep(RSA key, byte[] message, string hashName, string mgfHashName, byte[] label, byte[] seed) =>
        ((ManagedRsa)key).EncryptOaep(message, new HashAlgorithmName(hashName), new HashAlgorithmName(mgfHashName), label, seed);

    public override byte[] DecryptOaep(RSA key, byte[] ciphertext, string hashName, string mgfHashName, byte[] label) =>
        ((ManagedRsa)key).DecryptOaep(ciphertext, new HashAlgorithmName(hashName), new HashAlgorithmName(mgfHashName), label);
}

using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.Dsa;
using Panicode.Crypto.Registry;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Vectors;
using Panicode.Crypto.Vectors.Dsa;

namespace Panicode.Crypto.Tests.Dsa;

/// <summary>DSA vector files of <see cref="DsaVectorCatalog"/> (which the Mono runner runs too), one row per (file, flavour).</summary>
public sealed class DsaVectorTests
{
    public static TheoryData<string, Implementation<ManagedDsa>> Files()
    {
        TheoryData<string, Implementation<ManagedDsa>> data = new();
        foreach (string file in DsaVectorCatalog.All.Select(s => s.Name))
        {
            foreach (Implementation<ManagedDsa> implementation in Implementations.Of(Families.Dsa))
            {
                data.Add(file, implementation);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Files))]
    public void VectorFile(string file, Implementation<ManagedDsa> implementation) =>
        SuiteAssert.AllPass(DsaVectorCatalog.Find(file), new ManagedDsaSubject(implementation.Create));

    [Fact]
    public void TheCatalogHoldsEveryFile()
    {
        Assert.Equal(8, DsaVectorCatalog.Cavp.Count);
        Assert.Single(DsaVectorCatalog.Rfc6979);
        Assert.Equal(8, DsaVectorCatalog.Wycheproof.Count);
    }
}

/// <summary>A ManagedDsa flavour as a <see cref="DsaSubject"/>; the Appendix A routines run on the flavour's arithmetic.</summary>
internal sealed class ManagedDsaSubject : DsaSubject
{
    private readonly System.Func<ManagedDsa> _create;
    private readonly Panicode.Crypto.Modular.ModularArithmetic _arith;

    public ManagedDsaSubject(System.Func<ManagedDsa> create)
    {
        _create = create;
        using ManagedDsa probe = create();
        Name = probe.GetType().Name;
        _arith = probe.Arithmetic;
    }

    public override string Name { get; }

    public override DSA Import(DSAParameters parameters)
    {
        ManagedDsa dsa = _create();
        try
        {
            dsa.ImportParameters(parameters);
            return dsa;
        }
        catch
        {
            dsa.Dispose();
            throw;
        }
    }

    public override DSA ImportSubjectPublicKeyInfo(byte[] der)
    {
        ManagedDsa dsa = _create();
        try
        {
            dsa.ImportSubjectPublicKeyInfo(der, out int read);
            return read == der.Length ? dsa : throw new CryptographicException("Trailing data after the key.");
        }
        catch
        {
            dsa.Dispose();
            throw;
        }
    }

    public override byte[] Hash(string hashName, byte[] message) => Panicode.Crypto.Hashing.EcHash.Compute(new HashAlgorithmName(hashName), message, 0, message.Length);

    public override byte[] SignWithNonce(DSA key, byte[] hash, byte[] k) => ((ManagedDsa)key).SignWithNonce(hash, k);

    public override byte[] SignDeterministic(DSA key, byte[] hash, string hashName) => ((ManagedDsa)key).SignHashDeterministic(hash, new HashAlgorithmName(hashName));

    public override bool VerifyDer(DSA key, byte[] hash, byte[] signature) =>
        key.VerifySignature(hash, signature, DSASignatureFormat.Rfc3279DerSequence);

    public override (byte[] P, byte[] Q, int Counter)? PrimesFromSeed(int l, int n, string hashName, byte[] seed) =>
        DsaDomain.TryPrimesFromSeed(_arith, l, n, new HashAlgorithmName(hashName), seed, (4 * l) - 1, out byte[]? p, out byte[]? q, out int counter)
            ? (p!, q!, counter)
            : null;

    public override bool ValidatePrimes(byte[] p, byte[] q, byte[] seed, int counter, string hashName) =>
        DsaDomain.ValidatePrimes(_arith, p, q, seed, counter, new HashAlgorithmName(hashName));

    public override byte[]? CanonicalGenerator(byte[] p, byte[] q, byte[] seed, byte index, string hashName) =>
        DsaDomain.CanonicalGenerator(_arith, p, q, seed, index, new HashAlgorithmName(hashName));

    public override bool ValidateGenerator(byte[] p, byte[] q, byte[] g, byte[] seed, byte index, string hashName) =>
        DsaDomain.ValidateGenerator(_arith, p, q, g, seed, index, new HashAlgorithmName(hashName));
}

using System;
using System.Security.Cryptography;
using Panicode.Crypto.Dsa;
using Panicode.Crypto.Vectors.Dsa;

namespace Panicode.Crypto.MonoRunner;

/// <summary>
/// Adapts a <see cref="ManagedDsa"/> factory of one flavour to the DSA vector checks, through the netstandard2.0 build:
/// DER signatures go through the library's strict decoder (netstandard2.0's DSA has no signature formats), the
/// FIPS 186-4 Appendix A routines run on the flavour's arithmetic.
/// </summary>
internal sealed class RunnerDsaSubject : DsaSubject
{
    private readonly Func<ManagedDsa> _create;
    private readonly Panicode.Crypto.Modular.ModularArithmetic _arith;

    public RunnerDsaSubject(string name, Func<ManagedDsa> create)
    {
        Name = name;
        _create = create;
        using ManagedDsa probe = create();
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

    public override byte[] Hash(string hashName, byte[] message) => RunnerHash.Compute(hashName, message);

    public override byte[] SignWithNonce(DSA key, byte[] hash, byte[] k) => ((ManagedDsa)key).SignWithNonce(hash, k);

    public override byte[] SignDeterministic(DSA key, byte[] hash, string hashName) =>
        ((ManagedDsa)key).SignHashDeterministic(hash, RunnerHash.Name(hashName));

    public override bool VerifyDer(DSA key, byte[] hash, byte[] signature) => ((ManagedDsa)key).VerifyDer(hash, signature);

    public override (byte[] P, byte[] Q, int Counter)? PrimesFromSeed(int l, int n, string hashName, byte[] seed) =>
        DsaDomain.TryPrimesFromSeed(_arith, l, n, RunnerHash.Name(hashName), seed, (4 * l) - 1, out byte[]? p, out byte[]? q, out int counter)
            ? (p!, q!, counter)
            : null;

    public override bool ValidatePrimes(byte[] p, byte[] q, byte[] seed, int counter, string hashName) =>
        DsaDomain.ValidatePrimes(_arith, p, q, seed, counter, RunnerHash.Name(hashName));

    public override byte[]? CanonicalGenerator(byte[] p, byte[] q, byte[] seed, byte index, string hashName) =>
        DsaDomain.CanonicalGenerator(_arith, p, q, seed, index, RunnerHash.Name(hashName));

    public override bool ValidateGenerator(byte[] p, byte[] q, byte[] g, byte[] seed, byte index, string hashName) =>
        DsaDomain.ValidateGenerator(_arith, p, q, g, seed, index, RunnerHash.Name(hashName));
}

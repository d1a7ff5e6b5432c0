using System.Security.Cryptography;

namespace Panicode.Crypto.Vectors.Dsa;

/// <summary>
/// What the DSA vector checks need from an implementation; the xUnit project and the Mono runner adapt each flavour.
/// Hash names are the BCL's ("SHA1", "SHA224", "SHA256", ...). Verification of P1363 signatures goes through the DSA
/// API itself; signing with a given k, DER verification on every target and the FIPS 186-4 Appendix A routines go
/// through the subject.
/// </summary>
public abstract class DsaSubject
{
    public abstract string Name { get; }

    /// <summary>Imports a key; throws (any exception) when the implementation rejects it.</summary>
    public abstract DSA Import(DSAParameters parameters);

    /// <summary>Imports a DER SubjectPublicKeyInfo (the whole input); throws when rejected.</summary>
    public abstract DSA ImportSubjectPublicKeyInfo(byte[] der);

    public abstract byte[] Hash(string hashName, byte[] message);

    /// <summary>FIPS 186-4 §4.6 with the given per-message secret k; r || s.</summary>
    public abstract byte[] SignWithNonce(DSA key, byte[] hash, byte[] k);

    /// <summary>RFC 6979 deterministic signature with HMAC over <paramref name="hashName"/>; r || s.</summary>
    public abstract byte[] SignDeterministic(DSA key, byte[] hash, string hashName);

    /// <summary>Verifies a DER (RFC 3279 Dss-Sig-Value) signature; false when malformed.</summary>
    public abstract bool VerifyDer(DSA key, byte[] hash, byte[] signature);

    /// <summary>FIPS 186-4 A.1.1.2 from a given seed: p, q and the counter (null when the seed gives none).</summary>
    public abstract (byte[] P, byte[] Q, int Counter)? PrimesFromSeed(int l, int n, string hashName, byte[] seed);

    /// <summary>FIPS 186-4 A.1.1.3.</summary>
    public abstract bool ValidatePrimes(byte[] p, byte[] q, byte[] seed, int counter, string hashName);

    /// <summary>FIPS 186-4 A.2.3: g from the seed and index (null when the count runs out).</summary>
    public abstract byte[]? CanonicalGenerator(byte[] p, byte[] q, byte[] seed, byte index, string hashName);

    /// <summary>FIPS 186-4 A.2.4.</summary>
    public abstract bool ValidateGenerator(byte[] p, byte[] q, byte[] g, byte[] seed, byte index, string hashName);

    public override string ToString() => Name;
}

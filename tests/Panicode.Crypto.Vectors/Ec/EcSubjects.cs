using System.Security.Cryptography;

namespace Panicode.Crypto.Vectors.Ec;

/// <summary>
/// What the ECDSA vector checks need from an implementation. The xUnit project (and later the Mono runner)
/// adapts each flavour to it; hash names are as the files spell them ("SHA-256", "SHA3-224", "SHA1").
/// </summary>
public abstract class EcdsaSubject
{
    public abstract string Name { get; }

    /// <summary>Imports a key; throws (any exception) when the implementation rejects it.</summary>
    public abstract ECDsa Import(ECParameters parameters);

    /// <summary>Imports a DER PKCS#8 private key or SubjectPublicKeyInfo; throws when rejected.</summary>
    public abstract ECDsa ImportEncoded(byte[] der, bool isPrivate);

    /// <summary>Generates a new key on <paramref name="curve"/> (named or explicit).</summary>
    public abstract ECDsa Generate(ECCurve curve);

    public abstract byte[] Hash(string hashName, byte[] message);

    /// <summary>Signs with the given nonce k; returns r || s.</summary>
    public abstract byte[] SignHashWithNonce(ECDsa key, byte[] hash, byte[] k);

    /// <summary>Signs with an RFC 6979 nonce using HMAC with the named hash; returns r || s.</summary>
    public abstract byte[] SignHashDeterministic(ECDsa key, byte[] hash, string hashName);

    /// <summary>Verifies r || s (or DER when <paramref name="der"/>).</summary>
    public abstract bool VerifyHash(ECDsa key, byte[] hash, byte[] signature, bool der);

    public override string ToString() => Name;
}

/// <summary>What the ECDH vector checks need: a raw agreement (the shared x-coordinate) from a private key.</summary>
public abstract class EcdhSubject
{
    public abstract string Name { get; }

    /// <summary>
    /// Z = x(d Q) for a private key (with or without its public point, which must then match) and a peer point;
    /// throws (any exception) when a key or the result is rejected.
    /// </summary>
    public abstract byte[] Agree(ECParameters privateKey, byte[] peerX, byte[] peerY);

    /// <summary>As <see cref="Agree"/> with the peer key as a DER SubjectPublicKeyInfo.</summary>
    public abstract byte[] AgreeWithSubjectPublicKeyInfo(ECParameters privateKey, byte[] subjectPublicKeyInfo);

    /// <summary>Hashes for the KAS validity files (their CAVSHashZZ); names as the files spell them.</summary>
    public abstract byte[] Hash(string hashName, byte[] message);

    public override string ToString() => Name;
}

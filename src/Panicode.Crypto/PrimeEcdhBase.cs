// netstandard2.0 has no ECDiffieHellman class (only ECDiffieHellmanPublicKey), so on that target PrimeEcdh
// derives from this stand-in, which declares the members of .NET's ECDiffieHellman that PrimeEcdh implements,
// with the same names and signatures. Code written against PrimeEcdh compiles unchanged on both targets.
#if !NET

using System;
using System.Security.Cryptography;

namespace Panicode.Crypto;

/// <summary>
/// netstandard2.0 only: the members of .NET's <c>System.Security.Cryptography.ECDiffieHellman</c> that
/// <see cref="PrimeEcdh"/> implements (netstandard2.0 lacks that class). Use <see cref="PrimeEcdh"/>.
/// </summary>
public abstract class PrimeEcdhBase : AsymmetricAlgorithm
{
    private protected PrimeEcdhBase()
    {
    }

    /// <summary>The key-exchange algorithm: "ECDiffieHellman".</summary>
    public override string KeyExchangeAlgorithm => "ECDiffieHellman";

    /// <summary>Always null: ECDH does not sign.</summary>
    public override string? SignatureAlgorithm => null;

    /// <summary>The public key, to hand to the other party.</summary>
    public abstract ECDiffieHellmanPublicKey PublicKey { get; }

    /// <summary>Derives key material from the shared secret with the other party's public key.</summary>
    public abstract byte[] DeriveKeyMaterial(ECDiffieHellmanPublicKey otherPartyPublicKey);

    /// <summary>Hash(secretPrepend || Z || secretAppend) for the shared secret Z.</summary>
    public abstract byte[] DeriveKeyFromHash(ECDiffieHellmanPublicKey otherPartyPublicKey, HashAlgorithmName hashAlgorithm, byte[]? secretPrepend, byte[]? secretAppend);

    /// <summary>HMAC(hmacKey, secretPrepend || Z || secretAppend) for the shared secret Z (Z itself is the key when hmacKey is null).</summary>
    public abstract byte[] DeriveKeyFromHmac(ECDiffieHellmanPublicKey otherPartyPublicKey, HashAlgorithmName hashAlgorithm, byte[]? hmacKey, byte[]? secretPrepend, byte[]? secretAppend);

    /// <summary>The TLS 1.1 PRF derivation.</summary>
    public abstract byte[] DeriveKeyTls(ECDiffieHellmanPublicKey otherPartyPublicKey, byte[] prfLabel, byte[] prfSeed);

    /// <summary>The raw shared secret Z.</summary>
    public abstract byte[] DeriveRawSecretAgreement(ECDiffieHellmanPublicKey otherPartyPublicKey);

    /// <summary>Replaces the key with a new one on <paramref name="curve"/>.</summary>
    public abstract void GenerateKey(ECCurve curve);

    /// <summary>Replaces the key with the given one (a public key alone is enough for the other party's role).</summary>
    public abstract void ImportParameters(ECParameters parameters);

    /// <summary>The key with a named curve where it has one.</summary>
    public abstract ECParameters ExportParameters(bool includePrivateParameters);

    /// <summary>The key with the curve's explicit parameters.</summary>
    public abstract ECParameters ExportExplicitParameters(bool includePrivateParameters);
}
#endif

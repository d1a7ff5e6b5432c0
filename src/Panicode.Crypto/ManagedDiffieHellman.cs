// Finite-field Diffie-Hellman (NIST SP 800-56A rev. 3, dhEphem/dhStatic primitive), shaped like the BCL's
// ECDiffieHellman: a public-key object, DeriveRawSecretAgreement, and the hash, HMAC and TLS derivations. The scheme
// lives here once; a flavour supplies the Montgomery arithmetic: ManagedDiffieHellman.Create returns the Reference
// flavour, UnsafeCrypto.CreateDiffieHellman the Unsafe one.

using System;
using System.Security.Cryptography;
using Panicode.Crypto.Dh;
using Panicode.Crypto.Hashing;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Modular;

namespace Panicode.Crypto;

/// <summary>The named finite-field groups.</summary>
public enum FfdhGroup
{
    /// <summary>RFC 7919 ffdhe2048 (safe prime, g = 2).</summary>
    Ffdhe2048,

    /// <summary>RFC 7919 ffdhe3072.</summary>
    Ffdhe3072,

    /// <summary>RFC 7919 ffdhe4096.</summary>
    Ffdhe4096,

    /// <summary>RFC 7919 ffdhe6144.</summary>
    Ffdhe6144,

    /// <summary>RFC 7919 ffdhe8192.</summary>
    Ffdhe8192,

    /// <summary>RFC 3526 1,536-bit MODP group (IKE group 5).</summary>
    Modp1536,

    /// <summary>RFC 3526 2,048-bit MODP group (IKE group 14).</summary>
    Modp2048,

    /// <summary>RFC 3526 3,072-bit MODP group (IKE group 15).</summary>
    Modp3072,

    /// <summary>RFC 3526 4,096-bit MODP group (IKE group 16).</summary>
    Modp4096,

    /// <summary>RFC 3526 6,144-bit MODP group (IKE group 17).</summary>
    Modp6144,

    /// <summary>RFC 3526 8,192-bit MODP group (IKE group 18).</summary>
    Modp8192,

    /// <summary>RFC 5114 §2.1, 1,024-bit p with a 160-bit subgroup: for interoperability only, not recommended.</summary>
    Rfc5114Modp1024With160,

    /// <summary>RFC 5114 §2.2, 2,048-bit p with a 224-bit subgroup: for interoperability only, not recommended.</summary>
    Rfc5114Modp2048With224,

    /// <summary>RFC 5114 §2.3, 2,048-bit p with a 256-bit subgroup: for interoperability only, not recommended.</summary>
    Rfc5114Modp2048With256,
}

/// <summary>Finite-field Diffie-Hellman parameters and key, big-endian unsigned integers (as <see cref="DSAParameters"/>).</summary>
public struct DiffieHellmanParameters
{
    /// <summary>The prime modulus p.</summary>
    public byte[]? P;

    /// <summary>The generator g.</summary>
    public byte[]? G;

    /// <summary>The order q of g, or null for a safe prime (q = (p - 1) / 2).</summary>
    public byte[]? Q;

    /// <summary>The public key y = g^x mod p.</summary>
    public byte[]? Y;

    /// <summary>The private key x, or null.</summary>
    public byte[]? X;
}

/// <summary>A finite-field Diffie-Hellman public key (the group and y).</summary>
public sealed class ManagedDiffieHellmanPublicKey
{
    private readonly DiffieHellmanParameters _parameters;

    /// <summary>Wraps a public key; P, G and Y are required (the key is validated when it is used).</summary>
    /// <param name="parameters">The group and y.</param>
    /// <exception cref="ArgumentException">P, G or Y is missing.</exception>
    public ManagedDiffieHellmanPublicKey(DiffieHellmanParameters parameters)
    {
        if (parameters.P is null || parameters.G is null || parameters.Y is null)
        {
            throw new ArgumentException(ErrorMessages.DhParametersMissing, nameof(parameters));
        }

        _parameters = new DiffieHellmanParameters
        {
            P = (byte[])parameters.P.Clone(),
            G = (byte[])parameters.G.Clone(),
            Q = (byte[]?)parameters.Q?.Clone(),
            Y = (byte[])parameters.Y.Clone(),
        };
    }

    /// <summary>The group and y (no X).</summary>
    /// <returns>A copy of the parameters.</returns>
    public DiffieHellmanParameters ExportParameters() => new()
    {
        P = (byte[])_parameters.P!.Clone(),
        G = (byte[])_parameters.G!.Clone(),
        Q = (byte[]?)_parameters.Q?.Clone(),
        Y = (byte[])_parameters.Y!.Clone(),
    };
}

/// <summary>
/// Finite-field Diffie-Hellman over the named groups of RFC 7919 and RFC 3526 (RFC 5114's for interoperability) or
/// explicit (p, g, q), p of 1,024 to 8,192 bits, in managed code on every target.
/// </summary>
/// <remarks>
/// <para>Private keys follow SP 800-56A 5.6.1.1.4 with RFC 7919 §5.2's short exponents for the safe-prime groups (225
/// to 400 bits) and the full length of q otherwise. The other party's key is validated before any work with the
/// private key (SP 800-56A 5.6.2.3.1: 2 ≤ y ≤ p − 2 and y^q = 1). The shared secret Z is p's length in bytes with its
/// leading zeros, as TLS 1.3 and SP 800-56A require; the exponentiation with x uses fixed windows and whole-table
/// scans.</para>
/// </remarks>
public abstract partial class ManagedDiffieHellman : AsymmetricAlgorithm
{
    private const int TlsPrfSeedLength = 64;
    private const int TlsPrfOutputLength = 48;
    private readonly DhKeyState _state;

    private protected ManagedDiffieHellman(ModularArithmetic arithmetic, FfdhGroup group)
    {
        _state = new DhKeyState(arithmetic, group);
        LegalKeySizesValue = new[] { new KeySizes(DhKey.MinBits, DhKey.MaxBits, 8) };
        KeySizeValue = DhKey.GroupBits(group);
    }

    /// <summary>Creates the Reference flavour; a key in ffdhe2048 is generated on first use.</summary>
    /// <returns>The key-agreement object.</returns>
    public static new ManagedDiffieHellman Create() => new ReferenceManagedDiffieHellman(FfdhGroup.Ffdhe2048);

    /// <summary>Creates the Reference flavour; a key in <paramref name="group"/> is generated on first use.</summary>
    /// <param name="group">The group.</param>
    /// <returns>The key-agreement object.</returns>
    public static ManagedDiffieHellman Create(FfdhGroup group) => new ReferenceManagedDiffieHellman(group);

    /// <summary>Creates the Reference flavour holding the given key.</summary>
    /// <param name="parameters">The key.</param>
    /// <returns>The key-agreement object.</returns>
    /// <exception cref="ArgumentException">P or G is missing, or both X and Y are.</exception>
    /// <exception cref="CryptographicException">The parameters are not a valid group or key.</exception>
    public static ManagedDiffieHellman Create(DiffieHellmanParameters parameters) => Initialize(new ReferenceManagedDiffieHellman(FfdhGroup.Ffdhe2048), parameters);

    /// <summary>This key's public part.</summary>
    public ManagedDiffieHellmanPublicKey PublicKey
    {
        get
        {
            using Lease<DhKey> key = _state.Acquire();
            var e = key.Value.Export(false);
            return new ManagedDiffieHellmanPublicKey(new DiffieHellmanParameters { P = e.P, G = e.G, Q = e.Q, Y = e.Y });
        }
    }

    /// <summary>The size of p in bits. Setting it is not supported: use <see cref="GenerateKey"/> or <see cref="ImportParameters"/>.</summary>
    public override int KeySize
    {
        get => base.KeySize;
        set
        {
            _state.ThrowIfDisposed();
            if (value != KeySize)
            {
                throw new CryptographicException(ErrorMessages.DhKeySizeInvalid);
            }
        }
    }

    /// <summary>Generates a new key pair in a named group.</summary>
    /// <param name="group">The group.</param>
    public void GenerateKey(FfdhGroup group)
    {
        _state.ThrowIfDisposed();
        _state.Replace(DhKey.Generate(_state.Arithmetic, group));
        KeySizeValue = _state.KeySize;
    }

    /// <summary>Imports a key (X may be absent: a public key only; Y may be absent when X is given).</summary>
    /// <param name="parameters">The key.</param>
    /// <exception cref="ArgumentException">P or G is missing, or both X and Y are.</exception>
    /// <exception cref="CryptographicException">The parameters are not a valid group or key.</exception>
    public void ImportParameters(DiffieHellmanParameters parameters)
    {
        _state.ThrowIfDisposed();
        _state.Replace(DhKey.Import(_state.Arithmetic, parameters.P, parameters.G, parameters.Q, parameters.Y, parameters.X));
        KeySizeValue = _state.KeySize;
    }

    /// <summary>Exports the key.</summary>
    /// <param name="includePrivateParameters">Whether to include X.</param>
    /// <returns>The parameters.</returns>
    /// <exception cref="CryptographicException">X was asked for and the key has none.</exception>
    public DiffieHellmanParameters ExportParameters(bool includePrivateParameters)
    {
        using Lease<DhKey> key = _state.Acquire();
        var e = key.Value.Export(includePrivateParameters);
        return new DiffieHellmanParameters { P = e.P, G = e.G, Q = e.Q, Y = e.Y, X = e.X };
    }

    /// <summary>The raw shared secret Z = y^x mod p, p's length in bytes (leading zeros kept).</summary>
    /// <param name="otherPartyPublicKey">The other party's public key, in the same group.</param>
    /// <returns>Z.</returns>
    /// <exception cref="CryptographicException">The other key is in another group or fails validation.</exception>
    public byte[] DeriveRawSecretAgreement(ManagedDiffieHellmanPublicKey otherPartyPublicKey)
    {
        if (otherPartyPublicKey is null)
        {
            throw new ArgumentNullException(nameof(otherPartyPublicKey));
        }

        return DeriveSecret(otherPartyPublicKey.ExportParameters());
    }

    /// <summary>Hash(prepend || Z || append), as the BCL's ECDiffieHellman.DeriveKeyFromHash.</summary>
    /// <param name="otherPartyPublicKey">The other party's public key.</param>
    /// <param name="hashAlgorithm">The hash.</param>
    /// <param name="secretPrepend">Bytes before Z, or null.</param>
    /// <param name="secretAppend">Bytes after Z, or null.</param>
    /// <returns>The hash.</returns>
    public byte[] DeriveKeyFromHash(ManagedDiffieHellmanPublicKey otherPartyPublicKey, HashAlgorithmName hashAlgorithm, byte[]? secretPrepend = null, byte[]? secretAppend = null)
    {
        byte[] z = DeriveRawSecretAgreement(otherPartyPublicKey);
        byte[] input = Concat(secretPrepend, z, secretAppend);
        try
        {
            using HashAlgorithm hash = EcHash.Create(hashAlgorithm);
            return hash.ComputeHash(input);
        }
        finally
        {
            Array.Clear(z, 0, z.Length);
            Array.Clear(input, 0, input.Length);
        }
    }

    /// <summary>HMAC(key, prepend || Z || append) with key = Z when <paramref name="hmacKey"/> is null, as the BCL's ECDiffieHellman.</summary>
    /// <param name="otherPartyPublicKey">The other party's public key.</param>
    /// <param name="hashAlgorithm">The hash of the HMAC.</param>
    /// <param name="hmacKey">The HMAC key, or null for Z.</param>
    /// <param name="secretPrepend">Bytes before Z, or null.</param>
    /// <param name="secretAppend">Bytes after Z, or null.</param>
    /// <returns>The MAC.</returns>
    public byte[] DeriveKeyFromHmac(ManagedDiffieHellmanPublicKey otherPartyPublicKey, HashAlgorithmName hashAlgorithm, byte[]? hmacKey, byte[]? secretPrepend = null, byte[]? secretAppend = null)
    {
        byte[] z = DeriveRawSecretAgreement(otherPartyPublicKey);
        byte[] input = Concat(secretPrepend, z, secretAppend);
        try
        {
            using var hmac = new EcHash.Hmac(hashAlgorithm, hmacKey ?? z);
            return hmac.Compute(input);
        }
        finally
        {
            Array.Clear(z, 0, z.Length);
            Array.Clear(input, 0, input.Length);
        }
    }

    /// <summary>48 bytes of the TLS 1.0/1.1 PRF (RFC 2246 §5) keyed with Z, as the BCL's ECDiffieHellman.DeriveKeyTls.</summary>
    /// <param name="otherPartyPublicKey">The other party's public key.</param>
    /// <param name="prfLabel">The label.</param>
    /// <param name="prfSeed">The 64-byte seed.</param>
    /// <returns>The derived bytes.</returns>
    public byte[] DeriveKeyTls(ManagedDiffieHellmanPublicKey otherPartyPublicKey, byte[] prfLabel, byte[] prfSeed)
    {
        if (prfLabel is null)
        {
            throw new ArgumentNullException(nameof(prfLabel));
        }

        if (prfSeed is null)
        {
            throw new ArgumentNullException(nameof(prfSeed));
        }

        _state.ThrowIfDisposed();
        if (prfSeed.Length != TlsPrfSeedLength)
        {
            throw new CryptographicException(ErrorMessages.TlsPrfSeedLength);
        }

        byte[] z = DeriveRawSecretAgreement(otherPartyPublicKey);
        try
        {
            byte[] result = new byte[TlsPrfOutputLength];
            TlsPrf.Derive(z, prfLabel, prfSeed, result);
            return result;
        }
        finally
        {
            Array.Clear(z, 0, z.Length);
        }
    }

    /// <summary>The flavour's arithmetic (tests and benchmarks).</summary>
    internal ModularArithmetic Arithmetic => _state.Arithmetic;

    /// <summary>Z with a peer y given directly (vector suites).</summary>
    internal byte[] DeriveSecret(byte[] peerY)
    {
        using Lease<DhKey> key = _state.Acquire();
        return key.Value.Agree(peerY);
    }

    /// <inheritdoc />
    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            _state.Dispose();
        }

        base.Dispose(disposing);
    }

    private protected static ManagedDiffieHellman Initialize(ManagedDiffieHellman dh, DiffieHellmanParameters parameters)
    {
        try
        {
            dh.ImportParameters(parameters);
            return dh;
        }
        catch
        {
            dh.Dispose();
            throw;
        }
    }

    private static byte[] Concat(byte[]? a, byte[] b, byte[]? c)
    {
        byte[] result = new byte[(a?.Length ?? 0) + b.Length + (c?.Length ?? 0)];
        a?.CopyTo(result, 0);
        b.CopyTo(result, a?.Length ?? 0);
        c?.CopyTo(result, (a?.Length ?? 0) + b.Length);
        return result;
    }

    private byte[] DeriveSecret(DiffieHellmanParameters other)
    {
        using Lease<DhKey> lease = _state.Acquire();
        DhKey key = lease.Value;
        if (!key.SameGroup(other.P!, other.G!))
        {
            throw new CryptographicException(ErrorMessages.DhPeerKeyInvalid);
        }

        return key.Agree(other.Y!);
    }
}

/// <summary>The Reference flavour: safe code throughout.</summary>
internal sealed class ReferenceManagedDiffieHellman : ManagedDiffieHellman
{
    public ReferenceManagedDiffieHellman(FfdhGroup group)
        : base(ReferenceModular.Instance, group)
    {
    }
}

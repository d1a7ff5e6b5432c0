// Elliptic-curve Diffie-Hellman over prime curves (SEC 1 v2 §3.3.1, the ECC CDH primitive of SP 800-56A
// §5.7.1.2 with cofactor 1) behind System.Security.Cryptography.ECDiffieHellman. As with PrimeEcdsa, a
// flavour supplies only the arithmetic. netstandard2.0 has no ECDiffieHellman class: there the base class is
// PrimeEcdhBase, which declares the same members, so this one file serves both targets.

using System;
using System.Security.Cryptography;
using Panicode.Crypto.Hashing;
using Panicode.Crypto.Ec;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto;

/// <summary>ECDH over the same prime curves as <see cref="PrimeEcdsa"/>.</summary>
/// <remarks>
/// The shared secret Z is the x-coordinate of d Q. The peer's point must lie on our curve; a result at
/// infinity is an error. <see cref="DeriveKeyMaterial"/> is SHA-256(Z), as for CNG; <see cref="DeriveKeyTls"/>
/// is the TLS 1.0/1.1 PRF over Z, as in the BCL.
/// </remarks>
#if NET
public abstract class PrimeEcdh : ECDiffieHellman
#else
public abstract class PrimeEcdh : PrimeEcdhBase
#endif
{
    // The BCL's DeriveKeyTls takes a 64-byte seed (client random + server random) and returns a 48-byte master secret.
    private const int TlsPrfSeedLength = 64;
    private const int TlsPrfOutputLength = 48;

    private readonly EcKeyState _state;

    private protected PrimeEcdh(EcBackend backend)
    {
        _state = new EcKeyState(backend, CurveParameters.P521);
        LegalKeySizesValue = new[] { new KeySizes(192, 256, 32), new KeySizes(384, 384, 0), new KeySizes(521, 521, 0) };
        KeySizeValue = _state.KeySize;
    }

    /// <inheritdoc />
    public override int KeySize
    {
        get => base.KeySize;
        set
        {
            if (KeySize == value)
            {
                return;
            }

            base.KeySize = value;
            _state.SetCurve(CurveParameters.ForKeySize(value)!);
            KeySizeValue = _state.KeySize;
        }
    }

    /// <inheritdoc />
    public override ECDiffieHellmanPublicKey PublicKey => new PrimeEcdhPublicKey(_state.Export(false));

    /// <summary>Creates the Reference flavour with a key on nistP521 generated on first use.</summary>
    public static new PrimeEcdh Create() => new ReferencePrimeEcdh();

    // On netstandard2.0 the base class has no Create(ECCurve) or Create(ECParameters) to hide.
#pragma warning disable CS0109
    /// <summary>Creates the Reference flavour with a new key on <paramref name="curve"/>.</summary>
    public static new PrimeEcdh Create(ECCurve curve) =>
        EcKeyState.Initialize<PrimeEcdh>(new ReferencePrimeEcdh(), a => a.GenerateKey(curve));

    /// <summary>Creates the Reference flavour holding the given key.</summary>
    public static new PrimeEcdh Create(ECParameters parameters) =>
        EcKeyState.Initialize<PrimeEcdh>(new ReferencePrimeEcdh(), a => a.ImportParameters(parameters));
#pragma warning restore CS0109

    /// <summary>
    /// Creates the Reference flavour with a new key on the named curve <paramref name="curveName"/>: any name the
    /// library knows ("secp256k1", "nistP256", "secp256r1", "prime256v1", "P-256", "brainpoolP384r1", ...) or a
    /// dotted OID ("1.2.840.10045.3.1.7"). Unlike the inherited <c>ECDiffieHellman.Create(string)</c>, which takes an
    /// algorithm name and returns null for a curve name, this never returns null.
    /// </summary>
    /// <exception cref="ArgumentNullException"><paramref name="curveName"/> is null.</exception>
    /// <exception cref="PlatformNotSupportedException">The name is not that of a supported prime curve.</exception>
    public static new PrimeEcdh Create(string curveName) => Create(NamedCurve(curveName));

    /// <summary>The <see cref="ECCurve"/> of a supported named curve, by name or OID (for the Create overloads of both flavours).</summary>
    internal static ECCurve NamedCurve(string curveName)
    {
        if (curveName is null)
        {
            throw new ArgumentNullException(nameof(curveName));
        }

        return CurveParameters.FromNameOrOid(curveName).ToECCurve(explicitParameters: false);
    }

    /// <inheritdoc />
    public override byte[] DeriveKeyMaterial(ECDiffieHellmanPublicKey otherPartyPublicKey) =>
        DeriveKeyFromHash(otherPartyPublicKey, HashAlgorithmName.SHA256, null, null);

    /// <inheritdoc />
    public override byte[] DeriveKeyFromHash(ECDiffieHellmanPublicKey otherPartyPublicKey, HashAlgorithmName hashAlgorithm, byte[]? secretPrepend, byte[]? secretAppend)
    {
        byte[] z = DeriveSecret(otherPartyPublicKey);
        byte[] input = Array.Empty<byte>();
        try
        {
            using HashAlgorithm hash = EcHash.Create(hashAlgorithm);
            return hash.ComputeHash(input = Concat(secretPrepend, z, secretAppend));
        }
        finally
        {
            Array.Clear(z, 0, z.Length);
            Array.Clear(input, 0, input.Length);
        }
    }

    /// <inheritdoc />
    public override byte[] DeriveKeyFromHmac(ECDiffieHellmanPublicKey otherPartyPublicKey, HashAlgorithmName hashAlgorithm, byte[]? hmacKey, byte[]? secretPrepend, byte[]? secretAppend)
    {
        byte[] z = DeriveSecret(otherPartyPublicKey);
        byte[] input = Array.Empty<byte>();
        try
        {
            using var hmac = new EcHash.Hmac(hashAlgorithm, hmacKey ?? z);
            return hmac.Compute(input = Concat(secretPrepend, z, secretAppend));
        }
        finally
        {
            Array.Clear(z, 0, z.Length);
            Array.Clear(input, 0, input.Length);
        }
    }

    /// <summary>
    /// Derives 48 bytes with the TLS 1.0/1.1 pseudo-random function (RFC 2246 §5) from the raw shared secret, as the
    /// BCL does: PRF(Z, <paramref name="prfLabel"/>, <paramref name="prfSeed"/>), where the seed is 64 bytes.
    /// </summary>
    public override byte[] DeriveKeyTls(ECDiffieHellmanPublicKey otherPartyPublicKey, byte[] prfLabel, byte[] prfSeed)
    {
        if (prfLabel is null)
        {
            throw new ArgumentNullException(nameof(prfLabel));
        }

        if (prfSeed is null)
        {
            throw new ArgumentNullException(nameof(prfSeed));
        }

        // As the BCL: arguments that are null, then disposal, then the seed's length.
        _state.ThrowIfDisposed();
        if (prfSeed.Length != TlsPrfSeedLength)
        {
            throw new CryptographicException(ErrorMessages.TlsPrfSeedLength);
        }

        byte[] z = DeriveSecret(otherPartyPublicKey);
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

    /// <summary>The raw shared secret: the x-coordinate of d Q, field-length big-endian.</summary>
    public override byte[] DeriveRawSecretAgreement(ECDiffieHellmanPublicKey otherPartyPublicKey) =>
        DeriveSecret(otherPartyPublicKey);

    /// <inheritdoc />
    public override void GenerateKey(ECCurve curve)
    {
        _state.Generate(curve);
        KeySizeValue = _state.KeySize;
    }

    /// <inheritdoc />
    public override void ImportParameters(ECParameters parameters)
    {
        _state.Import(parameters);
        KeySizeValue = _state.KeySize;
    }

    /// <inheritdoc />
    public override ECParameters ExportParameters(bool includePrivateParameters) =>
        _state.Export(includePrivateParameters);

    /// <inheritdoc />
    public override ECParameters ExportExplicitParameters(bool includePrivateParameters) =>
        _state.Export(includePrivateParameters, explicitCurve: true);

#if NET
    /// <summary>Checks that this object is not disposed, then imports as the base class does (which decrypts first).</summary>
    /// <inheritdoc />
    public override void ImportEncryptedPkcs8PrivateKey(ReadOnlySpan<byte> passwordBytes, ReadOnlySpan<byte> source, out int bytesRead)
    {
        _state.ThrowIfDisposed();
        base.ImportEncryptedPkcs8PrivateKey(passwordBytes, source, out bytesRead);
    }

    /// <inheritdoc cref="ImportEncryptedPkcs8PrivateKey(ReadOnlySpan{byte}, ReadOnlySpan{byte}, out int)" />
    public override void ImportEncryptedPkcs8PrivateKey(ReadOnlySpan<char> password, ReadOnlySpan<byte> source, out int bytesRead)
    {
        _state.ThrowIfDisposed();
        base.ImportEncryptedPkcs8PrivateKey(password, source, out bytesRead);
    }

    /// <summary>Checks that this object is not disposed, then imports as the base class does (which parses first).</summary>
    /// <inheritdoc />
    public override void ImportPkcs8PrivateKey(ReadOnlySpan<byte> source, out int bytesRead)
    {
        _state.ThrowIfDisposed();
        base.ImportPkcs8PrivateKey(source, out bytesRead);
    }

    /// <inheritdoc cref="ImportPkcs8PrivateKey(ReadOnlySpan{byte}, out int)" />
    public override void ImportSubjectPublicKeyInfo(ReadOnlySpan<byte> source, out int bytesRead)
    {
        _state.ThrowIfDisposed();
        base.ImportSubjectPublicKeyInfo(source, out bytesRead);
    }

    /// <inheritdoc cref="ImportPkcs8PrivateKey(ReadOnlySpan{byte}, out int)" />
    public override void ImportECPrivateKey(ReadOnlySpan<byte> source, out int bytesRead)
    {
        _state.ThrowIfDisposed();
        base.ImportECPrivateKey(source, out bytesRead);
    }

    /// <inheritdoc cref="ImportPkcs8PrivateKey(ReadOnlySpan{byte}, out int)" />
    public override void ImportFromPem(ReadOnlySpan<char> input)
    {
        _state.ThrowIfDisposed();
        base.ImportFromPem(input);
    }

    /// <inheritdoc cref="ImportEncryptedPkcs8PrivateKey(ReadOnlySpan{byte}, ReadOnlySpan{byte}, out int)" />
    public override void ImportFromEncryptedPem(ReadOnlySpan<char> input, ReadOnlySpan<char> password)
    {
        _state.ThrowIfDisposed();
        base.ImportFromEncryptedPem(input, password);
    }

    /// <inheritdoc cref="ImportEncryptedPkcs8PrivateKey(ReadOnlySpan{byte}, ReadOnlySpan{byte}, out int)" />
    public override void ImportFromEncryptedPem(ReadOnlySpan<char> input, ReadOnlySpan<byte> passwordBytes)
    {
        _state.ThrowIfDisposed();
        base.ImportFromEncryptedPem(input, passwordBytes);
    }
#endif

    /// <summary>Throws <see cref="ObjectDisposedException"/> after Dispose (the netstandard2.0 import methods of <see cref="EcKeyFormats"/> call it first).</summary>
    internal void ThrowIfDisposed() => _state.ThrowIfDisposed();

    /// <inheritdoc />
    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            _state.Dispose();
        }

        base.Dispose(disposing);
    }

    /// <summary>Z = x(d Q) for a peer point (x, y) given directly; used by DeriveSecret and the vector tests.</summary>
    internal byte[] DeriveSecret(byte[] peerX, byte[] peerY)
    {
        using Lease<EcKey> lease = _state.Acquire();
        EcKey key = lease.Value;
        EcGroup group = key.Group;
        byte[] d = key.RequirePrivate();
        EcKey.ValidatePublicPoint(group, peerX, peerY);
        byte[] z = new byte[group.FieldBytes];
        if (!group.Multiply(new AffineBytes(peerX, peerY), d, z, Span<byte>.Empty))
        {
            throw new CryptographicException(ErrorMessages.SharedPointAtInfinity);
        }

        return z;
    }

    private byte[] DeriveSecret(ECDiffieHellmanPublicKey otherPartyPublicKey)
    {
        if (otherPartyPublicKey is null)
        {
            throw new ArgumentNullException(nameof(otherPartyPublicKey));
        }

        _state.ThrowIfDisposed();
        ECParameters other = ExportPeer(otherPartyPublicKey);
        CurveParameters ours;
        using (Lease<EcKey> key = _state.Acquire())
        {
            ours = key.Value.Curve;
        }

        // Compared before anything validates the peer's curve: one that is not ours is refused at once, whatever
        // its size (validating a huge explicit curve first took seconds).
        if (!ours.Describes(other.Curve))
        {
            throw new ArgumentException(ErrorMessages.OtherKeyOtherCurve, nameof(otherPartyPublicKey));
        }

        if (other.Q.X is null || other.Q.Y is null)
        {
            throw new CryptographicException(ErrorMessages.OtherKeyNoPoint);
        }

        return DeriveSecret(other.Q.X, other.Q.Y);
    }

    private static ECParameters ExportPeer(ECDiffieHellmanPublicKey key)
    {
#if NET
        try
        {
            return key.ExportParameters();
        }
        catch (CryptographicException)
        {
            // A key on an unnamed curve may only export explicitly.
            return key.ExportExplicitParameters();
        }
#else
        // netstandard2.0's ECDiffieHellmanPublicKey cannot export its point: only our own public keys are usable.
        return key is PrimeEcdhPublicKey ours
            ? ours.Export(explicitCurve: false)
            : throw new ArgumentException(ErrorMessages.OtherKeyNotPrimeEcdh, nameof(key));
#endif
    }

    private static byte[] Concat(byte[]? a, byte[] b, byte[]? c)
    {
        byte[] r = new byte[(a?.Length ?? 0) + b.Length + (c?.Length ?? 0)];
        a?.CopyTo(r, 0);
        b.CopyTo(r, a?.Length ?? 0);
        c?.CopyTo(r, (a?.Length ?? 0) + b.Length);
        return r;
    }
}

/// <summary>The Reference flavour of <see cref="PrimeEcdh"/>.</summary>
internal sealed class ReferencePrimeEcdh : PrimeEcdh
{
    public ReferencePrimeEcdh()
        : base(ReferenceBackend.Instance)
    {
    }
}

/// <summary>A public key of a <see cref="PrimeEcdh"/>: its ECParameters without D.</summary>
internal sealed class PrimeEcdhPublicKey : ECDiffieHellmanPublicKey
{
    private readonly ECParameters _parameters;
    private bool _disposed;

    public PrimeEcdhPublicKey(ECParameters parameters)
#if !NET
        : base(UncompressedPoint(parameters.Q)) // netstandard2.0 has only the constructor taking a key blob (ToByteArray)
#endif
    {
        _parameters = parameters;
    }

#if NET
    public override ECParameters ExportParameters() => Export(explicitCurve: false);

    public override ECParameters ExportExplicitParameters() => Export(explicitCurve: true);
#else
    public override string ToXmlString() => throw new PlatformNotSupportedException(ErrorMessages.XmlExportNotSupported);
#endif

#if !NET
    private static byte[] UncompressedPoint(ECPoint q)
    {
        byte[] x = q.X ?? Array.Empty<byte>();
        byte[] y = q.Y ?? Array.Empty<byte>();
        byte[] blob = new byte[1 + x.Length + y.Length];
        blob[0] = 0x04;
        x.CopyTo(blob, 1);
        y.CopyTo(blob, 1 + x.Length);
        return blob;
    }
#endif

    protected override void Dispose(bool disposing)
    {
        _disposed = true;
        base.Dispose(disposing);
    }

    internal ECParameters Export(bool explicitCurve)
    {
        if (_disposed)
        {
            throw new ObjectDisposedException(nameof(PrimeEcdhPublicKey), ErrorMessages.PublicKeyDisposed);
        }

        return new()
        {
            Curve = explicitCurve
                ? CurveParameters.FromECCurve(_parameters.Curve).ToECCurve(explicitParameters: true, _parameters.Curve.Seed, _parameters.Curve.Hash)
                : _parameters.Curve,
            Q = new ECPoint { X = (byte[]?)_parameters.Q.X?.Clone(), Y = (byte[]?)_parameters.Q.Y?.Clone() },
        };
    }
}

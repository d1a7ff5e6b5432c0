// ECDSA over prime curves (SEC 1 v2 §4.1, FIPS 186-4 §6) behind System.Security.Cryptography.ECDsa.
// The signature logic lives here once; a flavour supplies only the arithmetic (an EcBackend), chosen at
// construction: PrimeEcdsa.Create returns the Reference flavour, Panicode.Crypto.Unsafe its own.

using System;
using System.IO;
using System.Security.Cryptography;
using Panicode.Crypto.Hashing;
using Panicode.Crypto.Ec;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto;

/// <summary>
/// ECDSA over the prime curves secp192r1, secp224r1, secp256r1, secp384r1, secp521r1, secp256k1,
/// brainpoolP224r1/P256r1/P320r1/P384r1/P512r1 and explicit short-Weierstrass prime curves.
/// </summary>
/// <remarks>
/// <para>Nonces are drawn from <see cref="RandomNumberGenerator"/> unless <see cref="DeterministicNonces"/> is
/// set or <see cref="SignHashDeterministic(byte[], HashAlgorithmName)"/> is called, which derive them as RFC 6979
/// describes. Signing and key agreement run in constant time with respect to secret scalars.</para>
/// <para>Imported public keys are checked to lie on the curve; private keys must lie in [1, n-1]; signatures
/// with r or s outside [1, n-1] do not verify; hashes longer than the order are truncated as SEC 1 §4.1.3 says.</para>
/// </remarks>
public abstract class PrimeEcdsa : ECDsa
{
    private readonly EcKeyState _state;

    private protected PrimeEcdsa(EcBackend backend)
    {
        _state = new EcKeyState(backend, CurveParameters.P521);
        LegalKeySizesValue = new[] { new KeySizes(192, 256, 32), new KeySizes(384, 384, 0), new KeySizes(521, 521, 0) };
        KeySizeValue = _state.KeySize;
    }

    /// <summary>
    /// When true, <see cref="SignHash(byte[])"/> and the other signing members derive the nonce as RFC 6979 §3.2
    /// describes instead of drawing it at random; the HMAC uses the SHA-1/SHA-2 function whose output has the
    /// hash's length (20: SHA-1, 28: SHA-224, 32: SHA-256, 48: SHA-384, anything else: SHA-512). To name the
    /// hash function explicitly (for instance SHA3-256) call <see cref="SignHashDeterministic(byte[], HashAlgorithmName)"/>.
    /// </summary>
    public bool DeterministicNonces { get; set; }

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

            base.KeySize = value;   // validates against LegalKeySizes
            _state.SetCurve(CurveParameters.ForKeySize(value)!);
            KeySizeValue = _state.KeySize;
        }
    }

    /// <summary>Creates the Reference flavour with a key on nistP521 generated on first use (as <see cref="ECDsa.Create()"/> does).</summary>
    public static new PrimeEcdsa Create() => new ReferencePrimeEcdsa();

    /// <summary>Creates the Reference flavour with a new key on <paramref name="curve"/>.</summary>
    public static new PrimeEcdsa Create(ECCurve curve) =>
        EcKeyState.Initialize<PrimeEcdsa>(new ReferencePrimeEcdsa(), a => a.GenerateKey(curve));

    /// <summary>Creates the Reference flavour holding the given key.</summary>
    public static new PrimeEcdsa Create(ECParameters parameters) =>
        EcKeyState.Initialize<PrimeEcdsa>(new ReferencePrimeEcdsa(), a => a.ImportParameters(parameters));

    /// <summary>
    /// Creates the Reference flavour with a new key on the named curve <paramref name="curveName"/>: any name the
    /// library knows ("secp256k1", "nistP256", "secp256r1", "prime256v1", "P-256", "brainpoolP384r1", ...) or a
    /// dotted OID ("1.2.840.10045.3.1.7"). Unlike the inherited <c>ECDsa.Create(string)</c>, which takes an
    /// algorithm name and returns null for a curve name, this never returns null.
    /// </summary>
    /// <exception cref="ArgumentNullException"><paramref name="curveName"/> is null.</exception>
    /// <exception cref="PlatformNotSupportedException">The name is not that of a supported prime curve.</exception>
    public static new PrimeEcdsa Create(string curveName) => Create(PrimeEcdh.NamedCurve(curveName));

    /// <inheritdoc />
    public override byte[] SignHash(byte[] hash)
    {
        if (hash is null)
        {
            throw new ArgumentNullException(nameof(hash));
        }

        return SignHashP1363(hash, NonceHash(hash.Length));
    }

    /// <summary>Signs a hash with an RFC 6979 deterministic nonce using HMAC with <paramref name="hashAlgorithm"/>; returns r || s.</summary>
    /// <param name="hash">The hash of the message, computed with <paramref name="hashAlgorithm"/>.</param>
    /// <param name="hashAlgorithm">The hash function H of RFC 6979 (SHA1, SHA224, SHA256, SHA384, SHA512, SHA3-256/384/512 where supported).</param>
    public byte[] SignHashDeterministic(byte[] hash, HashAlgorithmName hashAlgorithm)
    {
        if (hash is null)
        {
            throw new ArgumentNullException(nameof(hash));
        }

        EcHash.Create(hashAlgorithm).Dispose();   // rejects unknown names up front
        return SignHashP1363(hash, hashAlgorithm);
    }

    /// <summary>Hashes <paramref name="data"/> and signs it with an RFC 6979 deterministic nonce; returns r || s.</summary>
    public byte[] SignDataDeterministic(byte[] data, HashAlgorithmName hashAlgorithm)
    {
        if (data is null)
        {
            throw new ArgumentNullException(nameof(data));
        }

        return SignHashDeterministic(EcHash.Compute(hashAlgorithm, data, 0, data.Length), hashAlgorithm);
    }

    /// <inheritdoc />
    public override bool VerifyHash(byte[] hash, byte[] signature)
    {
        if (hash is null)
        {
            throw new ArgumentNullException(nameof(hash));
        }

        if (signature is null)
        {
            throw new ArgumentNullException(nameof(signature));
        }

        return VerifyP1363(hash, signature);
    }

#if NET
    /// <summary>Signs a hash with an RFC 6979 deterministic nonce and returns the signature in <paramref name="signatureFormat"/>.</summary>
    public byte[] SignHashDeterministic(byte[] hash, HashAlgorithmName hashAlgorithm, DSASignatureFormat signatureFormat)
    {
        byte[] p1363 = SignHashDeterministic(hash, hashAlgorithm);
        return signatureFormat switch
        {
            DSASignatureFormat.IeeeP1363FixedFieldConcatenation => p1363,
            DSASignatureFormat.Rfc3279DerSequence => ToDer(p1363),
            _ => throw new ArgumentOutOfRangeException(nameof(signatureFormat)),
        };
    }

    /// <inheritdoc />
    /// <remarks>Sized from the group order, not <see cref="ECDsa.GetMaxSignatureSize"/>, which assumes the order is as long as the field.</remarks>
    protected override byte[] SignHashCore(ReadOnlySpan<byte> hash, DSASignatureFormat signatureFormat)
    {
        if (signatureFormat != DSASignatureFormat.IeeeP1363FixedFieldConcatenation &&
            signatureFormat != DSASignatureFormat.Rfc3279DerSequence)
        {
            throw new ArgumentOutOfRangeException(nameof(signatureFormat));
        }

        byte[] p1363 = SignHashP1363(hash, NonceHash(hash.Length));
        return signatureFormat == DSASignatureFormat.Rfc3279DerSequence ? ToDer(p1363) : p1363;
    }

    /// <inheritdoc />
    public override bool TrySignHash(ReadOnlySpan<byte> hash, Span<byte> destination, out int bytesWritten) =>
        TrySignHashCore(hash, destination, DSASignatureFormat.IeeeP1363FixedFieldConcatenation, out bytesWritten);

    /// <inheritdoc />
    protected override bool TrySignHashCore(ReadOnlySpan<byte> hash, Span<byte> destination, DSASignatureFormat signatureFormat, out int bytesWritten)
    {
        byte[] result = SignHashCore(hash, signatureFormat);
        if (result.Length > destination.Length)
        {
            bytesWritten = 0;
            return false;
        }

        result.CopyTo(destination);
        bytesWritten = result.Length;
        return true;
    }

    /// <inheritdoc />
    public override bool VerifyHash(ReadOnlySpan<byte> hash, ReadOnlySpan<byte> signature) =>
        VerifyHashCore(hash, signature, DSASignatureFormat.IeeeP1363FixedFieldConcatenation);

    /// <inheritdoc />
    protected override bool VerifyHashCore(ReadOnlySpan<byte> hash, ReadOnlySpan<byte> signature, DSASignatureFormat signatureFormat)
    {
        switch (signatureFormat)
        {
            case DSASignatureFormat.IeeeP1363FixedFieldConcatenation:
                return VerifyP1363(hash, signature);
            case DSASignatureFormat.Rfc3279DerSequence:
                int len;
                using (Lease<EcKey> key = _state.Acquire())
                {
                    len = key.Value.Group.OrderBytes;
                }

                byte[] p1363 = new byte[2 * len];
                return DerSignature.TryDecode(signature, len, p1363) && VerifyP1363(hash, p1363);
            default:
                throw new ArgumentOutOfRangeException(nameof(signatureFormat));
        }
    }

    /// <inheritdoc />
    protected override bool TryHashData(ReadOnlySpan<byte> data, Span<byte> destination, HashAlgorithmName hashAlgorithm, out int bytesWritten)
    {
        _state.ThrowIfDisposed();   // SignData/VerifyData hash first: a disposed object refuses before reading the data
        byte[] hash = EcHash.Compute(hashAlgorithm, data.ToArray(), 0, data.Length);
        if (hash.Length > destination.Length)
        {
            bytesWritten = 0;
            return false;
        }

        hash.CopyTo(destination);
        bytesWritten = hash.Length;
        return true;
    }
#endif

    /// <inheritdoc />
    protected override byte[] HashData(byte[] data, int offset, int count, HashAlgorithmName hashAlgorithm)
    {
        _state.ThrowIfDisposed();
        return EcHash.Compute(hashAlgorithm, data, offset, count);
    }

    /// <inheritdoc />
    protected override byte[] HashData(Stream data, HashAlgorithmName hashAlgorithm)
    {
        _state.ThrowIfDisposed();
        return EcHash.Compute(hashAlgorithm, data);
    }

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

    /// <summary>Signs with a caller-chosen nonce k (OrderBytes, big-endian); for known-answer tests only. Returns r || s.</summary>
    internal byte[] SignHashWithNonce(ReadOnlySpan<byte> hash, ReadOnlySpan<byte> k)
    {
        using Lease<EcKey> lease = _state.Acquire();
        EcKey key = lease.Value;
        byte[] signature = new byte[2 * key.Group.OrderBytes];
        if (!EcdsaAlgorithm.TrySign(key.Group, key.RequirePrivate(), hash, k, signature))
        {
            throw new CryptographicException(ErrorMessages.NonceGivesZero);
        }

        return signature;
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

    private HashAlgorithmName? NonceHash(int hashLength) =>
        DeterministicNonces ? EcHash.ForLength(hashLength) : null;

    // IEEE P1363 signatures are r || s, each as long as the field (as the BCL sizes them from KeySize). Where the order
    // has more bytes than the field (wap-wsg-idm-ecid-wtls7, secp160r1: n is about 2^160 + 2^80), an r or s that
    // needs the extra byte comes with probability below 2^-79; such a signature is drawn again with a fresh nonce, so
    // every signature fits the BCL's size. Verification takes either length.
    private byte[] SignHashP1363(ReadOnlySpan<byte> hash, HashAlgorithmName? deterministicHash)
    {
        using Lease<EcKey> lease = _state.Acquire();
        EcKey key = lease.Value;
        int orderBytes = key.Group.OrderBytes;
        int fieldBytes = Math.Min(key.Group.FieldBytes, orderBytes);
        byte[] signature = new byte[2 * orderBytes];
        for (int attempt = 0; ; attempt++)
        {
            EcdsaAlgorithm.Sign(key.Group, key.RequirePrivate(), hash, deterministicHash, signature);
            int extra = orderBytes - fieldBytes;
            if (extra == 0)
            {
                return signature;
            }

            // r and s are public (they are the signature), so looking at their leading bytes leaks nothing.
            if (EcKey.IsZero(signature.AsSpan(0, extra)) &&
                EcKey.IsZero(signature.AsSpan(orderBytes, extra)))
            {
                byte[] compact = new byte[2 * fieldBytes];
                signature.AsSpan(extra, fieldBytes).CopyTo(compact);
                signature.AsSpan(orderBytes + extra, fieldBytes).CopyTo(compact.AsSpan(fieldBytes));
                return compact;
            }

            if (deterministicHash != null || attempt == 8)
            {
                // RFC 6979 gives one nonce per message; a second draw would not be the RFC's signature.
                throw new CryptographicException(ErrorMessages.SignatureDoesNotFitField);
            }
        }
    }

    private bool VerifyP1363(ReadOnlySpan<byte> hash, ReadOnlySpan<byte> signature)
    {
        using Lease<EcKey> lease = _state.Acquire();
        EcKey key = lease.Value;
        int len = key.Group.OrderBytes;
        int fieldBytes = key.Group.FieldBytes;
        if (signature.Length == 2 * fieldBytes && fieldBytes < len)
        {
            // The BCL's field-sized form of a curve whose order is a byte longer: widen r and s to the order's length.
            byte[] wide = new byte[2 * len];
            signature.Slice(0, fieldBytes).CopyTo(wide.AsSpan(len - fieldBytes));
            signature.Slice(fieldBytes).CopyTo(wide.AsSpan(2 * len - fieldBytes));
            signature = wide;
        }

        return signature.Length == 2 * len &&
               EcdsaAlgorithm.Verify(key.Group, key.Qx, key.Qy, hash, signature.Slice(0, len), signature.Slice(len));
    }

    private static byte[] ToDer(byte[] p1363)
    {
        byte[] der = new byte[DerSignature.EncodedLength(p1363)];
        DerSignature.Encode(p1363, der);
        return der;
    }
}

/// <summary>The Reference flavour: safe code throughout.</summary>
internal sealed class ReferencePrimeEcdsa : PrimeEcdsa
{
    public ReferencePrimeEcdsa()
        : base(ReferenceBackend.Instance)
    {
    }
}

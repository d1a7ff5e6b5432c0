// DSA (FIPS 186-4 §4) behind System.Security.Cryptography.DSA, with RFC 6979 §3.2 deterministic nonces. The scheme
// lives here once; a flavour supplies only the Montgomery arithmetic, chosen at construction: ManagedDsa.Create
// returns the Reference flavour, UnsafeCrypto.CreateDsa the Unsafe one.

using System;
using System.IO;
using System.Security.Cryptography;
using Panicode.Crypto.Dsa;
using Panicode.Crypto.Ec;
using Panicode.Crypto.Hashing;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Modular;

namespace Panicode.Crypto;

/// <summary>
/// DSA with (L, N) = (1,024, 160), (2,048, 224), (2,048, 256) and (3,072, 256) keys (p of 512 to 3,072 bits on
/// import), in managed code on every target, the browser included.
/// </summary>
/// <remarks>
/// <para>Signatures are deterministic: k comes from RFC 6979 §3.2 with HMAC over the hash function of the hash's
/// length (SHA-1, SHA-224, SHA-256, SHA-384, else SHA-512), or the one given to
/// <see cref="SignHashDeterministic(byte[], HashAlgorithmName)"/>. g^k runs through a constant-time fixed-window
/// exponentiation and k^-1 through Fermat's little theorem, so signing neither branches nor indexes memory on x or k.</para>
/// <para>Generated domain parameters follow FIPS 186-4 A.1.1.2 (probable primes from a seed) and A.2.3 (verifiable g,
/// index 1); the seed and counter are exported. Imported keys are validated: p and q prime, q | p - 1, g and y of
/// order q, g^x = y.</para>
/// </remarks>
public abstract class ManagedDsa : DSA
{
    private const int DefaultKeySize = 2048;
    private readonly DsaKeyState _state;

    private protected ManagedDsa(ModularArithmetic arithmetic)
    {
        _state = new DsaKeyState(arithmetic, DefaultKeySize);
        LegalKeySizesValue = new[] { new KeySizes(1024, DsaKey.MaxBits, 1024) };
        KeySizeValue = DefaultKeySize;
    }

    /// <summary>Creates the Reference flavour; a 2,048-bit key (q of 256 bits) is generated on first use.</summary>
    public static new ManagedDsa Create() => new ReferenceManagedDsa();

#pragma warning disable CS0109 // netstandard2.0's DSA has no Create(int) and Create(DSAParameters) to hide
    /// <summary>Creates the Reference flavour; a key of <paramref name="keySizeInBits"/> bits is generated on first use.</summary>
    /// <exception cref="CryptographicException">The size is not 1,024, 2,048 or 3,072 bits.</exception>
    public static new ManagedDsa Create(int keySizeInBits) => Initialize(new ReferenceManagedDsa(), keySizeInBits);

    /// <summary>Creates the Reference flavour holding the given key.</summary>
    /// <exception cref="ArgumentException">P, Q, G or Y is missing.</exception>
    /// <exception cref="CryptographicException">The parameters are not a valid key.</exception>
    public static new ManagedDsa Create(DSAParameters parameters) => Initialize(new ReferenceManagedDsa(), parameters);
#pragma warning restore CS0109

    /// <inheritdoc />
    public override int KeySize
    {
        get => base.KeySize;
        set
        {
            _state.ThrowIfDisposed();
            if (KeySize == value)
            {
                return;
            }

            base.KeySize = value;   // validates against LegalKeySizes
            _state.SetKeySize(value);
        }
    }

    /// <summary>
    /// Generates new domain parameters and a key pair with p of <paramref name="keySizeInBits"/> bits and q of
    /// <paramref name="subgroupOrderBits"/> bits: (1,024, 160), (2,048, 224), (2,048, 256) or (3,072, 256).
    /// </summary>
    /// <param name="keySizeInBits">L, the length of p.</param>
    /// <param name="subgroupOrderBits">N, the length of q.</param>
    /// <exception cref="CryptographicException">The pair is not one of FIPS 186-4 §4.2.</exception>
    public void GenerateKey(int keySizeInBits, int subgroupOrderBits)
    {
        _state.ThrowIfDisposed();
        if (!DsaDomain.IsApprovedSize(keySizeInBits, subgroupOrderBits))
        {
            throw new CryptographicException(ErrorMessages.DsaKeySizeInvalid);
        }

        _state.Replace(DsaKey.Generate(_state.Arithmetic, keySizeInBits, subgroupOrderBits));
        KeySizeValue = keySizeInBits;
    }

    /// <inheritdoc />
    public override DSAParameters ExportParameters(bool includePrivateParameters)
    {
        using Lease<DsaKey> key = _state.Acquire();
        return key.Value.Export(includePrivateParameters);
    }

    /// <inheritdoc />
    public override void ImportParameters(DSAParameters parameters)
    {
        _state.Import(parameters);
        KeySizeValue = _state.KeySize;
    }

    /// <summary>Signs a hash; the signature is IEEE P1363 r || s, each as long as q. k is RFC 6979's.</summary>
    /// <param name="rgbHash">The hash (any length; its leftmost N bits are used, FIPS 186-4 §4.6).</param>
    /// <returns>The signature.</returns>
    public override byte[] CreateSignature(byte[] rgbHash)
    {
        if (rgbHash is null)
        {
            throw new ArgumentNullException(nameof(rgbHash));
        }

        return SignP1363(rgbHash, EcHash.ForLength(rgbHash.Length));
    }

    /// <summary>Signs a hash with an RFC 6979 nonce using HMAC with <paramref name="hashAlgorithm"/>; returns r || s.</summary>
    /// <param name="hash">The hash of the message, computed with <paramref name="hashAlgorithm"/>.</param>
    /// <param name="hashAlgorithm">The hash function H of RFC 6979 (SHA1, SHA224, SHA256, SHA384, SHA512).</param>
    /// <returns>The signature.</returns>
    public byte[] SignHashDeterministic(byte[] hash, HashAlgorithmName hashAlgorithm)
    {
        if (hash is null)
        {
            throw new ArgumentNullException(nameof(hash));
        }

        EcHash.Create(hashAlgorithm).Dispose();   // rejects unknown names up front
        return SignP1363(hash, hashAlgorithm);
    }

    /// <summary>Verifies an IEEE P1363 signature r || s of a hash; false for a wrong or malformed signature.</summary>
    /// <param name="rgbHash">The hash.</param>
    /// <param name="rgbSignature">The signature.</param>
    /// <returns>Whether the signature is valid.</returns>
    public override bool VerifySignature(byte[] rgbHash, byte[] rgbSignature)
    {
        if (rgbHash is null)
        {
            throw new ArgumentNullException(nameof(rgbHash));
        }

        if (rgbSignature is null)
        {
            throw new ArgumentNullException(nameof(rgbSignature));
        }

        return VerifyP1363(rgbHash, rgbSignature);
    }

#if NET
    /// <inheritdoc />
    public override bool TryCreateSignature(ReadOnlySpan<byte> hash, Span<byte> destination, out int bytesWritten) =>
        TryCreateSignatureCore(hash, destination, DSASignatureFormat.IeeeP1363FixedFieldConcatenation, out bytesWritten);

    /// <inheritdoc />
    protected override byte[] CreateSignatureCore(ReadOnlySpan<byte> hash, DSASignatureFormat signatureFormat)
    {
        CheckFormat(signatureFormat);
        byte[] p1363 = SignP1363(hash, EcHash.ForLength(hash.Length));
        return signatureFormat == DSASignatureFormat.Rfc3279DerSequence ? ToDer(p1363) : p1363;
    }

    /// <inheritdoc />
    protected override bool TryCreateSignatureCore(ReadOnlySpan<byte> hash, Span<byte> destination, DSASignatureFormat signatureFormat, out int bytesWritten)
    {
        byte[] result = CreateSignatureCore(hash, signatureFormat);
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
    public override bool VerifySignature(ReadOnlySpan<byte> hash, ReadOnlySpan<byte> signature) =>
        VerifySignatureCore(hash, signature, DSASignatureFormat.IeeeP1363FixedFieldConcatenation);

    /// <summary>Verifies in either format; DER is decoded strictly (minimal, non-negative INTEGERs, nothing after).</summary>
    /// <inheritdoc />
    protected override bool VerifySignatureCore(ReadOnlySpan<byte> hash, ReadOnlySpan<byte> signature, DSASignatureFormat signatureFormat)
    {
        CheckFormat(signatureFormat);
        return signatureFormat == DSASignatureFormat.Rfc3279DerSequence ? VerifyDer(hash, signature) : VerifyP1363(hash, signature);
    }

    /// <inheritdoc />
    protected override bool TryHashData(ReadOnlySpan<byte> data, Span<byte> destination, HashAlgorithmName hashAlgorithm, out int bytesWritten)
    {
        _state.ThrowIfDisposed();
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

    // PKCS#8 carries x without y. The base class would fill y in with BigInteger.ModPow(g, x, p), which is variable
    // time in the secret x; these overrides parse the key themselves (DsaKeyFormats) and derive y = g^x with the
    // constant-time fixed-window exponentiation. Encrypted keys are read when they use PBES2 with PBKDF2 and AES-CBC
    // (what the BCL and OpenSSL 1.1+ write); other schemes throw CryptographicException.

    /// <summary>Imports an encrypted PKCS#8 private key (PBES2 with PBKDF2 and AES-CBC); y is derived in constant time.</summary>
    /// <inheritdoc />
    public override void ImportEncryptedPkcs8PrivateKey(ReadOnlySpan<byte> passwordBytes, ReadOnlySpan<byte> source, out int bytesRead) =>
        DsaKeyFormats.ImportEncryptedPkcs8PrivateKey(this, passwordBytes, source, out bytesRead);

    /// <inheritdoc cref="ImportEncryptedPkcs8PrivateKey(ReadOnlySpan{byte}, ReadOnlySpan{byte}, out int)" />
    public override void ImportEncryptedPkcs8PrivateKey(ReadOnlySpan<char> password, ReadOnlySpan<byte> source, out int bytesRead)
    {
        ThrowIfDisposed();   // before the password is converted
        DsaKeyFormats.ImportEncryptedPkcs8PrivateKey(this, password, source, out bytesRead);
    }

    /// <summary>Imports an unencrypted PKCS#8 private key; y is derived in constant time.</summary>
    /// <inheritdoc />
    public override void ImportPkcs8PrivateKey(ReadOnlySpan<byte> source, out int bytesRead) =>
        DsaKeyFormats.ImportPkcs8PrivateKey(this, source, out bytesRead);

    /// <summary>Checks that this object is not disposed, then imports as the base class does (which parses first).</summary>
    /// <inheritdoc />
    public override void ImportSubjectPublicKeyInfo(ReadOnlySpan<byte> source, out int bytesRead)
    {
        _state.ThrowIfDisposed();
        base.ImportSubjectPublicKeyInfo(source, out bytesRead);
    }

    /// <summary>Imports the first PUBLIC KEY or PRIVATE KEY block of PEM text; a private key's y is derived in constant time.</summary>
    /// <inheritdoc />
    public override void ImportFromPem(ReadOnlySpan<char> input) => DsaKeyFormats.ImportFromPem(this, input);

    /// <inheritdoc cref="ImportEncryptedPkcs8PrivateKey(ReadOnlySpan{byte}, ReadOnlySpan{byte}, out int)" />
    public override void ImportFromEncryptedPem(ReadOnlySpan<char> input, ReadOnlySpan<char> password) =>
        DsaKeyFormats.ImportFromEncryptedPem(this, input, password);

    /// <inheritdoc cref="ImportEncryptedPkcs8PrivateKey(ReadOnlySpan{byte}, ReadOnlySpan{byte}, out int)" />
    public override void ImportFromEncryptedPem(ReadOnlySpan<char> input, ReadOnlySpan<byte> passwordBytes) =>
        DsaKeyFormats.ImportFromEncryptedPem(this, input, passwordBytes);

    private static void CheckFormat(DSASignatureFormat signatureFormat)
    {
        if (signatureFormat != DSASignatureFormat.IeeeP1363FixedFieldConcatenation &&
            signatureFormat != DSASignatureFormat.Rfc3279DerSequence)
        {
            throw new ArgumentOutOfRangeException(nameof(signatureFormat));
        }
    }
#endif

#if NET
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
#endif

    /// <summary>Imports a private key whose Y may be missing (PKCS#8 carries x only): y = g^x, in constant time.</summary>
    internal void ImportPrivateDerivingY(DSAParameters parameters)
    {
        _state.Import(parameters, deriveY: true);
        KeySizeValue = _state.KeySize;
    }

    /// <summary>Throws <see cref="ObjectDisposedException"/> after Dispose (the netstandard2.0 key-format extension methods call it first).</summary>
    internal void ThrowIfDisposed() => _state.ThrowIfDisposed();

    /// <summary>The flavour's arithmetic (tests and benchmarks).</summary>
    internal ModularArithmetic Arithmetic => _state.Arithmetic;

    /// <summary>Signs with a given k (CAVP SigGen known answers); r || s.</summary>
    internal byte[] SignWithNonce(ReadOnlySpan<byte> hash, ReadOnlySpan<byte> k)
    {
        using Lease<DsaKey> lease = _state.Acquire();
        DsaKey key = lease.Value;
        byte[] signature = new byte[2 * key.QBytes];
        byte[] kk = new byte[key.QBytes];
        if (k.Length > kk.Length || !key.TrySign(hash, PadTo(k, kk), signature))
        {
            throw new CryptographicException(ErrorMessages.DsaKeyInvalid);
        }

        return signature;
    }

    /// <summary>Verifies a DER signature (both targets; the Mono runner and the netstandard2.0 extension methods use it).</summary>
    internal bool VerifyDer(ReadOnlySpan<byte> hash, ReadOnlySpan<byte> signature)
    {
        int len;
        using (Lease<DsaKey> key = _state.Acquire())
        {
            len = key.Value.QBytes;
        }

        byte[] p1363 = new byte[2 * len];
        return DerSignature.TryDecode(signature, len, p1363) && VerifyP1363(hash, p1363);
    }

    /// <summary>r || s in the DER form (RFC 3279 Dss-Sig-Value).</summary>
    internal static byte[] ToDer(byte[] p1363)
    {
        byte[] der = new byte[DerSignature.EncodedLength(p1363)];
        DerSignature.Encode(p1363, der);
        return der;
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

    private protected static ManagedDsa Initialize(ManagedDsa dsa, int keySizeInBits)
    {
        try
        {
            dsa.KeySize = keySizeInBits;
            return dsa;
        }
        catch
        {
            dsa.Dispose();
            throw;
        }
    }

    private protected static ManagedDsa Initialize(ManagedDsa dsa, DSAParameters parameters)
    {
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

    private static byte[] PadTo(ReadOnlySpan<byte> value, byte[] destination)
    {
        value.CopyTo(destination.AsSpan(destination.Length - value.Length));
        return destination;
    }

    private byte[] SignP1363(ReadOnlySpan<byte> hash, HashAlgorithmName nonceHash)
    {
        using Lease<DsaKey> lease = _state.Acquire();
        DsaKey key = lease.Value;
        byte[] signature = new byte[2 * key.QBytes];
        key.Sign(hash, nonceHash, signature);
        return signature;
    }

    private bool VerifyP1363(ReadOnlySpan<byte> hash, ReadOnlySpan<byte> signature)
    {
        using Lease<DsaKey> lease = _state.Acquire();
        return lease.Value.Verify(hash, signature);
    }
}

/// <summary>The Reference flavour: safe code throughout.</summary>
internal sealed class ReferenceManagedDsa : ManagedDsa
{
    public ReferenceManagedDsa()
        : base(ReferenceModular.Instance)
    {
    }
}

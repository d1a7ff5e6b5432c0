// The common part of the two elliptic-curve key-encapsulation mechanisms of ISO/IEC 18033-2 (ECIES-KEM, §10.2, and
// PSEC-KEM, §10.3), shaped like .NET 10's MLKem: key generation, Encapsulate -> (ciphertext, shared secret),
// Decapsulate, import and export of keys. The keys are ordinary EC keys (a private scalar x, a public point h = x g) on
// the prime curves of PrimeEcdh, so the EC key formats carry them (SubjectPublicKeyInfo with id-ecPublicKey, PKCS#8
// with an ECPrivateKey, PEM). The system parameters of §10.2.1/§10.3.1 are properties: the KDF (§6.2 KDF1 or KDF2
// over a BCL hash), KeyLen (SharedSecretSizeInBytes) and the point format of the ciphertext. A flavour supplies only
// the EC arithmetic (an EcBackend), as for PrimeEcdh.

using System;
using System.Security.Cryptography;
using Panicode.Crypto.Ec;
using Panicode.Crypto.Hashing;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto;

/// <summary>The key-derivation functions of ISO/IEC 18033-2 §6.2.</summary>
public enum Iso18033Kdf
{
    /// <summary>KDF1: Hash(x || I2OSP(0, 4)) || Hash(x || I2OSP(1, 4)) || ... (PKCS #1's MGF1).</summary>
    Kdf1,

    /// <summary>KDF2: the same with the counter starting at 1 (ANSI X9.63's KDF).</summary>
    Kdf2,
}

/// <summary>How a KEM ciphertext encodes its curve point (ISO/IEC 18033-2 §5.4.3; SEC 1 v2 §2.3.3).</summary>
public enum EcPointEncoding
{
    /// <summary>04 || x || y.</summary>
    Uncompressed,

    /// <summary>02 or 03 (the parity of y) || x.</summary>
    Compressed,
}

/// <summary>
/// An elliptic-curve key-encapsulation mechanism of ISO/IEC 18033-2 over the prime curves of <see cref="PrimeEcdh"/>:
/// <see cref="PrimeEciesKem"/> or <see cref="PrimePsecKem"/>. Shaped like .NET 10's <c>MLKem</c>.
/// </summary>
/// <remarks>
/// <para>Only curves of cofactor 1 are accepted (every named curve of the library): there ISO/IEC 18033-2's
/// CofactorMode, OldCofactorMode and CheckMode change nothing (ν = 1, and every point of the curve has order dividing
/// μ), so they are not offered. The key is generated on nistP256 at first use unless one is generated or imported.</para>
/// <para>The key formats are those of EC keys (SubjectPublicKeyInfo with id-ecPublicKey and a named curve, PKCS#8
/// holding an ECPrivateKey, their PEM forms): ISO/IEC 18033-2 defines no key encoding of its own.</para>
/// </remarks>
public abstract class PrimeEcKem : IDisposable
{
    /// <summary>The largest <see cref="SharedSecretSizeInBytes"/> (and PSEC-KEM seed) accepted.</summary>
    public const int MaxSharedSecretSizeInBytes = 4096;

    private readonly EcKeyState _state;
    private HashAlgorithmName _kdfHash = HashAlgorithmName.SHA256;
    private Iso18033Kdf _kdf = Iso18033Kdf.Kdf2;
    private EcPointEncoding _encoding = EcPointEncoding.Uncompressed;
    private int _sharedSecretSize = 32;

    private protected PrimeEcKem(EcBackend backend)
    {
        _state = new EcKeyState(backend, CurveParameters.P256);
    }

    /// <summary>The hash of the KDF: SHA1, SHA256 (the default), SHA384 or SHA512 (any the library's ECDSA hashes).</summary>
    /// <exception cref="CryptographicException">The hash is not supported (as the BCL's hash-by-name methods say).</exception>
    public HashAlgorithmName KdfHash
    {
        get => _kdfHash;
        set
        {
            EcHash.Create(value).Dispose();
            _kdfHash = value;
        }
    }

    /// <summary>KDF1 or KDF2 (the default) of ISO/IEC 18033-2 §6.2.</summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is not one of the two.</exception>
    public Iso18033Kdf Kdf
    {
        get => _kdf;
        set => _kdf = value is Iso18033Kdf.Kdf1 or Iso18033Kdf.Kdf2 ? value : throw new ArgumentOutOfRangeException(nameof(value), ErrorMessages.KemKdf);
    }

    /// <summary>The point format of ciphertexts (uncompressed by default).</summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is not one of the two.</exception>
    public EcPointEncoding PointEncoding
    {
        get => _encoding;
        set => _encoding = value is EcPointEncoding.Uncompressed or EcPointEncoding.Compressed ? value : throw new ArgumentOutOfRangeException(nameof(value), ErrorMessages.KemPointEncoding);
    }

    /// <summary>The length of the shared secret K (KeyLen), 32 bytes by default.</summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is below 1 or above <see cref="MaxSharedSecretSizeInBytes"/>.</exception>
    public int SharedSecretSizeInBytes
    {
        get => _sharedSecretSize;
        set => _sharedSecretSize = CheckSize(value, ErrorMessages.KemSharedSecretSize);
    }

    /// <summary>The length of a ciphertext under the current key and settings.</summary>
    public int CiphertextSizeInBytes
    {
        get
        {
            using Lease<EcKey> key = _state.Acquire();
            return PointLength(key.Value.Group) + ExtraCiphertextBytes;
        }
    }

    /// <summary>The size of the curve's field in bits.</summary>
    public int KeySize
    {
        get
        {
            _state.ThrowIfDisposed();
            return _state.KeySize;
        }
    }

    /// <summary>Bytes of the ciphertext after the point (PSEC-KEM's masked seed; none for ECIES-KEM).</summary>
    private protected virtual int ExtraCiphertextBytes => 0;

    /// <summary>Replaces the key with a new one on <paramref name="curve"/> (a curve of cofactor 1).</summary>
    /// <param name="curve">The curve.</param>
    /// <exception cref="CryptographicException">The curve is not supported or its cofactor is not 1.</exception>
    public void GenerateKey(ECCurve curve)
    {
        _state.ThrowIfDisposed();
        CheckCofactor(curve);
        _state.Generate(curve);
    }

    /// <summary>Replaces the key: a public point Q alone (for encapsulation), or the private scalar D (with or without Q).</summary>
    /// <param name="parameters">The key.</param>
    /// <exception cref="CryptographicException">The key is not valid, or the curve's cofactor is not 1.</exception>
    public void ImportParameters(ECParameters parameters)
    {
        _state.ThrowIfDisposed();
        CheckCofactor(parameters.Curve);
        _state.Import(parameters);
    }

    /// <summary>Exports the key: the public point Q, and the private scalar D when asked for.</summary>
    /// <param name="includePrivateParameters">Whether to include D.</param>
    /// <returns>The key with its named curve (explicit parameters when it was given so).</returns>
    /// <exception cref="CryptographicException">D was asked for and the key has none.</exception>
    public ECParameters ExportParameters(bool includePrivateParameters) => _state.Export(includePrivateParameters);

    /// <summary>Encapsulates a new shared secret to this object's public key.</summary>
    /// <param name="ciphertext">Receives the ciphertext C0; exactly <see cref="CiphertextSizeInBytes"/> long.</param>
    /// <param name="sharedSecret">Receives K; exactly <see cref="SharedSecretSizeInBytes"/> long.</param>
    /// <exception cref="ArgumentException">A buffer has the wrong length.</exception>
    public void Encapsulate(Span<byte> ciphertext, Span<byte> sharedSecret)
    {
        using Lease<EcKey> lease = _state.Acquire();
        KemSettings settings = Settings();
        CheckLength(ciphertext.Length, PointLength(lease.Value.Group) + ExtraCiphertextBytes, ErrorMessages.KemCiphertextLength, nameof(ciphertext));
        CheckLength(sharedSecret.Length, settings.KeyLength, ErrorMessages.KemSharedSecretLength, nameof(sharedSecret));
        EncapsulateCore(lease.Value, settings, ReadOnlySpan<byte>.Empty, ciphertext, sharedSecret);
    }

    /// <summary>Encapsulates a new shared secret to this object's public key.</summary>
    /// <param name="ciphertext">The ciphertext C0, to send to the key's owner.</param>
    /// <param name="sharedSecret">The shared secret K.</param>
    public void Encapsulate(out byte[] ciphertext, out byte[] sharedSecret)
    {
        using Lease<EcKey> lease = _state.Acquire();
        KemSettings settings = Settings();
        byte[] c = new byte[PointLength(lease.Value.Group) + ExtraCiphertextBytes];
        byte[] k = new byte[settings.KeyLength];
        EncapsulateCore(lease.Value, settings, ReadOnlySpan<byte>.Empty, c, k);
        ciphertext = c;
        sharedSecret = k;
    }

    /// <summary>Recovers the shared secret from a ciphertext with the private key.</summary>
    /// <param name="ciphertext">C0, exactly <see cref="CiphertextSizeInBytes"/> long.</param>
    /// <param name="sharedSecret">Receives K; exactly <see cref="SharedSecretSizeInBytes"/> long.</param>
    /// <exception cref="ArgumentException"><paramref name="sharedSecret"/> has the wrong length.</exception>
    /// <exception cref="CryptographicException">The key has no private part, the ciphertext has the wrong length or
    /// holds no valid point, or (PSEC-KEM) it is rejected.</exception>
    public void Decapsulate(ReadOnlySpan<byte> ciphertext, Span<byte> sharedSecret)
    {
        using Lease<EcKey> lease = _state.Acquire();
        KemSettings settings = Settings();
        CheckLength(sharedSecret.Length, settings.KeyLength, ErrorMessages.KemSharedSecretLength, nameof(sharedSecret));
        lease.Value.RequirePrivate();
        int expected = PointLength(lease.Value.Group) + ExtraCiphertextBytes;
        if (ciphertext.Length != expected)
        {
            throw new CryptographicException(ErrorMessages.Format(ErrorMessages.KemCiphertextLength, expected));
        }

        DecapsulateCore(lease.Value, settings, ciphertext, sharedSecret);
    }

    /// <summary>Recovers the shared secret from a ciphertext with the private key.</summary>
    /// <param name="ciphertext">C0.</param>
    /// <returns>K.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="ciphertext"/> is null.</exception>
    /// <exception cref="CryptographicException">See <see cref="Decapsulate(ReadOnlySpan{byte}, Span{byte})"/>.</exception>
    public byte[] Decapsulate(byte[] ciphertext)
    {
        if (ciphertext is null)
        {
            throw new ArgumentNullException(nameof(ciphertext));
        }

        byte[] k = new byte[_sharedSecretSize];
        try
        {
            Decapsulate(ciphertext, k);
            return k;
        }
        catch
        {
            Secret.Clear(k);
            throw;
        }
    }

    /// <summary>The public key as a DER SubjectPublicKeyInfo (id-ecPublicKey, named curve, uncompressed point).</summary>
    /// <returns>The encoding.</returns>
    public byte[] ExportSubjectPublicKeyInfo() => EcKeyEncoding.WriteSubjectPublicKeyInfo(ExportParameters(false));

    /// <summary>Imports a public key from a DER SubjectPublicKeyInfo (id-ecPublicKey), replacing the key.</summary>
    /// <param name="source">The bytes to read.</param>
    /// <param name="bytesRead">The number of bytes the encoding took.</param>
    /// <exception cref="CryptographicException">The encoding or the key is not valid.</exception>
    public void ImportSubjectPublicKeyInfo(ReadOnlySpan<byte> source, out int bytesRead)
    {
        _state.ThrowIfDisposed();
        ImportParameters(EcKeyEncoding.ReadSubjectPublicKeyInfo(source, out bytesRead));
    }

    /// <summary>The private key as an unencrypted DER PKCS#8 PrivateKeyInfo holding an ECPrivateKey (RFC 5915).</summary>
    /// <returns>The encoding.</returns>
    /// <exception cref="CryptographicException">The key has no private part.</exception>
    public byte[] ExportPkcs8PrivateKey()
    {
        ECParameters key = ExportParameters(true);
        try
        {
            return EcKeyEncoding.WritePkcs8(key);
        }
        finally
        {
            Secret.Clear(key.D);
        }
    }

    /// <summary>Imports a private key from an unencrypted DER PKCS#8 PrivateKeyInfo (id-ecPublicKey), replacing the key.</summary>
    /// <param name="source">The bytes to read.</param>
    /// <param name="bytesRead">The number of bytes the encoding took.</param>
    /// <exception cref="CryptographicException">The encoding or the key is not valid.</exception>
    public void ImportPkcs8PrivateKey(ReadOnlySpan<byte> source, out int bytesRead)
    {
        _state.ThrowIfDisposed();
        ImportAndClear(EcKeyEncoding.ReadPkcs8(source, out bytesRead));
    }

    /// <summary>The public key as a PEM PUBLIC KEY block.</summary>
    /// <returns>The PEM text.</returns>
    public string ExportSubjectPublicKeyInfoPem() => EcKeyEncoding.WritePem(EcKeyEncoding.PublicKeyLabel, ExportSubjectPublicKeyInfo());

    /// <summary>The private key as a PEM PRIVATE KEY block (unencrypted PKCS#8).</summary>
    /// <returns>The PEM text.</returns>
    public string ExportPkcs8PrivateKeyPem()
    {
        byte[] der = ExportPkcs8PrivateKey();
        try
        {
            return EcKeyEncoding.WritePem(EcKeyEncoding.Pkcs8Label, der);
        }
        finally
        {
            Secret.Clear(der);
        }
    }

    /// <summary>Imports the first PUBLIC KEY, PRIVATE KEY or EC PRIVATE KEY block of PEM text, replacing the key.</summary>
    /// <param name="input">The PEM text.</param>
    /// <exception cref="ArgumentException">No such block was found.</exception>
    /// <exception cref="CryptographicException">The encoding or the key is not valid.</exception>
    public void ImportFromPem(ReadOnlySpan<char> input)
    {
        _state.ThrowIfDisposed();
        byte[] der = EcKeyEncoding.ReadPem(input, out string label);
        try
        {
            int bytesRead;
            switch (label)
            {
                case EcKeyEncoding.PublicKeyLabel:
                    ImportSubjectPublicKeyInfo(der, out bytesRead);
                    break;
                case EcKeyEncoding.Pkcs8Label:
                    ImportPkcs8PrivateKey(der, out bytesRead);
                    break;
                case EcKeyEncoding.EcPrivateKeyLabel:
                    ImportAndClear(EcKeyEncoding.ReadEcPrivateKey(der, out bytesRead));
                    break;
                default:
                    throw new ArgumentException(ErrorMessages.KemPemNoKey, nameof(input));
            }

            if (bytesRead != der.Length)
            {
                throw new CryptographicException(ErrorMessages.KeyEncodingInvalid);
            }
        }
        finally
        {
            Secret.Clear(der);
        }
    }

    /// <summary>Clears the private key; every member throws <see cref="ObjectDisposedException"/> afterwards.</summary>
    public void Dispose()
    {
        Dispose(true);
        GC.SuppressFinalize(this);
    }

    /// <summary>Encapsulation with given randomness (ECIES-KEM: r, OrderBytes long; PSEC-KEM: the seed), for the vector tests.</summary>
    internal void EncapsulateDeterministic(ReadOnlySpan<byte> randomness, Span<byte> ciphertext, Span<byte> sharedSecret)
    {
        using Lease<EcKey> lease = _state.Acquire();
        EncapsulateCore(lease.Value, Settings(), randomness, ciphertext, sharedSecret);
    }

    /// <summary>Clears the key when <paramref name="disposing"/>.</summary>
    /// <param name="disposing">True from <see cref="Dispose()"/>.</param>
    protected virtual void Dispose(bool disposing)
    {
        if (disposing)
        {
            _state.Dispose();
        }
    }

    /// <summary>Runs <paramref name="initialize"/> on a new KEM object, disposing it if that throws (the Create methods of both flavours).</summary>
    private protected static T Initialize<T>(T kem, Action<T> initialize)
        where T : PrimeEcKem
    {
        try
        {
            initialize(kem);
            return kem;
        }
        catch
        {
            kem.Dispose();
            throw;
        }
    }

    private protected static int CheckSize(int value, string message)
    {
        if (value < 1 || value > MaxSharedSecretSizeInBytes)
        {
            throw new ArgumentOutOfRangeException(nameof(value), ErrorMessages.Format(message, MaxSharedSecretSizeInBytes));
        }

        return value;
    }

    /// <summary>The scheme's encapsulation (§10.2.3 or §10.3.3) with this key; random when <paramref name="randomness"/> is empty.</summary>
    private protected abstract void EncapsulateCore(EcKey key, KemSettings settings, ReadOnlySpan<byte> randomness, Span<byte> ciphertext, Span<byte> sharedSecret);

    /// <summary>The scheme's decapsulation (§10.2.4 or §10.3.4); the ciphertext's length is checked.</summary>
    private protected abstract void DecapsulateCore(EcKey key, KemSettings settings, ReadOnlySpan<byte> ciphertext, Span<byte> sharedSecret);

    private protected int PointLength(EcGroup group) => KemPointCodec.EncodedLength(group, _encoding == EcPointEncoding.Compressed);

    private static void CheckLength(int actual, int expected, string message, string name)
    {
        if (actual != expected)
        {
            throw new ArgumentException(ErrorMessages.Format(message, expected), name);
        }
    }

    private static void CheckCofactor(ECCurve curve)
    {
        if (CurveParameters.FromECCurve(curve).Cofactor != 1)
        {
            throw new CryptographicException(ErrorMessages.KemCofactor);
        }
    }

    private KemSettings Settings() => new(_kdfHash, _kdf == Iso18033Kdf.Kdf1 ? 0u : 1u, _sharedSecretSize, _encoding == EcPointEncoding.Compressed);

    private void ImportAndClear(ECParameters parameters)
    {
        try
        {
            ImportParameters(parameters);
        }
        finally
        {
            Secret.Clear(parameters.D);
        }
    }
}

/// <summary>One operation's copy of the system parameters (so a property set meanwhile does not change it halfway).</summary>
internal readonly struct KemSettings
{
    public KemSettings(HashAlgorithmName hash, uint firstCounter, int keyLength, bool compressed)
    {
        Hash = hash;
        FirstCounter = firstCounter;
        KeyLength = keyLength;
        Compressed = compressed;
    }

    public HashAlgorithmName Hash { get; }

    /// <summary>0 for KDF1, 1 for KDF2.</summary>
    public uint FirstCounter { get; }

    public int KeyLength { get; }

    public bool Compressed { get; }

    /// <summary>KDF(seed, output.Length) with this hash and KDF.</summary>
    public void Kdf(ReadOnlySpan<byte> seed, Span<byte> output)
    {
        using HashAlgorithm hash = EcHash.Create(Hash);
        CounterKdf.Derive(hash, seed, FirstCounter, output);
    }
}

// RSA (RFC 8017, PKCS #1 v2.2) behind System.Security.Cryptography.RSA: RSASSA-PKCS1-v1_5 and RSASSA-PSS signatures,
// RSAES-PKCS1-v1_5 and RSAES-OAEP encryption. The schemes live here once; a flavour supplies only the Montgomery
// arithmetic, chosen at construction: ManagedRsa.Create returns the Reference flavour, UnsafeCrypto.CreateRsa the
// Unsafe one.

using System;
using System.IO;
using System.Security.Cryptography;
using Panicode.Crypto.Hashing;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Modular;
using Panicode.Crypto.Rsa;

namespace Panicode.Crypto;

/// <summary>
/// RSA with two-prime keys of 1,024 to 16,384 bits (512 and more on import), in managed code on every target,
/// the browser included.
/// </summary>
/// <remarks>
/// <para>The private operation uses the Chinese remainder theorem with a fresh random blinding value per call and a
/// constant-time exponentiation; its result is checked with the public exponent before it is returned.
/// PKCS#1 v1.5 and OAEP decryption check the padding without branching on it and fail with one
/// <see cref="CryptographicException"/> whatever is wrong.</para>
/// <para>PSS signatures use a salt as long as the hash (as the BCL); verification accepts any salt length the
/// encoding carries. Imported keys are validated (p q = n, e d = 1 mod λ(n), the CRT values).</para>
/// </remarks>
public abstract class ManagedRsa : RSA
{
    private const int DefaultKeySize = 2048;
    private readonly RsaKeyState _state;

    private protected ManagedRsa(ModularArithmetic arithmetic)
    {
        _state = new RsaKeyState(arithmetic, DefaultKeySize);
        LegalKeySizesValue = new[] { new KeySizes(RsaKey.MinGeneratedBits, RsaKey.MaxBits, 8) };
        KeySizeValue = DefaultKeySize;
    }

    /// <summary>Creates the Reference flavour; a 2,048-bit key is generated on first use (as <see cref="RSA.Create()"/>).</summary>
    public static new ManagedRsa Create() => new ReferenceManagedRsa();

#pragma warning disable CS0109 // netstandard2.0's RSA has no Create(int) and Create(RSAParameters) to hide
    /// <summary>Creates the Reference flavour; a key of <paramref name="keySizeInBits"/> bits is generated on first use.</summary>
    /// <exception cref="CryptographicException">The size is not 1,024 to 16,384 bits in steps of 8.</exception>
    public static new ManagedRsa Create(int keySizeInBits) => Initialize(new ReferenceManagedRsa(), keySizeInBits);

    /// <summary>Creates the Reference flavour holding the given key.</summary>
    /// <exception cref="CryptographicException">The parameters are not a valid key.</exception>
    public static new ManagedRsa Create(RSAParameters parameters) => Initialize(new ReferenceManagedRsa(), parameters);
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

    /// <inheritdoc />
    public override RSAParameters ExportParameters(bool includePrivateParameters)
    {
        using Lease<RsaKey> key = _state.Acquire();
        return key.Value.Export(includePrivateParameters);
    }

    /// <inheritdoc />
    public override void ImportParameters(RSAParameters parameters)
    {
        _state.Import(parameters);
        KeySizeValue = _state.KeySize;
    }

    /// <inheritdoc />
    public override byte[] Encrypt(byte[] data, RSAEncryptionPadding padding)
    {
        if (data is null)
        {
            throw new ArgumentNullException(nameof(data));
        }

        if (padding is null)
        {
            throw new ArgumentNullException(nameof(padding));
        }

        return EncryptCore(data, padding);
    }

    /// <inheritdoc />
    public override byte[] Decrypt(byte[] data, RSAEncryptionPadding padding)
    {
        if (data is null)
        {
            throw new ArgumentNullException(nameof(data));
        }

        if (padding is null)
        {
            throw new ArgumentNullException(nameof(padding));
        }

        return DecryptCore(data, padding);
    }

    /// <inheritdoc />
    public override byte[] SignHash(byte[] hash, HashAlgorithmName hashAlgorithm, RSASignaturePadding padding)
    {
        if (hash is null)
        {
            throw new ArgumentNullException(nameof(hash));
        }

        CheckHashName(hashAlgorithm);
        if (padding is null)
        {
            throw new ArgumentNullException(nameof(padding));
        }

        return SignHashCore(hash, hashAlgorithm, padding);
    }

    /// <inheritdoc />
    public override bool VerifyHash(byte[] hash, byte[] signature, HashAlgorithmName hashAlgorithm, RSASignaturePadding padding)
    {
        if (hash is null)
        {
            throw new ArgumentNullException(nameof(hash));
        }

        if (signature is null)
        {
            throw new ArgumentNullException(nameof(signature));
        }

        CheckHashName(hashAlgorithm);
        if (padding is null)
        {
            throw new ArgumentNullException(nameof(padding));
        }

        return VerifyHashCore(hash, signature, hashAlgorithm, padding);
    }

#if NET
    /// <inheritdoc />
    public override bool TryEncrypt(ReadOnlySpan<byte> data, Span<byte> destination, RSAEncryptionPadding padding, out int bytesWritten)
    {
        if (padding is null)
        {
            throw new ArgumentNullException(nameof(padding));
        }

        return CopyOut(EncryptCore(data, padding), destination, out bytesWritten);
    }

    /// <inheritdoc />
    public override bool TryDecrypt(ReadOnlySpan<byte> data, Span<byte> destination, RSAEncryptionPadding padding, out int bytesWritten)
    {
        if (padding is null)
        {
            throw new ArgumentNullException(nameof(padding));
        }

        byte[] plain = DecryptCore(data, padding);
        bool ok = CopyOut(plain, destination, out bytesWritten);
        CryptographicOperations.ZeroMemory(plain);
        return ok;
    }

    /// <inheritdoc />
    public override bool TrySignHash(ReadOnlySpan<byte> hash, Span<byte> destination, HashAlgorithmName hashAlgorithm, RSASignaturePadding padding, out int bytesWritten)
    {
        CheckHashName(hashAlgorithm);
        if (padding is null)
        {
            throw new ArgumentNullException(nameof(padding));
        }

        return CopyOut(SignHashCore(hash, hashAlgorithm, padding), destination, out bytesWritten);
    }

    /// <inheritdoc />
    public override bool VerifyHash(ReadOnlySpan<byte> hash, ReadOnlySpan<byte> signature, HashAlgorithmName hashAlgorithm, RSASignaturePadding padding)
    {
        CheckHashName(hashAlgorithm);
        if (padding is null)
        {
            throw new ArgumentNullException(nameof(padding));
        }

        return VerifyHashCore(hash, signature, hashAlgorithm, padding);
    }

    /// <inheritdoc />
    protected override bool TryHashData(ReadOnlySpan<byte> data, Span<byte> destination, HashAlgorithmName hashAlgorithm, out int bytesWritten)
    {
        _state.ThrowIfDisposed();
        return CopyOut(EcHash.Compute(hashAlgorithm, data.ToArray(), 0, data.Length), destination, out bytesWritten);
    }

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
    public override void ImportRSAPrivateKey(ReadOnlySpan<byte> source, out int bytesRead)
    {
        _state.ThrowIfDisposed();
        base.ImportRSAPrivateKey(source, out bytesRead);
    }

    /// <inheritdoc cref="ImportPkcs8PrivateKey(ReadOnlySpan{byte}, out int)" />
    public override void ImportRSAPublicKey(ReadOnlySpan<byte> source, out int bytesRead)
    {
        _state.ThrowIfDisposed();
        base.ImportRSAPublicKey(source, out bytesRead);
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

    /// <summary>Throws <see cref="ObjectDisposedException"/> after Dispose (the netstandard2.0 key-format extension methods call it first).</summary>
    internal void ThrowIfDisposed() => _state.ThrowIfDisposed();

    /// <summary>The flavour's arithmetic (tests and benchmarks).</summary>
    internal ModularArithmetic Arithmetic => _state.Arithmetic;

    /// <summary>
    /// Verifies an RSASSA-PSS signature with an explicit salt length (negative: any) and MGF1 hash, for the vector
    /// suites whose files fix them (Wycheproof, CAVP).
    /// </summary>
    internal bool VerifyPss(ReadOnlySpan<byte> hash, ReadOnlySpan<byte> signature, HashAlgorithmName hashAlgorithm, HashAlgorithmName mgfHash, int saltLength)
    {
        using Lease<RsaKey> lease = _state.Acquire();
        RsaKey key = lease.Value;
        byte[]? em = RecoverEncodedMessage(key, signature, (key.KeySize + 6) / 8);
        if (em is null)
        {
            return false;
        }

        using HashAlgorithm h = RsaPadding.CreateHash(hashAlgorithm);
        using HashAlgorithm mgf = RsaPadding.CreateHash(mgfHash);
        return RsaPadding.VerifyPss(h, hash, em, key.KeySize - 1, saltLength, mgf);
    }

    /// <summary>Signs with RSASSA-PSS with a chosen salt (known-answer tests) and MGF1 hash.</summary>
    internal byte[] SignPss(ReadOnlySpan<byte> hash, HashAlgorithmName hashAlgorithm, HashAlgorithmName mgfHash, ReadOnlySpan<byte> salt)
    {
        using Lease<RsaKey> lease = _state.Acquire();
        RsaKey key = lease.Value;
        using HashAlgorithm h = RsaPadding.CreateHash(hashAlgorithm);
        using HashAlgorithm mgf = RsaPadding.CreateHash(mgfHash);
        byte[] input = new byte[key.ModulusBytes];
        int emLen = (key.KeySize + 6) / 8;
        if (!RsaPadding.TryEncodePss(h, hash, key.KeySize - 1, salt.Length, input.AsSpan(input.Length - emLen), salt, mgf))
        {
            throw new CryptographicException(ErrorMessages.RsaInvalidSignatureInput);
        }

        return Private(key, input);
    }

    /// <summary>RSAES-OAEP with explicit hash, MGF1 hash and label (vector suites); <paramref name="seed"/> fixed when given.</summary>
    internal byte[] EncryptOaep(ReadOnlySpan<byte> data, HashAlgorithmName hashAlgorithm, HashAlgorithmName mgfHash, ReadOnlySpan<byte> label, ReadOnlySpan<byte> seed = default)
    {
        using Lease<RsaKey> lease = _state.Acquire();
        RsaKey key = lease.Value;
        using HashAlgorithm h = RsaPadding.CreateHash(hashAlgorithm);
        using HashAlgorithm mgf = RsaPadding.CreateHash(mgfHash);
        byte[] em = new byte[key.ModulusBytes];
        if (!RsaPadding.TryEncodeOaep(h, data, label, em, seed, mgf))
        {
            throw new CryptographicException(ErrorMessages.RsaInputTooLarge);
        }

        return Public(key, em);
    }

    /// <summary>RSAES-OAEP decryption with explicit hash, MGF1 hash and label (vector suites).</summary>
    internal byte[] DecryptOaep(ReadOnlySpan<byte> data, HashAlgorithmName hashAlgorithm, HashAlgorithmName mgfHash, ReadOnlySpan<byte> label)
    {
        using Lease<RsaKey> lease = _state.Acquire();
        RsaKey key = lease.Value;
        using HashAlgorithm h = RsaPadding.CreateHash(hashAlgorithm);
        using HashAlgorithm mgf = RsaPadding.CreateHash(mgfHash);
        byte[] em = PrivateForDecryption(key, data);
        return RsaPadding.DecodeOaep(h, em, label, mgf);
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

    private protected static ManagedRsa Initialize(ManagedRsa rsa, int keySizeInBits)
    {
        try
        {
            rsa.KeySize = keySizeInBits;
            return rsa;
        }
        catch
        {
            rsa.Dispose();
            throw;
        }
    }

    private protected static ManagedRsa Initialize(ManagedRsa rsa, RSAParameters parameters)
    {
        try
        {
            rsa.ImportParameters(parameters);
            return rsa;
        }
        catch
        {
            rsa.Dispose();
            throw;
        }
    }

    private static void CheckHashName(HashAlgorithmName hashAlgorithm)
    {
        if (string.IsNullOrEmpty(hashAlgorithm.Name))
        {
            throw new ArgumentException(ErrorMessages.HashNameEmpty, nameof(hashAlgorithm));
        }
    }

    private static bool CopyOut(byte[] result, Span<byte> destination, out int bytesWritten)
    {
        if (result.Length > destination.Length)
        {
            bytesWritten = 0;
            return false;
        }

        result.CopyTo(destination);
        bytesWritten = result.Length;
        return true;
    }

    private byte[] EncryptCore(ReadOnlySpan<byte> data, RSAEncryptionPadding padding)
    {
        using Lease<RsaKey> lease = _state.Acquire();
        RsaKey key = lease.Value;
        byte[] em = new byte[key.ModulusBytes];
        bool fits;
        if (padding.Mode == RSAEncryptionPaddingMode.Pkcs1)
        {
            fits = RsaPadding.TryEncodePkcs1Encryption(data, em);
        }
        else if (padding.Mode == RSAEncryptionPaddingMode.Oaep)
        {
            using HashAlgorithm h = RsaPadding.CreateHash(padding.OaepHashAlgorithm);
            fits = RsaPadding.TryEncodeOaep(h, data, default, em);
        }
        else
        {
            throw new CryptographicException(ErrorMessages.RsaPaddingUnsupported);
        }

        if (!fits)
        {
            throw new CryptographicException(ErrorMessages.RsaInputTooLarge);
        }

        byte[] result = Public(key, em);
        Array.Clear(em, 0, em.Length);
        return result;
    }

    private byte[] DecryptCore(ReadOnlySpan<byte> data, RSAEncryptionPadding padding)
    {
        using Lease<RsaKey> lease = _state.Acquire();
        RsaKey key = lease.Value;
        if (padding.Mode == RSAEncryptionPaddingMode.Pkcs1)
        {
            return RsaPadding.DecodePkcs1Encryption(PrivateForDecryption(key, data));
        }

        if (padding.Mode == RSAEncryptionPaddingMode.Oaep)
        {
            using HashAlgorithm h = RsaPadding.CreateHash(padding.OaepHashAlgorithm);
            return RsaPadding.DecodeOaep(h, PrivateForDecryption(key, data), default);
        }

        throw new CryptographicException(ErrorMessages.RsaPaddingUnsupported);
    }

    // RSADP for decryption: a ciphertext of the modulus' length and below n (RFC 8017 §7.1.2 step 1, §7.2.2 step 1);
    // these are checks on the public ciphertext, so they may fail before the private operation.
    private static byte[] PrivateForDecryption(RsaKey key, ReadOnlySpan<byte> data)
    {
        if (!key.HasPrivate)
        {
            throw new CryptographicException(ErrorMessages.RsaNoPrivateKey);
        }

        byte[] em = new byte[key.ModulusBytes];
        if (data.Length != key.ModulusBytes || !key.TryPrivate(data, em))
        {
            throw new CryptographicException(ErrorMessages.RsaDecryptionFailed);
        }

        return em;
    }

    private byte[] SignHashCore(ReadOnlySpan<byte> hash, HashAlgorithmName hashAlgorithm, RSASignaturePadding padding)
    {
        using Lease<RsaKey> lease = _state.Acquire();
        RsaKey key = lease.Value;
        if (!key.HasPrivate)
        {
            throw new CryptographicException(ErrorMessages.RsaNoPrivateKey);
        }

        int hLen = RsaPadding.HashLength(hashAlgorithm);
        if (hash.Length != hLen)
        {
            throw new CryptographicException(ErrorMessages.RsaInvalidSignatureInput);
        }

        byte[] input = new byte[key.ModulusBytes];
        bool fits;
        if (padding.Mode == RSASignaturePaddingMode.Pkcs1)
        {
            fits = RsaPadding.TryEncodePkcs1Signature(hash, hashAlgorithm, input);
        }
        else if (padding.Mode == RSASignaturePaddingMode.Pss)
        {
            // emBits = modBits - 1 (RFC 8017 §8.1.1 step 1); emLen is one byte shorter when modBits = 1 mod 8.
            using HashAlgorithm h = RsaPadding.CreateHash(hashAlgorithm);
            int emLen = (key.KeySize + 6) / 8;
            fits = RsaPadding.TryEncodePss(h, hash, key.KeySize - 1, hLen, input.AsSpan(input.Length - emLen));
        }
        else
        {
            throw new CryptographicException(ErrorMessages.RsaPaddingUnsupported);
        }

        if (!fits)
        {
            throw new CryptographicException(ErrorMessages.RsaInvalidSignatureInput);
        }

        return Private(key, input);
    }

    private bool VerifyHashCore(ReadOnlySpan<byte> hash, ReadOnlySpan<byte> signature, HashAlgorithmName hashAlgorithm, RSASignaturePadding padding)
    {
        using Lease<RsaKey> lease = _state.Acquire();
        RsaKey key = lease.Value;
        if (hash.Length != RsaPadding.HashLength(hashAlgorithm))
        {
            return false;
        }

        if (padding.Mode == RSASignaturePaddingMode.Pkcs1)
        {
            byte[]? em = RecoverEncodedMessage(key, signature, key.ModulusBytes);
            byte[] expected = new byte[key.ModulusBytes];
            return em != null && RsaPadding.TryEncodePkcs1Signature(hash, hashAlgorithm, expected) &&
                   ConstantTime.BytesEqual(em, expected) == 1;
        }

        if (padding.Mode == RSASignaturePaddingMode.Pss)
        {
            using HashAlgorithm h = RsaPadding.CreateHash(hashAlgorithm);
            byte[]? em = RecoverEncodedMessage(key, signature, (key.KeySize + 6) / 8);
            return em != null && RsaPadding.VerifyPss(h, hash, em, key.KeySize - 1, -1);
        }

        throw new CryptographicException(ErrorMessages.RsaPaddingUnsupported);
    }

    // RSAVP1 on a signature of the modulus' length (RFC 8017 §8.2.2 step 1), returned as emLen bytes (null when the
    // signature is malformed or the value does not fit emLen bytes).
    private static byte[]? RecoverEncodedMessage(RsaKey key, ReadOnlySpan<byte> signature, int emLen)
    {
        if (signature.Length != key.ModulusBytes)
        {
            return null;
        }

        byte[] m = new byte[key.ModulusBytes];
        if (!key.TryPublic(signature, m))
        {
            return null;
        }

        for (int i = 0; i < m.Length - emLen; i++)
        {
            if (m[i] != 0)
            {
                return null;
            }
        }

        return m.AsSpan(m.Length - emLen).ToArray();
    }

    private static byte[] Public(RsaKey key, byte[] em)
    {
        byte[] output = new byte[key.ModulusBytes];
        if (!key.TryPublic(em, output))
        {
            throw new CryptographicException(ErrorMessages.RsaInputTooLarge);
        }

        return output;
    }

    private static byte[] Private(RsaKey key, byte[] input)
    {
        byte[] output = new byte[key.ModulusBytes];
        if (!key.TryPrivate(input, output))
        {
            throw new CryptographicException(ErrorMessages.RsaInvalidSignatureInput);
        }

        Array.Clear(input, 0, input.Length);
        return output;
    }
}

/// <summary>The Reference flavour: safe code throughout.</summary>
internal sealed class ReferenceManagedRsa : ManagedRsa
{
    public ReferenceManagedRsa()
        : base(ReferenceModular.Instance)
    {
    }
}

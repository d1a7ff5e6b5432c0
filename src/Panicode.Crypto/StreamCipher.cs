using System;
using System.Security.Cryptography;
using Panicode.Crypto.Aead;
using Panicode.Crypto.Internal;
using Panicode.Crypto.StreamCiphers;

namespace Panicode.Crypto;

/// <summary>
/// A synchronous stream cipher (KCipher-2, ...): a key and an IV select a key stream, which is XOR-ed onto the data, so
/// encryption and decryption are the same operation. Shaped after <see cref="SymmetricAlgorithm"/>: <see cref="Key"/>
/// and <see cref="IV"/> (generated on first read when not set), <see cref="CreateEncryptor()"/> and
/// <see cref="CreateDecryptor()"/> for <see cref="CryptoStream"/>, plus span methods.
/// </summary>
/// <remarks>
/// <para><b>A key must be chosen.</b> <see cref="Encrypt(ReadOnlySpan{byte}, Span{byte})"/>,
/// <see cref="Decrypt(ReadOnlySpan{byte}, Span{byte})"/>, <see cref="CreateEncryptor()"/> and <see cref="CreateDecryptor()"/>
/// throw <see cref="CryptographicException"/> ("key not set") until <see cref="Key"/> was set, generated
/// (<see cref="GenerateKey"/>) or read (reading an unset key generates a random one and hands it to the caller, as
/// <see cref="SymmetricAlgorithm.Key"/> does); likewise for <see cref="IV"/>. An object nobody gave a key never
/// encrypts under a random key nobody knows.</para>
/// <para><b>Encryption and decryption each keep a position in the key stream.</b> <see cref="Encrypt(ReadOnlySpan{byte}, Span{byte})"/>
/// continues the key stream of the current <see cref="Key"/> and <see cref="IV"/> from where the previous
/// <c>Encrypt</c> stopped, and <see cref="Decrypt(ReadOnlySpan{byte}, Span{byte})"/> from where the previous
/// <c>Decrypt</c> stopped, so a message may be passed in pieces of any size, two encryptions never reuse key-stream
/// bytes, and one object can encrypt a message and decrypt it again. <see cref="Reset"/>, and
/// setting <see cref="Key"/> or <see cref="IV"/> (even to the same value), start both again at the first byte of the
/// key stream. Never encrypt two messages with the same key and IV.</para>
/// <para>Each transform from <see cref="CreateEncryptor()"/> has a key stream of its own, started from the key and IV
/// it was created with; its <see cref="ICryptoTransform.TransformFinalBlock"/> ends the message and rewinds it to the
/// first byte. It has <see cref="ICryptoTransform.InputBlockSize"/> 1: any number of bytes per call.</para>
/// <para>Each algorithm has a limit on the key stream per key and IV (KCipher-2: 2^64 bits, RFC 7008 §3); asking for
/// more throws <see cref="CryptographicException"/>. Dispose clears the key, IV and key-stream state. An instance
/// belongs to one thread at a time.</para>
/// </remarks>
public abstract class StreamCipher : IDisposable
{
    private readonly KeySizes[] _legalKeySizes;
    private readonly int _ivBytes;
    private int _keySize;
    private byte[]? _key;
    private byte[]? _iv;
    // The key-stream positions of Encrypt (index 0) and Decrypt (index 1); a stale one restarts on next use.
    private readonly KeystreamCursor?[] _cursors = new KeystreamCursor?[2];
    private readonly bool[] _cursorStale = new bool[2];
    private bool _disposed;

    private protected StreamCipher(KeySizes[] legalKeySizes, int defaultKeySize, int ivSize)
    {
        _legalKeySizes = legalKeySizes;
        _keySize = defaultKeySize;
        _ivBytes = ivSize / 8;
    }

    /// <summary>The key sizes, in bits, the algorithm supports.</summary>
    public KeySizes[] LegalKeySizes => (KeySizes[])_legalKeySizes.Clone();

    /// <summary>The size of the key in bits; setting a different legal size discards the key.</summary>
    /// <exception cref="CryptographicException">The size is not in <see cref="LegalKeySizes"/>.</exception>
    public int KeySize
    {
        get => _keySize;
        set
        {
            ThrowIfDisposed();
            if (!IsLegalKeySize(value))
            {
                throw new CryptographicException(ErrorMessages.InvalidKeySize);
            }

            if (value != _keySize)
            {
                _keySize = value;
                ClearKey();
            }
        }
    }

    /// <summary>The size of the IV in bits (fixed per algorithm).</summary>
    public int IVSize => _ivBytes * 8;

    /// <summary>
    /// A copy of the key; a random key is generated when none was set. Setting it (a copy is kept) restarts the key
    /// stream at its first byte.
    /// </summary>
    /// <exception cref="ArgumentNullException">The value is null.</exception>
    /// <exception cref="CryptographicException">The key's size is not in <see cref="LegalKeySizes"/>.</exception>
    public byte[] Key
    {
        get
        {
            ThrowIfDisposed();
            return (byte[])(_key ??= Secret.NewRandom(_keySize / 8)).Clone();
        }

        set
        {
            ThrowIfDisposed();
            if (value == null)
            {
                throw new ArgumentNullException(nameof(value));
            }

            int bits = SizeChecks.Bits(value.Length);
            if (!IsLegalKeySize(bits))
            {
                throw new CryptographicException(ErrorMessages.InvalidKeySize);
            }

            ClearKey();
            _key = (byte[])value.Clone();
            _keySize = bits;
        }
    }

    /// <summary>
    /// A copy of the IV; a random IV is generated when none was set. Setting it (a copy is kept) restarts the key
    /// stream at its first byte.
    /// </summary>
    /// <exception cref="ArgumentNullException">The value is null.</exception>
    /// <exception cref="CryptographicException">The IV is not <see cref="IVSize"/> bits long.</exception>
    public byte[] IV
    {
        get
        {
            ThrowIfDisposed();
            return (byte[])(_iv ??= Secret.NewRandom(_ivBytes)).Clone();
        }

        set
        {
            ThrowIfDisposed();
            if (value == null)
            {
                throw new ArgumentNullException(nameof(value));
            }

            if (value.Length != _ivBytes)
            {
                throw new CryptographicException(ErrorMessages.StreamCipherIvSize);
            }

            ClearIV();
            _iv = (byte[])value.Clone();
        }
    }

    /// <summary>
    /// Starts encryption and decryption again at the first byte of the key stream of the current <see cref="Key"/> and
    /// <see cref="IV"/> (to encrypt or decrypt a message again from its start; never to encrypt another message).
    /// </summary>
    /// <exception cref="ObjectDisposedException">This object was disposed.</exception>
    public void Reset()
    {
        ThrowIfDisposed();
        DropCursors();
    }

    /// <summary>Replaces the key with a random one (and restarts the key stream).</summary>
    public void GenerateKey()
    {
        ThrowIfDisposed();
        ClearKey();
        _key = Secret.NewRandom(_keySize / 8);
    }

    /// <summary>Replaces the IV with a random one (and restarts the key stream).</summary>
    public void GenerateIV()
    {
        ThrowIfDisposed();
        ClearIV();
        _iv = Secret.NewRandom(_ivBytes);
    }

    /// <summary>Whether <paramref name="bitLength"/> is one of <see cref="LegalKeySizes"/>.</summary>
    public bool ValidKeySize(int bitLength) => IsLegalKeySize(bitLength);

    /// <summary>A transform over the current key and IV for <see cref="CryptoStream"/>, with a key-stream position of its own.</summary>
    /// <exception cref="CryptographicException">The key or IV was never set, generated or read.</exception>
    public ICryptoTransform CreateEncryptor()
    {
        ThrowIfUnkeyed();
        return CreateEncryptor(_key!, _iv);
    }

    /// <summary>A transform over the current key and IV (decryption is the same operation as encryption).</summary>
    /// <exception cref="CryptographicException">The key or IV was never set, generated or read.</exception>
    public ICryptoTransform CreateDecryptor() => CreateEncryptor();

    /// <summary>A transform over <paramref name="rgbKey"/> and <paramref name="rgbIV"/> (null: the current IV).</summary>
    /// <exception cref="ArgumentNullException"><paramref name="rgbKey"/> is null.</exception>
    /// <exception cref="CryptographicException">The key or IV has a wrong size.</exception>
    public ICryptoTransform CreateEncryptor(byte[] rgbKey, byte[]? rgbIV)
    {
        ThrowIfDisposed();
        if (rgbKey == null)
        {
            throw new ArgumentNullException(nameof(rgbKey));
        }

        if (!IsLegalKeySize(SizeChecks.Bits(rgbKey.Length)))
        {
            throw new CryptographicException(ErrorMessages.InvalidKeySize);
        }

        byte[] iv = rgbIV ?? IV;
        if (iv.Length != _ivBytes)
        {
            throw new CryptographicException(ErrorMessages.StreamCipherIvSize);
        }

        return new StreamCipherTransform(CreateCore(), rgbKey, iv);
    }

    /// <summary>A transform over <paramref name="rgbKey"/> and <paramref name="rgbIV"/> (the same as the encryptor).</summary>
    /// <exception cref="ArgumentNullException"><paramref name="rgbKey"/> is null.</exception>
    /// <exception cref="CryptographicException">The key or IV has a wrong size.</exception>
    public ICryptoTransform CreateDecryptor(byte[] rgbKey, byte[]? rgbIV) => CreateEncryptor(rgbKey, rgbIV);

    /// <summary>
    /// XORs the next <c>plaintext.Length</c> bytes of the encryption key stream onto <paramref name="plaintext"/> into
    /// <paramref name="destination"/>, which may be the same memory (in place) but must not overlap it otherwise.
    /// </summary>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is too short or overlaps partially.</exception>
    /// <exception cref="CryptographicException">The key or IV was never set, generated or read; or the key stream's limit for this key and IV would be passed.</exception>
    public void Encrypt(ReadOnlySpan<byte> plaintext, Span<byte> destination)
    {
        CheckArguments(plaintext, destination);
        Cursor(0).Transform(plaintext, destination);
    }

    /// <summary>
    /// XORs the next <c>ciphertext.Length</c> bytes of the decryption key stream (a position of its own, see
    /// <see cref="StreamCipher"/>) off <paramref name="ciphertext"/> into <paramref name="destination"/>.
    /// </summary>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is too short or overlaps partially.</exception>
    /// <exception cref="CryptographicException">The key or IV was never set, generated or read; or the key stream's limit for this key and IV would be passed.</exception>
    public void Decrypt(ReadOnlySpan<byte> ciphertext, Span<byte> destination)
    {
        CheckArguments(ciphertext, destination);
        Cursor(1).Transform(ciphertext, destination);
    }

    /// <summary>Encrypts <paramref name="plaintext"/> with the next bytes of the key stream into a new array.</summary>
    /// <exception cref="ArgumentNullException"><paramref name="plaintext"/> is null.</exception>
    /// <exception cref="CryptographicException">The key stream's limit for this key and IV would be passed.</exception>
    public byte[] Encrypt(byte[] plaintext)
    {
        if (plaintext == null)
        {
            throw new ArgumentNullException(nameof(plaintext));
        }

        byte[] output = new byte[plaintext.Length];
        Encrypt(plaintext, output);
        return output;
    }

    /// <summary>Decrypts <paramref name="ciphertext"/> with the next bytes of the key stream into a new array.</summary>
    /// <exception cref="ArgumentNullException"><paramref name="ciphertext"/> is null.</exception>
    /// <exception cref="CryptographicException">The key stream's limit for this key and IV would be passed.</exception>
    public byte[] Decrypt(byte[] ciphertext)
    {
        if (ciphertext == null)
        {
            throw new ArgumentNullException(nameof(ciphertext));
        }

        byte[] output = new byte[ciphertext.Length];
        Decrypt(ciphertext, output);
        return output;
    }

    /// <summary>Clears the key, the IV and the key-stream state.</summary>
    public void Dispose()
    {
        Dispose(true);
        GC.SuppressFinalize(this);
    }

    /// <summary>Clears the key, the IV and the key-stream state when <paramref name="disposing"/>.</summary>
    protected virtual void Dispose(bool disposing)
    {
        if (disposing && !_disposed)
        {
            ClearKey();
            ClearIV();
            foreach (KeystreamCursor? cursor in _cursors)
            {
                cursor?.Dispose();
            }

            _cursors[0] = _cursors[1] = null;
            _disposed = true;
        }
    }

    /// <summary>Builds an uninitialized key-stream core of this flavour.</summary>
    private protected abstract StreamCipherCore CreateCore();

    /// <summary>
    /// Ends the key streams of Encrypt and Decrypt and discards their cores, so the next use builds new ones with
    /// <see cref="CreateCore"/>: for a derived class whose cores depend on a setting (PANAMA's byte order) that changed.
    /// Transforms already created keep their own cores.
    /// </summary>
    private protected void DiscardCores()
    {
        ThrowIfDisposed();
        for (int i = 0; i < _cursors.Length; i++)
        {
            _cursors[i]?.Dispose();
            _cursors[i] = null;
        }
    }

    /// <summary>Units of the current encryption key stream used so far (tests move it near the limit).</summary>
    internal ulong KeystreamBlocksUsed
    {
        get => Cursor(0).BlocksUsed;
        set => Cursor(0).BlocksUsed = value;
    }

    /// <summary>The core of the current encryption key stream, or null before the first use (tests check Dispose clears it).</summary>
    internal StreamCipherCore? ActiveCore => _cursors[0]?.Core;

    /// <summary>The stored key array itself, or null (tests check Dispose zeroes it).</summary>
    internal byte[]? StoredKey => _key;

    private void CheckArguments(ReadOnlySpan<byte> input, Span<byte> destination)
    {
        ThrowIfDisposed();
        if (destination.Length < input.Length)
        {
            throw new ArgumentException(ErrorMessages.DestinationTooSmall, nameof(destination));
        }

        Gcm.CheckOverlap(input, destination);
    }

    // The key-stream position of one direction (0 = Encrypt, 1 = Decrypt), (re)started on the current key and IV.
    private KeystreamCursor Cursor(int direction)
    {
        ThrowIfDisposed();
        KeystreamCursor? cursor = _cursors[direction];
        if (cursor == null || _cursorStale[direction])
        {
            ThrowIfUnkeyed();
            if (cursor == null)
            {
                cursor = _cursors[direction] = new KeystreamCursor(CreateCore(), _key!, _iv!);
            }
            else
            {
                cursor.Restart(_key!, _iv!);
            }

            _cursorStale[direction] = false;
        }

        return cursor;
    }

    private void ThrowIfUnkeyed()
    {
        ThrowIfDisposed();
        if (_key is null)
        {
            throw new CryptographicException(ErrorMessages.StreamCipherKeyNotSet);
        }

        if (_iv is null)
        {
            // A cipher without an IV (RC4) has nothing to set.
            if (_ivBytes != 0)
            {
                throw new CryptographicException(ErrorMessages.StreamCipherIvNotSet);
            }

            _iv = Array.Empty<byte>();
        }
    }

    private void ClearKey()
    {
        DropCursors();
        Secret.Clear(_key);
        _key = null;
    }

    private void ClearIV()
    {
        DropCursors();
        Secret.Clear(_iv);
        _iv = null;
    }

    // The key streams end when the key or IV changes or on Reset: their state is cleared now, each restarts on next use.
    private void DropCursors()
    {
        for (int i = 0; i < _cursors.Length; i++)
        {
            _cursors[i]?.Clear();
            _cursorStale[i] = true;
        }
    }

    private bool IsLegalKeySize(int bits)
    {
        foreach (KeySizes sizes in _legalKeySizes)
        {
            for (int size = sizes.MinSize; size <= sizes.MaxSize; size += Math.Max(sizes.SkipSize, 1))
            {
                if (size == bits)
                {
                    return true;
                }
            }
        }

        return false;
    }

    private void ThrowIfDisposed()
    {
        if (_disposed)
        {
            throw Disposed.Exception(this);
        }
    }

}

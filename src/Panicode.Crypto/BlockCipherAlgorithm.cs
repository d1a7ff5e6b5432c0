using System;
using System.Security.Cryptography;
using System.Threading;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Modes;

namespace Panicode.Crypto;

/// <summary>
/// The <see cref="SymmetricAlgorithm"/> plumbing shared by every block cipher of this library:
/// key and IV handling, the five modes (ECB, CBC, CFB-n, OFB, CTS) and five paddings, the
/// <see cref="ICryptoTransform"/> objects and, on .NET 10, the one-shot methods. A concrete cipher
/// only supplies its legal sizes and its block-cipher core.
/// </summary>
/// <remarks>
/// <para>Modes: CFB accepts any <see cref="SymmetricAlgorithm.FeedbackSize"/> from 8 to the block size in
/// steps of 8, and pads per feedback segment. OFB works on whole blocks and pads like CBC. CTS is
/// CBC with ciphertext stealing in the CBC-CS3 variant of NIST SP 800-38A's addendum (as Kerberos,
/// RFC 3962, uses it: the last two blocks are always swapped); it needs at least one block of
/// input and ignores <see cref="SymmetricAlgorithm.Padding"/>.</para>
/// <para>Paddings: None, PKCS7, Zeros, ANSIX923 and ISO10126. Decryption removes PKCS7, ANSIX923 and
/// ISO10126 padding after checking it without branching on the data; Zeros padding is not removed.</para>
/// <para>After <see cref="IDisposable.Dispose"/> every member that needs the key throws
/// <see cref="ObjectDisposedException"/>.</para>
/// <para>Threads: the one-shot methods and CreateEncryptor/CreateDecryptor may be called on one object from several
/// threads at once. Each one-shot call holds a reference to the key schedule it started with; a key change publishes a
/// new schedule and the old one is cleared when its last call ends, so a call may see either key but never a cleared
/// schedule or a key nobody set. Setting properties concurrently with each other is not supported (as for the base
/// class), and one <see cref="ICryptoTransform"/> belongs to one thread at a time.</para>
/// </remarks>
public abstract class BlockCipherAlgorithm : SymmetricAlgorithm
{
#if NET
    // The key schedule of the one-shot methods, with the key it was built from (see AcquireOneShot).
    private Shared<OneShotSchedule>? _oneShot;
#endif
    private volatile bool _disposed;

    /// <summary>
    /// The defaults every cipher of the library shares (those of <c>RijndaelManaged</c>): a 128-bit block, a 256-bit
    /// key, CBC, PKCS7 and 128-bit feedback, within the legal sizes the cipher gives.
    /// </summary>
    private protected BlockCipherAlgorithm(KeySizes[] legalKeySizes, KeySizes[] legalBlockSizes)
    {
        ModeValue = CipherMode.CBC;
        PaddingValue = PaddingMode.PKCS7;
        LegalKeySizesValue = legalKeySizes;
        LegalBlockSizesValue = legalBlockSizes;
        BlockSizeValue = 128;
        KeySizeValue = 256;
        FeedbackSizeValue = 128;
    }

    /// <inheritdoc/>
    public override byte[] Key
    {
        get
        {
            ThrowIfDisposed();
            return base.Key;
        }

        set
        {
            ThrowIfDisposed();

            // The built-in Aes (and RijndaelManaged on .NET Core) reject a null key as a key of
            // invalid size; the base class would throw ArgumentNullException.
            if (value == null || !ValidKeySize(value.Length * 8))
            {
                throw new CryptographicException(ErrorMessages.InvalidKeySize);
            }

            // Not base.Key: on .NET it sets KeySize first, which sets KeyValue to null, and a one-shot call on another
            // thread would then make up a random key. Here KeyValue goes from one whole key to the other.
            byte[] copy = (byte[])value.Clone();
            KeySizeValue = copy.Length * 8;
            Volatile.Write(ref KeyValue, copy);
        }
    }

    /// <inheritdoc/>
    public override byte[] IV
    {
        get
        {
            ThrowIfDisposed();
            return base.IV;
        }

        set
        {
            ThrowIfDisposed();
            base.IV = value;
        }
    }

    /// <summary>
    /// The cipher mode: ECB, CBC, CFB, OFB or CTS. (The base class accepts only the first three.)
    /// </summary>
    /// <exception cref="CryptographicException">The value is not one of the supported modes.</exception>
    public override CipherMode Mode
    {
        get => ModeValue;
        set
        {
            if (!IsSupported(value))
            {
                throw new CryptographicException(ErrorMessages.InvalidCipherMode);
            }

            ModeValue = value;
        }
    }

    /// <inheritdoc/>
    public override ICryptoTransform CreateEncryptor(byte[] rgbKey, byte[]? rgbIV) => CreateTransform(rgbKey, rgbIV, encrypting: true);

    /// <inheritdoc/>
    public override ICryptoTransform CreateDecryptor(byte[] rgbKey, byte[]? rgbIV) => CreateTransform(rgbKey, rgbIV, encrypting: false);

    /// <inheritdoc/>
    public override void GenerateKey()
    {
        ThrowIfDisposed();
        KeyValue = RandomBytes(KeySizeValue / 8);
    }

    /// <inheritdoc/>
    public override void GenerateIV()
    {
        ThrowIfDisposed();
        IVValue = RandomBytes(BlockSizeValue / 8);
    }

    /// <summary>Builds the block-cipher core of this flavour for <paramref name="key"/> and the current block size.</summary>
    private protected abstract BlockCipher CreateCipher(ReadOnlySpan<byte> key, int blockSizeInBytes);

#if NET
    /// <inheritdoc/>
    protected override bool TryEncryptEcbCore(ReadOnlySpan<byte> plaintext, Span<byte> destination, PaddingMode paddingMode, out int bytesWritten)
    {
        using Lease<OneShotSchedule> schedule = AcquireOneShot();
        return OneShot.TryEncrypt(schedule.Value.Cipher, CipherMode.ECB, default, 0, paddingMode, plaintext, destination, out bytesWritten);
    }

    /// <inheritdoc/>
    protected override bool TryDecryptEcbCore(ReadOnlySpan<byte> ciphertext, Span<byte> destination, PaddingMode paddingMode, out int bytesWritten)
    {
        using Lease<OneShotSchedule> schedule = AcquireOneShot();
        return OneShot.TryDecrypt(schedule.Value.Cipher, CipherMode.ECB, default, 0, paddingMode, ciphertext, destination, out bytesWritten);
    }

    /// <inheritdoc/>
    protected override bool TryEncryptCbcCore(ReadOnlySpan<byte> plaintext, ReadOnlySpan<byte> iv, Span<byte> destination, PaddingMode paddingMode, out int bytesWritten)
    {
        using Lease<OneShotSchedule> schedule = AcquireOneShot();
        return OneShot.TryEncrypt(schedule.Value.Cipher, CipherMode.CBC, iv, 0, paddingMode, plaintext, destination, out bytesWritten);
    }

    /// <inheritdoc/>
    protected override bool TryDecryptCbcCore(ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> iv, Span<byte> destination, PaddingMode paddingMode, out int bytesWritten)
    {
        using Lease<OneShotSchedule> schedule = AcquireOneShot();
        return OneShot.TryDecrypt(schedule.Value.Cipher, CipherMode.CBC, iv, 0, paddingMode, ciphertext, destination, out bytesWritten);
    }

    /// <inheritdoc/>
    protected override bool TryEncryptCfbCore(ReadOnlySpan<byte> plaintext, ReadOnlySpan<byte> iv, Span<byte> destination, PaddingMode paddingMode, int feedbackSizeInBits, out int bytesWritten)
    {
        int feedbackBytes = CheckedFeedbackBytes(feedbackSizeInBits);
        using Lease<OneShotSchedule> schedule = AcquireOneShot();
        return OneShot.TryEncrypt(schedule.Value.Cipher, CipherMode.CFB, iv, feedbackBytes, paddingMode, plaintext, destination, out bytesWritten);
    }

    /// <inheritdoc/>
    protected override bool TryDecryptCfbCore(ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> iv, Span<byte> destination, PaddingMode paddingMode, int feedbackSizeInBits, out int bytesWritten)
    {
        int feedbackBytes = CheckedFeedbackBytes(feedbackSizeInBits);
        using Lease<OneShotSchedule> schedule = AcquireOneShot();
        return OneShot.TryDecrypt(schedule.Value.Cipher, CipherMode.CFB, iv, feedbackBytes, paddingMode, ciphertext, destination, out bytesWritten);
    }
#endif

    /// <inheritdoc/>
    protected override void Dispose(bool disposing)
    {
        if (disposing && !_disposed)
        {
            _disposed = true;
#if NET
            // Calls still running keep their reference; the schedule is cleared when the last of them ends.
            Interlocked.Exchange(ref _oneShot, null)?.Release();
#endif
            Secret.Clear(KeyValue);
            Secret.Clear(IVValue);
        }

        base.Dispose(disposing);
    }

    private ICryptoTransform CreateTransform(byte[] rgbKey, byte[]? rgbIV, bool encrypting)
    {
        ThrowIfDisposed();
        if (rgbKey == null)
        {
            throw new ArgumentNullException(nameof(rgbKey));
        }

        if (!ValidKeySize(rgbKey.Length * 8))
        {
            throw new ArgumentException(ErrorMessages.InvalidKeySize, nameof(rgbKey));
        }

        if (rgbIV != null && rgbIV.Length * 8 != BlockSizeValue)
        {
            throw new ArgumentException(ErrorMessages.InvalidIvSize, nameof(rgbIV));
        }

        CipherMode mode = ModeValue;
        if (!IsSupported(mode))
        {
            throw new CryptographicException(ErrorMessages.InvalidCipherMode);
        }

        int feedbackBytes = 0;
        if (mode == CipherMode.CFB)
        {
            if (FeedbackSizeValue < 8 || FeedbackSizeValue % 8 != 0 || FeedbackSizeValue > BlockSizeValue)
            {
                throw new CryptographicException(ErrorMessages.Format(ErrorMessages.FeedbackSizeNotSupported, FeedbackSizeValue));
            }

            feedbackBytes = FeedbackSizeValue / 8;
        }

        byte[] iv;
        if (ModeDispatch.UsesIv(mode))
        {
            iv = rgbIV ?? throw new CryptographicException(ErrorMessages.IvRequired);
        }
        else
        {
            iv = new byte[BlockSizeValue / 8];
        }

        BlockCipher cipher = CreateCipher(rgbKey, BlockSizeValue / 8);
        return new BlockCipherTransform(cipher, mode, PaddingValue, feedbackBytes, iv, encrypting);
    }

#if NET
    private int CheckedFeedbackBytes(int feedbackSizeInBits)
    {
        if (feedbackSizeInBits < 8 || feedbackSizeInBits % 8 != 0 || feedbackSizeInBits > BlockSizeValue)
        {
            throw new CryptographicException(ErrorMessages.Format(ErrorMessages.FeedbackSizeNotSupported, feedbackSizeInBits));
        }

        return feedbackSizeInBits / 8;
    }

    /// <summary>
    /// A reference to the key schedule for the current Key and BlockSize, built (once per key) and published
    /// atomically. Calls on other threads may hold the previous schedule: it is cleared only when the last of them
    /// releases it (<see cref="Shared{T}"/>), never while one of them still encrypts with it. The Key setter and
    /// GenerateKey replace KeyValue with a new array and never write into a published one (only Dispose clears it,
    /// which is checked below), so the array read here is one whole key that was set.
    /// </summary>
    private Lease<OneShotSchedule> AcquireOneShot()
    {
        ThrowIfDisposed();
        byte[] key = Volatile.Read(ref KeyValue) ?? GenerateKeyOnce();
        int blockSizeInBytes = BlockSizeValue / 8;
        Shared<OneShotSchedule>? current = Volatile.Read(ref _oneShot);
        if (current != null && current.Value.IsFor(key, blockSizeInBytes) && current.TryAcquire())
        {
            return new Lease<OneShotSchedule>(current);
        }

        var created = new Shared<OneShotSchedule>(new OneShotSchedule(CreateCipher(key, blockSizeInBytes), key));
        created.TryAcquire();   // this call's reference, beside the owner's
        if (Interlocked.CompareExchange(ref _oneShot, created, current) == current)
        {
            current?.Release(); // the owner's reference to the old schedule
        }
        else
        {
            created.Release();  // another call published first: this schedule serves this call only
        }

        // Dispose clears KeyValue in place: a schedule built while it ran may hold part of a cleared key.
        Interlocked.MemoryBarrier();
        if (_disposed)
        {
            if (Interlocked.CompareExchange(ref _oneShot, null, created) == created)
            {
                created.Release();
            }

            created.Release();
            ThrowIfDisposed();
        }

        return new Lease<OneShotSchedule>(created);
    }

    // A key made on first use, as the base class's Key getter does, but only one even when calls race on it.
    private byte[] GenerateKeyOnce()
    {
        byte[] generated = RandomBytes(KeySizeValue / 8);
        byte[]? winner = Interlocked.CompareExchange(ref KeyValue, generated, null);
        if (winner == null)
        {
            return generated;
        }

        Secret.Clear(generated);
        return winner;
    }

    /// <summary>A one-shot key schedule and the key array it was built from.</summary>
    private sealed class OneShotSchedule : IDisposable
    {
        private readonly byte[] _key;

        public OneShotSchedule(BlockCipher cipher, byte[] key)
        {
            Cipher = cipher;
            _key = key;
        }

        public BlockCipher Cipher { get; }

        public bool IsFor(byte[] key, int blockSizeInBytes) => ReferenceEquals(_key, key) && Cipher.BlockSize == blockSizeInBytes;

        public void Dispose() => Cipher.Dispose();
    }
#endif

    private static bool IsSupported(CipherMode mode) =>
        mode is CipherMode.ECB or CipherMode.CBC or CipherMode.CFB or CipherMode.OFB or CipherMode.CTS;

    private void ThrowIfDisposed()
    {
        if (_disposed)
        {
            throw new ObjectDisposedException(GetType().Name);
        }
    }

    private static byte[] RandomBytes(int count)
    {
        byte[] bytes = new byte[count];
        using (RandomNumberGenerator rng = RandomNumberGenerator.Create())
        {
            rng.GetBytes(bytes);
        }

        return bytes;
    }
}

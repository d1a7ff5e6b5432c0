using System;
using System.Security.Cryptography;
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
/// </remarks>
public abstract class BlockCipherAlgorithm : SymmetricAlgorithm
{
#if NET
    private BlockCipher? _oneShotCipher;
    private byte[]? _oneShotKey;
#endif
    private bool _disposed;

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
            if (value == null)
            {
                throw new CryptographicException(ErrorMessages.InvalidKeySize);
            }

            base.Key = value;
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
    protected override bool TryEncryptEcbCore(ReadOnlySpan<byte> plaintext, Span<byte> destination, PaddingMode paddingMode, out int bytesWritten) =>
        OneShot.TryEncrypt(OneShotCipher(), CipherMode.ECB, default, 0, paddingMode, plaintext, destination, out bytesWritten);

    /// <inheritdoc/>
    protected override bool TryDecryptEcbCore(ReadOnlySpan<byte> ciphertext, Span<byte> destination, PaddingMode paddingMode, out int bytesWritten) =>
        OneShot.TryDecrypt(OneShotCipher(), CipherMode.ECB, default, 0, paddingMode, ciphertext, destination, out bytesWritten);

    /// <inheritdoc/>
    protected override bool TryEncryptCbcCore(ReadOnlySpan<byte> plaintext, ReadOnlySpan<byte> iv, Span<byte> destination, PaddingMode paddingMode, out int bytesWritten) =>
        OneShot.TryEncrypt(OneShotCipher(), CipherMode.CBC, iv, 0, paddingMode, plaintext, destination, out bytesWritten);

    /// <inheritdoc/>
    protected override bool TryDecryptCbcCore(ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> iv, Span<byte> destination, PaddingMode paddingMode, out int bytesWritten) =>
        OneShot.TryDecrypt(OneShotCipher(), CipherMode.CBC, iv, 0, paddingMode, ciphertext, destination, out bytesWritten);

    /// <inheritdoc/>
    protected override bool TryEncryptCfbCore(ReadOnlySpan<byte> plaintext, ReadOnlySpan<byte> iv, Span<byte> destination, PaddingMode paddingMode, int feedbackSizeInBits, out int bytesWritten) =>
        OneShot.TryEncrypt(OneShotCipher(), CipherMode.CFB, iv, CheckedFeedbackBytes(feedbackSizeInBits), paddingMode, plaintext, destination, out bytesWritten);

    /// <inheritdoc/>
    protected override bool TryDecryptCfbCore(ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> iv, Span<byte> destination, PaddingMode paddingMode, int feedbackSizeInBits, out int bytesWritten) =>
        OneShot.TryDecrypt(OneShotCipher(), CipherMode.CFB, iv, CheckedFeedbackBytes(feedbackSizeInBits), paddingMode, ciphertext, destination, out bytesWritten);
#endif

    /// <inheritdoc/>
    protected override void Dispose(bool disposing)
    {
        if (disposing && !_disposed)
        {
            _disposed = true;
#if NET
            _oneShotCipher?.Dispose();
            _oneShotCipher = null;
            _oneShotKey = null;
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

    // The one-shot methods reuse one key schedule while Key and BlockSize stay the same; the base
    // class replaces KeyValue with a new array whenever the key changes.
    private BlockCipher OneShotCipher()
    {
        ThrowIfDisposed();
        if (KeyValue == null)
        {
            GenerateKey();
        }

        byte[] key = KeyValue!;
        if (_oneShotCipher == null || !ReferenceEquals(_oneShotKey, key) || _oneShotCipher.BlockSize * 8 != BlockSizeValue)
        {
            _oneShotCipher?.Dispose();
            _oneShotCipher = CreateCipher(key, BlockSizeValue / 8);
            _oneShotKey = key;
        }

        return _oneShotCipher;
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

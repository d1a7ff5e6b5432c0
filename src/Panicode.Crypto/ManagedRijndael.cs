using System;
using System.Security.Cryptography;

namespace Panicode.Crypto;

#pragma warning disable SYSLIB0022 // Rijndael is obsolete on .NET: deriving from it is this class's whole purpose.

/// <summary>
/// Rijndael (Daemen and Rijmen, AES proposal v2, 1999) as a <see cref="Rijndael"/>: a drop-in for code typed as
/// <see cref="Rijndael"/> or built around <c>RijndaelManaged</c>, with every block size and key size of 128, 160,
/// 192, 224 and 256 bits (on .NET Core the built-in <c>RijndaelManaged</c> takes 128-bit blocks only).
/// </summary>
/// <remarks>
/// <para>Replace <c>new RijndaelManaged()</c> or <c>Rijndael.Create()</c> with <c>new ManagedRijndael()</c> (the
/// Reference flavour) or <c>Panicode.Crypto.Unsafe.UnsafeCrypto.CreateManagedRijndael()</c> (the optimized one);
/// methods that take a <see cref="Rijndael"/> and fields of that type keep working. Every member forwards to a
/// <see cref="RijndaelCipher"/> of the chosen flavour, so modes (ECB, CBC, CFB 8 to the block size, OFB, CTS),
/// paddings, defaults (128-bit block, 256-bit key, CBC, PKCS7, 128-bit feedback), exceptions and the .NET one-shot
/// methods are those of <see cref="RijndaelCipher"/>, byte-identical to <c>RijndaelManaged</c>. New code can use
/// <see cref="RijndaelCipher"/> directly: <see cref="Rijndael"/> is obsolete on .NET (SYSLIB0022).</para>
/// </remarks>
public sealed class ManagedRijndael : Rijndael
{
    private readonly RijndaelCipher _inner;

    /// <summary>Creates the Reference flavour, with a new random key and IV on first use.</summary>
    public ManagedRijndael()
        : this(RijndaelCipher.Create())
    {
    }

    internal ManagedRijndael(RijndaelCipher inner)
    {
        _inner = inner;
        LegalBlockSizesValue = inner.LegalBlockSizes;
        LegalKeySizesValue = inner.LegalKeySizes;
    }

    /// <summary>Creates the Reference flavour (as <c>new ManagedRijndael()</c>).</summary>
    public static new ManagedRijndael Create() => new ManagedRijndael();

    /// <inheritdoc/>
    public override int BlockSize
    {
        get => _inner.BlockSize;
        set => _inner.BlockSize = value;
    }

    /// <inheritdoc/>
    public override int KeySize
    {
        get => _inner.KeySize;
        set => _inner.KeySize = value;
    }

    /// <inheritdoc/>
    public override int FeedbackSize
    {
        get => _inner.FeedbackSize;
        set => _inner.FeedbackSize = value;
    }

    /// <inheritdoc/>
    public override byte[] Key
    {
        get => _inner.Key;
        set => _inner.Key = value;
    }

    /// <inheritdoc/>
    public override byte[] IV
    {
        get => _inner.IV;
        set => _inner.IV = value;
    }

    /// <inheritdoc/>
    public override CipherMode Mode
    {
        get => _inner.Mode;
        set => _inner.Mode = value;
    }

    /// <inheritdoc/>
    public override PaddingMode Padding
    {
        get => _inner.Padding;
        set => _inner.Padding = value;
    }

    /// <inheritdoc/>
    public override KeySizes[] LegalBlockSizes => _inner.LegalBlockSizes;

    /// <inheritdoc/>
    public override KeySizes[] LegalKeySizes => _inner.LegalKeySizes;

    /// <inheritdoc/>
    public override ICryptoTransform CreateEncryptor() => _inner.CreateEncryptor();

    /// <inheritdoc/>
    public override ICryptoTransform CreateDecryptor() => _inner.CreateDecryptor();

    /// <inheritdoc/>
    public override ICryptoTransform CreateEncryptor(byte[] rgbKey, byte[]? rgbIV) => _inner.CreateEncryptor(rgbKey, rgbIV);

    /// <inheritdoc/>
    public override ICryptoTransform CreateDecryptor(byte[] rgbKey, byte[]? rgbIV) => _inner.CreateDecryptor(rgbKey, rgbIV);

    /// <inheritdoc/>
    public override void GenerateKey() => _inner.GenerateKey();

    /// <inheritdoc/>
    public override void GenerateIV() => _inner.GenerateIV();

#if NET
    /// <inheritdoc/>
    protected override bool TryEncryptEcbCore(ReadOnlySpan<byte> plaintext, Span<byte> destination, PaddingMode paddingMode, out int bytesWritten) =>
        _inner.TryEncryptEcb(plaintext, destination, paddingMode, out bytesWritten);

    /// <inheritdoc/>
    protected override bool TryDecryptEcbCore(ReadOnlySpan<byte> ciphertext, Span<byte> destination, PaddingMode paddingMode, out int bytesWritten) =>
        _inner.TryDecryptEcb(ciphertext, destination, paddingMode, out bytesWritten);

    /// <inheritdoc/>
    protected override bool TryEncryptCbcCore(ReadOnlySpan<byte> plaintext, ReadOnlySpan<byte> iv, Span<byte> destination, PaddingMode paddingMode, out int bytesWritten) =>
        _inner.TryEncryptCbc(plaintext, iv, destination, out bytesWritten, paddingMode);

    /// <inheritdoc/>
    protected override bool TryDecryptCbcCore(ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> iv, Span<byte> destination, PaddingMode paddingMode, out int bytesWritten) =>
        _inner.TryDecryptCbc(ciphertext, iv, destination, out bytesWritten, paddingMode);

    /// <inheritdoc/>
    protected override bool TryEncryptCfbCore(ReadOnlySpan<byte> plaintext, ReadOnlySpan<byte> iv, Span<byte> destination, PaddingMode paddingMode, int feedbackSizeInBits, out int bytesWritten) =>
        _inner.TryEncryptCfb(plaintext, iv, destination, out bytesWritten, paddingMode, feedbackSizeInBits);

    /// <inheritdoc/>
    protected override bool TryDecryptCfbCore(ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> iv, Span<byte> destination, PaddingMode paddingMode, int feedbackSizeInBits, out int bytesWritten) =>
        _inner.TryDecryptCfb(ciphertext, iv, destination, out bytesWritten, paddingMode, feedbackSizeInBits);
#endif

    /// <inheritdoc/>
    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            _inner.Dispose();
        }

        base.Dispose(disposing);
    }
}

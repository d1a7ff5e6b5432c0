using System;
using System.Security.Cryptography;

namespace Panicode.Crypto;

/// <summary>
/// Triple DES (NIST SP 800-67 rev. 2) as a <see cref="TripleDES"/>: a drop-in for code typed as
/// <see cref="TripleDES"/> or built around <c>TripleDES.Create()</c>, on every platform this library runs on (the
/// browser and Mono included, where the built-in one may be missing).
/// </summary>
/// <remarks>
/// <para>Every member forwards to a <see cref="TripleDesCipher"/> of the chosen flavour, so defaults (192-bit key,
/// CBC, PKCS7, 8-bit feedback), weak-key rejection, exceptions and the .NET one-shot methods are those of
/// <see cref="TripleDesCipher"/>, which behave as the built-in <see cref="TripleDES"/>; modes are ECB, CBC, CFB (8 to
/// 64 bits), OFB and CTS. <c>new ManagedTripleDes()</c> is the Reference flavour,
/// <c>Panicode.Crypto.Unsafe.UnsafeCrypto.CreateManagedTripleDes()</c> the optimized one.</para>
/// </remarks>
public sealed class ManagedTripleDes : TripleDES
{
    private readonly TripleDesCipher _inner;

    /// <summary>Creates the Reference flavour, with a new random key and IV on first use.</summary>
    public ManagedTripleDes()
        : this(TripleDesCipher.Create())
    {
    }

    internal ManagedTripleDes(TripleDesCipher inner)
    {
        _inner = inner;
        LegalBlockSizesValue = inner.LegalBlockSizes;
        LegalKeySizesValue = inner.LegalKeySizes;
    }

    /// <summary>Creates the Reference flavour (as <c>new ManagedTripleDes()</c>).</summary>
    public static new ManagedTripleDes Create() => new ManagedTripleDes();

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

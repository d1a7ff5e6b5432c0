using System;
using System.Security.Cryptography;
using Panicode.Crypto.Camellia;

namespace Panicode.Crypto.Tests.Camellia;

/// <summary>
/// TEMPORARY: a minimal SymmetricAlgorithm over <see cref="CamelliaCore"/> (ECB, CBC, CFB128, OFB; None and PKCS7;
/// whole messages in TransformFinalBlock only) so the Camellia vector suites can run before the shared
/// BlockCipherAlgorithm lands. It is replaced by CamelliaCipher.Create() in the registry and deleted then.
/// </summary>
internal sealed class TemporaryCamelliaAlgorithm : SymmetricAlgorithm
{
    private const int BlockBytes = CamelliaCore.BlockSizeInBytes;

    public TemporaryCamelliaAlgorithm()
    {
        LegalKeySizesValue = new[] { new KeySizes(128, 256, 64) };
        LegalBlockSizesValue = new[] { new KeySizes(128, 128, 0) };
        BlockSizeValue = 128;
        FeedbackSizeValue = 128;
        KeySizeValue = 256;
    }

    // The base class refuses OFB (and CTS); the shared plumbing will accept them too.
    public override CipherMode Mode
    {
        get => ModeValue;
        set => ModeValue = value;
    }

    public override ICryptoTransform CreateEncryptor(byte[] rgbKey, byte[]? rgbIV) => new Transform(true, rgbKey, rgbIV, Mode, Padding);

    public override ICryptoTransform CreateDecryptor(byte[] rgbKey, byte[]? rgbIV) => new Transform(false, rgbKey, rgbIV, Mode, Padding);

    public override void GenerateIV() => IVValue = RandomNumberGenerator.GetBytes(BlockBytes);

    public override void GenerateKey() => KeyValue = RandomNumberGenerator.GetBytes(KeySize / 8);

    protected override bool TryEncryptEcbCore(ReadOnlySpan<byte> plaintext, Span<byte> destination, PaddingMode paddingMode, out int bytesWritten)
        => Copy(Process(true, Key, null, CipherMode.ECB, paddingMode, plaintext), destination, out bytesWritten);

    protected override bool TryDecryptEcbCore(ReadOnlySpan<byte> ciphertext, Span<byte> destination, PaddingMode paddingMode, out int bytesWritten)
        => Copy(Process(false, Key, null, CipherMode.ECB, paddingMode, ciphertext), destination, out bytesWritten);

    protected override bool TryEncryptCbcCore(ReadOnlySpan<byte> plaintext, ReadOnlySpan<byte> iv, Span<byte> destination, PaddingMode paddingMode, out int bytesWritten)
        => Copy(Process(true, Key, iv.ToArray(), CipherMode.CBC, paddingMode, plaintext), destination, out bytesWritten);

    protected override bool TryDecryptCbcCore(ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> iv, Span<byte> destination, PaddingMode paddingMode, out int bytesWritten)
        => Copy(Process(false, Key, iv.ToArray(), CipherMode.CBC, paddingMode, ciphertext), destination, out bytesWritten);

    protected override bool TryEncryptCfbCore(ReadOnlySpan<byte> plaintext, ReadOnlySpan<byte> iv, Span<byte> destination, PaddingMode paddingMode, int feedbackSizeInBits, out int bytesWritten)
        => Copy(Process(true, Key, iv.ToArray(), CipherMode.CFB, paddingMode, plaintext), destination, out bytesWritten);

    protected override bool TryDecryptCfbCore(ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> iv, Span<byte> destination, PaddingMode paddingMode, int feedbackSizeInBits, out int bytesWritten)
        => Copy(Process(false, Key, iv.ToArray(), CipherMode.CFB, paddingMode, ciphertext), destination, out bytesWritten);

    private static bool Copy(byte[] result, Span<byte> destination, out int bytesWritten)
    {
        result.CopyTo(destination);
        bytesWritten = result.Length;
        return true;
    }

    private static byte[] Process(bool encrypt, byte[] key, byte[]? iv, CipherMode mode, PaddingMode padding, ReadOnlySpan<byte> input)
    {
        if (padding is not (PaddingMode.None or PaddingMode.PKCS7))
        {
            throw new NotSupportedException();
        }

        byte[] data;
        if (encrypt && padding == PaddingMode.PKCS7)
        {
            int pad = BlockBytes - (input.Length % BlockBytes);
            data = new byte[input.Length + pad];
            input.CopyTo(data);
            data.AsSpan(input.Length).Fill((byte)pad);
        }
        else
        {
            data = input.ToArray();
        }

        if (data.Length % BlockBytes != 0)
        {
            throw new CryptographicException("The input data is not a complete block.");
        }

        using CamelliaCore core = new(key);
        byte[] output = new byte[data.Length];
        byte[] feedback = iv is null ? new byte[BlockBytes] : (byte[])iv.Clone();
        byte[] keystream = new byte[BlockBytes];
        for (int offset = 0; offset < data.Length; offset += BlockBytes)
        {
            Span<byte> inBlock = data.AsSpan(offset, BlockBytes);
            Span<byte> outBlock = output.AsSpan(offset, BlockBytes);
            switch (mode)
            {
                case CipherMode.ECB when encrypt:
                    core.Encrypt(inBlock, outBlock);
                    break;
                case CipherMode.ECB:
                    core.Decrypt(inBlock, outBlock);
                    break;
                case CipherMode.CBC when encrypt:
                    Xor(inBlock, feedback, outBlock);
                    core.Encrypt(outBlock, outBlock);
                    outBlock.CopyTo(feedback);
                    break;
                case CipherMode.CBC:
                    core.Decrypt(inBlock, outBlock);
                    Xor(outBlock, feedback, outBlock);
                    inBlock.CopyTo(feedback);
                    break;
                case CipherMode.CFB:
                    core.Encrypt(feedback, keystream);
                    Xor(inBlock, keystream, outBlock);
                    (encrypt ? outBlock : inBlock).CopyTo(feedback);
                    break;
                case CipherMode.OFB:
                    core.Encrypt(feedback, feedback);
                    Xor(inBlock, feedback, outBlock);
                    break;
                default:
                    throw new NotSupportedException();
            }
        }

        if (encrypt || padding == PaddingMode.None)
        {
            return output;
        }

        int padLength = output.Length == 0 ? 0 : output[^1];
        if (padLength < 1 || padLength > BlockBytes || padLength > output.Length)
        {
            throw new CryptographicException("Padding is invalid and cannot be removed.");
        }

        for (int i = output.Length - padLength; i < output.Length; i++)
        {
            if (output[i] != padLength)
            {
                throw new CryptographicException("Padding is invalid and cannot be removed.");
            }
        }

        return output.AsSpan(0, output.Length - padLength).ToArray();
    }

    private static void Xor(ReadOnlySpan<byte> a, ReadOnlySpan<byte> b, Span<byte> result)
    {
        for (int i = 0; i < result.Length; i++)
        {
            result[i] = (byte)(a[i] ^ b[i]);
        }
    }

    private sealed class Transform : ICryptoTransform
    {
        private readonly bool _encrypt;
        private readonly byte[] _key;
        private readonly byte[]? _iv;
        private readonly CipherMode _mode;
        private readonly PaddingMode _padding;

        public Transform(bool encrypt, byte[] key, byte[]? iv, CipherMode mode, PaddingMode padding)
        {
            _encrypt = encrypt;
            _key = (byte[])key.Clone();
            _iv = mode == CipherMode.ECB ? null : (byte[]?)iv?.Clone();
            _mode = mode;
            _padding = padding;
        }

        public bool CanReuseTransform => false;

        public bool CanTransformMultipleBlocks => true;

        public int InputBlockSize => BlockBytes;

        public int OutputBlockSize => BlockBytes;

        public int TransformBlock(byte[] inputBuffer, int inputOffset, int inputCount, byte[] outputBuffer, int outputOffset)
            => throw new NotSupportedException("The temporary adapter only transforms whole messages.");

        public byte[] TransformFinalBlock(byte[] inputBuffer, int inputOffset, int inputCount)
            => Process(_encrypt, _key, _iv, _mode, _padding, inputBuffer.AsSpan(inputOffset, inputCount));

        public void Dispose()
        {
        }
    }
}

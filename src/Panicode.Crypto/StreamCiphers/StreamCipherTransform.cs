using System;
using System.Security.Cryptography;
using Panicode.Crypto.Aead;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto.StreamCiphers;

/// <summary>
/// A stream cipher as an <see cref="ICryptoTransform"/> for <see cref="CryptoStream"/>: one byte per block, any count
/// per call; the same transform encrypts and decrypts. <see cref="TransformFinalBlock"/> ends the message and rewinds
/// the key stream to its first byte (so the transform can be reused, as the BCL's are).
/// </summary>
internal sealed class StreamCipherTransform : ICryptoTransform
{
    private readonly byte[] _key;
    private readonly byte[] _iv;
    private readonly KeystreamCursor _cursor;
    private bool _disposed;

    public StreamCipherTransform(StreamCipherCore core, byte[] key, byte[] iv)
    {
        _key = (byte[])key.Clone();
        _iv = (byte[])iv.Clone();
        _cursor = new KeystreamCursor(core, _key, _iv);
    }

    public int InputBlockSize => 1;

    public int OutputBlockSize => 1;

    public bool CanTransformMultipleBlocks => true;

    public bool CanReuseTransform => true;

    public int TransformBlock(byte[] inputBuffer, int inputOffset, int inputCount, byte[] outputBuffer, int outputOffset)
    {
        CheckBuffer(inputBuffer, inputOffset, inputCount, nameof(inputBuffer));
        if (outputBuffer == null)
        {
            throw new ArgumentNullException(nameof(outputBuffer));
        }

        if (outputOffset < 0 || outputOffset > outputBuffer.Length)
        {
            throw new ArgumentOutOfRangeException(nameof(outputOffset), ErrorMessages.OffsetOutsideBuffer);
        }

        if (outputBuffer.Length - outputOffset < inputCount)
        {
            throw new ArgumentException(ErrorMessages.OutputBufferTooSmall, nameof(outputBuffer));
        }

        Transform(new ReadOnlySpan<byte>(inputBuffer, inputOffset, inputCount), new Span<byte>(outputBuffer, outputOffset, inputCount));
        return inputCount;
    }

    public byte[] TransformFinalBlock(byte[] inputBuffer, int inputOffset, int inputCount)
    {
        CheckBuffer(inputBuffer, inputOffset, inputCount, nameof(inputBuffer));
        byte[] output = new byte[inputCount];
        Transform(new ReadOnlySpan<byte>(inputBuffer, inputOffset, inputCount), output);
        _cursor.Restart(_key, _iv);
        return output;
    }

    public void Dispose()
    {
        if (!_disposed)
        {
            _disposed = true;
            _cursor.Dispose();
            Secret.Clear(_key);
            Secret.Clear(_iv);
        }
    }

    private void Transform(ReadOnlySpan<byte> input, Span<byte> output)
    {
        if (_disposed)
        {
            throw new ObjectDisposedException(nameof(ICryptoTransform));
        }

        Gcm.CheckOverlap(input, output);
        _cursor.Transform(input, output);
    }

    private static void CheckBuffer(byte[] buffer, int offset, int count, string name)
    {
        if (buffer == null)
        {
            throw new ArgumentNullException(name);
        }

        if (offset < 0 || offset > buffer.Length)
        {
            throw new ArgumentOutOfRangeException(nameof(offset), ErrorMessages.OffsetOutsideBuffer);
        }

        if (count < 0 || count > buffer.Length - offset)
        {
            throw new ArgumentOutOfRangeException(nameof(count), ErrorMessages.CountOutsideBuffer);
        }
    }
}

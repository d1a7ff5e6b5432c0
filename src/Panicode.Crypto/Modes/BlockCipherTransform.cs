using System;
using System.Diagnostics;
using System.Security.Cryptography;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Padding;

namespace Panicode.Crypto.Modes;

/// <summary>
/// The <see cref="ICryptoTransform"/> behind CreateEncryptor/CreateDecryptor for every cipher:
/// any number of whole units per TransformBlock call, padding at TransformFinalBlock, and reuse
/// after TransformFinalBlock (the mode state returns to the IV). A decryptor whose padding is
/// removable holds back the last unit until the final call; CTS holds back the last two blocks.
/// </summary>
internal sealed class BlockCipherTransform : ICryptoTransform
{
    private readonly BlockCipher _cipher;
    private readonly CipherMode _mode;
    private readonly PaddingMode _padding;
    private readonly bool _encrypting;
    private readonly int _unit;
    private readonly int _feedbackBytes;
    private readonly byte[] _iv;
    private readonly byte[] _register;
    private readonly byte[] _held;
    private int _heldCount;
    private bool _disposed;

    /// <summary>Takes ownership of <paramref name="cipher"/>; <paramref name="iv"/> is copied.</summary>
    public BlockCipherTransform(BlockCipher cipher, CipherMode mode, PaddingMode padding, int feedbackBytes, ReadOnlySpan<byte> iv, bool encrypting)
    {
        _cipher = cipher;
        _mode = mode;
        _padding = padding;
        _encrypting = encrypting;
        _feedbackBytes = feedbackBytes;
        _unit = ModeDispatch.UnitSize(mode, cipher.BlockSize, feedbackBytes);
        _iv = iv.ToArray();
        _register = iv.ToArray();

        int holdBack = mode == CipherMode.CTS ? 2 * cipher.BlockSize
            : !encrypting && BlockPadding.IsRemovable(padding) ? FinalBlock.DepadLength(_unit, cipher.BlockSize)
            : 0;
        _held = new byte[holdBack];
    }

    public int InputBlockSize => _unit;

    public int OutputBlockSize => _unit;

    public bool CanTransformMultipleBlocks => true;

    public bool CanReuseTransform => true;

    public int TransformBlock(byte[] inputBuffer, int inputOffset, int inputCount, byte[] outputBuffer, int outputOffset)
    {
        CheckRange(inputBuffer, inputOffset, inputCount, nameof(inputBuffer), nameof(inputOffset), nameof(inputCount));
        if (outputBuffer == null)
        {
            throw new ArgumentNullException(nameof(outputBuffer));
        }

        if (inputCount == 0)
        {
            // As the built-in Aes transforms: an empty TransformBlock call is a caller error.
            throw new ArgumentOutOfRangeException(nameof(inputCount), ErrorMessages.TransformBlockEmpty);
        }

        if (inputCount % _unit != 0)
        {
            throw new ArgumentOutOfRangeException(nameof(inputCount), ErrorMessages.TransformBlockPartial);
        }

        int produced = Math.Max(0, _heldCount + inputCount - _held.Length);
        if (outputOffset < 0 || outputOffset > outputBuffer.Length || outputBuffer.Length - outputOffset < produced)
        {
            throw new ArgumentOutOfRangeException(nameof(outputOffset), ErrorMessages.OutputBufferTooSmall);
        }

        ThrowIfDisposed();

        ReadOnlySpan<byte> input = inputBuffer.AsSpan(inputOffset, inputCount);
        Span<byte> output = outputBuffer.AsSpan(outputOffset, produced);
        byte[]? copy = null;
        if (input.Overlaps(output, out int shift) && (_heldCount > 0 || shift != 0))
        {
            // The modes work in place or between disjoint buffers; the caller's offsets, or held-back data, can shift
            // the output against the input it comes from.
            copy = input.ToArray();
            input = copy;
        }

        int fromHeld = Math.Min(_heldCount, produced);
        Transform(_held.AsSpan(0, fromHeld), output);
        int fromInput = produced - fromHeld;
        Transform(input.Slice(0, fromInput), output.Slice(fromHeld));

        _held.AsSpan(fromHeld, _heldCount - fromHeld).CopyTo(_held);
        _heldCount -= fromHeld;
        input.Slice(fromInput).CopyTo(_held.AsSpan(_heldCount));
        _heldCount += input.Length - fromInput;
        Secret.Clear(copy);
        return produced;
    }

    public byte[] TransformFinalBlock(byte[] inputBuffer, int inputOffset, int inputCount)
    {
        CheckRange(inputBuffer, inputOffset, inputCount, nameof(inputBuffer), nameof(inputOffset), nameof(inputCount));
        ThrowIfDisposed();

        byte[] message = new byte[(int)Math.Min((long)_heldCount + inputCount, int.MaxValue)];   // too large: OutOfMemoryException
        _held.AsSpan(0, _heldCount).CopyTo(message);
        Buffer.BlockCopy(inputBuffer, inputOffset, message, _heldCount, inputCount);
        try
        {
            byte[] output = new byte[FinalBlock.MaxOutputLength(_mode, _unit, _padding, message.Length, _encrypting)];
            int written;
            bool done = _encrypting
                ? FinalBlock.TryEncrypt(_register, message, output, _cipher, _mode, _feedbackBytes, _padding, out written)
                : FinalBlock.TryDecrypt(_register, message, output, _cipher, _mode, _feedbackBytes, _padding, out written);
            Debug.Assert(done, "The output has room for the whole message.");
            if (written == output.Length)
            {
                return output;
            }

            // Padding removed: the result is shorter than the message.
            byte[] result = output.AsSpan(0, written).ToArray();
            Secret.Clear(output);
            return result;
        }
        finally
        {
            Secret.Clear(message);
            Reset();
        }
    }

    public void Dispose()
    {
        if (!_disposed)
        {
            _disposed = true;
            _cipher.Dispose();
            Secret.Clear(_register);
            Secret.Clear(_held);
            Secret.Clear(_iv);
        }
    }

    private void Transform(ReadOnlySpan<byte> input, Span<byte> output)
    {
        if (input.Length > 0)
        {
            ModeDispatch.Transform(_register, input, output, _cipher, _mode, _encrypting, _feedbackBytes);
        }
    }

    private void Reset()
    {
        _iv.CopyTo(_register, 0);
        Secret.Clear(_held);
        _heldCount = 0;
    }

    private void ThrowIfDisposed()
    {
        if (_disposed)
        {
            throw new ObjectDisposedException(nameof(ICryptoTransform));
        }
    }

    private static void CheckRange(byte[] buffer, int offset, int count, string bufferName, string offsetName, string countName)
    {
        if (buffer == null)
        {
            throw new ArgumentNullException(bufferName);
        }

        if (offset < 0 || offset > buffer.Length)
        {
            throw new ArgumentOutOfRangeException(offsetName, ErrorMessages.OffsetOutsideBuffer);
        }

        if (count < 0 || count > buffer.Length - offset)
        {
            throw new ArgumentOutOfRangeException(countName, ErrorMessages.CountOutsideBuffer);
        }
    }
}

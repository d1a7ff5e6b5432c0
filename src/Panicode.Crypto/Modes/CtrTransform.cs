using System;
using System.Diagnostics;
using System.Security.Cryptography;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto.Modes;

/// <summary>
/// CTR (NIST SP 800-38A §6.5) as a streaming <see cref="ICryptoTransform"/>, for <see cref="CryptoStream"/>: the same
/// transform encrypts and decrypts. Calls may have any length; keystream left over from a partial block is used by
/// the next call. <see cref="TransformFinalBlock"/> ends the stream and rewinds to the initial counter block.
/// </summary>
internal sealed class CtrTransform : ICryptoTransform
{
    private readonly BlockCipher _cipher;
    private readonly byte[] _initialCounter;
    private readonly byte[] _counter;
    private readonly byte[] _keystream;
    private readonly int _counterBytes;
    private int _keystreamUsed;

    public CtrTransform(BlockCipher cipher, ReadOnlySpan<byte> initialCounter, int counterBytes)
    {
        Debug.Assert(initialCounter.Length == cipher.BlockSize && counterBytes >= 1 && counterBytes <= cipher.BlockSize);
        _cipher = cipher;
        _initialCounter = initialCounter.ToArray();
        _counter = initialCounter.ToArray();
        _keystream = new byte[cipher.BlockSize];
        _keystreamUsed = cipher.BlockSize;
        _counterBytes = counterBytes;
    }

    public int InputBlockSize => _cipher.BlockSize;

    public int OutputBlockSize => _cipher.BlockSize;

    public bool CanTransformMultipleBlocks => true;

    public bool CanReuseTransform => true;

    public int TransformBlock(byte[] inputBuffer, int inputOffset, int inputCount, byte[] outputBuffer, int outputOffset)
    {
        CheckBuffer(inputBuffer, inputOffset, inputCount, nameof(inputBuffer));
        CheckBuffer(outputBuffer, outputOffset, inputCount, nameof(outputBuffer));
        Transform(new ReadOnlySpan<byte>(inputBuffer, inputOffset, inputCount), new Span<byte>(outputBuffer, outputOffset, inputCount));
        return inputCount;
    }

    public byte[] TransformFinalBlock(byte[] inputBuffer, int inputOffset, int inputCount)
    {
        CheckBuffer(inputBuffer, inputOffset, inputCount, nameof(inputBuffer));
        byte[] output = new byte[inputCount];
        Transform(new ReadOnlySpan<byte>(inputBuffer, inputOffset, inputCount), output);
        _initialCounter.AsSpan().CopyTo(_counter);
        Secret.Clear(_keystream);
        _keystreamUsed = _keystream.Length;
        return output;
    }

    public void Dispose()
    {
        _cipher.Dispose();
        Secret.Clear(_keystream);
        Secret.Clear(_counter);
        Secret.Clear(_initialCounter);
    }

    private void Transform(ReadOnlySpan<byte> input, Span<byte> output)
    {
        _cipher.ThrowIfDisposed();
        Gcm.CheckOverlap(input, output);
        int bs = _keystream.Length;

        // First what is left of the previous call's last keystream block.
        int leftover = Math.Min(bs - _keystreamUsed, input.Length);
        Xor.Into(input.Slice(0, leftover), _keystream.AsSpan(_keystreamUsed), output.Slice(0, leftover));
        _keystreamUsed += leftover;
        input = input.Slice(leftover);
        output = output.Slice(leftover);

        int whole = input.Length - input.Length % bs;
        Ctr.Transform(_cipher, _counter, _counterBytes, input.Slice(0, whole), output);
        if (whole != input.Length)
        {
            Ctr.Keystream(_cipher, _counter, _counterBytes, _keystream);
            int rest = input.Length - whole;
            Xor.Into(input.Slice(whole), _keystream, output.Slice(whole, rest));
            _keystreamUsed = rest;
        }
    }

    private static void CheckBuffer(byte[] buffer, int offset, int count, string name)
    {
        if (buffer == null)
        {
            throw new ArgumentNullException(name);
        }

        if (offset < 0 || count < 0 || offset > buffer.Length - count)
        {
            throw new ArgumentOutOfRangeException(name);
        }
    }
}

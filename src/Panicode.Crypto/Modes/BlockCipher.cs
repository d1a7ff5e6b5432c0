using System;

namespace Panicode.Crypto.Modes;

/// <summary>
/// The block-cipher core every mode and padding is written over: a keyed permutation that
/// encrypts or decrypts whole blocks, many per call, so an optimized core can keep several
/// blocks in flight. Input and output may be the same buffer; partial overlap is rejected.
/// Disposing clears the key schedule.
/// </summary>
/// <remarks>
/// Implementations override <see cref="EncryptCore"/>, <see cref="DecryptCore"/> and
/// <see cref="ClearKeySchedule"/>; the public members check the arguments once per call.
/// </remarks>
internal abstract class BlockCipher : IDisposable
{
    private bool _disposed;

    protected BlockCipher(int blockSizeInBytes)
    {
        BlockSize = blockSizeInBytes;
    }

    /// <summary>The block size in bytes.</summary>
    public int BlockSize { get; }

    /// <summary>Encrypts <paramref name="source"/> (whole blocks) into <paramref name="destination"/>.</summary>
    public void Encrypt(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        CheckArguments(source, destination);
        EncryptCore(source, destination.Slice(0, source.Length));
    }

    /// <summary>Decrypts <paramref name="source"/> (whole blocks) into <paramref name="destination"/>.</summary>
    public void Decrypt(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        CheckArguments(source, destination);
        DecryptCore(source, destination.Slice(0, source.Length));
    }

    public void Dispose()
    {
        if (!_disposed)
        {
            _disposed = true;
            ClearKeySchedule();
        }
    }

    /// <summary>
    /// Encrypts whole blocks; <paramref name="source"/> and <paramref name="destination"/> have the
    /// same length, a multiple of <see cref="BlockSize"/>, and are either the same memory or disjoint.
    /// </summary>
    protected abstract void EncryptCore(ReadOnlySpan<byte> source, Span<byte> destination);

    /// <summary>Decrypts whole blocks, under the same contract as <see cref="EncryptCore"/>.</summary>
    protected abstract void DecryptCore(ReadOnlySpan<byte> source, Span<byte> destination);

    /// <summary>Overwrites the key schedule with zeros.</summary>
    protected abstract void ClearKeySchedule();

    private void CheckArguments(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        if (_disposed)
        {
            throw new ObjectDisposedException(GetType().Name);
        }

        if (source.Length % BlockSize != 0)
        {
            throw new ArgumentException("The input is not a whole number of blocks.", nameof(source));
        }

        if (destination.Length < source.Length)
        {
            throw new ArgumentException("The destination is too small.", nameof(destination));
        }

        if (source.Overlaps(destination, out int offset) && offset != 0)
        {
            throw new ArgumentException("The source and destination overlap partially.", nameof(destination));
        }
    }
}

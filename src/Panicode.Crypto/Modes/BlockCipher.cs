using System;
using System.Diagnostics;

namespace Panicode.Crypto.Modes;

/// <summary>
/// The block-cipher core every mode and padding is written over: a keyed permutation that
/// encrypts or decrypts whole blocks, many per call, so an optimized core can keep several
/// blocks in flight. Input and output may be the same buffer; partial overlap is rejected.
/// Disposing clears the key schedule.
/// </summary>
/// <remarks>
/// Implementations override <see cref="EncryptCore"/>, <see cref="DecryptCore"/> and
/// <see cref="ClearKeySchedule"/>; the public members check the arguments once per call. CBC
/// encryption is serial, one block per core call, so it has a hook of its own,
/// <see cref="EncryptCbcCore"/>, that a core may override to keep the chaining value in registers
/// and its key schedule pinned across the blocks.
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

    /// <summary>
    /// CBC-encrypts <paramref name="source"/> (whole blocks) into <paramref name="destination"/> (NIST SP 800-38A
    /// §6.2): <paramref name="chain"/> holds the IV (or the last ciphertext block of the previous call) on entry
    /// and the last ciphertext block on exit. <paramref name="chain"/> must not overlap the data.
    /// </summary>
    public void EncryptCbc(Span<byte> chain, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        CheckArguments(source, destination);
        if (chain.Length != BlockSize)
        {
            throw new ArgumentException("The chaining value is not one block long.", nameof(chain));
        }

        if (chain.Overlaps(source) || chain.Overlaps(destination))
        {
            throw new ArgumentException("The chaining value overlaps the data.", nameof(chain));
        }

        EncryptCbcCore(chain, source, destination.Slice(0, source.Length));
    }

    /// <summary>Throws <see cref="ObjectDisposedException"/> after <see cref="Dispose"/>.</summary>
    public void ThrowIfDisposed()
    {
        if (_disposed)
        {
            throw new ObjectDisposedException(GetType().Name);
        }
    }

    /// <summary>
    /// Encrypts one block between buffers a mode owns, without the checks of <see cref="Encrypt"/>: for
    /// the feedback modes, which call the core once per segment or block after one
    /// <see cref="ThrowIfDisposed"/>. Same contract as <see cref="EncryptCore"/>.
    /// </summary>
    internal void EncryptBlock(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        // A real check, not an assertion: a disposed portable core would encrypt with a zeroed schedule.
        ThrowIfDisposed();
        Debug.Assert(source.Length == BlockSize && destination.Length == BlockSize);
        EncryptCore(source, destination);
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

    /// <summary>
    /// CBC-encrypts whole blocks under the contract of <see cref="EncryptCore"/>; <paramref name="chain"/> is one
    /// block, disjoint from the data, holding the IV on entry and the last ciphertext block on exit. This default
    /// XORs each plaintext block with the previous ciphertext block straight into the destination and encrypts it
    /// there, one core call per block (in place works: block i is read before it is written, and the previous
    /// ciphertext block is never part of block i).
    /// </summary>
    protected virtual void EncryptCbcCore(Span<byte> chain, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        int bs = BlockSize;
        ReadOnlySpan<byte> previous = chain;
        for (int offset = 0; offset < source.Length; offset += bs)
        {
            Span<byte> block = destination.Slice(offset, bs);
            Xor.Into(source.Slice(offset, bs), previous, block);
            EncryptCore(block, block);
            previous = block;
        }

        if (source.Length > 0)
        {
            previous.CopyTo(chain);
        }
    }

    /// <summary>Decrypts whole blocks, under the same contract as <see cref="EncryptCore"/>.</summary>
    protected abstract void DecryptCore(ReadOnlySpan<byte> source, Span<byte> destination);

    /// <summary>Overwrites the key schedule with zeros.</summary>
    protected abstract void ClearKeySchedule();

    private void CheckArguments(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        ThrowIfDisposed();

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

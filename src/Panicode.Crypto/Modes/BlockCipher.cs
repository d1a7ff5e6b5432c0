using System;
using System.Diagnostics;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto.Modes;

/// <summary>
/// The block-cipher core every mode and padding is written over: a keyed permutation that
/// encrypts or decrypts whole blocks, many per call, so an optimized core can keep several
/// blocks in flight. Input and output may be the same buffer; partial overlap is rejected.
/// Disposing clears the key schedule.
/// </summary>
/// <remarks>
/// Implementations override <see cref="EncryptCore"/>, <see cref="DecryptCore"/> and
/// <see cref="ClearKeySchedule"/>; the public members check the arguments once per call. A mode that can
/// run faster inside a core declares that as a capability interface in the mode's own file, which a core
/// may implement (e.g. <see cref="ICbcEncryptor"/> in Modes/Cbc.cs: CBC encryption is serial, so a core
/// keeps the chaining value in registers and its key schedule pinned across the blocks); the mode looks
/// the capability up and otherwise runs over <see cref="Encrypt"/>/<see cref="Decrypt"/>.
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

    /// <summary>Throws <see cref="ObjectDisposedException"/> after <see cref="Dispose"/>.</summary>
    public void ThrowIfDisposed()
    {
        if (_disposed)
        {
            throw Disposed.Key();
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

    /// <summary>Decrypts whole blocks, under the same contract as <see cref="EncryptCore"/>.</summary>
    protected abstract void DecryptCore(ReadOnlySpan<byte> source, Span<byte> destination);

    /// <summary>Overwrites the key schedule with zeros.</summary>
    protected abstract void ClearKeySchedule();

    /// <summary>
    /// The checks of <see cref="Encrypt"/> and <see cref="Decrypt"/>, for a mode that hands whole blocks to a
    /// capability of the core: not disposed, whole blocks, room in <paramref name="destination"/>, no partial overlap.
    /// </summary>
    internal void CheckArguments(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        ThrowIfDisposed();

        if (source.Length % BlockSize != 0)
        {
            throw new ArgumentException(ErrorMessages.NotWholeBlocks, nameof(source));
        }

        if (destination.Length < source.Length)
        {
            throw new ArgumentException(ErrorMessages.DestinationTooSmall, nameof(destination));
        }

        if (source.Overlaps(destination, out int offset) && offset != 0)
        {
            throw new ArgumentException(ErrorMessages.PartialOverlap, nameof(destination));
        }
    }
}

using System;
using System.Buffers.Binary;
using System.Diagnostics;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto.Modes;

/// <summary>
/// Counter mode (NIST SP 800-38A §6.5, counter blocks per Appendix B.1): O_j = E(T_j), C_j = P_j ^ O_j, the last
/// block's keystream truncated. The counter is the last <c>counterBytes</c> bytes of the block read as a
/// big-endian integer, incremented modulo 2^(8 counterBytes); the bytes before it stay fixed (the whole block for
/// plain CTR, 4 for GCM's inc32 (SP 800-38D §6.2), 15 - n for CCM (SP 800-38C §A.3)).
/// <para>Counter blocks are built in chunks of <see cref="ChunkBytes"/> and encrypted by one core call, so a core
/// that keeps several blocks in flight (AES-NI 8, the byte-sliced Camellia 16 to 64) runs at its batch speed.</para>
/// </summary>
internal static class Ctr
{
    /// <summary>Bytes of keystream built per core call: 64 blocks of 16 bytes, the widest batch of any core.</summary>
    public const int ChunkBytes = 1024;

    /// <summary>
    /// Encrypts or decrypts <paramref name="source"/> into <paramref name="destination"/> (same length; the same
    /// memory or disjoint), starting at the counter block <paramref name="counter"/>, which is left at the first
    /// block not used (a partial last block counts as used).
    /// </summary>
    public static void Transform(BlockCipher cipher, Span<byte> counter, int counterBytes, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        Debug.Assert(counter.Length == cipher.BlockSize && destination.Length >= source.Length);
        if (cipher is ICtrCore fused && source.Length >= cipher.BlockSize)
        {
            // Whole blocks in the core's own loop (counter blocks made in registers, no keystream buffer); the partial
            // last block, if any, below.
            cipher.ThrowIfDisposed();
            int whole = source.Length - source.Length % cipher.BlockSize;
            fused.TransformCtr(counter, counterBytes, source.Slice(0, whole), destination.Slice(0, whole));
            source = source.Slice(whole);
            destination = destination.Slice(whole);
            if (source.Length == 0)
            {
                return;
            }
        }

        Span<byte> keystream = stackalloc byte[ChunkBytes];
        int chunk = ChunkLength(cipher.BlockSize);
        for (int offset = 0; offset < source.Length; offset += chunk)
        {
            int length = Math.Min(chunk, source.Length - offset);
            Span<byte> blocks = keystream.Slice(0, RoundUp(length, cipher.BlockSize));
            Keystream(cipher, counter, counterBytes, blocks);
            Xor.Into(source.Slice(offset, length), blocks, destination.Slice(offset, length));
        }

        Secret.Clear(keystream);
    }

    /// <summary>Fills <paramref name="keystream"/> (whole blocks) with E(T_j), advancing <paramref name="counter"/>.</summary>
    public static void Keystream(BlockCipher cipher, Span<byte> counter, int counterBytes, Span<byte> keystream)
    {
        int bs = counter.Length;
        Debug.Assert(keystream.Length % bs == 0);
        if (bs == 16)
        {
            // Two 64-bit halves, written big-endian: the counter is the low 8 counterBytes bits of the 128-bit value;
            // the masks keep the fixed bytes and make the count wrap within its width.
            ulong high = BinaryPrimitives.ReadUInt64BigEndian(counter);
            ulong low = BinaryPrimitives.ReadUInt64BigEndian(counter.Slice(8));
            ulong lowMask = counterBytes >= 8 ? ulong.MaxValue : (1UL << (8 * counterBytes)) - 1;
            ulong highMask = counterBytes <= 8 ? 0 : counterBytes == 16 ? ulong.MaxValue : (1UL << (8 * (counterBytes - 8))) - 1;
            for (int offset = 0; offset < keystream.Length; offset += 16)
            {
                BinaryPrimitives.WriteUInt64BigEndian(keystream.Slice(offset), high);
                BinaryPrimitives.WriteUInt64BigEndian(keystream.Slice(offset + 8), low);
                ulong next = (low & ~lowMask) | ((low + 1) & lowMask);
                if (highMask != 0 && next == 0)
                {
                    high = (high & ~highMask) | ((high + 1) & highMask);
                }

                low = next;
            }

            BinaryPrimitives.WriteUInt64BigEndian(counter, high);
            BinaryPrimitives.WriteUInt64BigEndian(counter.Slice(8), low);
        }
        else
        {
            for (int offset = 0; offset < keystream.Length; offset += bs)
            {
                counter.CopyTo(keystream.Slice(offset));
                Increment(counter, counterBytes);
            }
        }

        cipher.Encrypt(keystream, keystream);
    }

    /// <summary>Adds one to the big-endian integer in the last <paramref name="counterBytes"/> bytes, modulo its width.</summary>
    public static void Increment(Span<byte> counter, int counterBytes)
    {
        // The counter is public (it is derived from the nonce), so the carry may branch.
        for (int i = counter.Length - 1; i >= counter.Length - counterBytes; i--)
        {
            if (++counter[i] != 0)
            {
                break;
            }
        }
    }

    /// <summary>The largest multiple of the block size that fits in <see cref="ChunkBytes"/> (Rijndael has 20- to 32-byte blocks).</summary>
    public static int ChunkLength(int blockSize) => ChunkBytes - ChunkBytes % blockSize;

    private static int RoundUp(int length, int blockSize) => (length + blockSize - 1) / blockSize * blockSize;
}

/// <summary>
/// A core's own CTR loop (a declared capability, looked up by <see cref="Ctr.Transform"/>): the counter blocks are made
/// in registers, encrypted in the core's batches and XORed into the data as they are stored, with no keystream buffer
/// and no second pass over the data.
/// </summary>
internal interface ICtrCore
{
    /// <summary>
    /// Encrypts or decrypts whole blocks under the contract of <see cref="Ctr.Transform"/>: <paramref name="source"/> and
    /// <paramref name="destination"/> have the same length, a multiple of the block size, and are the same memory or
    /// disjoint; the counter is the last <paramref name="counterBytes"/> bytes of <paramref name="counter"/>, big-endian,
    /// and is left at the first block not used.
    /// </summary>
    void TransformCtr(Span<byte> counter, int counterBytes, ReadOnlySpan<byte> source, Span<byte> destination);
}

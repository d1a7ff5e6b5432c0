using System;
using System.Buffers.Binary;
using System.Diagnostics;
#if NET
using System.Runtime.Intrinsics;
#endif
using Panicode.Crypto.Internal;

namespace Panicode.Crypto.Modes;

/// <summary>
/// Counter mode (NIST SP 800-38A §6.5, counter blocks per Appendix B.1): O_j = E(T_j), C_j = P_j ^ O_j, the last
/// block's keystream truncated. The counter is the last <c>counterBytes</c> bytes of the block read as a
/// big-endian integer, incremented modulo 2^(8 counterBytes); the bytes before it stay fixed (the whole block for
/// plain CTR, 4 for GCM's inc32 (SP 800-38D §6.2), 15 - n for CCM (SP 800-38C §A.3)).
/// <para>Counter blocks are built in chunks of <see cref="ChunkBytes"/> and encrypted by one core call, so a core
/// that keeps several blocks in flight (AES-NI 8, the byte-sliced Camellia 16 to 64) runs at its batch speed. A core
/// with its own CTR loop (<see cref="ICtrCore"/>: counters made in registers) or with a CTR form of its batches
/// (<see cref="ICtrBatchCore"/>: counter blocks in, data XORed in as the batch is stored) needs no keystream buffer.</para>
/// </summary>
internal static class Ctr
{
    /// <summary>Bytes of keystream built per core call: 64 blocks of 16 bytes, the widest batch of any core.</summary>
    public const int ChunkBytes = 1024;

    /// <summary>Bytes of counter blocks per call of an <see cref="ICtrBatchCore"/> on longer messages (L1-resident).</summary>
    public const int BatchChunkBytes = 4096;

    /// <summary>
    /// Encrypts or decrypts <paramref name="source"/> into <paramref name="destination"/> (same length; the same
    /// memory or disjoint), starting at the counter block <paramref name="counter"/>, which is left at the first
    /// block not used (a partial last block counts as used).
    /// </summary>
    public static void Transform(BlockCipher cipher, Span<byte> counter, int counterBytes, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        Debug.Assert(counter.Length == cipher.BlockSize && destination.Length >= source.Length);
        int bs = cipher.BlockSize;
        if (cipher is ICtrCore fused && source.Length >= bs)
        {
            // Whole blocks in the core's own loop (counter blocks made in registers, no keystream buffer); the partial
            // last block, if any, below.
            cipher.ThrowIfDisposed();
            int whole = source.Length - source.Length % bs;
            fused.TransformCtr(counter, counterBytes, source.Slice(0, whole), destination.Slice(0, whole));
            source = source.Slice(whole);
            destination = destination.Slice(whole);
            if (source.Length == 0)
            {
                return;
            }
        }

        // A batching core (ICtrBatchCore) takes the counter blocks of each chunk as its batch input and XORs the data in
        // as it stores, so the buffer holds only counter blocks (public) for the blocks it does; what it leaves (a short
        // tail, a partial block) becomes keystream here.
        ICtrBatchCore? batched = source.Length >= bs ? cipher as ICtrBatchCore : null;
        if (batched != null)
        {
            cipher.ThrowIfDisposed();
        }

        // A batching core gets four times the chunk per call where the message has it: its per-call cost (pinning,
        // dispatch to the batch width) was measured at about a sixth of a 1 KiB call of the byte-sliced Camellia.
        Span<byte> buffer = batched != null && source.Length > ChunkBytes ? stackalloc byte[BatchChunkBytes] : stackalloc byte[ChunkBytes];
        int chunk = buffer.Length - buffer.Length % bs;
        bool keystream = false;
        for (int offset = 0; offset < source.Length; offset += chunk)
        {
            int length = Math.Min(chunk, source.Length - offset);
            Span<byte> blocks = buffer.Slice(0, RoundUp(length, bs));
            CounterBlocks(counter, counterBytes, blocks);
            int whole = length - length % bs;
            int done = batched != null && whole > 0
                ? batched.EncryptXor(blocks.Slice(0, whole), source.Slice(offset, whole), destination.Slice(offset, whole))
                : 0;
            if (done < length)
            {
                Span<byte> rest = blocks.Slice(done);
                cipher.Encrypt(rest, rest);
                Xor.Into(source.Slice(offset + done, length - done), rest, destination.Slice(offset + done, length - done));
                keystream = true;
            }
        }

        if (keystream)
        {
            Secret.Clear(buffer.Slice(0, Math.Min(buffer.Length, RoundUp(source.Length, bs))));
        }
    }

    /// <summary>Fills <paramref name="keystream"/> (whole blocks) with E(T_j), advancing <paramref name="counter"/>.</summary>
    public static void Keystream(BlockCipher cipher, Span<byte> counter, int counterBytes, Span<byte> keystream)
    {
        CounterBlocks(counter, counterBytes, keystream);
        cipher.Encrypt(keystream, keystream);
    }

    /// <summary>Fills <paramref name="blocks"/> (whole blocks) with the counter blocks T_j, advancing <paramref name="counter"/>.</summary>
    public static void CounterBlocks(Span<byte> counter, int counterBytes, Span<byte> blocks)
    {
        int bs = counter.Length;
        Debug.Assert(bs >= 8 && bs % 4 == 0 && blocks.Length % bs == 0);
        int n = blocks.Length / bs;

        // The last 8 bytes as one big-endian word: while the counter field within it does not carry out across the n
        // blocks (always but near a wrap), block j is the fixed bytes and that word plus j; the field's mask keeps the
        // count within its counterBytes (GCM's inc32, CCM's q bytes). Otherwise block by block with Increment.
        ulong low = BinaryPrimitives.ReadUInt64BigEndian(counter.Slice(bs - 8));
        ulong mask = counterBytes >= 8 ? ulong.MaxValue : (1UL << (8 * counterBytes)) - 1;
        if ((ulong)n <= mask && (low & mask) <= mask - (ulong)n)
        {
#if NET
            if (bs >= 16 && BitConverter.IsLittleEndian && Vector128.IsHardwareAccelerated)
            {
                // The last 16 bytes as two 64-bit lanes (low word in lane 0), one vector add and one byte reversal per
                // block; blocks wider than 16 bytes first get their leading 16 bytes, which the second store overlaps.
                Vector128<byte> head = Vector128.Create((ReadOnlySpan<byte>)counter);
                Vector128<ulong> lanes = Vector128.Create(low, BinaryPrimitives.ReadUInt64BigEndian(counter.Slice(bs - 16)));
                Vector128<byte> reverse = Vector128.Create((byte)15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
                for (int offset = 0; offset < blocks.Length; offset += bs)
                {
                    if (bs > 16)
                    {
                        head.CopyTo(blocks.Slice(offset));
                    }

                    Vector128.Shuffle(lanes.AsByte(), reverse).CopyTo(blocks.Slice(offset + bs - 16));
                    lanes += Vector128.Create(1UL, 0UL);
                }

                BinaryPrimitives.WriteUInt64BigEndian(counter.Slice(bs - 8), low + (ulong)n);
                return;
            }
#endif

            // The fixed bytes as 4-byte words (every block size is a multiple of 4), copied as they are: word stores,
            // not a copy call per block, which would cost as much as a block of the fastest cores.
            for (int offset = 0; offset < blocks.Length; offset += bs, low++)
            {
                for (int i = 0; i < bs - 8; i += 4)
                {
                    BinaryPrimitives.WriteUInt32LittleEndian(blocks.Slice(offset + i), BinaryPrimitives.ReadUInt32LittleEndian(counter.Slice(i)));
                }

                BinaryPrimitives.WriteUInt64BigEndian(blocks.Slice(offset + bs - 8), low);
            }

            BinaryPrimitives.WriteUInt64BigEndian(counter.Slice(bs - 8), low);
        }
        else
        {
            for (int offset = 0; offset < blocks.Length; offset += bs)
            {
                counter.CopyTo(blocks.Slice(offset));
                Increment(counter, counterBytes);
            }
        }
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

/// <summary>
/// A batching core's CTR form (a declared capability, looked up by <see cref="Ctr.Transform"/>, which makes the counter
/// blocks): the counter blocks are the batches' input, and the data is XORed into each batch's output as it is stored,
/// so the keystream is never written to memory and the data is read and written once.
/// </summary>
internal interface ICtrBatchCore
{
    /// <summary>
    /// Encrypts the leading whole batches of <paramref name="counterBlocks"/> and XORs them into <paramref name="source"/>
    /// (the same length, whole blocks) into <paramref name="destination"/> (the same memory as the source, or disjoint);
    /// returns the bytes done, a multiple of the block size. The caller finishes the rest from the same counter blocks.
    /// </summary>
    int EncryptXor(ReadOnlySpan<byte> counterBlocks, ReadOnlySpan<byte> source, Span<byte> destination);
}

#if NET
using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.Arm;
using System.Runtime.Intrinsics.X86;
using X86Aes = System.Runtime.Intrinsics.X86.Aes;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Rijndael;

/// <summary>
/// The pieces of the AES counter-mode loops (CTR, GCM's stitched loop on AES-NI or ARMv8 AES, CCM; the counter also
/// serves the ARMv8 AES core): eight blocks through one round, and the last round with the data XORed in as the blocks
/// are stored (the last key's XOR adds it at no cost; <see cref="IAesRounds"/>).
/// </summary>
internal static unsafe class AesBatch
{
    /// <summary>Blocks in flight: AESENC's latency (about 4 cycles) times its throughput (1 or 2 a cycle), with room.</summary>
    public const int Width = 8;

    /// <summary>Reverses the 16 bytes of a block: a big-endian 128-bit counter to two little-endian 64-bit lanes and back.</summary>
    public static Vector128<byte> Reverse
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => Vector128.Create((byte)15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    }

    /// <summary>
    /// The bytes of <paramref name="v"/> in reverse order: PSHUFB on x86, TBL on ARM64 (the counter is shared by the
    /// AES-NI and the ARMv8 AES cores).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<byte> ReverseBytes(Vector128<byte> v) => Shuffle(v, Reverse);

    /// <summary>Byte i of the result is byte control[i] of <paramref name="v"/> (control bytes 0..15): PSHUFB or TBL.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<byte> Shuffle(Vector128<byte> v, Vector128<byte> control) =>
        Ssse3.IsSupported ? Ssse3.Shuffle(v, control) : AdvSimd.Arm64.VectorTableLookup(v, control);

    /// <summary>One round on eight blocks: eight independent instructions (AESENC, or AESE and AESMC; <see cref="IAesRounds"/>).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Round<TAes>(Vector128<byte> k, ref Vector128<byte> b0, ref Vector128<byte> b1, ref Vector128<byte> b2, ref Vector128<byte> b3,
        ref Vector128<byte> b4, ref Vector128<byte> b5, ref Vector128<byte> b6, ref Vector128<byte> b7)
        where TAes : struct, IAesRounds
    {
        TAes aes = default;
        b0 = aes.Round(b0, k);
        b1 = aes.Round(b1, k);
        b2 = aes.Round(b2, k);
        b3 = aes.Round(b3, k);
        b4 = aes.Round(b4, k);
        b5 = aes.Round(b5, k);
        b6 = aes.Round(b6, k);
        b7 = aes.Round(b7, k);
    }

    /// <summary>
    /// The last round of eight keystream blocks (<paramref name="key"/> is k[Nr - KeyLag], <paramref name="last"/> kNr;
    /// <see cref="IAesRounds.Last"/>), the data at <paramref name="src"/> XORed in, stored at <paramref name="dst"/>.
    /// The eight loads come before the eight stores, so src == dst is safe.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Finish<TAes>(Vector128<byte> key, Vector128<byte> last, byte* src, byte* dst, Vector128<byte> b0, Vector128<byte> b1, Vector128<byte> b2, Vector128<byte> b3,
        Vector128<byte> b4, Vector128<byte> b5, Vector128<byte> b6, Vector128<byte> b7)
        where TAes : struct, IAesRounds
    {
        TAes aes = default;
        b0 = aes.Last(b0, key, last ^ Vector128.Load(src));
        b1 = aes.Last(b1, key, last ^ Vector128.Load(src + 16));
        b2 = aes.Last(b2, key, last ^ Vector128.Load(src + 32));
        b3 = aes.Last(b3, key, last ^ Vector128.Load(src + 48));
        b4 = aes.Last(b4, key, last ^ Vector128.Load(src + 64));
        b5 = aes.Last(b5, key, last ^ Vector128.Load(src + 80));
        b6 = aes.Last(b6, key, last ^ Vector128.Load(src + 96));
        b7 = aes.Last(b7, key, last ^ Vector128.Load(src + 112));
        Vector128.Store(b0, dst);
        Vector128.Store(b1, dst + 16);
        Vector128.Store(b2, dst + 32);
        Vector128.Store(b3, dst + 48);
        Vector128.Store(b4, dst + 64);
        Vector128.Store(b5, dst + 80);
        Vector128.Store(b6, dst + 96);
        Vector128.Store(b7, dst + 112);
    }

    /// <summary>
    /// CTR over whole 16-byte blocks (NIST SP 800-38A §6.5, counter blocks as <see cref="Panicode.Crypto.Modes.Ctr"/>
    /// defines them): eight counter blocks made in registers, encrypted and XORed into the data per batch. The one
    /// loop of the AES-NI and the ARMv8 AES cores (<see cref="IAesRounds"/>).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]   // optimized from the first call, as the GCM loop
    public static void Ctr<TAes>(ref Counter counter, byte* src, byte* dst, int blocks, Vector128<byte>* keys, int rounds)
        where TAes : struct, IAesRounds
    {
        TAes aes = default;
        int lag = aes.KeyLag;
        Vector128<byte> k0 = keys[0];
        Vector128<byte> penultimate = keys[rounds - lag];
        Vector128<byte> last = keys[rounds];
        for (; blocks >= Width; blocks -= Width, src += 16 * Width, dst += 16 * Width)
        {
            Vector128<byte> b0, b1, b2, b3, b4, b5, b6, b7;
            if (counter.CanAdd(Width))
            {
                // No carry leaves the low word's counter field within the batch: one vector add per block.
                Vector128<ulong> c = counter.Lanes;
                b0 = aes.Whiten(Block(c, 0), k0);
                b1 = aes.Whiten(Block(c, 1), k0);
                b2 = aes.Whiten(Block(c, 2), k0);
                b3 = aes.Whiten(Block(c, 3), k0);
                b4 = aes.Whiten(Block(c, 4), k0);
                b5 = aes.Whiten(Block(c, 5), k0);
                b6 = aes.Whiten(Block(c, 6), k0);
                b7 = aes.Whiten(Block(c, 7), k0);
                counter.Add(Width);
            }
            else
            {
                b0 = aes.Whiten(counter.Next(), k0);
                b1 = aes.Whiten(counter.Next(), k0);
                b2 = aes.Whiten(counter.Next(), k0);
                b3 = aes.Whiten(counter.Next(), k0);
                b4 = aes.Whiten(counter.Next(), k0);
                b5 = aes.Whiten(counter.Next(), k0);
                b6 = aes.Whiten(counter.Next(), k0);
                b7 = aes.Whiten(counter.Next(), k0);
            }

            for (int round = 1; round < rounds; round++)
            {
                Round<TAes>(keys[round - lag], ref b0, ref b1, ref b2, ref b3, ref b4, ref b5, ref b6, ref b7);
            }

            Finish<TAes>(penultimate, last, src, dst, b0, b1, b2, b3, b4, b5, b6, b7);
        }

        for (; blocks > 0; blocks--, src += 16, dst += 16)
        {
            Vector128<byte> b = aes.Whiten(counter.Next(), k0);
            for (int round = 1; round < rounds; round++)
            {
                b = aes.Round(b, keys[round - lag]);
            }

            Vector128.Store(aes.Last(b, penultimate, last ^ Vector128.Load(src)), dst);
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> Block(Vector128<ulong> lanes, ulong i) => ReverseBytes((lanes + Vector128.Create(i, 0UL)).AsByte());

    /// <summary>
    /// A 16-byte counter block whose last <c>counterBytes</c> bytes count, big-endian, modulo their width (the bytes
    /// before stay fixed), held as two 64-bit words: the low word is bytes 8..15, the high word bytes 0..7. The counter
    /// is public (it comes from the nonce or IV), so its carries may branch.
    /// </summary>
    public struct Counter
    {
        private readonly ulong _lowMask;
        private readonly ulong _highMask;
        private ulong _low;
        private ulong _high;

        public Counter(ReadOnlySpan<byte> block, int counterBytes)
        {
            _high = BinaryPrimitives.ReadUInt64BigEndian(block);
            _low = BinaryPrimitives.ReadUInt64BigEndian(block.Slice(8));
            _lowMask = counterBytes >= 8 ? ulong.MaxValue : (1UL << (8 * counterBytes)) - 1;
            _highMask = counterBytes <= 8 ? 0 : counterBytes == 16 ? ulong.MaxValue : (1UL << (8 * (counterBytes - 8))) - 1;
        }

        /// <summary>The block as two lanes, low word in lane 0 (reverse its bytes for the block itself).</summary>
        public readonly Vector128<ulong> Lanes => Vector128.Create(_low, _high);

        /// <summary>Whether the next <paramref name="n"/> increments stay within the low word's counter field.</summary>
        public readonly bool CanAdd(int n) => (_low & _lowMask) <= _lowMask - (ulong)n;

        /// <summary>Adds <paramref name="n"/>; only after <see cref="CanAdd"/> said so.</summary>
        public void Add(int n) => _low += (ulong)n;

        /// <summary>The current block (bytes in order), then the counter moves on by one.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector128<byte> Next()
        {
            Vector128<byte> block = ReverseBytes(Lanes.AsByte());
            ulong next = (_low & ~_lowMask) | ((_low + 1) & _lowMask);
            if (_highMask != 0 && next == 0)
            {
                _high = (_high & ~_highMask) | ((_high + 1) & _highMask);
            }

            _low = next;
            return block;
        }

        /// <summary>Writes the block back (16 bytes, big-endian words).</summary>
        public readonly void WriteTo(Span<byte> block)
        {
            BinaryPrimitives.WriteUInt64BigEndian(block, _high);
            BinaryPrimitives.WriteUInt64BigEndian(block.Slice(8), _low);
        }
    }
}
#endif

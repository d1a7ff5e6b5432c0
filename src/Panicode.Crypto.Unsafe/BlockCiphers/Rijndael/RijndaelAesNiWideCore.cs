#if NET
using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
using Panicode.Crypto.BlockCiphers.Rijndael;
using Panicode.Crypto.Modes;
using X86Aes = System.Runtime.Intrinsics.X86.Aes;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Rijndael;

/// <summary>
/// Rijndael with 160-, 192- and 224-bit blocks (Nb = 5, 6, 7; AES proposal v2 §4.2) on AES-NI. The state is two XMM
/// halves, columns 0-3 and 4..Nb-1 (the rest of the second half is padding, zero-keyed). AESENC computes
/// MixColumns(ShiftRows4(SubBytes(y))) XOR k per half; fed the permutation y of the state that
/// <see cref="RijndaelWidePermutation"/> gives, it computes one Rijndael round: MixColumns(SubBytes(
/// ShiftRows_Nb(x))) XOR k. A permutation across two registers is two PSHUFB per output half (indices with the high
/// bit set give zero) and an OR. Decryption likewise with y = ShiftRows4(ShiftRows_Nb^-1(x)), AESDEC and the
/// AESIMC-transformed keys of the equivalent inverse cipher. Multi-block calls keep eight blocks in flight with
/// AVX-512's 32 vector registers, else four.
/// </summary>
/// <remarks>
/// Bounds: a permutation index never names a padding column of its source (the masks take column (z + C_r) mod Nb,
/// always below Nb), so padding never reaches the Nb real columns; AddRoundKey adds zero to padding, MixColumns and
/// SubBytes stay within a column, and the partial loads and stores touch exactly 4 Nb bytes per block.
/// </remarks>
internal sealed unsafe class RijndaelAesNiWideCore : AesCore, ICtrBatchCore
{
    // Per Nb (index nb - 5): four encryption masks (half 0 from half 0, half 0 from half 1, half 1 from half 0,
    // half 1 from half 1), then the four decryption masks.
    private static readonly Vector128<byte>[][] s_masks = { Masks(5), Masks(6), Masks(7) };

    private readonly int _nb;

    public RijndaelAesNiWideCore(ReadOnlySpan<byte> key, int blockSizeInBytes)
        : base(key, blockSizeInBytes)
    {
        Debug.Assert(IsSupported && blockSizeInBytes is 20 or 24 or 28);
        _nb = blockSizeInBytes / 4;
    }

    /// <summary>True where the CPU has AES-NI, SSSE3 (PSHUFB) and SSE4.1 (PINSRD/PEXTRD for the 12-byte halves).</summary>
    public static bool IsSupported => X86Aes.IsSupported && Ssse3.IsSupported && Sse41.IsSupported;

    protected override void Encrypt(byte* src, byte* dst, int blocks, Vector128<byte>* keys, int rounds)
    {
        fixed (Vector128<byte>* masks = s_masks[_nb - 5])
        {
            switch (_nb)
            {
                case 5: Transform<AesNiEncryption, FourByteHalf>(src, null, dst, blocks, keys, rounds, masks); break;
                case 6: Transform<AesNiEncryption, EightByteHalf>(src, null, dst, blocks, keys, rounds, masks); break;
                default: Transform<AesNiEncryption, TwelveByteHalf>(src, null, dst, blocks, keys, rounds, masks); break;
            }
        }
    }

    protected override void Decrypt(byte* src, byte* dst, int blocks, Vector128<byte>* keys, int rounds)
    {
        fixed (Vector128<byte>* masks = s_masks[_nb - 5])
        {
            switch (_nb)
            {
                case 5: Transform<AesNiDecryption, FourByteHalf>(src, null, dst, blocks, keys, rounds, masks + 4); break;
                case 6: Transform<AesNiDecryption, EightByteHalf>(src, null, dst, blocks, keys, rounds, masks + 4); break;
                default: Transform<AesNiDecryption, TwelveByteHalf>(src, null, dst, blocks, keys, rounds, masks + 4); break;
            }
        }
    }

    // CTR (the ICtrBatchCore capability): the counter blocks are the batches' input, and the data is XORed into the last
    // round's keys (AESENCLAST ends by XORing its key), so the keystream never reaches memory.
    int ICtrBatchCore.EncryptXor(ReadOnlySpan<byte> counterBlocks, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        fixed (byte* ctr = counterBlocks)
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (Vector128<byte>* keys = EncryptionKeys)
        fixed (Vector128<byte>* masks = s_masks[_nb - 5])
        {
            int blocks = source.Length / BlockSize;
            switch (_nb)
            {
                case 5: Transform<AesNiEncryption, FourByteHalf>(ctr, src, dst, blocks, keys, Rounds, masks); break;
                case 6: Transform<AesNiEncryption, EightByteHalf>(ctr, src, dst, blocks, keys, Rounds, masks); break;
                default: Transform<AesNiEncryption, TwelveByteHalf>(ctr, src, dst, blocks, keys, Rounds, masks); break;
            }
        }

        return source.Length;
    }

    protected override void EncryptCbc(byte* chain, byte* src, byte* dst, int blocks, Vector128<byte>* keys, int rounds)
    {
        fixed (Vector128<byte>* masks = s_masks[_nb - 5])
        {
            switch (_nb)
            {
                case 5: Cbc<FourByteHalf>(chain, src, dst, blocks, keys, rounds, masks); break;
                case 6: Cbc<EightByteHalf>(chain, src, dst, blocks, keys, rounds, masks); break;
                default: Cbc<TwelveByteHalf>(chain, src, dst, blocks, keys, rounds, masks); break;
            }
        }
    }

    // ECB (data null), or CTR encryption: src holds the counter blocks and each output block is XORed with the block
    // of data at the same offset, folded into the last round's keys. In place (data == dst) is safe: block i's data is
    // loaded in its last round, just before block i is stored, and no store reaches another block.
    private static void Transform<TDirection, THalf>(byte* src, byte* data, byte* dst, int blocks, Vector128<byte>* keys, int rounds, Vector128<byte>* masks)
        where TDirection : struct, IAesNiDirection
        where THalf : struct, ISecondHalf
    {
        bool xor = data != null;   // data advances with dst below; it is read only when xor
        int stride = 16 + default(THalf).Bytes;
        Vector128<byte> m00 = masks[0], m01 = masks[1], m10 = masks[2], m11 = masks[3];
        Vector128<byte> first0 = keys[0], first1 = keys[1];
        Vector128<byte> last0 = keys[2 * rounds], last1 = keys[(2 * rounds) + 1];
        // Eight blocks in flight where AVX-512 gives the JIT 32 vector registers (as in RijndaelAesNi256Core: a round's
        // chain of shuffles, OR and AESENC is too long for four blocks to keep the AES units busy).
        if (Avx512F.IsSupported)
        {
            for (; blocks >= 8; blocks -= 8, src += 8 * stride, data += 8 * stride, dst += 8 * stride)
            {
                Vector128<byte> a0 = Sse2.LoadVector128(src) ^ first0, b0 = default(THalf).Load(src + 16) ^ first1;
                Vector128<byte> a1 = Sse2.LoadVector128(src + stride) ^ first0, b1 = default(THalf).Load(src + stride + 16) ^ first1;
                Vector128<byte> a2 = Sse2.LoadVector128(src + (2 * stride)) ^ first0, b2 = default(THalf).Load(src + (2 * stride) + 16) ^ first1;
                Vector128<byte> a3 = Sse2.LoadVector128(src + (3 * stride)) ^ first0, b3 = default(THalf).Load(src + (3 * stride) + 16) ^ first1;
                Vector128<byte> a4 = Sse2.LoadVector128(src + (4 * stride)) ^ first0, b4 = default(THalf).Load(src + (4 * stride) + 16) ^ first1;
                Vector128<byte> a5 = Sse2.LoadVector128(src + (5 * stride)) ^ first0, b5 = default(THalf).Load(src + (5 * stride) + 16) ^ first1;
                Vector128<byte> a6 = Sse2.LoadVector128(src + (6 * stride)) ^ first0, b6 = default(THalf).Load(src + (6 * stride) + 16) ^ first1;
                Vector128<byte> a7 = Sse2.LoadVector128(src + (7 * stride)) ^ first0, b7 = default(THalf).Load(src + (7 * stride) + 16) ^ first1;
                for (int round = 1; round < rounds; round++)
                {
                    Vector128<byte> k0 = keys[2 * round];
                    Vector128<byte> k1 = keys[(2 * round) + 1];
                    Round<TDirection>(ref a0, ref b0, k0, k1, m00, m01, m10, m11);
                    Round<TDirection>(ref a1, ref b1, k0, k1, m00, m01, m10, m11);
                    Round<TDirection>(ref a2, ref b2, k0, k1, m00, m01, m10, m11);
                    Round<TDirection>(ref a3, ref b3, k0, k1, m00, m01, m10, m11);
                    Round<TDirection>(ref a4, ref b4, k0, k1, m00, m01, m10, m11);
                    Round<TDirection>(ref a5, ref b5, k0, k1, m00, m01, m10, m11);
                    Round<TDirection>(ref a6, ref b6, k0, k1, m00, m01, m10, m11);
                    Round<TDirection>(ref a7, ref b7, k0, k1, m00, m01, m10, m11);
                }

                // Stores in block order: in place, block i's bytes are all loaded above before any store.
                LastRound<TDirection, THalf>(dst, xor, data, a0, b0, last0, last1, m00, m01, m10, m11);
                LastRound<TDirection, THalf>(dst + stride, xor, data + stride, a1, b1, last0, last1, m00, m01, m10, m11);
                LastRound<TDirection, THalf>(dst + (2 * stride), xor, data + (2 * stride), a2, b2, last0, last1, m00, m01, m10, m11);
                LastRound<TDirection, THalf>(dst + (3 * stride), xor, data + (3 * stride), a3, b3, last0, last1, m00, m01, m10, m11);
                LastRound<TDirection, THalf>(dst + (4 * stride), xor, data + (4 * stride), a4, b4, last0, last1, m00, m01, m10, m11);
                LastRound<TDirection, THalf>(dst + (5 * stride), xor, data + (5 * stride), a5, b5, last0, last1, m00, m01, m10, m11);
                LastRound<TDirection, THalf>(dst + (6 * stride), xor, data + (6 * stride), a6, b6, last0, last1, m00, m01, m10, m11);
                LastRound<TDirection, THalf>(dst + (7 * stride), xor, data + (7 * stride), a7, b7, last0, last1, m00, m01, m10, m11);
            }
        }

        for (; blocks >= 4; blocks -= 4, src += 4 * stride, data += 4 * stride, dst += 4 * stride)
        {
            Vector128<byte> a0 = Sse2.LoadVector128(src) ^ first0;
            Vector128<byte> b0 = default(THalf).Load(src + 16) ^ first1;
            Vector128<byte> a1 = Sse2.LoadVector128(src + stride) ^ first0;
            Vector128<byte> b1 = default(THalf).Load(src + stride + 16) ^ first1;
            Vector128<byte> a2 = Sse2.LoadVector128(src + (2 * stride)) ^ first0;
            Vector128<byte> b2 = default(THalf).Load(src + (2 * stride) + 16) ^ first1;
            Vector128<byte> a3 = Sse2.LoadVector128(src + (3 * stride)) ^ first0;
            Vector128<byte> b3 = default(THalf).Load(src + (3 * stride) + 16) ^ first1;
            for (int round = 1; round < rounds; round++)
            {
                Vector128<byte> k0 = keys[2 * round];
                Vector128<byte> k1 = keys[(2 * round) + 1];
                Round<TDirection>(ref a0, ref b0, k0, k1, m00, m01, m10, m11);
                Round<TDirection>(ref a1, ref b1, k0, k1, m00, m01, m10, m11);
                Round<TDirection>(ref a2, ref b2, k0, k1, m00, m01, m10, m11);
                Round<TDirection>(ref a3, ref b3, k0, k1, m00, m01, m10, m11);
            }

            LastRound<TDirection, THalf>(dst, xor, data, a0, b0, last0, last1, m00, m01, m10, m11);
            LastRound<TDirection, THalf>(dst + stride, xor, data + stride, a1, b1, last0, last1, m00, m01, m10, m11);
            LastRound<TDirection, THalf>(dst + (2 * stride), xor, data + (2 * stride), a2, b2, last0, last1, m00, m01, m10, m11);
            LastRound<TDirection, THalf>(dst + (3 * stride), xor, data + (3 * stride), a3, b3, last0, last1, m00, m01, m10, m11);
        }

        for (; blocks > 0; blocks--, src += stride, data += stride, dst += stride)
        {
            Vector128<byte> a = Sse2.LoadVector128(src) ^ first0;
            Vector128<byte> b = default(THalf).Load(src + 16) ^ first1;
            for (int round = 1; round < rounds; round++)
            {
                Round<TDirection>(ref a, ref b, keys[2 * round], keys[(2 * round) + 1], m00, m01, m10, m11);
            }

            LastRound<TDirection, THalf>(dst, xor, data, a, b, last0, last1, m00, m01, m10, m11);
        }
    }

    // CBC encryption, serial: the chaining value stays in two registers across the blocks.
    private static void Cbc<THalf>(byte* chain, byte* src, byte* dst, int blocks, Vector128<byte>* keys, int rounds, Vector128<byte>* masks)
        where THalf : struct, ISecondHalf
    {
        int stride = 16 + default(THalf).Bytes;
        Vector128<byte> m00 = masks[0], m01 = masks[1], m10 = masks[2], m11 = masks[3];
        Vector128<byte> a = Sse2.LoadVector128(chain);
        Vector128<byte> b = default(THalf).Load(chain + 16);
        for (; blocks > 0; blocks--, src += stride, dst += stride)
        {
            a ^= Sse2.LoadVector128(src) ^ keys[0];
            b ^= default(THalf).Load(src + 16) ^ keys[1];
            for (int round = 1; round < rounds; round++)
            {
                Round<AesNiEncryption>(ref a, ref b, keys[2 * round], keys[(2 * round) + 1], m00, m01, m10, m11);
            }

            // Padding bytes of b carry over to the next block, harmlessly: they never reach the real columns.
            (Vector128<byte> x, Vector128<byte> y) = Permute(a, b, m00, m01, m10, m11);
            a = X86Aes.EncryptLast(x, keys[2 * rounds]);
            b = X86Aes.EncryptLast(y, keys[(2 * rounds) + 1]);
            Sse2.Store(dst, a);
            default(THalf).Store(dst + 16, b);
        }

        Sse2.Store(chain, a);
        default(THalf).Store(chain + 16, b);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Round<TDirection>(
        ref Vector128<byte> a, ref Vector128<byte> b, Vector128<byte> k0, Vector128<byte> k1,
        Vector128<byte> m00, Vector128<byte> m01, Vector128<byte> m10, Vector128<byte> m11)
        where TDirection : struct, IAesNiDirection
    {
        (Vector128<byte> x, Vector128<byte> y) = Permute(a, b, m00, m01, m10, m11);
        a = default(TDirection).Round(x, k0);
        b = default(TDirection).Round(y, k1);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void LastRound<TDirection, THalf>(
        byte* dst, bool xor, byte* data, Vector128<byte> a, Vector128<byte> b, Vector128<byte> k0, Vector128<byte> k1,
        Vector128<byte> m00, Vector128<byte> m01, Vector128<byte> m10, Vector128<byte> m11)
        where TDirection : struct, IAesNiDirection
        where THalf : struct, ISecondHalf
    {
        if (xor)
        {
            k0 ^= Sse2.LoadVector128(data);
            k1 ^= default(THalf).Load(data + 16);
        }

        (Vector128<byte> x, Vector128<byte> y) = Permute(a, b, m00, m01, m10, m11);
        Sse2.Store(dst, default(TDirection).Last(x, k0));
        default(THalf).Store(dst + 16, default(TDirection).Last(y, k1));
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static (Vector128<byte> X, Vector128<byte> Y) Permute(
        Vector128<byte> a, Vector128<byte> b, Vector128<byte> m00, Vector128<byte> m01, Vector128<byte> m10, Vector128<byte> m11) =>
        (Ssse3.Shuffle(a, m00) | Ssse3.Shuffle(b, m01), Ssse3.Shuffle(a, m10) | Ssse3.Shuffle(b, m11));

    // The PSHUFB masks for Nb columns from the permutation's sources (RijndaelWidePermutation): output half h takes
    // source byte s from half s / 16 at index s mod 16; indices with the high bit set give zero.
    private static Vector128<byte>[] Masks(int nb)
    {
        byte[][] masks = new byte[8][];
        for (int i = 0; i < 8; i++)
        {
            masks[i] = new byte[16];
            masks[i].AsSpan().Fill(0x80);
        }

        for (int direction = 0; direction < 2; direction++)
        {
            int[] sources = RijndaelWidePermutation.Sources(nb, decryption: direction == 1);
            for (int p = 0; p < 32; p++)
            {
                if (sources[p] >= 0)
                {
                    masks[(4 * direction) + (2 * (p / 16)) + (sources[p] / 16)][p % 16] = (byte)(sources[p] % 16);
                }
            }
        }

        Vector128<byte>[] vectors = new Vector128<byte>[8];
        for (int i = 0; i < 8; i++)
        {
            vectors[i] = Vector128.Create(masks[i]);
        }

        return vectors;
    }

    /// <summary>Loads and stores the real bytes of the second half (4, 8 or 12), zeros elsewhere on load.</summary>
    private interface ISecondHalf
    {
        int Bytes { get; }

        Vector128<byte> Load(byte* p);

        void Store(byte* p, Vector128<byte> v);
    }

    private readonly struct FourByteHalf : ISecondHalf
    {
        public int Bytes => 4;

        public Vector128<byte> Load(byte* p) => Sse2.ConvertScalarToVector128UInt32(*(uint*)p).AsByte();

        public void Store(byte* p, Vector128<byte> v) => *(uint*)p = v.AsUInt32().ToScalar();
    }

    private readonly struct EightByteHalf : ISecondHalf
    {
        public int Bytes => 8;

        public Vector128<byte> Load(byte* p) => Sse2.LoadScalarVector128((ulong*)p).AsByte();

        public void Store(byte* p, Vector128<byte> v) => Sse2.StoreScalar((ulong*)p, v.AsUInt64());
    }

    private readonly struct TwelveByteHalf : ISecondHalf
    {
        public int Bytes => 12;

        public Vector128<byte> Load(byte* p) => Sse41.Insert(Sse2.LoadScalarVector128((ulong*)p).AsUInt32(), *(uint*)(p + 8), 2).AsByte();

        public void Store(byte* p, Vector128<byte> v)
        {
            Sse2.StoreScalar((ulong*)p, v.AsUInt64());
            *(uint*)(p + 8) = Sse41.Extract(v.AsUInt32(), 2);
        }
    }
}
#endif

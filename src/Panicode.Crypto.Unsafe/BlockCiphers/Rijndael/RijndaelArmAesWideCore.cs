#if NET
using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.Arm;
using Panicode.Crypto.Modes;
using ArmAes = System.Runtime.Intrinsics.Arm.Aes;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Rijndael;

/// <summary>
/// Rijndael with 160-, 192-, 224- and 256-bit blocks (Nb = 5..8; AES proposal v2 §4.2) on the ARMv8 Cryptography
/// Extension, the ARM64 counterpart of <see cref="RijndaelAesNiWideCore"/> and <see cref="RijndaelAesNi256Core"/>. The
/// state is two Q registers, columns 0-3 and 4..Nb-1 (the rest of the second half is padding, zero-keyed), with the
/// round keys of <see cref="AesNiKeySchedule"/>. AESE XORs its key, then applies SubBytes and AES's own ShiftRows to
/// each half; a round here is: XOR the round key into both halves, permute the 32 bytes with one two-register TBL per
/// output half (<see cref="RijndaelWidePermutation"/>: indices out of range give zero), AESE with a zero key, AESMC. The
/// key XOR comes before the permutation, so the keys need no permuting; the last round is AESE and an XOR with
/// k[Nr], as in <see cref="RijndaelArmAesCore"/>. Decryption is the same shape with AESD, AESIMC and the keys of the
/// equivalent inverse cipher (FIPS 197 §5.3.5). Multi-block calls keep four blocks (eight registers) in flight.
/// </summary>
/// <remarks>
/// Bounds: a TBL index never names a padding column (see <see cref="RijndaelWidePermutation.Sources"/>), so padding
/// never reaches the Nb real columns, and the partial loads and stores touch exactly 4 Nb bytes per block.
/// </remarks>
internal sealed unsafe class RijndaelArmAesWideCore : AesCore, ICtrBatchCore
{
    private const int Width = 4;

    // Per Nb (index nb - 5): the TBL indices of encryption's two output halves, then decryption's.
    private static readonly Vector128<byte>[][] s_masks = { Masks(5), Masks(6), Masks(7), Masks(8) };

    private readonly int _nb;

    public RijndaelArmAesWideCore(ReadOnlySpan<byte> key, int blockSizeInBytes)
        : base(key, blockSizeInBytes)
    {
        Debug.Assert(IsSupported && blockSizeInBytes is 20 or 24 or 28 or 32);
        _nb = blockSizeInBytes / 4;
    }

    /// <summary>True where the CPU has the ARMv8 AES instructions and ARM64's Advanced SIMD (the two-register TBL).</summary>
    public static bool IsSupported => ArmAes.IsSupported && AdvSimd.Arm64.IsSupported;

    protected override void Encrypt(byte* src, byte* dst, int blocks, Vector128<byte>* keys, int rounds)
    {
        fixed (Vector128<byte>* masks = s_masks[_nb - 5])
        {
            Transform<ArmEncryption>(src, null, dst, blocks, keys, rounds, masks, _nb);
        }
    }

    protected override void Decrypt(byte* src, byte* dst, int blocks, Vector128<byte>* keys, int rounds)
    {
        fixed (Vector128<byte>* masks = s_masks[_nb - 5])
        {
            Transform<ArmDecryption>(src, null, dst, blocks, keys, rounds, masks + 2, _nb);
        }
    }

    // CTR (the ICtrBatchCore capability): the counter blocks are the batches' input, and the data is XORed in as each
    // block is stored, so the keystream never reaches memory.
    int ICtrBatchCore.EncryptXor(ReadOnlySpan<byte> counterBlocks, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        fixed (byte* ctr = counterBlocks)
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (Vector128<byte>* keys = EncryptionKeys)
        fixed (Vector128<byte>* masks = s_masks[_nb - 5])
        {
            Transform<ArmEncryption>(ctr, src, dst, source.Length / BlockSize, keys, Rounds, masks, _nb);
        }

        return source.Length;
    }

    // CBC encryption, serial: the chaining value stays in two registers across the blocks.
    protected override void EncryptCbc(byte* chain, byte* src, byte* dst, int blocks, Vector128<byte>* keys, int rounds)
    {
        int tail = (4 * _nb) - 16;
        Vector128<byte> m0, m1;
        fixed (Vector128<byte>* masks = s_masks[_nb - 5])
        {
            m0 = masks[0];
            m1 = masks[1];
        }

        Vector128<byte> a = AdvSimd.LoadVector128(chain);
        Vector128<byte> b = LoadTail(chain + 16, tail);
        for (; blocks > 0; blocks--, src += 16 + tail, dst += 16 + tail)
        {
            a ^= AdvSimd.LoadVector128(src);
            b ^= LoadTail(src + 16, tail);
            Block<ArmEncryption>(ref a, ref b, keys, rounds, m0, m1);

            // Padding bytes of b carry over to the next block, harmlessly: they never reach the real columns.
            AdvSimd.Store(dst, a);
            StoreTail(dst + 16, b, tail);
        }

        AdvSimd.Store(chain, a);
        StoreTail(chain + 16, b, tail);
    }

    // ECB (data null), or CTR encryption: src holds the counter blocks and each output block is XORed with the block of
    // data at the same offset. In place is safe: a batch loads its blocks before its first store, and block i's data is
    // loaded just before block i is stored.
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static void Transform<TDirection>(byte* src, byte* data, byte* dst, int blocks, Vector128<byte>* keys, int rounds, Vector128<byte>* masks, int nb)
        where TDirection : struct, IArmDirection
    {
        bool xor = data != null;   // data advances with dst below; it is read only when xor
        int tail = (4 * nb) - 16;
        int stride = 4 * nb;
        Vector128<byte> m0 = masks[0], m1 = masks[1];
        for (; blocks >= Width; blocks -= Width, src += Width * stride, data += Width * stride, dst += Width * stride)
        {
            Vector128<byte> a0 = AdvSimd.LoadVector128(src), b0 = LoadTail(src + 16, tail);
            Vector128<byte> a1 = AdvSimd.LoadVector128(src + stride), b1 = LoadTail(src + stride + 16, tail);
            Vector128<byte> a2 = AdvSimd.LoadVector128(src + (2 * stride)), b2 = LoadTail(src + (2 * stride) + 16, tail);
            Vector128<byte> a3 = AdvSimd.LoadVector128(src + (3 * stride)), b3 = LoadTail(src + (3 * stride) + 16, tail);
            for (int round = 0; round < rounds; round++)
            {
                Vector128<byte> k0 = keys[2 * round], k1 = keys[(2 * round) + 1];
                bool mix = round < rounds - 1;
                Round<TDirection>(ref a0, ref b0, k0, k1, m0, m1, mix);
                Round<TDirection>(ref a1, ref b1, k0, k1, m0, m1, mix);
                Round<TDirection>(ref a2, ref b2, k0, k1, m0, m1, mix);
                Round<TDirection>(ref a3, ref b3, k0, k1, m0, m1, mix);
            }

            Vector128<byte> last0 = keys[2 * rounds], last1 = keys[(2 * rounds) + 1];
            Store(dst, xor, data, a0, b0, last0, last1, tail);
            Store(dst + stride, xor, data + stride, a1, b1, last0, last1, tail);
            Store(dst + (2 * stride), xor, data + (2 * stride), a2, b2, last0, last1, tail);
            Store(dst + (3 * stride), xor, data + (3 * stride), a3, b3, last0, last1, tail);
        }

        for (; blocks > 0; blocks--, src += stride, data += stride, dst += stride)
        {
            Vector128<byte> a = AdvSimd.LoadVector128(src), b = LoadTail(src + 16, tail);
            for (int round = 0; round < rounds; round++)
            {
                Round<TDirection>(ref a, ref b, keys[2 * round], keys[(2 * round) + 1], m0, m1, round < rounds - 1);
            }

            Store(dst, xor, data, a, b, keys[2 * rounds], keys[(2 * rounds) + 1], tail);
        }
    }

    /// <summary>Every round of one block, the last key XOR included.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Block<TDirection>(ref Vector128<byte> a, ref Vector128<byte> b, Vector128<byte>* keys, int rounds, Vector128<byte> m0, Vector128<byte> m1)
        where TDirection : struct, IArmDirection
    {
        for (int round = 0; round < rounds; round++)
        {
            Round<TDirection>(ref a, ref b, keys[2 * round], keys[(2 * round) + 1], m0, m1, round < rounds - 1);
        }

        a ^= keys[2 * rounds];
        b ^= keys[(2 * rounds) + 1];
    }

    // AddRoundKey, then (Inv)ShiftRows_Nb by TBL, then AESE/AESD (SubBytes and the per-half ShiftRows the permutation
    // anticipated), then AESMC/AESIMC except in the last round.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Round<TDirection>(
        ref Vector128<byte> a, ref Vector128<byte> b, Vector128<byte> k0, Vector128<byte> k1, Vector128<byte> m0, Vector128<byte> m1, bool mix)
        where TDirection : struct, IArmDirection
    {
        TDirection d = default;
        (Vector128<byte>, Vector128<byte>) state = (a ^ k0, b ^ k1);
        a = d.Round(AdvSimd.Arm64.VectorTableLookup(state, m0), Vector128<byte>.Zero);
        b = d.Round(AdvSimd.Arm64.VectorTableLookup(state, m1), Vector128<byte>.Zero);
        if (mix)
        {
            a = d.Mix(a);
            b = d.Mix(b);
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Store(byte* dst, bool xor, byte* data, Vector128<byte> a, Vector128<byte> b, Vector128<byte> k0, Vector128<byte> k1, int tail)
    {
        if (xor)
        {
            k0 ^= AdvSimd.LoadVector128(data);
            k1 ^= LoadTail(data + 16, tail);
        }

        AdvSimd.Store(dst, a ^ k0);
        StoreTail(dst + 16, b ^ k1, tail);
    }

    /// <summary>The second half's real bytes (4, 8, 12 or 16), zeros above them.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> LoadTail(byte* p, int bytes) => bytes switch
    {
        4 => Vector128.CreateScalar(*(uint*)p).AsByte(),
        8 => Vector128.CreateScalar(*(ulong*)p).AsByte(),
        12 => Vector128.Create(*(ulong*)p, *(uint*)(p + 8)).AsByte(),
        _ => AdvSimd.LoadVector128(p),
    };

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void StoreTail(byte* p, Vector128<byte> v, int bytes)
    {
        switch (bytes)
        {
            case 4:
                *(uint*)p = v.AsUInt32().ToScalar();
                break;
            case 8:
                *(ulong*)p = v.AsUInt64().ToScalar();
                break;
            case 12:
                *(ulong*)p = v.AsUInt64().ToScalar();
                *(uint*)(p + 8) = v.AsUInt32().GetElement(2);
                break;
            default:
                AdvSimd.Store(p, v);
                break;
        }
    }

    // The TBL indices from the permutation's sources: a two-register TBL numbers the 32 bytes of (half 0, half 1) as
    // the state's own byte order, and an index of 32 or more gives zero.
    private static Vector128<byte>[] Masks(int nb)
    {
        Vector128<byte>[] vectors = new Vector128<byte>[4];
        for (int direction = 0; direction < 2; direction++)
        {
            int[] sources = RijndaelWidePermutation.Sources(nb, decryption: direction == 1);
            byte[] indices = new byte[32];
            for (int p = 0; p < 32; p++)
            {
                indices[p] = sources[p] < 0 ? (byte)0xFF : (byte)sources[p];
            }

            vectors[2 * direction] = Vector128.Create(indices, 0);
            vectors[(2 * direction) + 1] = Vector128.Create(indices, 16);
        }

        return vectors;
    }
}
#endif

#if NET
using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
using Panicode.Crypto.Modes;
using X86Aes = System.Runtime.Intrinsics.X86.Aes;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Rijndael;

/// <summary>
/// Rijndael with 256-bit blocks (Nb = 8, AES proposal v2 §4.2, shift offsets C1..C3 = 1, 3, 4) on
/// AES-NI, after the technique in Intel's AES-NI white paper (Gueron): the state is two XMM halves
/// (columns 0-3 and 4-7). AESENC applies AES's ShiftRows (offsets 0, 1, 2, 3 within four columns),
/// SubBytes, MixColumns and AddRoundKey; SubBytes works byte by byte and MixColumns/AddRoundKey column
/// by column, so moving bytes between and within the halves first (PBLENDVB, then PSHUFB) such that
/// AES's ShiftRows lands every byte where Rijndael-256's ShiftRows puts it makes each AESENC pair one
/// Rijndael-256 round. Decryption does the same for InvShiftRows with AESDEC and the
/// AESIMC-transformed keys. Multi-block calls keep eight blocks (sixteen halves) in flight with AVX-512's 32
/// vector registers, else four.
/// </summary>
/// <remarks>
/// Derivation of the masks: with row r, column c at byte 4c + r, AES's ShiftRows on a half gives
/// out[r][j] = half[r][(j + r) mod 4], Rijndael-256's wants out[r][c] = s[r][(c + Cr) mod 8]; so the
/// first half must hold s[r][((j - r) mod 4 + Cr) mod 8] at (r, j) and the second the column four
/// further on. For every (r, j) the two sources sit at the same position of opposite halves, which is
/// why one blend (and its mirror) followed by one common shuffle suffices (likewise for decryption).
/// </remarks>
internal sealed unsafe class RijndaelAesNi256Core : AesCore, ICtrBatchCore
{
    public RijndaelAesNi256Core(ReadOnlySpan<byte> key)
        : base(key, 32)
    {
        Debug.Assert(IsSupported);
    }

    /// <summary>True where the CPU has AES-NI, SSSE3 (PSHUFB) and SSE4.1 (PBLENDVB).</summary>
    public static bool IsSupported => X86Aes.IsSupported && Ssse3.IsSupported && Sse41.IsSupported;

    protected override void Encrypt(byte* src, byte* dst, int blocks, Vector128<byte>* keys, int rounds) =>
        Transform<AesNiEncryption>(src, null, dst, blocks, keys, rounds);

    protected override void Decrypt(byte* src, byte* dst, int blocks, Vector128<byte>* keys, int rounds) =>
        Transform<AesNiDecryption>(src, null, dst, blocks, keys, rounds);

    // CTR (the ICtrBatchCore capability): the counter blocks are the batches' input, and the data is XORed into the last
    // round's keys (AESENCLAST ends by XORing its key), so the keystream never reaches memory.
    int ICtrBatchCore.EncryptXor(ReadOnlySpan<byte> counterBlocks, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        fixed (byte* ctr = counterBlocks)
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (Vector128<byte>* keys = EncryptionKeys)
        {
            Transform<AesNiEncryption>(ctr, src, dst, source.Length / 32, keys, Rounds);
        }

        return source.Length;
    }

    protected override void EncryptCbc(byte* chain, byte* src, byte* dst, int blocks, Vector128<byte>* keys, int rounds)
    {
        Vector128<byte> first0 = keys[0];
        Vector128<byte> first1 = keys[1];
        Vector128<byte> last0 = keys[2 * rounds];
        Vector128<byte> last1 = keys[(2 * rounds) + 1];
        Vector128<byte> a = Sse2.LoadVector128(chain);
        Vector128<byte> b = Sse2.LoadVector128(chain + 16);
        for (; blocks > 0; blocks--, src += 32, dst += 32)
        {
            a ^= Sse2.LoadVector128(src) ^ first0;
            b ^= Sse2.LoadVector128(src + 16) ^ first1;
            for (int round = 1; round < rounds; round++)
            {
                Round<AesNiEncryption>(ref a, ref b, keys[2 * round], keys[(2 * round) + 1]);
            }

            (a, b) = Final<AesNiEncryption>(a, b, last0, last1);
            Sse2.Store(dst, a);
            Sse2.Store(dst + 16, b);
        }

        Sse2.Store(chain, a);
        Sse2.Store(chain + 16, b);
    }

    // ECB (data null), or CTR encryption: src holds the counter blocks and each output block is XORed with the block
    // of data at the same offset, folded into the last round's keys. In place (data == dst) is safe: block i's data is
    // loaded in its last round, just before block i is stored.
    private static void Transform<TDirection>(byte* src, byte* data, byte* dst, int blocks, Vector128<byte>* keys, int rounds)
        where TDirection : struct, IAesNiDirection
    {
        bool xor = data != null;   // data advances with dst below; it is read only when xor
        Vector128<byte> first0 = keys[0];
        Vector128<byte> first1 = keys[1];
        Vector128<byte> last0 = keys[2 * rounds];
        Vector128<byte> last1 = keys[(2 * rounds) + 1];
        // Eight blocks (sixteen halves) in flight where AVX-512 gives the JIT 32 vector registers: a round's chain is
        // blend, shuffle, AESENC (about 6 cycles), so four blocks leave the AES units idle part of the time.
        if (Avx512F.IsSupported)
        {
            for (; blocks >= 8; blocks -= 8, src += 256, data += 256, dst += 256)
            {
                Vector128<byte> a0 = Sse2.LoadVector128(src) ^ first0, b0 = Sse2.LoadVector128(src + 16) ^ first1;
                Vector128<byte> a1 = Sse2.LoadVector128(src + 32) ^ first0, b1 = Sse2.LoadVector128(src + 48) ^ first1;
                Vector128<byte> a2 = Sse2.LoadVector128(src + 64) ^ first0, b2 = Sse2.LoadVector128(src + 80) ^ first1;
                Vector128<byte> a3 = Sse2.LoadVector128(src + 96) ^ first0, b3 = Sse2.LoadVector128(src + 112) ^ first1;
                Vector128<byte> a4 = Sse2.LoadVector128(src + 128) ^ first0, b4 = Sse2.LoadVector128(src + 144) ^ first1;
                Vector128<byte> a5 = Sse2.LoadVector128(src + 160) ^ first0, b5 = Sse2.LoadVector128(src + 176) ^ first1;
                Vector128<byte> a6 = Sse2.LoadVector128(src + 192) ^ first0, b6 = Sse2.LoadVector128(src + 208) ^ first1;
                Vector128<byte> a7 = Sse2.LoadVector128(src + 224) ^ first0, b7 = Sse2.LoadVector128(src + 240) ^ first1;
                for (int round = 1; round < rounds; round++)
                {
                    Vector128<byte> k0 = keys[2 * round];
                    Vector128<byte> k1 = keys[(2 * round) + 1];
                    Round<TDirection>(ref a0, ref b0, k0, k1);
                    Round<TDirection>(ref a1, ref b1, k0, k1);
                    Round<TDirection>(ref a2, ref b2, k0, k1);
                    Round<TDirection>(ref a3, ref b3, k0, k1);
                    Round<TDirection>(ref a4, ref b4, k0, k1);
                    Round<TDirection>(ref a5, ref b5, k0, k1);
                    Round<TDirection>(ref a6, ref b6, k0, k1);
                    Round<TDirection>(ref a7, ref b7, k0, k1);
                }

                LastRound<TDirection>(dst, xor, data, a0, b0, last0, last1);
                LastRound<TDirection>(dst + 32, xor, data + 32, a1, b1, last0, last1);
                LastRound<TDirection>(dst + 64, xor, data + 64, a2, b2, last0, last1);
                LastRound<TDirection>(dst + 96, xor, data + 96, a3, b3, last0, last1);
                LastRound<TDirection>(dst + 128, xor, data + 128, a4, b4, last0, last1);
                LastRound<TDirection>(dst + 160, xor, data + 160, a5, b5, last0, last1);
                LastRound<TDirection>(dst + 192, xor, data + 192, a6, b6, last0, last1);
                LastRound<TDirection>(dst + 224, xor, data + 224, a7, b7, last0, last1);
            }
        }

        for (; blocks >= 4; blocks -= 4, src += 128, data += 128, dst += 128)
        {
            Vector128<byte> a0 = Sse2.LoadVector128(src) ^ first0;
            Vector128<byte> b0 = Sse2.LoadVector128(src + 16) ^ first1;
            Vector128<byte> a1 = Sse2.LoadVector128(src + 32) ^ first0;
            Vector128<byte> b1 = Sse2.LoadVector128(src + 48) ^ first1;
            Vector128<byte> a2 = Sse2.LoadVector128(src + 64) ^ first0;
            Vector128<byte> b2 = Sse2.LoadVector128(src + 80) ^ first1;
            Vector128<byte> a3 = Sse2.LoadVector128(src + 96) ^ first0;
            Vector128<byte> b3 = Sse2.LoadVector128(src + 112) ^ first1;
            for (int round = 1; round < rounds; round++)
            {
                Vector128<byte> k0 = keys[2 * round];
                Vector128<byte> k1 = keys[(2 * round) + 1];
                Round<TDirection>(ref a0, ref b0, k0, k1);
                Round<TDirection>(ref a1, ref b1, k0, k1);
                Round<TDirection>(ref a2, ref b2, k0, k1);
                Round<TDirection>(ref a3, ref b3, k0, k1);
            }

            LastRound<TDirection>(dst, xor, data, a0, b0, last0, last1);
            LastRound<TDirection>(dst + 32, xor, data + 32, a1, b1, last0, last1);
            LastRound<TDirection>(dst + 64, xor, data + 64, a2, b2, last0, last1);
            LastRound<TDirection>(dst + 96, xor, data + 96, a3, b3, last0, last1);
        }

        for (; blocks > 0; blocks--, src += 32, data += 32, dst += 32)
        {
            Vector128<byte> a = Sse2.LoadVector128(src) ^ first0;
            Vector128<byte> b = Sse2.LoadVector128(src + 16) ^ first1;
            for (int round = 1; round < rounds; round++)
            {
                Round<TDirection>(ref a, ref b, keys[2 * round], keys[(2 * round) + 1]);
            }

            LastRound<TDirection>(dst, xor, data, a, b, last0, last1);
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Round<TDirection>(ref Vector128<byte> a, ref Vector128<byte> b, Vector128<byte> k0, Vector128<byte> k1)
        where TDirection : struct, IAesNiDirection
    {
        TDirection direction = default;
        (Vector128<byte> x, Vector128<byte> y) = Rearrange(a, b, direction.WideBlend, direction.WideShuffle);
        a = direction.Round(x, k0);
        b = direction.Round(y, k1);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void LastRound<TDirection>(byte* dst, bool xor, byte* data, Vector128<byte> a, Vector128<byte> b, Vector128<byte> k0, Vector128<byte> k1)
        where TDirection : struct, IAesNiDirection
    {
        if (xor)
        {
            k0 ^= Sse2.LoadVector128(data);
            k1 ^= Sse2.LoadVector128(data + 16);
        }

        (Vector128<byte> x, Vector128<byte> y) = Final<TDirection>(a, b, k0, k1);
        Sse2.Store(dst, x);
        Sse2.Store(dst + 16, y);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static (Vector128<byte> X, Vector128<byte> Y) Final<TDirection>(Vector128<byte> a, Vector128<byte> b, Vector128<byte> k0, Vector128<byte> k1)
        where TDirection : struct, IAesNiDirection
    {
        TDirection direction = default;
        (Vector128<byte> x, Vector128<byte> y) = Rearrange(a, b, direction.WideBlend, direction.WideShuffle);
        return (direction.Last(x, k0), direction.Last(y, k1));
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static (Vector128<byte> X, Vector128<byte> Y) Rearrange(Vector128<byte> a, Vector128<byte> b, Vector128<byte> blend, Vector128<byte> shuffle) =>
        (Ssse3.Shuffle(Sse41.BlendVariable(a, b, blend), shuffle), Ssse3.Shuffle(Sse41.BlendVariable(b, a, blend), shuffle));
}
#endif

#if NET
// Camellia one and two blocks at a time without tables (RFC 3713 §2.3 data randomizing, §2.4.1 F, §2.4.2 FL/FL^-1),
// for the calls the byte-sliced batches cannot serve: CBC encryption, CFB, OFB, short tails and the key schedule.
using System;
using System.Diagnostics;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
using S = Panicode.Crypto.Unsafe.BlockCiphers.Camellia.CamelliaSlicedCore;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Camellia;

/// <summary>
/// The Camellia round body on one 64-bit F input per 128-bit register, with GF2P8AFFINEINVQB for the s-boxes and PSHUFB
/// for the P-function: no memory access and no branch depends on key or data.
/// <para>
/// S-boxes: the NTT/Mitsubishi specification (2000) §4.5 writes each as s(x) = B·inv(A·x ^ a) ^ b around one inversion,
/// which the isomorphism of <see cref="CamelliaSlicedCore"/> (whose matrices these are) maps into the AES field; s1, s2
/// and s3 share A, s4 takes A4 = A·rotl1; s1 and s4 share B, s2 and s3 rotate it. GFNI takes one matrix per 64-bit lane.
/// </para>
/// <para>
/// Layout: byte b of a lane is t(8 - b) of RFC 3713 §2.4.1 (the little-endian image of the 64-bit value, t1 in byte 7).
/// A Feistel half y is kept as one value X in both lanes, each byte in the pre-map domain of the s-box its position
/// meets in F: A4·y_i at the s4 positions (i = 4 and 7, bytes 4 and 1), A·y_i at the others. The pre-maps are linear up
/// to their constant a, which A and A4 share, so X ^ (the subkey mapped the same way, a included) is at every position
/// the input of that position's own inversion, and the subkeys are mapped once per key (<see cref="Schedule"/>). The
/// F output arrives mapped too: output byte o needs D_o·(y_o ^ z'_o), which is D_o·y_o (the half's own byte) XORed with
/// D_o·z_i for each of P's terms z_i. Three inversions, one per post-map (B for s1 and s4, rotl1·B for s2, rotr1·B for
/// s3), each composed with A in lane 0 and A4 in lane 1, give every term in both domains, so each output byte takes its
/// terms from the lane of its own domain. Eight PSHUFBs gather them (at most four from the s1/s4 result, two from each
/// other), and a tree of three-input XORs joins them with the half, the next subkey and the post-map constants b (one
/// mapped constant through P, as the constants stay out of the inversions). The result is the next F's input, with no
/// GF2P8AFFINEQB or lane copy on the chain.
/// </para>
/// <para>
/// FL/FL^-1 (§2.4.2) and the whitening work on y itself: the inverse maps bring it back (one GF2P8AFFINEQB with A^-1 in
/// lane 0 and A4^-1 in lane 1, then a PSHUFB taking each byte from the lane of its domain, so both lanes hold y), 32-bit
/// AND/OR/rotate steps with 64-bit shifts moving a word between the halves of a lane, and the maps forward again.
/// </para>
/// </summary>
internal static unsafe class CamelliaGfniRounds
{
    /// <summary>GFNI for the s-boxes, SSSE3 for PSHUFB.</summary>
    public static bool IsSupported => Gfni.IsSupported && Ssse3.IsSupported;

    // RFC 3713 §2.4.1, P-function: the inputs z1..z8 of each output z'1..z'8, as bit (i - 1) for z_i.
    private static readonly byte[] s_pTerms =
    {
        0b11101101, // z'1 = z1 ^ z3 ^ z4 ^ z6 ^ z7 ^ z8
        0b11011011, // z'2 = z1 ^ z2 ^ z4 ^ z5 ^ z7 ^ z8
        0b10110111, // z'3 = z1 ^ z2 ^ z3 ^ z5 ^ z6 ^ z8
        0b01111110, // z'4 = z2 ^ z3 ^ z4 ^ z5 ^ z6 ^ z7
        0b11100011, // z'5 = z1 ^ z2 ^ z6 ^ z7 ^ z8
        0b11010110, // z'6 = z2 ^ z3 ^ z5 ^ z7 ^ z8
        0b10111100, // z'7 = z3 ^ z4 ^ z5 ^ z6 ^ z8
        0b01111001, // z'8 = z1 ^ z4 ^ z5 ^ z6 ^ z7
    };

    // RFC 3713 §2.4.1, F: the s-box of t_i (s1, s2, s3, s4, s2, s3, s4, s1).
    private static readonly byte[] s_sbox = { 1, 2, 3, 4, 2, 3, 4, 1 };

    // The P masks of inversion result r (see Result) are s_maskStart[r] .. s_maskStart[r + 1] - 1: one P output takes at
    // most four terms from s1 and s4 (t1, t4, t7, t8), two from s2 (t2, t5) and two from s3 (t3, t6).
    private static readonly int[] s_maskStart = { 0, 4, 6, 8 };

    // The maps in and out of the domain, the inversions' matrices (post-map, then the domain's map), the P masks and the
    // constants, built at type initialization; static readonly vectors are constants to tier-1 code.
    private static readonly Vector128<byte> s_toDomain = Vector128.Create(S.PreS123, S.PreS4).AsByte();
    private static readonly Vector128<byte> s_fromDomain = Vector128.Create(GfniMatrix.Invert(S.PreS123), GfniMatrix.Invert(S.PreS4)).AsByte();
    private static readonly Vector128<byte> s_byDomain = DomainBlend();
    private static readonly Vector128<byte> s_post14 = Post(S.PostS14);
    private static readonly Vector128<byte> s_post2 = Post(S.PostS2);
    private static readonly Vector128<byte> s_post3 = Post(S.PostS3);
    private static readonly Vector128<byte>[] s_masks = BuildMasks();
    private static readonly Vector128<byte> s_d0 = s_masks[0], s_d1 = s_masks[1], s_d2 = s_masks[2], s_d3 = s_masks[3];
    private static readonly Vector128<byte> s_d4 = s_masks[4], s_d5 = s_masks[5], s_d6 = s_masks[6], s_d7 = s_masks[7];

    /// <summary>The post-map constants b of the eight bytes through P, each output byte in its domain, in both lanes.</summary>
    private static readonly Vector128<byte> s_pOfConstants = PostConstants();

    /// <summary>
    /// The schedule as CamelliaRounds walks it: in decryption order the subkey after k is k[-1], pre- and post-whitening
    /// swap (RFC 3713 §2.3.3).
    /// </summary>
    private readonly struct Walk
    {
        public readonly ulong* Pre;
        public readonly ulong* Post;
        public readonly ulong* First;
        public readonly ulong* Last;
        public readonly int Step;

        // Inlined, so that its fields live in registers: as a call, the walk went through the stack once per block, and
        // those stack accesses, 4 KiB-aliasing the block just stored, made serial calls up to twice as slow depending on
        // where the buffers lay (measured: Unsafe CBC encryption and CMAC were slower than the Reference tables; docs/benchmarks.md).
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Walk(ulong* keys, int keyCount, bool forward)
        {
            Debug.Assert(keyCount is 26 or 34);
            Step = forward ? 1 : -1;
            Pre = forward ? keys : keys + keyCount - 2;
            Post = forward ? keys + keyCount - 2 : keys;
            First = forward ? keys + 2 : keys + keyCount - 3;
            Last = forward ? Post : keys + 1;
        }
    }

    /// <summary>
    /// Encrypts (forward) or decrypts (backward) <paramref name="blocks"/> blocks with the encryption schedule, as
    /// <see cref="CamelliaRounds.Crypt"/> walks it; two lanes take pairs (an odd last block goes through both, written twice),
    /// one lane one block at a time. <paramref name="keys"/> is a <see cref="Schedule"/> of <paramref name="keyCount"/>
    /// subkeys (26 or 34) and their mapped images.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void Crypt<TLanes, TDirection>(byte* src, byte* dst, int blocks, ulong* keys, int keyCount)
        where TLanes : struct, ICamelliaLanes
        where TDirection : struct, ICamelliaDirection
    {
        bool two = default(TLanes).TwoBlocks;
        int stride = two ? 32 : 16;
        for (; blocks > 0; blocks -= two ? 2 : 1, src += stride, dst += stride)
        {
            int second = two && blocks >= 2 ? 16 : 0;
            Vector128<byte> a = Vector128.Load(src);
            if (!two)
            {
                Vector128.Store(Block<TDirection>(a, keys, keyCount), dst);
                continue;
            }

            Vector128<byte> b = Vector128.Load(src + second);
            Blocks<TDirection>(ref a, ref b, keys, keyCount);
            Vector128.Store(b, dst + second);
            Vector128.Store(a, dst);
        }
    }

    /// <summary>
    /// CBC encryption (NIST SP 800-38A §6.2), one block after the other, the chain kept in a register; the schedule as for
    /// <see cref="Crypt{TLanes, TDirection}"/>.
    /// </summary>
    /// <remarks>
    /// Never inlined, like <see cref="Crypt{TLanes, TDirection}"/>: inlined by dynamic PGO into a large caller (the
    /// modes' dispatch), the loop ran out of registers and was half as fast through the public API as when called
    /// directly. Optimized from the first call.
    /// </remarks>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    public static void EncryptCbc(byte* chain, byte* src, byte* dst, int blocks, ulong* keys, int keyCount)
    {
        Vector128<byte> previous = Vector128.Load(chain);
        for (int i = 0; i < blocks; i++)
        {
            previous = Block<ForwardSchedule>(Vector128.Load(src + (16 * i)) ^ previous, keys, keyCount);
            Vector128.Store(previous, dst + (16 * i));
        }

        Vector128.Store(previous, chain);
    }

    // Two blocks interleaved round by round, each walked as in Block: two independent chains fill the GFNI and shuffle
    // units.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Blocks<TDirection>(ref Vector128<byte> a, ref Vector128<byte> b, ulong* keys, int keyCount)
        where TDirection : struct, ICamelliaDirection
    {
        Walk w = new(keys, keyCount, default(TDirection).Forward);
        int s = w.Step;
        ulong* k = w.First;
        Vector128<byte> pb = s_pOfConstants;
        Enter(a, w.Pre, out Vector128<byte> a1, out Vector128<byte> a2);
        Enter(b, w.Pre, out Vector128<byte> b1, out Vector128<byte> b2);
        Vector128<byte> ua, ub;
        while (true)
        {
            ulong* m = k + keyCount;
            Vector128<byte> first = Key(m[0]);
            ua = a1 ^ first;
            ub = b1 ^ first;
            for (int i = 0; i < 6; i += 2)
            {
                Vector128<byte> odd = Key(m[(i + 1) * s]);
                ua = Half(ref a2, ua, pb, odd);
                ub = Half(ref b2, ub, pb, odd);
                Vector128<byte> even = Key(m[(i + 2) * s]);
                ua = Half(ref a1, ua, pb, even);
                ub = Half(ref b1, ub, pb, even);
            }

            k += 6 * s;
            if (k == w.Last)
            {
                break;
            }

            a1 = ToDomain(FL(FromDomain(ua), Key(k[0])));
            a2 = ToDomain(FLInverse(FromDomain(a2), Key(k[s])));
            b1 = ToDomain(FL(FromDomain(ub), Key(k[0])));
            b2 = ToDomain(FLInverse(FromDomain(b2), Key(k[s])));
            k += 2 * s;
        }

        a = Leave(ua, a2, w.Post);
        b = Leave(ub, b2, w.Post);
    }

    // One block (§2.3.1, §2.3.3 walking the schedule backwards); m walks the mapped subkeys beside k. The image read after
    // the sixth F of a group is an FL or whitening key's, zero in Schedule: the returned input is then the half itself,
    // one XOR earlier than y1, for the FL layer or the post-whitening.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> Block<TDirection>(Vector128<byte> block, ulong* keys, int keyCount)
        where TDirection : struct, ICamelliaDirection
    {
        Walk w = new(keys, keyCount, default(TDirection).Forward);
        int s = w.Step;
        ulong* k = w.First;
        Vector128<byte> pb = s_pOfConstants;
        Enter(block, w.Pre, out Vector128<byte> y1, out Vector128<byte> y2);
        Vector128<byte> u;
        while (true)
        {
            ulong* m = k + keyCount;
            u = y1 ^ Key(m[0]);
            for (int i = 0; i < 6; i += 2)
            {
                u = Half(ref y2, u, pb, Key(m[(i + 1) * s]));
                u = Half(ref y1, u, pb, Key(m[(i + 2) * s]));
            }

            k += 6 * s;
            if (k == w.Last)
            {
                break;
            }

            y1 = ToDomain(FL(FromDomain(u), Key(k[0])));
            y2 = ToDomain(FLInverse(FromDomain(y2), Key(k[s])));
            k += 2 * s;
        }

        return Leave(u, y2, w.Post);
    }

    // One Feistel step y ^= F(t) (§2.3.1) in the domain: u = X(t) ^ the mapped subkey is the inversions' input. Returns
    // the next one, y ^ F(t) ^ kNext with kNext the next mapped subkey, and y ^ F(t) from it by one XOR off the chain.
    // The eight PSHUFBs compete with the inversions for the same shuffle ports and complete about two at a time, in
    // program order, so the tree takes them in that order: the first two beside the half, the constants and kNext (all
    // ready long before), the last three together, then one XOR of the three. Two levels of three-input XORs only: the
    // JIT folds nested two-input XORs into VPTERNLOGD itself, as one chain (measured: docs/benchmarks.md).
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> Half(ref Vector128<byte> y, Vector128<byte> u, Vector128<byte> pb, Vector128<byte> kNext)
    {
        Vector128<byte> r14 = Gfni.GaloisFieldAffineTransformInverse(u, s_post14, 0);
        Vector128<byte> r2 = Gfni.GaloisFieldAffineTransformInverse(u, s_post2, 0);
        Vector128<byte> r3 = Gfni.GaloisFieldAffineTransformInverse(u, s_post3, 0);
        Vector128<byte> next = Xor3(
            Xor3(Ssse3.Shuffle(r14, s_d0), Ssse3.Shuffle(r14, s_d1), y ^ pb ^ kNext),
            Xor3(Ssse3.Shuffle(r14, s_d2), Ssse3.Shuffle(r14, s_d3), Ssse3.Shuffle(r2, s_d4)),
            Xor3(Ssse3.Shuffle(r2, s_d5), Ssse3.Shuffle(r3, s_d6), Ssse3.Shuffle(r3, s_d7)));
        y = next ^ kNext;
        return next;
    }

    // (D·w ^ c), D per byte as the layout says, for w in both lanes: lane 0 maps with A, lane 1 with A4, and each byte is
    // taken from the lane of its domain.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> ToDomain(Vector128<byte> w, [ConstantExpected] byte c = 0) =>
        Ssse3.Shuffle(Gfni.GaloisFieldAffineTransform(w, s_toDomain, c), s_byDomain);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> FromDomain(Vector128<byte> x) =>
        Ssse3.Shuffle(Gfni.GaloisFieldAffineTransform(x, s_fromDomain, 0), s_byDomain);

    // Byte b of each lane from lane 1 (index 8 + b) at the s4 positions, from lane 0 (index b) at the others.
    private static Vector128<byte> DomainBlend()
    {
        byte[] blend = new byte[16];
        for (int b = 0; b < 16; b++)
        {
            blend[b] = (byte)((IsS4Byte(b % 8) ? 8 : 0) + (b % 8));
        }

        return Vector128.Create(blend);
    }

    // Byte b of a lane holds t(8 - b); s4 meets t4 and t7.
    private static bool IsS4Byte(int b) => s_sbox[8 - b - 1] == 4;

    // An inversion's matrices: post-map, then A in lane 0, A4 in lane 1.
    private static Vector128<byte> Post(ulong postMap) =>
        Vector128.Create(GfniMatrix.Compose(S.PreS123, postMap), GfniMatrix.Compose(S.PreS4, postMap)).AsByte();

    // The inversion result that serves s-box s: 0 for s1 and s4 (s_post14), 1 for s2, 2 for s3.
    private static int Result(int sbox) => sbox switch
    {
        2 => 1,
        3 => 2,
        _ => 0,
    };

    // The m-th mask of result r gives output byte b (in both lanes) the m-th term of z'(8 - b) that r holds, from the
    // lane of b's domain.
    private static Vector128<byte>[] BuildMasks()
    {
        byte[][] masks = new byte[s_maskStart[3]][];
        for (int m = 0; m < masks.Length; m++)
        {
            masks[m] = new byte[16];
            masks[m].AsSpan().Fill(0x80);
        }

        for (int o = 1; o <= 8; o++)
        {
            int b = 8 - o;
            int lane = IsS4Byte(b) ? 1 : 0;
            int[] used = new int[3];
            for (int i = 1; i <= 8; i++)
            {
                if ((s_pTerms[o - 1] >> (i - 1) & 1) == 0)
                {
                    continue;
                }

                int r = Result(s_sbox[i - 1]);
                int m = s_maskStart[r] + used[r]++;
                Debug.Assert(m < s_maskStart[r + 1]);
                masks[m][b] = masks[m][8 + b] = (byte)((8 * lane) + 8 - i);
            }
        }

        Vector128<byte>[] vectors = new Vector128<byte>[masks.Length];
        for (int m = 0; m < masks.Length; m++)
        {
            vectors[m] = Vector128.Create(masks[m]);
        }

        return vectors;
    }

    // Output byte b of P in b's domain: the post-map constants of its terms, each mapped by that domain's A or A4.
    private static Vector128<byte> PostConstants()
    {
        byte[] constants = new byte[16];
        for (int o = 1; o <= 8; o++)
        {
            int b = 8 - o;
            ulong domain = IsS4Byte(b) ? S.PreS4 : S.PreS123;
            byte c = 0;
            for (int i = 1; i <= 8; i++)
            {
                if ((s_pTerms[o - 1] >> (i - 1) & 1) != 0)
                {
                    c ^= GfniMatrix.Apply(domain, s_sbox[i - 1] switch
                    {
                        2 => S.PostS2Constant,
                        3 => S.PostS3Constant,
                        _ => S.PostS14Constant,
                    });
                }
            }

            constants[b] = constants[8 + b] = c;
        }

        return Vector128.Create(constants);
    }

    /// <summary>
    /// The schedule the rounds read: the encryption subkeys (<paramref name="subkeys"/>, CamelliaCore's layout) and after
    /// them the F subkeys mapped into the domain with the pre-map constant, so that no F maps its subkey. The places of
    /// kw1 ... kw4 and the FL keys (index 0 or 1 mod 8 in that layout: kw1, kw2, then groups of six F subkeys and an FL
    /// pair, kw3 and kw4 last) hold zero, the next subkey of each group's sixth F. Cleared with the schedule, as secret
    /// as it.
    /// </summary>
    public static ulong[] Schedule(ReadOnlySpan<ulong> subkeys)
    {
        Debug.Assert(subkeys.Length is 26 or 34);
        ulong[] schedule = new ulong[2 * subkeys.Length];
        subkeys.CopyTo(schedule);
        for (int i = 0; i < subkeys.Length; i++)
        {
            schedule[subkeys.Length + i] = i % 8 < 2 ? 0 : ToDomain(Key(subkeys[i]), S.PreConstant).AsUInt64().ToScalar();
        }

        return schedule;
    }

    /// <summary>F(x) of RFC 3713 §2.4.1 on a 64-bit value (the key already XORed in), for the key schedule.</summary>
    public static ulong F(ulong x)
    {
        Vector128<byte> y = Vector128<byte>.Zero;
        Half(ref y, ToDomain(Key(x), S.PreConstant), s_pOfConstants, Vector128<byte>.Zero);
        return FromDomain(y).AsUInt64().ToScalar();
    }

    // a ^ b ^ c; 0x96 is the truth table of a three-input XOR.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> Xor3(Vector128<byte> a, Vector128<byte> b, Vector128<byte> c) =>
        Avx512F.VL.IsSupported ? Avx512F.VL.TernaryLogic(a, b, c, 0x96) : a ^ b ^ c;

    // D1 ^ kw1 and D2 ^ kw2 (§2.3.1 pre-whitening; kw3, kw4 when decrypting), in the domain.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Enter(Vector128<byte> block, ulong* pre, out Vector128<byte> y1, out Vector128<byte> y2)
    {
        y1 = ToDomain(High(block) ^ Key(pre[0]));
        y2 = ToDomain(Low(block) ^ Key(pre[1]));
    }

    // C = (D2 ^ kw3) || (D1 ^ kw4) (§2.3.1 post-whitening; kw1, kw2 when decrypting).
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> Leave(Vector128<byte> y1, Vector128<byte> y2, ulong* post) =>
        Join(FromDomain(y2) ^ Key(post[0]), FromDomain(y1) ^ Key(post[1]));

    /// <summary>A subkey in both lanes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> Key(ulong k) => Vector128.Create(k).AsByte();

    // D1 (bytes 0..7, big-endian) and D2 (bytes 8..15) of a block as little-endian images in both lanes.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> High(Vector128<byte> block) =>
        Ssse3.Shuffle(block, Vector128.Create((byte)7, 6, 5, 4, 3, 2, 1, 0, 7, 6, 5, 4, 3, 2, 1, 0));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> Low(Vector128<byte> block) =>
        Ssse3.Shuffle(block, Vector128.Create((byte)15, 14, 13, 12, 11, 10, 9, 8, 15, 14, 13, 12, 11, 10, 9, 8));

    // first || second as a big-endian block: lane 0 of each, bytes reversed.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> Join(Vector128<byte> first, Vector128<byte> second) =>
        Ssse3.Shuffle(Sse2.UnpackLow(first.AsUInt64(), second.AsUInt64()).AsByte(), Vector128.Create((byte)7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8));

    // §2.4.2 FL: x2 ^= (x1 & k1) <<< 1; x1 ^= x2 | k2 (x1 the high 32 bits of each lane).
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> FL(Vector128<byte> x, Vector128<byte> k)
    {
        x ^= HighWordRotatedDown(x & k);
        return x ^ LowWordUp(x | k);
    }

    // §2.4.2 FL^-1: y1 ^= y2 | k2; y2 ^= (y1 & k1) <<< 1.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> FLInverse(Vector128<byte> y, Vector128<byte> k)
    {
        y ^= LowWordUp(y | k);
        return y ^ HighWordRotatedDown(y & k);
    }

    // The high 32-bit word of each lane rotated left by one, in the low word (the high word zero).
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> HighWordRotatedDown(Vector128<byte> w)
    {
        Vector128<uint> u = w.AsUInt32();
        Vector128<uint> rotated = Avx512F.VL.IsSupported ? Avx512F.VL.RotateLeft(u, 1) : (u << 1) | (u >> 31);
        return Vector128.ShiftRightLogical(rotated.AsUInt64(), 32).AsByte();
    }

    // The low 32-bit word of each lane in the high word (the low word zero).
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> LowWordUp(Vector128<byte> w) => Vector128.ShiftLeft(w.AsUInt64(), 32).AsByte();
}
#endif

#if NET
// Camellia one and two blocks at a time without tables (RFC 3713 §2.3 data randomizing, §2.4.1 F, §2.4.2 FL/FL^-1),
// for the calls the byte-sliced batches cannot serve: CBC encryption, CFB, OFB, short tails and the key schedule.
using System;
using System.Diagnostics;
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
/// A Feistel half y is kept in the pre-map domain, Y = (A·y | A4·y): the pre-maps are linear up to their constant, so
/// A·(y ^ k) ^ a = A·y ^ (A·k ^ a), and Y XORed with the mapped subkey is the inversion's input itself; the F output can
/// arrive mapped too, as A·P(z) = P(A·z) lane by lane (A acts on every byte alike, P moves and XORs whole bytes). So
/// each F is four inversions whose matrices are the post-maps composed with A or A4 (no GF2P8AFFINEQB on the chain),
/// eight PSHUFBs and two levels of three-input XORs. Lane 0 of each inversion result holds one s-box's outputs in one
/// domain and lane 1 another's in the other domain, paired so that every output byte takes at most two terms from
/// each: (s2 in A4 | s4 in A) and (s2 in A | s4 in A4) from (A·t | A4·t); (s1 in A | s1 in A4) and
/// (s3 in A | s3 in A4) from (A·t | A·t), its lane 0 copied. The post-map constants b stay out of the inversions
/// (one immediate per instruction) and join as one mapped constant (A·P(b) | A4·P(b)). The half, that constant and
/// the next subkey join the XOR tree at its first level, so the next F's input is ready two levels after the shuffles.
/// </para>
/// <para>
/// FL/FL^-1 (§2.4.2) and the whitening work on y itself: the inverse maps bring it back (both lanes then hold y),
/// 32-bit AND/OR/rotate steps with 64-bit shifts moving a word between the halves of a lane, and the maps forward again.
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

    // The maps in and out of the domain, the inversions' matrices (post-map, then the domain's map), the P masks and the
    // constants, built at type initialization; static readonly vectors are constants to tier-1 code.
    private static readonly ulong s_inverseA = GfniMatrix.Invert(S.PreS123);
    private static readonly ulong s_inverseA4 = GfniMatrix.Invert(S.PreS4);
    private static readonly Vector128<byte> s_toDomain = Vector128.Create(S.PreS123, S.PreS4).AsByte();
    private static readonly Vector128<byte> s_fromDomain = Vector128.Create(s_inverseA, s_inverseA4).AsByte();
    private static readonly Vector128<byte> s_post1 = Vector128.Create(GfniMatrix.Compose(S.PreS4, S.PostS2), GfniMatrix.Compose(S.PreS123, S.PostS14)).AsByte();
    private static readonly Vector128<byte> s_post2 = Vector128.Create(GfniMatrix.Compose(S.PreS123, S.PostS2), GfniMatrix.Compose(S.PreS4, S.PostS14)).AsByte();
    private static readonly Vector128<byte> s_post3 = Vector128.Create(GfniMatrix.Compose(S.PreS123, S.PostS14), GfniMatrix.Compose(S.PreS4, S.PostS14)).AsByte();
    private static readonly Vector128<byte> s_post4 = Vector128.Create(GfniMatrix.Compose(S.PreS123, S.PostS3), GfniMatrix.Compose(S.PreS4, S.PostS3)).AsByte();
    private static readonly Vector128<byte>[] s_masks = BuildMasks();
    private static readonly Vector128<byte> s_d0 = s_masks[0], s_d1 = s_masks[1], s_d2 = s_masks[2], s_d3 = s_masks[3];
    private static readonly Vector128<byte> s_d4 = s_masks[4], s_d5 = s_masks[5], s_d6 = s_masks[6], s_d7 = s_masks[7];

    /// <summary>(A·P(b) | A4·P(b)): the post-map constants b of the eight bytes through P, in the domain.</summary>
    private static readonly Vector128<byte> s_pOfConstants = Mix(
        PostConstants(S.PreS4, S.PostS2Constant, S.PreS123, S.PostS14Constant),
        PostConstants(S.PreS123, S.PostS2Constant, S.PreS4, S.PostS14Constant),
        PostConstants(S.PreS123, S.PostS14Constant, S.PreS4, S.PostS14Constant),
        PostConstants(S.PreS123, S.PostS3Constant, S.PreS4, S.PostS3Constant),
        Vector128<byte>.Zero);

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
    /// one lane one block at a time.
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

    /// <summary>CBC encryption (NIST SP 800-38A §6.2), one block after the other, the chain kept in a register.</summary>
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

    // Two blocks interleaved round by round: two independent chains fill the GFNI and shuffle units.
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
        while (true)
        {
            Vector128<byte> first = MappedKey(k[0]);
            Vector128<byte> ua = a1 ^ first;
            Vector128<byte> ub = b1 ^ first;
            for (int i = 0; i < 6; i += 2)
            {
                Vector128<byte> odd = MappedKey(k[(i + 1) * s]);
                ua = Half(ref a2, ua, pb, odd);
                ub = Half(ref b2, ub, pb, odd);
                Vector128<byte> even = MappedKey(k[(i + 2) * s]);
                ua = Half(ref a1, ua, pb, even);
                ub = Half(ref b1, ub, pb, even);
            }

            k += 6 * s;
            if (k == w.Last)
            {
                break;
            }

            a1 = ToDomain(FL(FromDomain(a1), Key(k[0])));
            a2 = ToDomain(FLInverse(FromDomain(a2), Key(k[s])));
            b1 = ToDomain(FL(FromDomain(b1), Key(k[0])));
            b2 = ToDomain(FLInverse(FromDomain(b2), Key(k[s])));
            k += 2 * s;
        }

        a = Leave(a1, a2, w.Post);
        b = Leave(b1, b2, w.Post);
    }

    // One block (§2.3.1, §2.3.3 walking the schedule backwards); the subkey read after the sixth F of a group is not
    // used (it is the FL pair or kw3, inside the schedule either way).
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> Block<TDirection>(Vector128<byte> block, ulong* keys, int keyCount)
        where TDirection : struct, ICamelliaDirection
    {
        Walk w = new(keys, keyCount, default(TDirection).Forward);
        int s = w.Step;
        ulong* k = w.First;
        Vector128<byte> pb = s_pOfConstants;
        Enter(block, w.Pre, out Vector128<byte> y1, out Vector128<byte> y2);
        while (true)
        {
            Vector128<byte> u = y1 ^ MappedKey(k[0]);
            for (int i = 0; i < 6; i += 2)
            {
                u = Half(ref y2, u, pb, MappedKey(k[(i + 1) * s]));
                u = Half(ref y1, u, pb, MappedKey(k[(i + 2) * s]));
            }

            k += 6 * s;
            if (k == w.Last)
            {
                break;
            }

            y1 = ToDomain(FL(FromDomain(y1), Key(k[0])));
            y2 = ToDomain(FLInverse(FromDomain(y2), Key(k[s])));
            k += 2 * s;
        }

        return Leave(y1, y2, w.Post);
    }

    // One Feistel step y ^= F(t) (§2.3.1) in the domain: u is the inversions' input (A·t ^ a | A4·t ^ a); returns the
    // next one, y ^ kNext with the mapped subkey, from the same shuffles.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> Half(ref Vector128<byte> y, Vector128<byte> u, Vector128<byte> pb, Vector128<byte> kNext)
    {
        Vector128<byte> v = Sse2.UnpackLow(u.AsUInt64(), u.AsUInt64()).AsByte();
        Vector128<byte> r1 = Gfni.GaloisFieldAffineTransformInverse(u, s_post1, 0);
        Vector128<byte> r2 = Gfni.GaloisFieldAffineTransformInverse(u, s_post2, 0);
        Vector128<byte> r3 = Gfni.GaloisFieldAffineTransformInverse(v, s_post3, 0);
        Vector128<byte> r4 = Gfni.GaloisFieldAffineTransformInverse(v, s_post4, 0);
        Vector128<byte> yb = y ^ pb;
        y = Mix(r1, r2, r3, r4, yb);
        return Mix(r1, r2, r3, r4, yb ^ kNext);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> Mix(Vector128<byte> r1, Vector128<byte> r2, Vector128<byte> r3, Vector128<byte> r4, Vector128<byte> extra) => Xor3(
        Xor3(Ssse3.Shuffle(r1, s_d0), Ssse3.Shuffle(r1, s_d1), Ssse3.Shuffle(r2, s_d2)),
        Xor3(Ssse3.Shuffle(r2, s_d3), Ssse3.Shuffle(r3, s_d4), Ssse3.Shuffle(r3, s_d5)),
        Xor3(Ssse3.Shuffle(r4, s_d6), Ssse3.Shuffle(r4, s_d7), extra));

    // A subkey mapped: (A·k ^ a | A4·k ^ a), the pre-map constant included.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> MappedKey(ulong k) => Gfni.GaloisFieldAffineTransform(Key(k), s_toDomain, S.PreConstant);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> ToDomain(Vector128<byte> y) => Gfni.GaloisFieldAffineTransform(y, s_toDomain, 0);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> FromDomain(Vector128<byte> y) => Gfni.GaloisFieldAffineTransform(y, s_fromDomain, 0);

    // Mask 2r + m of result r + 1 gives output byte (lane L, 8 - o) the m-th term of z'o that result holds in domain L.
    private static Vector128<byte>[] BuildMasks()
    {
        // (s-box of z_i, domain) -> (result, lane), from the pairing above; z_i is byte 8 - i of its lane.
        int[] sbox = { 1, 2, 3, 4, 2, 3, 4, 1 };
        (int Result, int Lane)[,] where = new (int, int)[5, 2];
        where[2, 1] = (0, 0);
        where[4, 0] = (0, 1);
        where[2, 0] = (1, 0);
        where[4, 1] = (1, 1);
        where[1, 0] = (2, 0);
        where[1, 1] = (2, 1);
        where[3, 0] = (3, 0);
        where[3, 1] = (3, 1);
        byte[][] masks = new byte[8][];
        for (int m = 0; m < masks.Length; m++)
        {
            masks[m] = new byte[16];
            masks[m].AsSpan().Fill(0x80);
        }

        for (int lane = 0; lane < 2; lane++)
        {
            for (int o = 1; o <= 8; o++)
            {
                int[] used = new int[4];
                for (int i = 1; i <= 8; i++)
                {
                    if ((s_pTerms[o - 1] >> (i - 1) & 1) == 0)
                    {
                        continue;
                    }

                    (int result, int sourceLane) = where[sbox[i - 1], lane];
                    int m = used[result]++;
                    Debug.Assert(m < 2);
                    masks[(2 * result) + m][(8 * lane) + 8 - o] = (byte)((8 * sourceLane) + 8 - i);
                }
            }
        }

        Vector128<byte>[] vectors = new Vector128<byte>[masks.Length];
        for (int m = 0; m < masks.Length; m++)
        {
            vectors[m] = Vector128.Create(masks[m]);
        }

        return vectors;
    }

    /// <summary>F(x) of RFC 3713 §2.4.1 on a 64-bit value (the key already XORed in), for the key schedule.</summary>
    public static ulong F(ulong x)
    {
        Vector128<byte> y = Vector128<byte>.Zero;
        Half(ref y, MappedKey(x), s_pOfConstants, Vector128<byte>.Zero);
        return FromDomain(y).AsUInt64().ToScalar();
    }

    // The constant part of an inversion result whose lanes have post-maps (map0·B, map1·B'): map0·b0 | map1·b1 in every byte.
    private static Vector128<byte> PostConstants(ulong map0, byte b0, ulong map1, byte b1) =>
        Vector128.Create(Vector128.Create(GfniMatrix.Apply(map0, b0)).AsUInt64().ToScalar(), Vector128.Create(GfniMatrix.Apply(map1, b1)).AsUInt64().ToScalar()).AsByte();

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
        return Vector128.ShiftRightLogical(((u << 1) | (u >> 31)).AsUInt64(), 32).AsByte();
    }

    // The low 32-bit word of each lane in the high word (the low word zero).
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> LowWordUp(Vector128<byte> w) => Vector128.ShiftLeft(w.AsUInt64(), 32).AsByte();
}
#endif

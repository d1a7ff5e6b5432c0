// Four-limb field elements for the Reference flavour's StructEcGroup (P-256, secp256k1, brainpoolP256r1, P-224 and
// any 193..256-bit prime): the 8-limb product in locals (10 products for a square: the cross products once,
// doubled by a shift), then a reduction chosen by a type argument, so the JIT compiles each curve's multiplication
// with its own reduction and no loop, array or span. Montgomery multiplication by separated operand scanning:
// Koç, Acar and Kaliski, "Analyzing and comparing Montgomery multiplication algorithms", IEEE Micro 16(3), 1996.
// Limbs are combined with shifts, never reinterpreted as bytes, so the code is byte-order independent.

using System;
using System.Numerics;
using System.Runtime.CompilerServices;

namespace Panicode.Crypto.Ec;

/// <summary>A 256-bit value as four 64-bit limbs, L0 least significant.</summary>
internal struct Fe4
{
    public ulong L0;
    public ulong L1;
    public ulong L2;
    public ulong L3;

    public Fe4(ulong l0, ulong l1, ulong l2, ulong l3)
    {
        L0 = l0;
        L1 = l1;
        L2 = l2;
        L3 = l3;
    }

    public static Fe4 From(BigInteger v) => new Fe4(Limb64(v, 0), Limb64(v, 1), Limb64(v, 2), Limb64(v, 3));

    internal static ulong Limb64(BigInteger v, int i) => (ulong)((v >> (64 * i)) & ulong.MaxValue);
}

/// <summary>A reduction of an 8-limb product t &lt; p^2 for <see cref="Field4{TR}"/>.</summary>
internal interface IReduce4
{
    /// <summary>r = t R^-1 mod p (R = 2^256, or R = 1 for a plain reduction), fully reduced.</summary>
    void Reduce(ref Fe4 r, in Fe4 p, ulong m0, ulong t0, ulong t1, ulong t2, ulong t3, ulong t4, ulong t5, ulong t6, ulong t7);
}

/// <summary>
/// GF(p) on four limbs; the form (Montgomery or plain) is the reduction's. Mul and Sqr are calls, not inlined: a
/// point formula with eight of them inlined spills more than the calls cost (measured on the Unsafe flavour's
/// pointer version of the same code, docs/benchmarks.md, "EC field arithmetic and point formulas", step 4).
/// </summary>
internal readonly struct Field4<TR> : IStructField<Fe4>
    where TR : struct, IReduce4
{
    private readonly Fe4 _p;
    private readonly ulong _m0;     // -p^-1 mod 2^64

    public Field4(BigInteger p)
    {
        _p = Fe4.From(p);
        _m0 = Field64.NegInverse64(_p.L0);
    }

    public int Limbs => 4;

    [MethodImpl(MethodImplOptions.NoInlining | Hot.Optimize)]
    public void Mul(ref Fe4 r, in Fe4 a, in Fe4 b)
    {
        ulong a0 = a.L0, a1 = a.L1, a2 = a.L2, a3 = a.L3;
        ulong t0, t1, t2, t3, t4, t5, t6, t7, c;
        ulong bi = b.L0;
        c = Wide.Mul(a0, bi, out t0);
        c = Wide.MulAdd(a1, bi, c, 0, out t1);
        c = Wide.MulAdd(a2, bi, c, 0, out t2);
        t4 = Wide.MulAdd(a3, bi, c, 0, out t3);
        bi = b.L1;
        c = Wide.MulAdd(a0, bi, t1, 0, out t1);
        c = Wide.MulAdd(a1, bi, t2, c, out t2);
        c = Wide.MulAdd(a2, bi, t3, c, out t3);
        t5 = Wide.MulAdd(a3, bi, t4, c, out t4);
        bi = b.L2;
        c = Wide.MulAdd(a0, bi, t2, 0, out t2);
        c = Wide.MulAdd(a1, bi, t3, c, out t3);
        c = Wide.MulAdd(a2, bi, t4, c, out t4);
        t6 = Wide.MulAdd(a3, bi, t5, c, out t5);
        bi = b.L3;
        c = Wide.MulAdd(a0, bi, t3, 0, out t3);
        c = Wide.MulAdd(a1, bi, t4, c, out t4);
        c = Wide.MulAdd(a2, bi, t5, c, out t5);
        t7 = Wide.MulAdd(a3, bi, t6, c, out t6);
        default(TR).Reduce(ref r, in _p, _m0, t0, t1, t2, t3, t4, t5, t6, t7);
    }

    [MethodImpl(MethodImplOptions.NoInlining | Hot.Optimize)]
    public void Sqr(ref Fe4 r, in Fe4 a)
    {
        ulong a0 = a.L0, a1 = a.L1, a2 = a.L2, a3 = a.L3;
        ulong t0, t1, t2, t3, t4, t5, t6, t7, c;

        // Cross products a_i a_j, i < j.
        c = Wide.Mul(a0, a1, out t1);
        c = Wide.MulAdd(a0, a2, c, 0, out t2);
        t4 = Wide.MulAdd(a0, a3, c, 0, out t3);
        c = Wide.MulAdd(a1, a2, t3, 0, out t3);
        t5 = Wide.MulAdd(a1, a3, t4, c, out t4);
        t6 = Wide.MulAdd(a2, a3, t5, 0, out t5);

        // Doubled (the cross sum is below a^2 / 2, so no bit is lost), plus the squares a_i^2.
        t7 = t6 >> 63;
        t6 = (t6 << 1) | (t5 >> 63);
        t5 = (t5 << 1) | (t4 >> 63);
        t4 = (t4 << 1) | (t3 >> 63);
        t3 = (t3 << 1) | (t2 >> 63);
        t2 = (t2 << 1) | (t1 >> 63);
        t1 <<= 1;
        ulong h = Wide.Mul(a0, a0, out t0);
        c = 0;
        t1 = Wide.Adc(t1, h, ref c);
        h = Wide.Mul(a1, a1, out ulong l);
        t2 = Wide.Adc(t2, l, ref c);
        t3 = Wide.Adc(t3, h, ref c);
        h = Wide.Mul(a2, a2, out l);
        t4 = Wide.Adc(t4, l, ref c);
        t5 = Wide.Adc(t5, h, ref c);
        h = Wide.Mul(a3, a3, out l);
        t6 = Wide.Adc(t6, l, ref c);
        t7 = t7 + h + c;
        default(TR).Reduce(ref r, in _p, _m0, t0, t1, t2, t3, t4, t5, t6, t7);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Add(ref Fe4 r, in Fe4 a, in Fe4 b)
    {
        ulong c = 0;
        ulong s0 = Wide.Adc(a.L0, b.L0, ref c);
        ulong s1 = Wide.Adc(a.L1, b.L1, ref c);
        ulong s2 = Wide.Adc(a.L2, b.L2, ref c);
        ulong s3 = Wide.Adc(a.L3, b.L3, ref c);
        Final(ref r, in _p, s0, s1, s2, s3, c);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Sub(ref Fe4 r, in Fe4 a, in Fe4 b)
    {
        ulong bw = 0;
        ulong d0 = Wide.Sbb(a.L0, b.L0, ref bw);
        ulong d1 = Wide.Sbb(a.L1, b.L1, ref bw);
        ulong d2 = Wide.Sbb(a.L2, b.L2, ref bw);
        ulong d3 = Wide.Sbb(a.L3, b.L3, ref bw);

        // p is added back exactly when the subtraction borrowed.
        ulong mask = Wide.Mask(bw);
        ulong c = 0;
        r.L0 = Wide.Adc(d0, _p.L0 & mask, ref c);
        r.L1 = Wide.Adc(d1, _p.L1 & mask, ref c);
        r.L2 = Wide.Adc(d2, _p.L2 & mask, ref c);
        r.L3 = Wide.Adc(d3, _p.L3 & mask, ref c);
    }

    /// <summary>(a + p) / 2 when a is odd (below p, since a &lt; p), else a / 2; the sum's carry is the new top bit.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Half(ref Fe4 r, in Fe4 a)
    {
        ulong mask = Wide.Mask(a.L0 & 1);
        ulong c = 0;
        ulong s0 = Wide.Adc(a.L0, _p.L0 & mask, ref c);
        ulong s1 = Wide.Adc(a.L1, _p.L1 & mask, ref c);
        ulong s2 = Wide.Adc(a.L2, _p.L2 & mask, ref c);
        ulong s3 = Wide.Adc(a.L3, _p.L3 & mask, ref c);
        r.L0 = (s0 >> 1) | (s1 << 63);
        r.L1 = (s1 >> 1) | (s2 << 63);
        r.L2 = (s2 >> 1) | (s3 << 63);
        r.L3 = (s3 >> 1) | (c << 63);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Move(ref Fe4 r, in Fe4 a, ulong mask)
    {
        r.L0 ^= mask & (r.L0 ^ a.L0);
        r.L1 ^= mask & (r.L1 ^ a.L1);
        r.L2 ^= mask & (r.L2 ^ a.L2);
        r.L3 ^= mask & (r.L3 ^ a.L3);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong IsZero(in Fe4 a) => Wide.IsZero(a.L0 | a.L1 | a.L2 | a.L3);

    public Fe4 Load(ReadOnlySpan<ulong> limbs) => new Fe4(limbs[0], limbs[1], limbs[2], limbs[3]);

    public void Store(in Fe4 a, Span<ulong> limbs)
    {
        limbs[0] = a.L0;
        limbs[1] = a.L1;
        limbs[2] = a.L2;
        limbs[3] = a.L3;
    }

    /// <summary>r = (t0..t3) + k 2^256 - p when that is not negative, else (t0..t3); the value is below 2p.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void Final(ref Fe4 r, in Fe4 p, ulong t0, ulong t1, ulong t2, ulong t3, ulong k)
    {
        ulong b = 0;
        ulong r0 = Wide.Sbb(t0, p.L0, ref b);
        ulong r1 = Wide.Sbb(t1, p.L1, ref b);
        ulong r2 = Wide.Sbb(t2, p.L2, ref b);
        ulong r3 = Wide.Sbb(t3, p.L3, ref b);
        ulong keep = Wide.Mask(b & (k ^ 1));     // borrowed and no bit 256: the value was below p
        r.L0 = r0 ^ (keep & (r0 ^ t0));
        r.L1 = r1 ^ (keep & (r1 ^ t1));
        r.L2 = r2 ^ (keep & (r2 ^ t2));
        r.L3 = r3 ^ (keep & (r3 ^ t3));
    }
}

/// <summary>Montgomery reduction for any odd 4-limb modulus.</summary>
internal readonly struct GenericReduce4 : IReduce4
{
    /// <summary>
    /// Four rounds each add q p (q = t_i m0) so limb i vanishes; the carry of round i lands on limb i + 4 with the
    /// one-bit carry k of the previous round (their sum is below 2^65, so k stays one bit). The result
    /// t_4..t_7 + k 2^256 is below 2p (t &lt; p^2 &lt; p R, so (t + Q p) / R &lt; 2p); one masked subtraction ends it.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Reduce(ref Fe4 r, in Fe4 p, ulong m0, ulong t0, ulong t1, ulong t2, ulong t3, ulong t4, ulong t5, ulong t6, ulong t7)
    {
        ulong p0 = p.L0, p1 = p.L1, p2 = p.L2, p3 = p.L3;
        ulong c, k, s, q;

        q = t0 * m0;
        c = Wide.MulAdd(q, p0, t0, 0, out _);
        c = Wide.MulAdd(q, p1, t1, c, out t1);
        c = Wide.MulAdd(q, p2, t2, c, out t2);
        c = Wide.MulAdd(q, p3, t3, c, out t3);
        s = t4 + c;
        k = Wide.Carry(t4, c, s);
        t4 = s;

        q = t1 * m0;
        c = Wide.MulAdd(q, p0, t1, 0, out _);
        c = Wide.MulAdd(q, p1, t2, c, out t2);
        c = Wide.MulAdd(q, p2, t3, c, out t3);
        c = Wide.MulAdd(q, p3, t4, c, out t4);
        t5 = Wide.Adc(t5, c, ref k);

        q = t2 * m0;
        c = Wide.MulAdd(q, p0, t2, 0, out _);
        c = Wide.MulAdd(q, p1, t3, c, out t3);
        c = Wide.MulAdd(q, p2, t4, c, out t4);
        c = Wide.MulAdd(q, p3, t5, c, out t5);
        t6 = Wide.Adc(t6, c, ref k);

        q = t3 * m0;
        c = Wide.MulAdd(q, p0, t3, 0, out _);
        c = Wide.MulAdd(q, p1, t4, c, out t4);
        c = Wide.MulAdd(q, p2, t5, c, out t5);
        c = Wide.MulAdd(q, p3, t6, c, out t6);
        t7 = Wide.Adc(t7, c, ref k);

        Field4<GenericReduce4>.Final(ref r, in p, t4, t5, t6, t7, k);
    }
}

/// <summary>
/// Montgomery reduction for p256 = 2^256 - 2^224 + 2^192 + 2^96 - 1 (FIPS 186-4 D.1.2.3). Its limbs are
/// p0 = 2^64 - 1 (so m0 = 1 and q = t_i), p1 = 2^32 - 1, p2 = 0, p3 = 2^64 - 2^32 + 1: t_i + q p0 = q 2^64 exactly, so
/// each round needs only the products q p1 and q p3 (Gueron and Krasnov, "Fast prime field elliptic-curve
/// cryptography with 256-bit primes", J. Cryptographic Engineering 5(2), 2015).
/// </summary>
internal readonly struct P256Reduce4 : IReduce4
{
    private const ulong P1 = 0x00000000FFFFFFFFUL;
    private const ulong P3 = 0xFFFFFFFF00000001UL;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Reduce(ref Fe4 r, in Fe4 p, ulong m0, ulong t0, ulong t1, ulong t2, ulong t3, ulong t4, ulong t5, ulong t6, ulong t7)
    {
        ulong c, k, s;

        // Round i: (t_i + q p0) / 2^64 = q carries into limb i + 1, which also takes the low half of q p1.
        c = Wide.MulAdd(t0, P1, t1, t0, out t1);
        s = t2 + c;
        c = Wide.Carry(t2, c, s);
        t2 = s;
        c = Wide.MulAdd(t0, P3, t3, c, out t3);
        s = t4 + c;
        k = Wide.Carry(t4, c, s);
        t4 = s;

        c = Wide.MulAdd(t1, P1, t2, t1, out t2);
        s = t3 + c;
        c = Wide.Carry(t3, c, s);
        t3 = s;
        c = Wide.MulAdd(t1, P3, t4, c, out t4);
        t5 = Wide.Adc(t5, c, ref k);

        c = Wide.MulAdd(t2, P1, t3, t2, out t3);
        s = t4 + c;
        c = Wide.Carry(t4, c, s);
        t4 = s;
        c = Wide.MulAdd(t2, P3, t5, c, out t5);
        t6 = Wide.Adc(t6, c, ref k);

        c = Wide.MulAdd(t3, P1, t4, t3, out t4);
        s = t5 + c;
        c = Wide.Carry(t5, c, s);
        t5 = s;
        c = Wide.MulAdd(t3, P3, t6, c, out t6);
        t7 = Wide.Adc(t7, c, ref k);

        Field4<P256Reduce4>.Final(ref r, in p, t4, t5, t6, t7, k);
    }
}

/// <summary>
/// Montgomery reduction (R = 2^256) for p224 = 2^224 - 2^96 + 1 (FIPS 186-4 D.1.2.2) on four limbs: p0 = 1, so
/// m0 = -1 and each round's quotient is q = -t_i with no multiplication, and t_i + q p0 = 2^64 exactly when t_i is
/// not zero (a carry of 1) and 0 when it is; p2 = 2^64 - 1, so q p2 + t + c = q 2^64 + (t + c - q) needs no
/// product either. Two products per round (q p1, q p3) instead of five.
/// </summary>
internal readonly struct P224Reduce4 : IReduce4
{
    private const ulong P1 = 0xFFFFFFFF00000000UL;
    private const ulong P3 = 0x00000000FFFFFFFFUL;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Reduce(ref Fe4 r, in Fe4 p, ulong m0, ulong t0, ulong t1, ulong t2, ulong t3, ulong t4, ulong t5, ulong t6, ulong t7)
    {
        ulong k = 0;
        Round(t0, ref t1, ref t2, ref t3, ref t4, ref k, first: true);
        Round(t1, ref t2, ref t3, ref t4, ref t5, ref k, first: false);
        Round(t2, ref t3, ref t4, ref t5, ref t6, ref k, first: false);
        Round(t3, ref t4, ref t5, ref t6, ref t7, ref k, first: false);
        Field4<P224Reduce4>.Final(ref r, in p, t4, t5, t6, t7, k);
    }

    /// <summary>
    /// (ti, u1, u2, u3, u4) += q p with q = -ti, so ti vanishes; the carry out of u4 joins k (one bit: the value
    /// stays below 2^(64 (i + 5)) + ..., as in <see cref="GenericReduce4"/>). The first round has no k to add.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Round(ulong ti, ref ulong u1, ref ulong u2, ref ulong u3, ref ulong u4, ref ulong k, bool first)
    {
        ulong q = 0UL - ti;
        ulong c = Wide.IsZero(ti) ^ 1;                  // (ti + q) / 2^64
        c = Wide.MulAdd(q, P1, u1, c, out u1);

        // q (2^64 - 1) + u2 + c = q 2^64 + (u2 + c - q): high word q + carry - borrow (the total is below 2^128).
        ulong s = u2 + c;
        ulong c1 = Wide.Carry(u2, c, s);
        ulong d = s - q;
        ulong b1 = Wide.Borrow(s, q, d);
        u2 = d;
        c = q + c1 - b1;
        c = Wide.MulAdd(q, P3, u3, c, out u3);
        if (first)
        {
            ulong sum = u4 + c;
            k = Wide.Carry(u4, c, sum);
            u4 = sum;
        }
        else
        {
            u4 = Wide.Adc(u4, c, ref k);
        }
    }
}

/// <summary>
/// Plain reduction (R = 1, no Montgomery form) modulo the secp256k1 prime p = 2^256 - C, C = 2^32 + 977 (SEC 2 v2
/// §2.4.1): 2^256 = C mod p, so t = H 2^256 + L = L + H C (mod p), folded twice, then one masked subtraction of p.
/// </summary>
internal readonly struct Secp256k1Reduce4 : IReduce4
{
    public const ulong C = 0x1000003D1UL;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Reduce(ref Fe4 r, in Fe4 p, ulong m0, ulong t0, ulong t1, ulong t2, ulong t3, ulong t4, ulong t5, ulong t6, ulong t7)
    {
        // L + H C limb by limb: t_{4+i} C + t_i + c <= (2^64 - 1)(C + 1) + c, so each carry word c stays at most
        // C + 1 < 2^34 and no 128-bit sum overflows. The value is now (t0..t3) + c 2^256 with c < 2^34.
        ulong c = Wide.MulAdd(t4, C, t0, 0, out t0);
        c = Wide.MulAdd(t5, C, t1, c, out t1);
        c = Wide.MulAdd(t6, C, t2, c, out t2);
        c = Wide.MulAdd(t7, C, t3, c, out t3);

        // Fold c 2^256 = c C (mod p), c C < 2^68: adding it to (t0..t3) carries out k in {0, 1}.
        ulong hi = Wide.Mul(c, C, out ulong lo);
        ulong k = 0;
        t0 = Wide.Adc(t0, lo, ref k);
        t1 = Wide.Adc(t1, hi, ref k);
        t2 = Wide.Adc(t2, 0, ref k);
        t3 = Wide.Adc(t3, 0, ref k);

        // When k = 1 the sum wrapped, so (t0..t3) < c C < 2^68 and adding C (for the 2^256 carried out) reaches at
        // most t1, which is below 2^4: nothing carries out of t1. When k = 0 nothing is added.
        ulong add = C & Wide.Mask(k);
        ulong s0 = t0 + add;
        t1 += Wide.Carry(t0, add, s0);
        t0 = s0;

        // Now t < 2^256 < 2p: t >= p exactly when t + C carries out of 2^256, and then t - p = t + C mod 2^256.
        ulong f = 0;
        s0 = Wide.Adc(t0, C, ref f);
        ulong s1 = Wide.Adc(t1, 0, ref f);
        ulong s2 = Wide.Adc(t2, 0, ref f);
        ulong s3 = Wide.Adc(t3, 0, ref f);
        ulong take = Wide.Mask(f);
        r.L0 = t0 ^ (take & (t0 ^ s0));
        r.L1 = t1 ^ (take & (t1 ^ s1));
        r.L2 = t2 ^ (take & (t2 ^ s2));
        r.L3 = t3 ^ (take & (t3 ^ s3));
    }
}

// Six-limb field elements for both flavours (the point engine StructEcGroup, which the Unsafe
// FastEcGroup derives from) for P-384, brainpoolP384r1 and any 321..384-bit prime, written out as Fe4's: the 12-limb product in
// locals (21 products for a square), then six Montgomery reduction rounds by separated operand scanning (Koç, Acar and
// Kaliski, IEEE Micro 16(3), 1996), with no loop, array or span. Limbs are combined with shifts, so the code is
// byte-order independent.

using System;
using System.Numerics;
using System.Runtime.CompilerServices;

namespace Panicode.Crypto.Ec;

/// <summary>A 384-bit value as six 64-bit limbs, L0 least significant.</summary>
internal struct Fe6
{
    public ulong L0;
    public ulong L1;
    public ulong L2;
    public ulong L3;
    public ulong L4;
    public ulong L5;
}

/// <summary>GF(p) on six limbs in Montgomery form, R = 2^384. Mul and Sqr are calls, as in <see cref="Field4{TR}"/>.</summary>
internal readonly struct Field6 : IStructField<Fe6>
{
    private readonly Fe6 _p;
    private readonly ulong _m0;     // -p^-1 mod 2^64

    public Field6(BigInteger p)
    {
        _p = default;
        _p.L0 = Fe4.Limb64(p, 0);
        _p.L1 = Fe4.Limb64(p, 1);
        _p.L2 = Fe4.Limb64(p, 2);
        _p.L3 = Fe4.Limb64(p, 3);
        _p.L4 = Fe4.Limb64(p, 4);
        _p.L5 = Fe4.Limb64(p, 5);
        _m0 = Wide.NegInverse(_p.L0);
    }

    public int Limbs => 6;

    [MethodImpl(MethodImplOptions.NoInlining)]
    public void Mul(ref Fe6 r, in Fe6 a, in Fe6 b)
    {
        ulong a0 = a.L0, a1 = a.L1, a2 = a.L2, a3 = a.L3, a4 = a.L4, a5 = a.L5;
        ulong t0, t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, c;
        ulong bi = b.L0;
        c = Wide.Mul(a0, bi, out t0);
        c = Wide.MulAdd(a1, bi, c, 0, out t1);
        c = Wide.MulAdd(a2, bi, c, 0, out t2);
        c = Wide.MulAdd(a3, bi, c, 0, out t3);
        c = Wide.MulAdd(a4, bi, c, 0, out t4);
        t6 = Wide.MulAdd(a5, bi, c, 0, out t5);
        bi = b.L1;
        c = Wide.MulAdd(a0, bi, t1, 0, out t1);
        c = Wide.MulAdd(a1, bi, t2, c, out t2);
        c = Wide.MulAdd(a2, bi, t3, c, out t3);
        c = Wide.MulAdd(a3, bi, t4, c, out t4);
        c = Wide.MulAdd(a4, bi, t5, c, out t5);
        t7 = Wide.MulAdd(a5, bi, t6, c, out t6);
        bi = b.L2;
        c = Wide.MulAdd(a0, bi, t2, 0, out t2);
        c = Wide.MulAdd(a1, bi, t3, c, out t3);
        c = Wide.MulAdd(a2, bi, t4, c, out t4);
        c = Wide.MulAdd(a3, bi, t5, c, out t5);
        c = Wide.MulAdd(a4, bi, t6, c, out t6);
        t8 = Wide.MulAdd(a5, bi, t7, c, out t7);
        bi = b.L3;
        c = Wide.MulAdd(a0, bi, t3, 0, out t3);
        c = Wide.MulAdd(a1, bi, t4, c, out t4);
        c = Wide.MulAdd(a2, bi, t5, c, out t5);
        c = Wide.MulAdd(a3, bi, t6, c, out t6);
        c = Wide.MulAdd(a4, bi, t7, c, out t7);
        t9 = Wide.MulAdd(a5, bi, t8, c, out t8);
        bi = b.L4;
        c = Wide.MulAdd(a0, bi, t4, 0, out t4);
        c = Wide.MulAdd(a1, bi, t5, c, out t5);
        c = Wide.MulAdd(a2, bi, t6, c, out t6);
        c = Wide.MulAdd(a3, bi, t7, c, out t7);
        c = Wide.MulAdd(a4, bi, t8, c, out t8);
        t10 = Wide.MulAdd(a5, bi, t9, c, out t9);
        bi = b.L5;
        c = Wide.MulAdd(a0, bi, t5, 0, out t5);
        c = Wide.MulAdd(a1, bi, t6, c, out t6);
        c = Wide.MulAdd(a2, bi, t7, c, out t7);
        c = Wide.MulAdd(a3, bi, t8, c, out t8);
        c = Wide.MulAdd(a4, bi, t9, c, out t9);
        t11 = Wide.MulAdd(a5, bi, t10, c, out t10);
        Reduce(ref r, in _p, _m0, t0, t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    public void Sqr(ref Fe6 r, in Fe6 a)
    {
        ulong a0 = a.L0, a1 = a.L1, a2 = a.L2, a3 = a.L3, a4 = a.L4, a5 = a.L5;
        ulong t0, t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, c;

        // Cross products a_i a_j, i < j, row by row.
        c = Wide.Mul(a0, a1, out t1);
        c = Wide.MulAdd(a0, a2, c, 0, out t2);
        c = Wide.MulAdd(a0, a3, c, 0, out t3);
        c = Wide.MulAdd(a0, a4, c, 0, out t4);
        t6 = Wide.MulAdd(a0, a5, c, 0, out t5);
        c = Wide.MulAdd(a1, a2, t3, 0, out t3);
        c = Wide.MulAdd(a1, a3, t4, c, out t4);
        c = Wide.MulAdd(a1, a4, t5, c, out t5);
        t7 = Wide.MulAdd(a1, a5, t6, c, out t6);
        c = Wide.MulAdd(a2, a3, t5, 0, out t5);
        c = Wide.MulAdd(a2, a4, t6, c, out t6);
        t8 = Wide.MulAdd(a2, a5, t7, c, out t7);
        c = Wide.MulAdd(a3, a4, t7, 0, out t7);
        t9 = Wide.MulAdd(a3, a5, t8, c, out t8);
        t10 = Wide.MulAdd(a4, a5, t9, 0, out t9);

        // Doubled (the cross sum is below a^2 / 2, so no bit is lost), plus the squares a_i^2.
        t11 = t10 >> 63;
        t10 = (t10 << 1) | (t9 >> 63);
        t9 = (t9 << 1) | (t8 >> 63);
        t8 = (t8 << 1) | (t7 >> 63);
        t7 = (t7 << 1) | (t6 >> 63);
        t6 = (t6 << 1) | (t5 >> 63);
        t5 = (t5 << 1) | (t4 >> 63);
        t4 = (t4 << 1) | (t3 >> 63);
        t3 = (t3 << 1) | (t2 >> 63);
        t2 = (t2 << 1) | (t1 >> 63);
        t1 <<= 1;
        ulong h = Wide.Mul(a0, a0, out t0);
        c = 0;
        t1 = Wide.Adc(t1, h, ref c);
        ulong l;
        h = Wide.Mul(a1, a1, out l);
        t2 = Wide.Adc(t2, l, ref c);
        t3 = Wide.Adc(t3, h, ref c);
        h = Wide.Mul(a2, a2, out l);
        t4 = Wide.Adc(t4, l, ref c);
        t5 = Wide.Adc(t5, h, ref c);
        h = Wide.Mul(a3, a3, out l);
        t6 = Wide.Adc(t6, l, ref c);
        t7 = Wide.Adc(t7, h, ref c);
        h = Wide.Mul(a4, a4, out l);
        t8 = Wide.Adc(t8, l, ref c);
        t9 = Wide.Adc(t9, h, ref c);
        h = Wide.Mul(a5, a5, out l);
        t10 = Wide.Adc(t10, l, ref c);
        t11 = t11 + h + c;
        Reduce(ref r, in _p, _m0, t0, t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Add(ref Fe6 r, in Fe6 a, in Fe6 b)
    {
        ulong c = 0;
        ulong s0 = Wide.Adc(a.L0, b.L0, ref c);
        ulong s1 = Wide.Adc(a.L1, b.L1, ref c);
        ulong s2 = Wide.Adc(a.L2, b.L2, ref c);
        ulong s3 = Wide.Adc(a.L3, b.L3, ref c);
        ulong s4 = Wide.Adc(a.L4, b.L4, ref c);
        ulong s5 = Wide.Adc(a.L5, b.L5, ref c);
        Final(ref r, in _p, s0, s1, s2, s3, s4, s5, c);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Sub(ref Fe6 r, in Fe6 a, in Fe6 b)
    {
        ulong bw = 0;
        ulong d0 = Wide.Sbb(a.L0, b.L0, ref bw);
        ulong d1 = Wide.Sbb(a.L1, b.L1, ref bw);
        ulong d2 = Wide.Sbb(a.L2, b.L2, ref bw);
        ulong d3 = Wide.Sbb(a.L3, b.L3, ref bw);
        ulong d4 = Wide.Sbb(a.L4, b.L4, ref bw);
        ulong d5 = Wide.Sbb(a.L5, b.L5, ref bw);

        // p is added back exactly when the subtraction borrowed.
        ulong mask = Wide.Mask(bw);
        ulong c = 0;
        r.L0 = Wide.Adc(d0, _p.L0 & mask, ref c);
        r.L1 = Wide.Adc(d1, _p.L1 & mask, ref c);
        r.L2 = Wide.Adc(d2, _p.L2 & mask, ref c);
        r.L3 = Wide.Adc(d3, _p.L3 & mask, ref c);
        r.L4 = Wide.Adc(d4, _p.L4 & mask, ref c);
        r.L5 = Wide.Adc(d5, _p.L5 & mask, ref c);
    }

    /// <summary>(a + p) / 2 when a is odd, else a / 2; the sum's carry is the new top bit.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Half(ref Fe6 r, in Fe6 a)
    {
        ulong mask = Wide.Mask(a.L0 & 1);
        ulong c = 0;
        ulong s0 = Wide.Adc(a.L0, _p.L0 & mask, ref c);
        ulong s1 = Wide.Adc(a.L1, _p.L1 & mask, ref c);
        ulong s2 = Wide.Adc(a.L2, _p.L2 & mask, ref c);
        ulong s3 = Wide.Adc(a.L3, _p.L3 & mask, ref c);
        ulong s4 = Wide.Adc(a.L4, _p.L4 & mask, ref c);
        ulong s5 = Wide.Adc(a.L5, _p.L5 & mask, ref c);
        r.L0 = (s0 >> 1) | (s1 << 63);
        r.L1 = (s1 >> 1) | (s2 << 63);
        r.L2 = (s2 >> 1) | (s3 << 63);
        r.L3 = (s3 >> 1) | (s4 << 63);
        r.L4 = (s4 >> 1) | (s5 << 63);
        r.L5 = (s5 >> 1) | (c << 63);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Move(ref Fe6 r, in Fe6 a, ulong mask)
    {
        r.L0 ^= mask & (r.L0 ^ a.L0);
        r.L1 ^= mask & (r.L1 ^ a.L1);
        r.L2 ^= mask & (r.L2 ^ a.L2);
        r.L3 ^= mask & (r.L3 ^ a.L3);
        r.L4 ^= mask & (r.L4 ^ a.L4);
        r.L5 ^= mask & (r.L5 ^ a.L5);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong IsZero(in Fe6 a) => Wide.IsZero(a.L0 | a.L1 | a.L2 | a.L3 | a.L4 | a.L5);

    public Fe6 Load(ReadOnlySpan<ulong> limbs)
    {
        Fe6 r;
        r.L0 = limbs[0];
        r.L1 = limbs[1];
        r.L2 = limbs[2];
        r.L3 = limbs[3];
        r.L4 = limbs[4];
        r.L5 = limbs[5];
        return r;
    }

    public void Store(in Fe6 a, Span<ulong> limbs)
    {
        limbs[0] = a.L0;
        limbs[1] = a.L1;
        limbs[2] = a.L2;
        limbs[3] = a.L3;
        limbs[4] = a.L4;
        limbs[5] = a.L5;
    }

    private static void Reduce(ref Fe6 r, in Fe6 p, ulong m0, ulong t0, ulong t1, ulong t2, ulong t3, ulong t4, ulong t5, ulong t6, ulong t7, ulong t8, ulong t9, ulong t10, ulong t11)
    {
        ulong p0 = p.L0, p1 = p.L1, p2 = p.L2, p3 = p.L3, p4 = p.L4, p5 = p.L5;
        ulong c, k, s, q;

        q = t0 * m0;
        c = Wide.MulAdd(q, p0, t0, 0, out _);
        c = Wide.MulAdd(q, p1, t1, c, out t1);
        c = Wide.MulAdd(q, p2, t2, c, out t2);
        c = Wide.MulAdd(q, p3, t3, c, out t3);
        c = Wide.MulAdd(q, p4, t4, c, out t4);
        c = Wide.MulAdd(q, p5, t5, c, out t5);
        s = t6 + c;
        k = Wide.Carry(t6, c, s);
        t6 = s;

        q = t1 * m0;
        c = Wide.MulAdd(q, p0, t1, 0, out _);
        c = Wide.MulAdd(q, p1, t2, c, out t2);
        c = Wide.MulAdd(q, p2, t3, c, out t3);
        c = Wide.MulAdd(q, p3, t4, c, out t4);
        c = Wide.MulAdd(q, p4, t5, c, out t5);
        c = Wide.MulAdd(q, p5, t6, c, out t6);
        t7 = Wide.Adc(t7, c, ref k);

        q = t2 * m0;
        c = Wide.MulAdd(q, p0, t2, 0, out _);
        c = Wide.MulAdd(q, p1, t3, c, out t3);
        c = Wide.MulAdd(q, p2, t4, c, out t4);
        c = Wide.MulAdd(q, p3, t5, c, out t5);
        c = Wide.MulAdd(q, p4, t6, c, out t6);
        c = Wide.MulAdd(q, p5, t7, c, out t7);
        t8 = Wide.Adc(t8, c, ref k);

        q = t3 * m0;
        c = Wide.MulAdd(q, p0, t3, 0, out _);
        c = Wide.MulAdd(q, p1, t4, c, out t4);
        c = Wide.MulAdd(q, p2, t5, c, out t5);
        c = Wide.MulAdd(q, p3, t6, c, out t6);
        c = Wide.MulAdd(q, p4, t7, c, out t7);
        c = Wide.MulAdd(q, p5, t8, c, out t8);
        t9 = Wide.Adc(t9, c, ref k);

        q = t4 * m0;
        c = Wide.MulAdd(q, p0, t4, 0, out _);
        c = Wide.MulAdd(q, p1, t5, c, out t5);
        c = Wide.MulAdd(q, p2, t6, c, out t6);
        c = Wide.MulAdd(q, p3, t7, c, out t7);
        c = Wide.MulAdd(q, p4, t8, c, out t8);
        c = Wide.MulAdd(q, p5, t9, c, out t9);
        t10 = Wide.Adc(t10, c, ref k);

        q = t5 * m0;
        c = Wide.MulAdd(q, p0, t5, 0, out _);
        c = Wide.MulAdd(q, p1, t6, c, out t6);
        c = Wide.MulAdd(q, p2, t7, c, out t7);
        c = Wide.MulAdd(q, p3, t8, c, out t8);
        c = Wide.MulAdd(q, p4, t9, c, out t9);
        c = Wide.MulAdd(q, p5, t10, c, out t10);
        t11 = Wide.Adc(t11, c, ref k);

        Final(ref r, in p, t6, t7, t8, t9, t10, t11, k);
    }

    /// <summary>r = (t0..t5) + k 2^384 - p when that is not negative, else (t0..t5); the value is below 2p.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Final(ref Fe6 r, in Fe6 p, ulong t0, ulong t1, ulong t2, ulong t3, ulong t4, ulong t5, ulong k)
    {
        ulong b = 0;
        ulong r0 = Wide.Sbb(t0, p.L0, ref b);
        ulong r1 = Wide.Sbb(t1, p.L1, ref b);
        ulong r2 = Wide.Sbb(t2, p.L2, ref b);
        ulong r3 = Wide.Sbb(t3, p.L3, ref b);
        ulong r4 = Wide.Sbb(t4, p.L4, ref b);
        ulong r5 = Wide.Sbb(t5, p.L5, ref b);
        ulong keep = Wide.Mask(b & (k ^ 1));     // borrowed and no bit 384: the value was below p
        r.L0 = r0 ^ (keep & (r0 ^ t0));
        r.L1 = r1 ^ (keep & (r1 ^ t1));
        r.L2 = r2 ^ (keep & (r2 ^ t2));
        r.L3 = r3 ^ (keep & (r3 ^ t3));
        r.L4 = r4 ^ (keep & (r4 ^ t4));
        r.L5 = r5 ^ (keep & (r5 ^ t5));
    }
}

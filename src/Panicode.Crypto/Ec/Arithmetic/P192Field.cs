// GF(p) for P-192, p = 2^192 - 2^64 - 1 (FIPS 186-4 App. D.1.2.1; SP 800-186 §3.2.1.1), on three 64-bit limbs
// without Montgomery form (R = 1: the groups are created with montgomery: false, as for Secp256k1Reduce4), for both
// flavours (the point engine StructEcGroup, which the Unsafe FastEcGroup derives from). The
// prime is a generalized Mersenne prime whose reduction (FIPS 186-4 App. D.2.1) works on whole 64-bit words:
// 2^192 = 2^64 + 1 (mod p), so a product t = (t5..t0) is T + S1 + S2 + S3 with T = (t2, t1, t0), S1 = (0, t3, t3),
// S2 = (t4, t4, 0), S3 = (t5, t5, t5): eight word additions instead of the nine quotient products of a Montgomery
// reduction. Nothing branches or indexes memory on element values.


using System;
using System.Numerics;
using System.Runtime.CompilerServices;

namespace Panicode.Crypto.Ec;

/// <summary>
/// The P-192 field: elements are three limbs, fully reduced (below p). Addition, subtraction, halving and the
/// moves do not depend on the form, so they are <see cref="Field3"/>'s on the same p.
/// </summary>
internal readonly struct P192Field : IStructField<Fe3>
{
    private readonly Field3 _f;

    public P192Field(BigInteger p)
    {
        _f = new Field3(p);
    }

    public int Limbs => 3;

    /// <summary>r = a b mod p (a, b &lt; 2^192): the 6-limb product by rows, then <see cref="Reduce"/>.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public void Mul(ref Fe3 r, in Fe3 a, in Fe3 b)
    {
        ulong a0 = a.L0, a1 = a.L1, a2 = a.L2;
        ulong t0, t1, t2, t3, t4, t5, c;
        ulong bi = b.L0;
        c = Wide.Mul(a0, bi, out t0);
        c = Wide.MulAdd(a1, bi, c, 0, out t1);
        t3 = Wide.MulAdd(a2, bi, c, 0, out t2);
        bi = b.L1;
        c = Wide.MulAdd(a0, bi, t1, 0, out t1);
        c = Wide.MulAdd(a1, bi, t2, c, out t2);
        t4 = Wide.MulAdd(a2, bi, t3, c, out t3);
        bi = b.L2;
        c = Wide.MulAdd(a0, bi, t2, 0, out t2);
        c = Wide.MulAdd(a1, bi, t3, c, out t3);
        t5 = Wide.MulAdd(a2, bi, t4, c, out t4);
        Reduce(ref r, t0, t1, t2, t3, t4, t5);
    }

    /// <summary>r = a^2 mod p: the three cross products doubled (their sum is below a^2 / 2), plus the squares.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public void Sqr(ref Fe3 r, in Fe3 a)
    {
        ulong a0 = a.L0, a1 = a.L1, a2 = a.L2;
        ulong t0, t1, t2, t3, t4, t5, c;
        c = Wide.Mul(a0, a1, out t1);
        t3 = Wide.MulAdd(a0, a2, c, 0, out t2);
        t4 = Wide.MulAdd(a1, a2, t3, 0, out t3);
        t5 = t4 >> 63;
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
        t5 = t5 + h + c;
        Reduce(ref r, t0, t1, t2, t3, t4, t5);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Add(ref Fe3 r, in Fe3 a, in Fe3 b) => _f.Add(ref r, in a, in b);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Sub(ref Fe3 r, in Fe3 a, in Fe3 b) => _f.Sub(ref r, in a, in b);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Half(ref Fe3 r, in Fe3 a) => _f.Half(ref r, in a);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Move(ref Fe3 r, in Fe3 a, ulong mask) => _f.Move(ref r, in a, mask);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong IsZero(in Fe3 a) => _f.IsZero(in a);

    public Fe3 Load(ReadOnlySpan<ulong> limbs) => _f.Load(limbs);

    public void Store(in Fe3 a, Span<ulong> limbs) => _f.Store(in a, limbs);

    /// <summary>
    /// r = t mod p, fully reduced, for t = (t5..t0) &lt; 2^384. Bounds: T &lt; 2^192, S1 = t3 (2^64 + 1) &lt; 2^129,
    /// S2 = t4 (2^128 + 2^64) &lt; 2^192, S3 = t5 (2^128 + 2^64 + 1) &lt; 2^192 + 2^129, so the sum is below 2^194 and its
    /// carry word c (the three chains' carries) is at most 3. Folding c 2^192 = c (2^64 + 1) gives at most
    /// 2^192 - 1 + 3 (2^64 + 1); when that carries out (k = 1) the three words left are below 3 2^64 + 3, so folding
    /// k (2^64 + 1) in once more cannot carry out of the middle word. The value v is then below 2^192 &lt; 2p, and
    /// v >= p exactly when v + 2^64 + 1 carries out of 2^192, in which case v - p is that sum's low 192 bits.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Reduce(ref Fe3 r, ulong t0, ulong t1, ulong t2, ulong t3, ulong t4, ulong t5)
    {
        // T + S1
        ulong k1 = 0;
        ulong l0 = Wide.Adc(t0, t3, ref k1);
        ulong l1 = Wide.Adc(t1, t3, ref k1);
        ulong l2 = t2 + k1;
        k1 = Wide.Carry(t2, k1, l2);

        // + S2
        ulong k2 = 0;
        l1 = Wide.Adc(l1, t4, ref k2);
        l2 = Wide.Adc(l2, t4, ref k2);

        // + S3
        ulong k3 = 0;
        l0 = Wide.Adc(l0, t5, ref k3);
        l1 = Wide.Adc(l1, t5, ref k3);
        l2 = Wide.Adc(l2, t5, ref k3);

        // c 2^192 = c 2^64 + c (mod p), c <= 3.
        ulong c = k1 + k2 + k3;
        ulong k = 0;
        l0 = Wide.Adc(l0, c, ref k);
        l1 = Wide.Adc(l1, c, ref k);
        ulong s = l2 + k;
        k = Wide.Carry(l2, k, s);
        l2 = s;

        // k 2^192 = k 2^64 + k once more; no carry leaves l1 (see above).
        s = l0 + k;
        l1 += k + Wide.Carry(l0, k, s);
        l0 = s;

        // v >= p exactly when v + (2^64 + 1) >= 2^192.
        ulong f = 0;
        ulong w0 = Wide.Adc(l0, 1, ref f);
        ulong w1 = Wide.Adc(l1, 1, ref f);
        ulong w2 = Wide.Adc(l2, 0, ref f);
        ulong take = 0UL - f;
        r.L0 = l0 ^ (take & (l0 ^ w0));
        r.L1 = l1 ^ (take & (l1 ^ w1));
        r.L2 = l2 ^ (take & (l2 ^ w2));
    }
}

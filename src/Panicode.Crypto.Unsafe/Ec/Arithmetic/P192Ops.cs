// GF(p) for P-192, p = 2^192 - 2^64 - 1 (FIPS 186-4 App. D.1.2.1; SP 800-186 §3.2.1.1), on three 64-bit limbs
// without Montgomery form (R = 1: FieldConstants.Create(p, 3, montgomery: false), as for Secp256k1Reduce4). The
// prime is a generalized Mersenne prime whose reduction (FIPS 186-4 App. D.2.1) works on whole 64-bit words:
// 2^192 = 2^64 + 1 (mod p), so a product t = (t5..t0) is T + S1 + S2 + S3 with T = (t2, t1, t0), S1 = (0, t3, t3),
// S2 = (t4, t4, 0), S3 = (t5, t5, t5): eight word additions instead of the nine quotient products of a Montgomery
// reduction. Nothing branches or indexes memory on element values.

using System.Runtime.CompilerServices;
using Panicode.Crypto.Ec;

namespace Panicode.Crypto.Unsafe.Ec;

/// <summary>
/// The P-192 field for <see cref="FastEcGroup{TF}"/>: elements are three limbs, fully reduced (below p). Addition and
/// subtraction do not depend on the form, so they are <see cref="Montgomery3Ops"/>'s.
/// </summary>
internal readonly unsafe struct P192Ops : IFieldOps
{
    private readonly ulong* _c;

    public P192Ops(ulong* constants)
    {
        _c = constants;
    }

    public int Limbs => 3;

    public ulong* Constants => _c;

    /// <summary>r = a b mod p (a, b &lt; 2^192): the 6-limb product by rows, then <see cref="Reduce"/>.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public void Mul(ulong* r, ulong* a, ulong* b)
    {
        ulong a0 = a[0], a1 = a[1], a2 = a[2];
        ulong t0, t1, t2, t3, t4, t5, c;
        ulong bi = b[0];
        c = Wide.Mul(a0, bi, out t0);
        c = Wide.MulAdd(a1, bi, c, 0, out t1);
        t3 = Wide.MulAdd(a2, bi, c, 0, out t2);
        bi = b[1];
        c = Wide.MulAdd(a0, bi, t1, 0, out t1);
        c = Wide.MulAdd(a1, bi, t2, c, out t2);
        t4 = Wide.MulAdd(a2, bi, t3, c, out t3);
        bi = b[2];
        c = Wide.MulAdd(a0, bi, t2, 0, out t2);
        c = Wide.MulAdd(a1, bi, t3, c, out t3);
        t5 = Wide.MulAdd(a2, bi, t4, c, out t4);
        Reduce(r, t0, t1, t2, t3, t4, t5);
    }

    /// <summary>r = a^2 mod p: the three cross products doubled (their sum is below a^2 / 2), plus the squares.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public void Sqr(ulong* r, ulong* a)
    {
        ulong a0 = a[0], a1 = a[1], a2 = a[2];
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
        t1 = Limb.AddC(t1, h, ref c);
        h = Wide.Mul(a1, a1, out ulong l);
        t2 = Limb.AddC(t2, l, ref c);
        t3 = Limb.AddC(t3, h, ref c);
        h = Wide.Mul(a2, a2, out l);
        t4 = Limb.AddC(t4, l, ref c);
        t5 = t5 + h + c;
        Reduce(r, t0, t1, t2, t3, t4, t5);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Add(ulong* r, ulong* a, ulong* b) => new Montgomery3Ops(_c).Add(r, a, b);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Sub(ulong* r, ulong* a, ulong* b) => new Montgomery3Ops(_c).Sub(r, a, b);

    /// <summary>
    /// r = t mod p, fully reduced, for t = (t5..t0) &lt; 2^384. Bounds: T &lt; 2^192, S1 = t3 (2^64 + 1) &lt; 2^129,
    /// S2 = t4 (2^128 + 2^64) &lt; 2^192, S3 = t5 (2^128 + 2^64 + 1) &lt; 2^192 + 2^129, so the sum is below 2^194 and its
    /// carry word c (the three chains' carries) is at most 3. Folding c 2^192 = c (2^64 + 1) gives at most
    /// 2^192 - 1 + 3 (2^64 + 1); when that carries out (k = 1) the three words left are below 3 2^64 + 3, so folding
    /// k (2^64 + 1) in once more cannot carry out of the middle word. The value v is then below 2^192 &lt; 2p, and
    /// v >= p exactly when v + 2^64 + 1 carries out of 2^192, in which case v - p is that sum's low 192 bits.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Reduce(ulong* r, ulong t0, ulong t1, ulong t2, ulong t3, ulong t4, ulong t5)
    {
        // T + S1
        ulong k1 = 0;
        ulong l0 = Limb.AddC(t0, t3, ref k1);
        ulong l1 = Limb.AddC(t1, t3, ref k1);
        ulong l2 = t2 + k1;
        k1 = Wide.Carry(t2, k1, l2);

        // + S2
        ulong k2 = 0;
        l1 = Limb.AddC(l1, t4, ref k2);
        l2 = Limb.AddC(l2, t4, ref k2);

        // + S3
        ulong k3 = 0;
        l0 = Limb.AddC(l0, t5, ref k3);
        l1 = Limb.AddC(l1, t5, ref k3);
        l2 = Limb.AddC(l2, t5, ref k3);

        // c 2^192 = c 2^64 + c (mod p), c <= 3.
        ulong c = k1 + k2 + k3;
        ulong k = 0;
        l0 = Limb.AddC(l0, c, ref k);
        l1 = Limb.AddC(l1, c, ref k);
        ulong s = l2 + k;
        k = Wide.Carry(l2, k, s);
        l2 = s;

        // k 2^192 = k 2^64 + k once more; no carry leaves l1 (see above).
        s = l0 + k;
        l1 += k + Wide.Carry(l0, k, s);
        l0 = s;

        // v >= p exactly when v + (2^64 + 1) >= 2^192.
        ulong f = 0;
        ulong w0 = Limb.AddC(l0, 1, ref f);
        ulong w1 = Limb.AddC(l1, 1, ref f);
        ulong w2 = Limb.AddC(l2, 0, ref f);
        ulong take = 0UL - f;
        r[0] = l0 ^ (take & (l0 ^ w0));
        r[1] = l1 ^ (take & (l1 ^ w1));
        r[2] = l2 ^ (take & (l2 ^ w2));
    }
}

// Montgomery reduction for P-224, p = 2^224 - 2^96 + 1 (FIPS 186-4 App. D.1.2.2; SP 800-186 §3.2.1.2), on four
// 64-bit limbs: p0 = 1, p1 = 2^64 - 2^32, p2 = 2^64 - 1, p3 = 2^32 - 1. With p0 = 1, m0 = -p^-1 = -1 mod 2^64, so
// the quotient digit is q = -t_i and t_i + q p0 = 2^64 exactly when t_i != 0 (else 0); p2 is all ones, so q p2 is
// q 2^64 - q (Limb.MulAddP); only q p1 and q p3 are multiplications: 8 products per reduction against 16 for
// GenericReduce4, the shape P256Reduce4 exploits for P-256.

using System.Runtime.CompilerServices;
using Panicode.Crypto.Ec;

namespace Panicode.Crypto.Unsafe.Ec;

/// <summary>The P-224 reduction for <see cref="Montgomery4Ops{TR}"/> (Montgomery form, R = 2^256).</summary>
internal readonly unsafe struct P224Reduce4 : IReduce4
{
    private const ulong P1 = 0xFFFFFFFF00000000UL;
    private const ulong P3 = 0x00000000FFFFFFFFUL;

    /// <summary>
    /// r = t R^-1 mod p for t &lt; p^2: four rounds of GenericReduce4's shape (each round's carry lands on limb i + 4
    /// with the previous one-bit carry k, their sum below 2^65), with the products by p0 and p2 replaced as above;
    /// t_4..t_7 + k 2^256 &lt; 2p, and one masked subtraction ends it.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Reduce(ulong* r, ulong* pc, ulong t0, ulong t1, ulong t2, ulong t3, ulong t4, ulong t5, ulong t6, ulong t7)
    {
        ulong c, k, s, q;

        q = 0UL - t0;
        c = Wide.Carry(q, t0, q + t0);
        c = Wide.MulAdd(q, P1, t1, c, out t1);
        c = Limb.MulAddP(q, ulong.MaxValue, t2, c, out t2);
        c = Wide.MulAdd(q, P3, t3, c, out t3);
        s = t4 + c;
        k = Wide.Carry(t4, c, s);
        t4 = s;

        q = 0UL - t1;
        c = Wide.Carry(q, t1, q + t1);
        c = Wide.MulAdd(q, P1, t2, c, out t2);
        c = Limb.MulAddP(q, ulong.MaxValue, t3, c, out t3);
        c = Wide.MulAdd(q, P3, t4, c, out t4);
        t5 = Limb.AddC(t5, c, ref k);

        q = 0UL - t2;
        c = Wide.Carry(q, t2, q + t2);
        c = Wide.MulAdd(q, P1, t3, c, out t3);
        c = Limb.MulAddP(q, ulong.MaxValue, t4, c, out t4);
        c = Wide.MulAdd(q, P3, t5, c, out t5);
        t6 = Limb.AddC(t6, c, ref k);

        q = 0UL - t3;
        c = Wide.Carry(q, t3, q + t3);
        c = Wide.MulAdd(q, P1, t4, c, out t4);
        c = Limb.MulAddP(q, ulong.MaxValue, t5, c, out t5);
        c = Wide.MulAdd(q, P3, t6, c, out t6);
        t7 = Limb.AddC(t7, c, ref k);

        Limb.Final4(r, pc, t4, t5, t6, t7, k);
    }

    // P-224's limbs give no shortcut for the final subtraction or the borrow correction: the generic ones.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Final(ulong* r, ulong* pc, ulong t0, ulong t1, ulong t2, ulong t3, ulong k) =>
        default(GenericReduce4).Final(r, pc, t0, t1, t2, t3, k);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void AddMasked(ulong* r, ulong* pc, ulong t0, ulong t1, ulong t2, ulong t3, ulong mask) =>
        default(GenericReduce4).AddMasked(r, pc, t0, t1, t2, t3, mask);
}

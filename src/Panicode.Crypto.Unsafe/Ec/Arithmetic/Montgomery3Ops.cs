// Montgomery arithmetic on exactly 3 limbs, written out (generated): the product and its reduction by product
// scanning with the reduction finely interleaved (Koç, Acar and Kaliski, "Analyzing and comparing Montgomery
// multiplication algorithms", IEEE Micro 16(3), 1996, the FIPS method): column k of a b + q p is summed into a
// three-word accumulator (x, y, z, their roles rotating with k), and for k < 3 the quotient digit
// q_k = (low word) m0 mod 2^64 is chosen there so that adding q_k p_0 clears the low word. Only the accumulator,
// the operands and the quotient digits are live, where an operand-scanning product keeps 6 limbs; the
// multiply-accumulates are spelt out with three reused temporaries (h, l, s) rather than an inlined helper,
// whose per-call temporaries outnumber what the JIT keeps in registers (see P521Ops).
// Nothing branches or indexes memory on element values.

using System.Runtime.CompilerServices;

namespace Panicode.Crypto.Unsafe.Ec;

/// <summary>
/// Montgomery arithmetic for any odd modulus of 3 limbs (R = 2^192), elements fully reduced below p. Mul and
/// Sqr are never inlined, as in <see cref="Montgomery6Ops"/>.
/// </summary>
internal readonly unsafe struct Montgomery3Ops : IFieldOps
{
    private readonly ulong* _c;

    public Montgomery3Ops(ulong* constants)
    {
        _c = constants;
    }

    public int Limbs => 3;

    public ulong* Constants => _c;

    /// <summary>
    /// r = a b R^-1 mod p for a, b &lt; p (18 products). Each column adds at most 6 products below 2^128 and
    /// the previous column's carry, far below 2^192, so the accumulator's top word never wraps; in each product the
    /// high half is at most 2^64 - 2, so adding the low word's carry to it cannot wrap. The result
    /// (a b + q p) / R &lt; (p^2 + R p) / R &lt; 2p is the words r0..r2 and the one-bit carry k of the last column;
    /// one masked subtraction of p ends it.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public void Mul(ulong* r, ulong* a, ulong* b)
    {
        ulong* pc = _c;
        ulong a0 = a[0], a1 = a[1], a2 = a[2];
        ulong b0 = b[0], b1 = b[1], b2 = b[2];
        ulong p0 = pc[0], p1 = pc[1], p2 = pc[2], m0 = pc[3];
        ulong x, y, z = 0, h, l, s;

        // Column 0; q0 makes its low word vanish.
        y = Wide.Mul(a0, b0, out x);
        ulong q0 = x * m0;
        h = Wide.Mul(q0, p0, out l);
        s = x + l;
        h += Wide.Carry(x, l, s);
        x = s;
        s = y + h;
        z += Wide.Carry(y, h, s);
        y = s;
        x = 0;

        // Column 1: a b and q0 p; q1 makes the low word vanish.
        h = Wide.Mul(a0, b1, out l);
        s = y + l;
        h += Wide.Carry(y, l, s);
        y = s;
        s = z + h;
        x += Wide.Carry(z, h, s);
        z = s;
        h = Wide.Mul(a1, b0, out l);
        s = y + l;
        h += Wide.Carry(y, l, s);
        y = s;
        s = z + h;
        x += Wide.Carry(z, h, s);
        z = s;
        h = Wide.Mul(q0, p1, out l);
        s = y + l;
        h += Wide.Carry(y, l, s);
        y = s;
        s = z + h;
        x += Wide.Carry(z, h, s);
        z = s;
        ulong q1 = y * m0;
        h = Wide.Mul(q1, p0, out l);
        s = y + l;
        h += Wide.Carry(y, l, s);
        y = s;
        s = z + h;
        x += Wide.Carry(z, h, s);
        z = s;
        y = 0;

        // Column 2: a b and q0..q1 p; q2 makes the low word vanish.
        h = Wide.Mul(a0, b2, out l);
        s = z + l;
        h += Wide.Carry(z, l, s);
        z = s;
        s = x + h;
        y += Wide.Carry(x, h, s);
        x = s;
        h = Wide.Mul(a1, b1, out l);
        s = z + l;
        h += Wide.Carry(z, l, s);
        z = s;
        s = x + h;
        y += Wide.Carry(x, h, s);
        x = s;
        h = Wide.Mul(a2, b0, out l);
        s = z + l;
        h += Wide.Carry(z, l, s);
        z = s;
        s = x + h;
        y += Wide.Carry(x, h, s);
        x = s;
        h = Wide.Mul(q0, p2, out l);
        s = z + l;
        h += Wide.Carry(z, l, s);
        z = s;
        s = x + h;
        y += Wide.Carry(x, h, s);
        x = s;
        h = Wide.Mul(q1, p1, out l);
        s = z + l;
        h += Wide.Carry(z, l, s);
        z = s;
        s = x + h;
        y += Wide.Carry(x, h, s);
        x = s;
        ulong q2 = z * m0;
        h = Wide.Mul(q2, p0, out l);
        s = z + l;
        h += Wide.Carry(z, l, s);
        z = s;
        s = x + h;
        y += Wide.Carry(x, h, s);
        x = s;
        z = 0;

        // Column 3: a b and q p; its low word is r0.
        h = Wide.Mul(a1, b2, out l);
        s = x + l;
        h += Wide.Carry(x, l, s);
        x = s;
        s = y + h;
        z += Wide.Carry(y, h, s);
        y = s;
        h = Wide.Mul(a2, b1, out l);
        s = x + l;
        h += Wide.Carry(x, l, s);
        x = s;
        s = y + h;
        z += Wide.Carry(y, h, s);
        y = s;
        h = Wide.Mul(q1, p2, out l);
        s = x + l;
        h += Wide.Carry(x, l, s);
        x = s;
        s = y + h;
        z += Wide.Carry(y, h, s);
        y = s;
        h = Wide.Mul(q2, p1, out l);
        s = x + l;
        h += Wide.Carry(x, l, s);
        x = s;
        s = y + h;
        z += Wide.Carry(y, h, s);
        y = s;
        ulong r0 = x;
        x = 0;

        // Column 4: a b and q p; its low word is r1.
        h = Wide.Mul(a2, b2, out l);
        s = y + l;
        h += Wide.Carry(y, l, s);
        y = s;
        s = z + h;
        x += Wide.Carry(z, h, s);
        z = s;
        h = Wide.Mul(q2, p2, out l);
        s = y + l;
        h += Wide.Carry(y, l, s);
        y = s;
        s = z + h;
        x += Wide.Carry(z, h, s);
        z = s;
        ulong r1 = y;
        y = 0;

        // Column 5: only the carries; its low word is r2, its middle word the carry k.
        ulong r2 = z;

        Final(r, pc, r0, r1, r2, x);
    }

    /// <summary>
    /// r = a^2 R^-1 mod p for a &lt; p, as <see cref="Mul"/> with each column's cross products a_i a_j (i &lt; j) summed
    /// once and doubled (their sum is below 2^(128 + log2 3), so the shift loses no bit): 15 products.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public void Sqr(ulong* r, ulong* a)
    {
        ulong* pc = _c;
        ulong a0 = a[0], a1 = a[1], a2 = a[2];
        ulong p0 = pc[0], p1 = pc[1], p2 = pc[2], m0 = pc[3];
        ulong x, y, z = 0, h, l, s, d0, d1, d2;

        // Column 0; q0 makes its low word vanish.
        y = Wide.Mul(a0, a0, out x);
        ulong q0 = x * m0;
        h = Wide.Mul(q0, p0, out l);
        s = x + l;
        h += Wide.Carry(x, l, s);
        x = s;
        s = y + h;
        z += Wide.Carry(y, h, s);
        y = s;
        x = 0;

        // Column 1: a^2 and q0 p; q1 makes the low word vanish.
        d1 = Wide.Mul(a0, a1, out d0);
        d2 = 0;
        d2 = (d2 << 1) | (d1 >> 63);
        d1 = (d1 << 1) | (d0 >> 63);
        d0 <<= 1;
        s = y + d0;
        h = Wide.Carry(y, d0, s);
        y = s;
        z = Limb.AddC(z, d1, ref h);
        x += d2 + h;
        h = Wide.Mul(q0, p1, out l);
        s = y + l;
        h += Wide.Carry(y, l, s);
        y = s;
        s = z + h;
        x += Wide.Carry(z, h, s);
        z = s;
        ulong q1 = y * m0;
        h = Wide.Mul(q1, p0, out l);
        s = y + l;
        h += Wide.Carry(y, l, s);
        y = s;
        s = z + h;
        x += Wide.Carry(z, h, s);
        z = s;
        y = 0;

        // Column 2: a^2 and q0..q1 p; q2 makes the low word vanish.
        d1 = Wide.Mul(a0, a2, out d0);
        d2 = 0;
        d2 = (d2 << 1) | (d1 >> 63);
        d1 = (d1 << 1) | (d0 >> 63);
        d0 <<= 1;
        s = z + d0;
        h = Wide.Carry(z, d0, s);
        z = s;
        x = Limb.AddC(x, d1, ref h);
        y += d2 + h;
        h = Wide.Mul(a1, a1, out l);
        s = z + l;
        h += Wide.Carry(z, l, s);
        z = s;
        s = x + h;
        y += Wide.Carry(x, h, s);
        x = s;
        h = Wide.Mul(q0, p2, out l);
        s = z + l;
        h += Wide.Carry(z, l, s);
        z = s;
        s = x + h;
        y += Wide.Carry(x, h, s);
        x = s;
        h = Wide.Mul(q1, p1, out l);
        s = z + l;
        h += Wide.Carry(z, l, s);
        z = s;
        s = x + h;
        y += Wide.Carry(x, h, s);
        x = s;
        ulong q2 = z * m0;
        h = Wide.Mul(q2, p0, out l);
        s = z + l;
        h += Wide.Carry(z, l, s);
        z = s;
        s = x + h;
        y += Wide.Carry(x, h, s);
        x = s;
        z = 0;

        // Column 3: a^2 and q p; its low word is r0.
        d1 = Wide.Mul(a1, a2, out d0);
        d2 = 0;
        d2 = (d2 << 1) | (d1 >> 63);
        d1 = (d1 << 1) | (d0 >> 63);
        d0 <<= 1;
        s = x + d0;
        h = Wide.Carry(x, d0, s);
        x = s;
        y = Limb.AddC(y, d1, ref h);
        z += d2 + h;
        h = Wide.Mul(q1, p2, out l);
        s = x + l;
        h += Wide.Carry(x, l, s);
        x = s;
        s = y + h;
        z += Wide.Carry(y, h, s);
        y = s;
        h = Wide.Mul(q2, p1, out l);
        s = x + l;
        h += Wide.Carry(x, l, s);
        x = s;
        s = y + h;
        z += Wide.Carry(y, h, s);
        y = s;
        ulong r0 = x;
        x = 0;

        // Column 4: a^2 and q p; its low word is r1.
        h = Wide.Mul(a2, a2, out l);
        s = y + l;
        h += Wide.Carry(y, l, s);
        y = s;
        s = z + h;
        x += Wide.Carry(z, h, s);
        z = s;
        h = Wide.Mul(q2, p2, out l);
        s = y + l;
        h += Wide.Carry(y, l, s);
        y = s;
        s = z + h;
        x += Wide.Carry(z, h, s);
        z = s;
        ulong r1 = y;
        y = 0;

        // Column 5: only the carries; its low word is r2, its middle word the carry k.
        ulong r2 = z;

        Final(r, pc, r0, r1, r2, x);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Add(ulong* r, ulong* a, ulong* b)
    {
        ulong c = 0;
        ulong s0 = Limb.AddC(a[0], b[0], ref c);
        ulong s1 = Limb.AddC(a[1], b[1], ref c);
        ulong s2 = Limb.AddC(a[2], b[2], ref c);
        Final(r, _c, s0, s1, s2, c);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Sub(ulong* r, ulong* a, ulong* b)
    {
        ulong* p = _c;
        ulong bw = 0;
        ulong d0 = Limb.SubB(a[0], b[0], ref bw);
        ulong d1 = Limb.SubB(a[1], b[1], ref bw);
        ulong d2 = Limb.SubB(a[2], b[2], ref bw);
        ulong mask = 0UL - bw;
        ulong c = 0;
        r[0] = Limb.AddC(d0, p[0] & mask, ref c);
        r[1] = Limb.AddC(d1, p[1] & mask, ref c);
        r[2] = Limb.AddC(d2, p[2] & mask, ref c);
    }

    /// <summary>r = (t0..t2) + k 2^192 - p when that is not negative, else (t0..t2); the input is below 2p.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Final(ulong* r, ulong* pc, ulong t0, ulong t1, ulong t2, ulong k)
    {
        ulong b = 0;
        ulong r0 = Limb.SubB(t0, pc[0], ref b);
        ulong r1 = Limb.SubB(t1, pc[1], ref b);
        ulong r2 = Limb.SubB(t2, pc[2], ref b);
        ulong keep = 0UL - (b & (k ^ 1));
        r[0] = r0 ^ (keep & (r0 ^ t0));
        r[1] = r1 ^ (keep & (r1 ^ t1));
        r[2] = r2 ^ (keep & (r2 ^ t2));
    }
}

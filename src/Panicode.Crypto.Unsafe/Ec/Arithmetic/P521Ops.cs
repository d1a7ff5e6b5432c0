// GF(p) for P-521, p = 2^521 - 1 (FIPS 186-4 App. D.1.2.5; SP 800-186 §3.2.1.5), on nine 64-bit limbs without
// Montgomery form (the constants block has R = 1, FieldConstants.Create(p, 9, montgomery: false), so the point
// code's conversions are identities, as for Secp256k1Reduce4). A Mersenne prime reduces by the fold
// 2^521 = 1 (mod p) (FIPS 186-4 App. D.2.5): t = H 2^521 + L = L + H (mod p), which costs shifts and two
// independent addition chains (L + H and L + H + 1, the second deciding the one subtraction of p), against the 81
// quotient products of a Montgomery reduction. The product is computed by columns (product
// scanning, Comba; Koç, Acar and Kaliski, IEEE Micro 16(3), 1996): eighteen output limbs in locals would spill,
// three accumulator words rotating through the names x, y, z do not, and the fold consumes each high column as soon
// as it is complete. The bodies are written out (generated) with a few reused temporaries h, l, s instead of a
// multiply-accumulate helper: 81 inlined helpers' temporaries were more locals than the JIT tracks, and the
// untracked ones lived on the stack (a 1.8 KB frame; 159 ns against 127 ns for this form, --ec-field).
// Nothing branches or indexes memory on element values.

using System.Runtime.CompilerServices;

namespace Panicode.Crypto.Unsafe.Ec;

/// <summary>
/// The P-521 field for <see cref="FastEcGroup{TF}"/>: elements are nine limbs, the top one below 2^9, fully reduced
/// (below p). Mul and Sqr are never inlined, as in <see cref="Montgomery6Ops"/>.
/// </summary>
internal readonly unsafe struct P521Ops : IFieldOps
{
    /// <summary>The bits of the top limb (521 = 8 * 64 + 9).</summary>
    private const ulong TopMask = 0x1FF;

    private readonly ulong* _c;

    public P521Ops(ulong* constants)
    {
        _c = constants;
    }

    public int Limbs => 9;

    public ulong* Constants => _c;

    /// <summary>
    /// r = a b mod p for a, b &lt; 2^521. Column k of the product sums a_i b_j over i + j = k (at most nine products,
    /// below 9 2^128, plus the previous column's carry below 2^70: the three accumulator words never overflow; in
    /// each product the high half is at most 2^64 - 2, so adding the low word's carry to it cannot wrap);
    /// t = (t0..t17) &lt; 2^1042. L = t mod 2^521 is t0..t7 and the low 9 bits of t8; H = t >> 521 has the limbs
    /// h_i = (t_(8+i) >> 9) | (t_(9+i) &lt;&lt; 55), each added to L's limb i as soon as column 9 + i is done.
    /// L + H &lt;= (2^521 - 1) + (2^521 - 2) = 2^522 - 3, the bound <see cref="Select"/> needs; a second carry
    /// chain beside the first, started at 1, gives L + H + 1 for it.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public void Mul(ulong* r, ulong* a, ulong* b)
    {
        ulong a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3], a4 = a[4], a5 = a[5], a6 = a[6], a7 = a[7], a8 = a[8];
        ulong b0 = b[0], b1 = b[1], b2 = b[2], b3 = b[3], b4 = b[4], b5 = b[5], b6 = b[6], b7 = b[7], b8 = b[8];
        ulong x, y, z = 0, cc = 0, cu = 1, h, l, s;

        // Column 0.
        y = Wide.Mul(a0, b0, out x);
        ulong t0 = x;
        x = 0;

        // Column 1.
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
        ulong t1 = y;
        y = 0;

        // Column 2.
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
        ulong t2 = z;
        z = 0;

        // Column 3.
        h = Wide.Mul(a0, b3, out l);
        s = x + l;
        h += Wide.Carry(x, l, s);
        x = s;
        s = y + h;
        z += Wide.Carry(y, h, s);
        y = s;
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
        h = Wide.Mul(a3, b0, out l);
        s = x + l;
        h += Wide.Carry(x, l, s);
        x = s;
        s = y + h;
        z += Wide.Carry(y, h, s);
        y = s;
        ulong t3 = x;
        x = 0;

        // Column 4.
        h = Wide.Mul(a0, b4, out l);
        s = y + l;
        h += Wide.Carry(y, l, s);
        y = s;
        s = z + h;
        x += Wide.Carry(z, h, s);
        z = s;
        h = Wide.Mul(a1, b3, out l);
        s = y + l;
        h += Wide.Carry(y, l, s);
        y = s;
        s = z + h;
        x += Wide.Carry(z, h, s);
        z = s;
        h = Wide.Mul(a2, b2, out l);
        s = y + l;
        h += Wide.Carry(y, l, s);
        y = s;
        s = z + h;
        x += Wide.Carry(z, h, s);
        z = s;
        h = Wide.Mul(a3, b1, out l);
        s = y + l;
        h += Wide.Carry(y, l, s);
        y = s;
        s = z + h;
        x += Wide.Carry(z, h, s);
        z = s;
        h = Wide.Mul(a4, b0, out l);
        s = y + l;
        h += Wide.Carry(y, l, s);
        y = s;
        s = z + h;
        x += Wide.Carry(z, h, s);
        z = s;
        ulong t4 = y;
        y = 0;

        // Column 5.
        h = Wide.Mul(a0, b5, out l);
        s = z + l;
        h += Wide.Carry(z, l, s);
        z = s;
        s = x + h;
        y += Wide.Carry(x, h, s);
        x = s;
        h = Wide.Mul(a1, b4, out l);
        s = z + l;
        h += Wide.Carry(z, l, s);
        z = s;
        s = x + h;
        y += Wide.Carry(x, h, s);
        x = s;
        h = Wide.Mul(a2, b3, out l);
        s = z + l;
        h += Wide.Carry(z, l, s);
        z = s;
        s = x + h;
        y += Wide.Carry(x, h, s);
        x = s;
        h = Wide.Mul(a3, b2, out l);
        s = z + l;
        h += Wide.Carry(z, l, s);
        z = s;
        s = x + h;
        y += Wide.Carry(x, h, s);
        x = s;
        h = Wide.Mul(a4, b1, out l);
        s = z + l;
        h += Wide.Carry(z, l, s);
        z = s;
        s = x + h;
        y += Wide.Carry(x, h, s);
        x = s;
        h = Wide.Mul(a5, b0, out l);
        s = z + l;
        h += Wide.Carry(z, l, s);
        z = s;
        s = x + h;
        y += Wide.Carry(x, h, s);
        x = s;
        ulong t5 = z;
        z = 0;

        // Column 6.
        h = Wide.Mul(a0, b6, out l);
        s = x + l;
        h += Wide.Carry(x, l, s);
        x = s;
        s = y + h;
        z += Wide.Carry(y, h, s);
        y = s;
        h = Wide.Mul(a1, b5, out l);
        s = x + l;
        h += Wide.Carry(x, l, s);
        x = s;
        s = y + h;
        z += Wide.Carry(y, h, s);
        y = s;
        h = Wide.Mul(a2, b4, out l);
        s = x + l;
        h += Wide.Carry(x, l, s);
        x = s;
        s = y + h;
        z += Wide.Carry(y, h, s);
        y = s;
        h = Wide.Mul(a3, b3, out l);
        s = x + l;
        h += Wide.Carry(x, l, s);
        x = s;
        s = y + h;
        z += Wide.Carry(y, h, s);
        y = s;
        h = Wide.Mul(a4, b2, out l);
        s = x + l;
        h += Wide.Carry(x, l, s);
        x = s;
        s = y + h;
        z += Wide.Carry(y, h, s);
        y = s;
        h = Wide.Mul(a5, b1, out l);
        s = x + l;
        h += Wide.Carry(x, l, s);
        x = s;
        s = y + h;
        z += Wide.Carry(y, h, s);
        y = s;
        h = Wide.Mul(a6, b0, out l);
        s = x + l;
        h += Wide.Carry(x, l, s);
        x = s;
        s = y + h;
        z += Wide.Carry(y, h, s);
        y = s;
        ulong t6 = x;
        x = 0;

        // Column 7.
        h = Wide.Mul(a0, b7, out l);
        s = y + l;
        h += Wide.Carry(y, l, s);
        y = s;
        s = z + h;
        x += Wide.Carry(z, h, s);
        z = s;
        h = Wide.Mul(a1, b6, out l);
        s = y + l;
        h += Wide.Carry(y, l, s);
        y = s;
        s = z + h;
        x += Wide.Carry(z, h, s);
        z = s;
        h = Wide.Mul(a2, b5, out l);
        s = y + l;
        h += Wide.Carry(y, l, s);
        y = s;
        s = z + h;
        x += Wide.Carry(z, h, s);
        z = s;
        h = Wide.Mul(a3, b4, out l);
        s = y + l;
        h += Wide.Carry(y, l, s);
        y = s;
        s = z + h;
        x += Wide.Carry(z, h, s);
        z = s;
        h = Wide.Mul(a4, b3, out l);
        s = y + l;
        h += Wide.Carry(y, l, s);
        y = s;
        s = z + h;
        x += Wide.Carry(z, h, s);
        z = s;
        h = Wide.Mul(a5, b2, out l);
        s = y + l;
        h += Wide.Carry(y, l, s);
        y = s;
        s = z + h;
        x += Wide.Carry(z, h, s);
        z = s;
        h = Wide.Mul(a6, b1, out l);
        s = y + l;
        h += Wide.Carry(y, l, s);
        y = s;
        s = z + h;
        x += Wide.Carry(z, h, s);
        z = s;
        h = Wide.Mul(a7, b0, out l);
        s = y + l;
        h += Wide.Carry(y, l, s);
        y = s;
        s = z + h;
        x += Wide.Carry(z, h, s);
        z = s;
        ulong t7 = y;
        y = 0;

        // Column 8.
        h = Wide.Mul(a0, b8, out l);
        s = z + l;
        h += Wide.Carry(z, l, s);
        z = s;
        s = x + h;
        y += Wide.Carry(x, h, s);
        x = s;
        h = Wide.Mul(a1, b7, out l);
        s = z + l;
        h += Wide.Carry(z, l, s);
        z = s;
        s = x + h;
        y += Wide.Carry(x, h, s);
        x = s;
        h = Wide.Mul(a2, b6, out l);
        s = z + l;
        h += Wide.Carry(z, l, s);
        z = s;
        s = x + h;
        y += Wide.Carry(x, h, s);
        x = s;
        h = Wide.Mul(a3, b5, out l);
        s = z + l;
        h += Wide.Carry(z, l, s);
        z = s;
        s = x + h;
        y += Wide.Carry(x, h, s);
        x = s;
        h = Wide.Mul(a4, b4, out l);
        s = z + l;
        h += Wide.Carry(z, l, s);
        z = s;
        s = x + h;
        y += Wide.Carry(x, h, s);
        x = s;
        h = Wide.Mul(a5, b3, out l);
        s = z + l;
        h += Wide.Carry(z, l, s);
        z = s;
        s = x + h;
        y += Wide.Carry(x, h, s);
        x = s;
        h = Wide.Mul(a6, b2, out l);
        s = z + l;
        h += Wide.Carry(z, l, s);
        z = s;
        s = x + h;
        y += Wide.Carry(x, h, s);
        x = s;
        h = Wide.Mul(a7, b1, out l);
        s = z + l;
        h += Wide.Carry(z, l, s);
        z = s;
        s = x + h;
        y += Wide.Carry(x, h, s);
        x = s;
        h = Wide.Mul(a8, b0, out l);
        s = z + l;
        h += Wide.Carry(z, l, s);
        z = s;
        s = x + h;
        y += Wide.Carry(x, h, s);
        x = s;
        ulong t8 = z;
        z = 0;

        // Column 9.
        h = Wide.Mul(a1, b8, out l);
        s = x + l;
        h += Wide.Carry(x, l, s);
        x = s;
        s = y + h;
        z += Wide.Carry(y, h, s);
        y = s;
        h = Wide.Mul(a2, b7, out l);
        s = x + l;
        h += Wide.Carry(x, l, s);
        x = s;
        s = y + h;
        z += Wide.Carry(y, h, s);
        y = s;
        h = Wide.Mul(a3, b6, out l);
        s = x + l;
        h += Wide.Carry(x, l, s);
        x = s;
        s = y + h;
        z += Wide.Carry(y, h, s);
        y = s;
        h = Wide.Mul(a4, b5, out l);
        s = x + l;
        h += Wide.Carry(x, l, s);
        x = s;
        s = y + h;
        z += Wide.Carry(y, h, s);
        y = s;
        h = Wide.Mul(a5, b4, out l);
        s = x + l;
        h += Wide.Carry(x, l, s);
        x = s;
        s = y + h;
        z += Wide.Carry(y, h, s);
        y = s;
        h = Wide.Mul(a6, b3, out l);
        s = x + l;
        h += Wide.Carry(x, l, s);
        x = s;
        s = y + h;
        z += Wide.Carry(y, h, s);
        y = s;
        h = Wide.Mul(a7, b2, out l);
        s = x + l;
        h += Wide.Carry(x, l, s);
        x = s;
        s = y + h;
        z += Wide.Carry(y, h, s);
        y = s;
        h = Wide.Mul(a8, b1, out l);
        s = x + l;
        h += Wide.Carry(x, l, s);
        x = s;
        s = y + h;
        z += Wide.Carry(y, h, s);
        y = s;
        ulong t9 = x;
        x = 0;
        h = (t8 >> 9) | (t9 << 55);
        ulong s0 = Limb.AddC(t0, h, ref cc);
        ulong u0 = Limb.AddC(t0, h, ref cu);

        // Column 10.
        h = Wide.Mul(a2, b8, out l);
        s = y + l;
        h += Wide.Carry(y, l, s);
        y = s;
        s = z + h;
        x += Wide.Carry(z, h, s);
        z = s;
        h = Wide.Mul(a3, b7, out l);
        s = y + l;
        h += Wide.Carry(y, l, s);
        y = s;
        s = z + h;
        x += Wide.Carry(z, h, s);
        z = s;
        h = Wide.Mul(a4, b6, out l);
        s = y + l;
        h += Wide.Carry(y, l, s);
        y = s;
        s = z + h;
        x += Wide.Carry(z, h, s);
        z = s;
        h = Wide.Mul(a5, b5, out l);
        s = y + l;
        h += Wide.Carry(y, l, s);
        y = s;
        s = z + h;
        x += Wide.Carry(z, h, s);
        z = s;
        h = Wide.Mul(a6, b4, out l);
        s = y + l;
        h += Wide.Carry(y, l, s);
        y = s;
        s = z + h;
        x += Wide.Carry(z, h, s);
        z = s;
        h = Wide.Mul(a7, b3, out l);
        s = y + l;
        h += Wide.Carry(y, l, s);
        y = s;
        s = z + h;
        x += Wide.Carry(z, h, s);
        z = s;
        h = Wide.Mul(a8, b2, out l);
        s = y + l;
        h += Wide.Carry(y, l, s);
        y = s;
        s = z + h;
        x += Wide.Carry(z, h, s);
        z = s;
        ulong t10 = y;
        y = 0;
        h = (t9 >> 9) | (t10 << 55);
        ulong s1 = Limb.AddC(t1, h, ref cc);
        ulong u1 = Limb.AddC(t1, h, ref cu);

        // Column 11.
        h = Wide.Mul(a3, b8, out l);
        s = z + l;
        h += Wide.Carry(z, l, s);
        z = s;
        s = x + h;
        y += Wide.Carry(x, h, s);
        x = s;
        h = Wide.Mul(a4, b7, out l);
        s = z + l;
        h += Wide.Carry(z, l, s);
        z = s;
        s = x + h;
        y += Wide.Carry(x, h, s);
        x = s;
        h = Wide.Mul(a5, b6, out l);
        s = z + l;
        h += Wide.Carry(z, l, s);
        z = s;
        s = x + h;
        y += Wide.Carry(x, h, s);
        x = s;
        h = Wide.Mul(a6, b5, out l);
        s = z + l;
        h += Wide.Carry(z, l, s);
        z = s;
        s = x + h;
        y += Wide.Carry(x, h, s);
        x = s;
        h = Wide.Mul(a7, b4, out l);
        s = z + l;
        h += Wide.Carry(z, l, s);
        z = s;
        s = x + h;
        y += Wide.Carry(x, h, s);
        x = s;
        h = Wide.Mul(a8, b3, out l);
        s = z + l;
        h += Wide.Carry(z, l, s);
        z = s;
        s = x + h;
        y += Wide.Carry(x, h, s);
        x = s;
        ulong t11 = z;
        z = 0;
        h = (t10 >> 9) | (t11 << 55);
        ulong s2 = Limb.AddC(t2, h, ref cc);
        ulong u2 = Limb.AddC(t2, h, ref cu);

        // Column 12.
        h = Wide.Mul(a4, b8, out l);
        s = x + l;
        h += Wide.Carry(x, l, s);
        x = s;
        s = y + h;
        z += Wide.Carry(y, h, s);
        y = s;
        h = Wide.Mul(a5, b7, out l);
        s = x + l;
        h += Wide.Carry(x, l, s);
        x = s;
        s = y + h;
        z += Wide.Carry(y, h, s);
        y = s;
        h = Wide.Mul(a6, b6, out l);
        s = x + l;
        h += Wide.Carry(x, l, s);
        x = s;
        s = y + h;
        z += Wide.Carry(y, h, s);
        y = s;
        h = Wide.Mul(a7, b5, out l);
        s = x + l;
        h += Wide.Carry(x, l, s);
        x = s;
        s = y + h;
        z += Wide.Carry(y, h, s);
        y = s;
        h = Wide.Mul(a8, b4, out l);
        s = x + l;
        h += Wide.Carry(x, l, s);
        x = s;
        s = y + h;
        z += Wide.Carry(y, h, s);
        y = s;
        ulong t12 = x;
        x = 0;
        h = (t11 >> 9) | (t12 << 55);
        ulong s3 = Limb.AddC(t3, h, ref cc);
        ulong u3 = Limb.AddC(t3, h, ref cu);

        // Column 13.
        h = Wide.Mul(a5, b8, out l);
        s = y + l;
        h += Wide.Carry(y, l, s);
        y = s;
        s = z + h;
        x += Wide.Carry(z, h, s);
        z = s;
        h = Wide.Mul(a6, b7, out l);
        s = y + l;
        h += Wide.Carry(y, l, s);
        y = s;
        s = z + h;
        x += Wide.Carry(z, h, s);
        z = s;
        h = Wide.Mul(a7, b6, out l);
        s = y + l;
        h += Wide.Carry(y, l, s);
        y = s;
        s = z + h;
        x += Wide.Carry(z, h, s);
        z = s;
        h = Wide.Mul(a8, b5, out l);
        s = y + l;
        h += Wide.Carry(y, l, s);
        y = s;
        s = z + h;
        x += Wide.Carry(z, h, s);
        z = s;
        ulong t13 = y;
        y = 0;
        h = (t12 >> 9) | (t13 << 55);
        ulong s4 = Limb.AddC(t4, h, ref cc);
        ulong u4 = Limb.AddC(t4, h, ref cu);

        // Column 14.
        h = Wide.Mul(a6, b8, out l);
        s = z + l;
        h += Wide.Carry(z, l, s);
        z = s;
        s = x + h;
        y += Wide.Carry(x, h, s);
        x = s;
        h = Wide.Mul(a7, b7, out l);
        s = z + l;
        h += Wide.Carry(z, l, s);
        z = s;
        s = x + h;
        y += Wide.Carry(x, h, s);
        x = s;
        h = Wide.Mul(a8, b6, out l);
        s = z + l;
        h += Wide.Carry(z, l, s);
        z = s;
        s = x + h;
        y += Wide.Carry(x, h, s);
        x = s;
        ulong t14 = z;
        z = 0;
        h = (t13 >> 9) | (t14 << 55);
        ulong s5 = Limb.AddC(t5, h, ref cc);
        ulong u5 = Limb.AddC(t5, h, ref cu);

        // Column 15.
        h = Wide.Mul(a7, b8, out l);
        s = x + l;
        h += Wide.Carry(x, l, s);
        x = s;
        s = y + h;
        z += Wide.Carry(y, h, s);
        y = s;
        h = Wide.Mul(a8, b7, out l);
        s = x + l;
        h += Wide.Carry(x, l, s);
        x = s;
        s = y + h;
        z += Wide.Carry(y, h, s);
        y = s;
        ulong t15 = x;
        x = 0;
        h = (t14 >> 9) | (t15 << 55);
        ulong s6 = Limb.AddC(t6, h, ref cc);
        ulong u6 = Limb.AddC(t6, h, ref cu);

        // Column 16.
        h = Wide.Mul(a8, b8, out l);
        s = y + l;
        h += Wide.Carry(y, l, s);
        y = s;
        s = z + h;
        x += Wide.Carry(z, h, s);
        z = s;
        ulong t16 = y;
        y = 0;
        h = (t15 >> 9) | (t16 << 55);
        ulong s7 = Limb.AddC(t7, h, ref cc);
        ulong u7 = Limb.AddC(t7, h, ref cu);

        // t17 = z < 2^18 (t < 2^1042), so h8 < 2^9 and s8, u8 <= 2 (2^9 - 1) + 1 < 2^10.
        h = (t16 >> 9) | (z << 55);
        l = t8 & TopMask;
        ulong s8 = l + h + cc;
        ulong u8 = l + h + cu;
        Select(r, s0, s1, s2, s3, s4, s5, s6, s7, s8, u0, u1, u2, u3, u4, u5, u6, u7, u8);
    }

    /// <summary>
    /// r = a^2 mod p for a &lt; 2^521: as <see cref="Mul"/>, but each column sums its cross products a_i a_j
    /// (i &lt; j) once, doubles them and adds the square a_(k/2)^2 on even columns (45 products instead of 81). A
    /// column has at most four cross products, so their sum (d2 d1 d0) is below 2^130 and doubling it loses no bit.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public void Sqr(ulong* r, ulong* a)
    {
        ulong a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3], a4 = a[4], a5 = a[5], a6 = a[6], a7 = a[7], a8 = a[8];
        ulong x, y, z = 0, cc = 0, cu = 1, h, l, s, d0, d1, d2;

        // Column 0.
        y = Wide.Mul(a0, a0, out x);
        ulong t0 = x;
        x = 0;

        // Column 1: the cross products, doubled.
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
        ulong t1 = y;
        y = 0;

        // Column 2: the cross products, doubled, then a1^2.
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
        ulong t2 = z;
        z = 0;

        // Column 3: the cross products, doubled.
        d1 = Wide.Mul(a0, a3, out d0);
        d2 = 0;
        h = Wide.Mul(a1, a2, out l);
        s = d0 + l;
        h += Wide.Carry(d0, l, s);
        d0 = s;
        s = d1 + h;
        d2 += Wide.Carry(d1, h, s);
        d1 = s;
        d2 = (d2 << 1) | (d1 >> 63);
        d1 = (d1 << 1) | (d0 >> 63);
        d0 <<= 1;
        s = x + d0;
        h = Wide.Carry(x, d0, s);
        x = s;
        y = Limb.AddC(y, d1, ref h);
        z += d2 + h;
        ulong t3 = x;
        x = 0;

        // Column 4: the cross products, doubled, then a2^2.
        d1 = Wide.Mul(a0, a4, out d0);
        d2 = 0;
        h = Wide.Mul(a1, a3, out l);
        s = d0 + l;
        h += Wide.Carry(d0, l, s);
        d0 = s;
        s = d1 + h;
        d2 += Wide.Carry(d1, h, s);
        d1 = s;
        d2 = (d2 << 1) | (d1 >> 63);
        d1 = (d1 << 1) | (d0 >> 63);
        d0 <<= 1;
        s = y + d0;
        h = Wide.Carry(y, d0, s);
        y = s;
        z = Limb.AddC(z, d1, ref h);
        x += d2 + h;
        h = Wide.Mul(a2, a2, out l);
        s = y + l;
        h += Wide.Carry(y, l, s);
        y = s;
        s = z + h;
        x += Wide.Carry(z, h, s);
        z = s;
        ulong t4 = y;
        y = 0;

        // Column 5: the cross products, doubled.
        d1 = Wide.Mul(a0, a5, out d0);
        d2 = 0;
        h = Wide.Mul(a1, a4, out l);
        s = d0 + l;
        h += Wide.Carry(d0, l, s);
        d0 = s;
        s = d1 + h;
        d2 += Wide.Carry(d1, h, s);
        d1 = s;
        h = Wide.Mul(a2, a3, out l);
        s = d0 + l;
        h += Wide.Carry(d0, l, s);
        d0 = s;
        s = d1 + h;
        d2 += Wide.Carry(d1, h, s);
        d1 = s;
        d2 = (d2 << 1) | (d1 >> 63);
        d1 = (d1 << 1) | (d0 >> 63);
        d0 <<= 1;
        s = z + d0;
        h = Wide.Carry(z, d0, s);
        z = s;
        x = Limb.AddC(x, d1, ref h);
        y += d2 + h;
        ulong t5 = z;
        z = 0;

        // Column 6: the cross products, doubled, then a3^2.
        d1 = Wide.Mul(a0, a6, out d0);
        d2 = 0;
        h = Wide.Mul(a1, a5, out l);
        s = d0 + l;
        h += Wide.Carry(d0, l, s);
        d0 = s;
        s = d1 + h;
        d2 += Wide.Carry(d1, h, s);
        d1 = s;
        h = Wide.Mul(a2, a4, out l);
        s = d0 + l;
        h += Wide.Carry(d0, l, s);
        d0 = s;
        s = d1 + h;
        d2 += Wide.Carry(d1, h, s);
        d1 = s;
        d2 = (d2 << 1) | (d1 >> 63);
        d1 = (d1 << 1) | (d0 >> 63);
        d0 <<= 1;
        s = x + d0;
        h = Wide.Carry(x, d0, s);
        x = s;
        y = Limb.AddC(y, d1, ref h);
        z += d2 + h;
        h = Wide.Mul(a3, a3, out l);
        s = x + l;
        h += Wide.Carry(x, l, s);
        x = s;
        s = y + h;
        z += Wide.Carry(y, h, s);
        y = s;
        ulong t6 = x;
        x = 0;

        // Column 7: the cross products, doubled.
        d1 = Wide.Mul(a0, a7, out d0);
        d2 = 0;
        h = Wide.Mul(a1, a6, out l);
        s = d0 + l;
        h += Wide.Carry(d0, l, s);
        d0 = s;
        s = d1 + h;
        d2 += Wide.Carry(d1, h, s);
        d1 = s;
        h = Wide.Mul(a2, a5, out l);
        s = d0 + l;
        h += Wide.Carry(d0, l, s);
        d0 = s;
        s = d1 + h;
        d2 += Wide.Carry(d1, h, s);
        d1 = s;
        h = Wide.Mul(a3, a4, out l);
        s = d0 + l;
        h += Wide.Carry(d0, l, s);
        d0 = s;
        s = d1 + h;
        d2 += Wide.Carry(d1, h, s);
        d1 = s;
        d2 = (d2 << 1) | (d1 >> 63);
        d1 = (d1 << 1) | (d0 >> 63);
        d0 <<= 1;
        s = y + d0;
        h = Wide.Carry(y, d0, s);
        y = s;
        z = Limb.AddC(z, d1, ref h);
        x += d2 + h;
        ulong t7 = y;
        y = 0;

        // Column 8: the cross products, doubled, then a4^2.
        d1 = Wide.Mul(a0, a8, out d0);
        d2 = 0;
        h = Wide.Mul(a1, a7, out l);
        s = d0 + l;
        h += Wide.Carry(d0, l, s);
        d0 = s;
        s = d1 + h;
        d2 += Wide.Carry(d1, h, s);
        d1 = s;
        h = Wide.Mul(a2, a6, out l);
        s = d0 + l;
        h += Wide.Carry(d0, l, s);
        d0 = s;
        s = d1 + h;
        d2 += Wide.Carry(d1, h, s);
        d1 = s;
        h = Wide.Mul(a3, a5, out l);
        s = d0 + l;
        h += Wide.Carry(d0, l, s);
        d0 = s;
        s = d1 + h;
        d2 += Wide.Carry(d1, h, s);
        d1 = s;
        d2 = (d2 << 1) | (d1 >> 63);
        d1 = (d1 << 1) | (d0 >> 63);
        d0 <<= 1;
        s = z + d0;
        h = Wide.Carry(z, d0, s);
        z = s;
        x = Limb.AddC(x, d1, ref h);
        y += d2 + h;
        h = Wide.Mul(a4, a4, out l);
        s = z + l;
        h += Wide.Carry(z, l, s);
        z = s;
        s = x + h;
        y += Wide.Carry(x, h, s);
        x = s;
        ulong t8 = z;
        z = 0;

        // Column 9: the cross products, doubled.
        d1 = Wide.Mul(a1, a8, out d0);
        d2 = 0;
        h = Wide.Mul(a2, a7, out l);
        s = d0 + l;
        h += Wide.Carry(d0, l, s);
        d0 = s;
        s = d1 + h;
        d2 += Wide.Carry(d1, h, s);
        d1 = s;
        h = Wide.Mul(a3, a6, out l);
        s = d0 + l;
        h += Wide.Carry(d0, l, s);
        d0 = s;
        s = d1 + h;
        d2 += Wide.Carry(d1, h, s);
        d1 = s;
        h = Wide.Mul(a4, a5, out l);
        s = d0 + l;
        h += Wide.Carry(d0, l, s);
        d0 = s;
        s = d1 + h;
        d2 += Wide.Carry(d1, h, s);
        d1 = s;
        d2 = (d2 << 1) | (d1 >> 63);
        d1 = (d1 << 1) | (d0 >> 63);
        d0 <<= 1;
        s = x + d0;
        h = Wide.Carry(x, d0, s);
        x = s;
        y = Limb.AddC(y, d1, ref h);
        z += d2 + h;
        ulong t9 = x;
        x = 0;
        h = (t8 >> 9) | (t9 << 55);
        ulong s0 = Limb.AddC(t0, h, ref cc);
        ulong u0 = Limb.AddC(t0, h, ref cu);

        // Column 10: the cross products, doubled, then a5^2.
        d1 = Wide.Mul(a2, a8, out d0);
        d2 = 0;
        h = Wide.Mul(a3, a7, out l);
        s = d0 + l;
        h += Wide.Carry(d0, l, s);
        d0 = s;
        s = d1 + h;
        d2 += Wide.Carry(d1, h, s);
        d1 = s;
        h = Wide.Mul(a4, a6, out l);
        s = d0 + l;
        h += Wide.Carry(d0, l, s);
        d0 = s;
        s = d1 + h;
        d2 += Wide.Carry(d1, h, s);
        d1 = s;
        d2 = (d2 << 1) | (d1 >> 63);
        d1 = (d1 << 1) | (d0 >> 63);
        d0 <<= 1;
        s = y + d0;
        h = Wide.Carry(y, d0, s);
        y = s;
        z = Limb.AddC(z, d1, ref h);
        x += d2 + h;
        h = Wide.Mul(a5, a5, out l);
        s = y + l;
        h += Wide.Carry(y, l, s);
        y = s;
        s = z + h;
        x += Wide.Carry(z, h, s);
        z = s;
        ulong t10 = y;
        y = 0;
        h = (t9 >> 9) | (t10 << 55);
        ulong s1 = Limb.AddC(t1, h, ref cc);
        ulong u1 = Limb.AddC(t1, h, ref cu);

        // Column 11: the cross products, doubled.
        d1 = Wide.Mul(a3, a8, out d0);
        d2 = 0;
        h = Wide.Mul(a4, a7, out l);
        s = d0 + l;
        h += Wide.Carry(d0, l, s);
        d0 = s;
        s = d1 + h;
        d2 += Wide.Carry(d1, h, s);
        d1 = s;
        h = Wide.Mul(a5, a6, out l);
        s = d0 + l;
        h += Wide.Carry(d0, l, s);
        d0 = s;
        s = d1 + h;
        d2 += Wide.Carry(d1, h, s);
        d1 = s;
        d2 = (d2 << 1) | (d1 >> 63);
        d1 = (d1 << 1) | (d0 >> 63);
        d0 <<= 1;
        s = z + d0;
        h = Wide.Carry(z, d0, s);
        z = s;
        x = Limb.AddC(x, d1, ref h);
        y += d2 + h;
        ulong t11 = z;
        z = 0;
        h = (t10 >> 9) | (t11 << 55);
        ulong s2 = Limb.AddC(t2, h, ref cc);
        ulong u2 = Limb.AddC(t2, h, ref cu);

        // Column 12: the cross products, doubled, then a6^2.
        d1 = Wide.Mul(a4, a8, out d0);
        d2 = 0;
        h = Wide.Mul(a5, a7, out l);
        s = d0 + l;
        h += Wide.Carry(d0, l, s);
        d0 = s;
        s = d1 + h;
        d2 += Wide.Carry(d1, h, s);
        d1 = s;
        d2 = (d2 << 1) | (d1 >> 63);
        d1 = (d1 << 1) | (d0 >> 63);
        d0 <<= 1;
        s = x + d0;
        h = Wide.Carry(x, d0, s);
        x = s;
        y = Limb.AddC(y, d1, ref h);
        z += d2 + h;
        h = Wide.Mul(a6, a6, out l);
        s = x + l;
        h += Wide.Carry(x, l, s);
        x = s;
        s = y + h;
        z += Wide.Carry(y, h, s);
        y = s;
        ulong t12 = x;
        x = 0;
        h = (t11 >> 9) | (t12 << 55);
        ulong s3 = Limb.AddC(t3, h, ref cc);
        ulong u3 = Limb.AddC(t3, h, ref cu);

        // Column 13: the cross products, doubled.
        d1 = Wide.Mul(a5, a8, out d0);
        d2 = 0;
        h = Wide.Mul(a6, a7, out l);
        s = d0 + l;
        h += Wide.Carry(d0, l, s);
        d0 = s;
        s = d1 + h;
        d2 += Wide.Carry(d1, h, s);
        d1 = s;
        d2 = (d2 << 1) | (d1 >> 63);
        d1 = (d1 << 1) | (d0 >> 63);
        d0 <<= 1;
        s = y + d0;
        h = Wide.Carry(y, d0, s);
        y = s;
        z = Limb.AddC(z, d1, ref h);
        x += d2 + h;
        ulong t13 = y;
        y = 0;
        h = (t12 >> 9) | (t13 << 55);
        ulong s4 = Limb.AddC(t4, h, ref cc);
        ulong u4 = Limb.AddC(t4, h, ref cu);

        // Column 14: the cross products, doubled, then a7^2.
        d1 = Wide.Mul(a6, a8, out d0);
        d2 = 0;
        d2 = (d2 << 1) | (d1 >> 63);
        d1 = (d1 << 1) | (d0 >> 63);
        d0 <<= 1;
        s = z + d0;
        h = Wide.Carry(z, d0, s);
        z = s;
        x = Limb.AddC(x, d1, ref h);
        y += d2 + h;
        h = Wide.Mul(a7, a7, out l);
        s = z + l;
        h += Wide.Carry(z, l, s);
        z = s;
        s = x + h;
        y += Wide.Carry(x, h, s);
        x = s;
        ulong t14 = z;
        z = 0;
        h = (t13 >> 9) | (t14 << 55);
        ulong s5 = Limb.AddC(t5, h, ref cc);
        ulong u5 = Limb.AddC(t5, h, ref cu);

        // Column 15: the cross products, doubled.
        d1 = Wide.Mul(a7, a8, out d0);
        d2 = 0;
        d2 = (d2 << 1) | (d1 >> 63);
        d1 = (d1 << 1) | (d0 >> 63);
        d0 <<= 1;
        s = x + d0;
        h = Wide.Carry(x, d0, s);
        x = s;
        y = Limb.AddC(y, d1, ref h);
        z += d2 + h;
        ulong t15 = x;
        x = 0;
        h = (t14 >> 9) | (t15 << 55);
        ulong s6 = Limb.AddC(t6, h, ref cc);
        ulong u6 = Limb.AddC(t6, h, ref cu);

        // Column 16.
        h = Wide.Mul(a8, a8, out l);
        s = y + l;
        h += Wide.Carry(y, l, s);
        y = s;
        s = z + h;
        x += Wide.Carry(z, h, s);
        z = s;
        ulong t16 = y;
        y = 0;
        h = (t15 >> 9) | (t16 << 55);
        ulong s7 = Limb.AddC(t7, h, ref cc);
        ulong u7 = Limb.AddC(t7, h, ref cu);

        // t17 = z < 2^18 (t < 2^1042), so h8 < 2^9 and s8, u8 <= 2 (2^9 - 1) + 1 < 2^10.
        h = (t16 >> 9) | (z << 55);
        l = t8 & TopMask;
        ulong s8 = l + h + cc;
        ulong u8 = l + h + cu;
        Select(r, s0, s1, s2, s3, s4, s5, s6, s7, s8, u0, u1, u2, u3, u4, u5, u6, u7, u8);
    }

    /// <summary>
    /// r = a + b mod p: s = a + b and u = a + b + 1 by two independent carry chains (the sums a_i + b_i are
    /// shared), then <see cref="Select"/>; a + b &lt;= 2p - 2.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Add(ulong* r, ulong* a, ulong* b)
    {
        ulong c = 0, e = 1;
        ulong s0 = Limb.AddC(a[0], b[0], ref c);
        ulong u0 = Limb.AddC(a[0], b[0], ref e);
        ulong s1 = Limb.AddC(a[1], b[1], ref c);
        ulong u1 = Limb.AddC(a[1], b[1], ref e);
        ulong s2 = Limb.AddC(a[2], b[2], ref c);
        ulong u2 = Limb.AddC(a[2], b[2], ref e);
        ulong s3 = Limb.AddC(a[3], b[3], ref c);
        ulong u3 = Limb.AddC(a[3], b[3], ref e);
        ulong s4 = Limb.AddC(a[4], b[4], ref c);
        ulong u4 = Limb.AddC(a[4], b[4], ref e);
        ulong s5 = Limb.AddC(a[5], b[5], ref c);
        ulong u5 = Limb.AddC(a[5], b[5], ref e);
        ulong s6 = Limb.AddC(a[6], b[6], ref c);
        ulong u6 = Limb.AddC(a[6], b[6], ref e);
        ulong s7 = Limb.AddC(a[7], b[7], ref c);
        ulong u7 = Limb.AddC(a[7], b[7], ref e);
        ulong s8 = a[8] + b[8];
        ulong u8 = s8 + e;
        s8 += c;
        Select(r, s0, s1, s2, s3, s4, s5, s6, s7, s8, u0, u1, u2, u3, u4, u5, u6, u7, u8);
    }

    /// <summary>
    /// r = a - b mod p: d = a - b and e = a - b - 1 by two independent borrow chains. Without a final borrow the
    /// result is d; with one, a - b + p = (a - b - 1) + 2^521, which is e mod 2^521 (e wrapped modulo 2^576 and
    /// -p &lt;= a - b - 1 &lt; 0), so the top limb of e is masked to its nine bits.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Sub(ulong* r, ulong* a, ulong* b)
    {
        ulong bw = 0, be = 1;
        ulong d0 = Limb.SubB(a[0], b[0], ref bw);
        ulong e0 = Limb.SubB(a[0], b[0], ref be);
        ulong d1 = Limb.SubB(a[1], b[1], ref bw);
        ulong e1 = Limb.SubB(a[1], b[1], ref be);
        ulong d2 = Limb.SubB(a[2], b[2], ref bw);
        ulong e2 = Limb.SubB(a[2], b[2], ref be);
        ulong d3 = Limb.SubB(a[3], b[3], ref bw);
        ulong e3 = Limb.SubB(a[3], b[3], ref be);
        ulong d4 = Limb.SubB(a[4], b[4], ref bw);
        ulong e4 = Limb.SubB(a[4], b[4], ref be);
        ulong d5 = Limb.SubB(a[5], b[5], ref bw);
        ulong e5 = Limb.SubB(a[5], b[5], ref be);
        ulong d6 = Limb.SubB(a[6], b[6], ref bw);
        ulong e6 = Limb.SubB(a[6], b[6], ref be);
        ulong d7 = Limb.SubB(a[7], b[7], ref bw);
        ulong e7 = Limb.SubB(a[7], b[7], ref be);
        ulong d8 = Limb.SubB(a[8], b[8], ref bw);
        ulong e8 = Limb.SubB(a[8], b[8], ref be);
        ulong take = 0UL - bw;
        r[0] = d0 ^ (take & (d0 ^ e0));
        r[1] = d1 ^ (take & (d1 ^ e1));
        r[2] = d2 ^ (take & (d2 ^ e2));
        r[3] = d3 ^ (take & (d3 ^ e3));
        r[4] = d4 ^ (take & (d4 ^ e4));
        r[5] = d5 ^ (take & (d5 ^ e5));
        r[6] = d6 ^ (take & (d6 ^ e6));
        r[7] = d7 ^ (take & (d7 ^ e7));
        r[8] = d8 ^ (take & (d8 ^ (e8 & TopMask)));
    }

    /// <summary>
    /// r = v mod p, fully reduced, for v &lt;= 2p - 1 = 2^522 - 3 given as s = v (s8 &lt; 2^10) and u = v + 1, both
    /// computed by the caller. v >= p exactly when v + 1 >= 2^521, i.e. bit 9 of u8 (u &lt;= 2^522 - 2, so
    /// u >> 521 is 0 or 1), and then v - p = v + 1 - 2^521 = u mod 2^521, below p; otherwise v itself is below p.
    /// One masked select, no carry chain after the caller's.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Select(ulong* r, ulong s0, ulong s1, ulong s2, ulong s3, ulong s4, ulong s5, ulong s6, ulong s7, ulong s8, ulong u0, ulong u1, ulong u2, ulong u3, ulong u4, ulong u5, ulong u6, ulong u7, ulong u8)
    {
        ulong take = 0UL - (u8 >> 9);
        r[0] = s0 ^ (take & (s0 ^ u0));
        r[1] = s1 ^ (take & (s1 ^ u1));
        r[2] = s2 ^ (take & (s2 ^ u2));
        r[3] = s3 ^ (take & (s3 ^ u3));
        r[4] = s4 ^ (take & (s4 ^ u4));
        r[5] = s5 ^ (take & (s5 ^ u5));
        r[6] = s6 ^ (take & (s6 ^ u6));
        r[7] = s7 ^ (take & (s7 ^ u7));
        r[8] = s8 ^ (take & (s8 ^ (u8 & TopMask)));
    }
}

// GF(p) for P-521, p = 2^521 - 1 (FIPS 186-4 App. D.1.2.5; SP 800-186 §3.2.1.5), on nine 64-bit limbs without
// Montgomery form (the constants block has R = 1, FieldConstants.Create(p, 9, montgomery: false), so the point
// code's conversions are identities, as for Secp256k1Reduce4). A Mersenne prime reduces by the fold
// 2^521 = 1 (mod p) (FIPS 186-4 App. D.2.5): t = H 2^521 + L = L + H (mod p), which costs shifts and one addition
// chain, against the 81 quotient products of a Montgomery reduction. The product is computed by columns (product
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
    /// L + H &lt;= (2^521 - 1) + (2^521 - 2) = 2^522 - 3, the bound <see cref="Final"/> needs.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public void Mul(ulong* r, ulong* a, ulong* b)
    {
        ulong a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3], a4 = a[4], a5 = a[5], a6 = a[6], a7 = a[7], a8 = a[8];
        ulong b0 = b[0], b1 = b[1], b2 = b[2], b3 = b[3], b4 = b[4], b5 = b[5], b6 = b[6], b7 = b[7], b8 = b[8];
        ulong x, y, z = 0, cc = 0, h, l, s;

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

        // t17 = z < 2^18 (t < 2^1042), so h8 < 2^9 and s8 <= 2 (2^9 - 1) + 1 < 2^10.
        h = (t16 >> 9) | (z << 55);
        ulong s8 = (t8 & TopMask) + h + cc;
        Final(r, s0, s1, s2, s3, s4, s5, s6, s7, s8);
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
        ulong x, y, z = 0, cc = 0, h, l, s, d0, d1, d2;

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

        // t17 = z < 2^18 (t < 2^1042), so h8 < 2^9 and s8 <= 2 (2^9 - 1) + 1 < 2^10.
        h = (t16 >> 9) | (z << 55);
        ulong s8 = (t8 & TopMask) + h + cc;
        Final(r, s0, s1, s2, s3, s4, s5, s6, s7, s8);
    }

    /// <summary>r = a + b mod p: a + b &lt;= 2p - 2 = 2^522 - 4, within <see cref="Final"/>'s bound.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Add(ulong* r, ulong* a, ulong* b)
    {
        ulong c = 0;
        ulong s0 = Limb.AddC(a[0], b[0], ref c);
        ulong s1 = Limb.AddC(a[1], b[1], ref c);
        ulong s2 = Limb.AddC(a[2], b[2], ref c);
        ulong s3 = Limb.AddC(a[3], b[3], ref c);
        ulong s4 = Limb.AddC(a[4], b[4], ref c);
        ulong s5 = Limb.AddC(a[5], b[5], ref c);
        ulong s6 = Limb.AddC(a[6], b[6], ref c);
        ulong s7 = Limb.AddC(a[7], b[7], ref c);
        ulong s8 = a[8] + b[8] + c;
        Final(r, s0, s1, s2, s3, s4, s5, s6, s7, s8);
    }

    /// <summary>
    /// r = a - b mod p as a + (p - b): p's 521 bits are all ones, so p - b = b XOR p for b &lt;= p (no borrow) — the
    /// complement of limbs 0..7 and of the top limb's nine bits. a + (p - b) &lt;= 2p - 1 = 2^522 - 3.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Sub(ulong* r, ulong* a, ulong* b)
    {
        ulong c = 0;
        ulong s0 = Limb.AddC(a[0], ~b[0], ref c);
        ulong s1 = Limb.AddC(a[1], ~b[1], ref c);
        ulong s2 = Limb.AddC(a[2], ~b[2], ref c);
        ulong s3 = Limb.AddC(a[3], ~b[3], ref c);
        ulong s4 = Limb.AddC(a[4], ~b[4], ref c);
        ulong s5 = Limb.AddC(a[5], ~b[5], ref c);
        ulong s6 = Limb.AddC(a[6], ~b[6], ref c);
        ulong s7 = Limb.AddC(a[7], ~b[7], ref c);
        ulong s8 = a[8] + (b[8] ^ TopMask) + c;
        Final(r, s0, s1, s2, s3, s4, s5, s6, s7, s8);
    }

    /// <summary>
    /// r = s mod p, fully reduced, for s = (s0..s8) &lt;= 2^522 - 3 (s8 &lt; 2^10). Fold bit 521 back in
    /// (2^521 = 1 mod p): with top = s >> 521 &lt;= 1 the value becomes s mod 2^521 + top, which is at most
    /// 2^521 - 1 = p (when top = 1, s mod 2^521 = s - 2^521 &lt;= 2^521 - 3), so the +1 ripple never carries out of
    /// the nine bits of limb 8. The one value left to map is p itself, to 0: it is the value whose limbs 0..7 are
    /// all ones and whose limb 8 is 0x1FF, detected by one AND of the limbs (no carry chain) and cleared by mask.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Final(ulong* r, ulong s0, ulong s1, ulong s2, ulong s3, ulong s4, ulong s5, ulong s6, ulong s7, ulong s8)
    {
        ulong c = s8 >> 9;
        s8 &= TopMask;
        s0 = Limb.AddC(s0, 0, ref c);
        s1 = Limb.AddC(s1, 0, ref c);
        s2 = Limb.AddC(s2, 0, ref c);
        s3 = Limb.AddC(s3, 0, ref c);
        s4 = Limb.AddC(s4, 0, ref c);
        s5 = Limb.AddC(s5, 0, ref c);
        s6 = Limb.AddC(s6, 0, ref c);
        s7 = Limb.AddC(s7, 0, ref c);
        s8 += c;

        // all = 2^64 - 1 exactly when the value is p; its increment then carries out.
        ulong all = s0 & s1 & s2 & s3 & s4 & s5 & s6 & s7 & (s8 | ~TopMask);
        ulong keep = Wide.Carry(all, 1, all + 1) - 1;
        r[0] = s0 & keep;
        r[1] = s1 & keep;
        r[2] = s2 & keep;
        r[3] = s3 & keep;
        r[4] = s4 & keep;
        r[5] = s5 & keep;
        r[6] = s6 & keep;
        r[7] = s7 & keep;
        r[8] = s8 & keep;
    }
}

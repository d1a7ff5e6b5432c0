// The general group, for the curves the point engine (StructEcGroup) does not take: explicit curves whose order has
// fewer than FieldStructs.MinOrderBits bits (validation tests) or whose prime no field struct covers (over 512 bits,
// other than P-521's). Any cofactor, any order: every formula copes with infinity and doubling, on the 32-bit
// Montgomery field. Jacobian coordinates (X : Y : Z) ~ (X/Z^2, Y/Z^3), infinity has Z = 0 (Guide to Elliptic Curve
// Cryptography §3.2.2); doubling dbl-2007-bl (a = -3 and a = 0 short cuts), addition add-2007-bl (Explicit-Formulas
// Database). Secret scalars (k G, k P): fixed 4-bit windows with whole-table scans and an addition that selects the
// doubling and infinity cases by masks, never by branching. Verification: width-5 NAF of both scalars interleaved
// (Shamir's trick, Guide Alg. 3.48 with 3.35), variable time, on public data only. No tables are kept.

using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Security.Cryptography;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto.Ec;

internal sealed class JacobianGroup : EcGroup
{
    private const int Window = 4;
    private const int TableSize = 1 << Window;
    private const int PointNafWidth = 5;

    private readonly PrimeField _f;
    private readonly int _n;
    private readonly uint[] _a;
    private readonly uint[] _b;
    private readonly uint[] _g;
    private readonly bool _aIsZero;
    private readonly bool _aIsMinus3;

    public JacobianGroup(CurveParameters curve, PrimeField field, PrimeField scalars)
        : base(curve, scalars)
    {
        _f = field;
        _n = field.LimbCount;
        _a = new uint[_n];
        _b = new uint[_n];
        bool ok = field.TryDecode(curve.A, _a) & field.TryDecode(curve.B, _b);
        Debug.Assert(ok, "validated curve parameters");
        _g = new uint[3 * _n];
        ok = DecodePoint(curve.Gx, curve.Gy, _g);
        Debug.Assert(ok, "validated generator");

        uint[] minus3 = new uint[_n];
        uint[] three = new uint[_n];
        field.Add(three, field.One, field.One);
        field.Add(three, three, field.One);
        field.Neg(minus3, three);
        _aIsZero = field.IsZero(_a) == 1;
        _aIsMinus3 = field.Equal(_a, minus3) == 1;
    }

    public PrimeField Field => _f;

    public override bool IsOnCurve(ReadOnlySpan<byte> x, ReadOnlySpan<byte> y)
    {
        if (x.Length != FieldBytes || y.Length != FieldBytes)
        {
            return false;
        }

        int n = _n;
        Span<uint> t = stackalloc uint[4 * n];
        Span<uint> px = t.Slice(0, n);
        Span<uint> py = t.Slice(n, n);
        Span<uint> lhs = t.Slice(2 * n, n);
        Span<uint> rhs = t.Slice(3 * n, n);
        if (!(_f.TryDecode(x, px) & _f.TryDecode(y, py)))
        {
            return false;
        }

        _f.Sqr(lhs, py);
        _f.Sqr(rhs, px);
        _f.Add(rhs, rhs, _a);
        _f.Mul(rhs, rhs, px);
        _f.Add(rhs, rhs, _b);
        return _f.Equal(lhs, rhs) == 1;
    }

    /// <summary>k G by the general ladder of <see cref="Multiply"/> (this group serves only rare curves: no tables kept).</summary>
    public override bool MultiplyBase(ReadOnlySpan<byte> k, Span<byte> x, Span<byte> y) =>
        Multiply(new AffineBytes(Curve.Gx, Curve.Gy), k, x, y);

    [MethodImpl(Hot.Optimize)]
    public override bool Multiply(in AffineBytes point, ReadOnlySpan<byte> k, Span<byte> x, Span<byte> y)
    {
        ReadOnlySpan<byte> px = point.X;
        ReadOnlySpan<byte> py = point.Y;
        Debug.Assert(k.Length == OrderBytes);
        int n3 = 3 * _n;
        uint[] table = new uint[TableSize * n3];
        Span<uint> p = table.AsSpan(n3, n3);
        if (!DecodePoint(px, py, p))
        {
            throw new CryptographicException(ErrorMessages.EcPointNotOnCurve);
        }

        // table[j] = j P; entry 0 is infinity. AddCt copes with the doubling P + P at j = 2.
        SetInfinity(table.AsSpan(0, n3));
        for (int j = 2; j < TableSize; j++)
        {
            AddCt(table.AsSpan(j * n3, n3), table.AsSpan((j - 1) * n3, n3), p);
        }

        Span<uint> q = stackalloc uint[n3];
        Span<uint> sel = stackalloc uint[n3];
        SetInfinity(q);
        for (int i = (2 * k.Length) - 1; i >= 0; i--)
        {
            for (int s = 0; s < Window; s++)
            {
                Double(q, q);
            }

            ConstantTime.Select(sel, table, TableSize, StructEcGroup.Nibble(k, i));
            AddCt(q, q, sel);
        }

        bool finite = ToAffine(q, x, y);
        Array.Clear(table, 0, table.Length);
        q.Clear();
        sel.Clear();
        return finite;
    }

    [MethodImpl(Hot.Optimize)]
    public override bool MultiplyAddPublic(ReadOnlySpan<byte> u1, ReadOnlySpan<byte> u2, in AffineBytes q, Span<byte> x)
    {
        ReadOnlySpan<byte> qx = q.X;
        ReadOnlySpan<byte> qy = q.Y;
        int n3 = 3 * _n;
        int qCount = 1 << (PointNafWidth - 2);
        uint[] qTable = new uint[qCount * n3];
        if (!DecodePoint(qx, qy, qTable.AsSpan(0, n3)))
        {
            throw new CryptographicException(ErrorMessages.EcPointNotOnCurve);
        }

        OddMultiples(qTable, qCount);
        uint[] gTable = new uint[qCount * n3];
        _g.CopyTo(gTable);
        OddMultiples(gTable, qCount);
        int[] naf1 = Naf(u1, PointNafWidth);
        int[] naf2 = Naf(u2, PointNafWidth);

        Span<uint> r = stackalloc uint[n3];
        Span<uint> t = stackalloc uint[n3];
        SetInfinity(r);
        bool started = false;
        for (int i = Math.Max(naf1.Length, naf2.Length) - 1; i >= 0; i--)
        {
            if (started)
            {
                Double(r, r);
            }

            int d1 = i < naf1.Length ? naf1[i] : 0;
            int d2 = i < naf2.Length ? naf2[i] : 0;
            if (d1 != 0)
            {
                SignedEntry(gTable, d1, t);
                AddPublic(r, r, t);
                started = true;
            }

            if (d2 != 0)
            {
                SignedEntry(qTable, d2, t);
                AddPublic(r, r, t);
                started = true;
            }
        }

        return ToAffine(r, x, Span<byte>.Empty);
    }

    /// <summary>Decodes an affine point to Jacobian form with Z = 1; false when a coordinate is not below p.</summary>
    private bool DecodePoint(ReadOnlySpan<byte> x, ReadOnlySpan<byte> y, Span<uint> p)
    {
        int n = _n;
        bool ok = _f.TryDecode(x, p.Slice(0, n)) & _f.TryDecode(y, p.Slice(n, n));
        _f.One.CopyTo(p.Slice(2 * n, n));
        return ok;
    }

    private void SetInfinity(Span<uint> p)
    {
        int n = _n;
        _f.One.CopyTo(p.Slice(0, n));
        _f.One.CopyTo(p.Slice(n, n));
        p.Slice(2 * n, n).Clear();
    }

    /// <summary>
    /// Affine coordinates x = X / Z^2, y = Y / Z^3 (Z^-1 by Fermat, constant time). Returns false, with zero
    /// outputs, for the point at infinity. y may be empty.
    /// </summary>
    [MethodImpl(Hot.Optimize)]
    internal bool ToAffine(ReadOnlySpan<uint> p, Span<byte> x, Span<byte> y)
    {
        int n = _n;
        Span<uint> t = stackalloc uint[3 * n];
        Span<uint> zi = t.Slice(0, n);
        Span<uint> zi2 = t.Slice(n, n);
        Span<uint> c = t.Slice(2 * n, n);
        uint finite = ConstantTime.Not(_f.IsZero(p.Slice(2 * n, n)));
        _f.Invert(zi, p.Slice(2 * n, n));
        _f.Sqr(zi2, zi);
        _f.Mul(c, p.Slice(0, n), zi2);
        _f.Encode(c, x);
        if (!y.IsEmpty)
        {
            _f.Mul(zi2, zi2, zi);
            _f.Mul(c, p.Slice(n, n), zi2);
            _f.Encode(c, y);
        }

        t.Clear();
        return finite == 1;
    }

    /// <summary>
    /// r = 2 p (dbl-2007-bl). Infinity doubles to infinity: Z3 = (Y1 + Z1)^2 - Y1^2 - Z1^2 = 2 Y1 Z1 = 0.
    /// A point with Y = 0 would also give Z3 = 0, which is right (it has order 2). r may alias p.
    /// </summary>
    [MethodImpl(Hot.Optimize)]
    private void Double(Span<uint> r, ReadOnlySpan<uint> p)
    {
        int n = _n;
        PrimeField f = _f;
        Span<uint> t = stackalloc uint[7 * n];
        Span<uint> xx = t.Slice(0, n);
        Span<uint> yy = t.Slice(n, n);
        Span<uint> yyyy = t.Slice(2 * n, n);
        Span<uint> zz = t.Slice(3 * n, n);
        Span<uint> s = t.Slice(4 * n, n);
        Span<uint> m = t.Slice(5 * n, n);
        Span<uint> u = t.Slice(6 * n, n);
        ReadOnlySpan<uint> x1 = p.Slice(0, n);
        ReadOnlySpan<uint> y1 = p.Slice(n, n);
        ReadOnlySpan<uint> z1 = p.Slice(2 * n, n);

        f.Sqr(xx, x1);
        f.Sqr(yy, y1);
        f.Sqr(yyyy, yy);
        f.Sqr(zz, z1);

        // S = 2 ((X1 + YY)^2 - XX - YYYY) = 4 X1 YY
        f.Add(s, x1, yy);
        f.Sqr(s, s);
        f.Sub(s, s, xx);
        f.Sub(s, s, yyyy);
        f.Add(s, s, s);

        // M = 3 XX + a ZZ^2; for a = -3 that is 3 (X1 - ZZ)(X1 + ZZ), for a = 0 just 3 XX.
        if (_aIsMinus3)
        {
            f.Sub(m, x1, zz);
            f.Add(u, x1, zz);
            f.Mul(m, m, u);
            f.Add(u, m, m);
            f.Add(m, u, m);
        }
        else
        {
            f.Add(m, xx, xx);
            f.Add(m, m, xx);
            if (!_aIsZero)
            {
                f.Sqr(u, zz);
                f.Mul(u, u, _a);
                f.Add(m, m, u);
            }
        }

        // Z3 = (Y1 + Z1)^2 - YY - ZZ (before r is written: r may alias p)
        f.Add(u, y1, z1);
        f.Sqr(u, u);
        f.Sub(u, u, yy);
        f.Sub(u, u, zz);

        // X3 = T = M^2 - 2 S; Y3 = M (S - T) - 8 YYYY
        f.Sqr(xx, m);
        f.Sub(xx, xx, s);
        f.Sub(xx, xx, s);
        f.Sub(s, s, xx);
        f.Mul(s, m, s);
        f.Add(yyyy, yyyy, yyyy);
        f.Add(yyyy, yyyy, yyyy);
        f.Add(yyyy, yyyy, yyyy);
        f.Sub(s, s, yyyy);

        xx.CopyTo(r.Slice(0, n));
        s.CopyTo(r.Slice(n, n));
        u.CopyTo(r.Slice(2 * n, n));
        t.Clear();
    }

    /// <summary>
    /// r = p + q by add-2007-bl, correct whenever p, q are finite and p != q. Reports whether H = U2 - U1 and
    /// R = 2 (S2 - S1) are zero: both zero means p = q (the formula then yields infinity, a doubling is needed);
    /// H = 0 alone means p = -q, for which Z3 = 0 is the right answer. r may alias p or q.
    /// </summary>
    [MethodImpl(Hot.Optimize)]
    private void AddFormula(Span<uint> r, ReadOnlySpan<uint> p, ReadOnlySpan<uint> q, out uint hIsZero, out uint rIsZero)
    {
        int n = _n;
        PrimeField f = _f;
        Span<uint> t = stackalloc uint[11 * n];
        Span<uint> z1z1 = t.Slice(0, n);
        Span<uint> z2z2 = t.Slice(n, n);
        Span<uint> u1 = t.Slice(2 * n, n);
        Span<uint> u2 = t.Slice(3 * n, n);
        Span<uint> s1 = t.Slice(4 * n, n);
        Span<uint> s2 = t.Slice(5 * n, n);
        Span<uint> h = t.Slice(6 * n, n);
        Span<uint> i = t.Slice(7 * n, n);
        Span<uint> j = t.Slice(8 * n, n);
        Span<uint> rr = t.Slice(9 * n, n);
        Span<uint> z3 = t.Slice(10 * n, n);
        ReadOnlySpan<uint> x1 = p.Slice(0, n);
        ReadOnlySpan<uint> y1 = p.Slice(n, n);
        ReadOnlySpan<uint> z1 = p.Slice(2 * n, n);
        ReadOnlySpan<uint> x2 = q.Slice(0, n);
        ReadOnlySpan<uint> y2 = q.Slice(n, n);
        ReadOnlySpan<uint> z2 = q.Slice(2 * n, n);

        f.Sqr(z1z1, z1);
        f.Sqr(z2z2, z2);
        f.Mul(u1, x1, z2z2);
        f.Mul(u2, x2, z1z1);
        f.Mul(s1, y1, z2);
        f.Mul(s1, s1, z2z2);
        f.Mul(s2, y2, z1);
        f.Mul(s2, s2, z1z1);
        f.Sub(h, u2, u1);
        f.Add(i, h, h);
        f.Sqr(i, i);                // I = (2 H)^2
        f.Mul(j, h, i);             // J = H I
        f.Sub(rr, s2, s1);
        f.Add(rr, rr, rr);          // R = 2 (S2 - S1)
        f.Mul(u1, u1, i);           // V = U1 I (reuses u1)

        // Z3 = ((Z1 + Z2)^2 - Z1Z1 - Z2Z2) H
        f.Add(z3, z1, z2);
        f.Sqr(z3, z3);
        f.Sub(z3, z3, z1z1);
        f.Sub(z3, z3, z2z2);
        f.Mul(z3, z3, h);

        // X3 = R^2 - J - 2 V (into u2); Y3 = R (V - X3) - 2 S1 J (into s2)
        f.Sqr(u2, rr);
        f.Sub(u2, u2, j);
        f.Sub(u2, u2, u1);
        f.Sub(u2, u2, u1);
        f.Sub(s2, u1, u2);
        f.Mul(s2, rr, s2);
        f.Mul(s1, s1, j);
        f.Add(s1, s1, s1);
        f.Sub(s2, s2, s1);

        hIsZero = f.IsZero(h);
        rIsZero = f.IsZero(rr);
        u2.CopyTo(r.Slice(0, n));
        s2.CopyTo(r.Slice(n, n));
        z3.CopyTo(r.Slice(2 * n, n));
        t.Clear();
    }

    /// <summary>
    /// r = p + q for any p, q (including infinity and p = q) without branches: the general sum, the double of p,
    /// p and q are all formed and the right one is selected with masks. r may alias p or q.
    /// </summary>
    [MethodImpl(Hot.Optimize)]
    private void AddCt(Span<uint> r, ReadOnlySpan<uint> p, ReadOnlySpan<uint> q)
    {
        int n = _n;
        Span<uint> sum = stackalloc uint[3 * n];
        Span<uint> dbl = stackalloc uint[3 * n];
        AddFormula(sum, p, q, out uint hIsZero, out uint rIsZero);
        Double(dbl, p);
        uint pInf = _f.IsZero(p.Slice(2 * n, n));
        uint qInf = _f.IsZero(q.Slice(2 * n, n));
        ConstantTime.CCopy(hIsZero & rIsZero & ConstantTime.Not(pInf) & ConstantTime.Not(qInf), sum, dbl);
        ConstantTime.CCopy(pInf, sum, q);
        ConstantTime.CCopy(qInf, sum, p);
        sum.CopyTo(r);
        sum.Clear();
        dbl.Clear();
    }

    /// <summary>r = p + q with branches on the special cases; public data only.</summary>
    [MethodImpl(Hot.Optimize)]
    private void AddPublic(Span<uint> r, ReadOnlySpan<uint> p, ReadOnlySpan<uint> q)
    {
        int n = _n;
        if (_f.IsZero(p.Slice(2 * n, n)) == 1)
        {
            q.CopyTo(r);
            return;
        }

        if (_f.IsZero(q.Slice(2 * n, n)) == 1)
        {
            p.CopyTo(r);
            return;
        }

        Span<uint> sum = stackalloc uint[3 * n];
        AddFormula(sum, p, q, out uint hIsZero, out uint rIsZero);
        if (hIsZero == 1 && rIsZero == 1)
        {
            Double(r, p);
            return;
        }

        sum.CopyTo(r);
    }

    /// <summary>table[i] = (2 i + 1) P for i in [0, count), given table[0] = P.</summary>
    private void OddMultiples(uint[] table, int count)
    {
        int n3 = 3 * _n;
        Span<uint> twice = stackalloc uint[n3];
        Double(twice, table.AsSpan(0, n3));
        for (int i = 1; i < count; i++)
        {
            AddPublic(table.AsSpan(i * n3, n3), table.AsSpan((i - 1) * n3, n3), twice);
        }
    }

    /// <summary>t = d P from a table of odd multiples: entry |d| / 2, negated (Y = -Y) when d &lt; 0.</summary>
    private void SignedEntry(uint[] table, int d, Span<uint> t)
    {
        int n = _n;
        int index = (d < 0 ? -d : d) >> 1;
        table.AsSpan(index * 3 * n, 3 * n).CopyTo(t);
        if (d < 0)
        {
            _f.Neg(t.Slice(n, n), t.Slice(n, n));
        }
    }

    /// <summary>
    /// Width-w non-adjacent form (Guide to ECC Alg. 3.35): digits are 0 or odd in (-2^(w-1), 2^(w-1)), least
    /// significant first, at most one non-zero in any w consecutive digits. Variable time: public scalars only.
    /// </summary>
    internal static int[] Naf(ReadOnlySpan<byte> scalar, int w)
    {
        uint[] k = new uint[Limbs.ForBits(scalar.Length * 8) + 1];   // size: a public scalar, at most 84 bytes
        Limbs.FromBigEndian(scalar, k);
        int[] digits = new int[(scalar.Length * 8) + 1];   // size: as above
        int mod = 1 << w;
        int half = mod >> 1;
        int length = 0;
        for (int i = 0; i < digits.Length && Limbs.IsZero(k) == 0; i++)
        {
            int d = 0;
            if ((k[0] & 1) == 1)
            {
                d = (int)(k[0] & (uint)(mod - 1));
                if (d >= half)
                {
                    d -= mod;
                }

                // k -= d: subtracting a positive digit cannot borrow past k's value; a negative one adds.
                if (d > 0)
                {
                    SubSmall(k, (uint)d);
                }
                else
                {
                    AddSmall(k, (uint)(-d));
                }
            }

            digits[i] = d;
            length = i + 1;
            ShiftRight1(k);
        }

        Array.Resize(ref digits, length);
        return digits;
    }

    private static void SubSmall(uint[] k, uint v)
    {
        for (int i = 0; i < k.Length && v != 0; i++)
        {
            uint old = k[i];
            k[i] = old - v;
            v = old < v ? 1u : 0u;
        }
    }

    private static void AddSmall(uint[] k, uint v)
    {
        for (int i = 0; i < k.Length && v != 0; i++)
        {
            ulong s = (ulong)k[i] + v;
            k[i] = (uint)s;
            v = (uint)(s >> 32);
        }
    }

    private static void ShiftRight1(uint[] k)
    {
        for (int i = 0; i < k.Length; i++)
        {
            k[i] = (k[i] >> 1) | (i + 1 < k.Length ? k[i + 1] << 31 : 0);
        }
    }
}

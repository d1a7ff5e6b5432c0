// The Reference flavour's group for the named curves (all of cofactor 1): y^2 = x^3 + a x + b over Field64 in
// Jacobian coordinates (X : Y : Z) ~ (X/Z^2, Y/Z^3), Z = 0 at infinity (Guide to Elliptic Curve Cryptography,
// Hankerson, Menezes and Vanstone, §3.2.2). Formulas from the Explicit-Formulas Database: doubling dbl-2001-b
// (a = -3), dbl-2009-l (a = 0), dbl-2007-bl (any a); addition add-1998-cmo-2; mixed addition madd-2004-hmv.
// Scalar multiplication:
//  - k G (signing, key generation): unsigned 4-bit fixed windows over a table of affine j 16^i G, so k G is
//    about bits/4 mixed additions and no doubling. Each window scans its whole table row.
//  - k P (ECDH): left-to-right 4-bit fixed windows, whole-table scans.
//  - u1 G + u2 Q (verification, public data, variable time): Straus interleaving (Guide to ECC Alg. 3.48) of
//    the width-7 NAF of u1 over a stored affine table of odd multiples of G and the width-5 NAF of u2 over odd
//    multiples of Q made affine with one batched inversion (Montgomery's trick).
// Why the constant-time additions need no doubling branch: both secret-scalar loops add, to an accumulator q
// that is a multiple m P of a point of prime order n, an entry d P with 1 <= d, and with k < n the partial sums
// satisfy m + d <= k < n and m > d (fixed-base: m < 16^i <= d 16^i, so m - d 16^i is in (-n, 0)). Hence
// q != +-entry unless q is infinity, which the loops track as a flag and resolve by selection, as they do d = 0.
// The scalar is first reduced mod n (in constant time) so that k < n holds for any input.

using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Threading;

namespace Panicode.Crypto.Ec;

internal sealed class Jacobian64Group : EcGroup
{
    private const int Window = 4;
    private const int RowEntries = (1 << Window) - 1;   // digits 1..15; digit 0 selects nothing
    private const int BaseNafWidth = 7;
    private const int PointNafWidth = 5;

    private readonly Field64 _f;
    private readonly int _n;
    private readonly ulong[] _a;
    private readonly ulong[] _b;
    private readonly ulong[] _g;           // affine G, Montgomery form
    private readonly ACoefficient _aKind;
    private readonly int _windows;
    private ulong[]? _baseTable;           // _windows rows of RowEntries affine points j 16^i G
    private ulong[]? _baseNafTable;        // affine odd multiples G, 3G, ..., (2^(BaseNafWidth-1) - 1) G

    public Jacobian64Group(CurveParameters curve)
        : base(curve, new ScalarField64(curve.N))
    {
        Debug.Assert(curve.Cofactor == 1, "the doubling-free constant-time additions need prime order");
        _f = new Field64(curve.P);
        _n = _f.N;
        _a = new ulong[_n];
        _b = new ulong[_n];
        _g = new ulong[2 * _n];
        bool ok = _f.TryDecode(curve.A, _a) & _f.TryDecode(curve.B, _b)
            & _f.TryDecode(curve.Gx, _g.AsSpan(0, _n)) & _f.TryDecode(curve.Gy, _g.AsSpan(_n, _n));
        Debug.Assert(ok, "validated curve parameters");

        Span<ulong> minus3 = stackalloc ulong[_n];
        _f.Add(minus3, _f.One, _f.One);
        _f.Add(minus3, minus3, _f.One);
        _f.Neg(minus3, minus3);
        _aKind = _f.IsZero(_a) == 1 ? ACoefficient.Zero : _f.Equal(_a, minus3) == 1 ? ACoefficient.MinusThree : ACoefficient.Other;
        _windows = (curve.OrderBits + Window - 1) / Window;
    }

    private enum ACoefficient
    {
        Zero,
        MinusThree,
        Other,
    }

    public override bool IsOnCurve(ReadOnlySpan<byte> x, ReadOnlySpan<byte> y)
    {
        int n = _n;
        if (x.Length != FieldBytes || y.Length != FieldBytes)
        {
            return false;
        }

        Span<ulong> t = stackalloc ulong[4 * n];
        Span<ulong> px = t.Slice(0, n);
        Span<ulong> py = t.Slice(n, n);
        Span<ulong> lhs = t.Slice(2 * n, n);
        Span<ulong> rhs = t.Slice(3 * n, n);
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

    [MethodImpl(Hot.Optimize)]
    public override bool MultiplyBase(ReadOnlySpan<byte> k, Span<byte> x, Span<byte> y)
    {
        Debug.Assert(k.Length == OrderBytes);
        int n = _n;
        ulong[] table = BaseTable();
        Span<byte> kr = stackalloc byte[OrderBytes];
        ReduceScalar(k, kr);
        Span<ulong> buffer = stackalloc ulong[(3 * n) + (2 * n) + (3 * n) + ScratchLength];
        Span<ulong> q = buffer.Slice(0, 3 * n);
        Span<ulong> entry = buffer.Slice(3 * n, 2 * n);
        Span<ulong> sum = buffer.Slice(5 * n, 3 * n);
        Span<ulong> scratch = buffer.Slice(8 * n);

        // Window i (least significant first) adds d_i 16^i G; digit 0 keeps q, and while q is still infinity
        // the entry itself (with Z = 1) is taken.
        ulong qInfinity = 1;
        for (int i = 0; i < _windows; i++)
        {
            uint digit = JacobianGroup.Nibble(kr, i);
            ulong isZero = Wide.IsZero(digit);
            SelectRow(entry, table.AsSpan(i * RowEntries * 2 * n, RowEntries * 2 * n), 2 * n, digit);
            AddMixed(sum, q, entry, scratch);
            CopyAffine(qInfinity & (isZero ^ 1), sum, entry);
            CCopy(isZero, sum, q);
            sum.CopyTo(q);
            qInfinity &= isZero;
        }

        bool finite = ToAffine(q, x, y, scratch);
        buffer.Clear();
        kr.Clear();
        return finite;
    }

    [MethodImpl(Hot.Optimize)]
    public override bool Multiply(in AffineBytes point, ReadOnlySpan<byte> k, Span<byte> x, Span<byte> y)
    {
        Debug.Assert(k.Length == OrderBytes);
        int n = _n;
        int n3 = 3 * n;
        Span<byte> kr = stackalloc byte[OrderBytes];
        ReduceScalar(k, kr);

        // table[j - 1] = j P for j in 1..15 (P is public, so building it may branch).
        ulong[] table = new ulong[RowEntries * n3];
        Span<ulong> buffer = stackalloc ulong[(3 * n3) + ScratchLength];
        Span<ulong> q = buffer.Slice(0, n3);
        Span<ulong> entry = buffer.Slice(n3, n3);
        Span<ulong> sum = buffer.Slice(2 * n3, n3);
        Span<ulong> scratch = buffer.Slice(3 * n3);
        if (!(_f.TryDecode(point.X, table.AsSpan(0, n)) & _f.TryDecode(point.Y, table.AsSpan(n, n))))
        {
            throw new ArgumentException("The point is not valid.");
        }

        _f.One.CopyTo(table.AsSpan(2 * n, n));
        Double(table.AsSpan(n3, n3), table.AsSpan(0, n3), scratch);
        for (int j = 2; j < RowEntries; j++)
        {
            AddPublic(table.AsSpan(j * n3, n3), table.AsSpan((j - 1) * n3, n3), table.AsSpan(0, n3), scratch);
        }

        ulong qInfinity = 1;
        SetInfinity(q);
        for (int i = _windows - 1; i >= 0; i--)
        {
            for (int s = 0; s < Window; s++)
            {
                Double(q, q, scratch);
            }

            uint digit = JacobianGroup.Nibble(kr, i);
            ulong isZero = Wide.IsZero(digit);
            SelectRow(entry, table, n3, digit);
            Add(sum, q, entry, scratch);
            CCopy(qInfinity & (isZero ^ 1), sum, entry);
            CCopy(isZero, sum, q);
            sum.CopyTo(q);
            qInfinity &= isZero;
        }

        bool finite = ToAffine(q, x, y, scratch);
        Array.Clear(table, 0, table.Length);
        buffer.Clear();
        kr.Clear();
        return finite;
    }

    [MethodImpl(Hot.Optimize)]
    public override bool MultiplyAddPublic(ReadOnlySpan<byte> u1, ReadOnlySpan<byte> u2, in AffineBytes q, Span<byte> x)
    {
        int n = _n;
        int count = 1 << (PointNafWidth - 2);
        Span<ulong> buffer = stackalloc ulong[(3 * n) + (2 * n) + ScratchLength];
        Span<ulong> r = buffer.Slice(0, 3 * n);
        Span<ulong> entry = buffer.Slice(3 * n, 2 * n);
        Span<ulong> scratch = buffer.Slice(5 * n);
        ulong[] qTable = new ulong[count * 3 * n];
        if (!(_f.TryDecode(q.X, qTable.AsSpan(0, n)) & _f.TryDecode(q.Y, qTable.AsSpan(n, n))))
        {
            throw new ArgumentException("The point is not valid.");
        }

        _f.One.CopyTo(qTable.AsSpan(2 * n, n));
        ulong[] qAffine = OddMultiplesAffine(qTable, count, scratch);
        ulong[] gAffine = BaseNafTable();
        int[] naf1 = JacobianGroup.Naf(u1, BaseNafWidth);
        int[] naf2 = JacobianGroup.Naf(u2, PointNafWidth);

        SetInfinity(r);
        for (int i = Math.Max(naf1.Length, naf2.Length) - 1; i >= 0; i--)
        {
            Double(r, r, scratch);
            int d1 = i < naf1.Length ? naf1[i] : 0;
            int d2 = i < naf2.Length ? naf2[i] : 0;
            if (d1 != 0)
            {
                SignedEntry(gAffine, d1, entry);
                AddMixedPublic(r, entry, scratch);
            }

            if (d2 != 0)
            {
                SignedEntry(qAffine, d2, entry);
                AddMixedPublic(r, entry, scratch);
            }
        }

        return ToAffine(r, x, Span<byte>.Empty, scratch);
    }

    /// <summary>
    /// kr = k mod n, in constant time, so the loops see a scalar below n (their exception-free additions rely on
    /// it, and their window count covers exactly the bits of n).
    /// </summary>
    private void ReduceScalar(ReadOnlySpan<byte> k, Span<byte> kr)
    {
        Span<uint> t = stackalloc uint[Scalars.LimbCount];
        Scalars.Reduce(k, t);
        Scalars.Encode(t, kr);
        t.Clear();
    }

    /// <summary>Scratch words the point formulas need: eight field elements.</summary>
    private int ScratchLength => 8 * _n;

    /// <summary>The field, for tests.</summary>
    internal Field64 Field => _f;

    private void SetInfinity(Span<ulong> p)
    {
        int n = _n;
        _f.One.CopyTo(p.Slice(0, n));
        _f.One.CopyTo(p.Slice(n, n));
        p.Slice(2 * n, n).Clear();
    }

    /// <summary>x = X / Z^2, y = Y / Z^3 (Z^-1 by Fermat, constant time); false with zero outputs at infinity.</summary>
    private bool ToAffine(ReadOnlySpan<ulong> p, Span<byte> x, Span<byte> y, Span<ulong> scratch)
    {
        int n = _n;
        Span<ulong> zi = scratch.Slice(0, n);
        Span<ulong> zi2 = scratch.Slice(n, n);
        Span<ulong> c = scratch.Slice(2 * n, n);
        ulong finite = _f.IsZero(p.Slice(2 * n, n)) ^ 1;
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

        scratch.Slice(0, 3 * n).Clear();
        return finite == 1;
    }

    /// <summary>r = 2 p; infinity (Z = 0) stays infinity since Z3 is a multiple of Z1. r may alias p.</summary>
    [MethodImpl(Hot.Optimize)]
    private void Double(Span<ulong> r, ReadOnlySpan<ulong> p, Span<ulong> scratch)
    {
        int n = _n;
        Field64 f = _f;
        Span<ulong> t0 = scratch.Slice(0, n);
        Span<ulong> t1 = scratch.Slice(n, n);
        Span<ulong> t2 = scratch.Slice(2 * n, n);
        Span<ulong> t3 = scratch.Slice(3 * n, n);
        Span<ulong> t4 = scratch.Slice(4 * n, n);
        ReadOnlySpan<ulong> x1 = p.Slice(0, n);
        ReadOnlySpan<ulong> y1 = p.Slice(n, n);
        ReadOnlySpan<ulong> z1 = p.Slice(2 * n, n);
        Span<ulong> x3 = r.Slice(0, n);
        Span<ulong> y3 = r.Slice(n, n);
        Span<ulong> z3 = r.Slice(2 * n, n);

        if (_aKind == ACoefficient.MinusThree)
        {
            // dbl-2001-b: delta = Z^2, gamma = Y^2, beta = X gamma, alpha = 3 (X - delta)(X + delta)
            f.Sqr(t0, z1);                  // delta
            f.Sqr(t1, y1);                  // gamma
            f.Mul(t2, x1, t1);              // beta
            f.Sub(t3, x1, t0);
            f.Add(t4, x1, t0);
            f.Mul(t3, t3, t4);
            f.Add(t4, t3, t3);
            f.Add(t3, t4, t3);              // alpha
            f.Add(z3, y1, z1);              // Z3 = (Y + Z)^2 - gamma - delta
            f.Sqr(z3, z3);
            f.Sub(z3, z3, t1);
            f.Sub(z3, z3, t0);
            f.Add(t2, t2, t2);
            f.Add(t2, t2, t2);              // 4 beta
            f.Sqr(x3, t3);
            f.Sub(x3, x3, t2);
            f.Sub(x3, x3, t2);              // X3 = alpha^2 - 8 beta
            f.Sub(t2, t2, x3);
            f.Mul(t2, t3, t2);              // alpha (4 beta - X3)
            f.Sqr(t1, t1);
            f.Add(t1, t1, t1);
            f.Add(t1, t1, t1);
            f.Add(t1, t1, t1);              // 8 gamma^2
            f.Sub(y3, t2, t1);
            return;
        }

        // dbl-2009-l (a = 0) and dbl-2007-bl (any a) share everything but M = 3 XX + a ZZ^2:
        // S = 2 ((X + YY)^2 - XX - YYYY), X3 = M^2 - 2 S, Y3 = M (S - X3) - 8 YYYY, Z3 = 2 Y Z.
        f.Sqr(t0, x1);                      // XX
        f.Sqr(t1, y1);                      // YY
        f.Add(t2, x1, t1);
        f.Sqr(t2, t2);
        f.Sqr(t1, t1);                      // YYYY
        f.Sub(t2, t2, t0);
        f.Sub(t2, t2, t1);
        f.Add(t2, t2, t2);                  // S
        f.Add(t3, t0, t0);
        f.Add(t3, t3, t0);                  // 3 XX
        if (_aKind == ACoefficient.Other)
        {
            f.Sqr(t4, z1);
            f.Sqr(t4, t4);
            f.Mul(t4, t4, _a);
            f.Add(t3, t3, t4);              // M
        }

        f.Mul(z3, y1, z1);
        f.Add(z3, z3, z3);                  // Z3 (before X3, Y3 overwrite an aliased p)
        f.Sqr(x3, t3);
        f.Sub(x3, x3, t2);
        f.Sub(x3, x3, t2);
        f.Sub(t2, t2, x3);
        f.Mul(t2, t3, t2);
        f.Add(t1, t1, t1);
        f.Add(t1, t1, t1);
        f.Add(t1, t1, t1);
        f.Sub(y3, t2, t1);
    }

    /// <summary>
    /// r = p + q (affine q, Z2 = 1) by madd-2004-hmv; valid for finite p != +-q. Returns H and R (scratch[0..2n))
    /// for callers that must recognise the exceptions: H = 0 means p = +-q, and then R = 0 means p = q. r must not
    /// alias p or q.
    /// </summary>
    [MethodImpl(Hot.Optimize)]
    private void AddMixed(Span<ulong> r, ReadOnlySpan<ulong> p, ReadOnlySpan<ulong> q, Span<ulong> scratch)
    {
        int n = _n;
        Field64 f = _f;
        Span<ulong> h = scratch.Slice(0, n);
        Span<ulong> rr = scratch.Slice(n, n);
        Span<ulong> t0 = scratch.Slice(2 * n, n);
        Span<ulong> t1 = scratch.Slice(3 * n, n);
        ReadOnlySpan<ulong> x1 = p.Slice(0, n);
        ReadOnlySpan<ulong> y1 = p.Slice(n, n);
        ReadOnlySpan<ulong> z1 = p.Slice(2 * n, n);

        f.Sqr(t0, z1);
        f.Mul(t1, t0, z1);
        f.Mul(t0, t0, q.Slice(0, n));
        f.Mul(t1, t1, q.Slice(n, n));
        f.Sub(h, t0, x1);                   // H = X2 Z1^2 - X1
        f.Sub(rr, t1, y1);                  // R = Y2 Z1^3 - Y1
        f.Mul(r.Slice(2 * n, n), z1, h);    // Z3 = Z1 H
        FinishAddition(r, h, rr, x1, y1, t0, t1);   // U1 = X1, S1 = Y1 since Z2 = 1
    }

    /// <summary>
    /// The common end of both addition formulas, given H = U2 - U1 and R = S2 - S1:
    /// X3 = R^2 - H^3 - 2 U1 H^2, Y3 = R (U1 H^2 - X3) - S1 H^3 (Z3 is already written).
    /// </summary>
    [MethodImpl(Hot.Optimize)]
    private void FinishAddition(Span<ulong> r, ReadOnlySpan<ulong> h, ReadOnlySpan<ulong> rr, ReadOnlySpan<ulong> u1, ReadOnlySpan<ulong> s1, Span<ulong> t0, Span<ulong> t1)
    {
        int n = _n;
        Field64 f = _f;
        f.Sqr(t0, h);
        f.Mul(t1, t0, h);                   // H^3
        f.Mul(t0, t0, u1);                  // U1 H^2
        Span<ulong> x3 = r.Slice(0, n);
        f.Sqr(x3, rr);
        f.Sub(x3, x3, t1);
        f.Sub(x3, x3, t0);
        f.Sub(x3, x3, t0);
        f.Sub(t0, t0, x3);
        f.Mul(t0, rr, t0);
        f.Mul(t1, t1, s1);
        f.Sub(r.Slice(n, n), t0, t1);
    }

    /// <summary>
    /// r = p + q, both Jacobian, by add-1998-cmo-2; valid for finite p != +-q. Leaves H and R in scratch[0..2n)
    /// as <see cref="AddMixed"/> does. r must not alias p or q.
    /// </summary>
    [MethodImpl(Hot.Optimize)]
    private void Add(Span<ulong> r, ReadOnlySpan<ulong> p, ReadOnlySpan<ulong> q, Span<ulong> scratch)
    {
        int n = _n;
        Field64 f = _f;
        Span<ulong> h = scratch.Slice(0, n);
        Span<ulong> rr = scratch.Slice(n, n);
        Span<ulong> u1 = scratch.Slice(2 * n, n);
        Span<ulong> s1 = scratch.Slice(3 * n, n);
        Span<ulong> t0 = scratch.Slice(4 * n, n);
        Span<ulong> t1 = scratch.Slice(5 * n, n);
        ReadOnlySpan<ulong> z1 = p.Slice(2 * n, n);
        ReadOnlySpan<ulong> z2 = q.Slice(2 * n, n);

        f.Sqr(t0, z2);
        f.Mul(u1, p.Slice(0, n), t0);       // U1 = X1 Z2^2
        f.Mul(t0, t0, z2);
        f.Mul(s1, p.Slice(n, n), t0);       // S1 = Y1 Z2^3
        f.Sqr(t0, z1);
        f.Mul(h, q.Slice(0, n), t0);        // U2 = X2 Z1^2
        f.Mul(t0, t0, z1);
        f.Mul(rr, q.Slice(n, n), t0);       // S2 = Y2 Z1^3
        f.Sub(h, h, u1);                    // H = U2 - U1
        f.Sub(rr, rr, s1);                  // R = S2 - S1
        f.Mul(t0, z1, z2);
        f.Mul(r.Slice(2 * n, n), t0, h);    // Z3 = Z1 Z2 H
        FinishAddition(r, h, rr, u1, s1, t0, t1);
    }

    /// <summary>r = p + q (Jacobian) with branches on the exceptional cases; public data only. r may alias p.</summary>
    private void AddPublic(Span<ulong> r, ReadOnlySpan<ulong> p, ReadOnlySpan<ulong> q, Span<ulong> scratch)
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

        Span<ulong> sum = stackalloc ulong[3 * n];
        Add(sum, p, q, scratch);
        ResolvePublic(r, p, sum, scratch);
    }

    /// <summary>r += q (affine) with branches on the exceptional cases; public data only.</summary>
    private void AddMixedPublic(Span<ulong> r, ReadOnlySpan<ulong> q, Span<ulong> scratch)
    {
        int n = _n;
        if (_f.IsZero(r.Slice(2 * n, n)) == 1)
        {
            q.CopyTo(r);
            _f.One.CopyTo(r.Slice(2 * n, n));
            return;
        }

        Span<ulong> sum = stackalloc ulong[3 * n];
        AddMixed(sum, r, q, scratch);
        ResolvePublic(r, r, sum, scratch);
    }

    /// <summary>
    /// r = the sum p + q that an addition formula left in <paramref name="sum"/>, unless its H and R (scratch[0..2n))
    /// flag an exception: H = R = 0 means p = q (r = 2 p), H = 0 alone p = -q (r = infinity). r may alias p.
    /// </summary>
    private void ResolvePublic(Span<ulong> r, ReadOnlySpan<ulong> p, ReadOnlySpan<ulong> sum, Span<ulong> scratch)
    {
        int n = _n;
        if (_f.IsZero(scratch.Slice(0, n)) == 0)
        {
            sum.CopyTo(r);
        }
        else if (_f.IsZero(scratch.Slice(n, n)) == 1)
        {
            Double(r, p, scratch);
        }
        else
        {
            SetInfinity(r);
        }
    }

    /// <summary>
    /// Given p = table[0] (Jacobian, finite), the affine odd multiples p, 3p, ..., (2 count - 1) p as count
    /// (x, y) pairs, normalised with one batched inversion. Public data only.
    /// </summary>
    private ulong[] OddMultiplesAffine(ulong[] table, int count, Span<ulong> scratch)
    {
        int n = _n;
        int n3 = 3 * n;
        Span<ulong> twice = stackalloc ulong[n3];
        Double(twice, table.AsSpan(0, n3), scratch);
        for (int i = 1; i < count; i++)
        {
            AddPublic(table.AsSpan(i * n3, n3), table.AsSpan((i - 1) * n3, n3), twice, scratch);
        }

        return ToAffineBatch(table, count);
    }

    /// <summary>
    /// The affine (x, y) of count Jacobian points, none at infinity, with one inversion (Montgomery's trick).
    /// A multiple j P of a point of prime order n with 0 &lt; j &lt; n is never infinity. Public data only.
    /// </summary>
    private ulong[] ToAffineBatch(ulong[] points, int count)
    {
        int n = _n;
        ulong[] z = new ulong[count * n];
        for (int i = 0; i < count; i++)
        {
            points.AsSpan((i * 3 * n) + (2 * n), n).CopyTo(z.AsSpan(i * n, n));
            Debug.Assert(_f.IsZero(z.AsSpan(i * n, n)) == 0, "no point at infinity");
        }

        _f.InvertBatch(z, count);
        ulong[] affine = new ulong[count * 2 * n];
        Span<ulong> zi2 = stackalloc ulong[n];
        for (int i = 0; i < count; i++)
        {
            ReadOnlySpan<ulong> zi = z.AsSpan(i * n, n);
            Span<ulong> dst = affine.AsSpan(i * 2 * n, 2 * n);
            _f.Sqr(zi2, zi);
            _f.Mul(dst.Slice(0, n), points.AsSpan(i * 3 * n, n), zi2);
            _f.Mul(zi2, zi2, zi);
            _f.Mul(dst.Slice(n, n), points.AsSpan((i * 3 * n) + n, n), zi2);
        }

        return affine;
    }

    /// <summary>t = d P (affine) from a table of odd multiples: entry |d| / 2, negated (y = -y) when d &lt; 0.</summary>
    private void SignedEntry(ulong[] table, int d, Span<ulong> t)
    {
        int n = _n;
        int index = (d < 0 ? -d : d) >> 1;
        table.AsSpan(index * 2 * n, 2 * n).CopyTo(t);
        if (d < 0)
        {
            _f.Neg(t.Slice(n, n), t.Slice(n, n));
        }
    }

    /// <summary>
    /// dst = row[digit - 1] for digit in 1..15 and all zeros for digit 0, reading every entry of the row so the
    /// memory access pattern does not depend on the (secret) digit.
    /// </summary>
    [MethodImpl(Hot.Optimize)]
    private static void SelectRow(Span<ulong> dst, ReadOnlySpan<ulong> row, int entryLength, uint digit)
    {
        dst.Clear();
        for (int e = 0; e < RowEntries; e++)
        {
            ulong m = Wide.Mask(Wide.IsZero((uint)(e + 1) ^ digit));
            ReadOnlySpan<ulong> entry = row.Slice(e * entryLength, entryLength);
            for (int i = 0; i < entryLength; i++)
            {
                dst[i] |= m & entry[i];
            }
        }
    }

    /// <summary>dst = src when ctl = 1 (every word read and written either way).</summary>
    private static void CCopy(ulong ctl, Span<ulong> dst, ReadOnlySpan<ulong> src)
    {
        ulong m = Wide.Mask(ctl);
        for (int i = 0; i < dst.Length; i++)
        {
            dst[i] ^= m & (dst[i] ^ src[i]);
        }
    }

    /// <summary>dst = (x, y, 1) from an affine src when ctl = 1.</summary>
    private void CopyAffine(ulong ctl, Span<ulong> dst, ReadOnlySpan<ulong> src)
    {
        int n = _n;
        CCopy(ctl, dst.Slice(0, 2 * n), src);
        CCopy(ctl, dst.Slice(2 * n, n), _f.One);
    }

    /// <summary>Row i holds the affine j 16^i G for j in 1..15; built once per curve from public data.</summary>
    private ulong[] BaseTable()
    {
        ulong[]? table = Volatile.Read(ref _baseTable);
        if (table != null)
        {
            return table;
        }

        int n = _n;
        int n3 = 3 * n;
        int count = _windows * RowEntries;
        ulong[] points = new ulong[count * n3];
        Span<ulong> scratch = stackalloc ulong[ScratchLength];
        Span<ulong> p = stackalloc ulong[n3];
        _g.CopyTo(p);
        _f.One.CopyTo(p.Slice(2 * n, n));
        for (int i = 0; i < _windows; i++)
        {
            Span<ulong> row = points.AsSpan(i * RowEntries * n3, RowEntries * n3);
            p.CopyTo(row.Slice(0, n3));
            for (int j = 1; j < RowEntries; j++)
            {
                AddPublic(row.Slice(j * n3, n3), row.Slice((j - 1) * n3, n3), p, scratch);
            }

            AddPublic(p, row.Slice((RowEntries - 1) * n3, n3), p, scratch);   // 16^(i+1) G
        }

        Interlocked.CompareExchange(ref _baseTable, ToAffineBatch(points, count), null);
        return _baseTable!;
    }

    private ulong[] BaseNafTable()
    {
        ulong[]? table = Volatile.Read(ref _baseNafTable);
        if (table != null)
        {
            return table;
        }

        int n = _n;
        int count = 1 << (BaseNafWidth - 2);
        ulong[] points = new ulong[count * 3 * n];
        _g.CopyTo(points.AsSpan(0, 2 * n));
        _f.One.CopyTo(points.AsSpan(2 * n, n));
        Interlocked.CompareExchange(ref _baseNafTable, OddMultiplesAffine(points, count, stackalloc ulong[ScratchLength]), null);
        return _baseNafTable!;
    }
}

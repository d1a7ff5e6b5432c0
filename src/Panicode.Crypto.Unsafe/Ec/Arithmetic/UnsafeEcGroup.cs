// Point arithmetic of the Unsafe flavour. Verification, ECDH and validation use the shared JacobianGroup over
// the Unsafe fields; k G (signing and key generation) is done here with a larger, affine base-point table:
// for every 4-bit window i of the scalar, the affine points j 16^i G for j = 1..15, read by a constant-time
// pointer scan and added with the mixed Jacobian-affine formula madd-2007-bl (Explicit-Formulas Database,
// 7M + 4S instead of the 11M + 5S general addition plus the doubling the Reference computes alongside).
// The scalar is first reduced mod n, which rules out the doubling case: with k < n, the sum m of the lower
// windows is below 16^i and the window's point d 16^i G has 16^i <= d 16^i <= k < n, so m = +-d 16^i (mod n)
// never holds. Infinity (an all-zero prefix, a zero digit) is handled by masked selection, never by branching.

using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Threading;
using Panicode.Crypto.Ec;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto.Unsafe.Ec;

[SkipLocalsInit]
internal sealed unsafe class UnsafeEcGroup : EcGroup
{
    private const int Entries = 15;

    private readonly JacobianGroup _inner;
    private readonly PrimeField _f;
    private readonly int _n;
    private readonly int _windows;
    private uint[]? _table;

    public UnsafeEcGroup(JacobianGroup inner)
        : base(inner.Curve, inner.Scalars)
    {
        _inner = inner;
        _f = inner.Field;
        _n = _f.LimbCount;
        _windows = (inner.Scalars.Bits + 3) / 4;
    }

    public PrimeField Field => _f;

    public override bool IsOnCurve(ReadOnlySpan<byte> x, ReadOnlySpan<byte> y) => _inner.IsOnCurve(x, y);

    public override bool Multiply(in AffineBytes p, ReadOnlySpan<byte> k, Span<byte> x, Span<byte> y) =>
        _inner.Multiply(in p, k, x, y);

    public override bool MultiplyAddPublic(ReadOnlySpan<byte> u1, ReadOnlySpan<byte> u2, in AffineBytes q, Span<byte> x) =>
        _inner.MultiplyAddPublic(u1, u2, in q, x);

    [MethodImpl(Hot.Optimize)]
    public override bool MultiplyBase(ReadOnlySpan<byte> k, Span<byte> x, Span<byte> y)
    {
        Debug.Assert(k.Length == OrderBytes);
        if (Scalars.Bits < 8)
        {
            return _inner.MultiplyBase(k, x, y);  // toy explicit curves: j 16^i G could be the point at infinity
        }

        uint[] table = BaseTable();
        int n = _n;
        int n2 = 2 * n;
        PrimeField sf = Scalars;

        // k mod n as a canonical big-endian integer, in constant time: the Montgomery conversion k R^2 R^-1 = k R
        // (mod n) is exact for any k below R (CIOS needs only k R^2 < R n), and Encode converts back.
        Debug.Assert(sf is UnsafeMontgomeryField && k.Length <= 4 * sf.LimbCount);
        Span<uint> kr = stackalloc uint[sf.LimbCount];
        Span<byte> kb = stackalloc byte[sf.ByteLength];
        Limbs.FromBigEndian(k, kr);
        sf.ToInternal(kr, kr);
        sf.Encode(kr, kb);

        Span<uint> q = stackalloc uint[3 * n];
        Span<uint> sum = stackalloc uint[3 * n];
        Span<uint> lifted = stackalloc uint[3 * n];
        q.Clear();
        uint qInf = 1;
        fixed (uint* pt = table, pl = lifted)
        {
            for (int i = 0; i < _windows; i++)
            {
                uint digit = (uint)(kb[kb.Length - 1 - (i >> 1)] >> (4 * (i & 1))) & 0xF;

                // lifted = (x, y, 1) of entry digit - 1, read by scanning every entry; all zero for digit 0.
                uint* window = pt + (i * Entries * n2);
                for (int w = 0; w < n2; w++)
                {
                    pl[w] = 0;
                }

                for (int e = 0; e < Entries; e++)
                {
                    uint m = ConstantTime.Mask(ConstantTime.Eq((uint)e + 1, digit));
                    uint* entry = window + (e * n2);
                    for (int w = 0; w < n2; w++)
                    {
                        pl[w] |= m & entry[w];
                    }
                }

                uint dZero = ConstantTime.Eq0(digit);
                _f.One.CopyTo(lifted.Slice(n2, n));
                uint zMask = ConstantTime.Mask(dZero) ^ uint.MaxValue;
                for (int w = n2; w < 3 * n; w++)
                {
                    pl[w] &= zMask;
                }

                AddMixed(sum, q, lifted);
                ConstantTime.CCopy(dZero, sum, q);
                ConstantTime.CCopy(qInf, sum, lifted);
                sum.CopyTo(q);
                qInf &= dZero;
            }
        }

        bool finite = _inner.ToAffine(q, x, y);
        q.Clear();
        sum.Clear();
        lifted.Clear();
        kr.Clear();
        kb.Clear();
        return finite;
    }

    /// <summary>
    /// r = p + (x2, y2) for a Jacobian p and an affine point by madd-2007-bl; valid when p is finite and p != +-q
    /// (the caller selects around the other cases). r must not alias p or q.
    /// </summary>
    [MethodImpl(Hot.Optimize)]
    private void AddMixed(Span<uint> r, ReadOnlySpan<uint> p, ReadOnlySpan<uint> q)
    {
        int n = _n;
        PrimeField f = _f;
        Span<uint> t = stackalloc uint[6 * n];
        Span<uint> z1z1 = t.Slice(0, n);
        Span<uint> u2 = t.Slice(n, n);
        Span<uint> s2 = t.Slice(2 * n, n);
        Span<uint> h = t.Slice(3 * n, n);
        Span<uint> hh = t.Slice(4 * n, n);
        Span<uint> j = t.Slice(5 * n, n);
        ReadOnlySpan<uint> x1 = p.Slice(0, n);
        ReadOnlySpan<uint> y1 = p.Slice(n, n);
        ReadOnlySpan<uint> z1 = p.Slice(2 * n, n);
        Span<uint> x3 = r.Slice(0, n);
        Span<uint> y3 = r.Slice(n, n);
        Span<uint> z3 = r.Slice(2 * n, n);

        f.Sqr(z1z1, z1);
        f.Mul(u2, q.Slice(0, n), z1z1);
        f.Mul(s2, z1, z1z1);
        f.Mul(s2, s2, q.Slice(n, n));
        f.Sub(h, u2, x1);               // H = U2 - X1
        f.Sqr(hh, h);
        f.Add(z3, z1, h);               // Z3 = (Z1 + H)^2 - Z1Z1 - HH
        f.Sqr(z3, z3);
        f.Sub(z3, z3, z1z1);
        f.Sub(z3, z3, hh);
        f.Add(hh, hh, hh);
        f.Add(hh, hh, hh);              // I = 4 HH (into hh)
        f.Mul(j, h, hh);                // J = H I
        f.Sub(s2, s2, y1);
        f.Add(s2, s2, s2);              // rr = 2 (S2 - Y1) (into s2)
        f.Mul(u2, x1, hh);              // V = X1 I (into u2)
        f.Sqr(x3, s2);                  // X3 = rr^2 - J - 2 V
        f.Sub(x3, x3, j);
        f.Sub(x3, x3, u2);
        f.Sub(x3, x3, u2);
        f.Sub(u2, u2, x3);              // Y3 = rr (V - X3) - 2 Y1 J
        f.Mul(u2, s2, u2);
        f.Mul(j, y1, j);
        f.Add(j, j, j);
        f.Sub(y3, u2, j);
        t.Clear();
    }

    /// <summary>
    /// The affine points j 16^i G, j = 1..15, for every window: 16^i G and 2 16^i G from the shared group, the
    /// rest by mixed additions of 16^i G (never a doubling: j 16^i G != +-16^i G for 2 &lt;= j &lt;= 15 &lt; n). Public
    /// data, built once per curve.
    /// </summary>
    private uint[] BaseTable()
    {
        uint[]? table = Volatile.Read(ref _table);
        if (table != null)
        {
            return table;
        }

        int n = _n;
        int n2 = 2 * n;
        table = new uint[_windows * Entries * n2];
        byte[] scalar = new byte[OrderBytes];
        byte[] bx = new byte[FieldBytes];
        byte[] by = new byte[FieldBytes];
        uint[] acc = new uint[3 * n];
        uint[] next = new uint[3 * n];
        for (int i = 0; i < _windows; i++)
        {
            Span<uint> window = table.AsSpan(i * Entries * n2, Entries * n2);
            for (int j = 1; j <= 2; j++)
            {
                Array.Clear(scalar, 0, scalar.Length);
                int bit = (4 * i) + (j - 1);
                scalar[scalar.Length - 1 - (bit >> 3)] = (byte)(1 << (bit & 7));
                bool finite = _inner.MultiplyBase(scalar, bx, by);
                Debug.Assert(finite);
                bool ok = _f.TryDecode(bx, window.Slice((j - 1) * n2, n)) & _f.TryDecode(by, window.Slice(((j - 1) * n2) + n, n));
                Debug.Assert(ok);
            }

            window.Slice(n2, n2).CopyTo(acc);
            _f.One.CopyTo(acc.AsSpan(n2, n));
            for (int j = 3; j <= Entries; j++)
            {
                AddMixed(next, acc, window.Slice(0, n2));
                _inner.ToAffine(next, bx, by);
                bool ok = _f.TryDecode(bx, window.Slice((j - 1) * n2, n)) & _f.TryDecode(by, window.Slice(((j - 1) * n2) + n, n));
                Debug.Assert(ok);
                next.CopyTo(acc, 0);
            }
        }

        return Interlocked.CompareExchange(ref _table, table, null) ?? table;
    }
}

// The Unsafe flavour's GF(p) base (SEC 1 v2 §2.1.1): the same contract as the Reference PrimeField (elements
// fully reduced, nothing branches or indexes memory on element values), with the limbs reached through
// pointers so the JIT emits no bounds checks, and temporaries on the stack. Elements keep the Reference's
// 32-bit limb layout at the PrimeField seam; multiplication reads them as 64-bit limbs (little-endian
// pairs), which the backend guarantees by choosing this flavour only on little-endian machines.

using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using Panicode.Crypto.Ec;

namespace Panicode.Crypto.Unsafe.Ec;

[SkipLocalsInit]
internal abstract unsafe class UnsafePrimeField : PrimeField
{
    private readonly uint[] _p;
    private readonly ulong[] _p64;
    private readonly int _m;

    protected UnsafePrimeField(uint[] modulus)
        : base(modulus)
    {
        _p = modulus;
        _m = (modulus.Length + 1) / 2;
        _p64 = new ulong[_m];
        for (int i = 0; i < modulus.Length; i++)
        {
            _p64[i >> 1] |= (ulong)modulus[i] << (32 * (i & 1));
        }
    }

    /// <summary>The modulus as 64-bit limbs (the top half-limb zero when the 32-bit limb count is odd).</summary>
    protected ulong[] Modulus64 => _p64;

    /// <summary>
    /// r = a^-1 mod p (0 for a = 0) by a constant-time binary extended GCD instead of the Reference's Fermat power,
    /// several times faster. With b = p, u = 1, v = 0 and the invariants a = u x, b = v x (mod p) for the input x,
    /// each of 2 bits + 2 iterations does, all by masks: when a is odd, swap (a, u) with (b, v) if a &lt; b, then
    /// a -= b and u -= v; then halve a and u (mod p). b stays odd and a b at least halves every iteration, so a
    /// reaches 0 and b = gcd(x, p) = 1, leaving v = x^-1. The iteration count and every memory access depend
    /// only on the size of p.
    /// </summary>
    [MethodImpl(Hot.Optimize)]
    public override void Invert(Span<uint> r, ReadOnlySpan<uint> a)
    {
        int n = _p.Length;
        int m = _m;
        Debug.Assert(r.Length == n && a.Length == n);
        ulong* buf = stackalloc ulong[4 * m];
        ulong* x = buf;
        ulong* y = buf + m;
        ulong* u = buf + (2 * m);
        ulong* v = buf + (3 * m);
        fixed (uint* pa = a, pr = r)
        fixed (ulong* p = _p64)
        {
            for (int i = 0; i < m; i++)
            {
                x[i] = 0;
                y[i] = p[i];
                u[i] = 0;
                v[i] = 0;
            }

            uint* x32 = (uint*)x;
            for (int i = 0; i < n; i++)
            {
                x32[i] = pa[i];
            }

            u[0] = 1;
            int iterations = (2 * Bits) + 2;
            for (int it = 0; it < iterations; it++)
            {
                ulong odd = 0UL - (x[0] & 1);

                // borrow of x - y decides the swap: x odd and x < y.
                ulong borrow = 0;
                for (int i = 0; i < m; i++)
                {
                    ulong d = x[i] - y[i];
                    ulong b1 = Wide.Borrow(x[i], y[i], d);
                    borrow = b1 | Wide.Borrow(d, borrow, d - borrow);
                }

                ulong swap = odd & (0UL - borrow);
                for (int i = 0; i < m; i++)
                {
                    ulong t = swap & (x[i] ^ y[i]);
                    x[i] ^= t;
                    y[i] ^= t;
                    t = swap & (u[i] ^ v[i]);
                    u[i] ^= t;
                    v[i] ^= t;
                }

                // x -= y and u -= v (mod p) when x is odd; afterwards x is even.
                ulong bx = 0;
                ulong bu = 0;
                for (int i = 0; i < m; i++)
                {
                    ulong yi = y[i] & odd;
                    ulong d = x[i] - yi;
                    ulong nb = Wide.Borrow(x[i], yi, d);
                    ulong d2 = d - bx;
                    bx = nb | Wide.Borrow(d, bx, d2);
                    x[i] = d2;

                    ulong vi = v[i] & odd;
                    d = u[i] - vi;
                    nb = Wide.Borrow(u[i], vi, d);
                    d2 = d - bu;
                    bu = nb | Wide.Borrow(d, bu, d2);
                    u[i] = d2;
                }

                AddMasked(u, p, 0UL - bu, m);

                // x /= 2; u /= 2 mod p (add p first when u is odd; the carry becomes the top bit).
                for (int i = 0; i < m - 1; i++)
                {
                    x[i] = (x[i] >> 1) | (x[i + 1] << 63);
                }

                x[m - 1] >>= 1;
                ulong top = AddMasked(u, p, 0UL - (u[0] & 1), m);
                for (int i = 0; i < m - 1; i++)
                {
                    u[i] = (u[i] >> 1) | (u[i + 1] << 63);
                }

                u[m - 1] = (u[m - 1] >> 1) | (top << 63);
            }

            uint* v32 = (uint*)v;
            for (int i = 0; i < n; i++)
            {
                pr[i] = v32[i];
            }

            Limb.Clear(buf, 4 * m);
        }

        AdjustInverse(r);
    }

    /// <summary>
    /// r = a^-1 mod p for a public a (0 for a = 0) by the binary extended Euclidean algorithm (Guide Alg. 2.22) in
    /// variable time: with u = a, v = p and the invariants x1 a = u, x2 a = v (mod p) it ends with x1 = a^-1 when
    /// u = 1 (or x2 when v = 1). About a third of the constant-time <see cref="Invert"/>'s time on 256-bit moduli.
    /// </summary>
    [MethodImpl(Hot.Optimize)]
    public override void InvertPublic(Span<uint> r, ReadOnlySpan<uint> a)
    {
        int n = _p.Length;
        int m = _m;
        Debug.Assert(r.Length == n && a.Length == n);
        ulong* buf = stackalloc ulong[4 * m];
        ulong* u = buf;
        ulong* v = buf + m;
        ulong* x1 = buf + (2 * m);
        ulong* x2 = buf + (3 * m);
        fixed (ulong* p = _p64)
        {
            for (int i = 0; i < m; i++)
            {
                u[i] = 0;
                v[i] = p[i];
                x1[i] = 0;
                x2[i] = 0;
            }

            for (int i = 0; i < n; i++)
            {
                u[i >> 1] |= (ulong)a[i] << (32 * (i & 1));
            }

            x1[0] = 1;
            if (IsZeroVar(u, m))
            {
                r.Clear();
                return;
            }

            while (!IsOneVar(u, m) && !IsOneVar(v, m))
            {
                while ((u[0] & 1) == 0)
                {
                    HalveVar(u, x1, p, m);
                }

                while ((v[0] & 1) == 0)
                {
                    HalveVar(v, x2, p, m);
                }

                // u, v odd and both non-zero (gcd(a, p) = 1): the larger loses the smaller, staying non-negative.
                if (GreaterOrEqualVar(u, v, m))
                {
                    SubVar(u, v, x1, x2, p, m);
                }
                else
                {
                    SubVar(v, u, x2, x1, p, m);
                }
            }

            ulong* x = IsOneVar(u, m) ? x1 : x2;
            for (int i = 0; i < n; i++)
            {
                r[i] = (uint)(x[i >> 1] >> (32 * (i & 1)));
            }
        }

        AdjustInverse(r);
    }

    private static bool IsZeroVar(ulong* a, int m)
    {
        ulong or = 0;
        for (int i = 0; i < m; i++)
        {
            or |= a[i];
        }

        return or == 0;
    }

    private static bool IsOneVar(ulong* a, int m)
    {
        ulong or = a[0] ^ 1;
        for (int i = 1; i < m; i++)
        {
            or |= a[i];
        }

        return or == 0;
    }

    private static bool GreaterOrEqualVar(ulong* a, ulong* b, int m)
    {
        for (int i = m - 1; i >= 0; i--)
        {
            if (a[i] != b[i])
            {
                return a[i] > b[i];
            }
        }

        return true;
    }

    /// <summary>w /= 2 (w even) and x = x / 2 mod p (p odd: add p first when x is odd; its carry is the new top bit).</summary>
    private static void HalveVar(ulong* w, ulong* x, ulong* p, int m)
    {
        for (int i = 0; i < m - 1; i++)
        {
            w[i] = (w[i] >> 1) | (w[i + 1] << 63);
        }

        w[m - 1] >>= 1;
        ulong top = (x[0] & 1) != 0 ? AddMasked(x, p, ulong.MaxValue, m) : 0;
        for (int i = 0; i < m - 1; i++)
        {
            x[i] = (x[i] >> 1) | (x[i + 1] << 63);
        }

        x[m - 1] = (x[m - 1] >> 1) | (top << 63);
    }

    /// <summary>w -= z (w &gt;= z) and x = x - y mod p (x, y &lt; p).</summary>
    private static void SubVar(ulong* w, ulong* z, ulong* x, ulong* y, ulong* p, int m)
    {
        ulong bw = 0;
        ulong bx = 0;
        for (int i = 0; i < m; i++)
        {
            w[i] = Wide.Sbb(w[i], z[i], ref bw);
            x[i] = Wide.Sbb(x[i], y[i], ref bx);
        }

        if (bx != 0)
        {
            AddMasked(x, p, ulong.MaxValue, m);
        }
    }

    /// <summary>
    /// Turns the inverse of the internal representation into the internal representation of the inverse (nothing
    /// to do when the two coincide, as in the Solinas fields).
    /// </summary>
    protected virtual void AdjustInverse(Span<uint> r)
    {
    }

    /// <summary>u += p &amp; mask over m limbs; returns the carry.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong AddMasked(ulong* u, ulong* p, ulong mask, int m)
    {
        ulong c = 0;
        for (int i = 0; i < m; i++)
        {
            ulong pi = p[i] & mask;
            ulong s = u[i] + pi;
            ulong c1 = Wide.Carry(u[i], pi, s);
            ulong s2 = s + c;
            c = c1 | Wide.Carry(s, c, s2);
            u[i] = s2;
        }

        return c;
    }

    /// <summary>r = a + b mod p: one conditional subtraction of p, taken when the sum carried or sum - p did not borrow.</summary>
    [MethodImpl(Hot.Optimize)]
    public override void Add(Span<uint> r, ReadOnlySpan<uint> a, ReadOnlySpan<uint> b)
    {
        int n = _p.Length;
        Debug.Assert(r.Length == n && a.Length == n && b.Length == n);
        fixed (uint* pr = r, pa = a, pb = b, pp = _p)
        {
            ulong c = 0;
            for (int i = 0; i < n; i++)
            {
                c += (ulong)pa[i] + pb[i];
                pr[i] = (uint)c;
                c >>= 32;
            }

            ReduceOnce(pr, (uint)c, pp, n);
        }
    }

    /// <summary>r = a - b mod p: p is added back under a mask exactly when the subtraction borrowed.</summary>
    [MethodImpl(Hot.Optimize)]
    public override void Sub(Span<uint> r, ReadOnlySpan<uint> a, ReadOnlySpan<uint> b)
    {
        int n = _p.Length;
        Debug.Assert(r.Length == n && a.Length == n && b.Length == n);
        fixed (uint* pr = r, pa = a, pb = b, pp = _p)
        {
            uint borrow = 0;
            for (int i = 0; i < n; i++)
            {
                ulong d = (ulong)pa[i] - pb[i] - borrow;
                pr[i] = (uint)d;
                borrow = (uint)(d >> 63);
            }

            uint mask = 0u - borrow;
            ulong c = 0;
            for (int i = 0; i < n; i++)
            {
                c += (ulong)pr[i] + (pp[i] & mask);
                pr[i] = (uint)c;
                c >>= 32;
            }
        }
    }

    /// <summary>
    /// r = r - p when r &gt;= p (r &lt; 2p on entry, n 32-bit limbs plus an extra top bit <paramref name="top"/>):
    /// the borrow of r - p is computed first without storing, then p is subtracted under a mask. No temporary.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    protected static void ReduceOnce(uint* r, uint top, uint* p, int n)
    {
        uint borrow = 0;
        for (int i = 0; i < n; i++)
        {
            ulong d = (ulong)r[i] - p[i] - borrow;
            borrow = (uint)(d >> 63);
        }

        uint mask = 0u - (top | (borrow ^ 1u));
        borrow = 0;
        for (int i = 0; i < n; i++)
        {
            ulong d = (ulong)r[i] - (p[i] & mask) - borrow;
            r[i] = (uint)d;
            borrow = (uint)(d >> 63);
        }
    }
}

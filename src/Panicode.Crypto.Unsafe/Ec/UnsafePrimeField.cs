// The Unsafe flavour's GF(p) base (SEC 1 v2 §2.1.1): the same contract as the Reference PrimeField (elements
// fully reduced, nothing branches or indexes memory on element values), with the limbs reached through
// pointers so the JIT emits no bounds checks, and temporaries on the stack. Elements keep the Reference's
// 32-bit limb layout at the JacobianGroup seam; multiplication reads them as 64-bit limbs (little-endian
// pairs), which the backend guarantees by choosing this flavour only on little-endian machines.

using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using Panicode.Crypto.Ec;

namespace Panicode.Crypto.Unsafe.Ec;

internal abstract unsafe class UnsafePrimeField : PrimeField
{
    private readonly uint[] _p;

    protected UnsafePrimeField(uint[] modulus)
        : base(modulus)
    {
        _p = modulus;
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

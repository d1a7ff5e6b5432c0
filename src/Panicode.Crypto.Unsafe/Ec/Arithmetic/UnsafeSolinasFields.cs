// GF(p192) and GF(p256) with the multiplication and the generalized-Mersenne reduction fused (FIPS 186-4
// Appendix D.2.1 and D.2.3; the paper's §4.2 uses the same reduction for secp192r1): the 2n-word product is
// formed with 64-bit limbs in a stack buffer and the D.2 word sums are written out as straight-line code
// over its 32-bit words (no term tables, no bounds checks), then folded and conditionally reduced.

using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using Panicode.Crypto.Ec;

namespace Panicode.Crypto.Unsafe.Ec;

/// <summary>
/// The shared part of the Solinas fields: the 64-bit-limb product into a stack buffer, handed to the prime's own
/// word sums, and the common tail folding the signed carry with delta = 2^W - p.
/// </summary>
[SkipLocalsInit]
internal abstract unsafe class UnsafeSolinasField : UnsafePrimeField
{
    private readonly uint[] _p;
    private readonly uint[] _delta;
    private readonly uint[] _one;

    protected UnsafeSolinasField(uint[] modulus)
        : base(modulus)
    {
        _p = modulus;
        int n = modulus.Length;
        _delta = new uint[n];
        uint borrow = 0;
        for (int i = 0; i < n; i++)
        {
            ulong d = 0UL - modulus[i] - borrow;
            _delta[i] = (uint)d;
            borrow = (uint)(d >> 63);
        }

        _one = new uint[n];
        _one[0] = 1;
    }

    public override ReadOnlySpan<uint> One => _one;

    [MethodImpl(Hot.Optimize)]
    public override void Mul(Span<uint> r, ReadOnlySpan<uint> a, ReadOnlySpan<uint> b)
    {
        int m = _p.Length / 2;
        Debug.Assert(r.Length == 2 * m && a.Length == 2 * m && b.Length == 2 * m);
        ulong* t = stackalloc ulong[2 * m];
        fixed (uint* pa = a, pb = b, pr = r)
        {
            Wide.MulFull(t, (ulong*)pa, (ulong*)pb, m);
            Reduce((uint*)t, pr);
        }

        ClearProduct(t);
    }

    [MethodImpl(Hot.Optimize)]
    public override void Sqr(Span<uint> r, ReadOnlySpan<uint> a)
    {
        int m = _p.Length / 2;
        Debug.Assert(r.Length == 2 * m && a.Length == 2 * m);
        ulong* t = stackalloc ulong[2 * m];
        fixed (uint* pa = a, pr = r)
        {
            Wide.SqrFull(t, (ulong*)pa, m);
            Reduce((uint*)t, pr);
        }

        ClearProduct(t);
    }

    /// <summary>Reduces the 2n-word product a (32-bit words) into r, fully.</summary>
    protected abstract void Reduce(uint* a, uint* r);

    public override void ToInternal(Span<uint> r, ReadOnlySpan<uint> canonical) => canonical.CopyTo(r);

    public override void FromInternal(Span<uint> r, ReadOnlySpan<uint> a) => a.CopyTo(r);

    /// <summary>
    /// Finishes a reduction that left r (n words) plus a small signed carry c: two folds r += c delta (the first
    /// leaves a carry in {-1, 0, 1}, the second none, as NistPrimeField.Reduce argues), then r - p when r &gt;= p.
    /// The folds always run, so the sequence of operations does not depend on the value.
    /// </summary>
    /// <summary>Clears a 2n-word product (it may derive from secret values).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void ClearProduct(ulong* t) => Wide.Clear(t, _p.Length);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    protected void Finish(uint* r, long c)
    {
        int n = _p.Length;
        fixed (uint* delta = _delta, p = _p)
        {
            for (int fold = 0; fold < 2; fold++)
            {
                long carry = 0;
                for (int i = 0; i < n; i++)
                {
                    long s = r[i] + (c * delta[i]) + carry;
                    r[i] = (uint)s;
                    carry = s >> 32;
                }

                c = carry;
            }

            Debug.Assert(c == 0);
            ReduceOnce(r, 0, p, n);
        }
    }
}

/// <summary>p192 = 2^192 - 2^64 - 1: three 64-bit limbs.</summary>
[SkipLocalsInit]
internal sealed unsafe class UnsafeP192Field : UnsafeSolinasField
{
    public UnsafeP192Field()
        : base(ReferenceBackend.ToLimbs(CurveParameters.P192.P))
    {
    }

    /// <summary>D.2.1: B = T + S1 + S2 + S3 with T = (A2, A1, A0), S1 = (0, A3, A3), S2 = (A4, A4, 0), S3 = (A5, A5, A5).</summary>
    [MethodImpl(Hot.Optimize)]
    protected override void Reduce(uint* a, uint* r)
    {
        long s;
        s = (long)a[0] + a[6] + a[10];
        r[0] = (uint)s;
        s = (s >> 32) + a[1] + a[7] + a[11];
        r[1] = (uint)s;
        s = (s >> 32) + a[2] + a[6] + a[8] + a[10];
        r[2] = (uint)s;
        s = (s >> 32) + a[3] + a[7] + a[9] + a[11];
        r[3] = (uint)s;
        s = (s >> 32) + a[4] + a[8] + a[10];
        r[4] = (uint)s;
        s = (s >> 32) + a[5] + a[9] + a[11];
        r[5] = (uint)s;
        Finish(r, s >> 32);
    }
}

/// <summary>p256 = 2^256 - 2^224 + 2^192 + 2^96 - 1: four 64-bit limbs.</summary>
[SkipLocalsInit]
internal sealed unsafe class UnsafeP256Field : UnsafeSolinasField
{
    public UnsafeP256Field()
        : base(ReferenceBackend.ToLimbs(CurveParameters.P256.P))
    {
    }

    /// <summary>
    /// D.2.3: B = T + 2 S1 + 2 S2 + S3 + S4 - D1 - D2 - D3 - D4, collected per output word (each line is the sum of
    /// the terms' words at that position, e.g. word 0 takes A0 from T, A8 from S3, A9 from S4, and A11..A14 from
    /// D1..D4). The signed carry stays in [-4, 8].
    /// </summary>
    [MethodImpl(Hot.Optimize)]
    protected override void Reduce(uint* a, uint* r)
    {
        long a8 = a[8], a9 = a[9], a10 = a[10], a11 = a[11], a12 = a[12], a13 = a[13], a14 = a[14], a15 = a[15];
        long s;
        s = a[0] + a8 + a9 - a11 - a12 - a13 - a14;
        r[0] = (uint)s;
        s = (s >> 32) + a[1] + a9 + a10 - a12 - a13 - a14 - a15;
        r[1] = (uint)s;
        s = (s >> 32) + a[2] + a10 + a11 - a13 - a14 - a15;
        r[2] = (uint)s;
        s = (s >> 32) + a[3] + (2 * (a11 + a12)) + a13 - a15 - a8 - a9;
        r[3] = (uint)s;
        s = (s >> 32) + a[4] + (2 * (a12 + a13)) + a14 - a9 - a10;
        r[4] = (uint)s;
        s = (s >> 32) + a[5] + (2 * (a13 + a14)) + a15 - a10 - a11;
        r[5] = (uint)s;
        s = (s >> 32) + a[6] + (3 * a14) + (2 * a15) + a13 - a8 - a9;
        r[6] = (uint)s;
        s = (s >> 32) + a[7] + (3 * a15) + a8 - a10 - a11 - a12 - a13;
        r[7] = (uint)s;
        Finish(r, s >> 32);
    }
}

// GF(p) for any odd prime p in Montgomery form x R mod p with R = 2^(64 m), m = ceil(n / 2) 64-bit limbs:
// coarsely integrated operand scanning (Koç, Acar and Kaliski, IEEE Micro 1996, §4), the multiplication and the
// reduction interleaved in one pass over a stack buffer. The Unsafe flavour's scalar field mod n of every curve
// (the ECDSA layer's arithmetic). Elements keep the 32-bit layout at the seam; with an odd number
// of 32-bit limbs they are widened into a stack copy, otherwise read in place as 64-bit limbs.

using System;
using System.Diagnostics;
using System.Numerics;
using System.Runtime.CompilerServices;
using Panicode.Crypto.Ec;

namespace Panicode.Crypto.Unsafe.Ec;

[SkipLocalsInit]
internal sealed unsafe class UnsafeMontgomeryField : UnsafePrimeField
{
    private readonly int _n;        // 32-bit limbs
    private readonly int _m;        // 64-bit limbs
    private readonly ulong[] _p64;
    private readonly ulong _m0;     // -p^-1 mod 2^64
    private readonly uint[] _one;   // R mod p
    private readonly uint[] _r2;    // R^2 mod p
    private readonly uint[] _r3;    // R^3 mod p
    private readonly uint[] _shift; // 2^(32 n) R mod p: Montgomery-multiplying by it shifts left by n 32-bit limbs

    public UnsafeMontgomeryField(uint[] modulus)
        : base(modulus)
    {
        _n = modulus.Length;
        _m = (_n + 1) / 2;
        _p64 = Modulus64;

        // Newton's iteration x = x (2 - p x) doubles the correct low bits of p^-1 each step, from 3 bits (p p = 1 mod 8).
        ulong p0 = _p64[0];
        ulong inv = p0;
        for (int i = 0; i < 5; i++)
        {
            inv *= 2 - (p0 * inv);
        }

        Debug.Assert(inv * p0 == 1);
        _m0 = 0UL - inv;

        BigInteger p = MontgomeryField.ToBigInteger(modulus);
        BigInteger r = BigInteger.One << (64 * _m);
        _one = MontgomeryField.FromBigInteger(r % p, _n);
        _r2 = MontgomeryField.FromBigInteger(r * r % p, _n);
        _r3 = MontgomeryField.FromBigInteger(r * r * r % p, _n);
        _shift = MontgomeryField.FromBigInteger((BigInteger.One << (32 * _n)) * r % p, _n);
    }

    public override ReadOnlySpan<uint> One => _one;

    /// <summary>r = a b R^-1 mod p; r may alias a or b.</summary>
    [MethodImpl(Hot.Optimize)]
    public override void Mul(Span<uint> r, ReadOnlySpan<uint> a, ReadOnlySpan<uint> b)
    {
        Debug.Assert(r.Length == _n && a.Length == _n && b.Length == _n);
        int m = _m;
        ulong* t = stackalloc ulong[m + 2];
        fixed (uint* pa = a, pb = b, pr = r)
        fixed (ulong* p = _p64)
        {
            if ((_n & 1) == 0)
            {
                Limb.MontMul(t, (ulong*)pa, (ulong*)pb, p, _m0, m);
            }
            else
            {
                ulong* wa = stackalloc ulong[m];
                ulong* wb = stackalloc ulong[m];
                Widen(pa, wa, _n);
                Widen(pb, wb, _n);
                Limb.MontMul(t, wa, wb, p, _m0, m);
                Limb.Clear(wa, m);
                Limb.Clear(wb, m);
            }

            Narrow(t, pr, _n);
            Limb.Clear(t, m + 2);
        }
    }

    /// <summary>The binary GCD inverts x R into x^-1 R^-1; one multiplication by R^3 gives x^-1 R.</summary>
    protected override void AdjustInverse(Span<uint> r) => Mul(r, r, _r3);

    /// <summary>
    /// Reduces a big-endian integer of any length by Horner's rule over chunks of n 32-bit limbs (most significant
    /// first): acc = acc 2^(32 n) + chunk, each step two Montgomery multiplications and an addition, instead of the
    /// Reference's bit at a time. A chunk c &lt; 2^(32 n) &lt;= R converts exactly (c R^2 &lt; R p). Time depends only on
    /// the input length.
    /// </summary>
    [MethodImpl(Hot.Optimize)]
    public override void Reduce(ReadOnlySpan<byte> bigEndian, Span<uint> r)
    {
        int chunk = 4 * _n;
        Span<uint> c = stackalloc uint[_n];
        r.Clear();
        int pos = 0;
        int first = bigEndian.Length % chunk;
        while (pos < bigEndian.Length)
        {
            int length = pos == 0 && first != 0 ? first : chunk;
            Limbs.FromBigEndian(bigEndian.Slice(pos, length), c);
            Mul(r, r, _shift);
            Mul(c, c, _r2);
            Add(r, r, c);
            pos += length;
        }

        c.Clear();
    }

    public override void ToInternal(Span<uint> r, ReadOnlySpan<uint> canonical) => Mul(r, canonical, _r2);

    public override void FromInternal(Span<uint> r, ReadOnlySpan<uint> a)
    {
        Span<uint> one = stackalloc uint[_n];
        one.Clear();
        one[0] = 1;
        Mul(r, a, one);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Widen(uint* src, ulong* dst, int n)
    {
        for (int i = 0; i < n / 2; i++)
        {
            dst[i] = ((ulong*)src)[i];
        }

        dst[n / 2] = src[n - 1];
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Narrow(ulong* src, uint* dst, int n)
    {
        uint* s = (uint*)src;
        for (int i = 0; i < n; i++)
        {
            dst[i] = s[i];
        }
    }
}

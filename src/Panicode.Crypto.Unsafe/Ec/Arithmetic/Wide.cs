// 64-bit limb arithmetic for the Unsafe field code: 64 x 64 -> 128-bit products (Math.BigMul, which the JIT
// turns into one MUL or MULX, on .NET; four 32-bit products on netstandard2.0) and carries computed
// arithmetically, so no step branches on limb values.

using System;
using System.Runtime.CompilerServices;

namespace Panicode.Crypto.Unsafe.Ec;

internal static unsafe class Wide
{
    /// <summary>Returns the high half of a * b and stores the low half in <paramref name="low"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong Mul(ulong a, ulong b, out ulong low)
    {
#if NET
        return Math.BigMul(a, b, out low);
#else
        ulong a0 = (uint)a;
        ulong a1 = a >> 32;
        ulong b0 = (uint)b;
        ulong b1 = b >> 32;
        ulong p00 = a0 * b0;
        ulong p01 = a0 * b1;
        ulong p10 = a1 * b0;
        ulong mid = (p00 >> 32) + (uint)p01 + (uint)p10;
        low = (mid << 32) | (uint)p00;
        return (a1 * b1) + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
#endif
    }

    /// <summary>
    /// (high, low) = a * b + c + d, which fits 128 bits: (2^64 - 1)^2 + 2 (2^64 - 1) = 2^128 - 1.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong MulAdd(ulong a, ulong b, ulong c, ulong d, out ulong low)
    {
        ulong hi = Mul(a, b, out ulong lo);
        ulong s = lo + c;
        hi += Carry(lo, c, s);
        lo = s + d;
        hi += Carry(s, d, lo);
        low = lo;
        return hi;
    }

    /// <summary>The carry out of s = x + y (mod 2^64), without a comparison the JIT could turn into a branch.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong Carry(ulong x, ulong y, ulong s) => ((x & y) | ((x | y) & ~s)) >> 63;

    /// <summary>The borrow out of d = x - y (mod 2^64).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong Borrow(ulong x, ulong y, ulong d) => ((~x & y) | (~(x ^ y) & d)) >> 63;

    /// <summary>Zeroes count limbs (temporaries that may derive from secrets).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Clear(ulong* t, int count)
    {
        for (int i = 0; i < count; i++)
        {
            t[i] = 0;
        }
    }

    /// <summary>t = a * b, schoolbook on n limbs; t has 2 n limbs and must not overlap a or b.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void MulFull(ulong* t, ulong* a, ulong* b, int n)
    {
        ulong bi = b[0];
        ulong c = 0;
        for (int j = 0; j < n; j++)
        {
            c = MulAdd(a[j], bi, c, 0, out t[j]);
        }

        t[n] = c;
        for (int i = 1; i < n; i++)
        {
            bi = b[i];
            c = 0;
            ulong* ti = t + i;
            for (int j = 0; j < n; j++)
            {
                c = MulAdd(a[j], bi, ti[j], c, out ti[j]);
            }

            ti[n] = c;
        }
    }

    /// <summary>
    /// t = a^2 on n limbs: the cross products a_i a_j (i &lt; j) once, doubled by a one-bit shift, plus the squares
    /// a_i^2. About half the multiplications of <see cref="MulFull"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void SqrFull(ulong* t, ulong* a, int n)
    {
        t[0] = 0;
        t[2 * n - 1] = 0;
        ulong c = 0;
        ulong a0 = a[0];
        for (int j = 1; j < n; j++)
        {
            c = MulAdd(a0, a[j], c, 0, out t[j]);
        }

        t[n] = c;
        for (int i = 1; i < n - 1; i++)
        {
            ulong ai = a[i];
            c = 0;
            ulong* ti = t + i;
            for (int j = i + 1; j < n; j++)
            {
                c = MulAdd(ai, a[j], ti[j], c, out ti[j]);
            }

            ti[n] = c;
        }

        // The cross-product sum is below a^2 / 2, so doubling it cannot overflow 2 n limbs.
        ulong top = 0;
        for (int k = 1; k < 2 * n; k++)
        {
            ulong v = t[k];
            t[k] = (v << 1) | top;
            top = v >> 63;
        }

        ulong carry = 0;
        for (int i = 0; i < n; i++)
        {
            ulong hi = Mul(a[i], a[i], out ulong lo);
            ulong s = t[2 * i] + lo;
            ulong c1 = Carry(t[2 * i], lo, s);
            ulong s2 = s + carry;
            c1 += Carry(s, carry, s2);
            t[2 * i] = s2;
            ulong u = t[(2 * i) + 1] + hi;
            ulong c2 = Carry(t[(2 * i) + 1], hi, u);
            ulong u2 = u + c1;
            c2 += Carry(u, c1, u2);
            t[(2 * i) + 1] = u2;
            carry = c2;
        }
    }
}

// 64-bit word arithmetic for the multi-precision Montgomery layer: 64 x 64 -> 128-bit products and carries
// that no step branches on. Math.BigMul on .NET (one MUL/MULX or UMULH); four 32-bit products on netstandard2.0
// and wherever a caller asks for the portable path (PANICODE_FORCE_PORTABLE=1 in the Unsafe flavour).

using System;
using System.Runtime.CompilerServices;

namespace Panicode.Crypto.Modular;

internal static class Word
{
    /// <summary>Returns the high half of a * b; <paramref name="low"/> receives the low half.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong Mul(ulong a, ulong b, out ulong low)
    {
#if NET
        return Math.BigMul(a, b, out low);
#else
        return MulPortable(a, b, out low);
#endif
    }

    /// <summary>
    /// a * b from four 32 x 32 -> 64-bit products (schoolbook on half-words); no intrinsic. The middle sum
    /// (p00 >> 32) + (uint)p01 + (uint)p10 &lt; 3 * 2^32 cannot overflow.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong MulPortable(ulong a, ulong b, out ulong low)
    {
        ulong a0 = (uint)a, a1 = a >> 32, b0 = (uint)b, b1 = b >> 32;
        ulong p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
        ulong mid = (p00 >> 32) + (uint)p01 + (uint)p10;
        low = (mid << 32) | (uint)p00;
        return p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
    }

    /// <summary>The carry out of s = x + y (0 or 1), from the operands' top bits (Hacker's Delight §2-13).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong Carry(ulong x, ulong y, ulong s) => ((x & y) | ((x | y) & ~s)) >> 63;

    /// <summary>The borrow out of d = x - y (0 or 1), from the top bits.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong Borrow(ulong x, ulong y, ulong d) => ((~x & y) | (~(x ^ y) & d)) >> 63;

    /// <summary>x + y + carry; <paramref name="carry"/> (0 or 1) becomes the carry out.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong Add(ulong x, ulong y, ref ulong carry)
    {
        ulong s = x + y;
        ulong c = Carry(x, y, s);
        ulong t = s + carry;
        carry = c | Carry(s, carry, t);
        return t;
    }

    /// <summary>x - y - borrow; <paramref name="borrow"/> (0 or 1) becomes the borrow out.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong Sub(ulong x, ulong y, ref ulong borrow)
    {
        ulong d = x - y;
        ulong b = Borrow(x, y, d);
        ulong t = d - borrow;
        borrow = b | Borrow(d, borrow, t);
        return t;
    }

    /// <summary>All ones when x == y, else 0.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong EqMask(ulong x, ulong y)
    {
        ulong q = x ^ y;
        return ((q | (0UL - q)) >> 63) - 1;
    }
}

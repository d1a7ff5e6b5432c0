// 64-bit limb arithmetic for the Unsafe field code: 64 x 64 -> 128-bit products (on x64 with BMI2 the low half
// by IMUL and the high half by MULX; else Math.BigMul on .NET, four 32-bit products on netstandard2.0) and carries
// that no step branches on: on .NET a comparison materialised as a byte (CMP + SETB), elsewhere computed from the
// operands' top bits.

using System;
using System.Runtime.CompilerServices;
#if NET
using System.Runtime.Intrinsics.X86;
#endif

namespace Panicode.Crypto.Unsafe.Ec;

internal static unsafe class Wide
{
    /// <summary>
    /// Returns the high half of a * b and stores the low half in <paramref name="low"/>. On .NET 10 Math.BigMul
    /// (and UInt128's multiplication) writes the low half of its MULX to the stack and reads it back; in the
    /// Montgomery reductions, where each round's quotient depends on the last round's low halves, that round trip
    /// sits on the critical path (measured in docs/benchmarks.md, "EC field arithmetic and point formulas", step 1). A second multiplication for the low half (IMUL) keeps both halves in registers.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong Mul(ulong a, ulong b, out ulong low)
    {
#if NET
        if (Bmi2.X64.IsSupported)
        {
            low = a * b;
            return Bmi2.X64.MultiplyNoFlags(a, b);
        }

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
    public static ulong Carry(ulong x, ulong y, ulong s)
    {
#if NET
        // s = x + y wrapped exactly when s < x. The comparison's flag is materialised as a byte (SETB/CSET), not
        // branched on: the bool goes straight into an integer, which the JIT compiles without a jump.
        return System.Runtime.CompilerServices.Unsafe.BitCast<bool, byte>(s < x);
#else
        return ((x & y) | ((x | y) & ~s)) >> 63;
#endif
    }

    /// <summary>The borrow out of d = x - y (mod 2^64).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong Borrow(ulong x, ulong y, ulong d)
    {
#if NET
        return System.Runtime.CompilerServices.Unsafe.BitCast<bool, byte>(x < y);
#else
        return ((~x & y) | (~(x ^ y) & d)) >> 63;
#endif
    }

    /// <summary>Zeroes count limbs (temporaries that may derive from secrets).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Clear(ulong* t, int count)
    {
        for (int i = 0; i < count; i++)
        {
            t[i] = 0;
        }
    }
}

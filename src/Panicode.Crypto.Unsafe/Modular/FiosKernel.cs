// Montgomery multiplication for the Unsafe flavour: Finely Integrated Operand Scanning (Koç, Acar and Kaliski 1996,
// §5) on pointers, with the multiplication by b[i] and the reduction by m n in one inner loop (two carry chains),
// t kept on the stack. The 64 x 64 -> 128-bit product comes from a word multiplier chosen once: MULX
// (Bmi2.X64.MultiplyNoFlags), Math.BigMul, or four 32-bit products (PANICODE_FORCE_PORTABLE=1, netstandard2.0).

using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using Panicode.Crypto.Ec;
using Panicode.Crypto.Modular;

namespace Panicode.Crypto.Unsafe.Modular;

/// <summary>A 64 x 64 -> 128-bit multiplier: returns the high half and stores the low half.</summary>
internal interface IWordMultiplier
{
    ulong Mul(ulong a, ulong b, out ulong low);
}

/// <summary>Four 32 x 32 -> 64-bit products; no intrinsic.</summary>
internal readonly struct PortableMultiplier : IWordMultiplier
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong Mul(ulong a, ulong b, out ulong low) => Wide.MulPortable(a, b, out low);
}

/// <summary>
/// <see cref="Wide.Mul"/>: MULX for the high half and IMUL for the low where EcIntrinsics allows BMI2 (Math.BigMul
/// writes MULX's low half to the stack and reads it back, which sits on the carry chain here), else Math.BigMul.
/// </summary>
internal readonly struct WideMultiplier : IWordMultiplier
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong Mul(ulong a, ulong b, out ulong low) => Wide.Mul(a, b, out low);
}

/// <summary>The FIOS kernel over a word multiplier.</summary>
internal readonly unsafe struct FiosKernel<TMul> : IMontgomeryKernel
    where TMul : struct, IWordMultiplier
{
    public void Multiply(Span<ulong> r, ReadOnlySpan<ulong> a, ReadOnlySpan<ulong> b, ReadOnlySpan<ulong> n, ulong n0)
    {
        Debug.Assert(a.Length >= n.Length && b.Length >= n.Length && r.Length >= n.Length);
        fixed (ulong* pr = r, pa = a, pb = b, pn = n)
        {
            Mul(pr, pa, pb, pn, n0, n.Length);
        }
    }

    public void Square(Span<ulong> r, ReadOnlySpan<ulong> a, ReadOnlySpan<ulong> n, ulong n0)
    {
        fixed (ulong* pr = r, pa = a, pn = n)
        {
            // FIOS with a = b: a separate SOS squaring (k(k+1)/2 + k^2 products) measured slower here than this loop
            // (docs/benchmarks.md, "RSA and the Montgomery layer").
            Mul(pr, pa, pa, pn, n0, n.Length);
        }
    }

    // (high, low) = x y + c + d, below 2^128 (see Wide.MulAdd).
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong MulAdd(ulong x, ulong y, ulong c, ulong d, out ulong low)
    {
        ulong hi = default(TMul).Mul(x, y, out ulong lo);
        ulong s = lo + c;
        hi += Carry(s, c);
        low = s + d;
        hi += Carry(low, d);
        return hi;
    }

    // The carry out of s = x + y is s < y; on .NET the JIT emits CMP + SETB, no branch.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong Carry(ulong s, ulong y) => s < y ? 1UL : 0UL;

    // Bounds: t < 2n on entry to each round, so t + a b_i + m n < 2n + (R + n) 2^64, and after the shift by a limb
    // t < 2R: k limbs and a top bit (t[k] <= 1). At the end t < (a b + M n) / R < 2n: one subtraction of n.
    [SkipLocalsInit]
    private static void Mul(ulong* r, ulong* a, ulong* b, ulong* n, ulong n0, int k)
    {
        // stackalloc bound: k <= Modulus.MaxLimbs.
        ulong* t = stackalloc ulong[k + 1];
        for (int j = 0; j <= k; j++)
        {
            t[j] = 0;
        }

        for (int i = 0; i < k; i++)
        {
            ulong bi = b[i];
            ulong c1 = MulAdd(a[0], bi, t[0], 0, out ulong s);
            ulong m = s * n0;
            ulong c2 = MulAdd(m, n[0], s, 0, out _);
            for (int j = 1; j < k; j++)
            {
                c1 = MulAdd(a[j], bi, t[j], c1, out s);
                c2 = MulAdd(m, n[j], s, c2, out t[j - 1]);
            }

            ulong top = t[k] + c1;
            ulong carry = Carry(top, c1);
            ulong last = top + c2;
            carry += Carry(last, c2);
            t[k - 1] = last;
            t[k] = carry;
        }

        // r = t - n when t >= n (or t has its top bit), else t; computed either way, chosen by a mask.
        ulong borrow = 0;
        for (int j = 0; j < k; j++)
        {
            ulong x = t[j];
            ulong d = x - n[j];
            ulong b1 = x < n[j] ? 1UL : 0UL;
            ulong d2 = d - borrow;
            borrow = b1 | (d < borrow ? 1UL : 0UL);
            r[j] = d2;
        }

        ulong keep = 0UL - ((t[k] | (borrow ^ 1)) ^ 1);   // all ones when t < n: keep t
        for (int j = 0; j < k; j++)
        {
            r[j] = (r[j] & ~keep) | (t[j] & keep);
            t[j] = 0;
        }
    }
}

/// <summary>The Unsafe flavour's Montgomery layer: MULX where the CPU has BMI2, else Math.BigMul, else portable.</summary>
internal static class UnsafeModular
{
    private static readonly ModularArithmetic s_portable = new ModularArithmetic<FiosKernel<PortableMultiplier>>("Unsafe (portable)");

    public static readonly ModularArithmetic Instance = Create(forcePortable: !Internal.CpuFeatures.IntrinsicsAllowed);

    /// <summary>The layer on the best multiplier allowed; the portable one when <paramref name="forcePortable"/>.</summary>
    public static ModularArithmetic Create(bool forcePortable)
    {
        if (forcePortable)
        {
            return s_portable;
        }
#if NET
        return new ModularArithmetic<FiosKernel<WideMultiplier>>(EcIntrinsics.Bmi2X64 ? "Unsafe (MULX)" : "Unsafe (BigMul)");
#else
        return s_portable;
#endif
    }
}

// Montgomery multiplication, Coarsely Integrated Operand Scanning (Koç, Acar and Kaliski 1996, §4): for each limb
// b[i], add a * b[i] into t, then add the multiple m n of the modulus that clears t's low limb and shift t down a
// limb. The safe kernel of both flavours' Montgomery layer (the Unsafe flavour adds pointer kernels).

using System;
using System.Diagnostics;

namespace Panicode.Crypto.Modular;

/// <summary>A Montgomery product r = a b R^-1 mod n, R = 2^(64 n.Length), over a flavour's word arithmetic.</summary>
internal interface IMontgomeryKernel
{
    /// <summary>
    /// r = a b R^-1 mod n, fully reduced (r &lt; n), for a b &lt; n R (for instance a &lt; R and b &lt; n). r may be
    /// a or b. Constant time: no branch or index depends on a, b or n.
    /// </summary>
    void Multiply(Span<ulong> r, ReadOnlySpan<ulong> a, ReadOnlySpan<ulong> b, ReadOnlySpan<ulong> n, ulong n0);

    /// <summary>r = a^2 R^-1 mod n under the same conditions.</summary>
    void Square(Span<ulong> r, ReadOnlySpan<ulong> a, ReadOnlySpan<ulong> n, ulong n0);
}

/// <summary>The safe CIOS kernel on <see cref="Word.Mul"/> (Math.BigMul on .NET, 32-bit products on netstandard2.0).</summary>
internal readonly struct CiosKernel : IMontgomeryKernel
{
    // Bounds: after step i, t < (a b_0..i + m_0..i n) / 2^(64(i+1)) < a + n < 2R, so t fits k + 1 limbs and the
    // intermediate carry limb t[k + 1] is at most 1; at the end t < (a b + M n) / R < 2n, one subtraction of n.
    public void Multiply(Span<ulong> r, ReadOnlySpan<ulong> a, ReadOnlySpan<ulong> b, ReadOnlySpan<ulong> n, ulong n0)
    {
        int k = n.Length;
        Debug.Assert(a.Length >= k && b.Length >= k && r.Length >= k);
        // stackalloc bound: k <= Modulus.MaxLimbs.
        Span<ulong> t = stackalloc ulong[k + 2];
        t.Clear();
        for (int i = 0; i < k; i++)
        {
            ulong bi = b[i];
            ulong c = 0;
            for (int j = 0; j < k; j++)
            {
                c = Limbs64.MulAdd(a[j], bi, t[j], c, out t[j]);
            }

            ulong s = t[k] + c;
            t[k + 1] = Word.Carry(t[k], c, s);
            t[k] = s;

            ulong m = t[0] * n0;
            c = Limbs64.MulAdd(m, n[0], t[0], 0, out _);
            for (int j = 1; j < k; j++)
            {
                c = Limbs64.MulAdd(m, n[j], t[j], c, out t[j - 1]);
            }

            s = t[k] + c;
            t[k - 1] = s;
            t[k] = t[k + 1] + Word.Carry(t[k], c, s);
        }

        Limbs64.SubtractIf(t.Slice(0, k), n, t[k]);
        t.Slice(0, k).CopyTo(r);
        t.Clear();
    }

    public void Square(Span<ulong> r, ReadOnlySpan<ulong> a, ReadOnlySpan<ulong> n, ulong n0) => Multiply(r, a, a, n, n0);
}

// Montgomery multiplication, Coarsely Integrated Operand Scanning (Koç, Acar and Kaliski 1996, §4): for each limb
// b[i], add a * b[i] into t, then add the multiple m n of the modulus that clears t's low limb and shift t down a
// limb. The safe kernel of both flavours' Montgomery layer (the Unsafe flavour adds pointer kernels).

using System;
using System.Diagnostics;
using Panicode.Crypto.Ec;

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

/// <summary>The safe CIOS kernel on <see cref="Wide.Mul"/> (MULX or Math.BigMul on .NET, 32-bit products on netstandard2.0).</summary>
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
                c = Wide.MulAdd(a[j], bi, t[j], c, out t[j]);
            }

            ulong s = t[k] + c;
            t[k + 1] = Wide.Carry(t[k], c, s);
            t[k] = s;

            ulong m = t[0] * n0;
            c = Wide.MulAdd(m, n[0], t[0], 0, out _);
            for (int j = 1; j < k; j++)
            {
                c = Wide.MulAdd(m, n[j], t[j], c, out t[j - 1]);
            }

            s = t[k] + c;
            t[k - 1] = s;
            t[k] = t[k + 1] + Wide.Carry(t[k], c, s);
        }

        Limbs64.SubtractIf(t.Slice(0, k), n, t[k]);
        t.Slice(0, k).CopyTo(r);
        t.Clear();
    }

    // Squaring by Separated Operand Scanning (Koç, Acar and Kaliski 1996, §3): the 2k-limb square from the k(k - 1)/2
    // cross products doubled plus the k diagonal ones, then k rows of Montgomery reduction; about 1.5 k^2 word products
    // against 2 k^2. a^2 + M n < n^2 + R n, so the reduced value is below 2n (its top bit in `extra`).
    public void Square(Span<ulong> r, ReadOnlySpan<ulong> a, ReadOnlySpan<ulong> n, ulong n0)
    {
        int k = n.Length;
        // stackalloc bound: k <= Modulus.MaxLimbs.
        Span<ulong> t = stackalloc ulong[2 * k];
        t.Clear();
        for (int i = 0; i < k - 1; i++)
        {
            ulong c = 0;
            for (int j = i + 1; j < k; j++)
            {
                c = Wide.MulAdd(a[i], a[j], t[i + j], c, out t[i + j]);
            }

            t[i + k] = c;
        }

        ulong shifted = 0, carry = 0;
        for (int i = 0; i < k; i++)
        {
            ulong lo = t[2 * i], hi = t[(2 * i) + 1];
            ulong dh = Wide.Mul(a[i], a[i], out ulong dl);
            ulong c0 = 0, c1 = 0;
            t[2 * i] = Wide.Adc((lo << 1) | shifted, dl, ref c0);
            t[2 * i] = Wide.Adc(t[2 * i], carry, ref c1);
            ulong c2 = c0 + c1;
            ulong c3 = 0, c4 = 0;
            t[(2 * i) + 1] = Wide.Adc((hi << 1) | (lo >> 63), dh, ref c3);
            t[(2 * i) + 1] = Wide.Adc(t[(2 * i) + 1], c2, ref c4);
            shifted = hi >> 63;
            carry = c3 + c4;
        }

        ulong extra = 0;
        for (int i = 0; i < k; i++)
        {
            ulong m = t[i] * n0;
            ulong c = 0;
            for (int j = 0; j < k; j++)
            {
                c = Wide.MulAdd(m, n[j], t[i + j], c, out t[i + j]);
            }

            ulong c5 = 0, c6 = 0;
            ulong s = Wide.Adc(t[i + k], c, ref c5);
            t[i + k] = Wide.Adc(s, extra, ref c6);
            extra = c5 + c6;
        }

        Span<ulong> u = t.Slice(k, k);
        Limbs64.SubtractIf(u, n, extra);
        u.CopyTo(r);
        t.Clear();
    }
}

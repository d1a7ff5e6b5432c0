// Constant-time modular inversion by divsteps (Bernstein and Yang, "Fast constant-time gcd computation and modular
// inversion", TCHES 2019): the divstep of §8 on (delta, f, g) with f = m, g = a, run a fixed number of times (the
// bound of Theorem 11.2), in batches of 62 steps on the low words only, whose 2x2 transition matrix is then applied
// to the whole f and g and to the Bezout coefficients d and e (the "jumps" of §10). Each step is straight-line mask
// arithmetic; the step count and every memory access depend only on the modulus' length. It replaces the
// exponentiation a^(m-2) where that costs a few hundred Montgomery products (P-521's order: about 650).

using System;
using System.Diagnostics;
using Panicode.Crypto.Ec;

namespace Panicode.Crypto.Modular;

/// <summary>r = a^-1 c mod m for an odd m in constant time (a = 0 gives 0).</summary>
internal static class DivstepInverse
{
    private const int Batch = 62;

    /// <summary>
    /// r = a^-1 c mod m for a &lt; m and c &lt; m (c = R^2 mod m turns the plain inverse of a Montgomery form a R into
    /// a^-1 R). The invariants f = d a / c and g = e a / c (mod m) hold from (f, g, d, e) = (m, a, 0, c); when g
    /// reaches 0, f = +-gcd(a, m) = +-1, so a^-1 c = +-d.
    /// </summary>
    public static void Invert(Modulus m, Span<ulong> r, ReadOnlySpan<ulong> a, ReadOnlySpan<ulong> c)
    {
        int n = m.Limbs;
        Debug.Assert(Limbs64.LessThan(a.Slice(0, n), m.N) == 1 && Limbs64.LessThan(c.Slice(0, n), m.N) == 1);

        // f and g are signed, two's complement in n + 1 limbs (|f|, |g| <= m never grow); d and e stay in [0, m).
        // stackalloc bound: the constant Modulus.MaxLimbs (256 limbs, about 8 KiB), sliced to this modulus; n <= MaxLimbs
        // because Modulus.FromBigEndian refuses longer moduli, and the slice throws rather than overrun if it ever were not.
        Span<ulong> buf = stackalloc ulong[(4 * Modulus.MaxLimbs) + 2].Slice(0, (4 * n) + 2);
        Span<ulong> f = buf.Slice(0, n + 1), g = buf.Slice(n + 1, n + 1);
        Span<ulong> d = buf.Slice(2 * (n + 1), n), e = buf.Slice((3 * n) + 2, n);
        m.N.CopyTo(f);
        f[n] = 0;
        a.Slice(0, n).CopyTo(g);
        g[n] = 0;
        d.Clear();
        c.Slice(0, n).CopyTo(e);

        // Theorem 11.2: g = 0 after floor((49 b + 80) / 17) divsteps (b < 46; 57 for b >= 46) for f, g < 2^b.
        int steps = ((49 * m.Bits) + 80) / 17;
        long delta = 1;
        for (int done = 0; done < steps; done += Batch)
        {
            // 2^62 (f', g') = (u f + v g, q f + s g): the matrix of the next 62 divsteps, from the low words alone.
            long u = 1, v = 0, q = 0, s = 1;
            ulong f0 = f[0], g0 = g[0];
            for (int i = 0; i < Batch; i++)
            {
                // delta > 0 and g odd: (delta, f, g) = (-delta, g, -f) and the rows swap likewise; then g is odd.
                ulong swap = (ulong)(-delta >> 63) & (0UL - (g0 & 1));
                long sw = (long)swap;
                delta = (delta ^ sw) - sw;
                ulong x = swap & (f0 ^ g0);
                f0 ^= x;
                g0 = ((g0 ^ x) ^ swap) - swap;
                long y = sw & (u ^ q);
                u ^= y;
                q = ((q ^ y) ^ sw) - sw;
                y = sw & (v ^ s);
                v ^= y;
                s = ((s ^ y) ^ sw) - sw;

                // (delta, g) = (1 + delta, (g + (g mod 2) f) / 2); f's row doubles to keep the common factor 2^i.
                long odd = -(long)(g0 & 1);
                delta++;
                g0 = (g0 + (f0 & (ulong)odd)) >> 1;
                q += u & odd;
                s += v & odd;
                u <<= 1;
                v <<= 1;
            }

            Apply(f, g, u, v, q, s);
            Apply(m, d, e, u, v, q, s);
        }

        // f = +-1: r = d or m - d, the latter reduced once more for d = 0 (c = 0).
        ulong negative = (ulong)((long)f[n] >> 63);
        ulong borrow = 0;
        for (int i = 0; i < n; i++)
        {
            ulong minus = Wide.Sbb(m.N[i], d[i], ref borrow);
            r[i] = d[i] ^ (negative & (d[i] ^ minus));
        }

        Limbs64.SubtractIf(r.Slice(0, n), m.N, 0);

        buf.Clear();
    }

    // (f, g) = ((u f + v g) / 2^62, (q f + s g) / 2^62): exact divisions, signed limbs; |u| + |v| <= 2^62 bounds each
    // column below 2^127 in magnitude. A limb of the result is written once the next limb's low bits are known.
    private static void Apply(Span<ulong> f, Span<ulong> g, long u, long v, long q, long s)
    {
        ulong fl = 0, gl = 0, fPrev = 0, gPrev = 0;
        long fh = 0, gh = 0;
        int top = f.Length - 1;
        for (int i = 0; i <= top; i++)
        {
            ulong fi = f[i], gi = g[i];
            ulong fSign = i == top ? (ulong)((long)fi >> 63) : 0, gSign = i == top ? (ulong)((long)gi >> 63) : 0;
            MulAdd(u, fi, fSign, ref fl, ref fh);
            MulAdd(v, gi, gSign, ref fl, ref fh);
            MulAdd(q, fi, fSign, ref gl, ref gh);
            MulAdd(s, gi, gSign, ref gl, ref gh);
            if (i > 0)
            {
                f[i - 1] = (fPrev >> Batch) | (fl << (64 - Batch));
                g[i - 1] = (gPrev >> Batch) | (gl << (64 - Batch));
            }

            fPrev = fl;
            gPrev = gl;
            fl = (ulong)fh;
            fh >>= 63;
            gl = (ulong)gh;
            gh >>= 63;
        }

        f[top] = (fPrev >> Batch) | (fl << (64 - Batch));
        g[top] = (gPrev >> Batch) | (gl << (64 - Batch));
    }

    // (d, e) = ((u d + v e) / 2^62, (q d + s e) / 2^62) mod m, each made divisible by adding k m with k < 2^62
    // (k = -(u d + v e) m^-1 mod 2^62, Montgomery's reduction by one 62-bit digit). The sum lies in
    // (-2^62 m, 2^63 m), so the quotient lies in (-m, 2m): one conditional addition and one subtraction of m.
    private static void Apply(Modulus m, Span<ulong> d, Span<ulong> e, long u, long v, long q, long s)
    {
        const ulong Low = (1UL << Batch) - 1;
        ulong[] p = m.N;
        int n = p.Length;
        long kd = (long)((((ulong)u * d[0]) + ((ulong)v * e[0])) * m.N0 & Low);
        long ke = (long)((((ulong)q * d[0]) + ((ulong)s * e[0])) * m.N0 & Low);
        ulong dl = 0, el = 0, dPrev = 0, ePrev = 0;
        long dh = 0, eh = 0;
        for (int i = 0; i < n; i++)
        {
            ulong di = d[i], ei = e[i];
            MulAdd(u, di, 0, ref dl, ref dh);
            MulAdd(v, ei, 0, ref dl, ref dh);
            MulAdd(kd, p[i], 0, ref dl, ref dh);
            MulAdd(q, di, 0, ref el, ref eh);
            MulAdd(s, ei, 0, ref el, ref eh);
            MulAdd(ke, p[i], 0, ref el, ref eh);
            if (i > 0)
            {
                d[i - 1] = (dPrev >> Batch) | (dl << (64 - Batch));
                e[i - 1] = (ePrev >> Batch) | (el << (64 - Batch));
            }

            dPrev = dl;
            ePrev = el;
            dl = (ulong)dh;
            dh >>= 63;
            el = (ulong)eh;
            eh >>= 63;
        }

        // The quotient's limb n - 1 and its top (-1, 0 or 1) from the column above the last.
        d[n - 1] = (dPrev >> Batch) | (dl << (64 - Batch));
        e[n - 1] = (ePrev >> Batch) | (el << (64 - Batch));
        Normalize(p, d, (long)((dl >> Batch) | ((ulong)dh << (64 - Batch))));
        Normalize(p, e, (long)((el >> Batch) | ((ulong)eh << (64 - Batch))));
    }

    // x + top 2^(64 n) in (-m, 2m) to [0, m): add m when negative (the carry clears top = -1), then subtract m
    // when top = 1 or x >= m.
    private static void Normalize(ulong[] p, Span<ulong> x, long top)
    {
        ulong negative = (ulong)(top >> 63);
        ulong carry = 0;
        for (int i = 0; i < x.Length; i++)
        {
            x[i] = Wide.Adc(x[i], p[i] & negative, ref carry);
        }

        Limbs64.SubtractIf(x, p, (ulong)top & 1 & ~negative);
    }

    // (hi:lo) += a w, a 128-bit signed accumulation, for a signed a and a limb w read as unsigned, or as signed when
    // wSign (w's sign mask) is all ones. The unsigned product exceeds the signed one by 2^64 (w [a < 0] + a [w < 0]).
    private static void MulAdd(long a, ulong w, ulong wSign, ref ulong lo, ref long hi)
    {
        ulong ph = Wide.Mul((ulong)a, w, out ulong pl);
        ph -= (w & (ulong)(a >> 63)) + ((ulong)a & wSign);
        lo += pl;
        hi += (long)(ph + Wide.Carry(lo - pl, pl, lo));
    }
}

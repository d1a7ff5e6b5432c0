// The Montgomery layer's operations, written once over a kernel (IMontgomeryKernel): conversion into and out of
// Montgomery form, reduction of a wide value, fixed-window exponentiation with whole-table scans for secret
// exponents, square-and-multiply for public ones, and inversion (divsteps, constant time, for a prime modulus;
// binary extended Euclid, variable time, for values blinded by the caller). A flavour is one instance over its
// kernel; the generic struct parameter lets the JIT inline the kernel into the loops here.

using System;
using System.Diagnostics;
using System.Security.Cryptography;
using Panicode.Crypto.Ec;

namespace Panicode.Crypto.Modular;

/// <summary>The modular arithmetic one flavour offers; values are little-endian 64-bit limbs, Limbs long.</summary>
internal abstract class ModularArithmetic
{
    public abstract string Name { get; }

    /// <summary>r = a b R^-1 mod m (see <see cref="IMontgomeryKernel.Multiply"/>).</summary>
    public abstract void Multiply(Modulus m, Span<ulong> r, ReadOnlySpan<ulong> a, ReadOnlySpan<ulong> b);

    /// <summary>r = a R mod m for a &lt; R.</summary>
    public void ToMontgomery(Modulus m, Span<ulong> r, ReadOnlySpan<ulong> a) => Multiply(m, r, a, m.R2);

    /// <summary>r = a R^-1 mod m: out of Montgomery form.</summary>
    public void FromMontgomery(Modulus m, Span<ulong> r, ReadOnlySpan<ulong> a)
    {
        // stackalloc bound: m.Limbs (k) <= Modulus.MaxLimbs = 256, 2 KiB a buffer; Modulus.FromBigEndian refuses longer moduli.
        Span<ulong> one = stackalloc ulong[m.Limbs];
        one.Clear();
        one[0] = 1;
        Multiply(m, r, a, one);
    }

    /// <summary>r = a b mod m for a &lt; R and b &lt; m, both in ordinary form.</summary>
    public void MultiplyMod(Modulus m, Span<ulong> r, ReadOnlySpan<ulong> a, ReadOnlySpan<ulong> b)
    {
        // stackalloc bound: m.Limbs (k) <= Modulus.MaxLimbs = 256, 2 KiB a buffer; Modulus.FromBigEndian refuses longer moduli.
        Span<ulong> t = stackalloc ulong[m.Limbs];
        ToMontgomery(m, t, a);
        Multiply(m, r, t, b);
        t.Clear();
    }

    /// <summary>
    /// r = (x mod m) R mod m, the Montgomery form of any x (x.Length limbs). By Horner's rule over chunks of
    /// Limbs limbs from the top: acc = acc R + chunk, in Montgomery form; each chunk is below R, so the kernel's
    /// condition a b &lt; m R holds with b = R^2 mod m. The work depends on the lengths only.
    /// </summary>
    public void ReduceToMontgomery(Modulus m, Span<ulong> r, ReadOnlySpan<ulong> x)
    {
        int k = m.Limbs;
        int chunks = (x.Length + k - 1) / k;
        // stackalloc bound: m.Limbs (k) <= Modulus.MaxLimbs = 256, 2 KiB a buffer; Modulus.FromBigEndian refuses longer moduli.
        Span<ulong> acc = stackalloc ulong[k];
        Span<ulong> chunk = stackalloc ulong[k];
        acc.Clear();
        for (int c = chunks - 1; c >= 0; c--)
        {
            int start = c * k;
            int len = Math.Min(k, x.Length - start);
            chunk.Clear();
            x.Slice(start, len).CopyTo(chunk);
            Multiply(m, acc, acc, m.R2);        // (acc R) R^2 / R: the form of acc R
            Multiply(m, chunk, chunk, m.R2);    // the form of the chunk
            Limbs64.AddMod(acc, acc, chunk, m.N);
        }

        acc.CopyTo(r);
        acc.Clear();
        chunk.Clear();
    }

    /// <summary>
    /// r = base^exponent in Montgomery form, given the base in Montgomery form and the exponent big-endian. A secret
    /// exponent goes through fixed windows of w bits over all of its (public) length: w squarings, then one
    /// multiplication by a table entry read by a scan of the whole table, whatever the window's value. A public
    /// exponent (<paramref name="exponentIsPublic"/>) takes left-to-right square-and-multiply from its top set bit.
    /// </summary>
    public void ModPow(Modulus m, Span<ulong> r, ReadOnlySpan<ulong> baseMont, ReadOnlySpan<byte> exponent, bool exponentIsPublic)
    {
        if (exponentIsPublic)
        {
            ModPowPublic(m, r, baseMont, exponent);
        }
        else
        {
            ModPowSecret(m, r, baseMont, exponent);
        }
    }

    /// <summary>
    /// r = a^-1 mod m for a prime m and a &lt; m in ordinary form (r may be a); 0 for a = 0. Constant time: the
    /// divsteps of <see cref="DivstepInverse"/>, whose step count and memory accesses depend only on m's length (DSA's
    /// k^-1 is secret); faster than the Fermat exponentiation a^(m-2) it replaced (docs/benchmarks.md).
    /// </summary>
    public void InversePrime(Modulus m, Span<ulong> r, ReadOnlySpan<ulong> a)
    {
        // stackalloc bound: the constant Modulus.MaxLimbs, sliced to the modulus (Modulus.FromBigEndian refuses longer ones).
        Span<ulong> one = stackalloc ulong[Modulus.MaxLimbs].Slice(0, m.Limbs);
        one.Clear();
        one[0] = 1;     // c = 1 < m: the plain inverse
        DivstepInverse.Invert(m, r, a, one);
    }

    /// <summary>
    /// r = a^-1 mod m by the binary extended Euclidean algorithm, for an odd m. Variable time: the caller passes only
    /// public values or values multiplied by a fresh random blind. Returns false when gcd(a, m) != 1.
    /// </summary>
    public static bool InverseVartime(Modulus m, Span<ulong> r, ReadOnlySpan<ulong> a)
    {
        // Invariants: a x1 = u and a x2 = v (mod m), with u, v decreasing; x1, x2 in [0, m).
        int k = m.Limbs;
        ulong[] u = new ulong[k], v = new ulong[k], x1 = new ulong[k + 1], x2 = new ulong[k + 1], n = new ulong[k + 1];
        a.Slice(0, k).CopyTo(u);
        m.N.CopyTo(v, 0);
        m.N.CopyTo(n, 0);
        x1[0] = 1;
        try
        {
            while (true)
            {
                if (IsZeroVartime(u) || IsZeroVartime(v))
                {
                    return false;
                }

                if (IsOneVartime(u))
                {
                    x1.AsSpan(0, k).CopyTo(r);
                    return true;
                }

                if (IsOneVartime(v))
                {
                    x2.AsSpan(0, k).CopyTo(r);
                    return true;
                }

                HalveWhileEven(u, x1, n, m.N0);
                HalveWhileEven(v, x2, n, m.N0);
                if (Limbs64.LessThan(u, v) == 0)
                {
                    Limbs64.Sub(u, u, v);
                    Limbs64.SubMod(x1, x1, x2, n);
                }
                else
                {
                    Limbs64.Sub(v, v, u);
                    Limbs64.SubMod(x2, x2, x1, n);
                }
            }
        }
        finally
        {
            Array.Clear(u, 0, k);
            Array.Clear(v, 0, k);
            Array.Clear(x1, 0, k + 1);
            Array.Clear(x2, 0, k + 1);
        }
    }

    private protected static int WindowBits(int exponentBits) => exponentBits > 512 ? 5 : exponentBits > 128 ? 4 : 3;

    // w bits of the exponent starting at bit position pos (from the least significant end); bits past the top are 0.
    private protected static ulong WindowValue(ReadOnlySpan<byte> exponent, int pos, int w)
    {
        ulong value = 0;
        for (int i = w - 1; i >= 0; i--)
        {
            int bit = pos + i;
            int byteIndex = exponent.Length - 1 - (bit >> 3);
            ulong b = byteIndex >= 0 ? (ulong)((exponent[byteIndex] >> (bit & 7)) & 1) : 0;
            value = (value << 1) | b;
        }

        return value;
    }

    private void ModPowSecret(Modulus m, Span<ulong> r, ReadOnlySpan<ulong> baseMont, ReadOnlySpan<byte> exponent)
    {
        int k = m.Limbs;
        int bits = 8 * exponent.Length;
        if (bits == 0)
        {
            m.One.CopyTo(r);
            return;
        }

        int w = WindowBits(bits);
        int entries = 1 << w;
        ulong[] table = new ulong[entries * k];
        // stackalloc bound: m.Limbs (k) <= Modulus.MaxLimbs = 256, 2 KiB a buffer; Modulus.FromBigEndian refuses longer moduli.
        Span<ulong> acc = stackalloc ulong[k];
        Span<ulong> entry = stackalloc ulong[k];
        try
        {
            // table[i] = base^i R mod m.
            m.One.CopyTo(table, 0);
            baseMont.Slice(0, k).CopyTo(table.AsSpan(k, k));
            for (int i = 2; i < entries; i++)
            {
                Multiply(m, table.AsSpan(i * k, k), table.AsSpan((i - 1) * k, k), baseMont);
            }

            int windows = (bits + w - 1) / w;
            Limbs64.Select(acc, table, entries, WindowValue(exponent, (windows - 1) * w, w));
            for (int win = windows - 2; win >= 0; win--)
            {
                for (int s = 0; s < w; s++)
                {
                    Square(m, acc);
                }

                Limbs64.Select(entry, table, entries, WindowValue(exponent, win * w, w));
                Multiply(m, acc, acc, entry);
            }

            acc.CopyTo(r);
        }
        finally
        {
            Array.Clear(table, 0, table.Length);
            acc.Clear();
            entry.Clear();
        }
    }

    private void ModPowPublic(Modulus m, Span<ulong> r, ReadOnlySpan<ulong> baseMont, ReadOnlySpan<byte> exponent)
    {
        int k = m.Limbs;
        // stackalloc bound: m.Limbs (k) <= Modulus.MaxLimbs = 256, 2 KiB a buffer; Modulus.FromBigEndian refuses longer moduli.
        Span<ulong> acc = stackalloc ulong[k];
        Span<ulong> b = stackalloc ulong[k];
        baseMont.Slice(0, k).CopyTo(b);
        m.One.CopyTo(acc);
        bool started = false;
        for (int i = 0; i < exponent.Length; i++)
        {
            for (int bit = 7; bit >= 0; bit--)
            {
                if (started)
                {
                    Square(m, acc);
                }

                if (((exponent[i] >> bit) & 1) != 0)
                {
                    if (started)
                    {
                        Multiply(m, acc, acc, b);
                    }
                    else
                    {
                        b.CopyTo(acc);
                        started = true;
                    }
                }
            }
        }

        acc.CopyTo(r);

        // The base is secret where the caller blinds (r^e) or checks a private result by e: clear both copies.
        acc.Clear();
        b.Clear();
    }

    private protected abstract void Square(Modulus m, Span<ulong> a);

    private static bool IsZeroVartime(ulong[] a)
    {
        for (int i = 0; i < a.Length; i++)
        {
            if (a[i] != 0)
            {
                return false;
            }
        }

        return true;
    }

    private static bool IsOneVartime(ulong[] a)
    {
        if (a[0] != 1)
        {
            return false;
        }

        for (int i = 1; i < a.Length; i++)
        {
            if (a[i] != 0)
            {
                return false;
            }
        }

        return true;
    }

    // Divides u by 2^z while it is even (z trailing zero bits, up to 63 at a time) and x by 2^z mod n alongside: with
    // n0 = -n^-1 mod 2^64, x + ((x n0) mod 2^z) n is divisible by 2^z (Montgomery's trick), and the quotient is below
    // (n + 2^z n) / 2^z < 2n, so one conditional subtraction brings it below n.
    private static void HalveWhileEven(ulong[] u, ulong[] x, ulong[] n, ulong n0)
    {
        int k = u.Length;
        while ((u[0] & 1) == 0)
        {
            int z = 0;
            ulong w = u[0];
            while (z < 63 && (w & 1) == 0)
            {
                w >>= 1;
                z++;
            }

            for (int i = 0; i < k - 1; i++)
            {
                u[i] = (u[i] >> z) | (u[i + 1] << (64 - z));
            }

            u[k - 1] >>= z;

            ulong m = (x[0] * n0) & ((1UL << z) - 1);
            ulong c = 0;
            for (int i = 0; i < x.Length; i++)
            {
                c = Wide.MulAdd(m, n[i], x[i], c, out x[i]);
            }

            for (int i = 0; i < x.Length - 1; i++)
            {
                x[i] = (x[i] >> z) | (x[i + 1] << (64 - z));
            }

            x[x.Length - 1] >>= z;
            if (Limbs64.LessThan(x, n) == 0)
            {
                Limbs64.Sub(x, x, n);
            }
        }
    }
}

/// <summary>The Montgomery layer over one kernel.</summary>
internal sealed class ModularArithmetic<TKernel> : ModularArithmetic
    where TKernel : struct, IMontgomeryKernel
{
    private readonly string _name;

    public ModularArithmetic(string name)
    {
        _name = name;
    }

    public override string Name => _name;

    public override void Multiply(Modulus m, Span<ulong> r, ReadOnlySpan<ulong> a, ReadOnlySpan<ulong> b) =>
        default(TKernel).Multiply(r, a, b, m.N, m.N0);

    private protected override void Square(Modulus m, Span<ulong> a) => default(TKernel).Square(a, a, m.N, m.N0);
}

/// <summary>The Reference flavour's Montgomery layer.</summary>
internal static class ReferenceModular
{
    public static readonly ModularArithmetic Instance = new ModularArithmetic<CiosKernel>("Reference");
}

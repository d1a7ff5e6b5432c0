// Multi-precision helpers on little-endian 64-bit limbs for the Montgomery layer. Nothing here branches or indexes
// memory on limb values, only on lengths.

using System;
using System.Diagnostics;
using Panicode.Crypto.Ec;

namespace Panicode.Crypto.Modular;

internal static class Limbs64
{
    /// <summary>Reads big-endian bytes into limbs (dst is cleared first; src must fit).</summary>
    public static void FromBigEndian(ReadOnlySpan<byte> src, Span<ulong> dst)
    {
        Debug.Assert(src.Length <= 8 * dst.Length);
        dst.Clear();
        for (int i = 0; i < src.Length; i++)
        {
            int bit = 8 * i;
            dst[bit >> 6] |= (ulong)src[src.Length - 1 - i] << (bit & 63);
        }
    }

    /// <summary>Writes limbs as big-endian bytes filling dst; limbs beyond dst must be zero (not checked).</summary>
    public static void ToBigEndian(ReadOnlySpan<ulong> src, Span<byte> dst)
    {
        for (int i = 0; i < dst.Length; i++)
        {
            int bit = 8 * i;
            dst[dst.Length - 1 - i] = (bit >> 6) < src.Length ? (byte)(src[bit >> 6] >> (bit & 63)) : (byte)0;
        }
    }

    /// <summary>r = a + b over r.Length limbs (a, b as long); returns the carry.</summary>
    public static ulong Add(Span<ulong> r, ReadOnlySpan<ulong> a, ReadOnlySpan<ulong> b)
    {
        ulong carry = 0;
        for (int i = 0; i < r.Length; i++)
        {
            r[i] = Wide.Adc(a[i], b[i], ref carry);
        }

        return carry;
    }

    /// <summary>r = a - b over r.Length limbs; returns the borrow.</summary>
    public static ulong Sub(Span<ulong> r, ReadOnlySpan<ulong> a, ReadOnlySpan<ulong> b)
    {
        ulong borrow = 0;
        for (int i = 0; i < r.Length; i++)
        {
            r[i] = Wide.Sbb(a[i], b[i], ref borrow);
        }

        return borrow;
    }

    /// <summary>
    /// x = x - n when <paramref name="force"/> is 1 or x &gt;= n; for x &lt; 2n this leaves x mod n. The subtraction
    /// is always computed and the result chosen under a mask.
    /// </summary>
    public static void SubtractIf(Span<ulong> x, ReadOnlySpan<ulong> n, ulong force)
    {
        ulong borrow = 0;
        for (int i = 0; i < x.Length; i++)
        {
            Wide.Sbb(x[i], n[i], ref borrow);
        }

        ulong mask = 0UL - (force | (borrow ^ 1));
        borrow = 0;
        for (int i = 0; i < x.Length; i++)
        {
            ulong d = Wide.Sbb(x[i], n[i], ref borrow);
            x[i] ^= mask & (x[i] ^ d);
        }
    }

    /// <summary>r = a - b mod n for a, b &lt; n (constant time).</summary>
    public static void SubMod(Span<ulong> r, ReadOnlySpan<ulong> a, ReadOnlySpan<ulong> b, ReadOnlySpan<ulong> n)
    {
        ulong borrow = Sub(r, a, b);
        ulong mask = 0UL - borrow;
        ulong carry = 0;
        for (int i = 0; i < r.Length; i++)
        {
            r[i] = Wide.Adc(r[i], n[i] & mask, ref carry);
        }
    }

    /// <summary>r = a + b mod n for a, b &lt; n (constant time).</summary>
    public static void AddMod(Span<ulong> r, ReadOnlySpan<ulong> a, ReadOnlySpan<ulong> b, ReadOnlySpan<ulong> n)
    {
        ulong carry = Add(r, a, b);
        SubtractIf(r, n, carry);
    }

    /// <summary>r = a * b (schoolbook); r.Length = a.Length + b.Length and r aliases neither.</summary>
    public static void Multiply(Span<ulong> r, ReadOnlySpan<ulong> a, ReadOnlySpan<ulong> b)
    {
        Debug.Assert(r.Length == a.Length + b.Length);
        r.Clear();
        for (int i = 0; i < b.Length; i++)
        {
            ulong c = 0;
            for (int j = 0; j < a.Length; j++)
            {
                c = Wide.MulAdd(a[j], b[i], r[i + j], c, out r[i + j]);
            }

            r[i + a.Length] = c;
        }
    }

    /// <summary>1 when a &lt; b (same length), constant time.</summary>
    public static ulong LessThan(ReadOnlySpan<ulong> a, ReadOnlySpan<ulong> b)
    {
        ulong borrow = 0;
        for (int i = 0; i < a.Length; i++)
        {
            Wide.Sbb(a[i], b[i], ref borrow);
        }

        return borrow;
    }

    /// <summary>1 when every limb is zero, constant time.</summary>
    public static ulong IsZero(ReadOnlySpan<ulong> a)
    {
        ulong acc = 0;
        for (int i = 0; i < a.Length; i++)
        {
            acc |= a[i];
        }

        return ((acc | (0UL - acc)) >> 63) ^ 1;
    }

    /// <summary>
    /// dst = table[index] for a table of <paramref name="count"/> entries of dst.Length limbs: every entry is read,
    /// so neither the time nor the memory accessed depends on the (secret) index.
    /// </summary>
    public static void Select(Span<ulong> dst, ReadOnlySpan<ulong> table, int count, ulong index)
    {
        int len = dst.Length;
        dst.Clear();
        for (int e = 0; e < count; e++)
        {
            ulong m = Wide.Mask(Wide.IsZero((ulong)e ^ index));
            ReadOnlySpan<ulong> entry = table.Slice(e * len, len);
            for (int i = 0; i < len; i++)
            {
                dst[i] |= m & entry[i];
            }
        }
    }
}

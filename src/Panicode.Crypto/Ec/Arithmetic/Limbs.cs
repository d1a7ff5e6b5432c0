// Fixed-width natural numbers as little-endian arrays of 32-bit limbs: the PrimeField seam of the ECDSA layer (its
// scalars travel as 32-bit limbs) and bit lengths of public values. Every routine runs in time that depends only on
// the (public) lengths of its operands.

using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto.Ec;

/// <summary>Method options for the hot arithmetic: full JIT optimization from the first call (no tier-0 code).</summary>
internal static class Hot
{
    /// <summary>MethodImplOptions.AggressiveOptimization (512), spelled as a number for netstandard2.0.</summary>
    public const MethodImplOptions Optimize = (MethodImplOptions)512;
}

internal static class Limbs
{
    /// <summary>Number of 32-bit limbs that hold <paramref name="bits"/> bits.</summary>
    public static int ForBits(int bits) => (bits + 31) / 32;

    /// <summary>Reads a big-endian byte string (at most 4 * dst.Length bytes) into dst.</summary>
    public static void FromBigEndian(ReadOnlySpan<byte> src, Span<uint> dst)
    {
        Debug.Assert(src.Length <= 4 * dst.Length);
        dst.Clear();
        for (int i = 0; i < src.Length; i++)
        {
            int bytePos = src.Length - 1 - i;
            dst[i >> 2] |= (uint)src[bytePos] << ((i & 3) * 8);
        }
    }

    /// <summary>Writes the low dst.Length bytes of src to dst, big-endian.</summary>
    public static void ToBigEndian(ReadOnlySpan<uint> src, Span<byte> dst)
    {
        for (int i = 0; i < dst.Length; i++)
        {
            int limb = i >> 2;
            dst[dst.Length - 1 - i] = limb < src.Length ? (byte)(src[limb] >> ((i & 3) * 8)) : (byte)0;
        }
    }

    /// <summary>r = a + b; returns the carry (0 or 1). r may alias a or b.</summary>
    [MethodImpl(Hot.Optimize)]
    public static uint Add(Span<uint> r, ReadOnlySpan<uint> a, ReadOnlySpan<uint> b)
    {
        Debug.Assert(r.Length == a.Length && a.Length == b.Length);
        ulong c = 0;
        for (int i = 0; i < r.Length; i++)
        {
            c += (ulong)a[i] + b[i];
            r[i] = (uint)c;
            c >>= 32;
        }

        return (uint)c;
    }

    /// <summary>r = a - b; returns the borrow (0 or 1). r may alias a or b.</summary>
    [MethodImpl(Hot.Optimize)]
    public static uint Sub(Span<uint> r, ReadOnlySpan<uint> a, ReadOnlySpan<uint> b)
    {
        Debug.Assert(r.Length == a.Length && a.Length == b.Length);
        uint borrow = 0;
        for (int i = 0; i < r.Length; i++)
        {
            ulong d = (ulong)a[i] - b[i] - borrow;
            r[i] = (uint)d;
            borrow = (uint)(d >> 63);
        }

        return borrow;
    }

    /// <summary>r = r + (b when ctl = 1, 0 when ctl = 0); returns the carry.</summary>
    [MethodImpl(Hot.Optimize)]
    public static uint CondAdd(uint ctl, Span<uint> r, ReadOnlySpan<uint> b)
    {
        uint m = ConstantTime.Mask(ctl);
        ulong c = 0;
        for (int i = 0; i < r.Length; i++)
        {
            c += (ulong)r[i] + (b[i] & m);
            r[i] = (uint)c;
            c >>= 32;
        }

        return (uint)c;
    }

    /// <summary>1 when a &lt; b (same length): the borrow of a - b, computed without storing the difference.</summary>
    [MethodImpl(Hot.Optimize)]
    public static uint LessThan(ReadOnlySpan<uint> a, ReadOnlySpan<uint> b)
    {
        Debug.Assert(a.Length == b.Length);
        uint borrow = 0;
        for (int i = 0; i < a.Length; i++)
        {
            ulong d = (ulong)a[i] - b[i] - borrow;
            borrow = (uint)(d >> 63);
        }

        return borrow;
    }

    /// <summary>1 when every limb is zero.</summary>
    [MethodImpl(Hot.Optimize)]
    public static uint IsZero(ReadOnlySpan<uint> a)
    {
        uint acc = 0;
        for (int i = 0; i < a.Length; i++)
        {
            acc |= a[i];
        }

        return ConstantTime.Eq0(acc);
    }

    /// <summary>1 when a == b.</summary>
    [MethodImpl(Hot.Optimize)]
    public static uint Equal(ReadOnlySpan<uint> a, ReadOnlySpan<uint> b)
    {
        Debug.Assert(a.Length == b.Length);
        uint acc = 0;
        for (int i = 0; i < a.Length; i++)
        {
            acc |= a[i] ^ b[i];
        }

        return ConstantTime.Eq0(acc);
    }

    /// <summary>Position of the highest set bit plus one; variable time, for public values only.</summary>
    public static int BitLengthPublic(ReadOnlySpan<uint> a)
    {
        for (int i = a.Length - 1; i >= 0; i--)
        {
            if (a[i] != 0)
            {
                int bits = 32;
                uint top = a[i];
                while ((top & 0x80000000u) == 0)
                {
                    top <<= 1;
                    bits--;
                }

                return (i * 32) + bits;
            }
        }

        return 0;
    }

    /// <summary>Bit length of a big-endian byte string; variable time, for public values only.</summary>
    public static int BitLengthPublic(ReadOnlySpan<byte> bigEndian)
    {
        for (int i = 0; i < bigEndian.Length; i++)
        {
            if (bigEndian[i] != 0)
            {
                int bits = 8;
                int top = bigEndian[i];
                while ((top & 0x80) == 0)
                {
                    top <<= 1;
                    bits--;
                }

                return ((bigEndian.Length - 1 - i) * 8) + bits;
            }
        }

        return 0;
    }
}

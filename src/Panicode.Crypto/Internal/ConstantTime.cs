using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using Panicode.Crypto.Ec;

namespace Panicode.Crypto.Internal;

/// <summary>
/// The library's one set of constant-time primitives, in the style of BearSSL's inner.h (NOT, MUX, EQ, NEQ, GT,
/// GE, LT, LE, EQ0, CCOPY). Comparisons return a "control" value, always 0 or 1; <see cref="Mask"/> turns one into
/// 0 or 0xFFFFFFFF. No function here branches or indexes memory on its arguments, so callers can feed them secret
/// data (padding bytes, scalar bits, field elements).
/// </summary>
internal static class ConstantTime
{
    /// <summary>1 - ctl.</summary>
    public static uint Not(uint ctl) => ctl ^ 1;

    /// <summary>0xFFFFFFFF when ctl = 1, 0 when ctl = 0.</summary>
    public static uint Mask(uint ctl) => 0u - ctl;

    /// <summary>x when ctl = 1, y when ctl = 0.</summary>
    public static uint Mux(uint ctl, uint x, uint y) => y ^ (Mask(ctl) & (x ^ y));

    /// <summary>1 when x != y. (q | -q) has its top bit set exactly when q != 0.</summary>
    public static uint Neq(uint x, uint y)
    {
        uint q = x ^ y;
        return (q | (0u - q)) >> 31;
    }

    /// <summary>1 when x == y.</summary>
    public static uint Eq(uint x, uint y) => Not(Neq(x, y));

    /// <summary>1 when x == 0.</summary>
    public static uint Eq0(uint x) => ~(x | (0u - x)) >> 31;

    /// <summary>
    /// 1 when x &gt; y (unsigned). z = y - x borrows exactly when x &gt; y; the borrow is the top bit of
    /// z when x and y agree in their top bit, and the top bit of x when they do not.
    /// </summary>
    public static uint Gt(uint x, uint y)
    {
        uint z = y - x;
        return (z ^ ((x ^ y) & (x ^ z))) >> 31;
    }

    public static uint Ge(uint x, uint y) => Not(Gt(y, x));

    public static uint Lt(uint x, uint y) => Gt(y, x);

    public static uint Le(uint x, uint y) => Not(Gt(x, y));

    /// <summary>dst = src when ctl = 1; dst unchanged when ctl = 0. Reads and writes every word either way.</summary>
    [MethodImpl(Hot.Optimize)]
    public static void CCopy(uint ctl, Span<uint> dst, ReadOnlySpan<uint> src)
    {
        Debug.Assert(dst.Length == src.Length);
        uint m = Mask(ctl);
        for (int i = 0; i < dst.Length; i++)
        {
            dst[i] ^= m & (dst[i] ^ src[i]);
        }
    }

    /// <summary>Swaps a and b when ctl = 1.</summary>
    [MethodImpl(Hot.Optimize)]
    public static void CSwap(uint ctl, Span<uint> a, Span<uint> b)
    {
        Debug.Assert(a.Length == b.Length);
        uint m = Mask(ctl);
        for (int i = 0; i < a.Length; i++)
        {
            uint t = m & (a[i] ^ b[i]);
            a[i] ^= t;
            b[i] ^= t;
        }
    }

    /// <summary>
    /// dst = table[index] where the table holds <paramref name="count"/> entries of dst.Length words.
    /// Every entry is read, so the memory access pattern does not depend on the (secret) index.
    /// </summary>
    [MethodImpl(Hot.Optimize)]
    public static void Select(Span<uint> dst, ReadOnlySpan<uint> table, int count, uint index)
    {
        int len = dst.Length;
        Debug.Assert(table.Length >= count * len);
        dst.Clear();
        for (int e = 0; e < count; e++)
        {
            uint m = Mask(Eq((uint)e, index));
            ReadOnlySpan<uint> entry = table.Slice(e * len, len);
            for (int i = 0; i < len; i++)
            {
                dst[i] |= m & entry[i];
            }
        }
    }

    /// <summary>1 when the two byte strings are equal; time depends only on their (public) lengths.</summary>
    public static uint BytesEqual(ReadOnlySpan<byte> a, ReadOnlySpan<byte> b)
    {
        if (a.Length != b.Length)
        {
            return 0;
        }

        uint acc = 0;
        for (int i = 0; i < a.Length; i++)
        {
            acc |= (uint)(a[i] ^ b[i]);
        }

        return Eq0(acc);
    }

    /// <summary>
    /// Whether the two byte strings are equal, in time that depends only on their lengths: the BCL's
    /// <c>CryptographicOperations.FixedTimeEquals</c> on .NET, <see cref="BytesEqual"/> on netstandard2.0 (which lacks it).
    /// </summary>
    public static bool FixedTimeEquals(ReadOnlySpan<byte> a, ReadOnlySpan<byte> b)
    {
#if NET
        return System.Security.Cryptography.CryptographicOperations.FixedTimeEquals(a, b);
#else
        return BytesEqual(a, b) == 1;
#endif
    }
}

using System;

namespace Panicode.Crypto.Internal;

/// <summary>
/// Branch-free comparisons over 32-bit values (BearSSL style). Each returns a mask: all ones for
/// true, zero for false, computed without a data-dependent branch or memory index.
/// </summary>
internal static class ConstantTime
{
    /// <summary>All ones when <paramref name="x"/> is zero.</summary>
    public static uint IsZero(uint x)
    {
        // x | -x has its top bit set exactly when x != 0.
        return ((x | (uint)-(int)x) >> 31) - 1;
    }

    /// <summary>All ones when <paramref name="a"/> == <paramref name="b"/>.</summary>
    public static uint Equal(uint a, uint b) => IsZero(a ^ b);

    /// <summary>All ones when <paramref name="a"/> &lt; <paramref name="b"/>; both must be below 2^31.</summary>
    public static uint LessThan(uint a, uint b)
    {
        // With a, b < 2^31 the difference a - b is negative (top bit set) exactly when a < b.
        return (uint)((int)(a - b) >> 31);
    }

    /// <summary>
    /// True when the spans are equal, comparing every byte whatever the data (only the lengths, which are public,
    /// are compared with a branch).
    /// </summary>
    public static bool BytesEqual(ReadOnlySpan<byte> a, ReadOnlySpan<byte> b)
    {
        if (a.Length != b.Length)
        {
            return false;
        }

        uint difference = 0;
        for (int i = 0; i < a.Length; i++)
        {
            difference |= (uint)(a[i] ^ b[i]);
        }

        return IsZero(difference) != 0;
    }
}

using System;

namespace Panicode.Crypto.Modes;

internal static class Xor
{
    /// <summary><paramref name="target"/> ^= <paramref name="source"/> over the length of <paramref name="target"/>.</summary>
    public static void InPlace(Span<byte> target, ReadOnlySpan<byte> source)
    {
        for (int i = 0; i < target.Length; i++)
        {
            target[i] ^= source[i];
        }
    }

    /// <summary><paramref name="output"/> = <paramref name="a"/> ^ <paramref name="b"/> over the length of <paramref name="output"/>.</summary>
    public static void Into(ReadOnlySpan<byte> a, ReadOnlySpan<byte> b, Span<byte> output)
    {
        for (int i = 0; i < output.Length; i++)
        {
            output[i] = (byte)(a[i] ^ b[i]);
        }
    }
}

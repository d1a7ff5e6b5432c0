using System;
using System.Buffers.Binary;
#if NET
using System.Runtime.Intrinsics;
#endif

namespace Panicode.Crypto.Modes;

/// <summary>
/// XOR of byte spans, sixteen bytes per step where .NET 10 has hardware 128-bit vectors, else eight bytes
/// per step. Reading and writing both words in the same (little-endian) order keeps every byte in place, so
/// the result does not depend on the machine's byte order.
/// </summary>
internal static class Xor
{
    /// <summary><paramref name="target"/> ^= <paramref name="source"/> over the length of <paramref name="target"/>.</summary>
    public static void InPlace(Span<byte> target, ReadOnlySpan<byte> source)
    {
        Into(target, source, target);
    }

    /// <summary><paramref name="output"/> = <paramref name="a"/> ^ <paramref name="b"/> over the length of <paramref name="output"/>.</summary>
    public static void Into(ReadOnlySpan<byte> a, ReadOnlySpan<byte> b, Span<byte> output)
    {
        int i = 0;
#if NET
        if (Vector128.IsHardwareAccelerated)
        {
            for (; i <= output.Length - 16; i += 16)
            {
                (Vector128.Create(a.Slice(i)) ^ Vector128.Create(b.Slice(i))).CopyTo(output.Slice(i));
            }
        }
#endif

        for (; i <= output.Length - 8; i += 8)
        {
            ulong word = BinaryPrimitives.ReadUInt64LittleEndian(a.Slice(i)) ^ BinaryPrimitives.ReadUInt64LittleEndian(b.Slice(i));
            BinaryPrimitives.WriteUInt64LittleEndian(output.Slice(i), word);
        }

        for (; i < output.Length; i++)
        {
            output[i] = (byte)(a[i] ^ b[i]);
        }
    }
}

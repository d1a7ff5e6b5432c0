using System;

namespace Panicode.Crypto.Benchmarks.Symmetric;

/// <summary>Fixed pseudo-random keys and data, so every run encrypts the same bytes.</summary>
internal static class TestData
{
    public static byte[] Bytes(int length, int seed)
    {
        byte[] bytes = new byte[length];
        new Random(seed).NextBytes(bytes);
        return bytes;
    }
}

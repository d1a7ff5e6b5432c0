using System;

namespace Panicode.Crypto.Tests.Infrastructure;

public static class Hex
{
    public static byte[] Decode(string hex)
    {
        hex = hex.Replace(" ", string.Empty).Trim();
        return Convert.FromHexString(hex);
    }

    public static string Encode(ReadOnlySpan<byte> data) => Convert.ToHexString(data).ToLowerInvariant();
}

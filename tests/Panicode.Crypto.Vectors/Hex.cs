using System;
using System.Text;

namespace Panicode.Crypto.Vectors;

/// <summary>Hex decoding and encoding that also works on netstandard2.0 (Mono runner).</summary>
public static class Hex
{
    public static byte[] Decode(string hex)
    {
        StringBuilder digits = new(hex.Length);
        foreach (char c in hex)
        {
            if (!char.IsWhiteSpace(c))
            {
                digits.Append(c);
            }
        }

        if (digits.Length % 2 != 0)
        {
            throw new FormatException("Odd number of hex digits: " + hex);
        }

        byte[] result = new byte[digits.Length / 2];
        for (int i = 0; i < result.Length; i++)
        {
            result[i] = (byte)((Nibble(digits[2 * i]) << 4) | Nibble(digits[(2 * i) + 1]));
        }

        return result;
    }

    public static string Encode(ReadOnlySpan<byte> data)
    {
        const string Digits = "0123456789abcdef";
        char[] chars = new char[data.Length * 2];
        for (int i = 0; i < data.Length; i++)
        {
            chars[2 * i] = Digits[data[i] >> 4];
            chars[(2 * i) + 1] = Digits[data[i] & 0xF];
        }

        return new string(chars);
    }

    private static int Nibble(char c) => c switch
    {
        >= '0' and <= '9' => c - '0',
        >= 'a' and <= 'f' => c - 'a' + 10,
        >= 'A' and <= 'F' => c - 'A' + 10,
        _ => throw new FormatException("Not a hex digit: " + c),
    };
}

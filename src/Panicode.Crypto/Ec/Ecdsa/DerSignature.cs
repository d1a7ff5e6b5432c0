// ECDSA signature encodings: IEEE P1363 (r || s, each exactly ceil(bits(n) / 8) bytes) and the DER encoding of
// Ecdsa-Sig-Value ::= SEQUENCE { r INTEGER, s INTEGER } (SEC 1 v2 §C.8, X.690 §8.3, §10). Decoding is strict
// DER: definite minimal lengths, minimal non-negative INTEGERs, nothing after the SEQUENCE. Anything else is
// not a signature (verification returns false), as Wycheproof's v1 files expect.

using System;

namespace Panicode.Crypto.Ec;

internal static class DerSignature
{
    /// <summary>Length of the DER encoding of a P1363 signature r || s.</summary>
    public static int EncodedLength(ReadOnlySpan<byte> p1363)
    {
        int half = p1363.Length / 2;
        int content = IntegerLength(p1363.Slice(0, half)) + IntegerLength(p1363.Slice(half));
        return 1 + LengthOfLength(content) + content;
    }

    /// <summary>Writes the DER form of a P1363 signature; returns the bytes written (dest must be large enough).</summary>
    public static int Encode(ReadOnlySpan<byte> p1363, Span<byte> destination)
    {
        int half = p1363.Length / 2;
        int content = IntegerLength(p1363.Slice(0, half)) + IntegerLength(p1363.Slice(half));
        int pos = 0;
        destination[pos++] = 0x30;
        pos += WriteLength(content, destination.Slice(pos));
        pos += WriteInteger(p1363.Slice(0, half), destination.Slice(pos));
        pos += WriteInteger(p1363.Slice(half), destination.Slice(pos));
        return pos;
    }

    /// <summary>Parses strict DER into r || s of 2 * <paramref name="orderLength"/> bytes; false when malformed or too large.</summary>
    public static bool TryDecode(ReadOnlySpan<byte> der, int orderLength, Span<byte> p1363)
    {
        p1363.Clear();
        int pos = 0;
        if (!ReadHeader(der, ref pos, 0x30, out int length) || pos + length != der.Length)
        {
            return false;
        }

        return ReadInteger(der, ref pos, p1363.Slice(0, orderLength)) &&
               ReadInteger(der, ref pos, p1363.Slice(orderLength, orderLength)) &&
               pos == der.Length;
    }

    private static bool ReadHeader(ReadOnlySpan<byte> der, ref int pos, byte tag, out int length)
    {
        length = 0;
        if (pos + 2 > der.Length || der[pos] != tag)
        {
            return false;
        }

        int first = der[pos + 1];
        pos += 2;
        if (first < 0x80)
        {
            length = first;
        }
        else
        {
            // Long form: 1..4 length bytes, no leading zero, and only for lengths the short form cannot hold.
            int count = first & 0x7F;
            if (count == 0 || count > 4 || pos + count > der.Length || der[pos] == 0)
            {
                return false;
            }

            long value = 0;
            for (int i = 0; i < count; i++)
            {
                value = (value << 8) | der[pos + i];
            }

            pos += count;
            if (value < 0x80 || value > int.MaxValue)
            {
                return false;
            }

            length = (int)value;
        }

        return length <= der.Length - pos;
    }

    private static bool ReadInteger(ReadOnlySpan<byte> der, ref int pos, Span<byte> output)
    {
        if (!ReadHeader(der, ref pos, 0x02, out int length) || length == 0)
        {
            return false;
        }

        ReadOnlySpan<byte> value = der.Slice(pos, length);
        pos += length;
        if ((value[0] & 0x80) != 0)
        {
            return false; // negative
        }

        if (value[0] == 0)
        {
            if (value.Length > 1 && (value[1] & 0x80) == 0)
            {
                return false; // non-minimal
            }

            value = value.Slice(1);
        }

        if (value.Length > output.Length)
        {
            return false;
        }

        value.CopyTo(output.Slice(output.Length - value.Length));
        return true;
    }

    private static int IntegerLength(ReadOnlySpan<byte> value)
    {
        int content = MinimalContentLength(value, out _);
        return 1 + LengthOfLength(content) + content;
    }

    private static int MinimalContentLength(ReadOnlySpan<byte> value, out int start)
    {
        start = 0;
        while (start < value.Length - 1 && value[start] == 0)
        {
            start++;
        }

        return value.Length - start + ((value[start] & 0x80) != 0 ? 1 : 0);
    }

    private static int WriteInteger(ReadOnlySpan<byte> value, Span<byte> destination)
    {
        int content = MinimalContentLength(value, out int start);
        int pos = 0;
        destination[pos++] = 0x02;
        pos += WriteLength(content, destination.Slice(pos));
        if (content > value.Length - start)
        {
            destination[pos++] = 0;
        }

        value.Slice(start).CopyTo(destination.Slice(pos));
        return pos + value.Length - start;
    }

    private static int LengthOfLength(int length) => length < 0x80 ? 1 : length < 0x100 ? 2 : 3;

    private static int WriteLength(int length, Span<byte> destination)
    {
        if (length < 0x80)
        {
            destination[0] = (byte)length;
            return 1;
        }

        if (length < 0x100)
        {
            destination[0] = 0x81;
            destination[1] = (byte)length;
            return 2;
        }

        destination[0] = 0x82;
        destination[1] = (byte)(length >> 8);
        destination[2] = (byte)length;
        return 3;
    }
}

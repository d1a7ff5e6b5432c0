using System;
using System.Buffers.Binary;

namespace Panicode.Crypto;

/// <summary>
/// The token encoding (this library's; the ISO text is not public), documented in docs/entity-authentication.md:
/// a message is one byte, the ISO/IEC 9798 part protecting it (0 for a clear challenge), then the protected body of
/// the text: version (1) || mechanism || pass || len || sender || len || recipient || len || fields, each len one byte.
/// </summary>
internal static class Iso9798Token
{
    public const byte Version = 1;
    public const byte ClearPart = 0;

    public static byte[] Text(Iso9798Mechanism mechanism, int pass, byte[] sender, byte[] recipient, byte[] fields)
    {
        byte[] text = new byte[3 + 1 + sender.Length + 1 + recipient.Length + 1 + fields.Length];
        int i = 0;
        text[i++] = Version;
        text[i++] = (byte)mechanism;
        text[i++] = (byte)pass;
        foreach (byte[] part in new[] { sender, recipient, fields })
        {
            text[i++] = (byte)part.Length;
            part.CopyTo(text, i);
            i += part.Length;
        }

        return text;
    }

    public static byte[] Protected(Iso9798Protection protection, byte[] text) => Prefix((byte)protection.Part, protection.Protect(text));

    public static byte[] Clear(byte[] text) => Prefix(ClearPart, text);

    public static byte[]? OpenProtected(Iso9798Protection protection, byte[] message) =>
        message.Length > 1 && message[0] == protection.Part ? protection.Unprotect(message.AsSpan(1).ToArray()) : null;

    public static byte[]? OpenClear(byte[] message) =>
        message.Length > 1 && message[0] == ClearPart ? message.AsSpan(1).ToArray() : null;

    public static bool TryParse(byte[] text, out Header header)
    {
        header = default;
        if (text.Length < 3 || text[0] != Version)
        {
            return false;
        }

        int i = 3;
        byte[][] parts = new byte[3][];
        for (int k = 0; k < 3; k++)
        {
            if (i >= text.Length || text.Length - i - 1 < text[i])
            {
                return false;
            }

            parts[k] = text.AsSpan(i + 1, text[i]).ToArray();
            i += 1 + text[i];
        }

        if (i != text.Length)
        {
            return false;
        }

        header = new Header(text[1], text[2], parts[0], parts[1], parts[2]);
        return true;
    }

    public static byte[] UInt64(ulong value)
    {
        byte[] bytes = new byte[8];
        BinaryPrimitives.WriteUInt64BigEndian(bytes, value);
        return bytes;
    }

    public static ulong ReadUInt64(byte[] bytes) => BinaryPrimitives.ReadUInt64BigEndian(bytes);

    private static byte[] Prefix(byte first, byte[] body)
    {
        byte[] message = new byte[1 + body.Length];
        message[0] = first;
        body.CopyTo(message, 1);
        return message;
    }

    internal readonly struct Header
    {
        public Header(int mechanism, int pass, byte[] sender, byte[] recipient, byte[] fields)
        {
            Mechanism = mechanism;
            Pass = pass;
            Sender = sender;
            Recipient = recipient;
            Fields = fields;
        }

        public int Mechanism { get; }

        public int Pass { get; }

        public byte[] Sender { get; }

        public byte[] Recipient { get; }

        public byte[] Fields { get; }
    }
}

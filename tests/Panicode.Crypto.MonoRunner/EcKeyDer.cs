using System;
using System.Security.Cryptography;

namespace Panicode.Crypto.MonoRunner;

/// <summary>
/// Reads the two DER key encodings the EC vectors carry, because netstandard2.0's ECDsa cannot import them:
/// SubjectPublicKeyInfo (RFC 5480 §2) and PKCS#8 PrivateKeyInfo holding an ECPrivateKey (RFC 5915 §3), both with a
/// named curve (id-ecPublicKey and a namedCurve OID) and an uncompressed point (SEC 1 §2.3.3). Anything else (explicit
/// or implicit curve parameters, compressed points, trailing data, long BIT STRING padding) is rejected with a
/// <see cref="CryptographicException"/>, as a strict importer would; the library then validates the key itself.
/// </summary>
internal static class EcKeyDer
{
    private const string EcPublicKeyOid = "1.2.840.10045.2.1";

    public static ECParameters ReadSubjectPublicKeyInfo(byte[] der)
    {
        int pos = 0;
        ReadOnlySpan<byte> spki = Read(der, ref pos, 0x30);
        End(der, pos);
        pos = 0;
        ECCurve curve = ReadAlgorithm(spki, ref pos);
        ECPoint q = ReadPoint(BitString(Read(spki, ref pos, 0x03)));
        End(spki, pos);
        return new ECParameters { Curve = curve, Q = q };
    }

    public static ECParameters ReadPkcs8(byte[] der)
    {
        int pos = 0;
        ReadOnlySpan<byte> info = Read(der, ref pos, 0x30);
        End(der, pos);
        pos = 0;
        Expect(Read(info, ref pos, 0x02).SequenceEqual(new byte[] { 0 }), "PrivateKeyInfo version is not 0");
        ECCurve curve = ReadAlgorithm(info, ref pos);
        ReadOnlySpan<byte> octets = Read(info, ref pos, 0x04);
        End(info, pos);

        pos = 0;
        ReadOnlySpan<byte> ecPrivateKey = Read(octets, ref pos, 0x30);
        End(octets, pos);
        pos = 0;
        Expect(Read(ecPrivateKey, ref pos, 0x02).SequenceEqual(new byte[] { 1 }), "ECPrivateKey version is not 1");
        ECParameters key = new() { Curve = curve, D = Read(ecPrivateKey, ref pos, 0x04).ToArray() };
        if (pos < ecPrivateKey.Length && ecPrivateKey[pos] == 0xA0)
        {
            int inner = 0;
            ReadOnlySpan<byte> parameters = Read(ecPrivateKey, ref pos, 0xA0);
            Expect(ReadOid(Read(parameters, ref inner, 0x06)) == curve.Oid.Value, "the ECPrivateKey's curve differs from the algorithm's");
            End(parameters, inner);
        }

        if (pos < ecPrivateKey.Length && ecPrivateKey[pos] == 0xA1)
        {
            int inner = 0;
            ReadOnlySpan<byte> publicKey = Read(ecPrivateKey, ref pos, 0xA1);
            key.Q = ReadPoint(BitString(Read(publicKey, ref inner, 0x03)));
            End(publicKey, inner);
        }

        End(ecPrivateKey, pos);
        return key;
    }

    private static ECCurve ReadAlgorithm(ReadOnlySpan<byte> outer, ref int pos)
    {
        ReadOnlySpan<byte> algorithm = Read(outer, ref pos, 0x30);
        int inner = 0;
        Expect(ReadOid(Read(algorithm, ref inner, 0x06)) == EcPublicKeyOid, "the algorithm is not id-ecPublicKey");
        Expect(inner < algorithm.Length && algorithm[inner] == 0x06, "only named curves are supported");
        ECCurve curve = ECCurve.CreateFromValue(ReadOid(Read(algorithm, ref inner, 0x06)));
        End(algorithm, inner);
        return curve;
    }

    private static ECPoint ReadPoint(ReadOnlySpan<byte> point)
    {
        Expect(point.Length >= 3 && point.Length % 2 == 1 && point[0] == 0x04, "only uncompressed points are supported");
        int n = (point.Length - 1) / 2;
        return new ECPoint { X = point.Slice(1, n).ToArray(), Y = point.Slice(1 + n, n).ToArray() };
    }

    private static ReadOnlySpan<byte> BitString(ReadOnlySpan<byte> content)
    {
        Expect(content.Length >= 1 && content[0] == 0, "the BIT STRING has unused bits");
        return content.Slice(1);
    }

    private static string ReadOid(ReadOnlySpan<byte> content)
    {
        Expect(content.Length > 0 && (content[content.Length - 1] & 0x80) == 0, "malformed OBJECT IDENTIFIER");
        System.Text.StringBuilder text = new();
        ulong value = 0;
        bool first = true;
        foreach (byte b in content)
        {
            Expect(value < (1UL << 56), "OBJECT IDENTIFIER arc too large");
            value = (value << 7) | (uint)(b & 0x7F);
            if ((b & 0x80) == 0)
            {
                if (first)
                {
                    ulong top = Math.Min(value / 40, 2);
                    text.Append(top).Append('.').Append(value - (40 * top));
                    first = false;
                }
                else
                {
                    text.Append('.').Append(value);
                }

                value = 0;
            }
        }

        return text.ToString();
    }

    // One DER TLV with the expected tag at pos: its content; pos moves past it. Definite minimal lengths only.
    private static ReadOnlySpan<byte> Read(ReadOnlySpan<byte> data, ref int pos, byte tag)
    {
        Expect(pos + 2 <= data.Length && data[pos] == tag, $"expected tag 0x{tag:X2}");
        int length = data[pos + 1];
        pos += 2;
        if (length >= 0x80)
        {
            int count = length & 0x7F;
            Expect(count is >= 1 and <= 3 && pos + count <= data.Length && data[pos] != 0, "bad DER length");
            length = 0;
            for (int i = 0; i < count; i++)
            {
                length = (length << 8) | data[pos++];
            }

            Expect(length >= 0x80, "non-minimal DER length");
        }

        Expect(length <= data.Length - pos, "DER length beyond the data");
        ReadOnlySpan<byte> content = data.Slice(pos, length);
        pos += length;
        return content;
    }

    private static void End(ReadOnlySpan<byte> data, int pos) => Expect(pos == data.Length, "trailing data");

    private static void Expect(bool condition, string message)
    {
        if (!condition)
        {
            throw new CryptographicException("Key DER: " + message + ".");
        }
    }
}

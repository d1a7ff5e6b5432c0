using System;
using System.Formats.Asn1;
using System.Security.Cryptography;
using System.Text;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto.Ec;

/// <summary>
/// The standard encodings of an EC key, read and written with System.Formats.Asn1 (DER): SubjectPublicKeyInfo (RFC 5280
/// §4.1, with the id-ecPublicKey algorithm and a namedCurve parameter, RFC 5480 §2), PKCS#8 PrivateKeyInfo (RFC 5208
/// §5) holding an ECPrivateKey (RFC 5915 §3), the ECPrivateKey alone (SEC 1 §C.4), points uncompressed (SEC 1 §2.3.3),
/// and their PEM forms (RFC 7468). Keys on explicit curve parameters (specifiedCurve) are not encoded: the BCL writes
/// them only on request, and OpenSSL and most tools exchange named curves.
/// </summary>
internal static class EcKeyEncoding
{
    private const string EcPublicKeyOid = "1.2.840.10045.2.1";

    internal const string PublicKeyLabel = "PUBLIC KEY";
    internal const string Pkcs8Label = "PRIVATE KEY";
    internal const string EcPrivateKeyLabel = "EC PRIVATE KEY";

    public static byte[] WriteSubjectPublicKeyInfo(ECParameters key)
    {
        AsnWriter writer = new(AsnEncodingRules.DER);
        using (writer.PushSequence())
        {
            WriteAlgorithm(writer, key);
            writer.WriteBitString(Point(key));
        }

        return writer.Encode();
    }

    public static ECParameters ReadSubjectPublicKeyInfo(ReadOnlySpan<byte> source, out int bytesRead)
    {
        try
        {
            AsnReader reader = First(source, out bytesRead);
            AsnReader spki = reader.ReadSequence();
            string oid = ReadAlgorithm(spki);
            byte[] point = spki.ReadBitString(out int unusedBits);
            spki.ThrowIfNotEmpty();
            if (unusedBits != 0)
            {
                throw new CryptographicException(ErrorMessages.KeyEncodingInvalid);
            }

            return new ECParameters { Curve = ECCurve.CreateFromValue(oid), Q = ReadPoint(point) };
        }
        catch (AsnContentException e)
        {
            throw new CryptographicException(ErrorMessages.KeyEncodingInvalid, e);
        }
    }

    public static byte[] WriteEcPrivateKey(ECParameters key)
    {
        AsnWriter writer = new(AsnEncodingRules.DER);
        WriteEcPrivateKey(writer, key, withCurve: true);
        return writer.Encode();
    }

    public static ECParameters ReadEcPrivateKey(ReadOnlySpan<byte> source, out int bytesRead)
    {
        try
        {
            AsnReader reader = First(source, out bytesRead);
            return ReadEcPrivateKey(reader, algorithmOid: null);
        }
        catch (AsnContentException e)
        {
            throw new CryptographicException(ErrorMessages.KeyEncodingInvalid, e);
        }
    }

    public static byte[] WritePkcs8(ECParameters key)
    {
        AsnWriter inner = new(AsnEncodingRules.DER);
        WriteEcPrivateKey(inner, key, withCurve: false);   // the curve is the algorithm's parameter (RFC 5915 §3)
        AsnWriter writer = new(AsnEncodingRules.DER);
        using (writer.PushSequence())
        {
            writer.WriteInteger(0);
            WriteAlgorithm(writer, key);
            writer.WriteOctetString(inner.Encode());
        }

        return writer.Encode();
    }

    public static ECParameters ReadPkcs8(ReadOnlySpan<byte> source, out int bytesRead)
    {
        try
        {
            AsnReader reader = First(source, out bytesRead);
            AsnReader info = reader.ReadSequence();
            if (!info.TryReadInt32(out int version) || version != 0)
            {
                throw new CryptographicException(ErrorMessages.KeyEncodingInvalid);
            }

            string oid = ReadAlgorithm(info);
            byte[] octets = info.ReadOctetString();

            // Attributes ([0]) may follow; they carry nothing for an EC key.
            if (info.HasData && info.PeekTag().HasSameClassAndValue(new Asn1Tag(TagClass.ContextSpecific, 0)))
            {
                info.ReadEncodedValue();
            }

            info.ThrowIfNotEmpty();
            AsnReader inner = new(octets, AsnEncodingRules.DER);
            ECParameters key = ReadEcPrivateKey(inner, oid);
            inner.ThrowIfNotEmpty();
            return key;
        }
        catch (AsnContentException e)
        {
            throw new CryptographicException(ErrorMessages.KeyEncodingInvalid, e);
        }
    }

    /// <summary>The DER of the first PEM block with one of the given labels, and which label it had.</summary>
    public static byte[] ReadPem(ReadOnlySpan<char> pem, out string label)
    {
        string text = pem.ToString();
        int search = 0;
        while (true)
        {
            int begin = text.IndexOf("-----BEGIN ", search, StringComparison.Ordinal);
            if (begin < 0)
            {
                throw new ArgumentException(ErrorMessages.PemNoKey, nameof(pem));
            }

            int labelStart = begin + "-----BEGIN ".Length;
            int labelEnd = text.IndexOf("-----", labelStart, StringComparison.Ordinal);
            if (labelEnd < 0)
            {
                throw new ArgumentException(ErrorMessages.PemNoKey, nameof(pem));
            }

            label = text.Substring(labelStart, labelEnd - labelStart);
            string footer = "-----END " + label + "-----";
            int end = text.IndexOf(footer, labelEnd, StringComparison.Ordinal);
            if (end < 0)
            {
                throw new ArgumentException(ErrorMessages.PemNoKey, nameof(pem));
            }

            search = end + footer.Length;
            if (label is PublicKeyLabel or Pkcs8Label or EcPrivateKeyLabel)
            {
                string body = text.Substring(labelEnd + 5, end - labelEnd - 5);
                try
                {
                    return Convert.FromBase64String(body);
                }
                catch (FormatException e)
                {
                    throw new ArgumentException(ErrorMessages.PemNoKey, nameof(pem), e);
                }
            }

            if (label == "ENCRYPTED PRIVATE KEY")
            {
                throw new ArgumentException(ErrorMessages.PemEncryptedKey, nameof(pem));
            }
        }
    }

    /// <summary>RFC 7468 §2: the label lines around base64 in lines of 64 characters.</summary>
    public static string WritePem(string label, byte[] der)
    {
        string base64 = Convert.ToBase64String(der);
        StringBuilder pem = new();
        pem.Append("-----BEGIN ").Append(label).Append("-----\n");
        for (int i = 0; i < base64.Length; i += 64)
        {
            pem.Append(base64, i, Math.Min(64, base64.Length - i)).Append('\n');
        }

        pem.Append("-----END ").Append(label).Append("-----");
        return pem.ToString();
    }

    // A reader over the first DER value of source (as the BCL's Import* methods, which report how many bytes it took
    // and ignore what follows). Only that value is copied: the header is decoded in place, so a huge buffer of garbage
    // is refused without copying it.
    private static AsnReader First(ReadOnlySpan<byte> source, out int bytesRead)
    {
        AsnDecoder.ReadEncodedValue(source, AsnEncodingRules.DER, out _, out _, out bytesRead);
        return new AsnReader(source.Slice(0, bytesRead).ToArray(), AsnEncodingRules.DER);
    }

    private static void WriteAlgorithm(AsnWriter writer, ECParameters key)
    {
        using (writer.PushSequence())
        {
            writer.WriteObjectIdentifier(EcPublicKeyOid);
            writer.WriteObjectIdentifier(CurveOid(key));
        }
    }

    private static string ReadAlgorithm(AsnReader reader)
    {
        AsnReader algorithm = reader.ReadSequence();
        if (algorithm.ReadObjectIdentifier() != EcPublicKeyOid)
        {
            throw new CryptographicException(ErrorMessages.KeyNotEc);
        }

        if (!algorithm.HasData || algorithm.PeekTag() != Asn1Tag.ObjectIdentifier)
        {
            throw new CryptographicException(ErrorMessages.KeyCurveNotNamed);
        }

        string oid = algorithm.ReadObjectIdentifier();
        algorithm.ThrowIfNotEmpty();
        return oid;
    }

    private static void WriteEcPrivateKey(AsnWriter writer, ECParameters key, bool withCurve)
    {
        using (writer.PushSequence())
        {
            writer.WriteInteger(1);
            writer.WriteOctetString(key.D);
            if (withCurve)
            {
                using (writer.PushSequence(new Asn1Tag(TagClass.ContextSpecific, 0, isConstructed: true)))
                {
                    writer.WriteObjectIdentifier(CurveOid(key));
                }
            }

            using (writer.PushSequence(new Asn1Tag(TagClass.ContextSpecific, 1, isConstructed: true)))
            {
                writer.WriteBitString(Point(key));
            }
        }
    }

    private static ECParameters ReadEcPrivateKey(AsnReader reader, string? algorithmOid)
    {
        AsnReader sequence = reader.ReadSequence();
        if (!sequence.TryReadInt32(out int version) || version != 1)
        {
            throw new CryptographicException(ErrorMessages.KeyEncodingInvalid);
        }

        byte[] d = sequence.ReadOctetString();
        string? oid = algorithmOid;
        Asn1Tag parametersTag = new(TagClass.ContextSpecific, 0, isConstructed: true);
        if (sequence.HasData && sequence.PeekTag().HasSameClassAndValue(parametersTag))
        {
            AsnReader parameters = sequence.ReadSequence(parametersTag);
            if (!parameters.HasData || parameters.PeekTag() != Asn1Tag.ObjectIdentifier)
            {
                throw new CryptographicException(ErrorMessages.KeyCurveNotNamed);
            }

            string curve = parameters.ReadObjectIdentifier();
            parameters.ThrowIfNotEmpty();
            if (oid != null && oid != curve)
            {
                throw new CryptographicException(ErrorMessages.KeyEncodingInvalid);
            }

            oid = curve;
        }

        if (oid == null)
        {
            throw new CryptographicException(ErrorMessages.KeyCurveNotNamed);
        }

        ECParameters key = new() { Curve = ECCurve.CreateFromValue(oid), D = d };
        Asn1Tag publicKeyTag = new(TagClass.ContextSpecific, 1, isConstructed: true);
        if (sequence.HasData && sequence.PeekTag().HasSameClassAndValue(publicKeyTag))
        {
            AsnReader publicKey = sequence.ReadSequence(publicKeyTag);
            byte[] point = publicKey.ReadBitString(out int unusedBits);
            publicKey.ThrowIfNotEmpty();
            if (unusedBits != 0)
            {
                throw new CryptographicException(ErrorMessages.KeyEncodingInvalid);
            }

            key.Q = ReadPoint(point);
        }

        sequence.ThrowIfNotEmpty();
        return key;
    }

    private static string CurveOid(ECParameters key) =>
        key.Curve.IsNamed && !string.IsNullOrEmpty(key.Curve.Oid?.Value)
            ? key.Curve.Oid!.Value!
            : throw new CryptographicException(ErrorMessages.KeyCurveNotNamed);

    // SEC 1 §2.3.3: 04 || X || Y.
    private static byte[] Point(ECParameters key)
    {
        byte[] x = key.Q.X ?? throw new CryptographicException(ErrorMessages.KeyEncodingInvalid);
        byte[] y = key.Q.Y ?? throw new CryptographicException(ErrorMessages.KeyEncodingInvalid);
        byte[] point = new byte[1 + x.Length + y.Length];
        point[0] = 4;
        x.CopyTo(point, 1);
        y.CopyTo(point, 1 + x.Length);
        return point;
    }

    // Only the uncompressed form: the compressed one (02/03) needs a square root in the curve's field, which the
    // importer then validates anyway; the BCL and OpenSSL write uncompressed points by default.
    private static ECPoint ReadPoint(byte[] point)
    {
        if (point.Length < 3 || point[0] != 4 || point.Length % 2 != 1)
        {
            throw new CryptographicException(ErrorMessages.KeyEncodingInvalid);
        }

        int half = (point.Length - 1) / 2;
        return new ECPoint { X = point.AsSpan(1, half).ToArray(), Y = point.AsSpan(1 + half, half).ToArray() };
    }
}

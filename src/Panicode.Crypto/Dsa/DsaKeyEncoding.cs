// DSA key encodings with System.Formats.Asn1, for netstandard2.0 (where DSA has no Import*/Export* members; on .NET 10
// the BCL's own members do the same through ImportParameters/ExportParameters): RFC 3279 §2.3.2 id-dsa with Dss-Parms
// in a SubjectPublicKeyInfo (RFC 5280 §4.1) holding y as an INTEGER, and RFC 5208/5958 PKCS#8 holding x as an
// INTEGER (RFC 5958 has no field for y: the import derives it). PBES2 decryption and PEM are RSA's (RsaKeyEncoding).

using System;
using System.Formats.Asn1;
using System.Security.Cryptography;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Rsa;

namespace Panicode.Crypto.Dsa;

internal static class DsaKeyEncoding
{
    private const string DsaOid = "1.2.840.10040.4.1";

    public static byte[] WriteSubjectPublicKeyInfo(in DSAParameters key)
    {
        AsnWriter inner = new(AsnEncodingRules.DER);
        RsaKeyEncoding.WriteUnsigned(inner, key.Y);
        AsnWriter writer = new(AsnEncodingRules.DER);
        using (writer.PushSequence())
        {
            WriteAlgorithm(writer, key);
            writer.WriteBitString(inner.Encode());
        }

        return writer.Encode();
    }

    public static DSAParameters ReadSubjectPublicKeyInfo(ReadOnlySpan<byte> source, out int bytesRead) =>
        RsaKeyEncoding.Guard(source, out bytesRead, reader =>
        {
            AsnReader seq = reader.ReadSequence();
            DSAParameters key = ReadAlgorithm(seq);
            byte[] bits = seq.ReadBitString(out int unused);
            seq.ThrowIfNotEmpty();
            AsnReader y = new(bits, AsnEncodingRules.DER);
            key.Y = RsaKeyEncoding.Unsigned(y);
            y.ThrowIfNotEmpty();
            return unused == 0 ? key : throw new CryptographicException(ErrorMessages.KeyEncodingInvalid);
        });

    public static byte[] WritePkcs8(in DSAParameters key)
    {
        AsnWriter inner = new(AsnEncodingRules.DER);
        RsaKeyEncoding.WriteUnsigned(inner, key.X);
        byte[] x = inner.Encode();
        try
        {
            AsnWriter writer = new(AsnEncodingRules.DER);
            using (writer.PushSequence())
            {
                writer.WriteInteger(0);
                WriteAlgorithm(writer, key);
                writer.WriteOctetString(x);
            }

            return writer.Encode();
        }
        finally
        {
            Array.Clear(x, 0, x.Length);
        }
    }

    /// <summary>A PrivateKeyInfo; Y is left null (the import derives it).</summary>
    public static DSAParameters ReadPkcs8(ReadOnlySpan<byte> source, out int bytesRead) =>
        RsaKeyEncoding.Guard(source, out bytesRead, reader =>
        {
            AsnReader seq = reader.ReadSequence();
            if (!seq.TryReadInt32(out int version) || (version != 0 && version != 1))
            {
                throw new CryptographicException(ErrorMessages.KeyEncodingInvalid);
            }

            DSAParameters key = ReadAlgorithm(seq);
            byte[] inner = seq.ReadOctetString();
            try
            {
                AsnReader x = new(inner, AsnEncodingRules.DER);
                key.X = RsaKeyEncoding.Unsigned(x);
                x.ThrowIfNotEmpty();
                return key;
            }
            finally
            {
                Array.Clear(inner, 0, inner.Length);
            }
        });

    private static void WriteAlgorithm(AsnWriter writer, in DSAParameters key)
    {
        using (writer.PushSequence())
        {
            writer.WriteObjectIdentifier(DsaOid);
            using (writer.PushSequence())
            {
                RsaKeyEncoding.WriteUnsigned(writer, key.P);
                RsaKeyEncoding.WriteUnsigned(writer, key.Q);
                RsaKeyEncoding.WriteUnsigned(writer, key.G);
            }
        }
    }

    private static DSAParameters ReadAlgorithm(AsnReader seq)
    {
        AsnReader alg = seq.ReadSequence();
        if (alg.ReadObjectIdentifier() != DsaOid)
        {
            throw new CryptographicException(ErrorMessages.DsaNotADsaKey);
        }

        AsnReader parms = alg.ReadSequence();
        alg.ThrowIfNotEmpty();
        DSAParameters key = new()
        {
            P = RsaKeyEncoding.Unsigned(parms),
            Q = RsaKeyEncoding.Unsigned(parms),
            G = RsaKeyEncoding.Unsigned(parms),
        };
        parms.ThrowIfNotEmpty();
        return key;
    }
}

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
        DSAParameters copy = key;
        return IntegerKeyInfo.WriteSubjectPublicKeyInfo(w => WriteAlgorithm(w, copy), key.Y);
    }

    public static DSAParameters ReadSubjectPublicKeyInfo(ReadOnlySpan<byte> source, out int bytesRead) =>
        IntegerKeyInfo.ReadSubjectPublicKeyInfo(source, out bytesRead, ReadAlgorithm, (key, y) =>
        {
            key.Y = y;
            return key;
        });

    public static byte[] WritePkcs8(in DSAParameters key)
    {
        DSAParameters copy = key;
        return IntegerKeyInfo.WritePkcs8(w => WriteAlgorithm(w, copy), key.X);
    }

    /// <summary>A PrivateKeyInfo; Y is left null (the import derives it).</summary>
    public static DSAParameters ReadPkcs8(ReadOnlySpan<byte> source, out int bytesRead) =>
        IntegerKeyInfo.ReadPkcs8(source, out bytesRead, ReadAlgorithm, (key, x) =>
        {
            key.X = x;
            return key;
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

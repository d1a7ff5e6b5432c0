// The SubjectPublicKeyInfo (RFC 5280 §4.1) and PKCS#8 PrivateKeyInfo (RFC 5208 §5) of the keys whose public and private
// values are one INTEGER each, DSA (RFC 3279 §2.3.2) and finite-field DH (§2.3.3, PKCS #3), written once: the caller
// supplies its AlgorithmIdentifier (writer and reader) and where the value goes. PKCS#8 has no field for the public
// value: the importers derive it.

using System;
using System.Formats.Asn1;
using System.Security.Cryptography;
using Panicode.Crypto.Rsa;

namespace Panicode.Crypto.Internal;

internal static class IntegerKeyInfo
{
    public static byte[] WriteSubjectPublicKeyInfo(Action<AsnWriter> writeAlgorithm, byte[]? y)
    {
        AsnWriter inner = new(AsnEncodingRules.DER);
        RsaKeyEncoding.WriteUnsigned(inner, y);
        AsnWriter writer = new(AsnEncodingRules.DER);
        using (writer.PushSequence())
        {
            writeAlgorithm(writer);
            writer.WriteBitString(inner.Encode());
        }

        return writer.Encode();
    }

    public static T ReadSubjectPublicKeyInfo<T>(ReadOnlySpan<byte> source, out int bytesRead, Func<AsnReader, T> readAlgorithm, Func<T, byte[], T> withY) =>
        RsaKeyEncoding.Guard(source, out bytesRead, reader =>
        {
            AsnReader seq = reader.ReadSequence();
            T key = readAlgorithm(seq);
            byte[] bits = seq.ReadBitString(out int unused);
            seq.ThrowIfNotEmpty();
            AsnReader y = new(bits, AsnEncodingRules.DER);
            key = withY(key, RsaKeyEncoding.Unsigned(y));
            y.ThrowIfNotEmpty();
            return unused == 0 ? key : throw new CryptographicException(ErrorMessages.KeyEncodingInvalid);
        });

    public static byte[] WritePkcs8(Action<AsnWriter> writeAlgorithm, byte[]? x)
    {
        AsnWriter inner = new(AsnEncodingRules.DER);
        RsaKeyEncoding.WriteUnsigned(inner, x);
        byte[] value = inner.Encode();
        try
        {
            AsnWriter writer = new(AsnEncodingRules.DER);
            using (writer.PushSequence())
            {
                writer.WriteInteger(0);
                writeAlgorithm(writer);
                writer.WriteOctetString(value);
            }

            return writer.Encode();
        }
        finally
        {
            Secret.Clear(value);
        }
    }

    /// <summary>A PrivateKeyInfo of version 0 or 1; the public value is left to the importer.</summary>
    public static T ReadPkcs8<T>(ReadOnlySpan<byte> source, out int bytesRead, Func<AsnReader, T> readAlgorithm, Func<T, byte[], T> withX) =>
        RsaKeyEncoding.Guard(source, out bytesRead, reader =>
        {
            AsnReader seq = reader.ReadSequence();
            if (!seq.TryReadInt32(out int version) || (version != 0 && version != 1))
            {
                throw new CryptographicException(ErrorMessages.KeyEncodingInvalid);
            }

            T key = readAlgorithm(seq);
            byte[] inner = seq.ReadOctetString();
            try
            {
                AsnReader x = new(inner, AsnEncodingRules.DER);
                key = withX(key, RsaKeyEncoding.Unsigned(x));
                x.ThrowIfNotEmpty();
                return key;
            }
            finally
            {
                Secret.Clear(inner);
            }
        });
}

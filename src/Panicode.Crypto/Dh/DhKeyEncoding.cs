// Finite-field DH key encodings with System.Formats.Asn1, on every target: a SubjectPublicKeyInfo (RFC 5280 §4.1) holding
// y as an INTEGER, and a PKCS#8 PrivateKeyInfo (RFC 5208) holding x as an INTEGER, under one of two algorithm
// identifiers:
//  - PKCS #3's dhKeyAgreement (1.2.840.113549.1.3.1) with DHParameter ::= SEQUENCE { prime, base, privateValueLength
//    OPTIONAL } (PKCS #3 v1.4 §9): no q; written for keys whose q is (p - 1) / 2 (the safe-prime groups), as OpenSSL's
//    "DH" keys are;
//  - X9.42's dhpublicnumber (1.2.840.10046.2.1) with DomainParameters ::= SEQUENCE { p, g, q, j OPTIONAL,
//    validationParms OPTIONAL } (RFC 3279 §2.3.3; note the order p, g, q): written for keys with an explicit q, as
//    OpenSSL's "DHX" keys are. j and validationParms are read and ignored (the import tests q and p itself).
// PKCS#8 has no field for y: the import derives it.

using System;
using System.Formats.Asn1;
using System.Security.Cryptography;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Rsa;

namespace Panicode.Crypto.Dh;

internal static class DhKeyEncoding
{
    internal const string DhKeyAgreementOid = "1.2.840.113549.1.3.1";
    internal const string DhPublicNumberOid = "1.2.840.10046.2.1";

    public static byte[] WriteSubjectPublicKeyInfo(in DiffieHellmanParameters key)
    {
        DiffieHellmanParameters copy = key;
        return IntegerKeyInfo.WriteSubjectPublicKeyInfo(w => WriteAlgorithm(w, copy), key.Y);
    }

    public static DiffieHellmanParameters ReadSubjectPublicKeyInfo(ReadOnlySpan<byte> source, out int bytesRead) =>
        IntegerKeyInfo.ReadSubjectPublicKeyInfo(source, out bytesRead, ReadAlgorithm, (key, y) =>
        {
            key.Y = y;
            return key;
        });

    public static byte[] WritePkcs8(in DiffieHellmanParameters key)
    {
        DiffieHellmanParameters copy = key;
        return IntegerKeyInfo.WritePkcs8(w => WriteAlgorithm(w, copy), key.X);
    }

    /// <summary>A PrivateKeyInfo; Y is left null (the import derives it).</summary>
    public static DiffieHellmanParameters ReadPkcs8(ReadOnlySpan<byte> source, out int bytesRead) =>
        IntegerKeyInfo.ReadPkcs8(source, out bytesRead, ReadAlgorithm, (key, x) =>
        {
            key.X = x;
            return key;
        });

    private static void WriteAlgorithm(AsnWriter writer, in DiffieHellmanParameters key)
    {
        using (writer.PushSequence())
        {
            writer.WriteObjectIdentifier(key.Q is null ? DhKeyAgreementOid : DhPublicNumberOid);
            using (writer.PushSequence())
            {
                RsaKeyEncoding.WriteUnsigned(writer, key.P);
                RsaKeyEncoding.WriteUnsigned(writer, key.G);
                if (key.Q is not null)
                {
                    RsaKeyEncoding.WriteUnsigned(writer, key.Q);
                }
            }
        }
    }

    private static DiffieHellmanParameters ReadAlgorithm(AsnReader seq)
    {
        AsnReader alg = seq.ReadSequence();
        string oid = alg.ReadObjectIdentifier();
        if (oid != DhKeyAgreementOid && oid != DhPublicNumberOid)
        {
            throw new CryptographicException(ErrorMessages.DhNotADhKey);
        }

        AsnReader parms = alg.ReadSequence();
        alg.ThrowIfNotEmpty();
        DiffieHellmanParameters key = new()
        {
            P = RsaKeyEncoding.Unsigned(parms),
            G = RsaKeyEncoding.Unsigned(parms),
        };
        if (oid == DhPublicNumberOid)
        {
            // q, then j and validationParms (both optional; not needed: the import tests the group itself).
            key.Q = RsaKeyEncoding.Unsigned(parms);
            if (parms.HasData && parms.PeekTag().HasSameClassAndValue(Asn1Tag.Integer))
            {
                parms.ReadIntegerBytes();
            }

            if (parms.HasData)
            {
                parms.ReadSequence();
            }
        }
        else if (parms.HasData)
        {
            // PKCS #3's privateValueLength: a hint for key generation, not needed to use the key.
            parms.ReadIntegerBytes();
        }

        parms.ThrowIfNotEmpty();
        return key;
    }
}

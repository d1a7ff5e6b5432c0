// RSA key encodings with System.Formats.Asn1, for netstandard2.0 (where RSA has no Import*/Export* members; on .NET 10
// the BCL's own members do the same through ImportParameters/ExportParameters): RFC 8017 Appendix A.1 RSAPublicKey and
// RSAPrivateKey, RFC 5280 §4.1 SubjectPublicKeyInfo, RFC 5208/5958 PKCS#8 PrivateKeyInfo and EncryptedPrivateKeyInfo
// with PBES2 (RFC 8018 §6.2: PBKDF2 with HMAC-SHA-1/SHA-256/SHA-384/SHA-512, AES-128/192/256-CBC), and RFC 7468 PEM.

using System;
using System.Formats.Asn1;
using System.Security.Cryptography;
using System.Text;
using Panicode.Crypto.Hashing;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto.Rsa;

internal static class RsaKeyEncoding
{
    internal const string PublicKeyLabel = "PUBLIC KEY";
    internal const string RsaPublicKeyLabel = "RSA PUBLIC KEY";
    internal const string Pkcs8Label = "PRIVATE KEY";
    internal const string RsaPrivateKeyLabel = "RSA PRIVATE KEY";
    internal const string EncryptedPkcs8Label = "ENCRYPTED PRIVATE KEY";

    private const string RsaEncryptionOid = "1.2.840.113549.1.1.1";
    private const string Pbes2Oid = "1.2.840.113549.1.5.13";
    private const string Pbkdf2Oid = "1.2.840.113549.1.5.12";

    public static byte[] WriteRsaPublicKey(in RSAParameters key)
    {
        AsnWriter writer = new(AsnEncodingRules.DER);
        using (writer.PushSequence())
        {
            WriteUnsigned(writer, key.Modulus);
            WriteUnsigned(writer, key.Exponent);
        }

        return writer.Encode();
    }

    public static RSAParameters ReadRsaPublicKey(ReadOnlySpan<byte> source, out int bytesRead) =>
        Guard(source, out bytesRead, reader =>
        {
            AsnReader seq = reader.ReadSequence();
            RSAParameters key = new() { Modulus = Unsigned(seq), Exponent = Unsigned(seq) };
            seq.ThrowIfNotEmpty();
            return key;
        });

    public static byte[] WriteRsaPrivateKey(in RSAParameters key)
    {
        AsnWriter writer = new(AsnEncodingRules.DER);
        using (writer.PushSequence())
        {
            writer.WriteInteger(0);
            WriteUnsigned(writer, key.Modulus);
            WriteUnsigned(writer, key.Exponent);
            WriteUnsigned(writer, key.D);
            WriteUnsigned(writer, key.P);
            WriteUnsigned(writer, key.Q);
            WriteUnsigned(writer, key.DP);
            WriteUnsigned(writer, key.DQ);
            WriteUnsigned(writer, key.InverseQ);
        }

        return writer.Encode();
    }

    /// <summary>RSAPrivateKey; version 1 (otherPrimeInfos, RFC 8017 A.1.2) is refused: two-prime keys only.</summary>
    public static RSAParameters ReadRsaPrivateKey(ReadOnlySpan<byte> source, out int bytesRead) =>
        Guard(source, out bytesRead, ReadRsaPrivateKey);

    public static byte[] WriteSubjectPublicKeyInfo(in RSAParameters key)
    {
        AsnWriter writer = new(AsnEncodingRules.DER);
        using (writer.PushSequence())
        {
            WriteAlgorithm(writer);
            writer.WriteBitString(WriteRsaPublicKey(key));
        }

        return writer.Encode();
    }

    public static RSAParameters ReadSubjectPublicKeyInfo(ReadOnlySpan<byte> source, out int bytesRead) =>
        Guard(source, out bytesRead, reader =>
        {
            AsnReader seq = reader.ReadSequence();
            ReadAlgorithm(seq);
            byte[] bits = seq.ReadBitString(out int unused);
            seq.ThrowIfNotEmpty();
            if (unused != 0)
            {
                throw new CryptographicException(ErrorMessages.KeyEncodingInvalid);
            }

            return ReadRsaPublicKey(bits, out int read) is var key && read == bits.Length
                ? key
                : throw new CryptographicException(ErrorMessages.KeyEncodingInvalid);
        });

    public static byte[] WritePkcs8(in RSAParameters key)
    {
        byte[] inner = WriteRsaPrivateKey(key);
        try
        {
            AsnWriter writer = new(AsnEncodingRules.DER);
            using (writer.PushSequence())
            {
                writer.WriteInteger(0);
                WriteAlgorithm(writer);
                writer.WriteOctetString(inner);
            }

            return writer.Encode();
        }
        finally
        {
            Array.Clear(inner, 0, inner.Length);
        }
    }

    public static RSAParameters ReadPkcs8(ReadOnlySpan<byte> source, out int bytesRead) =>
        Guard(source, out bytesRead, ReadPkcs8);

    /// <summary>
    /// EncryptedPrivateKeyInfo with PBES2 (RFC 8018 §6.2.2): PBKDF2 with the PRF the parameters name, AES-CBC, PKCS#7
    /// padding; the password as its UTF-8 bytes (as the BCL passes a char password to PBES2).
    /// </summary>
    public static RSAParameters ReadEncryptedPkcs8(ReadOnlySpan<byte> password, ReadOnlySpan<byte> source, out int bytesRead) =>
        ReadEncryptedPkcs8(password, source, out bytesRead, ReadPkcs8);

    /// <summary>
    /// An EncryptedPrivateKeyInfo (as <see cref="ReadEncryptedPkcs8(ReadOnlySpan{byte}, ReadOnlySpan{byte}, out int)"/>)
    /// whose decrypted PrivateKeyInfo <paramref name="readPkcs8"/> reads (RSA, DSA).
    /// </summary>
    public static T ReadEncryptedPkcs8<T>(ReadOnlySpan<byte> password, ReadOnlySpan<byte> source, out int bytesRead, Reader<T> readPkcs8)
    {
        byte[] pw = password.ToArray();
        try
        {
            return Guard(source, out bytesRead, reader =>
            {
                AsnReader seq = reader.ReadSequence();
                AsnReader alg = seq.ReadSequence();
                if (alg.ReadObjectIdentifier() != Pbes2Oid)
                {
                    throw new CryptographicException(ErrorMessages.RsaPbeUnsupported);
                }

                AsnReader pbes2 = alg.ReadSequence();
                AsnReader kdf = pbes2.ReadSequence();
                if (kdf.ReadObjectIdentifier() != Pbkdf2Oid)
                {
                    throw new CryptographicException(ErrorMessages.RsaPbeUnsupported);
                }

                AsnReader kdfParams = kdf.ReadSequence();
                byte[] salt = kdfParams.ReadOctetString();
                if (!kdfParams.TryReadInt32(out int iterations) || iterations < 1 || iterations > 10_000_000)
                {
                    throw new CryptographicException(ErrorMessages.RsaPbeUnsupported);
                }

                int? keyLength = null;
                if (kdfParams.HasData && kdfParams.PeekTag().HasSameClassAndValue(Asn1Tag.Integer))
                {
                    kdfParams.TryReadInt32(out int k);
                    keyLength = k;
                }

                HashAlgorithmName prf = HashAlgorithmName.SHA1;
                if (kdfParams.HasData)
                {
                    AsnReader prfAlg = kdfParams.ReadSequence();
                    prf = prfAlg.ReadObjectIdentifier() switch
                    {
                        "1.2.840.113549.2.7" => HashAlgorithmName.SHA1,
                        "1.2.840.113549.2.9" => HashAlgorithmName.SHA256,
                        "1.2.840.113549.2.10" => HashAlgorithmName.SHA384,
                        "1.2.840.113549.2.11" => HashAlgorithmName.SHA512,
                        _ => throw new CryptographicException(ErrorMessages.RsaPbeUnsupported),
                    };
                }

                AsnReader enc = pbes2.ReadSequence();
                int aesKeyLength = enc.ReadObjectIdentifier() switch
                {
                    "2.16.840.1.101.3.4.1.2" => 16,
                    "2.16.840.1.101.3.4.1.22" => 24,
                    "2.16.840.1.101.3.4.1.42" => 32,
                    _ => throw new CryptographicException(ErrorMessages.RsaPbeUnsupported),
                };
                byte[] iv = enc.ReadOctetString();
                byte[] encrypted = seq.ReadOctetString();
                if (iv.Length != 16 || (keyLength.HasValue && keyLength.Value != aesKeyLength))
                {
                    throw new CryptographicException(ErrorMessages.RsaPbeUnsupported);
                }

                byte[] key = Pbkdf2(prf, pw, salt, iterations, aesKeyLength);
                byte[] plain;
                using (Aes aes = Aes.Create())
                {
                    aes.Key = key;
                    aes.IV = iv;
                    aes.Mode = CipherMode.CBC;
                    aes.Padding = PaddingMode.PKCS7;
                    using ICryptoTransform decryptor = aes.CreateDecryptor();
                    plain = decryptor.TransformFinalBlock(encrypted, 0, encrypted.Length);
                }

                Array.Clear(key, 0, key.Length);
                try
                {
                    T result = readPkcs8(plain, out int read);
                    return read == plain.Length ? result : throw new CryptographicException(ErrorMessages.KeyEncodingInvalid);
                }
                finally
                {
                    Array.Clear(plain, 0, plain.Length);
                }
            });
        }
        finally
        {
            Array.Clear(pw, 0, pw.Length);
        }
    }

    /// <summary>Reads a key from the start of <paramref name="source"/>, reporting the length of its encoding.</summary>
    public delegate T Reader<T>(ReadOnlySpan<byte> source, out int bytesRead);

    public static byte[] PasswordBytes(ReadOnlySpan<char> password) => Encoding.UTF8.GetBytes(password.ToArray());

    /// <summary>The DER of the first PEM block with an RSA key label, and which label it had.</summary>
    public static byte[] ReadPem(ReadOnlySpan<char> pem, out string label, bool allowEncrypted) =>
        ReadPem(pem, out label, allowEncrypted, l => l is PublicKeyLabel or RsaPublicKeyLabel or Pkcs8Label or RsaPrivateKeyLabel, ErrorMessages.RsaPemNoKey);

    /// <summary>The DER of the first PEM block with one of the plain labels (or ENCRYPTED PRIVATE KEY when <paramref name="allowEncrypted"/>).</summary>
    public static byte[] ReadPem(ReadOnlySpan<char> pem, out string label, bool allowEncrypted, Func<string, bool> isPlainLabel, string noKeyMessage)
    {
        string text = pem.ToString();
        int search = 0;
        while (true)
        {
            int begin = text.IndexOf("-----BEGIN ", search, StringComparison.Ordinal);
            int labelStart = begin + "-----BEGIN ".Length;
            int labelEnd = begin < 0 ? -1 : text.IndexOf("-----", labelStart, StringComparison.Ordinal);
            if (labelEnd < 0)
            {
                throw new ArgumentException(noKeyMessage, nameof(pem));
            }

            label = text.Substring(labelStart, labelEnd - labelStart);
            string footer = "-----END " + label + "-----";
            int end = text.IndexOf(footer, labelEnd, StringComparison.Ordinal);
            if (end < 0)
            {
                throw new ArgumentException(noKeyMessage, nameof(pem));
            }

            search = end + footer.Length;
            bool plain = isPlainLabel(label);
            if (plain != allowEncrypted || (allowEncrypted && label == EncryptedPkcs8Label))
            {
                try
                {
                    return Convert.FromBase64String(text.Substring(labelEnd + 5, end - labelEnd - 5));
                }
                catch (FormatException e)
                {
                    throw new ArgumentException(noKeyMessage, nameof(pem), e);
                }
            }

            if (!allowEncrypted && label == EncryptedPkcs8Label)
            {
                throw new ArgumentException(ErrorMessages.PemEncryptedKey, nameof(pem));
            }
        }
    }

    // PBKDF2 (RFC 8018 §5.2) over HMAC with the given hash.
    private static byte[] Pbkdf2(HashAlgorithmName prf, byte[] password, byte[] salt, int iterations, int length)
    {
        using EcHash.Hmac hmac = new(prf, password);
        byte[] result = new byte[length];
        byte[] block = new byte[4];
        for (int i = 1, done = 0; done < length; i++)
        {
            block[0] = (byte)(i >> 24);
            block[1] = (byte)(i >> 16);
            block[2] = (byte)(i >> 8);
            block[3] = (byte)i;
            byte[] u = hmac.Compute(salt, block);
            byte[] t = (byte[])u.Clone();
            for (int j = 1; j < iterations; j++)
            {
                byte[] next = hmac.Compute(u);
                Array.Clear(u, 0, u.Length);
                u = next;
                for (int b = 0; b < t.Length; b++)
                {
                    t[b] ^= u[b];
                }
            }

            int n = Math.Min(t.Length, length - done);
            Array.Copy(t, 0, result, done, n);
            done += n;
            Array.Clear(t, 0, t.Length);
            Array.Clear(u, 0, u.Length);
        }

        return result;
    }

    private static RSAParameters ReadPkcs8(AsnReader reader)
    {
        AsnReader seq = reader.ReadSequence();
        if (!seq.TryReadInt32(out int version) || (version != 0 && version != 1))
        {
            throw new CryptographicException(ErrorMessages.KeyEncodingInvalid);
        }

        ReadAlgorithm(seq);
        byte[] inner = seq.ReadOctetString();
        try
        {
            RSAParameters key = ReadRsaPrivateKey(inner, out int read);
            return read == inner.Length ? key : throw new CryptographicException(ErrorMessages.KeyEncodingInvalid);
        }
        finally
        {
            Array.Clear(inner, 0, inner.Length);
        }
    }

    private static RSAParameters ReadRsaPrivateKey(AsnReader reader)
    {
        AsnReader seq = reader.ReadSequence();
        if (!seq.TryReadInt32(out int version) || version != 0)
        {
            throw new CryptographicException(version == 1 ? ErrorMessages.RsaMultiPrimeUnsupported : ErrorMessages.KeyEncodingInvalid);
        }

        RSAParameters key = new()
        {
            Modulus = Unsigned(seq),
            Exponent = Unsigned(seq),
            D = Unsigned(seq),
            P = Unsigned(seq),
            Q = Unsigned(seq),
            DP = Unsigned(seq),
            DQ = Unsigned(seq),
            InverseQ = Unsigned(seq),
        };
        seq.ThrowIfNotEmpty();
        return key;
    }

    private static void WriteAlgorithm(AsnWriter writer)
    {
        using (writer.PushSequence())
        {
            writer.WriteObjectIdentifier(RsaEncryptionOid);
            writer.WriteNull();
        }
    }

    private static void ReadAlgorithm(AsnReader seq)
    {
        AsnReader alg = seq.ReadSequence();
        if (alg.ReadObjectIdentifier() != RsaEncryptionOid)
        {
            throw new CryptographicException(ErrorMessages.RsaNotAnRsaKey);
        }

        if (alg.HasData)
        {
            alg.ReadNull();
        }

        alg.ThrowIfNotEmpty();
    }

    /// <summary>
    /// A DER INTEGER from an unsigned big-endian value. <see cref="RSAParameters"/> fields are fixed-length (D as long
    /// as the modulus, P, Q, DP, DQ and InverseQ half as long), so about one key in 256 has a zero leading byte in one
    /// of them; DER (X.690 §8.3.2) wants the minimal form, and AsnWriter.WriteIntegerUnsigned refuses
    /// redundant zeros.
    /// </summary>
    internal static void WriteUnsigned(AsnWriter writer, byte[]? value)
    {
        ReadOnlySpan<byte> span = value;
        int start = 0;
        while (start < span.Length - 1 && span[start] == 0)
        {
            start++;
        }

        writer.WriteIntegerUnsigned(span.Slice(start));
    }

    internal static byte[] Unsigned(AsnReader reader)
    {
        ReadOnlyMemory<byte> value = reader.ReadIntegerBytes();
        ReadOnlySpan<byte> span = value.Span;
        if (span.Length > 0 && (span[0] & 0x80) != 0)
        {
            throw new CryptographicException(ErrorMessages.KeyEncodingInvalid);   // negative
        }

        while (span.Length > 1 && span[0] == 0)
        {
            span = span.Slice(1);
        }

        return span.ToArray();
    }

    // Reads the first DER value of source (as the BCL's Import* methods, which report its length and ignore the rest);
    // any malformed encoding becomes a CryptographicException.
    internal static T Guard<T>(ReadOnlySpan<byte> source, out int bytesRead, Func<AsnReader, T> read)
    {
        try
        {
            AsnDecoder.ReadEncodedValue(source, AsnEncodingRules.DER, out _, out _, out bytesRead);
            return read(new AsnReader(source.Slice(0, bytesRead).ToArray(), AsnEncodingRules.DER));
        }
        catch (AsnContentException e)
        {
            throw new CryptographicException(ErrorMessages.KeyEncodingInvalid, e);
        }
    }
}

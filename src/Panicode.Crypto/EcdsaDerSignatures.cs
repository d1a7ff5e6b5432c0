using System;
using System.Formats.Asn1;
using System.Security.Cryptography;

namespace Panicode.Crypto;

/// <summary>
/// ECDSA signatures in the DER form (Ecdsa-Sig-Value, RFC 3279 §2.2.3: SEQUENCE { r INTEGER, s INTEGER }) that X.509,
/// TLS, OpenSSL and Java use, on every target. .NET 10 offers the same through <c>DSASignatureFormat.Rfc3279DerSequence</c>;
/// netstandard2.0's <c>ECDsa</c> signs only in the IEEE P1363 form (r || s), so these methods convert.
/// </summary>
public static class EcdsaDerSignatures
{
    /// <summary>Hashes <paramref name="data"/> with <paramref name="hashAlgorithm"/> and signs it; the signature is DER.</summary>
    /// <param name="key">The signing key.</param>
    /// <param name="data">The data to sign.</param>
    /// <param name="hashAlgorithm">The hash algorithm.</param>
    /// <returns>The DER-encoded signature.</returns>
    public static byte[] SignDataDer(this PrimeEcdsa key, byte[] data, HashAlgorithmName hashAlgorithm)
    {
        ThrowIfNull(key, nameof(key));
        return ToDer(key.SignData(data, hashAlgorithm));
    }

    /// <summary>Signs a hash; the signature is DER.</summary>
    /// <param name="key">The signing key.</param>
    /// <param name="hash">The hash to sign.</param>
    /// <returns>The DER-encoded signature.</returns>
    public static byte[] SignHashDer(this PrimeEcdsa key, byte[] hash)
    {
        ThrowIfNull(key, nameof(key));
        return ToDer(key.SignHash(hash));
    }

    /// <summary>Verifies a DER signature of <paramref name="data"/>; false for a wrong or malformed signature.</summary>
    /// <param name="key">The verification key.</param>
    /// <param name="data">The signed data.</param>
    /// <param name="signature">The DER-encoded signature.</param>
    /// <param name="hashAlgorithm">The hash algorithm.</param>
    /// <returns>Whether the signature is valid.</returns>
    public static bool VerifyDataDer(this PrimeEcdsa key, byte[] data, byte[] signature, HashAlgorithmName hashAlgorithm)
    {
        ThrowIfNull(key, nameof(key));
        ThrowIfNull(data, nameof(data));
        byte[]? p1363 = FromDer(signature, key.KeySize);
        return p1363 != null && key.VerifyData(data, p1363, hashAlgorithm);
    }

    /// <summary>Verifies a DER signature of a hash; false for a wrong or malformed signature.</summary>
    /// <param name="key">The verification key.</param>
    /// <param name="hash">The signed hash.</param>
    /// <param name="signature">The DER-encoded signature.</param>
    /// <returns>Whether the signature is valid.</returns>
    public static bool VerifyHashDer(this PrimeEcdsa key, byte[] hash, byte[] signature)
    {
        ThrowIfNull(key, nameof(key));
        ThrowIfNull(hash, nameof(hash));
        byte[]? p1363 = FromDer(signature, key.KeySize);
        return p1363 != null && key.VerifyHash(hash, p1363);
    }

    private static byte[] ToDer(byte[] p1363)
    {
        int half = p1363.Length / 2;
        AsnWriter writer = new(AsnEncodingRules.DER);
        using (writer.PushSequence())
        {
            writer.WriteIntegerUnsigned(Minimal(p1363.AsSpan(0, half)));
            writer.WriteIntegerUnsigned(Minimal(p1363.AsSpan(half)));
        }

        return writer.Encode();
    }

    // Strict DER (minimal, non-negative integers, nothing after the sequence), then r || s at the field's length, or at
    // a byte more when r or s needs it (curves whose order is longer than the field); null when malformed.
    private static byte[]? FromDer(byte[] signature, int keySizeInBits)
    {
        ThrowIfNull(signature, nameof(signature));
        try
        {
            AsnReader reader = new(signature, AsnEncodingRules.DER);
            AsnReader sequence = reader.ReadSequence();
            ReadOnlyMemory<byte> r = sequence.ReadIntegerBytes();
            ReadOnlyMemory<byte> s = sequence.ReadIntegerBytes();
            sequence.ThrowIfNotEmpty();
            reader.ThrowIfNotEmpty();
            ReadOnlySpan<byte> rs = Unsigned(r.Span);
            ReadOnlySpan<byte> ss = Unsigned(s.Span);
            if (rs.IsEmpty && r.Span[0] != 0 || ss.IsEmpty && s.Span[0] != 0 || (r.Span[0] & 0x80) != 0 || (s.Span[0] & 0x80) != 0)
            {
                return null;    // negative
            }

            int length = Math.Max((keySizeInBits + 7) / 8, Math.Max(rs.Length, ss.Length));
            byte[] p1363 = new byte[2 * length];
            rs.CopyTo(p1363.AsSpan(length - rs.Length));
            ss.CopyTo(p1363.AsSpan((2 * length) - ss.Length));
            return p1363;
        }
        catch (AsnContentException)
        {
            return null;
        }
    }

    // AsnWriter takes an unsigned integer without leading zero bytes (one zero byte for the value 0).
    private static ReadOnlySpan<byte> Minimal(ReadOnlySpan<byte> value)
    {
        int start = 0;
        while (start < value.Length - 1 && value[start] == 0)
        {
            start++;
        }

        return value.Slice(start);
    }

    private static ReadOnlySpan<byte> Unsigned(ReadOnlySpan<byte> integer) =>
        integer.Length > 1 && integer[0] == 0 ? integer.Slice(1) : (integer.Length == 1 && integer[0] == 0 ? ReadOnlySpan<byte>.Empty : integer);

    private static void ThrowIfNull(object? argument, string name)
    {
        if (argument == null)
        {
            throw new ArgumentNullException(name);
        }
    }
}

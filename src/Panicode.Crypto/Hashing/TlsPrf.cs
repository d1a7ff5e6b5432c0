// The pseudo-random function of TLS 1.0 and 1.1 (RFC 2246 §5, unchanged in RFC 4346 §5):
// PRF(secret, label, seed) = P_MD5(S1, label + seed) XOR P_SHA-1(S2, label + seed), where S1 and S2 are the first
// and the last ceil(|secret| / 2) bytes of the secret (they share a byte when its length is odd) and
// P_hash(secret, seed) = HMAC(secret, A(1) + seed) + HMAC(secret, A(2) + seed) + ..., A(0) = seed,
// A(i) = HMAC(secret, A(i - 1)). ECDiffieHellman.DeriveKeyTls applies it to the raw shared secret Z.

using System;
using System.Security.Cryptography;

namespace Panicode.Crypto.Hashing;

internal static class TlsPrf
{
    /// <summary>Fills <paramref name="output"/> with PRF(secret, label, seed).</summary>
    public static void Derive(ReadOnlySpan<byte> secret, byte[] label, byte[] seed, Span<byte> output)
    {
        int half = (secret.Length + 1) / 2;
        byte[] labelAndSeed = new byte[label.Length + seed.Length];
        label.CopyTo(labelAndSeed, 0);
        seed.CopyTo(labelAndSeed, label.Length);

        byte[] md5Stream = new byte[output.Length];
        byte[] sha1Stream = new byte[output.Length];
        try
        {
            PHash(HashAlgorithmName.MD5, secret.Slice(0, half), labelAndSeed, md5Stream);
            PHash(HashAlgorithmName.SHA1, secret.Slice(secret.Length - half), labelAndSeed, sha1Stream);
            for (int i = 0; i < output.Length; i++)
            {
                output[i] = (byte)(md5Stream[i] ^ sha1Stream[i]);
            }
        }
        finally
        {
            Array.Clear(md5Stream, 0, md5Stream.Length);
            Array.Clear(sha1Stream, 0, sha1Stream.Length);
        }
    }

    private static void PHash(HashAlgorithmName hash, ReadOnlySpan<byte> secret, byte[] seed, byte[] output)
    {
        using var hmac = new EcHash.Hmac(hash, secret);
        byte[] a = seed;
        for (int offset = 0; offset < output.Length; offset += hmac.Length)
        {
            byte[] next = hmac.Compute(a);
            ClearIfDerived(a, seed);
            a = next;
            byte[] block = hmac.Compute(a, seed);
            Array.Copy(block, 0, output, offset, Math.Min(block.Length, output.Length - offset));
            Array.Clear(block, 0, block.Length);
        }

        ClearIfDerived(a, seed);
    }

    private static void ClearIfDerived(byte[] a, byte[] seed)
    {
        if (!ReferenceEquals(a, seed))
        {
            Array.Clear(a, 0, a.Length);
        }
    }
}

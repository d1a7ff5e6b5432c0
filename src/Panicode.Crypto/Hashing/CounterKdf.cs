// The counter-mode hash KDFs of ISO/IEC 18033-2 §6.2: KDF1 and KDF2 (KDF(x, l) = the first l octets of
// Hash(x || I2OSP(c, 4)) || Hash(x || I2OSP(c + 1, 4)) || ..., with c = 0 for KDF1 and c = 1 for KDF2). KDF1 is
// PKCS #1's MGF1 (RFC 8017 appendix B.2.1), which RSA's padding reads from here as well.

using System;
using System.Security.Cryptography;

namespace Panicode.Crypto.Hashing;

internal static class CounterKdf
{
    /// <summary>XORs Hash(seed || I2OSP(c, 4)) for c = <paramref name="firstCounter"/>, c + 1, ... into <paramref name="target"/>.</summary>
    public static void Xor(HashAlgorithm hash, ReadOnlySpan<byte> seed, uint firstCounter, Span<byte> target)
    {
        int hLen = hash.HashSize / 8;
        byte[] input = new byte[seed.Length + 4];
        seed.CopyTo(input);
        uint counter = firstCounter;
        for (int done = 0; done < target.Length; counter++, done += hLen)
        {
            input[seed.Length] = (byte)(counter >> 24);
            input[seed.Length + 1] = (byte)(counter >> 16);
            input[seed.Length + 2] = (byte)(counter >> 8);
            input[seed.Length + 3] = (byte)counter;
            byte[] block = hash.ComputeHash(input);
            int n = Math.Min(hLen, target.Length - done);
            for (int i = 0; i < n; i++)
            {
                target[done + i] ^= block[i];
            }

            Array.Clear(block, 0, block.Length);
        }

        Array.Clear(input, 0, input.Length);
    }

    /// <summary>Writes KDF(seed, output.Length) into <paramref name="output"/> (KDF1 when <paramref name="firstCounter"/> is 0, KDF2 when 1).</summary>
    public static void Derive(HashAlgorithm hash, ReadOnlySpan<byte> seed, uint firstCounter, Span<byte> output)
    {
        output.Clear();
        Xor(hash, seed, firstCounter, output);
    }
}

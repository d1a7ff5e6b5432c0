// DSA domain parameters, FIPS 186-4 Appendix A: generation of the probable primes p and q from a seed (A.1.1.2) and
// their validation from it (A.1.1.3); verifiable canonical generation of g (A.2.3) and its validation (A.2.4); and,
// for imported parameters whose seed is unknown, the checks of A.1.1.3 step 7/11 and A.2.2 (primality of p and q,
// q | p - 1, 1 < g < p, g^q = 1) that SP 800-89 §5.3.1 asks for. Everything here is public, so it may branch; the
// Miller-Rabin exponentiations still take the layer's constant-time path (RsaKey.IsProbablePrime).

using System;
using System.Collections.Generic;
using System.Numerics;
using System.Security.Cryptography;
using Panicode.Crypto.Hashing;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Modular;
using Panicode.Crypto.Rsa;

namespace Panicode.Crypto.Dsa;

internal static class DsaDomain
{
    // The index of A.2.3 this library uses for g (any 8-bit value but 0 is allowed; OpenSSL uses 1 as well).
    internal const byte GeneratorIndex = 1;

    private const int CacheSize = 32;

    // Domain parameters already validated (SHA-256 of p || q || g): each vector file or protocol reuses a few, and
    // the primality test of p is the costly part of an import.
    private static readonly List<string> s_validated = new();

    /// <summary>
    /// Miller-Rabin rounds of FIPS 186-4 Table C.1 (error at most 2^-80 for L = 1,024, 2^-112 for 2,048 and 2^-128
    /// for 3,072, without the Lucas test), by the length of p; q takes the same count.
    /// </summary>
    internal static int Rounds(int pBits) => pBits <= 1024 ? 40 : pBits <= 2048 ? 56 : 64;

    /// <summary>
    /// Miller-Rabin rounds for an imported p (q gets <see cref="Rounds"/>): random bases, so a composite p passes with
    /// probability at most 4^-8 = 2^-16 even when chosen by an adversary, and far less for one generated at random
    /// (FIPS 186-4 C.3.1). The full Table C.1 count would cost seconds per 3,072-bit import in the Reference flavour;
    /// neither OpenSSL nor the BCL tests p on import at all.
    /// </summary>
    internal const int ImportRoundsForP = 8;

    /// <summary>
    /// Checks domain parameters whose seed is unknown (SP 800-89 §5.3.1): q prime, q | p - 1, 1 &lt; g &lt; p (g below p
    /// is the caller's check), g^q = 1 mod p and p prime, in order of cost. Throws <see cref="CryptographicException"/>.
    /// </summary>
    public static void Validate(ModularArithmetic arith, Modulus p, Modulus q, byte[] g)
    {
        byte[] pBytes = p.ToBigEndian((p.Bits + 7) / 8);
        byte[] qBytes = q.ToBigEndian((q.Bits + 7) / 8);
        string id = CacheKey(pBytes, qBytes, g);
        lock (s_validated)
        {
            if (s_validated.Contains(id))
            {
                return;
            }
        }

        BigInteger pp = DsaKey.ToBigInteger(pBytes), qq = DsaKey.ToBigInteger(qBytes), gg = DsaKey.ToBigInteger(g);
        int rounds = Rounds(p.Bits);
        if (!RsaKey.IsProbablePrime(arith, qBytes, rounds) || (pp - 1) % qq != 0 || gg < 2 ||
            !IsOne(PowMod(arith, p, g, qBytes)) || !RsaKey.PassesTrialDivision(pBytes, out _) ||
            !RsaKey.IsProbablePrime(arith, pBytes, ImportRoundsForP))
        {
            throw new CryptographicException(ErrorMessages.DsaKeyInvalid);
        }

        lock (s_validated)
        {
            if (s_validated.Count == CacheSize)
            {
                s_validated.RemoveAt(0);
            }

            s_validated.Add(id);
        }
    }

    /// <summary>The hash FIPS 186-4 A.1.1.2 uses here for an N-bit q: output as long as q (SHA-1, SHA-224, SHA-256), as OpenSSL.</summary>
    internal static HashAlgorithmName HashFor(int n) => n switch
    {
        160 => HashAlgorithmName.SHA1,
        224 => EcHash.Sha224Name,
        _ => HashAlgorithmName.SHA256,
    };

    /// <summary>The (L, N) pairs of FIPS 186-4 §4.2 this library generates: 1,024/160, 2,048/224, 2,048/256 and 3,072/256.</summary>
    internal static bool IsApprovedSize(int l, int n) =>
        (l == 1024 && n == 160) || (l == 2048 && (n == 224 || n == 256)) || (l == 3072 && n == 256);

    /// <summary>
    /// FIPS 186-4 A.1.1.2 with a random seed of N bits, then A.2.3 with index 1: p, q, the seed, the counter and g.
    /// </summary>
    public static (byte[] P, byte[] Q, byte[] Seed, int Counter, byte[] G) Generate(ModularArithmetic arith, int l, int n)
    {
        HashAlgorithmName hash = HashFor(n);
        byte[] seed = new byte[n / 8];
        while (true)
        {
            RsaKey.Fill(seed);
            if (TryPrimesFromSeed(arith, l, n, hash, seed, 4 * l - 1, out byte[]? p, out byte[]? q, out int counter))
            {
                byte[] g = CanonicalGenerator(arith, p!, q!, seed, GeneratorIndex, hash)!;
                return (p!, q!, seed, counter, g);
            }
        }
    }

    /// <summary>
    /// A.1.1.2 steps 6-10 from a given seed: q from the seed (false when it is not prime), then p at the first counter
    /// up to <paramref name="maxCounter"/> (false when none is prime). A.1.1.3 reruns this to validate.
    /// </summary>
    internal static bool TryPrimesFromSeed(ModularArithmetic arith, int l, int n, HashAlgorithmName hash, byte[] seed, int maxCounter, out byte[]? p, out byte[]? q, out int counter)
    {
        p = null;
        q = null;
        counter = -1;
        using HashAlgorithm h = EcHash.Create(hash);
        int outlen = h.HashSize;
        int seedlen = 8 * seed.Length;
        int rounds = Rounds(l);

        // Steps 6-7: U = Hash(seed) mod 2^(N-1); q = 2^(N-1) + U + 1 - (U mod 2).
        BigInteger u = DsaKey.ToBigInteger(h.ComputeHash(seed)) % (BigInteger.One << (n - 1));
        BigInteger qq = (BigInteger.One << (n - 1)) + u + 1 - (u % 2);
        byte[] qBytes = RsaKey.ToBytes(qq, n / 8);
        if (!RsaKey.PassesTrialDivision(qBytes, out _) || !RsaKey.IsProbablePrime(arith, qBytes, rounds))
        {
            return false;
        }

        q = qBytes;

        // Steps 3-4, 9-10: n' = ceil(L / outlen) - 1 hash blocks and b bits of one more give W < 2^(L-1); X = W + 2^(L-1)
        // and p = X - (X mod 2q - 1), so that p = 1 mod 2q.
        int blocks = ((l + outlen - 1) / outlen) - 1;
        int b = l - 1 - (blocks * outlen);
        BigInteger seedValue = DsaKey.ToBigInteger(seed);
        BigInteger seedModulus = BigInteger.One << seedlen;
        BigInteger top = BigInteger.One << (l - 1);
        BigInteger twoQ = 2 * qq;
        int offset = 1;
        for (int c = 0; c <= maxCounter; c++)
        {
            BigInteger w = BigInteger.Zero;
            for (int j = 0; j <= blocks; j++)
            {
                byte[] input = RsaKey.ToBytes((seedValue + offset + j) % seedModulus, seed.Length);
                BigInteger v = DsaKey.ToBigInteger(h.ComputeHash(input));
                if (j == blocks)
                {
                    v %= BigInteger.One << b;
                }

                w += v << (j * outlen);
            }

            BigInteger x = w + top;
            BigInteger candidate = x - ((x % twoQ) - 1);
            offset += blocks + 1;
            if (candidate < top)
            {
                continue;
            }

            byte[] pBytes = RsaKey.ToBytes(candidate, (l + 7) / 8);
            if (RsaKey.PassesTrialDivision(pBytes, out _) && RsaKey.IsProbablePrime(arith, pBytes, rounds))
            {
                p = pBytes;
                counter = c;
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// FIPS 186-4 A.1.1.3: p and q come from the seed with this counter (and no earlier one), with the given hash.
    /// </summary>
    internal static bool ValidatePrimes(ModularArithmetic arith, byte[] p, byte[] q, byte[] seed, int counter, HashAlgorithmName hash)
    {
        byte[] pt = RsaKey.Trim(p), qt = RsaKey.Trim(q);
        int l = DsaKey.BitLength(pt), n = DsaKey.BitLength(qt);
        if (!IsApprovedSize(l, n) || counter < 0 || counter > (4 * l) - 1 || 8 * seed.Length < n)
        {
            return false;
        }

        if (!TryPrimesFromSeed(arith, l, n, hash, seed, counter, out byte[]? cp, out byte[]? cq, out int found))
        {
            return false;
        }

        return found == counter && cp!.AsSpan().SequenceEqual(RsaKey.Pad(pt, cp!.Length)) && cq!.AsSpan().SequenceEqual(RsaKey.Pad(qt, cq!.Length));
    }

    /// <summary>
    /// FIPS 186-4 A.2.3: g = Hash(seed || "ggen" || index || count)^((p - 1) / q) mod p for the first count (from 1)
    /// that gives g &gt;= 2; null when the 16-bit count runs out.
    /// </summary>
    internal static byte[]? CanonicalGenerator(ModularArithmetic arith, byte[] p, byte[] q, byte[] seed, byte index, HashAlgorithmName hash)
    {
        byte[] pt = RsaKey.Trim(p);
        using Modulus pm = Modulus.FromBigEndian(pt);
        BigInteger e = (DsaKey.ToBigInteger(pt) - 1) / DsaKey.ToBigInteger(q);
        byte[] eBytes = RsaKey.ToBytes(e, pt.Length);
        using HashAlgorithm h = EcHash.Create(hash);
        byte[] u = new byte[seed.Length + 7];
        seed.CopyTo(u, 0);
        u[seed.Length] = 0x67;      // "ggen"
        u[seed.Length + 1] = 0x67;
        u[seed.Length + 2] = 0x65;
        u[seed.Length + 3] = 0x6E;
        u[seed.Length + 4] = index;
        for (int count = 1; count <= 0xFFFF; count++)
        {
            u[seed.Length + 5] = (byte)(count >> 8);
            u[seed.Length + 6] = (byte)count;
            ulong[] g = PowMod(arith, pm, h.ComputeHash(u), eBytes);
            if (g[0] >= 2 || Limbs64.IsZero(g.AsSpan(1)) == 0)
            {
                byte[] result = new byte[pt.Length];
                Limbs64.ToBigEndian(g, result);
                return result;
            }
        }

        return null;
    }

    /// <summary>FIPS 186-4 A.2.4: 2 &lt;= g &lt;= p - 1, g^q = 1 mod p, and g is what A.2.3 makes from the seed and index.</summary>
    internal static bool ValidateGenerator(ModularArithmetic arith, byte[] p, byte[] q, byte[] g, byte[] seed, byte index, HashAlgorithmName hash)
    {
        byte[] pt = RsaKey.Trim(p), gt = RsaKey.Trim(g);
        BigInteger pp = DsaKey.ToBigInteger(pt), gg = DsaKey.ToBigInteger(gt);
        if (gg < 2 || gg > pp - 1)
        {
            return false;
        }

        using Modulus pm = Modulus.FromBigEndian(pt);
        if (!IsOne(PowMod(arith, pm, gt, RsaKey.Trim(q))))
        {
            return false;
        }

        byte[]? computed = CanonicalGenerator(arith, pt, q, seed, index, hash);
        return computed != null && computed.AsSpan().SequenceEqual(RsaKey.Pad(gt, computed.Length));
    }

    // base^exponent mod m for public values, in ordinary form.
    private static ulong[] PowMod(ModularArithmetic arith, Modulus m, byte[] value, byte[] exponent)
    {
        ulong[] t = new ulong[m.Limbs];
        ulong[] v = new ulong[Math.Max(m.Limbs, (value.Length + 7) / 8)];
        Limbs64.FromBigEndian(value, v);
        arith.ReduceToMontgomery(m, t, v);
        arith.ModPow(m, t, t, exponent, exponentIsPublic: true);
        arith.FromMontgomery(m, t, t);
        return t;
    }

    private static bool IsOne(ulong[] v) => v[0] == 1 && Limbs64.IsZero(v.AsSpan(1)) == 1;

    private static string CacheKey(byte[] p, byte[] q, byte[] g)
    {
        using SHA256 sha = SHA256.Create();
        byte[] all = new byte[p.Length + q.Length + g.Length + 8];
        BitConverterBigEndian(p.Length, all, 0);
        BitConverterBigEndian(q.Length, all, 4);
        p.CopyTo(all, 8);
        q.CopyTo(all, 8 + p.Length);
        g.CopyTo(all, 8 + p.Length + q.Length);
        return Convert.ToBase64String(sha.ComputeHash(all));
    }

    private static void BitConverterBigEndian(int value, byte[] buffer, int offset)
    {
        buffer[offset] = (byte)(value >> 24);
        buffer[offset + 1] = (byte)(value >> 16);
        buffer[offset + 2] = (byte)(value >> 8);
        buffer[offset + 3] = (byte)value;
    }
}

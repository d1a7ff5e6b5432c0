// RSA key generation, FIPS 186-5 Appendix A.1.3 (random probable primes): e = 65537; p and q of nlen/2 bits with
// their top two bits set (so p, q >= 1.5 * 2^(nlen/2 - 1) > sqrt(2) * 2^(nlen/2 - 1), step 4.4), gcd(p - 1, e) = 1
// (step 4.5), |p - q| > 2^(nlen/2 - 100) (step 5.4), Miller-Rabin per Appendix B.3 with the round counts of Table B.1
// after trial division by the primes below 1,000, and d = e^-1 mod lcm(p - 1, q - 1) > 2^(nlen/2) (step 6 and
// §A.1.1). The Miller-Rabin exponentiations run on the constant-time path of the Montgomery layer; d, dP and dQ
// come from System.Numerics.BigInteger once per key (variable time, see README "Security notes").

using System;
using System.Numerics;
using System.Security.Cryptography;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Modular;

namespace Panicode.Crypto.Rsa;

internal sealed partial class RsaKey
{
    private const int PublicExponent = 65537;

    // Products of consecutive odd primes below 1,000, each below 2^32, for trial division of a candidate.
    private static readonly uint[][] s_smallPrimeGroups = BuildGroups();

    /// <summary>Generates a two-prime key of <paramref name="bits"/> bits (1,024 to 16,384, a multiple of 8).</summary>
    public static RsaKey Generate(ModularArithmetic arith, int bits)
    {
        if (bits < MinGeneratedBits || bits > MaxBits || bits % 8 != 0)
        {
            throw new CryptographicException(ErrorMessages.RsaKeySizeInvalid);
        }

        int half = bits / 2;
        while (true)
        {
            byte[] p = GeneratePrime(arith, half, null);
            byte[] q = GeneratePrime(arith, half, p);
            RsaKey? key = TryAssemble(arith, p, q, bits);
            Array.Clear(p, 0, p.Length);
            Array.Clear(q, 0, q.Length);
            if (key != null)
            {
                return key;
            }
        }
    }

    // Miller-Rabin rounds for an error probability of at most 2^-100 (FIPS 186-5 Table B.1).
    private static int MillerRabinRounds(int primeBits) => primeBits <= 512 ? 7 : primeBits <= 1024 ? 5 : 4;

    private static byte[] GeneratePrime(ModularArithmetic arith, int bits, byte[]? other)
    {
        int len = (bits + 7) / 8;
        byte[] candidate = new byte[len];
        int topShift = (8 * len) - bits;
        while (true)
        {
            Fill(candidate);
            candidate[0] &= (byte)(0xFF >> topShift);
            candidate[0] |= (byte)(0xC0 >> topShift);   // the top two bits of a bits-long value
            if (topShift == 7)
            {
                candidate[1] |= 0x80;
            }

            candidate[len - 1] |= 1;
            if (!PassesTrialDivision(candidate, out uint modE) || modE == 1)
            {
                continue;   // a small factor, or p = 1 mod e (then gcd(p - 1, e) = e)
            }

            if (other != null && !FarApart(candidate, other, bits))
            {
                continue;
            }

            if (IsProbablePrime(arith, candidate, MillerRabinRounds(bits)))
            {
                return candidate;
            }
        }
    }

    // |p - q| > 2^(bits - 100): compared as numbers (the two are secret but both are already fixed here).
    private static bool FarApart(byte[] a, byte[] b, int bits)
    {
        BigInteger x = FromBytes(a);
        BigInteger y = FromBytes(b);
        return BigInteger.Abs(x - y) > BigInteger.One << (bits - 100);
    }

    internal static bool PassesTrialDivision(byte[] candidate, out uint modE)
    {
        modE = Remainder(candidate, PublicExponent);
        foreach (uint[] group in s_smallPrimeGroups)
        {
            uint r = Remainder(candidate, group[0]);
            for (int i = 1; i < group.Length; i++)
            {
                if (r % group[i] == 0)
                {
                    return false;
                }
            }
        }

        return true;
    }

    private static uint Remainder(byte[] value, uint divisor)
    {
        ulong r = 0;
        foreach (byte b in value)
        {
            r = ((r << 8) | b) % divisor;
        }

        return (uint)r;
    }

    // Appendix B.3.1: w - 1 = 2^a m; for random b in [2, w - 2], z = b^m; w passes when z = 1 or z reaches w - 1
    // within a - 1 squarings.
    internal static bool IsProbablePrime(ModularArithmetic arith, byte[] w, int rounds)
    {
        using Modulus mod = Modulus.FromBigEndian(w);
        int k = mod.Limbs;
        ulong[] wMinus1 = (ulong[])mod.N.Clone();
        wMinus1[0] ^= 1;
        int a = TrailingZeros(wMinus1);
        ulong[] m = (ulong[])wMinus1.Clone();
        ShiftRight(m, a);
        byte[] mBytes = new byte[8 * k];
        Limbs64.ToBigEndian(m, mBytes);
        ulong[] minusOneMont = new ulong[k];
        Limbs64.SubMod(minusOneMont, new ulong[k], mod.One, mod.N);    // -R mod w: the form of w - 1
        ulong[] b = new ulong[k];
        ulong[] z = new ulong[k];
        try
        {
            for (int round = 0; round < rounds; round++)
            {
                do
                {
                    RandomBelow(mod, b);
                }
                while (b[0] < 2 && Limbs64.IsZero(b.AsSpan(1)) == 1 || Limbs64.LessThan(b, wMinus1) == 0);

                arith.ToMontgomery(mod, z, b);
                arith.ModPow(mod, z, z, mBytes, exponentIsPublic: false);
                if (EqualVartime(z, mod.One) || EqualVartime(z, minusOneMont))
                {
                    continue;
                }

                bool passed = false;
                for (int j = 1; j < a; j++)
                {
                    arith.Multiply(mod, z, z, z);
                    if (EqualVartime(z, minusOneMont))
                    {
                        passed = true;
                        break;
                    }

                    if (EqualVartime(z, mod.One))
                    {
                        break;
                    }
                }

                if (!passed)
                {
                    return false;
                }
            }

            return true;
        }
        finally
        {
            Array.Clear(m, 0, m.Length);
            Array.Clear(mBytes, 0, mBytes.Length);
            Array.Clear(z, 0, z.Length);
            Array.Clear(wMinus1, 0, wMinus1.Length);
        }
    }

    private static bool EqualVartime(ulong[] a, ulong[] b)
    {
        for (int i = 0; i < a.Length; i++)
        {
            if (a[i] != b[i])
            {
                return false;
            }
        }

        return true;
    }

    private static RsaKey? TryAssemble(ModularArithmetic arith, byte[] pBytes, byte[] qBytes, int bits)
    {
        BigInteger p = FromBytes(pBytes);
        BigInteger q = FromBytes(qBytes);
        if (p < q)
        {
            (p, q) = (q, p);    // the BCL and OpenSSL export p > q
        }

        BigInteger n = p * q;
        BigInteger pm1 = p - 1, qm1 = q - 1;
        BigInteger lambda = pm1 / BigInteger.GreatestCommonDivisor(pm1, qm1) * qm1;
        BigInteger d = InverseOfE(lambda);
        if (n >= BigInteger.One << bits || n < BigInteger.One << (bits - 1) || d <= BigInteger.One << (bits / 2))
        {
            return null;
        }

        int k = bits / 8, h = (k + 1) / 2;
        RSAParameters parameters = new()
        {
            Modulus = ToBytes(n, k),
            Exponent = new byte[] { 0x01, 0x00, 0x01 },
            D = ToBytes(d, k),
            P = ToBytes(p, h),
            Q = ToBytes(q, h),
            DP = ToBytes(d % pm1, h),
            DQ = ToBytes(d % qm1, h),
            InverseQ = ToBytes(BigInteger.ModPow(q, p - 2, p), h),
        };

        try
        {
            return Import(arith, parameters);
        }
        finally
        {
            Secret.Clear(parameters.D);
            Secret.Clear(parameters.P);
            Secret.Clear(parameters.Q);
            Secret.Clear(parameters.DP);
            Secret.Clear(parameters.DQ);
            Secret.Clear(parameters.InverseQ);
        }
    }

    // e^-1 mod L for the prime e = 65537 not dividing L: with u = L^-1 mod e (Fermat, in 64-bit words),
    // (1 + L (e - u)) / e is divisible, below L, and e times it is 1 mod L.
    private static BigInteger InverseOfE(BigInteger l)
    {
        ulong lm = (ulong)(l % PublicExponent);
        ulong u = 1, b = lm;
        for (int x = PublicExponent - 2; x > 0; x >>= 1)
        {
            if ((x & 1) != 0)
            {
                u = u * b % PublicExponent;
            }

            b = b * b % PublicExponent;
        }

        return (BigInteger.One + (l * (PublicExponent - (long)u))) / PublicExponent;
    }

    internal static byte[] ToBytes(BigInteger x, int length)
    {
        byte[] raw = x.ToByteArray();   // little-endian two's complement, a sign byte at most beyond the value
        byte[] result = new byte[length];
        for (int i = 0; i < length && i < raw.Length; i++)
        {
            result[length - 1 - i] = raw[i];
        }

        Array.Clear(raw, 0, raw.Length);
        return result;
    }

    internal static BigInteger FromBytes(byte[] bigEndian)
    {
        byte[] le = new byte[bigEndian.Length + 1];
        for (int i = 0; i < bigEndian.Length; i++)
        {
            le[i] = bigEndian[bigEndian.Length - 1 - i];
        }

        BigInteger x = new(le);
        Array.Clear(le, 0, le.Length);
        return x;
    }

    private static uint[][] BuildGroups()
    {
        System.Collections.Generic.List<uint[]> groups = new();
        System.Collections.Generic.List<uint> current = new();
        ulong product = 1;
        for (uint c = 3; c < 1000; c += 2)
        {
            bool prime = true;
            for (uint d = 3; d * d <= c; d += 2)
            {
                if (c % d == 0)
                {
                    prime = false;
                    break;
                }
            }

            if (!prime)
            {
                continue;
            }

            if (product * c > uint.MaxValue)
            {
                current.Insert(0, (uint)product);
                groups.Add(current.ToArray());
                current.Clear();
                product = 1;
            }

            product *= c;
            current.Add(c);
        }

        current.Insert(0, (uint)product);
        groups.Add(current.ToArray());
        return groups.ToArray();
    }
}

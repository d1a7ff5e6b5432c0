using System;
using System.Numerics;
using System.Security.Cryptography;

namespace Panicode.Crypto.Vectors.Rsa;

/// <summary>
/// Key arithmetic for the vector readers (test support, System.Numerics.BigInteger): the full CRT key from n, e and d
/// (NIST SP 800-56B Rev. 2 Appendix C.2, for the CAVP files that list only d) or from n, e, p and q.
/// </summary>
public static class RsaKeyMath
{
    public static BigInteger Big(byte[] bigEndian)
    {
        byte[] le = new byte[bigEndian.Length + 1];
        for (int i = 0; i < bigEndian.Length; i++)
        {
            le[i] = bigEndian[bigEndian.Length - 1 - i];
        }

        return new BigInteger(le);
    }

    public static byte[] Bytes(BigInteger x, int length)
    {
        byte[] raw = x.ToByteArray();
        byte[] result = new byte[length];
        for (int i = 0; i < length && i < raw.Length; i++)
        {
            result[length - 1 - i] = raw[i];
        }

        return result;
    }

    /// <summary>The CRT key from n, e and d: k = d e - 1 = 2^t r; g^r, g^2r, ... reaches a non-trivial root of 1 for some g.</summary>
    public static RSAParameters FromPrivateExponent(byte[] nBytes, byte[] eBytes, byte[] dBytes)
    {
        BigInteger n = Big(nBytes), e = Big(eBytes), d = Big(dBytes);
        BigInteger k = (d * e) - 1;
        int t = 0;
        BigInteger r = k;
        while (r.IsEven)
        {
            r >>= 1;
            t++;
        }

        for (int g = 2; g < 1000; g++)
        {
            BigInteger y = BigInteger.ModPow(g, r, n);
            if (y.IsOne || y == n - 1)
            {
                continue;
            }

            for (int i = 1; i <= t; i++)
            {
                BigInteger x = BigInteger.ModPow(y, 2, n);
                if (x.IsOne)
                {
                    BigInteger p = BigInteger.GreatestCommonDivisor(y - 1, n);
                    return FromPrimes(nBytes, eBytes, p, n / p, d);
                }

                if (x == n - 1)
                {
                    break;
                }

                y = x;
            }
        }

        throw new FormatException("n could not be factored from d");
    }

    /// <summary>The CRT key from n, e, p and q (d = e^-1 mod lcm(p - 1, q - 1) unless given).</summary>
    public static RSAParameters FromPrimes(byte[] nBytes, byte[] eBytes, BigInteger p, BigInteger q, BigInteger? d = null)
    {
        if (p < q)
        {
            (p, q) = (q, p);
        }

        BigInteger n = Big(nBytes);
        BigInteger e = Big(eBytes);
        BigInteger lambda = (p - 1) * (q - 1) / BigInteger.GreatestCommonDivisor(p - 1, q - 1);
        BigInteger dd = d ?? Inverse(e, lambda);
        int k = Trim(nBytes).Length;
        int h = Math.Max((k + 1) / 2, Math.Max(Trim(Bytes(p, k)).Length, Trim(Bytes(q, k)).Length));
        return new RSAParameters
        {
            Modulus = Bytes(n, k),
            Exponent = Trim(eBytes),
            D = Bytes(dd, k),
            P = Bytes(p, h),
            Q = Bytes(q, h),
            DP = Bytes(dd % (p - 1), h),
            DQ = Bytes(dd % (q - 1), h),
            InverseQ = Bytes(BigInteger.ModPow(q, p - 2, p), h),
        };
    }

    public static byte[] Trim(byte[] value)
    {
        int start = 0;
        while (start < value.Length - 1 && value[start] == 0)
        {
            start++;
        }

        byte[] result = new byte[value.Length - start];
        Array.Copy(value, start, result, 0, result.Length);
        return result;
    }

    private static BigInteger Inverse(BigInteger a, BigInteger m)
    {
        BigInteger r0 = m, r1 = a % m, s0 = 0, s1 = 1;
        while (!r1.IsZero)
        {
            BigInteger q = r0 / r1;
            (r0, r1) = (r1, r0 - (q * r1));
            (s0, s1) = (s1, s0 - (q * s1));
        }

        return ((s0 % m) + m) % m;
    }
}

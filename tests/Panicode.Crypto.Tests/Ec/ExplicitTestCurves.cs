using System;
using System.Collections.Generic;
using System.Globalization;
using System.Numerics;
using System.Security.Cryptography;
using Panicode.Crypto.Ec;

namespace Panicode.Crypto.Tests.Ec;

/// <summary>
/// Explicit curves no named curve resembles, for the field sizes and orders only explicit parameters reach: toy
/// curves (primes of 14 and 24 bits, orders of 11 and 22 bits) and curves over 600- and 655-bit primes (ten and eleven
/// limbs, up to the 661-bit cap). Made by complex multiplication (Guide to ECC §A.2.2 gives the method): for
/// p = a^2 + 3 b^2 the curves y^2 = x^3 + b' have the six orders p + 1 - t, t in {+-2a, +-(a + 3b), +-(a - 3b)}; for
/// p = u^2 + v^2 the curves y^2 = x^3 + a' x have p + 1 - t, t in {+-2u, +-2v}; a random point R told which by
/// N R = O, and G = h R of prime order n. CurveParameters validates each (primality, Hasse, MOV, anomaly) and the
/// group checks n G = O when it is built, so a wrong constant here fails loudly. a = 0 and a generic a (the j = 1728
/// curves) run the two doubling formulas such fields can have.
/// </summary>
internal static class ExplicitTestCurves
{
    private static readonly Dictionary<string, CurveParameters> s_curves = new()
    {
        ["explicit-p14"] = Curve("24c5", "4", "0", "817", "e60", "4b1", 8),
        ["explicit-p24"] = Curve("fd641d", "0", "5", "4d6a80", "142d82", "3f52ab", 4),
        ["explicit-p600"] = Curve(
            "879f8dc271cdbf05851e71a95d6cc231e69904c27b90b748869d14384ed9bf0089deafdf0a70bb11be3ddd105d04e4f38ef824bba89dd71240ea52623b4bdf193580e4a633a857474673ed",
            "0",
            "f",
            "29c4ac9d79aa1cf9112735a46c2371287b58b7400134771d8082ddb0bb0873bf3cc71a857f02335700c338ed66024c64912850c8f4449e5a8605de21897b0b08b66937d5d8e25732328d0",
            "5747e91b636729149501e88fad29095232e2fc3766b4400955857ed1872872eea1d45bd89762b705fbce42c7ed50dc89099a882107a19789184992b2eccad3e4085b08925e776fd5668cdb",
            "879f8dc271cdbf05851e71a95d6cc231e69904c27b90b748869d14384ed9bf0089deafdf0a6ab6c5cf5a9ab9e8957db5165ab8c5584ee1a14a30f2ee72cda4315a702282ed7bdfc0e7a6e3",
            1),
        ["explicit-p655"] = Curve(
            "49cf66a56848083329b717e2032e2ac0adc885f9103c54a85d72f9cbe627101e949fbb0cab51d63226bd19977d4acb52646d164054215c67c7a20a1a2ebd2acd277cdfda35ea56fff872109e5731f05abc75",
            "5",
            "0",
            "175b66e12e650888dbdb884732500e27e2c1ef3b6ec60bcfe4f7e951b73df09de17fc761d3078577a3a5e433d1b22846241121a7962c6dde27dc8d5b40931502e70e7194ef3d29430dac1afdc4f0029b2f7",
            "e8687cbacf5974c7545bea0fa02ea97918e53abf87718413e57623b4352f20b5d85c9d020771c30347d4bdc52bad45ca2d182b69d54c00b52fa9689226e800678f56d593ef9141b00c7edb7b5ed676c3ab3",
            "1273d9a95a12020cca6dc5f880cb8ab02b72217e440f152a175cbe72f989c407a527eec32ad4758c89703dc2e662cede87c7b6e9af84d832100aabfb04bbe503e0e0da21d23ba0b97c3b8224e7c1b7755219",
            4),
    };

    public static IEnumerable<string> Names => s_curves.Keys;

    /// <summary>A named curve by name, or one of the curves here.</summary>
    public static CurveParameters Find(string name) =>
        s_curves.TryGetValue(name, out CurveParameters? curve) ? curve : CurveParameters.FindNamed(null, name)!;

    /// <summary>The curve as the BCL describes it (explicit prime parameters).</summary>
    public static ECCurve ToECCurve(CurveParameters c) => new()
    {
        CurveType = ECCurve.ECCurveType.PrimeShortWeierstrass,
        Prime = c.P,
        A = c.A,
        B = c.B,
        G = new ECPoint { X = c.Gx, Y = c.Gy },
        Order = c.N,
        Cofactor = new[] { (byte)c.Cofactor },
    };

    /// <summary>k (x, y) by affine double-and-add on BigInteger; null at infinity (the independent side of the tests).</summary>
    public static (BigInteger X, BigInteger Y)? Multiply(CurveParameters c, BigInteger k, BigInteger x, BigInteger y)
    {
        BigInteger p = CurveParameters.ToInteger(c.P), a = CurveParameters.ToInteger(c.A);
        (BigInteger X, BigInteger Y)? acc = null, q = (x, y);
        for (; !k.IsZero; k >>= 1)
        {
            if (!k.IsEven)
            {
                acc = Add(acc, q, a, p);
            }

            q = Add(q, q, a, p);
        }

        return acc;
    }

    private static (BigInteger X, BigInteger Y)? Add((BigInteger X, BigInteger Y)? s, (BigInteger X, BigInteger Y)? t, BigInteger a, BigInteger p)
    {
        if (s is not { } u)
        {
            return t;
        }

        if (t is not { } v)
        {
            return s;
        }

        if (u.X == v.X && (u.Y + v.Y) % p == 0)
        {
            return null;
        }

        BigInteger l = u == v ? ((3 * u.X * u.X) + a) * Inverse(2 * u.Y, p) : (v.Y - u.Y) * Inverse(v.X - u.X, p);
        l = ((l % p) + p) % p;
        BigInteger x = (((l * l) - u.X - v.X) % p + p) % p;
        return (x, (((l * (u.X - x)) - u.Y) % p + p) % p);
    }

    /// <summary>x^-1 mod p by the extended Euclidean algorithm (x not divisible by p).</summary>
    private static BigInteger Inverse(BigInteger x, BigInteger p)
    {
        BigInteger r0 = p, r1 = ((x % p) + p) % p, t0 = 0, t1 = 1;
        while (!r1.IsZero)
        {
            BigInteger q = BigInteger.DivRem(r0, r1, out BigInteger r2);
            (r0, r1) = (r1, r2);
            (t0, t1) = (t1, t0 - (q * t1));
        }

        return ((t0 % p) + p) % p;
    }

    private static CurveParameters Curve(string p, string a, string b, string gx, string gy, string n, int h)
    {
        byte[] prime = Bytes(p);
        int len = prime.Length;
        ECCurve curve = new()
        {
            CurveType = ECCurve.ECCurveType.PrimeShortWeierstrass,
            Prime = prime,
            A = Bytes(a, len),
            B = Bytes(b, len),
            G = new ECPoint { X = Bytes(gx, len), Y = Bytes(gy, len) },
            Order = Bytes(n),
            Cofactor = new[] { (byte)h },
        };
        return CurveParameters.FromECCurve(curve);
    }

    private static byte[] Bytes(string hex, int length = 0)
    {
        BigInteger v = BigInteger.Parse("0" + hex, NumberStyles.HexNumber, CultureInfo.InvariantCulture);
        byte[] raw = v.ToByteArray(isUnsigned: true, isBigEndian: true);
        return length <= raw.Length ? raw : EcArithmeticTests.Fixed(v, length);
    }
}

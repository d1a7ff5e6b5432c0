using System;
using System.Collections.Generic;
using System.Numerics;
using Panicode.Crypto.Modular;
using Panicode.Crypto.Unsafe.Modular;

namespace Panicode.Crypto.Tests.Modular;

/// <summary>
/// The Montgomery layer of every flavour against System.Numerics.BigInteger: products mod m, ModPow with secret and
/// public exponents, inversion, for moduli of 1,024 to 8,192 bits with random and edge-valued operands.
/// PANICODE_LONG_TESTS=1 runs ten times as many random cases.
/// </summary>
public sealed class ModularArithmeticTests
{
    private static readonly int Scale = Environment.GetEnvironmentVariable("PANICODE_LONG_TESTS") == "1" ? 10 : 1;

    public static TheoryData<string> Flavours => new() { "Reference", "Unsafe", "Unsafe-Portable" };

    public static TheoryData<string, int> FlavoursAndSizes
    {
        get
        {
            TheoryData<string, int> data = new();
            foreach (string f in new[] { "Reference", "Unsafe", "Unsafe-Portable" })
            {
                foreach (int bits in new[] { 1024, 1536, 2048, 3072, 4096, 8192 })
                {
                    data.Add(f, bits);
                }
            }

            return data;
        }
    }

    internal static ModularArithmetic Get(string flavour) => flavour switch
    {
        "Reference" => ReferenceModular.Instance,
        "Unsafe" => UnsafeModular.Create(forcePortable: false),
        "Unsafe-Portable" => UnsafeModular.Create(forcePortable: true),
        _ => throw new ArgumentOutOfRangeException(nameof(flavour)),
    };

    [Fact]
    public void PortableFlavourUsesNoIntrinsic()
    {
        Assert.Equal("Unsafe (portable)", UnsafeModular.Create(forcePortable: true).Name);
        bool allowed = Environment.GetEnvironmentVariable("PANICODE_FORCE_PORTABLE") != "1";
        if (!allowed)
        {
            Assert.Equal("Unsafe (portable)", UnsafeModular.Instance.Name);
        }
        else
        {
            Assert.Equal(UnsafeModular.Create(forcePortable: false).Name, UnsafeModular.Instance.Name);
        }
    }

    [Theory]
    [MemberData(nameof(FlavoursAndSizes))]
    public void ProductAndModPowMatchBigInteger(string flavour, int bits)
    {
        ModularArithmetic arith = Get(flavour);
        Random rng = new(bits * 31 + flavour.Length);
        int cases = (bits >= 4096 ? 1 : 3) * Scale;
        foreach (BigInteger n in Moduli(rng, bits))
        {
            using Modulus m = Modulus.FromBigEndian(n.ToByteArray(isUnsigned: true, isBigEndian: true));
            Assert.Equal(bits, m.Bits);
            List<BigInteger> operands = new() { 0, 1, 2, n - 1, n - 2, (n - 1) / 2, (BigInteger.One << (bits - 1)) - 1 };
            for (int i = 0; i < cases; i++)
            {
                operands.Add(Random(rng, bits) % n);
            }

            foreach (BigInteger a in operands)
            {
                foreach (BigInteger b in new[] { operands[rng.Next(operands.Count)], n - 1, a })
                {
                    Assert.Equal(a * b % n, ToBig(MulMod(arith, m, a, b)));
                }
            }

            // Exponents: edge values, full length (secret path), short (public path).
            bool shortRun = bits >= 4096 && Scale == 1;   // BigInteger.ModPow is slow there; the long run takes full exponents
            int expBits = shortRun ? 512 : bits;
            BigInteger[] exponents =
            {
                0, 1, 2, 65537, shortRun ? (n - 1) >> (bits - expBits) : n - 1, Random(rng, expBits), (BigInteger.One << expBits) - 1,
            };
            foreach (BigInteger e in exponents)
            {
                BigInteger a = operands[rng.Next(operands.Count)];
                BigInteger expected = BigInteger.ModPow(a, e, n);
                byte[] eb = e.IsZero ? Array.Empty<byte>() : e.ToByteArray(isUnsigned: true, isBigEndian: true);
                if (eb.Length * 8 <= Math.Max(expBits, 64) + 8)
                {
                    Assert.Equal(expected, ToBig(ModPow(arith, m, a, eb, isPublic: false)));
                }

                Assert.Equal(expected, ToBig(ModPow(arith, m, a, eb, isPublic: true)));
                // Leading zero bytes in a secret exponent (fixed length) change nothing.
                byte[] padded = new byte[eb.Length + 3];
                eb.CopyTo(padded, 3);
                if (eb.Length <= 64)
                {
                    Assert.Equal(expected, ToBig(ModPow(arith, m, a, padded, isPublic: false)));
                }
            }
        }
    }

    [Theory]
    [MemberData(nameof(Flavours))]
    public void ReductionOfWideValuesMatchesBigInteger(string flavour)
    {
        ModularArithmetic arith = Get(flavour);
        Random rng = new(7);
        foreach (int bits in new[] { 1024, 1031, 2048, 4096 })
        {
            foreach (BigInteger n in Moduli(rng, bits))
            {
                using Modulus m = Modulus.FromBigEndian(n.ToByteArray(isUnsigned: true, isBigEndian: true));
                foreach (int xBits in new[] { 1, 64, bits - 1, bits, 2 * bits, 2 * bits + 70, 3 * bits })
                {
                    BigInteger x = Random(rng, xBits);
                    ulong[] limbs = ToLimbs(x, (xBits + 63) / 64);
                    ulong[] r = new ulong[m.Limbs];
                    arith.ReduceToMontgomery(m, r, limbs);
                    arith.FromMontgomery(m, r, r);
                    Assert.Equal(x % n, ToBig(r));
                }
            }
        }
    }

    [Theory]
    [MemberData(nameof(Flavours))]
    public void InversionMatchesBigInteger(string flavour)
    {
        ModularArithmetic arith = Get(flavour);
        Random rng = new(11);

        // Constant-time inversion modulo Mersenne primes 2^p - 1 (p = 127, 521, 607, 1279, 2203, 4253) against
        // BigInteger's a^(p-2), edge values and random ones, the result written over the input as DSA signing does.
        int inverted = 0;
        foreach (int p in new[] { 127, 521, 607, 1279, 2203, 4253 })
        {
            BigInteger prime = (BigInteger.One << p) - 1;
            using Modulus m = Modulus.FromBigEndian(prime.ToByteArray(isUnsigned: true, isBigEndian: true));
            BigInteger[] values = { 0, 1, 2, prime - 1, prime - 2, (prime + 1) / 2, Random(rng, p - 1), Random(rng, p - 1), Random(rng, p) % prime };
            foreach (BigInteger a in values)
            {
                ulong[] r = ToLimbs(a, m.Limbs);
                arith.InversePrime(m, r, r);
                Assert.Equal(BigInteger.ModPow(a, prime - 2, prime), ToBig(r));
                inverted++;
            }
        }

        Assert.Equal(6 * 9, inverted);

        // Binary extended Euclid modulo random odd moduli: an inverse exactly when gcd = 1.
        foreach (int bits in new[] { 1024, 2048, 3072 })
        {
            foreach (BigInteger n in Moduli(rng, bits))
            {
                using Modulus m = Modulus.FromBigEndian(n.ToByteArray(isUnsigned: true, isBigEndian: true));
                for (int i = 0; i < 4 * Scale; i++)
                {
                    BigInteger a = i == 0 ? 3 * (n / 3 / 2) : Random(rng, bits) % n;
                    ulong[] r = new ulong[m.Limbs];
                    bool ok = ModularArithmetic.InverseVartime(m, r, ToLimbs(a, m.Limbs));
                    Assert.Equal(BigInteger.GreatestCommonDivisor(a, n).IsOne, ok);
                    if (ok)
                    {
                        Assert.Equal(BigInteger.One, ToBig(r) * a % n);
                    }
                }
            }
        }
    }

    /// <summary>
    /// The constant-time divstep inversion (Field64.Invert: both flavours' scalar fields and the engine's FieldN)
    /// against BigInteger: r = a^-1 c mod m for odd moduli of 2 to 4,096 bits (random, 2^b - 1 and 2^(b-1) + 1, at
    /// and around limb boundaries and the EC sizes), a in {0, 1, 2, m - 1, random}; r = 0 for a = 0.
    /// </summary>
    [Fact]
    public void DivstepInversionMatchesBigInteger()
    {
        Random rng = new(25);
        int operands = 5 + (4 * Scale), coprime = 0;
        foreach (int bits in new[] { 2, 3, 5, 17, 63, 64, 65, 127, 128, 129, 192, 224, 255, 256, 257, 320, 384, 512, 521, 575, 576, 640, 661, 1024, 2048, 4096 })
        {
            foreach (BigInteger n in Moduli(rng, bits))
            {
                using Modulus m = Modulus.FromBigEndian(n.ToByteArray(isUnsigned: true, isBigEndian: true));
                BigInteger c = Random(rng, bits) % n;
                for (int i = 0; i < operands; i++)
                {
                    BigInteger a = i switch { 0 => 0, 1 => 1, 2 => 2 % n, 3 => n - 1, _ => Random(rng, bits) % n };
                    ulong[] r = new ulong[m.Limbs];
                    DivstepInverse.Invert(m, r, ToLimbs(a, m.Limbs), ToLimbs(c, m.Limbs));
                    BigInteger x = ToBig(r);
                    if (a.IsZero)
                    {
                        Assert.Equal(BigInteger.Zero, x);
                    }
                    else if (BigInteger.GreatestCommonDivisor(a, n).IsOne)
                    {
                        Assert.True(x < n, $"{bits} bits: result not reduced: n {n} a {a} c {c} r {x}");
                        Assert.Equal(c, x * a % n);
                        coprime++;
                    }
                }
            }
        }

        // 26 sizes x 3 moduli x (operands - 1) non-zero operands, less those that share a factor with a composite
        // modulus (2^b - 1 is divisible by 3 for even b): 520 of 624 with this seed.
        Assert.InRange(coprime, 26 * 3 * (operands - 1) * 3 / 4, 26 * 3 * (operands - 1));
    }

    [Fact]
    public void EvenAndTinyModuliAreRejected()
    {
        Assert.Throws<System.Security.Cryptography.CryptographicException>(() => Modulus.FromBigEndian(new byte[] { 1, 0 }));
        Assert.Throws<System.Security.Cryptography.CryptographicException>(() => Modulus.FromBigEndian(new byte[] { 0, 1 }));
        Assert.Throws<System.Security.Cryptography.CryptographicException>(() => Modulus.FromBigEndian(Array.Empty<byte>()));
        Assert.Equal(2, Modulus.FromBigEndian(new byte[] { 0, 0, 3 }).Bits);
    }

    internal static ulong[] MulMod(ModularArithmetic arith, Modulus m, BigInteger a, BigInteger b)
    {
        ulong[] r = new ulong[m.Limbs];
        arith.MultiplyMod(m, r, ToLimbs(a, m.Limbs), ToLimbs(b, m.Limbs));
        return r;
    }

    internal static ulong[] ModPow(ModularArithmetic arith, Modulus m, BigInteger a, byte[] e, bool isPublic)
    {
        ulong[] t = new ulong[m.Limbs];
        arith.ToMontgomery(m, t, ToLimbs(a, m.Limbs));
        arith.ModPow(m, t, t, e, isPublic);
        arith.FromMontgomery(m, t, t);
        return t;
    }

    // Random odd moduli of exactly `bits` bits, plus the edge shapes 2^bits - 1 and 2^(bits-1) + 1.
    private static IEnumerable<BigInteger> Moduli(Random rng, int bits)
    {
        BigInteger r = Random(rng, bits) | (BigInteger.One << (bits - 1)) | 1;
        yield return r;
        yield return (BigInteger.One << bits) - 1;
        yield return (BigInteger.One << (bits - 1)) + 1;
    }

    internal static BigInteger Random(Random rng, int bits)
    {
        byte[] b = new byte[(bits + 7) / 8];
        rng.NextBytes(b);
        if (bits % 8 != 0)
        {
            b[0] &= (byte)((1 << (bits % 8)) - 1);
        }

        return new BigInteger(b, isUnsigned: true, isBigEndian: true);
    }

    internal static ulong[] ToLimbs(BigInteger x, int limbs)
    {
        ulong[] r = new ulong[limbs];
        Limbs64.FromBigEndian(x.IsZero ? Array.Empty<byte>() : x.ToByteArray(isUnsigned: true, isBigEndian: true), r);
        return r;
    }

    internal static BigInteger ToBig(ulong[] limbs)
    {
        byte[] b = new byte[8 * limbs.Length];
        Limbs64.ToBigEndian(limbs, b);
        return new BigInteger(b, isUnsigned: true, isBigEndian: true);
    }
}

using System;
using System.Collections.Generic;
using System.Globalization;
using System.Numerics;
using Panicode.Crypto.Ec;
using Panicode.Crypto.Unsafe.Ec;
using Xunit;

namespace Panicode.Crypto.Tests.Ec;

/// <summary>
/// The field structs the point engine of both flavours runs on, each behind a PrimeField face (StructPrimeField, which
/// only moves limbs), against
/// System.Numerics.BigInteger mod p: Mul, Sqr, Add and Sub on edge values (0, 1, 2, p - 1, p - 2, 2^255, powers of two
/// and runs of ones and zeros at every 32-bit boundary, p minus those) and on seeded random values, with the result
/// written over either operand; the secp256k1 fold on arbitrary 512-bit products, including the ones that carry out of
/// each fold; and the P-192 and P-521 plain reductions on products of unreduced extreme operands. Elements go in and
/// out of the structs' form (x R mod p, R = 2^(64 m), or R = 1 for the plain secp256k1, P-192 and P-521 structs) by
/// BigInteger, independently of the code under test.
/// </summary>
public class UnsafeFieldOpsTests
{
    private static readonly BigInteger s_p256 = Hex("FFFFFFFF00000001000000000000000000000000FFFFFFFFFFFFFFFFFFFFFFFF");
    private static readonly BigInteger s_k1 = Hex("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F");
    private static readonly BigInteger s_p384 = Hex("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFFFF0000000000000000FFFFFFFF");
    private static readonly BigInteger s_bp384 = Hex("8CB91E82A3386D280F5D6F7E50E641DF152F7109ED5456B412B1DA197FB71123ACD3A729901D1A71874700133107EC53");
    private static readonly BigInteger s_bp256 = Hex("A9FB57DBA1EEA9BC3E660A909D838D726E3BF623D52620282013481D1F6E5377");
    private static readonly BigInteger s_p521 = (BigInteger.One << 521) - 1;
    private static readonly BigInteger s_p224 = Hex("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF000000000000000000000001");
    private static readonly BigInteger s_bp320 = Hex("D35E472036BC4FB7E13C785ED201E065F98FCFA6F6F40DEF4F92B9EC7893EC28FCD412B1F1B32E27");
    private static readonly BigInteger s_p192 = Hex("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFFFFFFFFFFFF");
    private static readonly BigInteger s_bp512 = Hex("AADD9DB8DBE9C48B3FD4E6AE33C9FC07CB308DB3B3C9D20ED6639CCA703308717D4D9B009BC66842AECDA12AE6A380E62881FF2F2D82C68528AA6056583A48F3");

    [Fact]
    public void P256MontgomeryMatchesBigInteger() =>
        Check(FastFields.Shape.P256, s_p256, montgomery: true);

    [Fact]
    public void Secp256k1PlainMatchesBigInteger() =>
        Check(FastFields.Shape.Secp256k1, s_k1, montgomery: false);

    [Fact]
    public void Secp256k1GenericMontgomeryMatchesBigInteger() =>
        Check(FastFields.Shape.Generic4, s_k1, montgomery: true);

    [Fact]
    public void BrainpoolP256GenericMontgomeryMatchesBigInteger() =>
        Check(FastFields.Shape.Generic4, s_bp256, montgomery: true);

    [Fact]
    public void P384SixLimbMontgomeryMatchesBigInteger() =>
        Check(FastFields.Shape.Six, s_p384, montgomery: true);

    [Fact]
    public void BrainpoolP384SixLimbMontgomeryMatchesBigInteger() =>
        Check(FastFields.Shape.Six, s_bp384, montgomery: true);

    [Fact]
    public void P192ThreeLimbMontgomeryMatchesBigInteger() =>
        Check(FastFields.Shape.Three, s_p192, montgomery: true);

    [Fact]
    public void P224MontgomeryMatchesBigInteger() =>
        Check(FastFields.Shape.P224, s_p224, montgomery: true);

    [Fact]
    public void P224GenericMontgomeryMatchesBigInteger() =>
        Check(FastFields.Shape.Generic4, s_p224, montgomery: true);

    [Fact]
    public void P192PlainMatchesBigInteger() =>
        Check(FastFields.Shape.P192, s_p192, montgomery: false);

    /// <summary>2^192 - 237 (prime): m0 is not 1 and the low limb is not all ones, unlike P-192.</summary>
    [Fact]
    public void ThreeLimbMontgomeryMatchesBigIntegerOnAnotherPrime() =>
        Check(FastFields.Shape.Three, (BigInteger.One << 192) - 237, montgomery: true);

    [Fact]
    public void BrainpoolP320FiveLimbMontgomeryMatchesBigInteger() =>
        Check(FastFields.Shape.Five, s_bp320, montgomery: true);

    [Fact]
    public void BrainpoolP512EightLimbMontgomeryMatchesBigInteger() =>
        Check(FastFields.Shape.Eight, s_bp512, montgomery: true);

    /// <summary>2^512 - 569 (prime): all-ones limbs, so the accumulator columns carry as much as they can.</summary>
    [Fact]
    public void EightLimbMontgomeryMatchesBigIntegerOnAnotherPrime() =>
        Check(FastFields.Shape.Eight, (BigInteger.One << 512) - 569, montgomery: true);

    [Fact]
    public void P521MersenneMatchesBigInteger() =>
        Check(FastFields.Shape.P521, s_p521, montgomery: false);

    /// <summary>
    /// The secp256k1 fold on products of any operands below 2^256 (not only reduced ones; the plain struct accepts
    /// them): t mod p, fully reduced. The 512-bit values below are split into their halves as operands, together with
    /// edge operands, so the products make the first fold's carry word its largest (up to (2^256 - 1)^2), carry out
    /// of 2^256 in the second fold, and land on and around p.
    /// </summary>
    [Fact]
    public void Secp256k1FoldReducesProductsOfUnreducedOperands()
    {
        BigInteger p = s_k1;
        BigInteger two256 = BigInteger.One << 256;
        List<BigInteger> values = new()
        {
            0, 1, p - 1, p, p + 1, 2 * p - 1, 2 * p, two256 - 1, two256, two256 + 1,
            (two256 * two256) - 1,                   // H = L = 2^256 - 1
            (two256 - 1) * two256,                   // H = 2^256 - 1, L = 0
            ((two256 - 1) * two256) + p,             // L = p
            ((two256 - 1) * two256) + (two256 - 1) - 0x1000003D1UL, // the first fold ends near 2^256
            (p - 1) * (p - 1), p * p, p * (p - 1),
        };
        for (int k = 0; k < 512; k += 31)
        {
            values.Add(BigInteger.One << k);
            values.Add((BigInteger.One << k) - 1);
            values.Add((two256 * two256) - (BigInteger.One << k));
        }

        Random random = new(256);
        byte[] buffer = new byte[65];
        for (int i = 0; i < 2000; i++)
        {
            random.NextBytes(buffer);
            buffer[64] = 0;
            values.Add(new BigInteger(buffer));
        }

        PrimeField f = FastFields.Create(p, FastFields.Shape.Secp256k1);
        uint[] a = new uint[8], b = new uint[8], r = new uint[8];
        List<BigInteger> operands = new() { 0, 1, 2, p - 1, p, p + 1, two256 - 1, two256 - 2, two256 - p, (two256 - 1) / 2 };
        foreach (BigInteger v in values)
        {
            operands.Add(v % two256);
            operands.Add(v >> 256);
        }

        for (int i = 0; i < operands.Count; i++)
        {
            BigInteger x = operands[i];
            BigInteger y = operands[(i * 7) % operands.Count];
            Words(x, a);
            Words(y, b);
            f.Mul(r, a, b);
            Assert.Equal(x * y % p, Number(r));
            f.Sqr(r, a);
            Assert.Equal(x * x % p, Number(r));
        }

        foreach (BigInteger x in new[] { two256 - 1, two256 - 2, p, p + 1, two256 - (BigInteger.One << 128) })
        {
            foreach (BigInteger y in operands)
            {
                Words(x, a);
                Words(y, b);
                f.Mul(r, a, b);
                Assert.Equal(x * y % p, Number(r));
            }
        }
    }

    /// <summary>
    /// Mul, Sqr, Add and Sub of the 4-limb structs on their internal limbs directly (not on the images x R mod p
    /// of chosen values, as <see cref="Check"/> does), so the operands themselves are the edge patterns of the
    /// reductions' carry chains: 0, 1, p - 1 and below, limbs all ones or zero (the largest carry words in every
    /// product row and reduction round), p minus single bits and runs, and many seeded random values below p. The
    /// expected value is a b R^-1 mod p (R = 2^256, or 1 for the plain secp256k1 struct), computed by BigInteger.
    /// </summary>
    [Theory]
    [InlineData("P256")]
    [InlineData("Secp256k1")]
    [InlineData("Generic4")]
    public void FourLimbOpsOnRawLimbEdgesMatchBigInteger(string which)
    {
        (FastFields.Shape shape, BigInteger p, bool montgomery) = which switch
        {
            "P256" => (FastFields.Shape.P256, s_p256, true),
            "Secp256k1" => (FastFields.Shape.Secp256k1, s_k1, false),
            _ => (FastFields.Shape.Generic4, s_bp256, true),
        };
        BigInteger radixInverse = montgomery ? BigInteger.ModPow(BigInteger.One << 256, p - 2, p) : BigInteger.One;
        PrimeField field = FastFields.Create(p, shape);
        BigInteger ones = ulong.MaxValue;

        List<BigInteger> values = new() { 0, 1, 2, p - 1, p - 2, (p - 1) / 2, (p + 1) / 2 };
        for (int mask = 1; mask < 16; mask++)
        {
            // Every choice of all-ones limbs (zeros elsewhere), and p - 1 with the same limbs cleared.
            BigInteger v = 0, w = p - 1;
            for (int limb = 0; limb < 4; limb++)
            {
                if ((mask >> limb & 1) != 0)
                {
                    v |= ones << (64 * limb);
                    w &= ~(ones << (64 * limb));
                }
            }

            values.Add(v % p);
            values.Add(w);
        }

        for (int k = 0; k < 256; k += 16)
        {
            values.Add(p - (BigInteger.One << k));
            values.Add((BigInteger.One << k) - 1);
            values.Add(p - 1 - ((BigInteger.One << k) - 1));
        }

        Random random = new(4);
        byte[] buffer = new byte[33];
        List<BigInteger> randoms = new();
        while (randoms.Count < 3000)
        {
            random.NextBytes(buffer);
            buffer[32] = 0;
            BigInteger v = new(buffer);
            if (v < p)
            {
                randoms.Add(v);
            }
        }

        uint[] a = new uint[8], b = new uint[8], r = new uint[8];
        void Expect(BigInteger x, BigInteger y)
        {
            Words(x, a);
            Words(y, b);
            field.Mul(r, a, b);
            Assert.Equal(x * y * radixInverse % p, Number(r));
            field.Mul(a, a, b);
            Assert.Equal(x * y * radixInverse % p, Number(a));
            Words(x, a);
            field.Add(r, a, b);
            Assert.Equal((x + y) % p, Number(r));
            field.Sub(r, a, b);
            Assert.Equal((x - y + p) % p, Number(r));
            field.Sqr(r, a);
            Assert.Equal(x * x * radixInverse % p, Number(r));
            field.Sqr(a, a);
            Assert.Equal(x * x * radixInverse % p, Number(a));
        }

        foreach (BigInteger x in values)
        {
            foreach (BigInteger y in values)
            {
                Expect(x, y);
            }
        }

        for (int i = 0; i < randoms.Count; i++)
        {
            Expect(randoms[i], randoms[(i * 13 + 1) % randoms.Count]);
            Expect(randoms[i], values[i % values.Count]);
        }
    }

    /// <summary>
    /// The P-192 and P-521 plain reductions on products of operands that need not be reduced (any value below
    /// 2^192, resp. 2^521: their multiplications accept them), so that the word sums reach their largest carries
    /// (P-192: the carry word 3 and the second fold; P-521: L + H at its bound 2^522 - 3) and land on and around p.
    /// </summary>
    [Theory]
    [InlineData(192)]
    [InlineData(521)]
    public void PlainReductionsHandleExtremeProducts(int bits)
    {
        bool p192 = bits == 192;
        BigInteger p = p192 ? s_p192 : s_p521;
        BigInteger top = BigInteger.One << bits;
        PrimeField f = FastFields.Create(p, p192 ? FastFields.Shape.P192 : FastFields.Shape.P521);
        List<BigInteger> operands = new() { 0, 1, 2, 3, p - 2, p - 1, p, top - 1, top - 2, (top - 1) / 2, top / 2 };
        for (int k = 1; k < bits; k += 7)
        {
            operands.Add(top - (BigInteger.One << k));       // ones above bit k
            operands.Add((BigInteger.One << k) - 1);         // ones below bit k
            operands.Add(BigInteger.One << k);
        }

        Random random = new(bits + 1);
        byte[] buffer = new byte[(bits / 8) + 2];
        for (int i = 0; i < 200; i++)
        {
            random.NextBytes(buffer);
            buffer[^1] = 0;
            operands.Add(new BigInteger(buffer) % top);
        }

        int n = f.LimbCount;
        uint[] a = new uint[n], b = new uint[n], r = new uint[n];
        foreach (BigInteger x in operands)
        {
            Words(x, a);
            f.Sqr(r, a);
            Assert.Equal(x * x % p, Number(r));
            foreach (BigInteger y in operands)
            {
                Words(y, b);
                f.Mul(r, a, b);
                Assert.Equal(x * y % p, Number(r));
            }
        }
    }

    private static void Check(FastFields.Shape shape, BigInteger p, bool montgomery)
    {
        int bits = (int)p.GetBitLength();
        int m = (bits + 63) / 64;
        BigInteger radix = montgomery ? BigInteger.One << (64 * m) : BigInteger.One;
        BigInteger radixInverse = BigInteger.ModPow(radix, p - 2, p);
        PrimeField field = FastFields.Create(p, shape);

        List<BigInteger> values = new() { 0, 1, 2, 3, p - 1, p - 2, p - 3, (p - 1) / 2, (p + 1) / 2 };
        for (int k = 32; k < bits; k += 32)
        {
            values.Add(BigInteger.One << k);            // one bit over a run of zeros
            values.Add((BigInteger.One << k) - 1);      // a run of ones
            values.Add(p - (BigInteger.One << k));      // p's top bits over a run of zeros
            values.Add(((p - 1) >> k) << k);            // p - 1 with its low k bits cleared
        }

        values.Add((BigInteger.One << (bits - 1)) % p);
        values.Add((BigInteger.One << 255) % p);

        Random random = new(bits);
        List<BigInteger> randoms = new();
        byte[] buffer = new byte[(8 * m) + 1];
        while (randoms.Count < 300)
        {
            random.NextBytes(buffer);
            buffer[^1] = 0;
            BigInteger v = new BigInteger(buffer) >> ((8 * buffer.Length) - 8 - bits);
            if (v < p)
            {
                randoms.Add(v);
            }
        }

        int n = field.LimbCount;
        uint[] a = new uint[n], b = new uint[n], r = new uint[n];
        int checks = 0;
        void Pair(BigInteger x, BigInteger y)
        {
            Load(x, a);
            Load(y, b);
            field.Mul(r, a, b);
            Assert.Equal(x * y % p, Value(r));
            field.Add(r, a, b);
            Assert.Equal((x + y) % p, Value(r));
            field.Sub(r, a, b);
            Assert.Equal((((x - y) % p) + p) % p, Value(r));
            checks += 3;
        }

        foreach (BigInteger x in values)
        {
            Load(x, a);
            field.Sqr(r, a);
            Assert.Equal(x * x % p, Value(r));
            checks++;
            foreach (BigInteger y in values)
            {
                Pair(x, y);
            }
        }

        for (int i = 0; i < randoms.Count; i++)
        {
            Load(randoms[i], a);
            field.Sqr(r, a);
            Assert.Equal(randoms[i] * randoms[i] % p, Value(r));
            checks++;
            Pair(randoms[i], randoms[(i + 1) % randoms.Count]);
            Pair(randoms[i], values[i % values.Count]);
        }

        Assert.Equal((values.Count * ((3 * values.Count) + 1)) + (randoms.Count * 7), checks);

        void Load(BigInteger x, uint[] dst) => Words(x * radix % p, dst);

        BigInteger Value(uint[] src)
        {
            BigInteger v = Number(src);
            Assert.True(v < p, "not fully reduced");
            return v * radixInverse % p;
        }
    }

    private static void Words(BigInteger v, uint[] dst)
    {
        for (int i = 0; i < dst.Length; i++)
        {
            dst[i] = (uint)(v & uint.MaxValue);
            v >>= 32;
        }
    }

    private static BigInteger Number(uint[] src)
    {
        BigInteger v = 0;
        for (int i = src.Length - 1; i >= 0; i--)
        {
            v = (v << 32) | src[i];
        }

        return v;
    }

    private static BigInteger Hex(string s) => BigInteger.Parse("0" + s, NumberStyles.HexNumber, CultureInfo.InvariantCulture);
}

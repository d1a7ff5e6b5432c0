using System;
using System.Collections.Generic;
using System.Globalization;
using System.Numerics;
using Panicode.Crypto.Ec;
using Xunit;

namespace Panicode.Crypto.Tests.Ec;

/// <summary>
/// The Reference flavour's field structs (Fe4.cs, Fe6.cs) against System.Numerics.BigInteger mod p: Mul, Sqr, Add,
/// Sub, Half, Move and IsZero on edge values (0, 1, 2, p - 1, p - 2, (p +- 1) / 2, powers of two and runs of ones at
/// every 32-bit boundary, p minus those) and seeded random values, with the result written over an operand; the
/// secp256k1 fold on products of unreduced operands up to 2^256 - 1; Field64's variable-time inversion; and which
/// group the Reference backend builds for each named curve. Elements enter and leave the structs' form (x R mod p,
/// R = 2^(64 m), or R = 1 for the plain secp256k1 struct) through BigInteger, independently of the code under test.
/// </summary>
public class StructFieldTests
{
    private static readonly BigInteger s_p256 = Hex("FFFFFFFF00000001000000000000000000000000FFFFFFFFFFFFFFFFFFFFFFFF");
    private static readonly BigInteger s_k1 = Hex("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F");
    private static readonly BigInteger s_bp256 = Hex("A9FB57DBA1EEA9BC3E660A909D838D726E3BF623D52620282013481D1F6E5377");
    private static readonly BigInteger s_p224 = Hex("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF000000000000000000000001");
    private static readonly BigInteger s_p192 = Hex("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFFFFFFFFFFFF");
    private static readonly BigInteger s_bp320 = Hex("D35E472036BC4FB7E13C785ED201E065F98FCFA6F6F40DEF4F92B9EC7893EC28FCD412B1F1B32E27");
    private static readonly BigInteger s_p384 = Hex("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFFFF0000000000000000FFFFFFFF");
    private static readonly BigInteger s_bp384 = Hex("8CB91E82A3386D280F5D6F7E50E641DF152F7109ED5456B412B1DA197FB71123ACD3A729901D1A71874700133107EC53");

    [Fact]
    public void P256ReductionMatchesBigInteger() =>
        Check<Fe4, Field4<P256Reduce4>>(new Field4<P256Reduce4>(s_p256), s_p256, montgomery: true);

    [Fact]
    public void P224ReductionMatchesBigInteger() =>
        Check<Fe4, Field4<P224Reduce4>>(new Field4<P224Reduce4>(s_p224), s_p224, montgomery: true);

    [Fact]
    public void Secp256k1PlainReductionMatchesBigInteger() =>
        Check<Fe4, Field4<Secp256k1Reduce4>>(new Field4<Secp256k1Reduce4>(s_k1), s_k1, montgomery: false);

    [Fact]
    public void GenericFourLimbMontgomeryMatchesBigInteger()
    {
        Check<Fe4, Field4<GenericReduce4>>(new Field4<GenericReduce4>(s_bp256), s_bp256, montgomery: true);
        Check<Fe4, Field4<GenericReduce4>>(new Field4<GenericReduce4>(s_k1), s_k1, montgomery: true);
        Check<Fe4, Field4<GenericReduce4>>(new Field4<GenericReduce4>(s_p256), s_p256, montgomery: true);
        Check<Fe4, Field4<GenericReduce4>>(new Field4<GenericReduce4>(s_p224), s_p224, montgomery: true);
        Check<Fe4, Field4<GenericReduce4>>(new Field4<GenericReduce4>(s_p192), s_p192, montgomery: true);
    }

    [Fact]
    public void P521MersenneFieldMatchesBigInteger() =>
        Check<Fe9, P521Field>(default, (BigInteger.One << 521) - 1, montgomery: false);

    [Fact]
    public void EightLimbMontgomeryMatchesBigInteger()
    {
        BigInteger bp512 = CurveParameters.ToInteger(CurveParameters.BrainpoolP512r1.P);
        Check<Fe8, Field8>(new Field8(bp512), bp512, montgomery: true);
        BigInteger top = (BigInteger.One << 512) - 569;     // the largest 512-bit prime: limbs all ones but the lowest
        Check<Fe8, Field8>(new Field8(top), top, montgomery: true);
        BigInteger low = (BigInteger.One << 448) + 211;  // a 449-bit prime (the least above 2^448), the least eight-limb size
        Check<Fe8, Field8>(new Field8(low), low, montgomery: true);
    }

    [Fact]
    public void SixLimbMontgomeryMatchesBigInteger()
    {
        Check<Fe6, Field6>(new Field6(s_p384), s_p384, montgomery: true);
        Check<Fe6, Field6>(new Field6(s_bp384), s_bp384, montgomery: true);
        Check<Fe6, Field6>(new Field6(s_bp320), s_bp320, montgomery: true);
    }

    /// <summary>
    /// The secp256k1 fold on products of any operands below 2^256 (the plain struct accepts unreduced ones): edge
    /// operands near 2^256 and p make the first fold's carry word its largest and carry out of 2^256 in the second.
    /// </summary>
    [Fact]
    public void Secp256k1FoldReducesProductsOfUnreducedOperands()
    {
        BigInteger p = s_k1;
        BigInteger two256 = BigInteger.One << 256;
        Field4<Secp256k1Reduce4> f = new(p);
        List<BigInteger> operands = new() { 0, 1, 2, p - 1, p, p + 1, two256 - 1, two256 - 2, two256 - p, (two256 - 1) / 2, two256 - (BigInteger.One << 128) };
        for (int k = 0; k < 256; k += 31)
        {
            operands.Add(BigInteger.One << k);
            operands.Add((BigInteger.One << k) - 1);
            operands.Add(two256 - (BigInteger.One << k));
        }

        operands.AddRange(Randoms(new Random(256), two256, 200));
        Fe4 r = default;
        foreach (BigInteger x in operands)
        {
            Fe4 a = Fe4.From(x);
            f.Sqr(ref r, in a);
            Assert.Equal(x * x % p, Value4(r));
            foreach (BigInteger y in operands)
            {
                Fe4 b = Fe4.From(y);
                f.Mul(ref r, in a, in b);
                Assert.Equal(x * y % p, Value4(r));
            }
        }
    }

    [Fact]
    public void VariableTimeInversionMatchesFermat()
    {
        foreach (BigInteger p in new[] { s_p256, s_k1, s_p384, (BigInteger.One << 521) - 1 })
        {
            byte[] bigEndian = p.ToByteArray(isUnsigned: true, isBigEndian: true);
            Field64 f = new(bigEndian);
            ulong[] t = new ulong[f.N];
            List<BigInteger> values = new() { 0, 1, 2, p - 1, p - 2, (p + 1) / 2 };
            values.AddRange(Randoms(new Random(f.Bits), p, 50));
            foreach (BigInteger x in values)
            {
                Limbs(x, t);
                f.InvertVar(t, t);
                Assert.Equal(x.IsZero ? BigInteger.Zero : BigInteger.ModPow(x, p - 2, p), Number(t));
            }
        }
    }

    [Theory]
    [InlineData("secp256r1", "StructEcGroup`2")]
    [InlineData("secp256k1", "StructEcGroup`2")]
    [InlineData("secp224r1", "StructEcGroup`2")]
    [InlineData("brainpoolP256r1", "StructEcGroup`2")]
    [InlineData("secp384r1", "StructEcGroup`2")]
    [InlineData("brainpoolP384r1", "StructEcGroup`2")]
    [InlineData("secp192r1", "StructEcGroup`2")]
    [InlineData("brainpoolP320r1", "StructEcGroup`2")]
    [InlineData("secp521r1", "StructEcGroup`2")]
    [InlineData("brainpoolP512r1", "StructEcGroup`2")]
    public void ReferenceBackendPicksTheFieldShape(string curve, string group)
    {
        CurveParameters parameters = CurveParameters.FindNamed(null, curve)!;
        Assert.Equal(group, ReferenceBackend.Instance.GetGroup(parameters).GetType().Name);
    }

    private static void Check<TE, TF>(TF f, BigInteger p, bool montgomery)
        where TE : unmanaged
        where TF : struct, IStructField<TE>
    {
        int bits = (int)p.GetBitLength();
        int m = f.Limbs;
        BigInteger radix = montgomery ? BigInteger.One << (64 * m) : BigInteger.One;
        BigInteger radixInverse = BigInteger.ModPow(radix, p - 2, p);
        ulong[] limbs = new ulong[m];

        List<BigInteger> values = new() { 0, 1, 2, 3, p - 1, p - 2, p - 3, (p - 1) / 2, (p + 1) / 2 };
        for (int k = 32; k < bits; k += 32)
        {
            values.Add(BigInteger.One << k);
            values.Add((BigInteger.One << k) - 1);
            values.Add(p - (BigInteger.One << k));
            values.Add(((p - 1) >> k) << k);
        }

        values.Add((BigInteger.One << (bits - 1)) % p);
        values.AddRange(Randoms(new Random(bits + m), p, 150));

        TE Load(BigInteger x)
        {
            Limbs(x * radix % p, limbs);
            return f.Load(limbs);
        }

        BigInteger Value(in TE e)
        {
            f.Store(in e, limbs);
            BigInteger v = Number(limbs);
            Assert.True(v < p, "not fully reduced");
            return v * radixInverse % p;
        }

        BigInteger half = (p + 1) / 2;
        for (int i = 0; i < values.Count; i++)
        {
            BigInteger x = values[i];
            TE a = Load(x);
            TE r = default;
            f.Sqr(ref r, in a);
            Assert.Equal(x * x % p, Value(r));
            f.Half(ref r, in a);
            Assert.Equal(x * half % p, Value(r));
            Assert.Equal(x.IsZero ? 1UL : 0UL, f.IsZero(in a));

            // Results written over the first operand, as the point formulas do.
            TE s = a;
            f.Sqr(ref s, in s);
            Assert.Equal(x * x % p, Value(s));

            for (int j = 0; j < values.Count; j += i < 9 ? 1 : 7)
            {
                BigInteger y = values[j];
                TE b = Load(y);
                f.Mul(ref r, in a, in b);
                Assert.Equal(x * y % p, Value(r));
                f.Add(ref r, in a, in b);
                Assert.Equal((x + y) % p, Value(r));
                f.Sub(ref r, in a, in b);
                Assert.Equal((((x - y) % p) + p) % p, Value(r));
                TE t = a;
                f.Mul(ref t, in t, in b);
                Assert.Equal(x * y % p, Value(t));
                t = a;
                f.Sub(ref t, in t, in b);
                Assert.Equal((((x - y) % p) + p) % p, Value(t));
                t = a;
                f.Move(ref t, in b, 0);
                Assert.Equal(x, Value(t));
                f.Move(ref t, in b, ulong.MaxValue);
                Assert.Equal(y, Value(t));
            }
        }
    }

    private static List<BigInteger> Randoms(Random random, BigInteger bound, int count)
    {
        int bytes = (int)((bound.GetBitLength() + 7) / 8);
        byte[] buffer = new byte[bytes + 1];
        List<BigInteger> list = new();
        while (list.Count < count)
        {
            random.NextBytes(buffer);
            buffer[^1] = 0;
            BigInteger v = new BigInteger(buffer) >> (8 * bytes - (int)bound.GetBitLength());
            if (v < bound)
            {
                list.Add(v);
            }
        }

        return list;
    }

    private static BigInteger Value4(Fe4 r)
    {
        Assert.True(Number(new[] { r.L0, r.L1, r.L2, r.L3 }) < s_k1, "not fully reduced");
        return Number(new[] { r.L0, r.L1, r.L2, r.L3 });
    }

    private static void Limbs(BigInteger v, ulong[] dst)
    {
        for (int i = 0; i < dst.Length; i++)
        {
            dst[i] = (ulong)(v & ulong.MaxValue);
            v >>= 64;
        }
    }

    private static BigInteger Number(ulong[] src)
    {
        BigInteger v = 0;
        for (int i = src.Length - 1; i >= 0; i--)
        {
            v = (v << 64) | src[i];
        }

        return v;
    }

    private static BigInteger Hex(string s) => BigInteger.Parse("0" + s, NumberStyles.HexNumber, CultureInfo.InvariantCulture);
}

using System;
using System.Collections.Generic;
using System.Numerics;
using Panicode.Crypto.Ec;
using Panicode.Crypto.Unsafe.Ec;
using Xunit;

namespace Panicode.Crypto.Tests.Ec;

/// <summary>
/// The Unsafe flavour's 64-bit field structs and FastEcGroup against an independent oracle written here with
/// System.Numerics.BigInteger (affine double-and-add): field operations on values with long runs of zero and one
/// bits around every 64-bit limb boundary (where the carry and the final conditional subtraction of the Montgomery
/// reductions are decided), and the three scalar multiplications on edge scalars (1, 2, 15, 16, 17 and the 4-bit
/// window boundaries, n - 1, n - 2, n - 16, long runs of zeros and ones, alternating nibbles).
/// </summary>
public class UnsafeEcInternalsTests
{
    public static TheoryData<string> CurveNames()
    {
        TheoryData<string> data = new();
        foreach (CurveParameters c in CurveParameters.Named)
        {
            data.Add(c.FriendlyName);
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(CurveNames))]
    public void FieldOperationsOnBitRunsMatchBigInteger(string curveName)
    {
        CurveParameters curve = CurveParameters.FindNamed(null, curveName)!;
        Assert.True(FastEcGroup.Is(UnsafeEcBackend.Instance.GetGroup(curve)));
        PrimeField f = FastFields.ForCurve(curve);
        BigInteger p = CurveParameters.ToInteger(curve.P);
        int len = curve.FieldBytes;

        List<BigInteger> values = new() { 0, 1, 2, p - 1, p - 2 };
        for (int k = 1; k < curve.FieldBits; k++)
        {
            if (k % 64 is 0 or 1 or 63 || k % 32 == 0 || k == curve.FieldBits - 1)
            {
                BigInteger bit = BigInteger.One << k;
                values.Add(bit - 1);                    // a run of k ones
                values.Add(bit);                        // one bit, a run of k zeros
                values.Add((p - bit) % p);              // p's top bits, then a run of zeros
                values.Add(((p - 1) >> k) << k);        // p - 1 with its low k bits cleared
            }
        }

        Span<uint> a = stackalloc uint[f.LimbCount];
        Span<uint> b = stackalloc uint[f.LimbCount];
        Span<uint> r = stackalloc uint[f.LimbCount];
        byte[] output = new byte[len];
        int checks = 0;
        foreach (BigInteger x in values)
        {
            Assert.True(f.TryDecode(EcArithmeticTests.Fixed(x, len), a));
            foreach (BigInteger y in values)
            {
                Assert.True(f.TryDecode(EcArithmeticTests.Fixed(y, len), b));
                f.Mul(r, a, b);
                f.Encode(r, output);
                Assert.Equal(x * y % p, CurveParameters.ToInteger(output));
                f.Add(r, a, b);
                f.Encode(r, output);
                Assert.Equal((x + y) % p, CurveParameters.ToInteger(output));
                f.Sub(r, a, b);
                f.Encode(r, output);
                Assert.Equal(((x - y) % p + p) % p, CurveParameters.ToInteger(output));
                checks += 3;
            }

            f.Sqr(r, a);
            f.Encode(r, output);
            Assert.Equal(x * x % p, CurveParameters.ToInteger(output));
            checks++;
        }

        Assert.Equal(values.Count * ((3 * values.Count) + 1), checks);
    }

    [Theory]
    [MemberData(nameof(CurveNames))]
    public void ScalarMultiplicationsOnEdgeScalarsMatchTheOracle(string curveName)
    {
        CurveParameters curve = CurveParameters.FindNamed(null, curveName)!;
        EcGroup group = UnsafeEcBackend.Instance.GetGroup(curve);
        Assert.True(FastEcGroup.Is(group));
        Oracle o = new(curve);
        BigInteger n = o.N;
        int bits = curve.OrderBits;
        int len = curve.FieldBytes;

        List<BigInteger> scalars = new() { 1, 2, 3, 15, 16, 17, 255, 256, n - 1, n - 2, n - 16, n - 17 };
        for (int k = 4; k < bits; k += 60)
        {
            scalars.Add(BigInteger.One << k);                         // long run of zeros below one bit
            scalars.Add((BigInteger.One << k) - 1);                   // long run of ones
            scalars.Add(((BigInteger.One << (bits - 1)) + (BigInteger.One << k)) % n);
        }

        BigInteger alternating = 0;
        for (int i = 0; i + 8 <= bits - 1; i += 8)
        {
            alternating |= (BigInteger)0x0F << i;
        }

        scalars.Add(alternating);
        scalars.Add(((BigInteger.One << (bits - 1)) - 1) ^ alternating);

        // Q = 5 G (a base point that is not G), from the oracle.
        (BigInteger X, BigInteger Y) q = o.Multiply(5, (o.Gx, o.Gy))!.Value;
        byte[] qx = EcArithmeticTests.Fixed(q.X, len), qy = EcArithmeticTests.Fixed(q.Y, len);
        byte[] x = new byte[len], y = new byte[len];
        foreach (BigInteger k in scalars)
        {
            Assert.True(k > 0 && k < n);
            byte[] kb = EcArithmeticTests.Fixed(k, curve.OrderBytes);

            (BigInteger X, BigInteger Y) expected = o.Multiply(k, (o.Gx, o.Gy))!.Value;
            Assert.True(group.MultiplyBase(kb, x, y));
            Assert.Equal(expected.X, CurveParameters.ToInteger(x));
            Assert.Equal(expected.Y, CurveParameters.ToInteger(y));

            (BigInteger X, BigInteger Y) kq = o.Multiply(5, expected)!.Value;   // k Q = 5 (k G)
            expected = kq;
            Assert.True(group.Multiply(new AffineBytes(qx, qy), kb, x, y));
            Assert.Equal(expected.X, CurveParameters.ToInteger(x));
            Assert.Equal(expected.Y, CurveParameters.ToInteger(y));

            // k G + (n - k + 1) Q = (k + 5 (1 - k)) G, both scalars edge values; and 0 G + k Q.
            BigInteger u2 = (n - k + 1) % n;
            (BigInteger X, BigInteger Y)? sum = o.Multiply(((k + (5 * u2)) % n), (o.Gx, o.Gy));
            bool finite = group.MultiplyAddPublic(kb, EcArithmeticTests.Fixed(u2, curve.OrderBytes), new AffineBytes(qx, qy), x);
            Assert.Equal(sum.HasValue, finite);
            if (sum.HasValue)
            {
                Assert.Equal(sum.Value.X, CurveParameters.ToInteger(x));
            }

            Assert.True(group.MultiplyAddPublic(new byte[curve.OrderBytes], kb, new AffineBytes(qx, qy), x));
            Assert.Equal(kq.X, CurveParameters.ToInteger(x));
        }
    }

    /// <summary>
    /// secp256k1's endomorphism constants (Glv): lambda G = (beta Gx, Gy) by the oracle, and the decomposition
    /// k = k1 + k2 lambda (mod n) with both halves below 2^129 on edge and random k; then the verification's
    /// u1 G + u2 Q, which splits u2 that way, against the oracle on random scalars.
    /// </summary>
    [Fact]
    public void Secp256k1EndomorphismSplitsScalarsAndMultipliesLikeTheOracle()
    {
        CurveParameters curve = CurveParameters.FindNamed(null, "secp256k1")!;
        EcGroup group = UnsafeEcBackend.Instance.GetGroup(curve);
        Oracle o = new(curve);
        BigInteger n = o.N;
        BigInteger p = CurveParameters.ToInteger(curve.P);
        (BigInteger X, BigInteger Y) lg = o.Multiply(Glv.Lambda, (o.Gx, o.Gy))!.Value;
        Assert.Equal(Glv.Beta * o.Gx % p, lg.X);
        Assert.Equal(o.Gy, lg.Y);

        Random random = new(1);
        byte[] buffer = new byte[33];
        List<BigInteger> ks = new() { 0, 1, 2, n - 1, n - 2, Glv.Lambda, n - Glv.Lambda, (n + 1) / 2, BigInteger.One << 128, (BigInteger.One << 255) % n };
        for (int i = 0; i < 500; i++)
        {
            random.NextBytes(buffer);
            buffer[32] = 0;
            ks.Add(new BigInteger(buffer) % n);
        }

        ulong[] limbs = new ulong[4], h1 = new ulong[2], h2 = new ulong[2];
        foreach (BigInteger k in ks)
        {
            for (int i = 0; i < 4; i++)
            {
                limbs[i] = (ulong)((k >> (64 * i)) & ulong.MaxValue);
            }

            Glv.SplitSecret(limbs, h1, h2, out ulong negative1, out ulong negative2);
            BigInteger k1 = (new BigInteger(h1[0]) + (new BigInteger(h1[1]) << 64)) * (negative1 == 0 ? 1 : -1);
            BigInteger k2 = (new BigInteger(h2[0]) + (new BigInteger(h2[1]) << 64)) * (negative2 == 0 ? 1 : -1);
            Assert.Equal(k, (((k1 + (k2 * Glv.Lambda)) % n) + n) % n);
            Assert.True(BigInteger.Abs(k1) < BigInteger.One << 129 && BigInteger.Abs(k2) < BigInteger.One << 129);
        }

        int len = curve.FieldBytes;
        (BigInteger X, BigInteger Y) q = o.Multiply(7, (o.Gx, o.Gy))!.Value;
        byte[] qx = EcArithmeticTests.Fixed(q.X, len), qy = EcArithmeticTests.Fixed(q.Y, len);
        byte[] x = new byte[len];
        for (int i = 0; i < 12; i++)
        {
            BigInteger u1 = ks[ks.Count - 1 - i], u2 = ks[ks.Count - 13 - i];
            (BigInteger X, BigInteger Y)? expected = o.Multiply((u1 + (7 * u2)) % n, (o.Gx, o.Gy));
            bool finite = group.MultiplyAddPublic(EcArithmeticTests.Fixed(u1, curve.OrderBytes), EcArithmeticTests.Fixed(u2, curve.OrderBytes), new AffineBytes(qx, qy), x);
            Assert.Equal(expected.HasValue, finite);
            Assert.Equal(expected!.Value.X, CurveParameters.ToInteger(x));
        }
    }

    /// <summary>Affine short-Weierstrass arithmetic with BigInteger: variable time, slow, and obviously right.</summary>
    private sealed class Oracle
    {
        private readonly BigInteger _p;
        private readonly BigInteger _a;

        public Oracle(CurveParameters curve)
        {
            _p = CurveParameters.ToInteger(curve.P);
            _a = CurveParameters.ToInteger(curve.A);
            N = CurveParameters.ToInteger(curve.N);
            Gx = CurveParameters.ToInteger(curve.Gx);
            Gy = CurveParameters.ToInteger(curve.Gy);
        }

        public BigInteger N { get; }

        public BigInteger Gx { get; }

        public BigInteger Gy { get; }

        public (BigInteger X, BigInteger Y)? Multiply(BigInteger k, (BigInteger X, BigInteger Y) point)
        {
            (BigInteger X, BigInteger Y)? acc = null;
            for (int i = (int)k.GetBitLength() - 1; i >= 0; i--)
            {
                acc = Add(acc, acc);
                if (!(k >> i).IsEven)
                {
                    acc = Add(acc, point);
                }
            }

            return acc;
        }

        private (BigInteger X, BigInteger Y)? Add((BigInteger X, BigInteger Y)? a, (BigInteger X, BigInteger Y)? b)
        {
            if (a == null)
            {
                return b;
            }

            if (b == null)
            {
                return a;
            }

            (BigInteger x1, BigInteger y1) = a.Value;
            (BigInteger x2, BigInteger y2) = b.Value;
            BigInteger lambda;
            if (x1 == x2)
            {
                if ((y1 + y2) % _p == 0)
                {
                    return null;
                }

                lambda = ((3 * x1 * x1) + _a) * Inverse(2 * y1);
            }
            else
            {
                lambda = (y2 - y1) * Inverse(x2 - x1);
            }

            lambda = Mod(lambda);
            BigInteger x3 = Mod((lambda * lambda) - x1 - x2);
            return (x3, Mod((lambda * (x1 - x3)) - y1));
        }

        /// <summary>The extended Euclidean algorithm (v is not 0 mod p here).</summary>
        private BigInteger Inverse(BigInteger v)
        {
            BigInteger r0 = _p, r1 = Mod(v), s0 = 0, s1 = 1;
            while (!r1.IsZero)
            {
                BigInteger quotient = BigInteger.DivRem(r0, r1, out BigInteger remainder);
                (r0, r1) = (r1, remainder);
                (s0, s1) = (s1, s0 - (quotient * s1));
            }

            return Mod(s0);
        }

        private BigInteger Mod(BigInteger v) => ((v % _p) + _p) % _p;
    }
}

using System;
using System.Collections.Generic;
using System.Globalization;
using System.Numerics;
using Org.BouncyCastle.Asn1.Sec;
using Org.BouncyCastle.Asn1.X9;
using Panicode.Crypto.Ec;
using Panicode.Crypto.Unsafe.Ec;
using Xunit;
using BcBigInteger = Org.BouncyCastle.Math.BigInteger;
using BcPoint = Org.BouncyCastle.Math.EC.ECPoint;

namespace Panicode.Crypto.Tests.Ec;

/// <summary>
/// The Unsafe flavour's constant-time GLV path for k P on secp256k1 (ECDH): the secret split k = k1 + k2 lambda
/// (mod n) and its bounds, the numbers behind the no-exceptional-case argument of FastEcGroup.Glv.cs, and k P
/// against the Reference flavour (no endomorphism) and BouncyCastle on edge scalars: 1, 2, n - 1, n - 2, lambda and
/// its relatives, scalars whose split lands on the rounding boundaries or near the bounds of |k1| and |k2|, long
/// runs of zero and one bits, and random ones.
/// </summary>
public class Secp256k1GlvTests
{
    // The short basis of {(x, y): x + y lambda = 0 mod n} (checked below against its defining relations).
    private static readonly BigInteger s_a1 = Hex("3086D221A7D46BCDE86C90E49284EB15");
    private static readonly BigInteger s_b1 = -Hex("E4437ED6010E88286F547FA90ABFE4C3");
    private static readonly BigInteger s_a2 = Hex("114CA50F7A8E2F3F657C1108D9D44CFD8");
    private static readonly BigInteger s_b2 = s_a1;

    private static readonly CurveParameters s_curve = CurveParameters.FindNamed(null, "secp256k1")!;
    private static readonly BigInteger s_n = CurveParameters.ToInteger(s_curve.N);

    /// <summary>The bounds of FastEcGroup.Glv.cs: (1/2 + 2^-129)(|a1| + |a2|) and (1/2 + 2^-129)(|b1| + |b2|).</summary>
    private static readonly BigInteger s_bound1 = Ceiling((BigInteger.Abs(s_a1) + BigInteger.Abs(s_a2)) * ((BigInteger.One << 129) + 2), BigInteger.One << 130);
    private static readonly BigInteger s_bound2 = Ceiling((BigInteger.Abs(s_b1) + BigInteger.Abs(s_b2)) * ((BigInteger.One << 129) + 2), BigInteger.One << 130);

    [Fact]
    public void TheBasisAndTheBoundsBehindTheNoDoublingArgumentHold()
    {
        Assert.Equal(s_n, Glv.Secp256k1Order);
        Assert.Equal(s_n, (s_a1 * s_b2) - (s_a2 * s_b1));
        Assert.True(((s_a1 + (s_b1 * Glv.Lambda)) % s_n).IsZero);
        Assert.True(((s_a2 + (s_b2 * Glv.Lambda)) % s_n).IsZero);

        // The comment's decimal bounds are upper bounds of the exact ones, and both fit 128 bits.
        Assert.True(s_bound1 <= (6354 * (BigInteger.One << 128)) / 10000);
        Assert.True(s_bound2 <= (5407 * (BigInteger.One << 128)) / 10000);

        // In the box |x| <= bound1 + 64, |y| <= bound2 + 64 a lattice vector i (a1, b1) + j (a2, b2) has |i|, |j| < 1.
        BigInteger x = s_bound1 + 64, y = s_bound2 + 64;
        BigInteger i = (BigInteger.Abs(s_b2) * x) + (BigInteger.Abs(s_a2) * y);
        BigInteger j = (BigInteger.Abs(s_b1) * x) + (BigInteger.Abs(s_a1) * y);
        Assert.True(i < s_n && i * 1000 <= 705 * s_n);
        Assert.True(j < s_n && j * 1000 <= 670 * s_n);
    }

    [Fact]
    public void SecretSplitRecombinesStaysInItsBoundsAndMatchesBabaiRounding()
    {
        Random random = new(12);
        List<BigInteger> ks = EdgeScalars(random);
        for (int t = 0; t < 3000; t++)
        {
            ks.Add(RandomScalar(random));
        }

        ulong[] k = new ulong[4], k1 = new ulong[2], k2 = new ulong[2];
        BigInteger max1 = 0, max2 = 0;
        int agree = 0;
        foreach (BigInteger value in ks)
        {
            for (int i = 0; i < 4; i++)
            {
                k[i] = (ulong)((value >> (64 * i)) & ulong.MaxValue);
            }

            Glv.SplitSecret(k, k1, k2, out ulong negative1, out ulong negative2);
            Assert.True(negative1 is 0 or ulong.MaxValue && negative2 is 0 or ulong.MaxValue);
            BigInteger s1 = Signed(k1, negative1), s2 = Signed(k2, negative2);
            Assert.Equal(value, (((s1 + (s2 * Glv.Lambda)) % s_n) + s_n) % s_n);
            Assert.True(BigInteger.Abs(s1) <= s_bound1, $"|k1| out of bound for k = {value:X}");
            Assert.True(BigInteger.Abs(s2) <= s_bound2, $"|k2| out of bound for k = {value:X}");
            max1 = BigInteger.Max(max1, BigInteger.Abs(s1));
            max2 = BigInteger.Max(max2, BigInteger.Abs(s2));

            // The exact rounding of Guide Alg. 3.74 gives the same halves except within 2^-129 of a rounding tie.
            BabaiSplit(value, out BigInteger e1, out BigInteger e2);
            agree += e1 == s1 && e2 == s2 ? 1 : 0;
        }

        // The random scalars (all but the few hunted for their ties) agree with exact rounding; the edge list came
        // within 1% of both bounds.
        Assert.True(agree >= ks.Count - 40, $"{ks.Count - agree} splits differ from exact rounding");
        Assert.True(max1 * 100 >= s_bound1 * 99 && max2 * 100 >= s_bound2 * 99, $"max |k1| = {max1:X}, max |k2| = {max2:X}");
    }

    [Fact]
    public void EcdhMultiplicationMatchesTheReferenceAndBouncyCastle()
    {
        EcGroup fast = UnsafeEcBackend.Instance.GetGroup(s_curve);
        Assert.True(FastEcGroup.Is(fast));
        EcGroup reference = ReferenceBackend.Instance.GetGroup(s_curve);
        X9ECParameters x9 = SecNamedCurves.GetByName("secp256k1");
        Random random = new(34);
        List<BigInteger> ks = EdgeScalars(random);
        for (int t = 0; t < 24; t++)
        {
            ks.Add(RandomScalar(random));
        }

        // Two peers: a random point, and G itself (the peer whose lambda multiple is the textbook one).
        List<BcPoint> peers = new() { x9.G.Multiply(Bc(RandomScalar(random))).Normalize(), x9.G };
        byte[] x = new byte[32], y = new byte[32], rx = new byte[32], ry = new byte[32];
        int checks = 0;
        foreach (BcPoint peer in peers)
        {
            AffineBytes point = new(peer.AffineXCoord.GetEncoded(), peer.AffineYCoord.GetEncoded());
            foreach (BigInteger k in ks)
            {
                byte[] kb = EcArithmeticTests.Fixed(k, 32);
                bool finite = fast.Multiply(point, kb, x, y);
                Assert.Equal(!k.IsZero, finite);
                Assert.Equal(!k.IsZero, reference.Multiply(point, kb, rx, ry));
                Assert.Equal(Convert.ToHexString(rx), Convert.ToHexString(x));
                Assert.Equal(Convert.ToHexString(ry), Convert.ToHexString(y));
                if (finite)
                {
                    BcPoint expected = peer.Multiply(Bc(k)).Normalize();
                    Assert.Equal(Convert.ToHexString(expected.AffineXCoord.GetEncoded()), Convert.ToHexString(x));
                    Assert.Equal(Convert.ToHexString(expected.AffineYCoord.GetEncoded()), Convert.ToHexString(y));
                }

                checks++;
            }
        }

        Assert.True(checks >= 2 * 80, $"only {checks} products checked");
    }

    /// <summary>
    /// 0, 1, 2, 3, 15, 16, 17, n - 1, n - 2, lambda-related scalars (halves (0, 1), (0, -1), (1, 1), ...), runs of
    /// zero and one bits, scalars on the rounding ties of c1 = round(b2 k / n) and c2 = round(-b1 k / n) (where the
    /// fixed-point product decides), and the scalars with the largest |k1| and |k2| of a random sample.
    /// </summary>
    private static List<BigInteger> EdgeScalars(Random random)
    {
        BigInteger n = s_n, lambda = Glv.Lambda;
        List<BigInteger> ks = new() { 0, 1, 2, 3, 15, 16, 17, n - 1, n - 2, n - 16, n - 17 };
        foreach (BigInteger small in new BigInteger[] { 0, 1, 15, 16, n - 1 })
        {
            ks.Add(((small + lambda) % n + n) % n);
            ks.Add(((small - lambda) % n + n) % n);
            ks.Add(((small + (lambda * lambda)) % n + n) % n);
            ks.Add(((small + ((BigInteger.One << 127) * lambda)) % n + n) % n);
        }

        for (int bits = 4; bits < 256; bits += 31)
        {
            ks.Add(BigInteger.One << bits);
            ks.Add((BigInteger.One << bits) - 1);
            ks.Add((n - (BigInteger.One << bits)) % n);
        }

        ks.Add((BigInteger.One << 128) - 1);
        ks.Add(BigInteger.One << 128);
        ks.Add(BigInteger.One << 129);
        ks.Add((BigInteger.One << 255) - 1);

        // Rounding ties: b2 k / n just below and above c + 1/2 (k = ceil and floor of (2c + 1) n / (2 b2)).
        for (int t = 0; t < 6; t++)
        {
            BigInteger c1 = RandomScalar(random) % s_b2;
            BigInteger c2 = RandomScalar(random) % -s_b1;
            BigInteger tie1 = ((2 * c1) + 1) * n, tie2 = ((2 * c2) + 1) * n;
            ks.Add(tie1 / (2 * s_b2));
            ks.Add(Ceiling(tie1, 2 * s_b2) % n);
            ks.Add(tie2 / (2 * -s_b1));
            ks.Add(Ceiling(tie2, 2 * -s_b1) % n);
        }

        // The largest |k1|, |k2| and |k1| + |k2| over a random sample (exact rounding; cheap BigInteger arithmetic).
        BigInteger[] best = new BigInteger[3], bestK = new BigInteger[3];
        for (int t = 0; t < 20000; t++)
        {
            BigInteger k = RandomScalar(random);
            BabaiSplit(k, out BigInteger k1, out BigInteger k2);
            BigInteger[] size = { BigInteger.Abs(k1), BigInteger.Abs(k2), BigInteger.Abs(k1) + BigInteger.Abs(k2) };
            for (int i = 0; i < 3; i++)
            {
                if (size[i] > best[i])
                {
                    best[i] = size[i];
                    bestK[i] = k;
                }
            }
        }

        ks.AddRange(bestK);
        return ks;
    }

    private static BigInteger Signed(ulong[] magnitude, ulong negative)
    {
        BigInteger v = ((BigInteger)magnitude[1] << 64) | magnitude[0];
        return negative != 0 ? -v : v;
    }

    private static BigInteger RandomScalar(Random random)
    {
        byte[] buffer = new byte[33];
        random.NextBytes(buffer);
        buffer[32] = 0;
        return new BigInteger(buffer) % s_n;
    }

    private static BcBigInteger Bc(BigInteger v) => new(1, EcArithmeticTests.Fixed(v, 32));

    private static BigInteger Ceiling(BigInteger a, BigInteger b) => (a + b - 1) / b;

    private static BigInteger Hex(string s) => BigInteger.Parse("0" + s, NumberStyles.HexNumber, CultureInfo.InvariantCulture);

    /// <summary>
    /// The oracle: Guide Alg. 3.74 in BigInteger arithmetic, c1 = round(b2 k / n), c2 = round(-b1 k / n) by exact
    /// division (halves away from zero), k1 = k - c1 a1 - c2 a2, k2 = -c1 b1 - c2 b2.
    /// </summary>
    private static void BabaiSplit(BigInteger k, out BigInteger k1, out BigInteger k2)
    {
        BigInteger c1 = RoundDiv(s_b2 * k, s_n);
        BigInteger c2 = RoundDiv(-s_b1 * k, s_n);
        k1 = k - (c1 * s_a1) - (c2 * s_a2);
        k2 = -(c1 * s_b1) - (c2 * s_b2);
    }

    private static BigInteger RoundDiv(BigInteger x, BigInteger n)
    {
        BigInteger q = BigInteger.Divide(BigInteger.Abs(x) + (n >> 1), n);
        return x.Sign < 0 ? -q : q;
    }
}

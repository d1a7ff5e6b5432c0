using System;
using System.Collections.Generic;
using System.Numerics;
using System.Threading.Tasks;
using Panicode.Crypto.Ec;
using Panicode.Crypto.Unsafe.Ec;
using Xunit;

namespace Panicode.Crypto.Tests.Ec;

/// <summary>
/// The Unsafe flavour's cache of recently seen public keys (FastEcGroup.KeyCache.cs): from the second
/// verification with a key on, u1 G + u2 Q runs over 4-chunk tables instead of the uncached wNAF path. Every answer
/// is checked against the Reference flavour (no cache) and against a fresh Unsafe group's first call (uncached
/// path): ECDSA verification of valid and broken signatures, repeated so the cache is hit; u1, u2 at the chunk
/// boundaries; more keys than slots (eviction); and many threads verifying with mixed keys at once.
/// </summary>
public class EcKeyCacheTests
{
    [Theory]
    [MemberData(nameof(UnsafeEcInternalsTests.CurveNames), MemberType = typeof(UnsafeEcInternalsTests))]
    public void RepeatedVerificationWithOneKeyMatchesTheUncachedPath(string curveName)
    {
        CurveParameters curve = CurveParameters.FindNamed(null, curveName)!;
        EcGroup cached = NewFastGroup(curve);
        EcGroup reference = ReferenceBackend.Instance.GetGroup(curve);
        Random random = new(curveName.Length);
        Key key = NewKey(reference, random);
        List<(byte[] Hash, byte[] Sig)> cases = Signatures(reference, key, random, 6);
        for (int round = 0; round < 3; round++)
        {
            foreach ((byte[] hash, byte[] sig) in cases)
            {
                Assert.True(Verify(cached, key, hash, sig));
                foreach ((byte[] h, byte[] s) in Broken(curve, hash, sig))
                {
                    bool expected = Verify(reference, key, h, s);
                    Assert.False(expected);
                    Assert.Equal(expected, Verify(cached, key, h, s));
                }
            }
        }
    }

    [Theory]
    [MemberData(nameof(UnsafeEcInternalsTests.CurveNames), MemberType = typeof(UnsafeEcInternalsTests))]
    public void EdgeScalarsOnTheCachedPathMatchTheReference(string curveName)
    {
        CurveParameters curve = CurveParameters.FindNamed(null, curveName)!;
        EcGroup cached = NewFastGroup(curve);
        EcGroup reference = ReferenceBackend.Instance.GetGroup(curve);
        BigInteger n = CurveParameters.ToInteger(curve.N);
        int bits = 0;
        while ((n >> bits) > 0)
        {
            bits++;
        }

        // The chunk count t and length c of FastEcGroup.KeyCache.cs: values with zero and full chunks at the ends,
        // in the middle and alternating.
        int t = bits <= 320 ? 8 : 16;
        int c = (bits + t - 1) / t;
        BigInteger chunk = (BigInteger.One << c) - 1;
        List<BigInteger> scalars = new() { 0, 1, 2, 3, 15, 16, 31, 32, 63, 64, n - 1, n - 2, n - 3, (n + 1) / 2 };
        BigInteger alternate = 0;
        foreach (int j in new[] { 1, 2, t / 2, t - 2, t - 1 })
        {
            scalars.Add((chunk << (j * c)) % n);
            scalars.Add(BigInteger.One << (j * c));
            scalars.Add((BigInteger.One << (j * c)) - 1);
            scalars.Add(n - (BigInteger.One << (j * c)));
        }

        for (int j = 0; j < t; j += 2)
        {
            alternate |= chunk << (j * c);
        }

        scalars.Add(alternate % n);
        scalars.Add(((alternate << c) | 1) % n);
        Random random = new(7);
        for (int i = 0; i < 6; i++)
        {
            scalars.Add(RandomScalar(random, n));
        }

        Key key = NewKey(reference, random);
        byte[] gx = (byte[])curve.Gx.Clone(), gy = (byte[])curve.Gy.Clone();
        foreach ((byte[] qx, byte[] qy, BigInteger log) in new[] { (key.X, key.Y, key.D), (gx, gy, BigInteger.One) })
        {
            // Two calls: the first records Q, the second builds its table; everything after uses it.
            Compare(cached, reference, curve, 1, 1, qx, qy);
            Compare(cached, reference, curve, 1, 1, qx, qy);
            foreach (BigInteger u1 in scalars)
            {
                foreach (BigInteger u2 in new[] { scalars[1], scalars[10], scalars[14], scalars[20], scalars[27], scalars[31], scalars[scalars.Count - 8], scalars[scalars.Count - 1] })
                {
                    Compare(cached, reference, curve, u1, u2, qx, qy);
                    Compare(cached, reference, curve, u2, u1, qx, qy);
                }

                // u1 + u2 log Q = 0 (infinity) and = 2 u1 (the final addition meets its doubling case).
                BigInteger inverse = BigInteger.ModPow(log, n - 2, n);
                Compare(cached, reference, curve, u1, ((n - u1) * inverse % n + n) % n, qx, qy);
                Compare(cached, reference, curve, u1, (u1 * inverse) % n, qx, qy);
            }
        }
    }

    [Fact]
    public void ManyKeysCyclingThroughTheCacheMatchTheReference()
    {
        foreach (string curveName in new[] { "secp256r1", "secp384r1", "secp521r1", "brainpoolP256r1" })
        {
            CurveParameters curve = CurveParameters.FindNamed(null, curveName)!;
            EcGroup cached = NewFastGroup(curve);
            EcGroup reference = ReferenceBackend.Instance.GetGroup(curve);
            Random random = new(3);
            List<(Key Key, byte[] Hash, byte[] Sig)> cases = new();
            for (int i = 0; i < 20; i++)
            {
                Key key = NewKey(reference, random);
                (byte[] hash, byte[] sig) = Signatures(reference, key, random, 1)[0];
                cases.Add((key, hash, sig));
            }

            // 20 keys through 8 slots, in order and then with runs of the same key (hits between evictions).
            for (int round = 0; round < 3; round++)
            {
                for (int i = 0; i < cases.Count; i++)
                {
                    int k = round == 2 ? (i / 3) % cases.Count : i;
                    (Key key, byte[] hash, byte[] sig) = cases[k];
                    Assert.True(Verify(cached, key, hash, sig));
                    byte[] wrong = (byte[])hash.Clone();
                    wrong[0] ^= 1;
                    Assert.False(Verify(cached, key, wrong, sig));
                    Assert.False(Verify(cached, cases[(k + 1) % cases.Count].Key, hash, sig));
                }
            }
        }
    }

    [Fact]
    public void ConcurrentVerificationWithMixedKeysMatchesTheReference()
    {
        CurveParameters curve = CurveParameters.FindNamed(null, "secp256r1")!;
        EcGroup shared = NewFastGroup(curve);
        EcGroup reference = ReferenceBackend.Instance.GetGroup(curve);
        Random random = new(11);
        List<(Key Key, byte[] Hash, byte[] Sig, bool Valid)> cases = new();
        for (int i = 0; i < 12; i++)
        {
            Key key = NewKey(reference, random);
            foreach ((byte[] hash, byte[] sig) in Signatures(reference, key, random, 2))
            {
                cases.Add((key, hash, sig, true));
                byte[] wrong = (byte[])sig.Clone();
                wrong[wrong.Length - 1] ^= 4;
                cases.Add((key, hash, wrong, Verify(reference, key, hash, wrong)));
            }
        }

        int failures = 0;
        Parallel.For(0, 6, new ParallelOptions { MaxDegreeOfParallelism = 6 }, t =>
        {
            Random r = new(100 + t);
            for (int i = 0; i < 150; i++)
            {
                // Threads 0-2 favour a few keys (cache hits, concurrent table builds), 3-5 spread over all (evictions).
                int k = t < 3 ? r.Next(12) : r.Next(cases.Count);
                (Key key, byte[] hash, byte[] sig, bool valid) = cases[k];
                if (Verify(shared, key, hash, sig) != valid)
                {
                    System.Threading.Interlocked.Increment(ref failures);
                }
            }
        });
        Assert.Equal(0, failures);
    }

    private static void Compare(EcGroup cached, EcGroup reference, CurveParameters curve, BigInteger u1, BigInteger u2, byte[] qx, byte[] qy)
    {
        byte[] a = EcArithmeticTests.Fixed(u1, curve.OrderBytes), b = EcArithmeticTests.Fixed(u2, curve.OrderBytes);
        byte[] expected = new byte[curve.FieldBytes], actual = new byte[curve.FieldBytes];
        bool finite = reference.MultiplyAddPublic(a, b, new AffineBytes(qx, qy), expected);
        Assert.Equal(finite, cached.MultiplyAddPublic(a, b, new AffineBytes(qx, qy), actual));
        if (finite)
        {
            Assert.Equal(expected, actual);
        }

    }

    private static EcGroup NewFastGroup(CurveParameters curve) =>
        FastEcGroup.Create(curve);

    private static bool Verify(EcGroup group, Key key, byte[] hash, byte[] sig)
    {
        int len = group.OrderBytes;
        return EcdsaAlgorithm.Verify(group, key.X, key.Y, hash, sig.AsSpan(0, len), sig.AsSpan(len, len));
    }

    private static Key NewKey(EcGroup reference, Random random)
    {
        BigInteger n = CurveParameters.ToInteger(reference.Curve.N);
        BigInteger d = RandomScalar(random, n);
        byte[] x = new byte[reference.FieldBytes], y = new byte[reference.FieldBytes];
        Assert.True(reference.MultiplyBase(EcArithmeticTests.Fixed(d, reference.OrderBytes), x, y));
        return new Key(d, x, y);
    }

    private static List<(byte[] Hash, byte[] Sig)> Signatures(EcGroup reference, Key key, Random random, int count)
    {
        BigInteger n = CurveParameters.ToInteger(reference.Curve.N);
        List<(byte[], byte[])> list = new();
        byte[] d = EcArithmeticTests.Fixed(key.D, reference.OrderBytes);
        while (list.Count < count)
        {
            byte[] hash = new byte[32 + random.Next(40)];
            random.NextBytes(hash);
            byte[] sig = new byte[2 * reference.OrderBytes];
            if (EcdsaAlgorithm.TrySign(reference, d, hash, EcArithmeticTests.Fixed(RandomScalar(random, n), reference.OrderBytes), sig))
            {
                list.Add((hash, sig));
            }
        }

        return list;
    }

    /// <summary>The signature with r + 1, with s + 1, and the hash with a flipped bit.</summary>
    private static IEnumerable<(byte[] Hash, byte[] Sig)> Broken(CurveParameters curve, byte[] hash, byte[] sig)
    {
        int len = curve.OrderBytes;
        BigInteger n = CurveParameters.ToInteger(curve.N);
        BigInteger r = CurveParameters.ToInteger(sig.AsSpan(0, len).ToArray());
        BigInteger s = CurveParameters.ToInteger(sig.AsSpan(len).ToArray());
        byte[] r1 = new byte[2 * len], s1 = new byte[2 * len];
        EcArithmeticTests.Fixed((r + 1) % n, len).CopyTo(r1, 0);
        sig.AsSpan(len).CopyTo(r1.AsSpan(len));
        sig.AsSpan(0, len).CopyTo(s1);
        EcArithmeticTests.Fixed((s + 1) % n, len).CopyTo(s1, len);
        byte[] h = (byte[])hash.Clone();
        h[0] ^= 0x10;     // inside the leftmost bits(n) bits that ECDSA keeps of the hash
        yield return (hash, r1);
        yield return (hash, s1);
        yield return (h, sig);
    }

    private static BigInteger RandomScalar(Random random, BigInteger n)
    {
        byte[] buffer = new byte[n.ToByteArray().Length + 8];
        random.NextBytes(buffer);
        buffer[buffer.Length - 1] = 0;
        BigInteger k = new BigInteger(buffer) % (n - 1);
        return k + 1;
    }

    private sealed record Key(BigInteger D, byte[] X, byte[] Y);
}

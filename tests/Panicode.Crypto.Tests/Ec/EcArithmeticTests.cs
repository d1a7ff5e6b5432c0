using System;
using System.Collections.Generic;
using System.Linq;
using System.Numerics;
using System.Security.Cryptography;
using Panicode.Crypto.Ec;
using Panicode.Crypto.Unsafe;
using Panicode.Crypto.Unsafe.Ec;

namespace Panicode.Crypto.Tests.Ec;

/// <summary>
/// The field, scalar and point layers against System.Numerics.BigInteger on random and edge operands, for every
/// named curve and every arithmetic backend: edge field values (0, 1, p-1, p-2, 2^k boundaries), edge scalars
/// (0, 1, n-1, n, n+1); and the Unsafe fields against the Reference ones on random and edge operands.
/// </summary>
public class EcArithmeticTests
{
    /// <summary>The arithmetic backends behind the Ecdsa/Ecdh registry rows of the same names.</summary>
    private static readonly Dictionary<string, EcBackend> s_backends = new()
    {
        ["Reference"] = ReferenceBackend.Instance,
        ["Unsafe"] = UnsafeEcBackend.Instance,
    };

    /// <summary>Every named curve and the explicit test curves (toy orders; ten and eleven limbs).</summary>
    public static TheoryData<string> CurveNames()
    {
        TheoryData<string> data = new();
        foreach (string name in AllCurveNames())
        {
            data.Add(name);
        }

        return data;
    }

    public static TheoryData<string, string> CurvesAndBackends()
    {
        TheoryData<string, string> data = new();
        foreach (string name in AllCurveNames())
        {
            foreach (string backend in s_backends.Keys)
            {
                data.Add(name, backend);
            }
        }

        return data;
    }

    public static TheoryData<string, string> ExplicitCurvesAndBackends()
    {
        TheoryData<string, string> data = new();
        foreach (string name in ExplicitTestCurves.Names)
        {
            foreach (string backend in s_backends.Keys)
            {
                data.Add(name, backend);
            }
        }

        return data;
    }

    private static IEnumerable<string> AllCurveNames()
    {
        foreach (CurveParameters c in CurveParameters.Named)
        {
            yield return c.FriendlyName;
        }

        foreach (string name in ExplicitTestCurves.Names)
        {
            yield return name;
        }
    }

    private static CurveParameters Curve(string name) => ExplicitTestCurves.Find(name);

    /// <summary>
    /// The explicit test curves on both flavours' groups against affine double-and-add on BigInteger: k G, k P and
    /// u1 G + u2 P for edge and random scalars, the group type being the point engine's.
    /// </summary>
    [Theory]
    [MemberData(nameof(ExplicitCurvesAndBackends))]
    public void ExplicitCurvesMatchAffineBigInteger(string curveName, string backend)
    {
        CurveParameters curve = Curve(curveName);
        EcGroup group = s_backends[backend].GetGroup(curve);
        Assert.StartsWith(backend == "Unsafe" ? "FastEcGroup" : "StructEcGroup", group.GetType().Name);
        BigInteger n = CurveParameters.ToInteger(curve.N);
        BigInteger gx = CurveParameters.ToInteger(curve.Gx), gy = CurveParameters.ToInteger(curve.Gy);
        int len = curve.FieldBytes;
        Random random = new(len);

        // P = s G, so every expected point is a multiple of G: k P = (k s) G and u1 G + k P = (u1 + k s) G.
        BigInteger secret = RandomBelow(random, n - 1) + 1;
        (BigInteger X, BigInteger Y) p = ExplicitTestCurves.Multiply(curve, secret, gx, gy)!.Value;
        byte[] px = Fixed(p.X, len), py = Fixed(p.Y, len);
        List<BigInteger> scalars = new() { 1, 2, 3, 15, 16, 17, n - 1, n - 2, n / 2 };
        for (int i = 0; i < 4; i++)
        {
            scalars.Add(RandomBelow(random, n - 1) + 1);
        }

        byte[] x = new byte[len], y = new byte[len];
        int checks = 0;
        foreach (BigInteger k in scalars)
        {
            byte[] kb = Fixed(k, curve.OrderBytes);
            (BigInteger X, BigInteger Y) expected = ExplicitTestCurves.Multiply(curve, k, gx, gy)!.Value;
            Assert.True(group.MultiplyBase(kb, x, y));
            Assert.Equal((expected.X, expected.Y), (CurveParameters.ToInteger(x), CurveParameters.ToInteger(y)));

            expected = ExplicitTestCurves.Multiply(curve, k * secret % n, gx, gy)!.Value;
            Assert.True(group.Multiply(new AffineBytes(px, py), kb, x, y));
            Assert.Equal((expected.X, expected.Y), (CurveParameters.ToInteger(x), CurveParameters.ToInteger(y)));

            BigInteger u1 = RandomBelow(random, n);
            (BigInteger X, BigInteger Y)? sum = ExplicitTestCurves.Multiply(curve, (u1 + (k * secret)) % n, gx, gy);
            bool finite = group.MultiplyAddPublic(Fixed(u1, curve.OrderBytes), kb, new AffineBytes(px, py), x);
            Assert.Equal(sum.HasValue, finite);
            if (finite)
            {
                Assert.Equal(sum!.Value.X, CurveParameters.ToInteger(x));
            }

            checks++;
        }

        Assert.Equal(scalars.Count, checks);
    }

    /// <summary>ECDSA and ECDH through the public types of both flavours on the explicit test curves.</summary>
    [Theory]
    [MemberData(nameof(ExplicitCurvesAndBackends))]
    public void ExplicitCurvesSignAndAgree(string curveName, string backend)
    {
        CurveParameters curve = Curve(curveName);
        ECCurve explicitCurve = ExplicitTestCurves.ToECCurve(curve);
        using PrimeEcdsa ecdsa = backend == "Unsafe" ? UnsafeCrypto.CreateEcdsa(explicitCurve) : PrimeEcdsa.Create(explicitCurve);
        byte[] hash = new byte[32];
        hash[5] = 7;
        byte[] signature = ecdsa.SignHash(hash);
        Assert.True(ecdsa.VerifyHash(hash, signature));
        hash[0] ^= 1;
        Assert.False(ecdsa.VerifyHash(hash, signature));

        using PrimeEcdh alice = backend == "Unsafe" ? UnsafeCrypto.CreateEcdh(explicitCurve) : PrimeEcdh.Create(explicitCurve);
        using PrimeEcdh bob = backend == "Unsafe" ? UnsafeCrypto.CreateEcdh(explicitCurve) : PrimeEcdh.Create(explicitCurve);
        using ECDiffieHellmanPublicKey alicePublic = alice.PublicKey;
        using ECDiffieHellmanPublicKey bobPublic = bob.PublicKey;
        Assert.Equal(Convert.ToHexString(alice.DeriveRawSecretAgreement(bobPublic)), Convert.ToHexString(bob.DeriveRawSecretAgreement(alicePublic)));
    }

    /// <summary>
    /// The curve table: each special shape is named by exactly the curve whose prime has that form (checked here
    /// against the primes' definitions), an explicit curve on such a prime gets the same shape, and only secp256k1
    /// has the GLV strategy.
    /// </summary>
    [Fact]
    public void CurveTableShapesMatchThePrimes()
    {
        BigInteger two = 2;
        var primes = new Dictionary<FieldShape, BigInteger>
        {
            [FieldShape.NistP192] = BigInteger.Pow(two, 192) - BigInteger.Pow(two, 64) - 1,
            [FieldShape.NistP224] = BigInteger.Pow(two, 224) - BigInteger.Pow(two, 96) + 1,
            [FieldShape.NistP256] = BigInteger.Pow(two, 256) - BigInteger.Pow(two, 224) + BigInteger.Pow(two, 192) + BigInteger.Pow(two, 96) - 1,
            [FieldShape.NistP384] = BigInteger.Pow(two, 384) - BigInteger.Pow(two, 128) - BigInteger.Pow(two, 96) + BigInteger.Pow(two, 32) - 1,
            [FieldShape.NistP521] = BigInteger.Pow(two, 521) - 1,
            [FieldShape.Secp256k1] = BigInteger.Pow(two, 256) - BigInteger.Pow(two, 32) - 977,
        };
        int special = 0;
        foreach (CurveParameters c in CurveParameters.Named)
        {
            BigInteger p = CurveParameters.ToInteger(c.P);
            if (c.Shape == FieldShape.Montgomery)
            {
                Assert.DoesNotContain(p, primes.Values);
            }
            else
            {
                Assert.Equal(primes[c.Shape], p);
                special++;
            }

            Assert.Equal(c == CurveParameters.Secp256k1 ? EcStrategies.Glv : EcStrategies.None, c.Strategies);
        }

        Assert.Equal(primes.Count, special);

        // An explicit curve gets the shape of its prime: a named curve's when p is its prime, Montgomery otherwise.
        Assert.Equal(FieldShape.NistP256, CurveParameters.ShapeOf((byte[])CurveParameters.P256.P.Clone()));
        Assert.Equal(FieldShape.Secp256k1, CurveParameters.ShapeOf((byte[])CurveParameters.Secp256k1.P.Clone()));
        Assert.Equal(FieldShape.Montgomery, CurveParameters.ShapeOf(CurveParameters.BrainpoolP256r1.P));
    }

    /// <summary>
    /// The field struct of the curve table (which the point engine of both flavours runs on) and the scalar field of each
    /// flavour's group, against a field on BigInteger, operation by operation.
    /// </summary>
    [Theory]
    [MemberData(nameof(CurveNames))]
    public void FieldsAgreeWithBigIntegerField(string curveName)
    {
        CurveParameters curve = Curve(curveName);
        Assert.Equal(0, CompareFields(new BigIntegerField(curve.P), FastFields.ForCurve(curve), curve.P));
        foreach (EcBackend backend in s_backends.Values)
        {
            Assert.Equal(0, CompareFields(new BigIntegerField(curve.N), backend.GetGroup(curve).Scalars, curve.N));
        }
    }

    [Theory]
    [MemberData(nameof(CurvesAndBackends))]
    public void FieldAndScalarArithmeticMatchBigInteger(string curveName, string backend)
    {
        CurveParameters curve = Curve(curveName);
        EcGroup group = s_backends[backend].GetGroup(curve);
        CheckField(FieldOf(group), curve.P);
        CheckField(group.Scalars, curve.N);
    }

    [Theory]
    [MemberData(nameof(CurveNames))]
    public void Field64MatchesBigInteger(string curveName)
    {
        CurveParameters curve = Curve(curveName);
        foreach (byte[] modulus in new[] { curve.P, curve.N })
        {
            Field64 f = new(modulus);
            BigInteger m = CurveParameters.ToInteger(modulus);
            int len = f.ByteLength;
            Random random = new(len);
            BigInteger[] edges = new[] { 0, 1, 2, m - 1, m - 2, m / 2, (m + 1) / 2, BigInteger.Pow(2, f.Bits - 1), BigInteger.Pow(2, 64) - 1 }.Where(e => e < m).ToArray();
            ulong[] a = new ulong[f.N], b = new ulong[f.N], r = new ulong[f.N];
            byte[] output = new byte[len];
            int checks = 0;
            for (int i = 0; i < 200; i++)
            {
                BigInteger x = i < edges.Length * edges.Length ? edges[i % edges.Length] : RandomBelow(random, m);
                BigInteger y = i < edges.Length * edges.Length ? edges[i / edges.Length] : RandomBelow(random, m);
                Assert.True(f.TryDecode(Fixed(x, len), a));
                Assert.True(f.TryDecode(Fixed(y, len), b));
                foreach ((string op, BigInteger expected) in new[]
                {
                    ("mul", x * y % m), ("add", (x + y) % m), ("sub", ((x - y) % m + m) % m), ("inv", BigInteger.ModPow(x, m - 2, m)),
                })
                {
                    switch (op)
                    {
                        case "mul": f.Mul(r, a, b); break;
                        case "add": f.Add(r, a, b); break;
                        case "sub": f.Sub(r, a, b); break;
                        default: f.Invert(r, a); break;
                    }

                    f.Encode(r, output);
                    Assert.Equal(Convert.ToHexString(Fixed(expected, len)), Convert.ToHexString(output));
                    checks++;
                }
            }

            Assert.False(f.TryDecode(Fixed(m, len), a));
            Assert.Equal(800, checks);
        }
    }

    [Theory]
    [MemberData(nameof(CurvesAndBackends))]
    public void EdgeScalarsOnTheBasePointAndAnotherPoint(string curveName, string backend)
    {
        CurveParameters curve = Curve(curveName);
        EcGroup group = s_backends[backend].GetGroup(curve);
        BigInteger n = CurveParameters.ToInteger(curve.N);
        BigInteger p = CurveParameters.ToInteger(curve.P);
        int len = curve.FieldBytes;

        // Another point: P = 7 G, computed by the constant-time base multiplication.
        byte[] px = new byte[len], py = new byte[len];
        Assert.True(group.MultiplyBase(Scalar(curve, 7), px, py));
        Assert.True(group.IsOnCurve(px, py));

        foreach ((byte[] bx, byte[] by, bool isBase) in new[] { (curve.Gx, curve.Gy, true), (px, py, false) })
        {
            byte[] gyNeg = Fixed(p - CurveParameters.ToInteger(by), len);
            var expected = new (BigInteger k, byte[]? x, byte[]? y)[]
            {
                (0, null, null),
                (1, bx, by),
                (n - 1, bx, gyNeg),
                (n, null, null),
                (n + 1, bx, by),
                (2, null, null),
            };

            byte[] twoX = new byte[len], twoY = new byte[len];
            byte[] qx = new byte[len], qy = new byte[len];
            foreach ((BigInteger k, byte[]? ex, byte[]? ey) in expected)
            {
                if (k >= BigInteger.One << (8 * curve.OrderBytes))
                {
                    continue; // n + 1 does not fit the scalar width on this curve
                }

                byte[] kb = Fixed(k, curve.OrderBytes);
                bool finite = isBase ? group.MultiplyBase(kb, qx, qy) : group.Multiply(new AffineBytes(bx, by), kb, qx, qy);
                if (k == 2)
                {
                    Assert.True(finite);
                    qx.CopyTo(twoX, 0);
                    qy.CopyTo(twoY, 0);
                    continue;
                }

                Assert.Equal(ex != null, finite);
                if (ex != null)
                {
                    Assert.Equal(Convert.ToHexString(ex), Convert.ToHexString(qx));
                    Assert.Equal(Convert.ToHexString(ey!), Convert.ToHexString(qy));
                }
            }

            // Variable-time path: 1 P + 1 P = 2 P (the doubling case), (n-1) P + 1 P = infinity, 0 G + 2 P.
            byte[] one = Fixed(1, curve.OrderBytes);
            byte[] x = new byte[len];
            if (isBase)
            {
                Assert.True(group.MultiplyAddPublic(one, one, new AffineBytes(bx, by), x));
                Assert.Equal(Convert.ToHexString(twoX), Convert.ToHexString(x));
                Assert.False(group.MultiplyAddPublic(Fixed(n - 1, curve.OrderBytes), one, new AffineBytes(bx, by), x));
            }

            Assert.True(group.MultiplyAddPublic(Fixed(0, curve.OrderBytes), Fixed(2, curve.OrderBytes), new AffineBytes(bx, by), x));
            Assert.Equal(Convert.ToHexString(twoX), Convert.ToHexString(x));
        }
    }

    [Theory]
    [MemberData(nameof(CurvesAndBackends))]
    public void RandomScalarsAgreeAcrossTheThreeMultiplications(string curveName, string backend)
    {
        CurveParameters curve = Curve(curveName);
        EcGroup group = s_backends[backend].GetGroup(curve);
        BigInteger n = CurveParameters.ToInteger(curve.N);
        int len = curve.FieldBytes;
        Random random = new(curve.FieldBits);
        for (int i = 0; i < 4; i++)
        {
            BigInteger a = RandomBelow(random, n);
            BigInteger b = RandomBelow(random, n);

            // (a b) G three ways: base table; a (b G) by fixed windows; 0 G + a (b G) and (a b) G + 0 by wNAF.
            byte[] abx = new byte[len], aby = new byte[len], bx = new byte[len], by = new byte[len];
            byte[] x2 = new byte[len], y2 = new byte[len], x3 = new byte[len];
            Assert.True(group.MultiplyBase(Fixed(a * b % n, curve.OrderBytes), abx, aby));
            Assert.True(group.MultiplyBase(Fixed(b, curve.OrderBytes), bx, by));
            Assert.True(group.Multiply(new AffineBytes(bx, by), Fixed(a, curve.OrderBytes), x2, y2));
            Assert.Equal(Convert.ToHexString(abx), Convert.ToHexString(x2));
            Assert.Equal(Convert.ToHexString(aby), Convert.ToHexString(y2));
            Assert.True(group.MultiplyAddPublic(Fixed(0, curve.OrderBytes), Fixed(a, curve.OrderBytes), new AffineBytes(bx, by), x3));
            Assert.Equal(Convert.ToHexString(abx), Convert.ToHexString(x3));

            // u1 G + u2 (b G) = (u1 + u2 b) G
            BigInteger u1 = RandomBelow(random, n);
            Assert.True(group.MultiplyAddPublic(Fixed(u1, curve.OrderBytes), Fixed(a, curve.OrderBytes), new AffineBytes(bx, by), x3));
            Assert.True(group.MultiplyBase(Fixed((u1 + (a * b)) % n, curve.OrderBytes), x2, y2));
            Assert.Equal(Convert.ToHexString(x2), Convert.ToHexString(x3));
        }
    }

    /// <summary>The field struct the curve table picks for the group's curve (the one both flavours' groups run on).</summary>
    private static PrimeField FieldOf(EcGroup group) => FastFields.ForCurve(group.Curve);

    /// <summary>
    /// Runs Mul, Sqr, Add, Sub, Invert (and the fast field's InvertPublic) and Reduce on both fields over edge values
    /// (0, 1, 2, m-1, m-2, (m+-1)/2, 2^k and 2^k - 1 at every limb boundary of 32 and 64 bits) and random values,
    /// comparing canonical encodings; returns
    /// the number of operations run, minus those that agreed (so 0 when all agreed), after asserting it ran many.
    /// </summary>
    private static int CompareFields(PrimeField reference, PrimeField fast, byte[] modulusBytes)
    {
        BigInteger m = CurveParameters.ToInteger(modulusBytes);
        int len = reference.ByteLength;
        Assert.Equal(reference.LimbCount, fast.LimbCount);
        List<BigInteger> values = new() { 0, 1, 2, m - 1, m - 2, (m - 1) / 2, (m + 1) / 2 };
        for (int k = 32; k < reference.Bits; k += 32)
        {
            values.Add(BigInteger.One << k);
            values.Add((BigInteger.One << k) - 1);
            values.Add(m - (BigInteger.One << k));
        }

        Random random = new(len * 7);
        for (int i = 0; i < 200; i++)
        {
            values.Add(RandomBelow(random, m));
        }

        int n = reference.LimbCount;
        uint[] ra = new uint[n], rb = new uint[n], fa = new uint[n], fb = new uint[n], rr = new uint[n], fr = new uint[n];
        byte[] expected = new byte[len], actual = new byte[len];
        int ran = 0, agreed = 0;
        List<string> failures = new();

        void Check(string op, BigInteger x, BigInteger y)
        {
            reference.Encode(rr, expected);
            fast.Encode(fr, actual);
            ran++;
            if (expected.AsSpan().SequenceEqual(actual))
            {
                agreed++;
            }
            else
            {
                failures.Add($"{op}({x:X}, {y:X}): {Convert.ToHexString(expected)} != {Convert.ToHexString(actual)}");
            }
        }

        for (int i = 0; i < values.Count; i++)
        {
            BigInteger x = values[i];
            BigInteger y = values[(i * 31 + 7) % values.Count];
            Assert.True(reference.TryDecode(Fixed(x, len), ra) & reference.TryDecode(Fixed(y, len), rb));
            Assert.True(fast.TryDecode(Fixed(x, len), fa) & fast.TryDecode(Fixed(y, len), fb));
            reference.Mul(rr, ra, rb);
            fast.Mul(fr, fa, fb);
            Check("Mul", x, y);
            reference.Sqr(rr, ra);
            fast.Sqr(fr, fa);
            Check("Sqr", x, x);
            reference.Add(rr, ra, rb);
            fast.Add(fr, fa, fb);
            Check("Add", x, y);
            reference.Sub(rr, ra, rb);
            fast.Sub(fr, fa, fb);
            Check("Sub", x, y);
            reference.Invert(rr, ra);
            fast.Invert(fr, fa);
            Check("Invert", x, x);
            fast.InvertPublic(fr, fa);
            Check("InvertPublic", x, x);

            // Aliased output, as the point code uses it: r = r * r.
            fa.CopyTo(fr, 0);
            fast.Mul(fr, fr, fr);
            ra.CopyTo(rr, 0);
            reference.Mul(rr, rr, rr);
            Check("Mul(aliased)", x, x);
        }

        // Reduce: byte strings of every length up to three times the element size, random and all-ones.
        for (int length = 0; length <= 3 * len; length++)
        {
            foreach (bool ones in new[] { false, true })
            {
                byte[] input = new byte[length];
                if (ones)
                {
                    input.AsSpan().Fill(0xFF);
                }
                else
                {
                    random.NextBytes(input);
                }

                reference.Reduce(input, rr);
                fast.Reduce(input, fr);
                BigInteger value = new(input, isUnsigned: true, isBigEndian: true);
                Check("Reduce", value, length);
            }
        }

        Assert.True(failures.Count == 0, string.Join(Environment.NewLine, failures));
        Assert.Equal((7 * values.Count) + (2 * ((3 * len) + 1)), ran);
        return ran - agreed;
    }

    private static void CheckField(PrimeField f, byte[] modulusBytes)
    {
        BigInteger m = CurveParameters.ToInteger(modulusBytes);
        int len = f.ByteLength;
        List<BigInteger> values = new() { 0, 1, 2, m - 1, m - 2, (m - 1) / 2, (m + 1) / 2 };
        for (int k = 32; k < f.Bits; k += 32)
        {
            values.Add(BigInteger.One << k);
            values.Add((BigInteger.One << k) - 1);
        }

        Random random = new(len);
        for (int i = 0; i < 40; i++)
        {
            values.Add(RandomBelow(random, m));
        }

        Span<uint> a = stackalloc uint[f.LimbCount];
        Span<uint> b = stackalloc uint[f.LimbCount];
        Span<uint> r = stackalloc uint[f.LimbCount];
        byte[] outBytes = new byte[len];
        foreach (BigInteger x in values)
        {
            Assert.True(f.TryDecode(Fixed(x, len), a));
            foreach (BigInteger y in new[] { x, values[(int)(x % values.Count)], m - 1, 1 })
            {
                Assert.True(f.TryDecode(Fixed(y, len), b));
                f.Mul(r, a, b);
                f.Encode(r, outBytes);
                Assert.Equal(x * y % m, CurveParameters.ToInteger(outBytes));
                f.Add(r, a, b);
                f.Encode(r, outBytes);
                Assert.Equal((x + y) % m, CurveParameters.ToInteger(outBytes));
                f.Sub(r, a, b);
                f.Encode(r, outBytes);
                Assert.Equal(((x - y) % m + m) % m, CurveParameters.ToInteger(outBytes));
            }

            f.Sqr(r, a);
            f.Encode(r, outBytes);
            Assert.Equal(x * x % m, CurveParameters.ToInteger(outBytes));
            f.Invert(r, a);
            f.Encode(r, outBytes);
            Assert.Equal(x.IsZero ? BigInteger.Zero : BigInteger.ModPow(x, m - 2, m), CurveParameters.ToInteger(outBytes));
            f.InvertPublic(r, a);
            f.Encode(r, outBytes);
            Assert.Equal(x.IsZero ? BigInteger.Zero : BigInteger.ModPow(x, m - 2, m), CurveParameters.ToInteger(outBytes));
        }

        // Decoding rejects p and above; Reduce accepts any length.
        Assert.False(f.TryDecode(Fixed(m, len), a));
        Assert.False(f.TryDecode(Fixed(m + 1, len), a));
        BigInteger big = (m * m) + 12345;
        f.Reduce(Fixed(big, (int)(big.GetBitLength() / 8) + 1), r);
        f.Encode(r, outBytes);
        Assert.Equal(big % m, CurveParameters.ToInteger(outBytes));
    }

    internal static byte[] Scalar(CurveParameters curve, int value) => Fixed(value, curve.OrderBytes);

    internal static byte[] Fixed(BigInteger value, int length)
    {
        byte[] raw = value.ToByteArray(isUnsigned: true, isBigEndian: true);
        byte[] r = new byte[length];
        raw.CopyTo(r, length - raw.Length);
        return r;
    }

    private static BigInteger RandomBelow(Random random, BigInteger bound)
    {
        byte[] bytes = new byte[bound.GetByteCount(isUnsigned: true) + 8];
        random.NextBytes(bytes);
        return new BigInteger(bytes, isUnsigned: true) % bound;
    }
}

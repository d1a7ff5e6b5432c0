using System;
using System.Collections.Generic;
using System.Security.Cryptography;
using Org.BouncyCastle.Asn1;
using Org.BouncyCastle.Asn1.X9;
using Org.BouncyCastle.Crypto.Agreement;
using Org.BouncyCastle.Crypto.EC;
using Org.BouncyCastle.Crypto.Parameters;
using Org.BouncyCastle.Crypto.Signers;
using Org.BouncyCastle.Utilities;
using Panicode.Crypto.Ec;
using Panicode.Crypto.Tests.Infrastructure;
using BcBigInteger = Org.BouncyCastle.Math.BigInteger;
using BcPoint = Org.BouncyCastle.Math.EC.ECPoint;

namespace Panicode.Crypto.Tests.Ec;

/// <summary>
/// Randomized differential tests of every named curve and flavour against BouncyCastle.Cryptography 2.7 and the
/// built-in ECDsa/ECDiffieHellman (OpenSSL on Linux): signatures made here verify there and the reverse, ECDH
/// agrees both ways, and edge scalars — 1, 2, n-1, n-2, (n +- 1)/2, long runs of zeros or ones, and for secp256k1
/// scalars at the GLV lattice (lambda, -lambda, lambda +- 1, 2^128 multiples) — used as private keys, as ECDSA
/// nonces (through the internal known-nonce hook) and as ECDH peers give BouncyCastle's points exactly.
/// Seeded from the curve, so a failure reproduces.
/// </summary>
public class EcDifferentialTests
{
    private const int RandomKeys = 2;

    /// <summary>secp256k1's endomorphism eigenvalue lambda (lambda^3 = 1 mod n; SEC 2 v2 §2.4.1 curve, GLV 2001).</summary>
    private static readonly BcBigInteger s_secp256k1Lambda = new("5363ad4cc05c30e0a5261c028812645a122e22ea20816678df02967c1b23bd72", 16);

    public static TheoryData<string, string> CurvesAndFlavours()
    {
        TheoryData<string, string> data = new();
        foreach (CurveParameters curve in CurveParameters.Named)
        {
            foreach (Implementation<PrimeEcdsa> implementation in Implementations.Ecdsa)
            {
                data.Add(curve.Oid!, implementation.Name);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(CurvesAndFlavours))]
    public void SignaturesCrossVerifyWithBouncyCastleAndTheBuiltIn(string oid, string flavour)
    {
        Implementation<PrimeEcdsa> implementation = Find(Implementations.Ecdsa, flavour);
        ECDomainParameters domain = Domain(oid);
        int len = OrderBytes(domain);
        Random random = new(Seed(oid) ^ 0x5EED);
        int checks = 0;
        foreach (BcBigInteger d in Scalars(oid, domain, random))
        {
            ECParameters parameters = Parameters(oid, domain, d);
            byte[] hash = RandomBytes(random, Math.Min(64, len + 4));
            using PrimeEcdsa ours = EcKeyState.Initialize(implementation.Create(), e => e.ImportParameters(parameters));
            using ECDsa builtIn = ECDsa.Create(parameters);
            ECPublicKeyParameters bcPublic = new(domain.G.Multiply(d).Normalize(), domain);
            ECPrivateKeyParameters bcPrivate = new(d, domain);

            // Ours -> BouncyCastle and the built-in.
            byte[] signature = ours.SignHash(hash);
            Assert.True(BcVerify(bcPublic, hash, signature), $"BouncyCastle rejects our signature, d = {d.ToString(16)}");
            Assert.True(builtIn.VerifyHash(hash, signature), $"the built-in rejects our signature, d = {d.ToString(16)}");

            // BouncyCastle and the built-in -> ours; a changed hash must not verify.
            ECDsaSigner signer = new();
            signer.Init(true, bcPrivate);
            BcBigInteger[] rs = signer.GenerateSignature(hash);
            byte[] bcSignature = Arrays.Concatenate(BigIntegers.AsUnsignedByteArray(len, rs[0]), BigIntegers.AsUnsignedByteArray(len, rs[1]));
            Assert.True(ours.VerifyHash(hash, bcSignature));
            Assert.True(ours.VerifyHash(hash, builtIn.SignHash(hash)));
            hash[0] ^= 1;
            Assert.False(ours.VerifyHash(hash, bcSignature));
            hash[0] ^= 1;

            // The same scalar as a nonce: r and s exactly as BouncyCastle's arithmetic computes them.
            byte[] withNonce = ours.SignHashWithNonce(hash, BigIntegers.AsUnsignedByteArray(len, d));
            BcBigInteger r = domain.G.Multiply(d).Normalize().AffineXCoord.ToBigInteger().Mod(domain.N);
            BcBigInteger s = d.ModInverse(domain.N).Multiply(BitsToInt(hash, domain.N).Add(r.Multiply(d))).Mod(domain.N);
            Assert.Equal(Hex(BigIntegers.AsUnsignedByteArray(len, r), BigIntegers.AsUnsignedByteArray(len, s)), Convert.ToHexString(withNonce));
            Assert.True(BcVerify(bcPublic, hash, withNonce));
            checks++;
        }

        Assert.True(checks >= 12, $"only {checks} scalars checked");
    }

    [Theory]
    [MemberData(nameof(CurvesAndFlavours))]
    public void EcdhAgreesWithBouncyCastleAndTheBuiltIn(string oid, string flavour)
    {
        Implementation<PrimeEcdh> implementation = Find(Implementations.Ecdh, flavour);
        ECDomainParameters domain = Domain(oid);
        int fieldBytes = (domain.Curve.FieldSize + 7) / 8;
        Random random = new(Seed(oid) ^ 0xEC0D);
        List<BcBigInteger> scalars = Scalars(oid, domain, random);
        BcBigInteger[] peers = { BcBigInteger.One, BcBigInteger.Two, domain.N.Subtract(BcBigInteger.One), RandomScalar(random, domain.N) };
        int checks = 0;
        foreach (BcBigInteger d in scalars)
        {
            using PrimeEcdh ours = EcKeyState.Initialize(implementation.Create(), e => e.ImportParameters(Parameters(oid, domain, d)));
            foreach (BcBigInteger e in peers)
            {
                ECParameters peer = Parameters(oid, domain, e);
                peer.D = null;
                using PrimeEcdh peerKey = EcKeyState.Initialize(implementation.Create(), k => k.ImportParameters(peer));
                using ECDiffieHellmanPublicKey peerPublic = peerKey.PublicKey;
                byte[] secret = ours.DeriveRawSecretAgreement(peerPublic);

                ECDHBasicAgreement agreement = new();
                agreement.Init(new ECPrivateKeyParameters(d, domain));
                BcBigInteger expected = agreement.CalculateAgreement(new ECPublicKeyParameters(domain.G.Multiply(e).Normalize(), domain));
                Assert.Equal(Convert.ToHexString(BigIntegers.AsUnsignedByteArray(fieldBytes, expected)), Convert.ToHexString(secret));
                checks++;
            }

            // Both ways with the built-in (OpenSSL) on a fresh random key.
            using ECDiffieHellman builtIn = ECDiffieHellman.Create(ECCurve.CreateFromValue(oid));
            using ECDiffieHellmanPublicKey builtInPublic = builtIn.PublicKey;
            using ECDiffieHellmanPublicKey ourPublic = ours.PublicKey;
            Assert.Equal(Convert.ToHexString(builtIn.DeriveRawSecretAgreement(ourPublic)), Convert.ToHexString(ours.DeriveRawSecretAgreement(builtInPublic)));
        }

        Assert.True(checks >= 4 * 12, $"only {checks} agreements checked");
    }

    /// <summary>Edge scalars in [1, n-1] and a few random ones.</summary>
    private static List<BcBigInteger> Scalars(string oid, ECDomainParameters domain, Random random)
    {
        BcBigInteger n = domain.N;
        int bits = n.BitLength;
        BcBigInteger one = BcBigInteger.One;
        var candidates = new List<BcBigInteger>
        {
            one,
            BcBigInteger.Two,
            n.Subtract(one),
            n.Subtract(BcBigInteger.Two),
            n.ShiftRight(1),                                                   // (n - 1) / 2
            n.ShiftRight(1).Add(one),                                          // (n + 1) / 2
            one.ShiftLeft(bits - 1).Subtract(one),                             // a run of bits - 1 ones
            one.ShiftLeft(bits - 1),                                           // one bit, then bits - 1 zeros
            one.ShiftLeft(bits - 1).Add(one),                                  // a long run of zeros inside
            one.ShiftLeft(bits / 2).Subtract(one).ShiftLeft(bits / 4),         // ones in the middle, zeros around
            n.ShiftRight(bits / 2).ShiftLeft(bits / 2),                        // n's top half, then zeros
            one.ShiftLeft(64).Add(one),
        };

        if (oid == "1.3.132.0.10")
        {
            // secp256k1: k = k1 + k2 lambda with |k1|, |k2| about 2^128; scalars on and next to lattice points and at the
            // 128-bit boundary exercise the decomposition's extremes, whatever the implementation does inside.
            BcBigInteger lambda = s_secp256k1Lambda;
            BcBigInteger two128 = one.ShiftLeft(128);
            candidates.AddRange(new[]
            {
                lambda, n.Subtract(lambda), lambda.Add(one), lambda.Subtract(one), lambda.Multiply(lambda).Mod(n),
                two128, two128.Subtract(one), two128.Multiply(lambda).Mod(n), two128.Subtract(one).Multiply(lambda.Add(one)).Mod(n),
                two128.Add(lambda).Mod(n), n.Subtract(two128.Multiply(lambda).Mod(n)),
            });
        }

        for (int i = 0; i < RandomKeys; i++)
        {
            candidates.Add(RandomScalar(random, n));
        }

        List<BcBigInteger> scalars = new();
        foreach (BcBigInteger k in candidates)
        {
            Assert.True(k.SignValue > 0 && k.CompareTo(n) < 0, "edge scalars lie in [1, n-1]");
            scalars.Add(k);
        }

        return scalars;
    }

    private static ECDomainParameters Domain(string oid)
    {
        // BouncyCastle has no wap-wsg-idm-ecid-wtls7 entry; WTLS curve 7 has exactly secp160r2's parameters (WAP-261
        // WTLS Annex A; OpenSSL's curve table builds both from one data block), so BouncyCastle checks it as that.
        DerObjectIdentifier id = new(oid == "2.23.43.1.4.7" ? "1.3.132.0.30" : oid);
        X9ECParameters x9 = CustomNamedCurves.GetByOid(id) ?? ECNamedCurveTable.GetByOid(id);
        Assert.NotNull(x9);
        return new ECDomainParameters(x9);
    }

    private static int OrderBytes(ECDomainParameters domain) => (domain.N.BitLength + 7) / 8;

    private static ECParameters Parameters(string oid, ECDomainParameters domain, BcBigInteger d)
    {
        int fieldBytes = (domain.Curve.FieldSize + 7) / 8;
        BcPoint q = domain.G.Multiply(d).Normalize();

        // The BCL wants D as long as Q.X on a named curve and as long as the order on an explicit one. Where the order
        // is a byte longer than the field (wap-wsg-idm-ecid-wtls7: 161-bit n, 160-bit p), a scalar of 161 bits fits
        // only the explicit form, so such keys go in with the curve's explicit parameters.
        bool named = d.BitLength <= fieldBytes * 8;
        return new ECParameters
        {
            Curve = named ? ECCurve.CreateFromValue(oid) : Explicit(domain, fieldBytes),
            D = BigIntegers.AsUnsignedByteArray(named ? fieldBytes : OrderBytes(domain), d),
            Q = new ECPoint
            {
                X = BigIntegers.AsUnsignedByteArray(fieldBytes, q.AffineXCoord.ToBigInteger()),
                Y = BigIntegers.AsUnsignedByteArray(fieldBytes, q.AffineYCoord.ToBigInteger()),
            },
        };
    }

    private static ECCurve Explicit(ECDomainParameters domain, int fieldBytes) => new()
    {
        CurveType = ECCurve.ECCurveType.PrimeShortWeierstrass,
        Prime = BigIntegers.AsUnsignedByteArray(fieldBytes, domain.Curve.Field.Characteristic),
        A = BigIntegers.AsUnsignedByteArray(fieldBytes, domain.Curve.A.ToBigInteger()),
        B = BigIntegers.AsUnsignedByteArray(fieldBytes, domain.Curve.B.ToBigInteger()),
        G = new ECPoint
        {
            X = BigIntegers.AsUnsignedByteArray(fieldBytes, domain.G.AffineXCoord.ToBigInteger()),
            Y = BigIntegers.AsUnsignedByteArray(fieldBytes, domain.G.AffineYCoord.ToBigInteger()),
        },
        Order = BigIntegers.AsUnsignedByteArray(OrderBytes(domain), domain.N),
        Cofactor = domain.H.ToByteArrayUnsigned(),
    };

    private static bool BcVerify(ECPublicKeyParameters key, byte[] hash, byte[] signature)
    {
        int half = signature.Length / 2;
        ECDsaSigner verifier = new();
        verifier.Init(false, key);
        return verifier.VerifySignature(hash, new BcBigInteger(1, signature, 0, half), new BcBigInteger(1, signature, half, half));
    }

    /// <summary>bits2int (SEC 1 §4.1.3 step 5): the leftmost bitlen(n) bits of the hash, reduced mod n.</summary>
    private static BcBigInteger BitsToInt(byte[] hash, BcBigInteger n)
    {
        BcBigInteger e = new(1, hash);
        int excess = (hash.Length * 8) - n.BitLength;
        return (excess > 0 ? e.ShiftRight(excess) : e).Mod(n);
    }

    private static BcBigInteger RandomScalar(Random random, BcBigInteger n)
    {
        while (true)
        {
            BcBigInteger k = new(1, RandomBytes(random, (n.BitLength + 7) / 8));
            k = k.ShiftRight((((n.BitLength + 7) / 8) * 8) - n.BitLength);
            if (k.SignValue > 0 && k.CompareTo(n) < 0)
            {
                return k;
            }
        }
    }

    private static byte[] RandomBytes(Random random, int length)
    {
        byte[] bytes = new byte[length];
        random.NextBytes(bytes);
        return bytes;
    }

    /// <summary>A seed that is the same in every process (string.GetHashCode is randomized per process).</summary>
    private static int Seed(string oid)
    {
        int seed = 17;
        foreach (char c in oid)
        {
            seed = (seed * 31) + c;
        }

        return seed;
    }

    private static string Hex(byte[] a, byte[] b) => Convert.ToHexString(a) + Convert.ToHexString(b);

    private static Implementation<T> Find<T>(IReadOnlyList<Implementation<T>> list, string name)
        where T : class
    {
        foreach (Implementation<T> implementation in list)
        {
            if (implementation.Name == name)
            {
                return implementation;
            }
        }

        throw new ArgumentException($"No {typeof(T).Name} flavour named {name}.", nameof(name));
    }
}

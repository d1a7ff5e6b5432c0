using System;
using System.Collections.Generic;
using System.Numerics;
using System.Security.Cryptography;
using Panicode.Crypto.Hashing;
using Panicode.Crypto.Ec;
using Panicode.Crypto.Tests.Infrastructure;

namespace Panicode.Crypto.Tests.Ec;

/// <summary>
/// PrimeEcdsa through the ECDsa surface: randomized interop with the built-in ECDsa (OpenSSL here) on every curve
/// it supports, key formats through the base class (PKCS#8, SPKI, ECPrivateKey, PEM), deterministic nonces, and
/// every kind of bad input.
/// </summary>
public class EcdsaApiTests
{
    private const int InteropRounds = 2;

    public static TheoryData<string, Implementation<PrimeEcdsa>> CurvesAndFlavours()
    {
        TheoryData<string, Implementation<PrimeEcdsa>> data = new();
        foreach (CurveParameters curve in CurveParameters.Named)
        {
            foreach (Implementation<PrimeEcdsa> implementation in Implementations.Ecdsa)
            {
                data.Add(curve.Oid!, implementation);
            }
        }

        return data;
    }

    public static TheoryData<Implementation<PrimeEcdsa>> Flavours() => Implementations.ToTheoryData(Implementations.Ecdsa);

    [Fact]
    public void TheBuiltInSupportsEveryCurveTheIssueLists()
    {
        // The interop theory below silently has nothing to compare against on a curve the platform lacks;
        // make sure the curves the issue names are really exercised here.
        foreach (string oid in new[] { "1.2.840.10045.3.1.1", "1.3.132.0.33", "1.2.840.10045.3.1.7", "1.3.132.0.34", "1.3.132.0.35", "1.3.132.0.10", "1.3.36.3.3.2.8.1.1.7", "1.3.36.3.3.2.8.1.1.11", "1.3.36.3.3.2.8.1.1.13" })
        {
            Assert.True(BuiltInSupports(oid), "built-in ECDsa lacks " + oid);
        }
    }

    [Theory]
    [MemberData(nameof(CurvesAndFlavours))]
    public void SignaturesInteroperateWithTheBuiltIn(string oid, Implementation<PrimeEcdsa> implementation)
    {
        if (!BuiltInSupports(oid))
        {
            return; // reported by TheBuiltInSupportsEveryCurveTheIssueLists for the curves that matter
        }

        Random random = new(oid.GetHashCode());
        for (int round = 0; round < InteropRounds; round++)
        {
            using ECDsa builtIn = ECDsa.Create(ECCurve.CreateFromValue(oid));
            using PrimeEcdsa ours = implementation.Create();
            ours.ImportParameters(builtIn.ExportParameters(true));
            byte[] data = new byte[random.Next(0, 100)];
            random.NextBytes(data);
            foreach (HashAlgorithmName hash in new[] { HashAlgorithmName.SHA256, HashAlgorithmName.SHA512, HashAlgorithmName.SHA1 })
            {
                foreach (DSASignatureFormat format in new[] { DSASignatureFormat.IeeeP1363FixedFieldConcatenation, DSASignatureFormat.Rfc3279DerSequence })
                {
                    Assert.True(ours.VerifyData(data, builtIn.SignData(data, hash, format), hash, format));
                    byte[] signature = ours.SignData(data, hash, format);
                    Assert.True(builtIn.VerifyData(data, signature, hash, format));
                    Assert.True(ours.VerifyData(data, signature, hash, format));
                }
            }

            // Our key in the built-in, and a public-only import on our side.
            using PrimeEcdsa generated = implementation.Create();
            generated.GenerateKey(ECCurve.CreateFromValue(oid));
            using ECDsa theirs = ECDsa.Create(generated.ExportParameters(true));
            using PrimeEcdsa publicOnly = implementation.Create();
            publicOnly.ImportParameters(theirs.ExportParameters(false));
            byte[] hashValue = SHA384.HashData(data);
            Assert.True(publicOnly.VerifyHash(hashValue, theirs.SignHash(hashValue)));
            Assert.True(theirs.VerifyHash(hashValue, generated.SignHash(hashValue)));
            Assert.Equal(builtIn.KeySize, ours.KeySize);
        }
    }

    [Theory]
    [MemberData(nameof(CurvesAndFlavours))]
    public void KeyFormatsRoundTripThroughTheBaseClassAndTheBuiltIn(string oid, Implementation<PrimeEcdsa> implementation)
    {
        using PrimeEcdsa ours = implementation.Create();
        ours.GenerateKey(ECCurve.CreateFromValue(oid));
        ECParameters original = ours.ExportParameters(true);
        byte[] hash = SHA256.HashData(new byte[] { 1, 2, 3 });
        byte[] signature = ours.SignHash(hash);

        foreach (Func<ECDsa, ECDsa, bool> transfer in new Func<ECDsa, ECDsa, bool>[]
        {
            (from, to) => { to.ImportPkcs8PrivateKey(from.ExportPkcs8PrivateKey(), out _); return true; },
            (from, to) => { to.ImportECPrivateKey(from.ExportECPrivateKey(), out _); return true; },
            (from, to) => { to.ImportFromPem(from.ExportPkcs8PrivateKeyPem()); return true; },
            (from, to) => { to.ImportFromPem(from.ExportECPrivateKeyPem()); return true; },
            (from, to) => { to.ImportSubjectPublicKeyInfo(from.ExportSubjectPublicKeyInfo(), out _); return false; },
            (from, to) => { to.ImportFromPem(from.ExportSubjectPublicKeyInfoPem()); return false; },
            (from, to) => { to.ImportFromEncryptedPem(from.ExportEncryptedPkcs8PrivateKeyPem("pw", new PbeParameters(PbeEncryptionAlgorithm.Aes128Cbc, HashAlgorithmName.SHA256, 2)), "pw"); return true; },
        })
        {
            using PrimeEcdsa back = implementation.Create();
            bool isPrivate = transfer(ours, back);
            ECParameters p = back.ExportParameters(false);
            Assert.Equal(original.Q.X, p.Q.X);
            Assert.Equal(original.Q.Y, p.Q.Y);
            Assert.Equal(oid, p.Curve.Oid.Value);
            Assert.True(back.VerifyHash(hash, signature));
            if (isPrivate)
            {
                Assert.Equal(original.D, back.ExportParameters(true).D);
            }

            if (BuiltInSupports(oid))
            {
                using ECDsa builtIn = ECDsa.Create();
                bool builtInPrivate = transfer(ours, builtIn);
                Assert.True(builtIn.VerifyHash(hash, signature));
                using PrimeEcdsa fromBuiltIn = implementation.Create();
                transfer(builtIn, fromBuiltIn);
                Assert.Equal(original.Q.X, fromBuiltIn.ExportParameters(false).Q.X);
                Assert.Equal(isPrivate, builtInPrivate);
            }
        }
    }

    [Theory]
    [MemberData(nameof(Flavours))]
    public void ExplicitParametersRoundTripAndSelectTheSameCurve(Implementation<PrimeEcdsa> implementation)
    {
        using PrimeEcdsa ours = implementation.Create();
        ours.GenerateKey(ECCurve.NamedCurves.brainpoolP256r1);
        ECParameters explicitKey = ours.ExportExplicitParameters(true);
        Assert.True(explicitKey.Curve.IsPrime);
        using PrimeEcdsa back = implementation.Create();
        back.ImportParameters(explicitKey);
        // As in the BCL, a key imported with explicit parameters exports them explicitly (even for a named curve's values).
        Assert.True(back.ExportParameters(false).Curve.IsExplicit);
        Assert.Equal(explicitKey.Curve.Prime, back.ExportParameters(false).Curve.Prime);
        byte[] hash = new byte[32];
        Assert.True(back.VerifyHash(hash, ours.SignHash(hash)));

        // An explicit curve no name covers (brainpoolP256t1, from the Wycheproof curve list) works through the generic path.
        Vectors.Ec.EcCurveInfo twisted = Vectors.Ec.EcCurves.Require("brainpoolP256t1");
        using PrimeEcdsa t = implementation.Create();
        t.GenerateKey(twisted.Curve);
        Assert.True(t.VerifyHash(hash, t.SignHash(hash)));
        Assert.True(t.ExportParameters(false).Curve.IsExplicit);
        using ECDsa builtIn = ECDsa.Create(t.ExportExplicitParameters(false));
        Assert.True(builtIn.VerifyHash(hash, t.SignHash(hash)));

        // secp160r1's order has 161 bits, one byte more than the field: P1363 signatures are field-sized as the BCL's
        // (40 bytes; the BCL verifies them), and the order-sized form verifies too.
        using PrimeEcdsa wide = implementation.Create();
        wide.GenerateKey(Vectors.Ec.EcCurves.Require("secp160r1").Curve);
        byte[] p1363 = wide.SignData(hash, HashAlgorithmName.SHA256, DSASignatureFormat.IeeeP1363FixedFieldConcatenation);
        Assert.Equal(40, p1363.Length);
        Assert.True(wide.VerifyData(hash, p1363, HashAlgorithmName.SHA256));
        using (ECDsa bclWide = ECDsa.Create(wide.ExportExplicitParameters(false)))
        {
            Assert.Equal(40, bclWide.GetMaxSignatureSize(DSASignatureFormat.IeeeP1363FixedFieldConcatenation));
            Assert.True(bclWide.VerifyData(hash, p1363, HashAlgorithmName.SHA256));
        }

        byte[] orderSized = new byte[42];
        p1363.AsSpan(0, 20).CopyTo(orderSized.AsSpan(1));
        p1363.AsSpan(20).CopyTo(orderSized.AsSpan(22));
        Assert.True(wide.VerifyData(hash, orderSized, HashAlgorithmName.SHA256));
        byte[] der = wide.SignData(hash, HashAlgorithmName.SHA256, DSASignatureFormat.Rfc3279DerSequence);
        Assert.True(wide.VerifyData(hash, der, HashAlgorithmName.SHA256, DSASignatureFormat.Rfc3279DerSequence));
    }

    [Theory]
    [MemberData(nameof(Flavours))]
    public void NamedCurvesAreFoundByEveryName(Implementation<PrimeEcdsa> implementation)
    {
        var names = new Dictionary<string, string>
        {
            ["nistP192"] = "1.2.840.10045.3.1.1", ["prime192v1"] = "1.2.840.10045.3.1.1", ["secp192r1"] = "1.2.840.10045.3.1.1",
            ["nistP224"] = "1.3.132.0.33", ["secp224r1"] = "1.3.132.0.33",
            ["nistP256"] = "1.2.840.10045.3.1.7", ["prime256v1"] = "1.2.840.10045.3.1.7", ["secp256r1"] = "1.2.840.10045.3.1.7", ["ECDSA_P256"] = "1.2.840.10045.3.1.7",
            ["nistP384"] = "1.3.132.0.34", ["secp384r1"] = "1.3.132.0.34", ["ECDSA_P384"] = "1.3.132.0.34",
            ["nistP521"] = "1.3.132.0.35", ["secp521r1"] = "1.3.132.0.35", ["ECDH_P521"] = "1.3.132.0.35",
            ["secp256k1"] = "1.3.132.0.10", ["brainpoolP256r1"] = "1.3.36.3.3.2.8.1.1.7",
            ["brainpoolP384r1"] = "1.3.36.3.3.2.8.1.1.11", ["brainpoolP512r1"] = "1.3.36.3.3.2.8.1.1.13",
        };
        foreach (KeyValuePair<string, string> pair in names)
        {
            using PrimeEcdsa ours = implementation.Create();
            ours.GenerateKey(ECCurve.CreateFromOid(new Oid(null, pair.Key)));
            Assert.Equal(pair.Value, ours.ExportParameters(false).Curve.Oid.Value);
        }

        using PrimeEcdsa byKeySize = implementation.Create();
        Assert.Equal(521, byKeySize.KeySize);
        Assert.Equal("1.3.132.0.35", byKeySize.ExportParameters(false).Curve.Oid.Value);
        byKeySize.KeySize = 256;
        Assert.Equal("1.2.840.10045.3.1.7", byKeySize.ExportParameters(false).Curve.Oid.Value);
        Assert.Throws<CryptographicException>(() => byKeySize.KeySize = 300);
        Assert.Equal(256, byKeySize.KeySize);
        Assert.Equal(256, PrimeEcdsa.Create(ECCurve.NamedCurves.nistP256).KeySize);
    }

    [Theory]
    [MemberData(nameof(Flavours))]
    public void DeterministicNoncesFollowRfc6979AndRandomNoncesDiffer(Implementation<PrimeEcdsa> implementation)
    {
        using PrimeEcdsa ours = implementation.Create();
        ours.GenerateKey(ECCurve.NamedCurves.nistP256);
        byte[] hash = SHA256.HashData(new byte[] { 7 });
        Assert.NotEqual(ours.SignHash(hash), ours.SignHash(hash));
        byte[] rfc = ours.SignHashDeterministic(hash, HashAlgorithmName.SHA256);
        Assert.Equal(rfc, ours.SignHashDeterministic(hash, HashAlgorithmName.SHA256));
        ours.DeterministicNonces = true;
        Assert.Equal(rfc, ours.SignHash(hash));
        Assert.Equal(rfc, ours.SignData(new byte[] { 7 }, HashAlgorithmName.SHA256));
        Assert.Equal(rfc, ours.SignDataDeterministic(new byte[] { 7 }, HashAlgorithmName.SHA256));
        Assert.NotEqual(rfc, ours.SignHashDeterministic(hash, HashAlgorithmName.SHA512));
        Assert.True(ours.VerifyHash(hash, ours.SignHashDeterministic(hash, HashAlgorithmName.SHA256, DSASignatureFormat.Rfc3279DerSequence), DSASignatureFormat.Rfc3279DerSequence));
        Assert.ThrowsAny<CryptographicException>(() => ours.SignHashDeterministic(hash, new HashAlgorithmName("MD4")));
    }

    [Theory]
    [MemberData(nameof(Flavours))]
    public void SignaturesWithROrSOutsideTheRangeDoNotVerify(Implementation<PrimeEcdsa> implementation)
    {
        using PrimeEcdsa ours = implementation.Create();
        ours.GenerateKey(ECCurve.NamedCurves.nistP256);
        CurveParameters curve = CurveParameters.P256;
        BigInteger n = CurveParameters.ToInteger(curve.N);
        byte[] hash = SHA256.HashData(new byte[] { 9 });
        byte[] good = ours.SignHash(hash);
        Assert.True(ours.VerifyHash(hash, good));
        byte[] r = good[..32], s = good[32..];
        foreach (BigInteger bad in new[] { BigInteger.Zero, n, n + 1, (BigInteger.One << 256) - 1 })
        {
            byte[] badBytes = EcArithmeticTests.Fixed(bad, 32);
            Assert.False(ours.VerifyHash(hash, Cat(badBytes, s)));
            Assert.False(ours.VerifyHash(hash, Cat(r, badBytes)));
        }

        // Adding n to s is the classic malleability bug in implementations that reduce before checking the range.
        BigInteger sPlusN = CurveParameters.ToInteger(s) + n;
        if (sPlusN < BigInteger.One << 256)
        {
            Assert.False(ours.VerifyHash(hash, Cat(r, EcArithmeticTests.Fixed(sPlusN, 32))));
        }

        Assert.False(ours.VerifyHash(hash, good[..63]));
        Assert.False(ours.VerifyHash(hash, Cat(good, new byte[1])));
        Assert.False(ours.VerifyHash(hash, new byte[64]));
        byte[] flipped = (byte[])hash.Clone();
        flipped[31] ^= 1;
        Assert.False(ours.VerifyHash(flipped, good));
        byte[] der = ours.SignHash(hash, DSASignatureFormat.Rfc3279DerSequence);
        Assert.False(ours.VerifyHash(hash, Cat(der, new byte[1]), DSASignatureFormat.Rfc3279DerSequence));
        Assert.False(ours.VerifyHash(hash, good, DSASignatureFormat.Rfc3279DerSequence));
        Assert.False(ours.TrySignHash(hash, new byte[63], out int written));
        Assert.Equal(0, written);
        Assert.True(ours.TrySignHash(hash, new byte[64], out written));
        Assert.Equal(64, written);
    }

    [Theory]
    [MemberData(nameof(Flavours))]
    public void BadKeysAndArgumentsAreRejected(Implementation<PrimeEcdsa> implementation)
    {
        CurveParameters curve = CurveParameters.P256;
        BigInteger n = CurveParameters.ToInteger(curve.N);
        BigInteger p = CurveParameters.ToInteger(curve.P);
        using PrimeEcdsa ours = implementation.Create();
        ours.GenerateKey(ECCurve.NamedCurves.nistP256);
        ECParameters good = ours.ExportParameters(true);

        void Rejects<T>(ECParameters parameters)
            where T : Exception
        {
            using PrimeEcdsa e = implementation.Create();
            Assert.Throws<T>(() => e.ImportParameters(parameters));
        }

        ECParameters With(byte[]? d, byte[]? x, byte[]? y, ECCurve? c = null) =>
            new() { Curve = c ?? good.Curve, D = d, Q = new ECPoint { X = x, Y = y } };

        byte[] yPlus1 = EcArithmeticTests.Fixed((CurveParameters.ToInteger(good.Q.Y!) + 1) % p, 32);
        Rejects<CryptographicException>(With(null, good.Q.X, yPlus1));                                         // not on the curve
        Rejects<CryptographicException>(With(null, EcArithmeticTests.Fixed(p, 32), good.Q.Y));                  // x = p
        Rejects<CryptographicException>(With(null, good.Q.X, EcArithmeticTests.Fixed(p + 1, 32)));              // y > p
        Rejects<CryptographicException>(With(null, good.Q.X![1..], good.Q.Y![1..]));                          // wrong length
        Rejects<CryptographicException>(With(null, good.Q.X, null));
        Rejects<CryptographicException>(With(null, null, null));
        Rejects<CryptographicException>(With(new byte[32], null, null));                                        // d = 0
        Rejects<CryptographicException>(With(EcArithmeticTests.Fixed(n, 32), null, null));                      // d = n
        Rejects<CryptographicException>(With(EcArithmeticTests.Fixed(n + 1, 32), null, null));
        Rejects<CryptographicException>(With(EcArithmeticTests.Fixed(1, 32), good.Q.X, good.Q.Y));             // d does not match Q
        Rejects<PlatformNotSupportedException>(With(good.D, null, null, ECCurve.CreateFromValue("1.3.132.0.1")));
        Rejects<PlatformNotSupportedException>(With(good.D, null, null, ECCurve.CreateFromFriendlyName("sect163k1")));

        // n - 1 and 1 are fine private keys; d = n - 1 gives -G.
        using (PrimeEcdsa e = implementation.Create())
        {
            e.ImportParameters(With(EcArithmeticTests.Fixed(n - 1, 32), null, null));
            Assert.Equal(curve.Gx, e.ExportParameters(false).Q.X);
            Assert.Equal(EcArithmeticTests.Fixed(p - CurveParameters.ToInteger(curve.Gy), 32), e.ExportParameters(false).Q.Y);
        }

        using (PrimeEcdsa e = implementation.Create())
        {
            e.ImportParameters(With(null, good.Q.X, good.Q.Y));
            Assert.Throws<CryptographicException>(() => e.ExportParameters(true));
            Assert.Throws<CryptographicException>(() => e.SignHash(new byte[32]));
        }

        Assert.Throws<ArgumentNullException>(() => ours.SignHash(null!));
        Assert.Throws<ArgumentNullException>(() => ours.VerifyHash(null!, new byte[64]));
        Assert.Throws<ArgumentNullException>(() => ours.VerifyHash(new byte[32], null!));
        Assert.Throws<ArgumentOutOfRangeException>(() => ours.SignHash(new byte[32], (DSASignatureFormat)7));
        Assert.ThrowsAny<CryptographicException>(() => ours.SignData(new byte[1], new HashAlgorithmName("MD4")));
        ours.Dispose();
        Assert.Throws<ObjectDisposedException>(() => ours.SignHash(new byte[32]));
    }

    [Theory]
    [MemberData(nameof(Flavours))]
    public void Sha224AndSha3HashDataWork(Implementation<PrimeEcdsa> implementation)
    {
        using PrimeEcdsa ours = implementation.Create();
        ours.GenerateKey(ECCurve.NamedCurves.nistP256);
        byte[] data = System.Text.Encoding.ASCII.GetBytes("abc");

        // Our SHA-224 (which .NET lacks) against BouncyCastle's over every length around the padding boundaries.
        Random random = new(224);
        for (int length = 0; length < 200; length++)
        {
            byte[] message = new byte[length];
            random.NextBytes(message);
            Org.BouncyCastle.Crypto.Digests.Sha224Digest reference = new();
            reference.BlockUpdate(message, 0, length);
            byte[] expected = new byte[28];
            reference.DoFinal(expected, 0);
            Assert.Equal(expected, EcHash.Compute(EcHash.Sha224Name, message, 0, length));
        }

        foreach (HashAlgorithmName hash in new[] { new HashAlgorithmName("SHA224"), HashAlgorithmName.SHA3_256 })
        {
            if (hash == HashAlgorithmName.SHA3_256 && !SHA3_256.IsSupported)
            {
                continue;
            }

            Assert.True(ours.VerifyData(data, ours.SignData(data, hash), hash));
        }
    }

    private static byte[] Cat(byte[] a, byte[] b) => Vectors.Ec.EcBytes.Concat(a, b);

    private static bool BuiltInSupports(string oid)
    {
        try
        {
            using ECDsa e = ECDsa.Create(ECCurve.CreateFromValue(oid));
            return true;
        }
        catch (PlatformNotSupportedException)
        {
            return false;
        }
        catch (CryptographicException)
        {
            return false;
        }
    }
}

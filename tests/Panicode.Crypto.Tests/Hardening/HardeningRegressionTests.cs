using System;
using System.Collections.Generic;
using System.Linq;
using System.Numerics;
using System.Security.Cryptography;
using Panicode.Crypto.Ec;
using Panicode.Crypto.Tests.Infrastructure;

namespace Panicode.Crypto.Tests.Hardening;

/// <summary>
/// Bad input from outside that once got a wrong answer, a wrong exception or minutes of work: oversized and weak
/// explicit curves, a peer on another curve, huge hashes and buffers, and objects used after Dispose.
/// </summary>
public sealed class HardeningRegressionTests
{
    public static TheoryData<Implementation<PrimeEcdsa>> EcdsaFlavours => Implementations.ToTheoryData(Implementations.Ecdsa);

    public static TheoryData<Implementation<PrimeEcdh>> EcdhFlavours => Implementations.ToTheoryData(Implementations.Ecdh);

    /// <summary>A field of more than 661 bits (OpenSSL's cap too) is refused before any arithmetic.</summary>
    [Theory]
    [InlineData(1279)]    // 2^1279 - 1 and 2^9689 - 1 are Mersenne primes, so only the size is wrong
    [InlineData(9689)]
    public void ExplicitCurveOverAFieldAboveTheCapIsRejected(int mersenneExponent)
    {
        BigInteger p = BigInteger.Pow(2, mersenneExponent) - 1;
        ECCurve curve = CurveThrough(p, p, cofactor: 1);
        Assert.Throws<CryptographicException>(() => CurveParameters.FromECCurve(curve));
        using PrimeEcdsa ecdsa = PrimeEcdsa.Create();
        Assert.Throws<CryptographicException>(() => ecdsa.ImportParameters(new ECParameters { Curve = curve, D = new byte[] { 1 } }));
    }

    /// <summary>
    /// An anomalous curve (#E = n = p) is refused: Smart, "The discrete logarithm problem on elliptic curves of trace
    /// one" (J. Cryptology 1999) solves its discrete logarithms in polynomial time. 2^607 - 1 is prime.
    /// </summary>
    [Fact]
    public void AnomalousExplicitCurveIsRejected()
    {
        BigInteger p = BigInteger.Pow(2, 607) - 1;
        CryptographicException e = Assert.Throws<CryptographicException>(() => CurveParameters.FromECCurve(CurveThrough(p, p, cofactor: 1)));
        Assert.Contains("anomalous", e.Message);
    }

    /// <summary>
    /// 3317044064679887385961981 = 1287836182261 x 2575672364521 is a strong pseudoprime to every prime base up to 37
    /// (Sorenson and Webster, "Strong pseudoprimes to twelve prime bases", Math. Comp. 2017): a fixed-base test over
    /// those bases calls it prime; Miller-Rabin with random bases does not.
    /// </summary>
    [Fact]
    public void StrongPseudoprimeToTheFirstTwelvePrimeBasesIsComposite()
    {
        BigInteger psi12 = BigInteger.Parse("3317044064679887385961981", System.Globalization.CultureInfo.InvariantCulture);
        Assert.Equal(psi12, BigInteger.Parse("1287836182261", System.Globalization.CultureInfo.InvariantCulture) * BigInteger.Parse("2575672364521", System.Globalization.CultureInfo.InvariantCulture));
        Assert.False(CurveParameters.IsProbablePrime(psi12));
        Assert.True(CurveParameters.IsProbablePrime(BigInteger.Pow(2, 521) - 1));
    }

    /// <summary>
    /// A supersingular curve y^2 = x^3 + x over p = 3 (mod 4) has p + 1 points, so its embedding degree is 2 and the
    /// MOV reduction (Menezes, Okamoto, Vanstone, IEEE Trans. Inf. Theory 1993) moves its logarithms into GF(p^2).
    /// A genuine such curve with a generator of prime order q = (p + 1) / 4 is built here and must be refused.
    /// </summary>
    [Fact]
    public void ExplicitCurveOfSmallEmbeddingDegreeIsRejected()
    {
        (BigInteger p, BigInteger q) = SupersingularPrimes(new Random(5));
        BigInteger x = 2;
        BigInteger y;
        while (true)
        {
            BigInteger rhs = ((x * x * x) + x) % p;
            y = BigInteger.ModPow(rhs, (p + 1) / 4, p);
            if ((y * y) % p == rhs && !rhs.IsZero)
            {
                break;
            }

            x++;
        }

        // G = 4 (x, y) has order q (the curve has 4q points and G is not the point at infinity for this x).
        (BigInteger gx, BigInteger gy) = Double(Double((x, y), p), p);
        ECCurve curve = Explicit(p, a: 1, b: 0, gx, gy, q, cofactor: 4);
        CryptographicException e = Assert.Throws<CryptographicException>(() => CurveParameters.FromECCurve(curve));
        Assert.Contains("embedding degree", e.Message);
    }

    /// <summary>
    /// A curve that passes the cheap checks but whose G does not have the stated order (P-256 with n replaced by the
    /// next prime, still within Hasse's bound) is refused by the group at import; the refusal is remembered, so the
    /// same parameters are refused at once afterwards instead of being validated again.
    /// </summary>
    [Fact]
    public void ExplicitCurveRefusedByTheGroupIsRememberedAsRefused()
    {
        using ECDsa p256 = ECDsa.Create(ECCurve.NamedCurves.nistP256);
        ECParameters key = p256.ExportExplicitParameters(false);
        BigInteger n = new(key.Curve.Order, isUnsigned: true, isBigEndian: true);
        BigInteger next = n + 2;
        while (!CurveParameters.IsProbablePrime(next))
        {
            next += 2;
        }

        key.Curve.Order = next.ToByteArray(isUnsigned: true, isBigEndian: true);
        Assert.NotNull(CurveParameters.FromECCurve(key.Curve));
        using PrimeEcdsa ours = PrimeEcdsa.Create();
        Assert.Throws<CryptographicException>(() => ours.ImportParameters(key));
        Assert.Throws<CryptographicException>(() => CurveParameters.FromECCurve(key.Curve));
    }

    /// <summary>
    /// The peer's curve is compared with ours before it is validated: a peer on a different (here huge and bogus)
    /// curve gets ArgumentException at once, as the built-in ECDiffieHellman reports a key on another curve.
    /// </summary>
    [Theory]
    [MemberData(nameof(EcdhFlavours))]
    public void PeerOnAnotherCurveIsRejectedBeforeItsCurveIsValidated(Implementation<PrimeEcdh> flavour)
    {
        using PrimeEcdh ours = flavour.Create();
        ours.GenerateKey(ECCurve.NamedCurves.nistP256);
        BigInteger p = BigInteger.Pow(2, 4423) - 1;
        ECCurve curve = CurveThrough(p, p - 2, cofactor: 1);
        var peer = new ExplicitPeerKey(new ECParameters { Curve = curve, Q = curve.G });
        Assert.Throws<ArgumentException>("otherPartyPublicKey", () => ours.DeriveRawSecretAgreement(peer));
    }

    /// <summary>A peer whose curve equals ours, given explicitly, is accepted (the comparison is by value).</summary>
    [Theory]
    [MemberData(nameof(EcdhFlavours))]
    public void PeerOnOurCurveGivenExplicitlyIsAccepted(Implementation<PrimeEcdh> flavour)
    {
        using PrimeEcdh ours = flavour.Create();
        ours.GenerateKey(ECCurve.NamedCurves.nistP256);
        using ECDiffieHellman other = ECDiffieHellman.Create(ECCurve.NamedCurves.nistP256);
        var peer = new ExplicitPeerKey(other.ExportExplicitParameters(false));
        Assert.Equal(other.DeriveRawSecretAgreement(ours.PublicKey), ours.DeriveRawSecretAgreement(peer));
    }

    /// <summary>
    /// A hash of 2^28 bytes (2^31 bits: input.Length * 8 overflows an int) is truncated to the order's length and
    /// signed, as the built-in ECDsa does (SEC 1 v2 §4.1.3 step 5).
    /// </summary>
    [Theory]
    [MemberData(nameof(EcdsaFlavours))]
    public void HugeHashIsTruncatedAndSigned(Implementation<PrimeEcdsa> flavour)
    {
        using PrimeEcdsa ours = flavour.Create();
        ours.GenerateKey(ECCurve.NamedCurves.nistP256);
        byte[] hash = new byte[1 << 28];
        new Random(3).NextBytes(hash.AsSpan(0, 64));
        byte[] signature = ours.SignHash(hash);
        using ECDsa builtIn = ECDsa.Create(ours.ExportParameters(false));
        Assert.True(builtIn.VerifyHash(hash.AsSpan(0, 32), signature));
        Assert.True(ours.VerifyHash(hash, signature));
    }

    /// <summary>
    /// Held-back data plus a final block near Array.MaxLength used to overflow the int sum into OverflowException; the
    /// message is simply too large to allocate, which .NET reports as OutOfMemoryException (as the built-in Aes does
    /// for an input whose padded length passes Array.MaxLength).
    /// </summary>
    [Fact]
    public void FinalBlockNearArrayMaxLengthDoesNotOverflow()
    {
        using RijndaelCipher rijndael = RijndaelCipher.Create();
        rijndael.BlockSize = 256;
        rijndael.Mode = CipherMode.CTS;
        using ICryptoTransform encryptor = rijndael.CreateEncryptor();
        encryptor.TransformBlock(new byte[64], 0, 64, new byte[64], 0);   // CTS holds back the last two blocks
        byte[] huge = GC.AllocateUninitializedArray<byte>(Array.MaxLength);
        Assert.Throws<OutOfMemoryException>(() => encryptor.TransformFinalBlock(huge, 0, huge.Length));
    }

    [Theory]
    [MemberData(nameof(EcdsaFlavours))]
    public void DisposedEcdsaStaysDisposed(Implementation<PrimeEcdsa> flavour)
    {
        PrimeEcdsa ours = flavour.Create();
        ours.GenerateKey(ECCurve.NamedCurves.nistP256);
        ECParameters key = ours.ExportParameters(true);
        byte[] hash = new byte[32];
        byte[] signature = ours.SignHash(hash);
        ours.Dispose();
        Assert.Throws<ObjectDisposedException>(() => ours.ImportParameters(key));
        Assert.Throws<ObjectDisposedException>(() => ours.GenerateKey(ECCurve.NamedCurves.nistP256));
        Assert.Throws<ObjectDisposedException>(() => ours.SignHash(hash));
        Assert.Throws<ObjectDisposedException>(() => ours.VerifyHash(hash, signature));
        Assert.Throws<ObjectDisposedException>(() => ours.ExportParameters(false));
        Assert.Throws<ObjectDisposedException>(() => ours.ExportExplicitParameters(true));

        // Still disposed after the failed attempts to bring it back.
        Assert.Throws<ObjectDisposedException>(() => ours.SignHash(hash));
    }

    [Theory]
    [MemberData(nameof(EcdhFlavours))]
    public void DisposedEcdhAndItsPublicKeyStayDisposed(Implementation<PrimeEcdh> flavour)
    {
        using ECDiffieHellman other = ECDiffieHellman.Create(ECCurve.NamedCurves.nistP256);
        using PrimeEcdh alive = flavour.Create();
        alive.GenerateKey(ECCurve.NamedCurves.nistP256);
        PrimeEcdh ours = flavour.Create();
        ours.GenerateKey(ECCurve.NamedCurves.nistP256);
        ECParameters key = ours.ExportParameters(true);
        ECDiffieHellmanPublicKey publicKey = ours.PublicKey;
        ours.Dispose();
        Assert.Throws<ObjectDisposedException>(() => ours.ImportParameters(key));
        Assert.Throws<ObjectDisposedException>(() => ours.GenerateKey(ECCurve.NamedCurves.nistP256));
        Assert.Throws<ObjectDisposedException>(() => ours.DeriveRawSecretAgreement(other.PublicKey));
        Assert.Throws<ObjectDisposedException>(() => ours.ExportParameters(false));

        Assert.NotNull(alive.DeriveRawSecretAgreement(publicKey));
        publicKey.Dispose();
        Assert.Throws<ObjectDisposedException>(() => publicKey.ExportParameters());
        Assert.Throws<ObjectDisposedException>(() => publicKey.ExportExplicitParameters());
        Assert.Throws<ObjectDisposedException>(() => alive.DeriveRawSecretAgreement(publicKey));
    }

    /// <summary>
    /// A disposed EC object refuses every import before reading its input, as the BCL does: a wrong password on an
    /// encrypted PKCS#8 key, or input that is not a key at all, gives ObjectDisposedException, not the error the input
    /// would otherwise give (once, the password was tried first). The same for SignData/VerifyData and DeriveKeyTls.
    /// </summary>
    [Theory]
    [MemberData(nameof(EcdsaFlavours))]
    public void DisposedEcdsaRefusesImportsBeforeReadingThem(Implementation<PrimeEcdsa> flavour)
    {
        PrimeEcdsa ours = flavour.Create();
        ours.Dispose();
        DisposedRefusesImports(ours, (k, s) => EcKeyFormats.ImportPkcs8PrivateKey(k, s, out _), (k, s) => EcKeyFormats.ImportSubjectPublicKeyInfo(k, s, out _), (k, s) => EcKeyFormats.ImportECPrivateKey(k, s, out _), (k, s) => EcKeyFormats.ImportFromPem(k, s));
        Assert.Throws<ObjectDisposedException>(() => ours.SignData(new byte[100], HashAlgorithmName.SHA256));
        Assert.Throws<ObjectDisposedException>(() => ours.VerifyData(new byte[100], new byte[64], HashAlgorithmName.SHA256));
        Assert.Throws<ObjectDisposedException>(() => ours.SignData(new System.IO.MemoryStream(new byte[100]), HashAlgorithmName.SHA256));
    }

    /// <inheritdoc cref="DisposedEcdsaRefusesImportsBeforeReadingThem"/>
    [Theory]
    [MemberData(nameof(EcdhFlavours))]
    public void DisposedEcdhRefusesImportsBeforeReadingThem(Implementation<PrimeEcdh> flavour)
    {
        using ECDiffieHellman other = ECDiffieHellman.Create(ECCurve.NamedCurves.nistP256);
        PrimeEcdh ours = flavour.Create();
        ours.Dispose();
        DisposedRefusesImports(ours, (k, s) => EcKeyFormats.ImportPkcs8PrivateKey(k, s, out _), (k, s) => EcKeyFormats.ImportSubjectPublicKeyInfo(k, s, out _), (k, s) => EcKeyFormats.ImportECPrivateKey(k, s, out _), (k, s) => EcKeyFormats.ImportFromPem(k, s));
        Assert.Throws<ObjectDisposedException>(() => ours.DeriveKeyTls(other.PublicKey, new byte[4], new byte[7]));   // the seed must be 64 bytes
    }

    /// <summary>
    /// An explicit curve's Seed and Hash (ANSI X9.62's verifiably random generation) come back as they were imported,
    /// from ExportParameters and ExportExplicitParameters (and an ECDH object's PublicKey); another object importing
    /// the same parameters with another seed, or none, gets its own.
    /// </summary>
    [Fact]
    public void ExplicitCurveSeedAndHashAreKeptThroughImportAndExport()
    {
        using ECDsa source = ECDsa.Create(ECCurve.NamedCurves.nistP256);
        ECParameters explicitKey = source.ExportExplicitParameters(true);
        byte[] seed = ConcurrencyTests.Bytes(20, 7);
        foreach (Func<AsymmetricAlgorithm> create in new Func<AsymmetricAlgorithm>[] { PrimeEcdsa.Create, PrimeEcdh.Create, Panicode.Crypto.Unsafe.UnsafeCrypto.CreateEcdsa, Panicode.Crypto.Unsafe.UnsafeCrypto.CreateEcdh })
        {
            ECParameters withSeed = explicitKey;
            withSeed.Curve.Seed = (byte[])seed.Clone();
            withSeed.Curve.Hash = HashAlgorithmName.SHA1;
            ECParameters withoutSeed = explicitKey;
            withoutSeed.Curve.Seed = null;
            withoutSeed.Curve.Hash = null;
            using AsymmetricAlgorithm seeded = create();
            using AsymmetricAlgorithm unseeded = create();
            Import(seeded, withSeed);
            Import(unseeded, withoutSeed);
            foreach (ECParameters exported in Exports(seeded))
            {
                Assert.False(exported.Curve.IsNamed);
                Assert.Equal(seed, exported.Curve.Seed);
                Assert.Equal(HashAlgorithmName.SHA1, exported.Curve.Hash);
            }

            foreach (ECParameters exported in Exports(unseeded))
            {
                Assert.Null(exported.Curve.Seed);
                Assert.Null(exported.Curve.Hash);
            }
        }
    }

    /// <summary>
    /// CFB8 decryption accepts PKCS7, ANSI X9.23 and ISO 10126 padding of up to a full block, as the built-in Aes
    /// does (.NET Framework's AesCryptoServiceProvider pads that way), besides the one-byte padding of the feedback
    /// unit that encryption writes (RijndaelManaged's); Zeros is never removed. Compared with the built-in on
    /// hand-made tails, through the one-shot and a transform.
    /// </summary>
    [Theory]
    [MemberData(nameof(RijndaelFlavours))]
    public void Cfb8DepaddingMatchesTheBuiltInAes(Implementation<SymmetricAlgorithm> flavour)
    {
        using SymmetricAlgorithm ours = flavour.Create();
        using Aes builtIn = Aes.Create();
        ours.Key = builtIn.Key = ConcurrencyTests.Bytes(16, 21);
        byte[] iv = ConcurrencyTests.Bytes(16, 22);
        byte[] data = { 1, 2, 3, 4, 5 };
        byte[][] tails =
        {
            Concat(data, Repeat(1, 1)), Concat(data, Repeat(11, 11)), Repeat(16, 16), Concat(data, Repeat(16, 16)),
            Concat(new byte[] { 9 }, Repeat(17, 17)), Concat(data, Repeat(2, 2)), Concat(data, Repeat(0, 10), Repeat(11, 1)),
            Concat(data, Repeat(7, 10), Repeat(11, 1)), Concat(data, Repeat(0, 1)), Repeat(12, 12), Concat(data, Repeat(3, 1), Repeat(11, 10)),
            Concat(Repeat(1, 20), Repeat(20, 20)), Repeat(16, 3), Concat(data, Repeat(0, 15), Repeat(16, 1)),
        };
        var failures = new List<string>();
        foreach (byte[] plain in tails)
        {
            byte[] ciphertext = builtIn.EncryptCfb(plain, iv, PaddingMode.None, 8);
            foreach (PaddingMode padding in new[] { PaddingMode.PKCS7, PaddingMode.ANSIX923, PaddingMode.ISO10126, PaddingMode.Zeros })
            {
                string expected = Outcome(() => builtIn.DecryptCfb(ciphertext, iv, padding, 8), builtIn: true);
                string oneShot = Outcome(() => ours.DecryptCfb(ciphertext, iv, padding, 8), builtIn: false);
                ours.Mode = CipherMode.CFB;
                ours.FeedbackSize = 8;
                ours.Padding = padding;
                ours.IV = iv;
                string transform = Outcome(() =>
                {
                    using ICryptoTransform decryptor = ours.CreateDecryptor();
                    byte[] head = new byte[ciphertext.Length];
                    int written = decryptor.TransformBlock(ciphertext, 0, ciphertext.Length - 1, head, 0);
                    byte[] last = decryptor.TransformFinalBlock(ciphertext, ciphertext.Length - 1, 1);
                    return Concat(head.AsSpan(0, written).ToArray(), last);
                }, builtIn: false);
                foreach ((string how, string actual) in new[] { ("one-shot", oneShot), ("transform", transform) })
                {
                    if (actual != expected)
                    {
                        failures.Add($"{Convert.ToHexString(plain)} {padding} {how}: built-in {expected}, ours {actual}");
                    }
                }
            }
        }

        Assert.True(failures.Count == 0, string.Join("\n", failures));
    }

    /// <summary>
    /// Every block cipher, every CFB feedback size below the block: data padded with PKCS7 to a full block decrypts
    /// (the feedback unit need not divide the block), and encryption still pads to the unit.
    /// </summary>
    [Theory]
    [MemberData(nameof(BlockCiphers))]
    public void CfbDecryptionRemovesPaddingOfAFullBlock(Implementation<SymmetricAlgorithm> flavour)
    {
        using SymmetricAlgorithm ours = flavour.Create();
        ours.Key = ConcurrencyTests.Bytes(16, 31);
        int bs = ours.BlockSize / 8;
        byte[] iv = ConcurrencyTests.Bytes(bs, 32);
        for (int unit = 1; unit < bs; unit++)
        {
            // A full block of padding; the data's length makes the message a whole number of units.
            int dataLength = (2 * unit) + ((unit - (bs % unit)) % unit);
            byte[] data = ConcurrencyTests.Bytes(dataLength, unit);
            byte[] padded = Concat(data, Repeat(bs, bs));
            Assert.Equal(0, padded.Length % unit);
            byte[] ciphertext = ours.EncryptCfb(padded, iv, PaddingMode.None, 8 * unit);
            Assert.Equal(data, ours.DecryptCfb(ciphertext, iv, PaddingMode.PKCS7, 8 * unit));
            Assert.Equal(data.Length + unit - (data.Length % unit), ours.EncryptCfb(data, iv, PaddingMode.PKCS7, 8 * unit).Length);
        }
    }

    public static TheoryData<Implementation<SymmetricAlgorithm>> RijndaelFlavours => Implementations.RijndaelData;

    public static TheoryData<Implementation<SymmetricAlgorithm>> BlockCiphers => Implementations.BlockCipherData;

    private static void DisposedRefusesImports<T>(T ours, Action<T, byte[]> pkcs8, Action<T, byte[]> spki, Action<T, byte[]> ecPrivate, Action<T, string> pem)
        where T : AsymmetricAlgorithm
    {
        using ECDsa source = ECDsa.Create(ECCurve.NamedCurves.nistP256);
        var pbe = new PbeParameters(PbeEncryptionAlgorithm.Aes128Cbc, HashAlgorithmName.SHA256, 1000);
        byte[] encrypted = source.ExportEncryptedPkcs8PrivateKey("right", pbe);
        string encryptedPem = source.ExportEncryptedPkcs8PrivateKeyPem("right", pbe);
        byte[] garbage = { 0x30, 0x03, 0x02, 0x01, 0x00 };
        Assert.Throws<ObjectDisposedException>(() => ours.ImportEncryptedPkcs8PrivateKey("wrong", encrypted, out _));
        Assert.Throws<ObjectDisposedException>(() => ours.ImportEncryptedPkcs8PrivateKey("wrong"u8, encrypted, out _));
        Assert.Throws<ObjectDisposedException>(() => ours.ImportEncryptedPkcs8PrivateKey("right", encrypted, out _));
        Assert.Throws<ObjectDisposedException>(() => ours.ImportFromEncryptedPem(encryptedPem, "wrong"));
        Assert.Throws<ObjectDisposedException>(() => ours.ImportFromEncryptedPem(encryptedPem, "wrong"u8));
        Assert.Throws<ObjectDisposedException>(() => ours.ImportPkcs8PrivateKey(garbage, out _));
        Assert.Throws<ObjectDisposedException>(() => ours.ImportSubjectPublicKeyInfo(garbage, out _));
        Assert.Throws<ObjectDisposedException>(() => ((ECAlgorithm)(AsymmetricAlgorithm)ours).ImportECPrivateKey(garbage, out _));
        Assert.Throws<ObjectDisposedException>(() => ours.ImportFromPem("no PEM here"));
        Assert.Throws<ObjectDisposedException>(() => ours.ExportEncryptedPkcs8PrivateKey("pw", pbe));

        // The netstandard2.0 import methods (EcKeyFormats), called directly.
        Assert.Throws<ObjectDisposedException>(() => pkcs8(ours, garbage));
        Assert.Throws<ObjectDisposedException>(() => spki(ours, garbage));
        Assert.Throws<ObjectDisposedException>(() => ecPrivate(ours, garbage));
        Assert.Throws<ObjectDisposedException>(() => pem(ours, "no PEM here"));
    }

    private static void Import(AsymmetricAlgorithm key, ECParameters parameters)
    {
        if (key is ECAlgorithm ec)
        {
            ec.ImportParameters(parameters);
        }
    }

    private static IEnumerable<ECParameters> Exports(AsymmetricAlgorithm key)
    {
        var ec = (ECAlgorithm)key;
        yield return ec.ExportParameters(false);
        yield return ec.ExportParameters(true);
        yield return ec.ExportExplicitParameters(false);
        if (key is ECDiffieHellman ecdh)
        {
            using ECDiffieHellmanPublicKey publicKey = ecdh.PublicKey;
            yield return publicKey.ExportParameters();
            yield return publicKey.ExportExplicitParameters();
        }
    }

    private static string Outcome(Func<byte[]> decrypt, bool builtIn)
    {
        try
        {
            return Convert.ToHexString(decrypt());
        }
        catch (CryptographicException)
        {
            return "rejected";
        }
        catch (Exception e) when (builtIn && e is IndexOutOfRangeException or ArgumentOutOfRangeException)
        {
            // The built-in Aes (on OpenSSL) fails this way when the pad value is longer than the message; ours throws
            // CryptographicException, as for any other bad padding.
            return "rejected";
        }
    }

    private static byte[] Repeat(int value, int count) => Enumerable.Repeat((byte)value, count).ToArray();

    private static byte[] Concat(params byte[][] parts) => parts.SelectMany(p => p).ToArray();

    /// <summary>A curve over GF(p) with the given order and cofactor through a point G chosen on it (b is solved for).</summary>
    internal static ECCurve CurveThrough(BigInteger p, BigInteger n, int cofactor)
    {
        BigInteger a = 3;
        BigInteger gx = 5;
        BigInteger gy = 7;
        BigInteger b = (((gy * gy) - (gx * gx * gx) - (a * gx)) % p + p) % p;
        return Explicit(p, a, b, gx, gy, n, cofactor);
    }

    private static ECCurve Explicit(BigInteger p, BigInteger a, BigInteger b, BigInteger gx, BigInteger gy, BigInteger n, int cofactor)
    {
        int length = p.GetByteCount(isUnsigned: true);
        return new ECCurve
        {
            CurveType = ECCurve.ECCurveType.PrimeShortWeierstrass,
            Prime = Encode(p, length),
            A = Encode(a, length),
            B = Encode(b, length),
            G = new ECPoint { X = Encode(gx, length), Y = Encode(gy, length) },
            Order = n.ToByteArray(isUnsigned: true, isBigEndian: true),
            Cofactor = new[] { (byte)cofactor },
        };
    }

    private static byte[] Encode(BigInteger value, int length)
    {
        byte[] bytes = new byte[length];
        byte[] raw = value.ToByteArray(isUnsigned: true, isBigEndian: true);
        raw.CopyTo(bytes, length - raw.Length);
        return bytes;
    }

    // Affine doubling on y^2 = x^3 + x (a = 1).
    private static (BigInteger X, BigInteger Y) Double((BigInteger X, BigInteger Y) point, BigInteger p)
    {
        BigInteger lambda = ((3 * point.X * point.X) + 1) * BigInteger.ModPow(2 * point.Y, p - 2, p) % p;
        BigInteger x = ((lambda * lambda) - (2 * point.X)) % p;
        x = (x + p) % p;
        BigInteger y = ((lambda * (point.X - x)) - point.Y) % p;
        return (x, (y + p) % p);
    }

    // q and p = 4q - 1 both prime (so p = 3 mod 4), about 160 bits, found with the library's own primality test.
    private static (BigInteger P, BigInteger Q) SupersingularPrimes(Random random)
    {
        byte[] bytes = new byte[20];
        while (true)
        {
            random.NextBytes(bytes);
            bytes[0] |= 0x80;
            bytes[^1] |= 1;
            BigInteger q = new(bytes, isUnsigned: true, isBigEndian: true);
            BigInteger p = (4 * q) - 1;
            if (CurveParameters.IsProbablePrime(q) && CurveParameters.IsProbablePrime(p))
            {
                return (p, q);
            }
        }
    }

    /// <summary>An ECDH public key of another party given as ECParameters (explicit or named).</summary>
    private sealed class ExplicitPeerKey : ECDiffieHellmanPublicKey
    {
        private readonly ECParameters _parameters;

        public ExplicitPeerKey(ECParameters parameters) => _parameters = parameters;

        public override ECParameters ExportParameters() => _parameters;

        public override ECParameters ExportExplicitParameters() => _parameters;
    }
}

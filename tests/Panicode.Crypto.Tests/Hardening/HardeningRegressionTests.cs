using System;
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

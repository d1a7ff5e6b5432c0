using System;
using System.Security.Cryptography;
using Panicode.Crypto.Ec;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Unsafe;

namespace Panicode.Crypto.Tests.Ec;

/// <summary>
/// Where PrimeEcdsa/PrimeEcdh follow the BCL's ECDsa/ECDiffieHellman contract beyond plain signing and agreement,
/// checked against the built-in classes (OpenSSL here) side by side: curve names, MD5 signatures, explicit curves
/// that stay explicit, the legacy 160-bit curves and the TLS 1.0/1.1 PRF.
/// </summary>
public class BclContractTests
{
    public static TheoryData<Implementation<PrimeEcdsa>> EcdsaFlavours() => Implementations.ToTheoryData(Implementations.Ecdsa);

    public static TheoryData<Implementation<PrimeEcdh>> EcdhFlavours() => Implementations.ToTheoryData(Implementations.Ecdh);

    public static TheoryData<string, string> NamesAndOids()
    {
        TheoryData<string, string> data = new();
        foreach (CurveParameters curve in CurveParameters.Named)
        {
            data.Add(curve.Oid!, curve.Oid!);
            foreach (string name in curve.Names)
            {
                data.Add(name, curve.Oid!);
                data.Add(name.ToUpperInvariant(), curve.Oid!);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(NamesAndOids))]
    public void CreateTakesEveryCurveNameAndOid(string nameOrOid, string expectedOid)
    {
        using PrimeEcdsa reference = PrimeEcdsa.Create(nameOrOid);
        using PrimeEcdsa fast = UnsafeCrypto.CreateEcdsa(nameOrOid);
        using PrimeEcdh referenceEcdh = PrimeEcdh.Create(nameOrOid);
        using PrimeEcdh fastEcdh = UnsafeCrypto.CreateEcdh(nameOrOid);
        foreach (AsymmetricAlgorithm algorithm in new AsymmetricAlgorithm[] { reference, fast, referenceEcdh, fastEcdh })
        {
            ECParameters parameters = algorithm is ECDsa ecdsa ? ecdsa.ExportParameters(true) : ((PrimeEcdh)algorithm).ExportParameters(true);
            Assert.True(parameters.Curve.IsNamed);
            Assert.Equal(expectedOid, parameters.Curve.Oid.Value);
            Assert.NotNull(parameters.D);
        }
    }

    [Theory]
    [InlineData("curve25519")]
    [InlineData("secp256r2")]
    [InlineData("1.3.101.110")]
    [InlineData("")]
    public void UnsupportedCurvesSayWhyInTheBclsExceptionType(string name)
    {
        PlatformNotSupportedException e = Assert.Throws<PlatformNotSupportedException>(() => PrimeEcdsa.Create(name));
        Assert.Contains("is not a supported prime curve", e.Message);
        Assert.Contains("'" + name + "'", e.Message);
        Assert.Throws<PlatformNotSupportedException>(() => UnsafeCrypto.CreateEcdh(name));
        Assert.Throws<ArgumentNullException>(() => PrimeEcdsa.Create((string)null!));
        Assert.Throws<ArgumentNullException>(() => PrimeEcdh.Create((string)null!));

        // The same text through Create(ECCurve), where the BCL says "not valid for this platform".
        if (name.Length > 0)
        {
            ECCurve curve = char.IsDigit(name[0]) ? ECCurve.CreateFromValue(name) : ECCurve.CreateFromFriendlyName(name);
            e = Assert.Throws<PlatformNotSupportedException>(() => PrimeEcdsa.Create(curve));
            Assert.Contains("is not a supported prime curve", e.Message);
        }
    }

    [Theory]
    [MemberData(nameof(EcdsaFlavours))]
    public void SignsAndVerifiesMd5LikeTheBcl(Implementation<PrimeEcdsa> implementation)
    {
        byte[] data = RandomNumberGenerator.GetBytes(100);
        using PrimeEcdsa ours = implementation.Create();
        ours.GenerateKey(ECCurve.NamedCurves.nistP256);
        using ECDsa theirs = ECDsa.Create(ours.ExportParameters(false));

        byte[] signature = ours.SignData(data, HashAlgorithmName.MD5);
        Assert.True(theirs.VerifyData(data, signature, HashAlgorithmName.MD5));
        Assert.True(ours.VerifyData(data, signature, HashAlgorithmName.MD5));
        Assert.False(ours.VerifyData(data, signature, HashAlgorithmName.SHA256));

        using ECDsa signer = ECDsa.Create(ECCurve.NamedCurves.nistP256);
        ours.ImportParameters(signer.ExportParameters(false));
        Assert.True(ours.VerifyData(data, signer.SignData(data, HashAlgorithmName.MD5), HashAlgorithmName.MD5));
    }

    [Theory]
    [MemberData(nameof(EcdsaFlavours))]
    public void ExplicitParametersStayExplicitAsInTheBcl(Implementation<PrimeEcdsa> implementation)
    {
        using ECDsa bcl = ECDsa.Create(ECCurve.NamedCurves.nistP256);
        ECParameters explicitKey = bcl.ExportExplicitParameters(true);

        using ECDsa bclCopy = ECDsa.Create(explicitKey);
        using PrimeEcdsa ours = implementation.Create();
        ours.ImportParameters(explicitKey);
        Assert.Equal(bclCopy.ExportParameters(false).Curve.IsExplicit, ours.ExportParameters(false).Curve.IsExplicit);
        Assert.True(ours.ExportParameters(false).Curve.IsExplicit);
        Assert.Equal(explicitKey.Curve.Prime, ours.ExportParameters(true).Curve.Prime);
        Assert.Equal(explicitKey.D, ours.ExportParameters(true).D);

        // Generating on an explicit curve keeps it explicit too; a named import or a KeySize change makes it named again.
        ours.GenerateKey(explicitKey.Curve);
        Assert.True(ours.ExportParameters(false).Curve.IsExplicit);
        ours.ImportParameters(bcl.ExportParameters(false));
        Assert.True(ours.ExportParameters(false).Curve.IsNamed);
        ours.ImportParameters(explicitKey);
        ours.KeySize = 384;
        Assert.True(ours.ExportParameters(false).Curve.IsNamed);

        // The signature still verifies in the BCL (the fast named-curve arithmetic is used underneath).
        ours.ImportParameters(explicitKey);
        byte[] data = { 1, 2, 3 };
        Assert.True(bcl.VerifyData(data, ours.SignData(data, HashAlgorithmName.SHA256), HashAlgorithmName.SHA256));
    }

    [Theory]
    [MemberData(nameof(EcdhFlavours))]
    public void ExplicitEcdhPublicKeysStayExplicit(Implementation<PrimeEcdh> implementation)
    {
        using ECDiffieHellman bcl = ECDiffieHellman.Create(ECCurve.NamedCurves.nistP384);
        using PrimeEcdh ours = implementation.Create();
        ours.ImportParameters(bcl.ExportExplicitParameters(true));
        Assert.True(ours.ExportParameters(false).Curve.IsExplicit);
        using ECDiffieHellmanPublicKey publicKey = ours.PublicKey;
        Assert.True(publicKey.ExportParameters().Curve.IsExplicit);
        Assert.Equal(bcl.DeriveRawSecretAgreement(publicKey), ours.DeriveRawSecretAgreement(bcl.PublicKey));
    }

    [Theory]
    [MemberData(nameof(EcdhFlavours))]
    public void DeriveKeyTlsMatchesTheBcl(Implementation<PrimeEcdh> implementation)
    {
        foreach (ECCurve curve in new[] { ECCurve.NamedCurves.nistP256, ECCurve.NamedCurves.nistP521 })
        {
            using ECDiffieHellman bcl = ECDiffieHellman.Create(curve);
            using PrimeEcdh ours = implementation.Create();
            ours.GenerateKey(curve);
            byte[] label = "master secret"u8.ToArray();
            byte[] seed = RandomNumberGenerator.GetBytes(64);
            byte[] expected = bcl.DeriveKeyTls(ours.PublicKey, label, seed);
            Assert.Equal(48, expected.Length);
            Assert.Equal(expected, ours.DeriveKeyTls(bcl.PublicKey, label, seed));
            Assert.Equal(bcl.DeriveKeyTls(ours.PublicKey, Array.Empty<byte>(), seed), ours.DeriveKeyTls(bcl.PublicKey, Array.Empty<byte>(), seed));

            Assert.Throws<CryptographicException>(() => ours.DeriveKeyTls(bcl.PublicKey, label, new byte[63]));
            Assert.Throws<CryptographicException>(() => bcl.DeriveKeyTls(ours.PublicKey, label, new byte[63]));
            Assert.Throws<ArgumentNullException>(() => ours.DeriveKeyTls(bcl.PublicKey, null!, seed));
            Assert.Throws<ArgumentNullException>(() => ours.DeriveKeyTls(bcl.PublicKey, label, null!));
        }
    }

    [Theory]
    [InlineData("brainpoolP160r1")]
    [InlineData("wap-wsg-idm-ecid-wtls7")]
    public void LegacyCurvesInteroperateWithTheBcl(string name)
    {
        byte[] data = RandomNumberGenerator.GetBytes(50);
        foreach (Implementation<PrimeEcdsa> implementation in Implementations.Ecdsa)
        {
            using PrimeEcdsa ours = implementation.Create();
            ours.GenerateKey(ECCurve.CreateFromFriendlyName(name));
            using ECDsa bcl = ECDsa.Create(ECCurve.CreateFromFriendlyName(name));
            Assert.Equal(bcl.KeySize, ours.KeySize);
            using ECDsa bclVerifier = ECDsa.Create(ours.ExportParameters(false));
            byte[] ourSignature = ours.SignData(data, HashAlgorithmName.SHA256);
            Assert.True(bclVerifier.VerifyData(data, ourSignature, HashAlgorithmName.SHA256));
            Assert.Equal(bcl.GetMaxSignatureSize(DSASignatureFormat.IeeeP1363FixedFieldConcatenation), ourSignature.Length);
            ours.ImportParameters(bcl.ExportParameters(false));
            Assert.True(ours.VerifyData(data, bcl.SignData(data, HashAlgorithmName.SHA256), HashAlgorithmName.SHA256));
            Assert.True(ours.VerifyData(data, bcl.SignData(data, HashAlgorithmName.SHA1, DSASignatureFormat.Rfc3279DerSequence), HashAlgorithmName.SHA1, DSASignatureFormat.Rfc3279DerSequence));
        }

        foreach (Implementation<PrimeEcdh> implementation in Implementations.Ecdh)
        {
            using PrimeEcdh ours = implementation.Create();
            ours.GenerateKey(ECCurve.CreateFromFriendlyName(name));
            using ECDiffieHellman bcl = ECDiffieHellman.Create(ECCurve.CreateFromFriendlyName(name));
            Assert.Equal(bcl.DeriveRawSecretAgreement(ours.PublicKey), ours.DeriveRawSecretAgreement(bcl.PublicKey));
        }
    }
}

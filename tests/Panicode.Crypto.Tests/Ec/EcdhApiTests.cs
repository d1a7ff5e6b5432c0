using System;
using System.Security.Cryptography;
using Panicode.Crypto.Ec;
using Panicode.Crypto.Tests.Infrastructure;

namespace Panicode.Crypto.Tests.Ec;

/// <summary>PrimeEcdh through the ECDiffieHellman surface: agreement with the built-in, derivations, bad peers.</summary>
public class EcdhApiTests
{
    public static TheoryData<string, Implementation<PrimeEcdh>> CurvesAndFlavours()
    {
        TheoryData<string, Implementation<PrimeEcdh>> data = new();
        foreach (CurveParameters curve in CurveParameters.Named)
        {
            foreach (Implementation<PrimeEcdh> implementation in Implementations.Ecdh)
            {
                data.Add(curve.Oid!, implementation);
            }
        }

        return data;
    }

    public static TheoryData<Implementation<PrimeEcdh>> Flavours() => Implementations.ToTheoryData(Implementations.Ecdh);

    [Theory]
    [MemberData(nameof(CurvesAndFlavours))]
    public void SharedSecretsAgreeWithTheBuiltIn(string oid, Implementation<PrimeEcdh> implementation)
    {
        ECCurve curve = ECCurve.CreateFromValue(oid);
        using PrimeEcdh ours = implementation.Create();
        ours.GenerateKey(curve);
        ECDiffieHellman theirs;
        try
        {
            theirs = ECDiffieHellman.Create(curve);
        }
        catch (PlatformNotSupportedException)
        {
            // Not on this platform: agree with a second key of our own instead (the built-in covers the curves, see EcdsaApiTests).
            theirs = implementation.Create();
            theirs.GenerateKey(curve);
        }

        using (theirs)
        {
            using ECDiffieHellmanPublicKey ourPublic = ours.PublicKey;
            using ECDiffieHellmanPublicKey theirPublic = theirs.PublicKey;
            byte[] z = ours.DeriveRawSecretAgreement(theirPublic);
            Assert.Equal(z, theirs.DeriveRawSecretAgreement(ourPublic));
            Assert.Equal(ours.KeySize, theirs.KeySize);
            Assert.Equal(SHA256.HashData(z), ours.DeriveKeyMaterial(theirPublic));
            byte[] prepend = { 1, 2 }, append = { 3 };
            Assert.Equal(theirs.DeriveKeyFromHash(ourPublic, HashAlgorithmName.SHA384, prepend, append), ours.DeriveKeyFromHash(theirPublic, HashAlgorithmName.SHA384, prepend, append));
            Assert.Equal(theirs.DeriveKeyFromHmac(ourPublic, HashAlgorithmName.SHA256, null, prepend, append), ours.DeriveKeyFromHmac(theirPublic, HashAlgorithmName.SHA256, null, prepend, append));
            Assert.Equal(theirs.DeriveKeyFromHmac(ourPublic, HashAlgorithmName.SHA512, append, null, prepend), ours.DeriveKeyFromHmac(theirPublic, HashAlgorithmName.SHA512, append, null, prepend));

            // The key moves between implementations through PKCS#8 and keeps agreeing.
            using PrimeEcdh copy = implementation.Create();
            copy.ImportPkcs8PrivateKey(ours.ExportPkcs8PrivateKey(), out _);
            Assert.Equal(z, copy.DeriveRawSecretAgreement(theirPublic));
        }
    }

    [Theory]
    [MemberData(nameof(Flavours))]
    public void BadPeersAreRejected(Implementation<PrimeEcdh> implementation)
    {
        using PrimeEcdh ours = implementation.Create();
        ours.GenerateKey(ECCurve.NamedCurves.nistP256);
        using ECDiffieHellman otherCurve = ECDiffieHellman.Create(ECCurve.NamedCurves.nistP384);
        using ECDiffieHellmanPublicKey otherCurveKey = otherCurve.PublicKey;
        Assert.Throws<ArgumentException>(() => ours.DeriveRawSecretAgreement(otherCurveKey));
        Assert.Throws<ArgumentNullException>(() => ours.DeriveRawSecretAgreement(null!));

        // A public-only key cannot agree.
        using PrimeEcdh publicOnly = implementation.Create();
        publicOnly.ImportParameters(ours.ExportParameters(false));
        Assert.Throws<CryptographicException>(() => publicOnly.DeriveRawSecretAgreement(ours.PublicKey));

        // Agreement with the point at infinity cannot be expressed through ECParameters, but an off-curve point can:
        // the internal entry point validates like import does.
        ECParameters p = ours.ExportParameters(false);
        byte[] y = (byte[])p.Q.Y!.Clone();
        y[^1] ^= 1;
        Assert.Throws<CryptographicException>(() => ours.DeriveSecret(p.Q.X!, y));
        ours.Dispose();
        Assert.Throws<ObjectDisposedException>(() => ours.PublicKey);
    }
}

using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Vectors;
using Panicode.Crypto.Vectors.Ec;

namespace Panicode.Crypto.Tests.Ec;

/// <summary>ECDH vector files, one theory row per (file, flavour).</summary>
public class EcdhVectorTests
{
    public static TheoryData<string, Implementation<PrimeEcdh>> WycheproofFiles() =>
        EcTestData.WycheproofFiles("ecdh_*.json", Implementations.Ecdh);

    public static TheoryData<Implementation<PrimeEcdh>> Flavours() => Implementations.ToTheoryData(Implementations.Ecdh);

    [Theory]
    [MemberData(nameof(WycheproofFiles))]
    public void Wycheproof(string file, Implementation<PrimeEcdh> implementation) =>
        SuiteAssert.AllPass(EcdhVectorSuites.Wycheproof(file), new PrimeEcdhSubject(implementation), EcdsaVectorSuites.WycheproofCount(file));

    [Theory]
    [MemberData(nameof(Flavours))]
    public void NistCdh(Implementation<PrimeEcdh> implementation) =>
        SuiteAssert.AllPass(EcdhVectorSuites.NistCdh("ecdh/ecdh.vec"), new PrimeEcdhSubject(implementation), 156);

    [Theory]
    [MemberData(nameof(Flavours))]
    public void Rfc7027Brainpool(Implementation<PrimeEcdh> implementation) =>
        SuiteAssert.AllPass(EcdhVectorSuites.Rfc7027("ecdh/brainpool.txt"), new PrimeEcdhSubject(implementation), 3);

    [Theory]
    [MemberData(nameof(Flavours))]
    public void KasValidityInitiator(Implementation<PrimeEcdh> implementation) =>
        SuiteAssert.AllPass(
            EcdhVectorSuites.KasValidity("ecdh/KASValidityTest_ECCStaticUnified_NOKC_ZZOnly_init.fax", EcTestHash.Compute),
            new PrimeEcdhSubject(implementation),
            150);

    [Theory]
    [MemberData(nameof(Flavours))]
    public void KasValidityResponder(Implementation<PrimeEcdh> implementation) =>
        SuiteAssert.AllPass(
            EcdhVectorSuites.KasValidity("ecdh/KASValidityTest_ECCStaticUnified_NOKC_ZZOnly_resp.fax", EcTestHash.Compute),
            new PrimeEcdhSubject(implementation),
            150);
}

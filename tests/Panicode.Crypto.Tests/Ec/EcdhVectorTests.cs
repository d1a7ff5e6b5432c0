using System.Linq;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Vectors;
using Panicode.Crypto.Vectors.Ec;

namespace Panicode.Crypto.Tests.Ec;

/// <summary>ECDH vector files of <see cref="EcdhVectorCatalog"/> (which the Mono runner runs too), one theory row per (file, flavour).</summary>
public class EcdhVectorTests
{
    public static TheoryData<string, Implementation<PrimeEcdh>> WycheproofFiles()
    {
        TheoryData<string, Implementation<PrimeEcdh>> data = new();
        foreach (string file in EcdhVectorCatalog.Wycheproof.Select(s => s.Name))
        {
            foreach (Implementation<PrimeEcdh> implementation in Implementations.Ecdh)
            {
                data.Add(file, implementation);
            }
        }

        return data;
    }

    public static TheoryData<Implementation<PrimeEcdh>> Flavours() => Implementations.ToTheoryData(Implementations.Ecdh);

    [Theory]
    [MemberData(nameof(WycheproofFiles))]
    public void Wycheproof(string file, Implementation<PrimeEcdh> implementation) => Run(EcdhVectorCatalog.Find(file), implementation);

    [Theory]
    [MemberData(nameof(Flavours))]
    public void NistCdh(Implementation<PrimeEcdh> implementation) => Run(EcdhVectorCatalog.NistCdh, implementation);

    [Theory]
    [MemberData(nameof(Flavours))]
    public void Rfc7027Brainpool(Implementation<PrimeEcdh> implementation) => Run(EcdhVectorCatalog.Rfc7027Brainpool, implementation);

    [Theory]
    [MemberData(nameof(Flavours))]
    public void KasValidityInitiator(Implementation<PrimeEcdh> implementation) => Run(EcdhVectorCatalog.KasValidityInitiator, implementation);

    [Theory]
    [MemberData(nameof(Flavours))]
    public void KasValidityResponder(Implementation<PrimeEcdh> implementation) => Run(EcdhVectorCatalog.KasValidityResponder, implementation);

    private static void Run(VectorSuiteSource<EcdhSubject> file, Implementation<PrimeEcdh> implementation) =>
        SuiteAssert.AllPass(file, new PrimeEcdhSubject(implementation));
}

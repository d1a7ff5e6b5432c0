using System.Linq;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Vectors;
using Panicode.Crypto.Vectors.Ec;

namespace Panicode.Crypto.Tests.Ec;

/// <summary>
/// ECDSA vector files of <see cref="EcdsaVectorCatalog"/> (which the Mono runner runs too), one theory row per
/// (file, flavour); the catalog states each file's case count.
/// </summary>
public class EcdsaVectorTests
{
    public static TheoryData<string, Implementation<PrimeEcdsa>> NistFiles() => Rows(EcdsaVectorCatalog.Nist.Select(s => s.Name));

    public static TheoryData<string, Implementation<PrimeEcdsa>> WycheproofFiles() => Rows(EcdsaVectorCatalog.Wycheproof.Select(s => s.Name));

    public static TheoryData<Implementation<PrimeEcdsa>> Flavours() => Implementations.ToTheoryData(Implementations.Ecdsa);

    [Theory]
    [MemberData(nameof(NistFiles))]
    public void Nist(string file, Implementation<PrimeEcdsa> implementation) => Run(EcdsaVectorCatalog.Find(file), implementation);

    [Theory]
    [MemberData(nameof(Flavours))]
    public void Rfc6979(Implementation<PrimeEcdsa> implementation) => Run(EcdsaVectorCatalog.Rfc6979, implementation);

    [Theory]
    [MemberData(nameof(Flavours))]
    public void Rfc6979OpenSslPem(Implementation<PrimeEcdsa> implementation) => Run(EcdsaVectorCatalog.OpenSslRfc6979, implementation);

    [Theory]
    [MemberData(nameof(WycheproofFiles))]
    public void Wycheproof(string file, Implementation<PrimeEcdsa> implementation) => Run(EcdsaVectorCatalog.Find(file), implementation);

    [Theory]
    [MemberData(nameof(Flavours))]
    public void WycheproofPrimeOrderCurves(Implementation<PrimeEcdsa> implementation) => Run(EcdsaVectorCatalog.PrimeOrderCurves, implementation);

    private static void Run(VectorSuiteSource<EcdsaSubject> file, Implementation<PrimeEcdsa> implementation) =>
        SuiteAssert.AllPass(file, new PrimeEcdsaSubject(implementation));

    private static TheoryData<string, Implementation<PrimeEcdsa>> Rows(System.Collections.Generic.IEnumerable<string> files)
    {
        TheoryData<string, Implementation<PrimeEcdsa>> data = new();
        foreach (string file in files)
        {
            foreach (Implementation<PrimeEcdsa> implementation in Implementations.Ecdsa)
            {
                data.Add(file, implementation);
            }
        }

        return data;
    }
}

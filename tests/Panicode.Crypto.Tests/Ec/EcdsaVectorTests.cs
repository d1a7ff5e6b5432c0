using System.IO;
using Panicode.Crypto.Ec;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Vectors;
using Panicode.Crypto.Vectors.Ec;

namespace Panicode.Crypto.Tests.Ec;

/// <summary>
/// ECDSA vector files, one theory row per (file, flavour). Expected counts are the prime-curve records of each
/// NIST file (binary-curve sections are not ours), the Signature records of the RFC 6979 file and Wycheproof's
/// own numberOfTests.
/// </summary>
public class EcdsaVectorTests
{
    public static TheoryData<string, int, Implementation<PrimeEcdsa>> NistFiles() => Rows(
        ("ecdsa/FIPS_186-2/KeyPair.rsp", 50),
        ("ecdsa/FIPS_186-3/KeyPair.rsp", 50),
        ("ecdsa/FIPS_186-2/PKV.rsp", 60),
        ("ecdsa/FIPS_186-3/PKV.rsp", 60),
        ("ecdsa/FIPS_186-2/SigGen.txt", 75),
        ("ecdsa/FIPS_186-3/SigGen.txt", 375),
        ("ecdsa/FIPS_186-2/SigGen.rsp", 75),
        ("ecdsa/FIPS_186-3/SigGen.rsp", 375),
        ("ecdsa/SECP256K1/SigGen.txt", 1125),
        ("ecdsa/FIPS_186-2/SigVer.rsp", 75),
        ("ecdsa/FIPS_186-3/SigVer.rsp", 375));

    public static TheoryData<string, Implementation<PrimeEcdsa>> WycheproofFiles() =>
        EcTestData.WycheproofFiles("ecdsa_*.json", Implementations.Ecdsa);

    [Theory]
    [MemberData(nameof(NistFiles))]
    public void Nist(string file, int expectedCount, Implementation<PrimeEcdsa> implementation)
    {
        VectorSuite<EcdsaSubject> suite = Path.GetFileName(file) switch
        {
            "KeyPair.rsp" => EcdsaVectorSuites.NistKeyPair(file),
            "PKV.rsp" => EcdsaVectorSuites.NistPkv(file),
            "SigGen.txt" when file.Contains("FIPS") => EcdsaVectorSuites.NistSigGenWithNonce(file),
            "SigVer.rsp" => EcdsaVectorSuites.NistSigVer(file),
            _ => EcdsaVectorSuites.NistSigGenVerify(file),
        };
        SuiteAssert.AllPass(suite, new PrimeEcdsaSubject(implementation), expectedCount);
    }

    [Theory]
    [MemberData(nameof(Flavours))]
    public void Rfc6979(Implementation<PrimeEcdsa> implementation) =>
        SuiteAssert.AllPass(EcdsaVectorSuites.Rfc6979("ecdsa/RFC6979/ecdsa_rfc6979.vec"), new PrimeEcdsaSubject(implementation), 104);

    [Theory]
    [MemberData(nameof(WycheproofFiles))]
    public void Wycheproof(string file, Implementation<PrimeEcdsa> implementation) =>
        SuiteAssert.AllPass(EcdsaVectorSuites.Wycheproof(file), new PrimeEcdsaSubject(implementation), EcdsaVectorSuites.WycheproofCount(file));

    [Theory]
    [MemberData(nameof(Flavours))]
    public void WycheproofPrimeOrderCurves(Implementation<PrimeEcdsa> implementation) =>
        SuiteAssert.AllPass(
            EcdsaVectorSuites.PrimeOrderCurves("wycheproof/ec_prime_order_curves_test.json", curve => EcKeyState.Initialize(implementation.Create(), e => e.GenerateKey(curve))),
            new PrimeEcdsaSubject(implementation),
            EcdsaVectorSuites.WycheproofCount("wycheproof/ec_prime_order_curves_test.json"));

    public static TheoryData<Implementation<PrimeEcdsa>> Flavours() => Implementations.ToTheoryData(Implementations.Ecdsa);

    private static TheoryData<string, int, Implementation<PrimeEcdsa>> Rows(params (string File, int Count)[] files)
    {
        TheoryData<string, int, Implementation<PrimeEcdsa>> data = new();
        foreach ((string file, int count) in files)
        {
            foreach (Implementation<PrimeEcdsa> implementation in Implementations.Ecdsa)
            {
                data.Add(file, count, implementation);
            }
        }

        return data;
    }
}

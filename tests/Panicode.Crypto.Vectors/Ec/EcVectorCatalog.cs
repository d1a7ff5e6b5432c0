using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;

namespace Panicode.Crypto.Vectors.Ec;

/// <summary>
/// Every ECDSA vector file with the number of cases it holds: the prime-curve records of each NIST file (its
/// binary-curve sections are not ours), the Signature records of the RFC 6979 file, OpenSSL's deterministic
/// DigestSign records and Wycheproof's own numberOfTests. The xUnit tests and the Mono runner both run these.
/// </summary>
public static class EcdsaVectorCatalog
{
    // Built on first use (the Wycheproof counts read every file); a race builds it twice, harmlessly.
    private static IReadOnlyList<VectorSuiteSource<EcdsaSubject>>? s_wycheproof;
    private static IReadOnlyList<VectorSuiteSource<EcdsaSubject>>? s_all;

    public static IReadOnlyList<VectorSuiteSource<EcdsaSubject>> Nist { get; } = new[]
    {
        NistFile("ecdsa/FIPS_186-2/KeyPair.rsp", 50, EcdsaVectorSuites.NistKeyPair),
        NistFile("ecdsa/FIPS_186-3/KeyPair.rsp", 50, EcdsaVectorSuites.NistKeyPair),
        NistFile("ecdsa/FIPS_186-2/PKV.rsp", 60, EcdsaVectorSuites.NistPkv),
        NistFile("ecdsa/FIPS_186-3/PKV.rsp", 60, EcdsaVectorSuites.NistPkv),
        NistFile("ecdsa/FIPS_186-2/SigGen.txt", 75, EcdsaVectorSuites.NistSigGenWithNonce),
        NistFile("ecdsa/FIPS_186-3/SigGen.txt", 375, EcdsaVectorSuites.NistSigGenWithNonce),
        NistFile("ecdsa/FIPS_186-2/SigGen.rsp", 75, EcdsaVectorSuites.NistSigGenVerify),
        NistFile("ecdsa/FIPS_186-3/SigGen.rsp", 375, EcdsaVectorSuites.NistSigGenVerify),
        NistFile("ecdsa/SECP256K1/SigGen.txt", 1125, EcdsaVectorSuites.NistSigGenVerify),
        NistFile("ecdsa/FIPS_186-2/SigVer.rsp", 75, EcdsaVectorSuites.NistSigVer),
        NistFile("ecdsa/FIPS_186-3/SigVer.rsp", 375, EcdsaVectorSuites.NistSigVer),
    };

    public static VectorSuiteSource<EcdsaSubject> Rfc6979 { get; } =
        Source("Rfc6979", "ecdsa/RFC6979/ecdsa_rfc6979.vec", 104, EcdsaVectorSuites.Rfc6979);

    public static VectorSuiteSource<EcdsaSubject> OpenSslRfc6979 { get; } =
        Source("Rfc6979", "ecdsa/RFC6979/evppkey_ecdsa_rfc6979.txt", 150, EcdsaVectorSuites.OpenSslRfc6979);

    /// <summary>Every Wycheproof ECDSA file of vectors/wycheproof (ecdsa_*.json), in name order.</summary>
    public static IReadOnlyList<VectorSuiteSource<EcdsaSubject>> Wycheproof => s_wycheproof ??= EcVectorCatalog.WycheproofFiles("ecdsa_*.json")
        .Select(f => Source("Wycheproof", f, EcdsaVectorSuites.WycheproofCount(f), EcdsaVectorSuites.Wycheproof))
        .ToList();

    public static VectorSuiteSource<EcdsaSubject> PrimeOrderCurves { get; } = Source(
        "Wycheproof",
        "wycheproof/ec_prime_order_curves_test.json",
        EcdsaVectorSuites.WycheproofCount("wycheproof/ec_prime_order_curves_test.json"),
        EcdsaVectorSuites.PrimeOrderCurves);

    public static IReadOnlyList<VectorSuiteSource<EcdsaSubject>> All => s_all ??=
        Nist.Concat(new[] { Rfc6979, OpenSslRfc6979 }).Concat(Wycheproof).Concat(new[] { PrimeOrderCurves }).ToList();

    /// <summary>Every ECDSA suite, loaded (each load checks its case count), for the Mono runner.</summary>
    [SuiteCatalog("Ecdsa")]
    public static IEnumerable<VectorSuite<EcdsaSubject>> Suites() => All.Select(s => s.Load());

    public static VectorSuiteSource<EcdsaSubject> Find(string name) => All.Single(s => s.Name == name);

    private static VectorSuiteSource<EcdsaSubject> NistFile(string path, int count, Func<string, VectorSuite<EcdsaSubject>> suite) =>
        Source("Nist", path, count, suite);

    private static VectorSuiteSource<EcdsaSubject> Source(string group, string path, int count, Func<string, VectorSuite<EcdsaSubject>> suite) =>
        new(group, path, count, () => suite(path).Cases);
}

/// <summary>Every ECDH vector file with the number of cases it holds (Wycheproof's own numberOfTests).</summary>
public static class EcdhVectorCatalog
{
    private static IReadOnlyList<VectorSuiteSource<EcdhSubject>>? s_wycheproof;
    private static IReadOnlyList<VectorSuiteSource<EcdhSubject>>? s_all;

    /// <summary>Every Wycheproof ECDH file of vectors/wycheproof (ecdh_*.json), in name order.</summary>
    public static IReadOnlyList<VectorSuiteSource<EcdhSubject>> Wycheproof => s_wycheproof ??= EcVectorCatalog.WycheproofFiles("ecdh_*.json")
        .Select(f => Source("Wycheproof", f, EcdsaVectorSuites.WycheproofCount(f), EcdhVectorSuites.Wycheproof))
        .ToList();

    public static VectorSuiteSource<EcdhSubject> NistCdh { get; } = Source("Nist", "ecdh/ecdh.vec", 156, EcdhVectorSuites.NistCdh);

    public static VectorSuiteSource<EcdhSubject> Rfc7027Brainpool { get; } = Source("Rfc7027", "ecdh/brainpool.txt", 3, EcdhVectorSuites.Rfc7027);

    public static VectorSuiteSource<EcdhSubject> KasValidityInitiator { get; } =
        Source("Nist", "ecdh/KASValidityTest_ECCStaticUnified_NOKC_ZZOnly_init.fax", 150, EcdhVectorSuites.KasValidity);

    public static VectorSuiteSource<EcdhSubject> KasValidityResponder { get; } =
        Source("Nist", "ecdh/KASValidityTest_ECCStaticUnified_NOKC_ZZOnly_resp.fax", 150, EcdhVectorSuites.KasValidity);

    public static IReadOnlyList<VectorSuiteSource<EcdhSubject>> All => s_all ??=
        Wycheproof.Concat(new[] { NistCdh, Rfc7027Brainpool, KasValidityInitiator, KasValidityResponder }).ToList();

    /// <summary>Every ECDH suite, loaded (each load checks its case count), for the Mono runner.</summary>
    [SuiteCatalog("Ecdh")]
    public static IEnumerable<VectorSuite<EcdhSubject>> Suites() => All.Select(s => s.Load());

    public static VectorSuiteSource<EcdhSubject> Find(string name) => All.Single(s => s.Name == name);

    private static VectorSuiteSource<EcdhSubject> Source(string group, string path, int count, Func<string, VectorSuite<EcdhSubject>> suite) =>
        new(group, path, count, () => suite(path).Cases);
}

internal static class EcVectorCatalog
{
    /// <summary>"wycheproof/&lt;name&gt;" for every file of vectors/wycheproof matching <paramref name="pattern"/>, in ordinal name order.</summary>
    public static IEnumerable<string> WycheproofFiles(string pattern) =>
        Directory.GetFiles(Path.Combine(VectorFiles.Root, "wycheproof"), pattern)
            .Select(f => "wycheproof/" + Path.GetFileName(f))
            .OrderBy(f => f, StringComparer.Ordinal);
}

using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;

namespace Panicode.Crypto.Vectors.Rsa;

/// <summary>
/// Every RSA vector file with the number of cases it holds (counted from the files' own markers: "# Signature:" and
/// "# Encryption:" lines, "S = " records, Wycheproof's numberOfTests). The xUnit tests and the Mono runner both run these.
/// </summary>
public static class RsaVectorCatalog
{
    private static IReadOnlyList<VectorSuiteSource<RsaSubject>>? s_wycheproof;
    private static IReadOnlyList<VectorSuiteSource<RsaSubject>>? s_oaepCustom;
    private static IReadOnlyList<VectorSuiteSource<RsaSubject>>? s_all;

    public static IReadOnlyList<VectorSuiteSource<RsaSubject>> RsaLabs { get; } = new[]
    {
        Source("RsaLabs", "rsa/pkcs1v15sign-vectors.txt", 300, RsaVectorSuites.Pkcs1v15Sign),
        Source("RsaLabs", "rsa/pkcs1v15crypt-vectors.txt", 300, RsaVectorSuites.Pkcs1v15Crypt),
        Source("RsaLabs", "rsa/pkcs-1v2-1d2-vec/pss-vect.txt", 60, RsaVectorSuites.PssVect),
        Source("RsaLabs", "rsa/pkcs-1v2-1d2-vec/oaep-vect.txt", 60, RsaVectorSuites.OaepVect),
        Source("RsaLabs", "rsa/oaep-label.txt", 1, RsaVectorSuites.OaepLabel),
    };

    public static IReadOnlyList<VectorSuiteSource<RsaSubject>> Cavp { get; } = new[]
    {
        Source("Cavp", "rsa/FIPS_186-2/SigGen15_186-2.txt", 250, RsaVectorSuites.CavpSigGenWithKey),
        Source("Cavp", "rsa/FIPS_186-2/SigGenPSS_186-2.txt", 250, RsaVectorSuites.CavpSigGenWithKey),
        Source("Cavp", "rsa/FIPS_186-2/SigGen15_186-3.rsp", 250, RsaVectorSuites.CavpSigGenVerify),
        Source("Cavp", "rsa/FIPS_186-2/SigGenPSS_186-3.rsp", 250, RsaVectorSuites.CavpSigGenVerify),
        Source("Cavp", "rsa/FIPS_186-2/SigVer15_186-3.rsp", 450, RsaVectorSuites.CavpSigVer),
        Source("Cavp", "rsa/FIPS_186-2/SigVerPSS_186-3.rsp", 450, RsaVectorSuites.CavpSigVer),
    };

    /// <summary>The 24 pyca OAEP files (every pair of SHA-1/SHA-224/SHA-256/SHA-384/SHA-512), 60 cases each.</summary>
    public static IReadOnlyList<VectorSuiteSource<RsaSubject>> OaepCustom => s_oaepCustom ??= Directory
        .GetFiles(VectorFiles.Path("rsa/oaep-custom"), "*.txt")
        .Select(f => "rsa/oaep-custom/" + Path.GetFileName(f))
        .OrderBy(f => f, StringComparer.Ordinal)
        .Select(f => Source("OaepCustom", f, 60, RsaVectorSuites.OaepCustom))
        .ToList();

    /// <summary>Every Wycheproof RSA file kept in vectors/rsa/wycheproof (see its SOURCE.md for the ones left out).</summary>
    public static IReadOnlyList<VectorSuiteSource<RsaSubject>> Wycheproof => s_wycheproof ??= Directory
        .GetFiles(VectorFiles.Path("rsa/wycheproof"), "rsa_*.json")
        .Select(f => "rsa/wycheproof/" + Path.GetFileName(f))
        .OrderBy(f => f, StringComparer.Ordinal)
        .Select(f => Source("Wycheproof", f, RsaVectorSuites.WycheproofCount(f), RsaVectorSuites.Wycheproof))
        .ToList();

    public static IReadOnlyList<VectorSuiteSource<RsaSubject>> All => s_all ??=
        RsaLabs.Concat(Cavp).Concat(OaepCustom).Concat(Wycheproof).ToList();

    /// <summary>Every RSA suite, loaded (each load checks its case count), for the Mono runner.</summary>
    [SuiteCatalog("Rsa")]
    public static IEnumerable<VectorSuite<RsaSubject>> Suites() => All.Select(s => s.Load());

    public static VectorSuiteSource<RsaSubject> Find(string name) => All.Single(s => s.Name == name);

    private static VectorSuiteSource<RsaSubject> Source(string group, string path, int count, Func<string, VectorSuite<RsaSubject>> suite) =>
        new(group, path, count, () => suite(path).Cases);
}

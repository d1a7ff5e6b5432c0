using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;

namespace Panicode.Crypto.Vectors.Dsa;

/// <summary>
/// Every DSA vector file with the number of cases it holds (counted from the files: "Msg = " and "X = " records,
/// "Test:" lines, Result lines per appendix, Wycheproof's numberOfTests). PQGGen/PQGVer run their 1,024-bit
/// sections by default (the A.1.1.2 search costs seconds per 2,048- or 3,072-bit case); PANICODE_LONG_TESTS=1 runs
/// every section.
/// </summary>
public static class DsaVectorCatalog
{
    private static readonly bool s_long = Environment.GetEnvironmentVariable("PANICODE_LONG_TESTS") == "1";
    private static IReadOnlyList<VectorSuiteSource<DsaSubject>>? s_wycheproof;
    private static IReadOnlyList<VectorSuiteSource<DsaSubject>>? s_all;

    /// <summary>The largest p of the PQGGen/PQGVer sections run.</summary>
    public static int MaxAppendixL => s_long ? 3072 : 1024;

    public static IReadOnlyList<VectorSuiteSource<DsaSubject>> Cavp { get; } = new[]
    {
        Source("Cavp", "dsa/FIPS_186-2/KeyPair.rsp", 10, DsaVectorSuites.CavpKeyPair),
        Source("Cavp", "dsa/FIPS_186-2/SigGen.txt", 15, DsaVectorSuites.CavpSigGen),
        Source("Cavp", "dsa/FIPS_186-2/SigVer.rsp", 15, DsaVectorSuites.CavpSigVer),
        Source("Cavp", "dsa/FIPS_186-3/KeyPair.rsp", 40, DsaVectorSuites.CavpKeyPair),
        Source("Cavp", "dsa/FIPS_186-3/SigGen.txt", 300, DsaVectorSuites.CavpSigGen),
        Source("Cavp", "dsa/FIPS_186-3/SigVer.rsp", 300, DsaVectorSuites.CavpSigVer),
        Source("Cavp", "dsa/FIPS_186-3/PQGGen.rsp", s_long ? 120 : 40, p => DsaVectorSuites.CavpPqgGen(p, MaxAppendixL)),
        Source("Cavp", "dsa/FIPS_186-3/PQGVer.rsp", s_long ? 150 : 50, p => DsaVectorSuites.CavpPqgVer(p, MaxAppendixL)),
    };

    public static IReadOnlyList<VectorSuiteSource<DsaSubject>> Rfc6979 { get; } = new[]
    {
        Source("Rfc6979", "dsa/dsa_rfc6979.txt", 52, DsaVectorSuites.Rfc6979),
    };

    /// <summary>Every Wycheproof dsa_* file (DER and P1363).</summary>
    public static IReadOnlyList<VectorSuiteSource<DsaSubject>> Wycheproof => s_wycheproof ??= Directory
        .GetFiles(VectorFiles.Path("dsa/wycheproof"), "dsa_*.json")
        .Select(f => "dsa/wycheproof/" + Path.GetFileName(f))
        .OrderBy(f => f, StringComparer.Ordinal)
        .Select(f => Source("Wycheproof", f, DsaVectorSuites.WycheproofCount(f), DsaVectorSuites.Wycheproof))
        .ToList();

    public static IReadOnlyList<VectorSuiteSource<DsaSubject>> All => s_all ??= Cavp.Concat(Rfc6979).Concat(Wycheproof).ToList();

    /// <summary>Every DSA suite, loaded (each load checks its case count), for the Mono runner.</summary>
    [SuiteCatalog("Dsa", EmulatedSubsetLimit = 2)]
    public static IEnumerable<VectorSuite<DsaSubject>> Suites() => All.Select(s => s.Load());

    public static VectorSuiteSource<DsaSubject> Find(string name) => All.Single(s => s.Name == name);

    private static VectorSuiteSource<DsaSubject> Source(string group, string path, int count, Func<string, VectorSuite<DsaSubject>> suite) =>
        new(group, path, count, () => suite(path).Cases);
}

using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.Vectors.Formats;
using Panicode.Crypto.Vectors.Symmetric;

namespace Panicode.Crypto.Vectors.Camellia;

/// <summary>
/// Every Camellia vector file we run (vectors/camellia/SOURCE.md says where each comes from), with the number of
/// cases each holds. The counts were taken from the files with grep, not from the readers.
/// </summary>
public static class CamelliaSuites
{
    public static IReadOnlyList<VectorSuiteSource<Func<SymmetricAlgorithm>>> All { get; } = new[]
    {
        // RFC 3713 appendix A vectors with NESSIE/NTT samples (Crypto++ TestData), one "KEY PT CT" per line.
        FromVectors("camellia/camellia.dat", 45, EcbKatFiles.ReadKeyPlainCipherLines),

        // RFC 3713 vectors, NESSIE samples and OpenSSL-generated multi-block ECB inputs (Botan).
        FromVectors("camellia/camellia.vec", 17, path => EcbKatFiles.ReadBotanVec(path, "Camellia")),

        // NTT's own KAT, 1,280 pairs per key size.
        FromVectors("camellia/t_camellia.txt", 3840, EcbKatFiles.ReadNttKat),
        FromVectors("camellia/camellia-128-ecb.txt", 1280, EcbKatFiles.ReadNttKat),
        FromVectors("camellia/camellia-192-ecb.txt", 1280, EcbKatFiles.ReadNttKat),
        FromVectors("camellia/camellia-256-ecb.txt", 1280, EcbKatFiles.ReadNttKat),

        // NESSIE sets 1-3 in Crypto++ syntax.
        FromVectors("camellia/camellia.txt", 1728, path => EcbKatFiles.ReadCryptoPPEcb(path, "Camellia")),

        // krb5 variable-text KAT, 128- and 256-bit keys.
        FromVectors("camellia/camellia-expect-vt.txt", 256, EcbKatFiles.ReadVariableTextKat),

        // SP 800-38A-style vectors from OpenSSL, in pyca's NIST layout.
        FromVectors("camellia/camellia-cbc.txt", 12, path => NistModeFile.Read(path, CipherMode.CBC)),
        FromVectors("camellia/camellia-cfb.txt", 12, path => NistModeFile.Read(path, CipherMode.CFB, 128)),
        FromVectors("camellia/camellia-ofb.txt", 12, path => NistModeFile.Read(path, CipherMode.OFB, 128)),

        // Mbed TLS ECB, CBC and CFB128 cases, including its invalid-key and partial-block cases.
        new VectorSuiteSource<Func<SymmetricAlgorithm>>("camellia/test_suite_camellia.data", 58, () => MbedTlsCamelliaData.Read("camellia/test_suite_camellia.data")),

        // Wycheproof CBC with PKCS#5/7 padding: 72 valid, 144 that decryption must reject.
        new VectorSuiteSource<Func<SymmetricAlgorithm>>(
            "wycheproof/camellia_cbc_pkcs5_test.json",
            216,
            () => WycheproofIndCpa.Read("wycheproof/camellia_cbc_pkcs5_test.json", CipherMode.CBC, PaddingMode.PKCS7)),
    };

    /// <summary>Every Camellia suite, loaded (each load checks its case count), for the Mono runner.</summary>
    [SuiteCatalog("Camellia")]
    public static IEnumerable<VectorSuite<Func<SymmetricAlgorithm>>> Catalog() => All.Select(source => source.Load());

    /// <summary>The suite named <paramref name="name"/> (a path under vectors/).</summary>
    public static VectorSuiteSource<Func<SymmetricAlgorithm>> Get(string name) => All.Single(s => s.Name == name);

    private static VectorSuiteSource<Func<SymmetricAlgorithm>> FromVectors(string path, int expectedCount, Func<string, List<CipherVector>> read)
        => new(path, expectedCount, () => read(path).Select(CipherChecks.KnownAnswer).ToList());
}

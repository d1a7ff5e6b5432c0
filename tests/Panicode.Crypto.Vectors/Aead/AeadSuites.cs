using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;

namespace Panicode.Crypto.Vectors.Aead;

/// <summary>
/// Every GCM, CCM, GMAC, CMAC, key-wrap and CTR vector file (vectors/aead/SOURCE.md, vectors/wycheproof/SOURCE.md,
/// vectors/camellia/SOURCE.md), with the number of cases each holds (counted from the files with grep and
/// Wycheproof's numberOfTests, not from the readers).
/// </summary>
public static class AeadSuites
{
    public const string Group = "Aead";

    /// <summary>The AES files (run over every Rijndael flavour; Rijndael with a 128-bit block is AES).</summary>
    public static IReadOnlyList<VectorSuiteSource<Func<SymmetricAlgorithm>>> Aes { get; } = new[]
    {
        Source("wycheproof/aes_gcm_test.json", 316, p => AeadFiles.WycheproofAead(p, AeadChecks.Mode.Gcm)),
        Source("wycheproof/aes_ccm_test.json", 552, p => AeadFiles.WycheproofAead(p, AeadChecks.Mode.Ccm)),
        Source("wycheproof/aes_gmac_test.json", 414, AeadFiles.WycheproofGmac),
        Source("wycheproof/aes_cmac_test.json", 311, AeadFiles.WycheproofCmac),
        Source("wycheproof/aes_wrap_test.json", 165, p => AeadFiles.WycheproofKeyWrap(p, padded: false)),
        Source("wycheproof/aes_kwp_test.json", 254, p => AeadFiles.WycheproofKeyWrap(p, padded: true)),
        Source("aead/gcm/gcmEncryptExtIV128.rsp", 7875, AeadFiles.CavpGcm),
        Source("aead/gcm/gcmEncryptExtIV192.rsp", 7875, AeadFiles.CavpGcm),
        Source("aead/gcm/gcmEncryptExtIV256.rsp", 7875, AeadFiles.CavpGcm),
        Source("aead/gcm/gcmDecrypt128.rsp", 7875, AeadFiles.CavpGcm),
        Source("aead/gcm/gcmDecrypt192.rsp", 7875, AeadFiles.CavpGcm),
        Source("aead/gcm/gcmDecrypt256.rsp", 7875, AeadFiles.CavpGcm),
        Source("aead/ccm/DVPT128.rsp", 240, AeadFiles.CavpCcm),
        Source("aead/ccm/DVPT192.rsp", 240, AeadFiles.CavpCcm),
        Source("aead/ccm/DVPT256.rsp", 240, AeadFiles.CavpCcm),
        Source("aead/ccm/VADT128.rsp", 330, AeadFiles.CavpCcm),
        Source("aead/ccm/VADT192.rsp", 330, AeadFiles.CavpCcm),
        Source("aead/ccm/VADT256.rsp", 330, AeadFiles.CavpCcm),
        Source("aead/ccm/VNT128.rsp", 70, AeadFiles.CavpCcm),
        Source("aead/ccm/VNT192.rsp", 70, AeadFiles.CavpCcm),
        Source("aead/ccm/VNT256.rsp", 70, AeadFiles.CavpCcm),
        Source("aead/ccm/VPT128.rsp", 250, AeadFiles.CavpCcm),
        Source("aead/ccm/VPT192.rsp", 250, AeadFiles.CavpCcm),
        Source("aead/ccm/VPT256.rsp", 250, AeadFiles.CavpCcm),
        Source("aead/ccm/VTT128.rsp", 70, AeadFiles.CavpCcm),
        Source("aead/ccm/VTT192.rsp", 70, AeadFiles.CavpCcm),
        Source("aead/ccm/VTT256.rsp", 70, AeadFiles.CavpCcm),
    };

    /// <summary>The Camellia files.</summary>
    public static IReadOnlyList<VectorSuiteSource<Func<SymmetricAlgorithm>>> Camellia { get; } = new[]
    {
        Source("wycheproof/camellia_ccm_test.json", 552, p => AeadFiles.WycheproofAead(p, AeadChecks.Mode.Ccm)),
        Source("wycheproof/camellia_cmac_test.json", 311, AeadFiles.WycheproofCmac),
        Source("wycheproof/camellia_wrap_test.json", 159, p => AeadFiles.WycheproofKeyWrap(p, padded: false)),
        Source("camellia/rfc5528_camellia_ctr_ccm.txt", 33, AeadFiles.Rfc5528),
        Source("camellia/test_suite_gcm.camellia.data", 108, AeadFiles.MbedTlsGcm),
    };

    /// <summary>Every AES suite, loaded, for the Mono runner.</summary>
    [SuiteCatalog("Rijndael")]
    public static IEnumerable<VectorSuite<Func<SymmetricAlgorithm>>> AesCatalog() => Aes.Select(source => source.Load());

    /// <summary>Every Camellia suite, loaded, for the Mono runner.</summary>
    [SuiteCatalog("Camellia")]
    public static IEnumerable<VectorSuite<Func<SymmetricAlgorithm>>> CamelliaCatalog() => Camellia.Select(source => source.Load());

    /// <summary>The suite named <paramref name="name"/> (a path under vectors/).</summary>
    public static VectorSuiteSource<Func<SymmetricAlgorithm>> Get(string name) => Aes.Concat(Camellia).Single(s => s.Name == name);

    private static VectorSuiteSource<Func<SymmetricAlgorithm>> Source(string path, int expectedCount, Func<string, List<VectorCase<Func<SymmetricAlgorithm>>>> read)
        => new(Group, path, expectedCount, () => read(path));
}

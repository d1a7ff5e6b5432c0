using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.Vectors.Formats;
using Panicode.Crypto.Vectors.Symmetric;

namespace Panicode.Crypto.Vectors.Rijndael;

/// <summary>
/// Every Rijndael/AES vector file the suites run, with the number of cases each holds (counted from the files,
/// independently of the readers), shared by the xUnit tests and the Mono runner.
/// </summary>
public static class RijndaelVectorCatalog
{
    public const string Aesavs = "Aesavs";
    public const string Submission = "Submission";
    public const string Gladman = "Gladman";
    public const string Nessie = "Nessie";
    public const string Misc = "Misc";

    /// <summary>The behaviour of .NET Framework's RijndaelManaged recorded from Mono.</summary>
    public const string RijndaelManaged = "RijndaelManaged";

    public const string BotanAes = "aes/misc/aes.vec";
    public const string CryptoppRijndael = "aes/misc/rijndael.dat";
    public const string Derived = "rijndael/derived/gladman_rijndael_all_block_key_sizes.txt";
    public const string Sp80038A = "modes/aes.txt";
    public const string Rfc3962 = "modes/rfc3962_cts.txt";
    public const string WycheproofAesCbcPkcs5 = "wycheproof/aes_cbc_pkcs5_test.json";
    public const string NessieFolder = "rijndael/nessie/";

    /// <summary>Crypto++ algorithm names in modes/aes.txt that this library does not implement.</summary>
    public static readonly string[] SkippedSp80038ANames = { "AES/CTR", "AES/XTS" };

    public static readonly string[] NessieFiles =
    {
        "rijndael-256-128.unverified.test-vectors",
        "rijndael-256-192.unverified.test-vectors",
        "rijndael-256-256.unverified.test-vectors",
    };

    private static readonly Lazy<IReadOnlyList<VectorSuiteSource<Func<SymmetricAlgorithm>>>> s_all = new(Build);

    // Files whose every case needs only what the built-in Aes supports (128-bit block; ECB, CBC, CFB8, CFB128).
    private static readonly Lazy<HashSet<string>> s_builtInAesCanRun = new(() => new HashSet<string>(
        AesavsVectors.FileNames().Where(f => !f.StartsWith("OFB", StringComparison.Ordinal))
            .Concat(SubmissionVectors.SubmissionFiles)
            .Concat(SubmissionVectors.GladmanFiles())
            .Concat(new[] { NessieFiles[0], BotanAes, CryptoppRijndael, WycheproofAesCbcPkcs5 }),
        StringComparer.Ordinal));

    public static IReadOnlyList<VectorSuiteSource<Func<SymmetricAlgorithm>>> All => s_all.Value;

    /// <summary>Every Rijndael suite, loaded (each load checks its case count), for the Mono runner.</summary>
    [SuiteCatalog("Rijndael")]
    public static IEnumerable<VectorSuite<Func<SymmetricAlgorithm>>> Suites() => All.Select(e => e.Load());

    public static IEnumerable<VectorSuiteSource<Func<SymmetricAlgorithm>>> OfGroup(string group) => All.Where(e => e.Group == group);

    public static VectorSuiteSource<Func<SymmetricAlgorithm>> Find(string name) =>
        All.FirstOrDefault(e => e.Name == name) ?? throw new ArgumentException("No vector file named " + name, nameof(name));

    /// <summary>
    /// True when every case of the file uses only what the built-in <c>Aes</c> supports: such files also run
    /// against it to validate the readers themselves.
    /// </summary>
    public static bool BuiltInAesCanRun(VectorSuiteSource<Func<SymmetricAlgorithm>> entry) => s_builtInAesCanRun.Value.Contains(entry.Name);

    private static IReadOnlyList<VectorSuiteSource<Func<SymmetricAlgorithm>>> Build()
    {
        List<VectorSuiteSource<Func<SymmetricAlgorithm>>> entries = new();

        // AESAVS: COUNT records per file (ENCRYPT + DECRYPT), the same for every mode.
        Dictionary<string, int[]> aesavsCounts = new()
        {
            ["GFSbox"] = new[] { 14, 12, 10 },
            ["KeySbox"] = new[] { 42, 48, 32 },
            ["VarKey"] = new[] { 256, 384, 512 },
            ["VarTxt"] = new[] { 256, 256, 256 },
            ["MMT"] = new[] { 20, 20, 20 },
            ["MCT"] = new[] { 200, 200, 200 },
        };
        foreach (string mode in AesavsVectors.Modes)
        {
            foreach (string test in AesavsVectors.Tests)
            {
                for (int k = 0; k < AesavsVectors.KeySizes.Length; k++)
                {
                    string file = $"{mode}{test}{AesavsVectors.KeySizes[k]}.rsp";
                    entries.Add(CipherSuites.Cases(Aesavs, file, aesavsCounts[test][k], () => AesavsVectors.Load(file)));
                }
            }
        }

        // AES submission: I= records (three KEYSIZE sections per file).
        int[] submissionCounts = { 384, 576, 384, 1200, 1200, 1200, 1200 };
        for (int i = 0; i < SubmissionVectors.SubmissionFiles.Length; i++)
        {
            string file = SubmissionVectors.SubmissionFiles[i];
            entries.Add(CipherSuites.Cases(Submission, file, submissionCounts[i], () => SubmissionVectors.LoadSubmission(file)));
        }

        // Gladman: TEST= records; vk/vt have the all-zero record 0 plus one per bit.
        Dictionary<string, int> gladmanCounts = new()
        {
            ["ecbvk44.txt"] = 129, ["ecbvk46.txt"] = 193, ["ecbvk48.txt"] = 257,
            ["ecbvt44.txt"] = 129, ["ecbvt46.txt"] = 129, ["ecbvt48.txt"] = 129,
            ["ecbnk44.txt"] = 256, ["ecbnk46.txt"] = 384, ["ecbnk48.txt"] = 512,
            ["ecbnt44.txt"] = 256, ["ecbnt46.txt"] = 256, ["ecbnt48.txt"] = 256,
        };
        foreach (string file in SubmissionVectors.GladmanFiles())
        {
            int count = gladmanCounts.TryGetValue(file, out int c) ? c : 400;
            entries.Add(CipherSuites.Cases(Gladman, file, count, () => SubmissionVectors.LoadGladman(file)));
        }

        // NESSIE: "Set N, vector# M" records, 256-bit keys; only the 128-bit-block file is plain AES-256.
        int[] nessieCounts = { 1284, 1412, 1540 };
        for (int i = 0; i < NessieFiles.Length; i++)
        {
            string file = NessieFiles[i];
            entries.Add(CipherSuites.Cases(Nessie, file, nessieCounts[i], () => NessieFile.Read(NessieFolder + file, 256)));
        }

        entries.Add(CipherSuites.KnownAnswers(Misc, BotanAes, 1353, () => EcbKatFiles.ReadBotanVec(BotanAes, "AES")));
        entries.Add(CipherSuites.KnownAnswers(Misc, CryptoppRijndael, 9, () => EcbKatFiles.ReadKeyPlainCipherLines(CryptoppRijndael)));
        entries.Add(CipherSuites.KnownAnswers(Misc, Derived, 25, () => EcbKatFiles.ReadBlockKeyTable(Derived)));

        // 44 records: 23 run (SP 800-38A ECB 3, CBC 3, CFB8 3, CFB128 3, OFB 3; RFC 3602 4;
        // Crypto++ long ECB, CBC, CFB, OFB 4) and 21 skipped by name (CTR 13, XTS 8).
        entries.Add(CipherSuites.KnownAnswers(Misc, Sp80038A, 23, () => CryptoPPTestVectors.Read(Sp80038A, "AES", SkippedSp80038ANames, out _)));
        entries.Add(CipherSuites.KnownAnswers(Misc, Rfc3962, 6, () => Rfc3962File.Read(Rfc3962)));
        entries.Add(CipherSuites.Cases(
            Misc, WycheproofAesCbcPkcs5, 216, () => WycheproofIndCpa.Read(WycheproofAesCbcPkcs5, CipherMode.CBC, PaddingMode.PKCS7)));

        // Records in mono-rijndaelmanaged.txt (generate.sh prints the count when it rewrites the file).
        entries.Add(CipherSuites.Cases(RijndaelManaged, "mono-rijndaelmanaged.txt", 9695, RijndaelManagedVectors.Load));
        return entries;
    }
}

using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;

namespace Panicode.Crypto.Vectors.Rijndael;

/// <summary>A vector file, the number of cases it holds, and how to load it.</summary>
public sealed class VectorFileEntry
{
    public VectorFileEntry(string family, string name, int expectedCases, bool builtInAesCanRun, Func<VectorSuite<Func<SymmetricAlgorithm>>> load)
    {
        Family = family;
        Name = name;
        ExpectedCases = expectedCases;
        BuiltInAesCanRun = builtInAesCanRun;
        Load = load;
    }

    /// <summary>Group of files (one xUnit class each): Aesavs, Submission, Gladman, Nessie, Misc.</summary>
    public string Family { get; }

    public string Name { get; }

    /// <summary>
    /// How many cases the file holds, counted independently of the reader (records in the file),
    /// so a reader that silently drops records fails.
    /// </summary>
    public int ExpectedCases { get; }

    /// <summary>
    /// True when every case uses only what the built-in <c>Aes</c> supports (128-bit block;
    /// ECB, CBC, CFB8, CFB128): such files also run against it to validate the readers themselves.
    /// </summary>
    public bool BuiltInAesCanRun { get; }

    public Func<VectorSuite<Func<SymmetricAlgorithm>>> Load { get; }

    public override string ToString() => Name;
}

/// <summary>Every Rijndael/AES vector file the suites run, shared by the xUnit tests and the Mono runner.</summary>
public static class RijndaelVectorCatalog
{
    public const string Aesavs = "Aesavs";
    public const string Submission = "Submission";
    public const string Gladman = "Gladman";
    public const string Nessie = "Nessie";
    public const string Misc = "Misc";

    private static readonly Lazy<IReadOnlyList<VectorFileEntry>> s_all = new(Build);

    public static IReadOnlyList<VectorFileEntry> All => s_all.Value;

    /// <summary>
    /// Every Rijndael suite, for the Mono runner: the files of <see cref="All"/> and the RijndaelManaged
    /// records (the xUnit tests go through <see cref="All"/> and RijndaelManagedCompatibilityTests).
    /// </summary>
    [SuiteCatalog("Rijndael")]
    public static IEnumerable<VectorSuite<Func<SymmetricAlgorithm>>> Suites() =>
        All.Select(e => e.Load()).Append(RijndaelManagedVectors.Load());

    public static IEnumerable<VectorFileEntry> OfFamily(string family) => All.Where(e => e.Family == family);

    public static VectorFileEntry Find(string name) =>
        All.FirstOrDefault(e => e.Name == name) ?? throw new ArgumentException("No vector file named " + name, nameof(name));

    private static IReadOnlyList<VectorFileEntry> Build()
    {
        List<VectorFileEntry> entries = new();

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
                    entries.Add(new VectorFileEntry(Aesavs, file, aesavsCounts[test][k], mode != "OFB", () => AesavsVectors.Load(file)));
                }
            }
        }

        // AES submission: I= records (three KEYSIZE sections per file).
        int[] submissionCounts = { 384, 576, 384, 1200, 1200, 1200, 1200 };
        for (int i = 0; i < SubmissionVectors.SubmissionFiles.Length; i++)
        {
            string file = SubmissionVectors.SubmissionFiles[i];
            entries.Add(new VectorFileEntry(Submission, file, submissionCounts[i], true, () => SubmissionVectors.LoadSubmission(file)));
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
            entries.Add(new VectorFileEntry(Gladman, file, count, true, () => SubmissionVectors.LoadGladman(file)));
        }

        // NESSIE: "Set N, vector# M" records; only the 128-bit-block file is plain AES-256.
        int[] nessieCounts = { 1284, 1412, 1540 };
        for (int i = 0; i < NessieVectors.Files.Length; i++)
        {
            string file = NessieVectors.Files[i];
            entries.Add(new VectorFileEntry(Nessie, file, nessieCounts[i], i == 0, () => NessieVectors.Load(file)));
        }

        entries.Add(new VectorFileEntry(Misc, MiscVectors.BotanAes, 1353, true, MiscVectors.LoadBotanAes));
        entries.Add(new VectorFileEntry(Misc, MiscVectors.CryptoppRijndael, 9, true, MiscVectors.LoadCryptoppRijndael));
        entries.Add(new VectorFileEntry(Misc, MiscVectors.Derived, 25, false, MiscVectors.LoadDerived));

        // 44 records: 23 run (SP 800-38A ECB 3, CBC 3, CFB8 3, CFB128 3, OFB 3; RFC 3602 4;
        // Crypto++ long ECB, CBC, CFB, OFB 4) and 21 skipped by name (CTR 13, XTS 8).
        entries.Add(new VectorFileEntry(Misc, MiscVectors.Sp80038A, 23, false, MiscVectors.LoadSp80038A));
        entries.Add(new VectorFileEntry(Misc, MiscVectors.Rfc3962, 6, false, MiscVectors.LoadRfc3962));
        entries.Add(new VectorFileEntry(Misc, WycheproofVectors.AesCbcPkcs5, 216, true, WycheproofVectors.LoadAesCbcPkcs5));
        return entries;
    }
}

using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.Vectors.Formats;
using Panicode.Crypto.Vectors.Symmetric;

namespace Panicode.Crypto.Vectors.TripleDes;

/// <summary>
/// The NIST CAVP TDES response files (vectors/tdes, from pyca's cryptography_vectors; SOURCES.md): the known-answer
/// tests (invperm, permop, subtab, varkey, vartext) and multi-block message tests (MMT1..3) of TECB, TCBC, TCFB8,
/// TCFB64 and TOFB, with the number of records each holds (taken with grep -c '^COUNT', both sections).
/// </summary>
/// <remarks>
/// The directory's other 48 files are for modes this library does not offer and are listed in
/// <see cref="ModesNotOffered"/>: the interleaved and pipelined TDEA modes of ANSI X9.52 (TCBC-I, TCFB-P, TOFB-I,
/// which SP 800-67 no longer lists) and 1-bit CFB (the mode layer's CFB takes whole bytes). A KAT record has one key
/// (KEYs, used as K1 = K2 = K3: single DES), which is weak; such a record is checked through CreateEncryptor(key, iv)
/// and CreateDecryptor(key, iv), which take it as the built-in TripleDES does, and setting it as Key must throw
/// <see cref="CryptographicException"/>, as there.
/// </remarks>
public static class TripleDesSuites
{
    /// <summary>The one group of Triple DES files.</summary>
    public const string Group = "TripleDes";

    private const int BlockBits = 64;

    private static readonly string[] s_fields = { "KEYs", "KEY1", "KEY2", "KEY3", "IV", "PLAINTEXT", "CIPHERTEXT" };

    private static readonly (string Directory, string Prefix, CipherMode Mode, int Feedback)[] s_modes =
    {
        ("ECB", "TECB", CipherMode.ECB, 0),
        ("CBC", "TCBC", CipherMode.CBC, 0),
        ("CFB", "TCFB8", CipherMode.CFB, 8),
        ("CFB", "TCFB64", CipherMode.CFB, 64),
        ("OFB", "TOFB", CipherMode.OFB, 0),
    };

    // Records per file kind (the same in every mode).
    private static readonly (string Kind, int Count)[] s_kinds =
    {
        ("MMT1", 20), ("MMT2", 20), ("MMT3", 20), ("invperm", 128), ("permop", 64), ("subtab", 38), ("varkey", 112), ("vartext", 128),
    };

    public static IReadOnlyList<VectorSuiteSource<Func<SymmetricAlgorithm>>> All { get; } =
        s_modes.SelectMany(m => s_kinds.Select(k => Suite($"tdes/{m.Directory}/{m.Prefix}{k.Kind}.rsp", k.Count, m.Mode, m.Feedback))).ToArray();

    /// <summary>The files of the directory whose modes the library does not offer (see the remarks).</summary>
    public static IReadOnlyList<string> ModesNotOffered { get; } =
        new[] { "CBC/TCBCI", "CFB/TCFB1", "CFB/TCFBP1", "CFB/TCFBP8", "CFB/TCFBP64", "OFB/TOFBI" }
            .SelectMany(p => s_kinds.Select(k => $"tdes/{p}{k.Kind}.rsp")).ToArray();

    /// <summary>Every Triple DES suite, loaded (each load checks its case count), for the Mono runner.</summary>
    [SuiteCatalog("TripleDes")]
    public static IEnumerable<VectorSuite<Func<SymmetricAlgorithm>>> Catalog() => All.Select(source => source.Load());

    /// <summary>The suite named <paramref name="name"/> (a path under vectors/).</summary>
    public static VectorSuiteSource<Func<SymmetricAlgorithm>> Get(string name) => All.Single(s => s.Name == name);

    private static VectorSuiteSource<Func<SymmetricAlgorithm>> Suite(string path, int count, CipherMode mode, int feedback) =>
        CipherSuites.Cases(Group, path, count, () => Read(path, mode, feedback));

    private static List<VectorCase<Func<SymmetricAlgorithm>>> Read(string path, CipherMode mode, int feedback)
    {
        List<VectorCase<Func<SymmetricAlgorithm>>> cases = new();
        foreach (TextRecord record in TextRecordReader.Read(path, "COUNT", onlyFields: s_fields))
        {
            if (record.Section is not ("ENCRYPT" or "DECRYPT"))
            {
                throw new FormatException($"{path}:{record.Line}: unexpected section [{record.Section}].");
            }

            byte[] key = record.Has("KEYs")
                ? Enumerable.Repeat(record.Bytes("KEYs"), 3).SelectMany(k => k).ToArray()
                : record.Bytes("KEY1").Concat(record.Bytes("KEY2")).Concat(record.Bytes("KEY3")).ToArray();
            CipherVector vector = new(
                $"{path}:{record.Line} ({record.Section} COUNT = {record.Text("COUNT")})",
                new CipherSetup(mode, BlockBits, feedback),
                key,
                mode == CipherMode.ECB ? null : record.Bytes("IV"),
                record.Bytes("PLAINTEXT"),
                record.Bytes("CIPHERTEXT"));
            cases.Add(new VectorCase<Func<SymmetricAlgorithm>>(vector.Id, create => Check(create, vector)));
        }

        return cases;
    }

    private static void Check(Func<SymmetricAlgorithm> create, CipherVector vector)
    {
        if (!TripleDES.IsWeakKey(vector.Key))
        {
            CipherChecks.CheckKnownAnswer(create, vector);
            return;
        }

        // Single DES through TDEA: the transforms take the key, the Key property refuses it.
        Expect.Equal(vector.Ciphertext, CipherRun.Transform(create, vector.Setup, true, vector.Key, vector.Iv, vector.Plaintext), "encrypt (transform)");
        Expect.Equal(vector.Plaintext, CipherRun.Transform(create, vector.Setup, false, vector.Key, vector.Iv, vector.Ciphertext), "decrypt (transform)");
        using SymmetricAlgorithm algorithm = create();
        Expect.Throws<CryptographicException>(() => algorithm.Key = vector.Key, "setting a weak key as Key");
    }
}

using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.Vectors.Formats;
using Panicode.Crypto.Vectors.Symmetric;

namespace Panicode.Crypto.Vectors.CipherUnicorn;

/// <summary>
/// The CIPHERUNICORN-A vector files (vectors/cipherunicorn-a/SOURCE.md): no official vectors exist, so the suite is a
/// cross-check against an independent implementation of NEC's specification, and the DarkCrypt values are read only
/// to show that they are not reproduced. The counts were taken from the files with grep, not from the readers.
/// </summary>
public static class CipherUnicornASuites
{
    /// <summary>The one group of CIPHERUNICORN-A files.</summary>
    public const string Group = "CipherUnicornA";

    /// <summary>The DarkCrypt-derived values (not conformant, see the file's header).</summary>
    public const string DarkCryptFile = "cipherunicorn-a/UNOFFICIAL_darkcrypt_derived_vectors.txt";

    public static IReadOnlyList<VectorSuiteSource<Func<SymmetricAlgorithm>>> All { get; } = new[]
    {
        // 10 records per key size, generated with the ReversingID implementation of the specification.
        CipherSuites.KnownAnswers(
            Group,
            "cipherunicorn-a/reversingid_crosscheck.vec",
            30,
            () => EcbKatFiles.ReadBotanVec("cipherunicorn-a/reversingid_crosscheck.vec", "CIPHERUNICORN-A")),
    };

    /// <summary>Every CIPHERUNICORN-A suite, loaded (each load checks its case count), for the Mono runner.</summary>
    [SuiteCatalog("CipherUnicornA")]
    public static IEnumerable<VectorSuite<Func<SymmetricAlgorithm>>> Catalog() => All.Select(source => source.Load());

    /// <summary>The suite named <paramref name="name"/> (a path under vectors/).</summary>
    public static VectorSuiteSource<Func<SymmetricAlgorithm>> Get(string name) => All.Single(s => s.Name == name);

    /// <summary>The records of <see cref="DarkCryptFile"/>: "K = ", "P = ", "C = " lines, '#' comments.</summary>
    public static List<CipherVector> ReadDarkCrypt()
    {
        List<CipherVector> vectors = new();
        string? key = null, plaintext = null;
        TextLine start = default;
        foreach (TextLine line in TextLine.Read(DarkCryptFile))
        {
            if (line.IsBlank || line.Text[0] == '#')
            {
                continue;
            }

            if (!line.TrySplit('=', out string name, out string value))
            {
                throw line.Error("expected 'name = value'.");
            }

            switch (name)
            {
                case "K":
                    start = line;
                    key = value;
                    break;
                case "P":
                    plaintext = value;
                    break;
                case "C":
                    vectors.Add(CipherVector.Ecb(
                        start.Location,
                        Hex.Decode(key ?? throw line.Error("C before K.")),
                        Hex.Decode(plaintext ?? throw line.Error("C before P.")),
                        Hex.Decode(value)));
                    key = plaintext = null;
                    break;
                default:
                    throw line.Error($"unknown field '{name}'.");
            }
        }

        return vectors;
    }
}

using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.Vectors.Formats;
using Panicode.Crypto.Vectors.Symmetric;

namespace Panicode.Crypto.Vectors.Misty1;

/// <summary>
/// The MISTY1 vector files (vectors/misty1/SOURCE.md says where they come from), with the number of cases each holds.
/// The counts were taken from the files with grep, not from the reader.
/// </summary>
public static class Misty1Suites
{
    /// <summary>The one group of MISTY1 files.</summary>
    public const string Group = "Misty1";

    private const int BlockBits = 64;

    public static IReadOnlyList<VectorSuiteSource<Func<SymmetricAlgorithm>>> All { get; } = new[]
    {
        // RFC 2994 Appendix A: the two-block ECB example and the CBC example.
        CipherSuites.KnownAnswers(Group, "misty1/rfc2994_ecb.txt", 1, () => NistModeFile.Read("misty1/rfc2994_ecb.txt", CipherMode.ECB, blockSize: BlockBits)),
        CipherSuites.KnownAnswers(Group, "misty1/rfc2994_cbc.txt", 1, () => NistModeFile.Read("misty1/rfc2994_cbc.txt", CipherMode.CBC, blockSize: BlockBits)),

        // Botan's test data: 31 one-block records.
        CipherSuites.KnownAnswers(Group, "misty1/misty.vec", 31, () => EcbKatFiles.ReadBotanVec("misty1/misty.vec", "MISTY1", BlockBits)),

        // NESSIE Sets 1-3: 448 records under "variant = misty1".
        CipherSuites.KnownAnswers(Group, "misty1/misty.vectors", 448, () => VictorFile.Read("misty1/misty.vectors", "variant = misty1")),
    };

    /// <summary>Every MISTY1 suite, loaded (each load checks its case count), for the Mono runner.</summary>
    [SuiteCatalog("Misty1")]
    public static IEnumerable<VectorSuite<Func<SymmetricAlgorithm>>> Catalog() => All.Select(source => source.Load());

    /// <summary>The suite named <paramref name="name"/> (a path under vectors/).</summary>
    public static VectorSuiteSource<Func<SymmetricAlgorithm>> Get(string name) => All.Single(s => s.Name == name);
}

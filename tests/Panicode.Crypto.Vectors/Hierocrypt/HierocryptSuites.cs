using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.Vectors.Formats;
using Panicode.Crypto.Vectors.Symmetric;

namespace Panicode.Crypto.Vectors.Hierocrypt;

/// <summary>
/// The Hierocrypt-3 vector files (vectors/hierocrypt/SOURCE.md says where they come from), with the number of cases
/// each holds. The counts were taken from the files with grep, not from the reader.
/// </summary>
public static class Hierocrypt3Suites
{
    /// <summary>The one group of Hierocrypt-3 files.</summary>
    public const string Group = "Hierocrypt3";

    public static IReadOnlyList<VectorSuiteSource<Func<SymmetricAlgorithm>>> All { get; } = new[]
    {
        // NESSIE Sets 1-4 for 128-, 192- and 256-bit keys: 514 + 578 + 642 records under "variant = 3".
        CipherSuites.KnownAnswers(Group, "hierocrypt/hierocrypt.vectors", 1734, () => VictorFile.Read("hierocrypt/hierocrypt.vectors", "variant = 3")),
    };

    /// <summary>Every Hierocrypt-3 suite, loaded (each load checks its case count), for the Mono runner.</summary>
    [SuiteCatalog("Hierocrypt3")]
    public static IEnumerable<VectorSuite<Func<SymmetricAlgorithm>>> Catalog() => All.Select(source => source.Load());

    /// <summary>The suite named <paramref name="name"/> (a path under vectors/).</summary>
    public static VectorSuiteSource<Func<SymmetricAlgorithm>> Get(string name) => All.Single(s => s.Name == name);
}

/// <summary>The Hierocrypt-L1 vector files (vectors/hierocrypt/SOURCE.md), with the number of cases each holds.</summary>
public static class HierocryptL1Suites
{
    /// <summary>The one group of Hierocrypt-L1 files.</summary>
    public const string Group = "HierocryptL1";

    public static IReadOnlyList<VectorSuiteSource<Func<SymmetricAlgorithm>>> All { get; } = new[]
    {
        // NESSIE Sets 1-4 for the 128-bit key and 64-bit block: 450 records under "variant = 1".
        CipherSuites.KnownAnswers(Group, "hierocrypt/hierocrypt.vectors", 450, () => VictorFile.Read("hierocrypt/hierocrypt.vectors", "variant = 1")),
    };

    /// <summary>Every Hierocrypt-L1 suite, loaded (each load checks its case count), for the Mono runner.</summary>
    [SuiteCatalog("HierocryptL1")]
    public static IEnumerable<VectorSuite<Func<SymmetricAlgorithm>>> Catalog() => All.Select(source => source.Load());

    /// <summary>The suite named <paramref name="name"/> (a path under vectors/).</summary>
    public static VectorSuiteSource<Func<SymmetricAlgorithm>> Get(string name) => All.Single(s => s.Name == name);
}

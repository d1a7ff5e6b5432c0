using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.Vectors.Formats;
using Panicode.Crypto.Vectors.Symmetric;

namespace Panicode.Crypto.Vectors.Sc2000;

/// <summary>
/// The SC2000 vector files (vectors/sc2000/SOURCE.md says where they come from), with the number of cases each holds.
/// The counts were taken from the files with grep, not from the reader.
/// </summary>
public static class Sc2000Suites
{
    /// <summary>The one group of SC2000 files.</summary>
    public const string Group = "Sc2000";

    public static IReadOnlyList<VectorSuiteSource<Func<SymmetricAlgorithm>>> All { get; } = new[]
    {
        // NESSIE Sets 1-3 for 128-, 192- and 256-bit keys: 576 records each.
        CipherSuites.KnownAnswers(Group, "sc2000/sc2000.vectors", 1728, () => VictorFile.Read("sc2000/sc2000.vectors")),
    };

    /// <summary>Every SC2000 suite, loaded (each load checks its case count), for the Mono runner.</summary>
    [SuiteCatalog("Sc2000")]
    public static IEnumerable<VectorSuite<Func<SymmetricAlgorithm>>> Catalog() => All.Select(source => source.Load());

    /// <summary>The suite named <paramref name="name"/> (a path under vectors/).</summary>
    public static VectorSuiteSource<Func<SymmetricAlgorithm>> Get(string name) => All.Single(s => s.Name == name);
}

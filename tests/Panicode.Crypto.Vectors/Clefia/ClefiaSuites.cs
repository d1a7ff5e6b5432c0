using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.Vectors.Formats;
using Panicode.Crypto.Vectors.Symmetric;

namespace Panicode.Crypto.Vectors.Clefia;

/// <summary>
/// The CLEFIA vector files (vectors/clefia/SOURCE.md says where they come from), with the number of cases each holds.
/// The counts were taken from the files with grep, not from the reader.
/// </summary>
public static class ClefiaSuites
{
    /// <summary>The one group of CLEFIA files.</summary>
    public const string Group = "Clefia";

    /// <summary>Where the Monte-Carlo chains start in clefia.vectors: after 3 RFC, 384 variable-text and 576 variable-key records.</summary>
    public const int MonteCarloStart = 3 + 384 + 576;

    /// <summary>Sony's Monte-Carlo test: 10 chains of 128 steps for each of the three key sizes.</summary>
    public const int MonteCarloChains = 30;

    /// <summary>The steps of one Monte-Carlo chain.</summary>
    public const int MonteCarloChainLength = 128;

    public static IReadOnlyList<VectorSuiteSource<Func<SymmetricAlgorithm>>> All { get; } = new[]
    {
        // RFC 6114 Appendix A, then Sony's CRYPTREC variable-text and variable-key KATs and Monte-Carlo chains.
        CipherSuites.KnownAnswers(Group, "clefia/clefia.vectors", 4803, () => VictorFile.Read("clefia/clefia.vectors")),
    };

    /// <summary>Every CLEFIA suite, loaded (each load checks its case count), for the Mono runner.</summary>
    [SuiteCatalog("Clefia")]
    public static IEnumerable<VectorSuite<Func<SymmetricAlgorithm>>> Catalog() => All.Select(source => source.Load());

    /// <summary>The suite named <paramref name="name"/> (a path under vectors/).</summary>
    public static VectorSuiteSource<Func<SymmetricAlgorithm>> Get(string name) => All.Single(s => s.Name == name);
}

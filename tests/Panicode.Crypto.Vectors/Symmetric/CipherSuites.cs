using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;

namespace Panicode.Crypto.Vectors.Symmetric;

/// <summary>Catalog entries for block-cipher vector files, shared by the Rijndael and Camellia catalogs.</summary>
public static class CipherSuites
{
    /// <summary>A file of known answers: each vector the reader returns is one <see cref="CipherChecks.KnownAnswer"/> case.</summary>
    public static VectorSuiteSource<Func<SymmetricAlgorithm>> KnownAnswers(string group, string name, int expectedCount, Func<IEnumerable<CipherVector>> read)
        => new(group, name, expectedCount, () => read().Select(CipherChecks.KnownAnswer).ToList());

    /// <summary>A file whose reader builds its own cases (Monte-Carlo records, expected failures, format-specific checks).</summary>
    public static VectorSuiteSource<Func<SymmetricAlgorithm>> Cases(
        string group, string name, int expectedCount, Func<IReadOnlyList<VectorCase<Func<SymmetricAlgorithm>>>> load)
        => new(group, name, expectedCount, load);
}

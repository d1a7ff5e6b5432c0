using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.Vectors.Formats;
using Panicode.Crypto.Vectors.Symmetric;

namespace Panicode.Crypto.Vectors.CipherUnicorn;

/// <summary>
/// The CIPHERUNICORN-E vector file (vectors/cipherunicorn-e/SOURCE.md): the ISO/IEC 9979 register's reference vector and
/// 81 records generated with the register's reference implementation. The count was taken from the file with grep,
/// not from the reader.
/// </summary>
public static class CipherUnicornESuites
{
    /// <summary>The one group of CIPHERUNICORN-E files.</summary>
    public const string Group = "CipherUnicornE";

    public static IReadOnlyList<VectorSuiteSource<Func<SymmetricAlgorithm>>> All { get; } = new[]
    {
        // 1 "Reference" + 17 "Variable Key" + 64 "Variable text" records (82 "c:" lines).
        CipherSuites.KnownAnswers(Group, "cipherunicorn-e/unicorn-e.vectors", 82, () => VictorFile.Read("cipherunicorn-e/unicorn-e.vectors")),
    };

    /// <summary>Every CIPHERUNICORN-E suite, loaded (each load checks its case count), for the Mono runner.</summary>
    [SuiteCatalog("CipherUnicornE")]
    public static IEnumerable<VectorSuite<Func<SymmetricAlgorithm>>> Catalog() => All.Select(source => source.Load());

    /// <summary>The suite named <paramref name="name"/> (a path under vectors/).</summary>
    public static VectorSuiteSource<Func<SymmetricAlgorithm>> Get(string name) => All.Single(s => s.Name == name);
}

using System;
using System.Collections.Generic;

namespace Panicode.Crypto.Vectors;

/// <summary>
/// A vector file as a suite runner sees it: its name, how many cases it holds (counted independently of the reader,
/// so a reader that silently drops vectors fails), how to load its cases and the group it is listed in (the xUnit
/// tests run one theory per group, so groups run in parallel). Every algorithm's catalog lists its files as these.
/// </summary>
public sealed class VectorSuiteSource<TSubject>
{
    private readonly Func<IReadOnlyList<VectorCase<TSubject>>> _load;

    public VectorSuiteSource(string group, string name, int expectedCount, Func<IReadOnlyList<VectorCase<TSubject>>> load)
    {
        Group = group;
        Name = name;
        ExpectedCount = expectedCount;
        _load = load;
    }

    /// <summary>The catalog's group of files (for example "Aesavs" or "Nessie").</summary>
    public string Group { get; }

    /// <summary>The file (usually its path under vectors/); also the suite's name in failure messages.</summary>
    public string Name { get; }

    public int ExpectedCount { get; }

    /// <summary>Reads the cases; a count other than <see cref="ExpectedCount"/> is an error, whichever runner asks.</summary>
    public VectorSuite<TSubject> Load()
    {
        IReadOnlyList<VectorCase<TSubject>> cases = _load();
        if (cases.Count != ExpectedCount)
        {
            throw new FormatException($"{Name}: read {cases.Count} cases, the file holds {ExpectedCount}.");
        }

        return new VectorSuite<TSubject>(Name, cases);
    }

    public override string ToString() => Name;
}

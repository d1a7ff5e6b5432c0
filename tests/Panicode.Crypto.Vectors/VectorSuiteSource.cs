using System;
using System.Collections.Generic;

namespace Panicode.Crypto.Vectors;

/// <summary>
/// A vector file as a suite runner sees it: its name, how many cases it holds (counted independently of the reader,
/// so a reader that silently drops vectors fails) and how to load its cases.
/// </summary>
public sealed class VectorSuiteSource<TSubject>
{
    private readonly Func<IReadOnlyList<VectorCase<TSubject>>> _load;

    public VectorSuiteSource(string name, int expectedCount, Func<IReadOnlyList<VectorCase<TSubject>>> load)
    {
        Name = name;
        ExpectedCount = expectedCount;
        _load = load;
    }

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

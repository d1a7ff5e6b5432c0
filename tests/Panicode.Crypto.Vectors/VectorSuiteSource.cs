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

    public VectorSuite<TSubject> Load() => new(Name, _load());

    public override string ToString() => Name;
}

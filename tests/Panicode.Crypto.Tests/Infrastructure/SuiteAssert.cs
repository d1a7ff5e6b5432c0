using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.Vectors;

namespace Panicode.Crypto.Tests.Infrastructure;

public static class SuiteAssert
{
    /// <summary>Runs every case of <paramref name="suite"/> and fails listing (up to 20 of) the mismatches.</summary>
    public static void AllPass<T>(VectorSuite<T> suite, T subject, int expectedCount)
    {
        Assert.Equal(expectedCount, suite.Cases.Count);
        SuiteResult result = suite.Run(subject);
        Assert.True(
            result.Failures.Count == 0,
            $"{result.Failures.Count} of {suite.Cases.Count} failed:\n" + string.Join("\n", result.Failures.Take(20)));
        Assert.Equal(expectedCount, result.Passed);
    }

    /// <summary>Loads a vector file (which checks its case count) and runs every case over <paramref name="subject"/>.</summary>
    public static void AllPass<T>(VectorSuiteSource<T> source, T subject) => AllPass(source.Load(), subject, source.ExpectedCount);

    /// <summary>Theory rows: every flavour x every vector file (by name; the test finds the file in its catalog).</summary>
    public static TheoryData<Implementation<T>, string> Rows<T>(
        IEnumerable<Implementation<T>> implementations, IEnumerable<VectorSuiteSource<Func<T>>> files)
        where T : class
    {
        TheoryData<Implementation<T>, string> rows = new();
        foreach (Implementation<T> implementation in implementations.Where(Implementations.Kept))
        {
            foreach (VectorSuiteSource<Func<T>> file in files)
            {
                rows.Add(implementation, file.Name);
            }
        }

        return rows;
    }
}

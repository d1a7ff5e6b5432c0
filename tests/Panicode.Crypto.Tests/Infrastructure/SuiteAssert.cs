using System.Linq;
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
}

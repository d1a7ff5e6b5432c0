using System;
using System.Diagnostics;

namespace Panicode.Crypto.Benchmarks.Infrastructure;

/// <summary>The one timed round of the Stopwatch harnesses (the evaluation, --symmetric-goals).</summary>
internal static class Timing
{
    /// <summary>
    /// Calls <paramref name="action"/> in batches of eight until <paramref name="seconds"/> have passed and returns the
    /// seconds per call. Callers warm up first and keep the fastest of several rounds (interference only slows a round).
    /// </summary>
    public static double SecondsPerCall(Action action, double seconds)
    {
        long calls = 0;
        Stopwatch watch = Stopwatch.StartNew();
        do
        {
            for (int i = 0; i < 8; i++)
            {
                action();
            }

            calls += 8;
        }
        while (watch.Elapsed.TotalSeconds < seconds);

        return watch.Elapsed.TotalSeconds / calls;
    }
}

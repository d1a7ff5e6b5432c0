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

    /// <summary>A warm-up call and round, then the fewest seconds per call of <paramref name="rounds"/> rounds of <paramref name="seconds"/> each.</summary>
    public static double FastestSecondsPerCall(Action action, double seconds, int rounds)
    {
        double fastest = double.MaxValue;
        for (int round = 0; round <= rounds; round++)
        {
            action();
            double perCall = SecondsPerCall(action, seconds);
            if (round > 0)
            {
                fastest = Math.Min(fastest, perCall);
            }
        }

        return fastest;
    }
}

using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.Threading;
using Panicode.Crypto.BlockCiphers.Camellia;
using Panicode.Crypto.Modes;
using Panicode.Crypto.Unsafe.BlockCiphers.Camellia;
using Panicode.Crypto.Ablation.Camellia;

namespace Panicode.Crypto.Benchmarks.Ablation;

/// <summary>
/// <c>-- --camellia-interleaved</c>: the Camellia ablation measured for a shared, noisy machine. BenchmarkDotNet
/// measures one case after another, so load from other processes lands on whichever case runs at the time (two
/// cases with identical code differed by 2× in one run). Here every variant runs once per round, the rounds are
/// repeated, and each variant keeps its fastest round: interference only ever slows a round down, so the minimum
/// converges to the undisturbed time, and all variants see the same conditions.
/// </summary>
public static class CamelliaInterleavedAblation
{
    private const int Rounds = 60;
    private const int WarmupRounds = 3;

    public static void Run()
    {
        byte[] input = TestData(1 << 18, 2);
        byte[] output = new byte[input.Length];
        // A first pass whose results are dropped: until it has run, some instantiations are not yet at their
        // final tier (the first printed pass otherwise showed NoPointers 30 % slower than a later identical one).
        Fastest(Cores(TestData(16, 1)), input, output);
        foreach (int keyBytes in new[] { 16, 32 })
        {
            List<(string Name, BlockCipher Core)> cores = Cores(TestData(keyBytes, 1));
            double[,] best = Fastest(cores, input, output);
            Console.WriteLine($"Camellia, {keyBytes * 8}-bit key, ECB over {input.Length / 1024} KiB: fastest of {Rounds - WarmupRounds} interleaved rounds");
            Console.WriteLine("| Variant | encrypt MB/s | time / AllTechniques | decrypt MB/s | time / AllTechniques |");
            Console.WriteLine("|---|---:|---:|---:|---:|");
            for (int i = 0; i < cores.Count; i++)
            {
                Console.WriteLine(string.Create(
                    CultureInfo.InvariantCulture,
                    $"| {cores[i].Name} | {input.Length / best[i, 0] / 1e6:F1} | {best[i, 0] / best[0, 0]:F2} | {input.Length / best[i, 1] / 1e6:F1} | {best[i, 1] / best[0, 1]:F2} |"));
                cores[i].Core.Dispose();
            }

            Console.WriteLine();
        }

        KeySchedules();
    }

    private static List<(string Name, BlockCipher Core)> Cores(byte[] key)
    {
        List<(string Name, BlockCipher Core)> cores = new();
        foreach (CamelliaAblation variant in (CamelliaAblation[])Enum.GetValues(typeof(CamelliaAblation)))
        {
            cores.Add((variant.ToString(), new CamelliaAblationCore(key, variant)));
        }

        cores.Add(("Shipping (CamelliaPortableCore)", new CamelliaPortableCore(key)));
        cores.Add(("Reference (CamelliaCore)", new CamelliaCore(key)));
        return cores;
    }

    private static double[,] Fastest(List<(string Name, BlockCipher Core)> cores, byte[] input, byte[] output)
    {
        double[,] best = new double[cores.Count, 2];
        for (int i = 0; i < cores.Count; i++)
        {
            best[i, 0] = best[i, 1] = double.MaxValue;
        }

        // Enough calls for tiered compilation to promote every instantiation, and time for it to finish.
        for (int call = 0; call < 100; call++)
        {
            foreach ((_, BlockCipher core) in cores)
            {
                core.Encrypt(input.AsSpan(0, 1024), output);
                core.Decrypt(input.AsSpan(0, 1024), output);
            }
        }

        Thread.Sleep(500);
        for (int round = 0; round < Rounds; round++)
        {
            for (int i = 0; i < cores.Count; i++)
            {
                for (int direction = 0; direction < 2; direction++)
                {
                    long start = Stopwatch.GetTimestamp();
                    if (direction == 0)
                    {
                        cores[i].Core.Encrypt(input, output);
                    }
                    else
                    {
                        cores[i].Core.Decrypt(input, output);
                    }

                    double seconds = (Stopwatch.GetTimestamp() - start) / (double)Stopwatch.Frequency;
                    if (round >= WarmupRounds)
                    {
                        best[i, direction] = Math.Min(best[i, direction], seconds);
                    }
                }
            }
        }

        return best;
    }

    private static void KeySchedules()
    {
        const int Calls = 2000;
        Console.WriteLine($"Camellia key schedule alone: ns per call, fastest of {Rounds * 3} interleaved rounds of {Calls} calls");
        Console.WriteLine("| Variant | key 128 | key 192 | key 256 |");
        Console.WriteLine("|---|---:|---:|---:|");
        string[] names =
        {
            "Reference ExpandKey + ReverseSchedule (Unsafe core before)",
            "Reference ExpandKey",
            "Unsafe CamelliaKeySchedule.Expand (Unsafe core now)",
            "new CamelliaPortableCore(key)",
        };
        double[,] best = new double[names.Length, 3];
        for (int size = 0; size < 3; size++)
        {
            byte[] key = TestData(16 + (8 * size), 3);
            Func<object>[] cases =
            {
                () => CamelliaSpec.ReverseSchedule(CamelliaCore.ExpandKey(key)),
                () => CamelliaCore.ExpandKey(key),
                () => CamelliaKeySchedule.Expand(key),
                () => new CamelliaPortableCore(key),
            };
            for (int i = 0; i < cases.Length; i++)
            {
                best[i, size] = double.MaxValue;
            }

            for (int round = 0; round < Rounds * 3; round++)
            {
                for (int i = 0; i < cases.Length; i++)
                {
                    long start = Stopwatch.GetTimestamp();
                    for (int call = 0; call < Calls; call++)
                    {
                        GC.KeepAlive(cases[i]());
                    }

                    double nanoseconds = (Stopwatch.GetTimestamp() - start) * 1e9 / Stopwatch.Frequency / Calls;
                    if (round >= WarmupRounds)
                    {
                        best[i, size] = Math.Min(best[i, size], nanoseconds);
                    }
                }
            }
        }

        for (int i = 0; i < names.Length; i++)
        {
            Console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"| {names[i]} | {best[i, 0]:F1} | {best[i, 1]:F1} | {best[i, 2]:F1} |"));
        }
    }

    private static byte[] TestData(int length, int seed) => Symmetric.TestData.Bytes(length, seed);
}

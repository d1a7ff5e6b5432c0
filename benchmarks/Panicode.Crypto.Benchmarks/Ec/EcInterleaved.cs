using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Runtime.InteropServices;
using System.Security.Cryptography;
using System.Text;
using Panicode.Crypto.Benchmarks.Infrastructure;
using Panicode.Crypto.Benchmarks.Symmetric;

namespace Panicode.Crypto.Benchmarks.Ec;

/// <summary>
/// <c>-- --ec-interleaved</c>: sign, verify, key generation and ECDH on every curve for Reference, Unsafe,
/// BouncyCastle.Cryptography, OpenSSL (the built-in <see cref="ECDsa"/>/<see cref="ECDiffieHellman"/> on Linux) and,
/// on secp256k1, libsecp256k1 — in one run, with the implementations interleaved: each round times a batch of every
/// implementation in turn, and each keeps its fastest round (load from other processes only ever slows a round
/// down, so on a shared machine the minimum approaches the undisturbed time and every implementation sees the same
/// conditions). Prints the µs table, the goals of the EC performance work as ratios, and writes both to
/// artifacts/benchmarkdotnet/results/ec-interleaved.md.
/// </summary>
public static class EcInterleaved
{
    private const int Rounds = 60;
    private const double BatchSeconds = 0.002;
    private const double WarmupSeconds = 0.25;

    private static readonly string[] s_implementations = { "Reference", "Unsafe", "BouncyCastle 2.7", "BouncyCastle 2.7, new key object", "OpenSSL", "libsecp256k1" };

    public static void Run(IEnumerable<string> curves)
    {
        StringBuilder report = new();
        report.AppendLine(Invariant($"Runtime: {RuntimeInformation.FrameworkDescription} {RuntimeInformation.ProcessArchitecture}, {Environment.ProcessorCount} logical processors, CPU: {CpuModel()}, OS: {RuntimeInformation.OSDescription}"));
        report.AppendLine(Invariant($"Date (UTC): {DateTime.UtcNow:yyyy-MM-dd HH:mm}; OpenSSL: {OpenSslVersion()}; {Rounds} interleaved rounds of ~{BatchSeconds * 1000:F0} ms batches per implementation, fastest round kept"));
        report.AppendLine();
        report.AppendLine("µs per operation (message hash: SHA-256 size, SHA-384 size on the 384-bit curves, SHA-512 size on P-521 and brainpoolP512r1)");
        report.AppendLine();
        report.AppendLine("| curve | operation | " + string.Join(" | ", s_implementations) + " |");
        report.AppendLine("|---|---|" + string.Concat(s_implementations.Select(_ => "---:|")));
        Console.Write(report.ToString());

        Dictionary<(string Curve, EcOperation Op, string Impl), double> times = new();
        foreach (string curve in curves)
        {
            ECCurve ecCurve = CurveSpec.Curve(curve);
            byte[] hash = TestData.Bytes(CurveSpec.HashBytes(curve), 4);
            List<(string Name, EcRunner? Runner, string? Missing)> runners = new()
            {
                ("Reference", new DotNetEcRunner(PrimeEcdsa.Create(ecCurve), PrimeEcdh.Create(ecCurve), ecCurve, hash), null),
                ("Unsafe", new DotNetEcRunner(Panicode.Crypto.Unsafe.UnsafeCrypto.CreateEcdsa(ecCurve), Panicode.Crypto.Unsafe.UnsafeCrypto.CreateEcdh(ecCurve), ecCurve, hash), null),
                ("BouncyCastle 2.7", new BouncyCastleEcRunner(curve, hash), null),
                ("BouncyCastle 2.7, new key object", new BouncyCastleEcRunner(curve, hash, newKeyObjects: true), null),
                ("OpenSSL", TryBuiltIn(ecCurve, hash, out string? builtInMissing), builtInMissing),
            };
            if (curve == "secp256k1")
            {
                runners.Add(("libsecp256k1", Secp256k1EcRunner.TryCreate(hash, out string? missing), missing));
            }
            else
            {
                runners.Add(("libsecp256k1", null, ""));
            }

            foreach (EcOperation op in new[] { EcOperation.Sign, EcOperation.Verify, EcOperation.KeyGen, EcOperation.Ecdh })
            {
                List<(string Name, Action Action)> actions = runners
                    .Where(r => r.Runner != null)
                    .Select(r => (r.Name, Operation(r.Runner!, op)))
                    .ToList();
                double[] best = Fastest(actions);
                StringBuilder row = new(Invariant($"| {curve} | {op} |"));
                foreach ((string name, EcRunner? runner, string? missingReason) in runners)
                {
                    int index = actions.FindIndex(a => a.Name == name);
                    if (index < 0)
                    {
                        row.Append(Invariant($" {missingReason} |"));
                        continue;
                    }

                    times[(curve, op, name)] = best[index];
                    row.Append(Invariant($" {best[index] * 1e6:F1} |"));
                }

                Console.WriteLine(row);
                report.AppendLine(row.ToString());
            }

            foreach ((_, EcRunner? runner, _) in runners)
            {
                runner?.Dispose();
            }
        }

        string goals = Goals(times);
        Console.WriteLine();
        Console.WriteLine(goals);
        report.AppendLine().AppendLine(goals);
        string directory = Path.Combine(ArtifactsPaths.BenchmarkDotNet, "results");
        Directory.CreateDirectory(directory);
        string path = Path.Combine(directory, "ec-interleaved.md");
        File.WriteAllText(path, report.ToString());
        Console.WriteLine($"(also written to {path})");
    }

    private static EcRunner? TryBuiltIn(ECCurve curve, byte[] hash, out string? missing)
    {
        try
        {
            missing = null;
            return new DotNetEcRunner(ECDsa.Create(curve), ECDiffieHellman.Create(curve), curve, hash);
        }
        catch (Exception e) when (e is PlatformNotSupportedException or CryptographicException)
        {
            missing = "not supported";
            return null;
        }
    }

    private static Action Operation(EcRunner runner, EcOperation op) => op switch
    {
        EcOperation.Sign => runner.Sign,
        EcOperation.Verify => () =>
        {
            if (!runner.Verify())
            {
                throw new InvalidOperationException("Verification failed.");
            }
        },
        EcOperation.KeyGen => runner.GenerateKey,
        _ => runner.Agree,
    };

    /// <summary>Seconds per operation of each action: the fastest of the interleaved rounds.</summary>
    private static double[] Fastest(List<(string Name, Action Action)> actions)
    {
        int[] batch = new int[actions.Count];
        for (int i = 0; i < actions.Count; i++)
        {
            // Warm up (tiered compilation promotes the hot methods) and size the batch from the warm-up speed.
            Stopwatch sw = Stopwatch.StartNew();
            int calls = 0;
            while (sw.Elapsed.TotalSeconds < WarmupSeconds)
            {
                actions[i].Action();
                calls++;
            }

            batch[i] = Math.Max(1, (int)(BatchSeconds * calls / sw.Elapsed.TotalSeconds));
        }

        double[] best = Enumerable.Repeat(double.MaxValue, actions.Count).ToArray();
        for (int round = 0; round < Rounds; round++)
        {
            for (int i = 0; i < actions.Count; i++)
            {
                Action action = actions[i].Action;
                long start = Stopwatch.GetTimestamp();
                for (int c = 0; c < batch[i]; c++)
                {
                    action();
                }

                double perOp = (Stopwatch.GetTimestamp() - start) / (double)Stopwatch.Frequency / batch[i];
                best[i] = Math.Min(best[i], perOp);
            }
        }

        return best;
    }

    /// <summary>The goals of the EC performance work, each as the measured ratio of two times from this run.</summary>
    private static string Goals(Dictionary<(string Curve, EcOperation Op, string Impl), double> t)
    {
        StringBuilder s = new();
        s.AppendLine("| goal | measured | met? |");
        s.AppendLine("|---|---:|---|");

        void Goal(string text, string curve, EcOperation op, string numerator, string denominator, double bound, bool atLeast)
        {
            if (!t.TryGetValue((curve, op, numerator), out double a) || !t.TryGetValue((curve, op, denominator), out double b))
            {
                s.AppendLine(Invariant($"| {text} | not measured | - |"));
                return;
            }

            double ratio = a / b;
            bool met = atLeast ? ratio >= bound : ratio <= bound;
            s.AppendLine(Invariant($"| {text} | {ratio:F2} | {(met ? "yes" : "**no**")} |"));
        }

        foreach (string curve in t.Keys.Select(k => k.Curve).Distinct())
        {
            foreach (EcOperation op in new[] { EcOperation.Sign, EcOperation.Verify, EcOperation.KeyGen, EcOperation.Ecdh })
            {
                Goal($"{curve} {op}: Unsafe ≥ 2x faster than BouncyCastle (BC time / Unsafe time ≥ 2)", curve, op, "BouncyCastle 2.7", "Unsafe", 2, atLeast: true);
            }
        }

        // Context for the verify and ECDH rows: BouncyCastle with its per-key-object cache defeated (see
        // BouncyCastleEcRunner), as a verifier of many different keys sees it.
        foreach (string curve in t.Keys.Select(k => k.Curve).Distinct())
        {
            foreach (EcOperation op in new[] { EcOperation.Verify, EcOperation.Ecdh })
            {
                Goal($"{curve} {op}: Unsafe ≥ 2x faster than BouncyCastle with a new key object per call", curve, op, "BouncyCastle 2.7, new key object", "Unsafe", 2, atLeast: true);
            }
        }

        Goal("secp256r1 Sign: Unsafe within 1.5x of OpenSSL (Unsafe / OpenSSL ≤ 1.5)", "secp256r1", EcOperation.Sign, "Unsafe", "OpenSSL", 1.5, atLeast: false);
        Goal("secp256r1 Verify: Unsafe within 2x of OpenSSL (Unsafe / OpenSSL ≤ 2)", "secp256r1", EcOperation.Verify, "Unsafe", "OpenSSL", 2, atLeast: false);
        foreach (EcOperation op in new[] { EcOperation.Sign, EcOperation.Verify })
        {
            Goal($"secp256k1 {op}: Unsafe within 2x of libsecp256k1 (Unsafe / libsecp256k1 ≤ 2)", "secp256k1", op, "Unsafe", "libsecp256k1", 2, atLeast: false);
            Goal($"secp256k1 {op}: Unsafe ≥ 3x faster than OpenSSL (OpenSSL / Unsafe ≥ 3)", "secp256k1", op, "OpenSSL", "Unsafe", 3, atLeast: true);
            Goal($"secp384r1 {op}: Unsafe ≥ 2x faster than OpenSSL (OpenSSL / Unsafe ≥ 2)", "secp384r1", op, "OpenSSL", "Unsafe", 2, atLeast: true);
            Goal($"secp521r1 {op}: Unsafe within 1.5x of OpenSSL (Unsafe / OpenSSL ≤ 1.5)", "secp521r1", op, "Unsafe", "OpenSSL", 1.5, atLeast: false);
        }

        foreach (string curve in t.Keys.Select(k => k.Curve).Distinct())
        {
            foreach (EcOperation op in new[] { EcOperation.Sign, EcOperation.Verify, EcOperation.KeyGen, EcOperation.Ecdh })
            {
                Goal($"{curve} {op}: Reference no slower than BouncyCastle (Reference / BC ≤ 1)", curve, op, "Reference", "BouncyCastle 2.7", 1, atLeast: false);
            }
        }

        return s.ToString();
    }

    private static string OpenSslVersion()
    {
        if (OperatingSystem.IsWindows())
        {
            return "n/a";
        }

        try
        {
            long v = SafeEvpPKeyHandle.OpenSslVersion;
            return Invariant($"{(v >> 28) & 0xF}.{(v >> 20) & 0xFF}.{(v >> 4) & 0xFF}");
        }
        catch (PlatformNotSupportedException)
        {
            return "n/a";
        }
    }

    private static string CpuModel()
    {
        const string Prefix = "model name";
        string? line = File.Exists("/proc/cpuinfo") ? File.ReadLines("/proc/cpuinfo").FirstOrDefault(l => l.StartsWith(Prefix, StringComparison.Ordinal)) : null;
        return line == null ? "unknown" : line.Substring(line.IndexOf(':', StringComparison.Ordinal) + 1).Trim();
    }

    private static string Invariant(FormattableString s) => s.ToString(CultureInfo.InvariantCulture);
}

using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Security.Cryptography;
using System.Text;
using System.Text.Json;
using Panicode.Crypto.Ablation.Camellia;
using Panicode.Crypto.Benchmarks.Infrastructure;
using Panicode.Crypto.Ablation.Rijndael;

namespace Panicode.Crypto.Benchmarks.Evaluation;

/// <summary>
/// The evaluation's WebAssembly column: runs <c>scripts/browser-check.sh --bench</c> (the Blazor demo's self-test and
/// short benchmark in headless Chromium), reads its report, and sets it beside this process's CoreCLR numbers: the
/// CRYPTREC metrics per cipher and flavour, ECDSA/ECDH, and the ablation of the seed paper's CLI techniques measured on
/// both runtimes, which answers whether the techniques that pay on CoreCLR still pay in the browser.
/// </summary>
internal static class BrowserColumn
{
    private const double CellSeconds = 0.3;

    public static string Section(List<CryptrecEvaluation.Subject> subjects, Dictionary<(CryptrecEvaluation.Subject, string), double> best, string outputDirectory)
    {
        string header = Environment.NewLine + "## WebAssembly in Chromium (the browser demo)" + Environment.NewLine + Environment.NewLine;
        Console.WriteLine("The browser column: scripts/browser-check.sh --bench (publishes the demo for browser-wasm, then headless Chromium)");
        string? failure = RunBrowserCheck();
        string reportPath = Path.Combine(ArtifactsPaths.Root, "browser", "report.json");
        if (failure is not null || !File.Exists(reportPath))
        {
            return header + "Not measured: " + (failure ?? reportPath + " was not written") + "." + Environment.NewLine;
        }

        using JsonDocument report = JsonDocument.Parse(File.ReadAllText(reportPath));
        JsonElement root = report.RootElement;
        List<(string Algorithm, string Flavour, string Metric, double Value)> rows = root.GetProperty("benchmark").EnumerateArray()
            .Select(r => (r.GetProperty("algorithm").GetString()!, r.GetProperty("flavour").GetString()!, r.GetProperty("metric").GetString()!, r.GetProperty("value").GetDouble()))
            .ToList();
        double Value(string algorithm, string flavour, string metric) =>
            rows.Where(r => r.Algorithm == algorithm && r.Flavour == flavour && r.Metric == metric).Select(r => r.Value).DefaultIfEmpty(double.NaN).First();

        CultureInfo c = CultureInfo.InvariantCulture;
        StringBuilder r = new(header);
        int checks = root.GetProperty("checks").GetArrayLength();
        int failed = root.GetProperty("checks").EnumerateArray().Count(x => !x.GetProperty("passed").GetBoolean());
        r.AppendLine(string.Format(c,
            "`bash scripts/browser-check.sh --bench --cell {0}`, run by this command after the CoreCLR rows: the demo (`samples/Panicode.Crypto.BrowserDemo`) published for browser-wasm and opened in {1}; runtime {2}. " +
            "Its self-test ran {3} checks, {4} failed. The page measures with the same method as above (Stopwatch, each cell {5:F0} ms, the faster of two rounds; `EncryptEcb`/`DecryptEcb` one-shots), on .NET's WebAssembly runtime: " +
            "an interpreter that compiles hot traces to WebAssembly (the jiterpreter), no AOT (that needs the wasm-tools workload), and no hardware intrinsics, so the Unsafe flavour runs its portable cores. " +
            "Browser and CoreCLR numbers come from two runs of this command on the same machine, one after the other.",
            CellSeconds, root.GetProperty("chromium").GetString(), root.GetProperty("runtime").GetString(), checks, failed, CellSeconds * 1000));
        r.AppendLine();
        r.AppendLine("![ECB encryption of 1 MiB in the browser](wasm-encrypt-1048576.png)");
        r.AppendLine();
        r.AppendLine("| algorithm | flavour | key setup µs | enc 16 B MB/s | dec 16 B | enc 1,536 B | dec 1,536 B | enc 1 MiB | dec 1 MiB | CoreCLR ÷ browser, enc 1 MiB |");
        r.AppendLine("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|");
        List<(string Label, string Series, double Value)> bars = new();
        foreach ((string algorithm, string flavour) in rows.Where(x => x.Metric == "KeySetup").Select(x => (x.Algorithm, x.Flavour)).ToList())
        {
            r.Append(string.Format(c, "| {0} | {1} | {2:F2} |", algorithm, flavour, Value(algorithm, flavour, "KeySetup")));
            foreach (int size in new[] { 16, 1536, 1048576 })
            {
                r.Append(string.Format(c, " {0:F2} | {1:F2} |", Value(algorithm, flavour, "Encrypt" + size), Value(algorithm, flavour, "Decrypt" + size)));
            }

            CryptrecEvaluation.Subject? coreclr = subjects.FirstOrDefault(s => s.Algorithm == algorithm && s.Implementation == flavour);
            double browser = Value(algorithm, flavour, "Encrypt1048576");
            r.AppendLine(coreclr is null ? " (not in the CoreCLR rows) |" : string.Format(c, " {0:F0}× |", Charts.MegabytesPerSecond(best, coreclr, "Encrypt", 1048576) / browser));
            bars.Add((algorithm, flavour, browser));
        }

        Charts.Bars(Path.Combine(outputDirectory, "wasm-encrypt-1048576.png"), "In the browser (Chromium, .NET WebAssembly): ECB encryption of 1 MiB", "MB/s", bars);

        r.AppendLine();
        r.AppendLine("| public-key operation (SHA-256, 64-byte message) | Reference µs | Unsafe µs |");
        r.AppendLine("|---|---:|---:|");
        foreach ((string algorithm, string metric) in rows.Where(x => x.Algorithm.StartsWith("EC", StringComparison.Ordinal) && x.Flavour == "Reference").Select(x => (x.Algorithm, x.Metric)))
        {
            r.AppendLine(string.Format(c, "| {0} {1} | {2:F0} | {3:F0} |", algorithm, metric.ToLowerInvariant(), Value(algorithm, "Reference", metric), Value(algorithm, "Unsafe", metric)));
        }

        r.AppendLine();
        r.AppendLine("### The ablation on both runtimes");
        r.AppendLine();
        r.AppendLine("The seed paper's question, which CLI techniques pay, asked again: the shipping portable cores (all techniques) and the same rounds with one technique taken out (`benchmarks/Panicode.Crypto.Ablation`), ECB encryption of 1 MiB, 128-bit key. " +
            "Each runtime's column is relative to its own all-techniques row (above 1.00: the variant is faster, so that technique does not pay there). The CoreCLR numbers are measured by this command in this process, with the same harness.");
        r.AppendLine();
        r.AppendLine("![the ablation on both runtimes](ablation-runtimes.png)");
        r.AppendLine();
        r.AppendLine("| cipher | variant | browser MB/s | browser × all | CoreCLR MB/s | CoreCLR × all |");
        r.AppendLine("|---|---|---:|---:|---:|---:|");
        Dictionary<(string, string), double> coreclrAblation = CoreClrAblation();
        List<(string Label, string Series, double Value)> ablationBars = new();
        foreach (string cipher in new[] { "Rijndael-128", "Camellia-128" })
        {
            string algorithm = "Ablation: " + cipher;
            double browserAll = Value(algorithm, "AllTechniques", "Encrypt1048576");
            double coreclrAll = coreclrAblation[(cipher, "AllTechniques")];
            foreach ((string variant, double coreclr) in coreclrAblation.Where(p => p.Key.Item1 == cipher).Select(p => (p.Key.Item2, p.Value)))
            {
                double browser = Value(algorithm, variant, "Encrypt1048576");
                r.AppendLine(string.Format(c, "| {0} | {1} | {2:F1} | {3:F2} | {4:F0} | {5:F2} |", cipher, variant, browser, browser / browserAll, coreclr, coreclr / coreclrAll));
                if (variant != "AllTechniques")
                {
                    ablationBars.Add(($"{cipher} {variant}", "browser", browser / browserAll));
                    ablationBars.Add(($"{cipher} {variant}", "CoreCLR", coreclr / coreclrAll));
                }
            }
        }

        Charts.Bars(Path.Combine(outputDirectory, "ablation-runtimes.png"), "Technique taken out: speed relative to all techniques", "× all techniques (left of the 1× line: the technique pays)", ablationBars, markOne: true);
        return r.ToString();
    }

    private static string? RunBrowserCheck()
    {
        try
        {
            using Process process = Process.Start(new ProcessStartInfo("bash", $"scripts/browser-check.sh --bench --cell {CellSeconds.ToString(CultureInfo.InvariantCulture)}") { UseShellExecute = false, WorkingDirectory = ArtifactsPaths.RepositoryRoot })!;
            process.WaitForExit();
            return process.ExitCode == 0 ? null : $"scripts/browser-check.sh exited with {process.ExitCode}";
        }
        catch (System.ComponentModel.Win32Exception e)
        {
            return $"bash could not be started ({e.Message})";
        }
    }

    // The ablation variants on this runtime, MB/s at 1 MiB: a warm-up, then the best of three rounds of CellSeconds.
    private static Dictionary<(string, string), double> CoreClrAblation()
    {
        List<(string Cipher, string Variant, SymmetricAlgorithm Algorithm)> variants = new();
        variants.AddRange(Enum.GetValues<RijndaelAblation>().Select(v => ("Rijndael-128", v.ToString(), (SymmetricAlgorithm)RijndaelAblationCore.CreateAlgorithm(v))));
        variants.AddRange(Enum.GetValues<CamelliaAblation>().Select(v => ("Camellia-128", v.ToString(), (SymmetricAlgorithm)CamelliaAblationCore.CreateAlgorithm(v))));
        byte[] data = new byte[1048576];
        Dictionary<(string, string), double> seconds = new();
        foreach ((_, _, SymmetricAlgorithm algorithm) in variants)
        {
            algorithm.Key = new byte[16];
        }

        for (int round = 0; round <= 3; round++)
        {
            foreach ((string cipher, string variant, SymmetricAlgorithm algorithm) in variants)
            {
                double perCall = Timing.SecondsPerCall(() => algorithm.EncryptEcb(data, data, PaddingMode.None), CellSeconds);
                if (round > 0)
                {
                    seconds[(cipher, variant)] = seconds.TryGetValue((cipher, variant), out double previous) ? Math.Min(previous, perCall) : perCall;
                }
            }
        }

        foreach ((_, _, SymmetricAlgorithm algorithm) in variants)
        {
            algorithm.Dispose();
        }

        return seconds.ToDictionary(p => p.Key, p => data.Length / p.Value / 1e6);
    }
}

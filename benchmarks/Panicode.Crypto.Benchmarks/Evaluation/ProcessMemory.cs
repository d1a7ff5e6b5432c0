using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Threading;

namespace Panicode.Crypto.Benchmarks.Evaluation;

/// <summary>
/// Seed 002's memory metric, the process's average and peak memory, per algorithm: each row of the evaluation runs
/// alone in a new process (this program with <c>--evaluation-memory &lt;algorithm&gt; &lt;implementation&gt;</c>),
/// which sets a key up and encrypts and decrypts 16 B, 1,536 B and 1 MiB messages while a thread samples the resident
/// set size (VmRSS in /proc/self/status) every 2 ms; the peak is the kernel's high-water mark (VmHWM). A baseline process
/// does the same with the same buffers and no cipher, so the difference is what the algorithm itself costs: its tables,
/// its JIT-compiled code, the assemblies it loads.
/// </summary>
internal static class ProcessMemory
{
    public const string Flag = "--evaluation-memory";
    private const string Baseline = "(baseline)";

    /// <summary>(average, peak) resident set in KiB per subject, and the baseline's, or null where /proc is missing.</summary>
    public static (Dictionary<CryptrecEvaluation.Subject, (double Average, double Peak)> Rows, (double Average, double Peak) Baseline)? Measure(IEnumerable<CryptrecEvaluation.Subject> subjects)
    {
        if (!File.Exists("/proc/self/status") || Environment.ProcessPath is null)
        {
            return null;
        }

        (double, double) baseline = Child(Baseline, Baseline);
        Dictionary<CryptrecEvaluation.Subject, (double, double)> rows = subjects.ToDictionary(s => s, s => Child(s.Algorithm, s.Implementation));
        return (rows, baseline);
    }

    /// <summary>The child process's work: the given subject (or none, for the baseline), then one line "average peak" in KiB.</summary>
    public static void RunChild(string algorithm, string implementation)
    {
        CryptrecEvaluation.Subject? subject = algorithm == Baseline ? null : CryptrecEvaluation.AllSubjects().Single(s => s.Algorithm == algorithm && s.Implementation == implementation);
        double sum = 0;
        long samples = 0;
        using CancellationTokenSource stop = new();
        Thread sampler = new(() =>
        {
            while (!stop.IsCancellationRequested)
            {
                sum += Status("VmRSS");
                samples++;
                Thread.Sleep(2);
            }
        });
        sampler.Start();

        byte[] key = new byte[16];
        for (int i = 0; i < key.Length; i++)
        {
            key[i] = (byte)(i + 1); // not all zeros: a weak key for Triple DES (K1 = K2), which it refuses as the BCL does
        }

        subject?.Setup(key);
        foreach (int size in new[] { 16, 1536, 1048576 })
        {
            byte[] input = new byte[size];
            byte[] output = new byte[size];
            Stopwatch watch = Stopwatch.StartNew();
            do
            {
                if (subject is not null)
                {
                    subject.KeySetup(key);
                    subject.Encrypt(input, output);
                    subject.Decrypt(output, input);
                }
            }
            while (watch.ElapsedMilliseconds < 100);
        }

        stop.Cancel();
        sampler.Join();
        Console.WriteLine(string.Format(CultureInfo.InvariantCulture, "{0:F0} {1:F0}", sum / Math.Max(1, samples), Status("VmHWM")));
    }

    private static (double, double) Child(string algorithm, string implementation)
    {
        ProcessStartInfo start = new(Environment.ProcessPath!) { RedirectStandardOutput = true, UseShellExecute = false };
        if (Path.GetFileNameWithoutExtension(Environment.ProcessPath!) == "dotnet")
        {
            start.ArgumentList.Add(typeof(ProcessMemory).Assembly.Location);
        }

        start.ArgumentList.Add(Flag);
        start.ArgumentList.Add(algorithm);
        start.ArgumentList.Add(implementation);
        using Process process = Process.Start(start)!;
        string output = process.StandardOutput.ReadToEnd().Trim();
        process.WaitForExit();
        string[] parts = output.Split(' ');
        return process.ExitCode == 0 && parts.Length == 2
            ? (double.Parse(parts[0], CultureInfo.InvariantCulture), double.Parse(parts[1], CultureInfo.InvariantCulture))
            : (double.NaN, double.NaN);
    }

    // A "Name:   1234 kB" line of /proc/self/status, in KiB.
    private static double Status(string name)
    {
        foreach (string line in File.ReadLines("/proc/self/status"))
        {
            if (line.StartsWith(name + ":", StringComparison.Ordinal))
            {
                return double.Parse(line.Substring(name.Length + 1).Trim().Split(' ')[0], CultureInfo.InvariantCulture);
            }
        }

        return double.NaN;
    }
}

using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using ScottPlot;

namespace Panicode.Crypto.Benchmarks.Evaluation;

/// <summary>The evaluation's charts (ScottPlot 5): throughput bars per size, Unsafe-over-Reference speed-ups, one radar per algorithm.</summary>
internal static class Charts
{
    public static double MegabytesPerSecond(Dictionary<(CryptrecEvaluation.Subject, string), double> best, CryptrecEvaluation.Subject subject, string operation, int size) =>
        size / best[(subject, operation + size)] / 1e6;

    /// <summary>A file-name form of a section title ("Hash functions" -> "hash-functions").</summary>
    public static string Slug(string title) =>
        new string(title.ToLowerInvariant().Select(ch => char.IsLetterOrDigit(ch) ? ch : '-').ToArray()).Replace("--", "-").Trim('-');

    public static void Write(string directory, List<CryptrecEvaluation.Subject> subjects, Dictionary<(CryptrecEvaluation.Subject, string), double> best, int[] sizes)
    {
        List<CryptrecEvaluation.Subject> ciphers = subjects.Where(s => s.Kind == "Block ciphers").ToList();
        foreach (int size in sizes)
        {
            Bars(
                Path.Combine(directory, $"encrypt-{size}.png"),
                $"ECB encryption of {size:N0} bytes, MB/s (128-bit key)",
                ciphers.Select(s => $"{s.Algorithm} {s.Implementation}").ToArray(),
                ciphers.Select(s => MegabytesPerSecond(best, s, "Encrypt", size)).ToArray());
        }

        foreach (string kind in subjects.Select(s => s.Kind).Distinct().Where(k => k != "Block ciphers"))
        {
            List<CryptrecEvaluation.Subject> rows = subjects.Where(s => s.Kind == kind).ToList();
            Bars(
                Path.Combine(directory, $"{Slug(kind)}-1536.png"),
                $"{kind}: 1,536 bytes, MB/s (seal / MAC / hash)",
                rows.Select(s => $"{s.Algorithm} {s.Implementation}").ToArray(),
                rows.Select(s => MegabytesPerSecond(best, s, "Encrypt", 1536)).ToArray());
        }

        List<string> labels = new();
        List<double> speedups = new();
        foreach (string algorithm in subjects.Select(s => s.Algorithm).Distinct())
        {
            CryptrecEvaluation.Subject? reference = subjects.SingleOrDefault(s => s.Algorithm == algorithm && s.Implementation == "Reference");
            CryptrecEvaluation.Subject? @unsafe = subjects.SingleOrDefault(s => s.Algorithm == algorithm && s.Implementation == "Unsafe");
            if (reference is null || @unsafe is null)
            {
                continue; // an algorithm with one flavour so far
            }

            foreach (int size in sizes.Skip(1))
            {
                labels.Add($"{algorithm} {size:N0} B");
                speedups.Add(best[(reference, "Encrypt" + size)] / best[(@unsafe, "Encrypt" + size)]);
            }
        }

        Bars(Path.Combine(directory, "speedup.png"), "Unsafe flavour over Reference flavour, encryption (× Reference)", labels.ToArray(), speedups.ToArray());

        // One radar per cipher, block or stream, as seed 002 draws them.
        List<CryptrecEvaluation.Subject> radars = subjects.Where(s => s.Kind is "Block ciphers" or EvaluationKinds.Streams).ToList();
        foreach (string algorithm in radars.Select(s => s.Algorithm).Distinct())
        {
            Radar(directory, algorithm, radars.Where(s => s.Algorithm == algorithm).ToList(), best, sizes);
        }
    }

    public static void Bars(string path, string title, string[] labels, double[] values)
    {
        Plot plot = new();
        var bars = plot.Add.Bars(values);
        bars.Horizontal = true;
        Tick[] ticks = labels.Select((label, i) => new Tick(i, label)).ToArray();
        plot.Axes.Left.TickGenerator = new ScottPlot.TickGenerators.NumericManual(ticks);
        plot.Axes.Left.MajorTickStyle.Length = 0;
        plot.Axes.Margins(left: 0);
        plot.Title(title);
        plot.SavePng(path, 900, 120 + (22 * labels.Length));
    }

    // Axes: key setup (as 1/time) and the six speeds, each relative to the best implementation of the algorithm.
    private static void Radar(string directory, string algorithm, List<CryptrecEvaluation.Subject> rows, Dictionary<(CryptrecEvaluation.Subject, string), double> best, int[] sizes)
    {
        List<string> metrics = new() { "KeySetup" };
        foreach (int size in sizes)
        {
            metrics.Add("Encrypt" + size);
            metrics.Add("Decrypt" + size);
        }

        double[,] values = new double[rows.Count, metrics.Count];
        for (int m = 0; m < metrics.Count; m++)
        {
            double fastest = rows.Min(r => best[(r, metrics[m])]);
            for (int r = 0; r < rows.Count; r++)
            {
                values[r, m] = fastest / best[(rows[r], metrics[m])];
            }
        }

        Plot plot = new();
        var radar = plot.Add.Radar(values);
        for (int r = 0; r < rows.Count; r++)
        {
            radar.Series[r].LegendText = rows[r].Implementation;
        }

        string[] spokes = metrics.Select(m => m == "KeySetup" ? "key setup" : m.Replace("Encrypt", "enc ").Replace("Decrypt", "dec ").Replace("1048576", "1 MiB").Replace("1536", "1,536 B").Replace(" 16", " 16 B")).ToArray();
        radar.PolarAxis.SetSpokes(spokes, length: 1.1);
        plot.Title($"{algorithm}: each metric relative to the best implementation");
        plot.ShowLegend();
        plot.HideGrid();
        plot.Axes.Frameless();
        plot.SavePng(Path.Combine(directory, $"radar-{algorithm}.png"), 700, 600);
    }
}

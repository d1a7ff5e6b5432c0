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
                $"ECB encryption of {size:N0} bytes (128-bit key)",
                "MB/s",
                ciphers.Select(s => (s.Algorithm, s.Implementation, MegabytesPerSecond(best, s, "Encrypt", size))).ToList());
        }

        foreach (string kind in subjects.Select(s => s.Kind).Distinct().Where(k => k != "Block ciphers"))
        {
            List<CryptrecEvaluation.Subject> rows = subjects.Where(s => s.Kind == kind).ToList();
            Bars(
                Path.Combine(directory, $"{Slug(kind)}-1536.png"),
                $"{kind}: 1,536 bytes (seal / MAC / hash / encrypt)",
                "MB/s",
                rows.Select(s => (s.Algorithm, s.Implementation, MegabytesPerSecond(best, s, "Encrypt", 1536))).ToList());
        }

        List<(string Label, string Series, double Value)> speedups = new();
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
                speedups.Add((algorithm, size == 1048576 ? "1 MiB" : $"{size:N0} B", best[(reference, "Encrypt" + size)] / best[(@unsafe, "Encrypt" + size)]));
            }
        }

        Bars(Path.Combine(directory, "speedup.png"), "Unsafe flavour over Reference flavour, encryption", "× Reference (the line marks 1×: left of it, Unsafe is slower)", speedups, markOne: true);

        // One radar per cipher, block or stream, as CRYPTREC's evaluation report draws them.
        List<CryptrecEvaluation.Subject> radars = subjects.Where(s => s.Kind is "Block ciphers" or EvaluationKinds.Streams).ToList();
        foreach (string algorithm in radars.Select(s => s.Algorithm).Distinct())
        {
            Radar(directory, algorithm, radars.Where(s => s.Algorithm == algorithm).ToList(), best, sizes);
        }
    }

    /// <summary>Values spanning this factor or more are drawn on a log scale: on a linear one the small bars vanish.</summary>
    private const double LogScaleSpan = 100;

    /// <summary>
    /// Horizontal bars, one per row, labelled "{label} {series}" and coloured by series (a flavour or library) with a
    /// legend, each bar's value printed at its end; a log scale (decades, with minor ticks) when the values span
    /// <see cref="LogScaleSpan"/> or more; <paramref name="markOne"/> draws a line at 1 (for ratios).
    /// </summary>
    public static void Bars(string path, string title, string unit, IReadOnlyList<(string Label, string Series, double Value)> rows, bool markOne = false)
    {
        List<double> positive = rows.Select(r => r.Value).Where(v => v > 0).ToList();
        bool log = positive.Count > 0 && positive.Max() / positive.Min() >= LogScaleSpan;
        double baseline = log ? Math.Floor(Math.Log10(Math.Min(positive.Min(), markOne ? 1 : double.MaxValue))) : 0;
        List<string> series = rows.Select(r => r.Series).Distinct().ToList();

        Plot plot = new();
        List<Bar> bars = rows.Select((row, i) => new Bar
        {
            Position = i,
            Value = log ? Math.Log10(Math.Max(row.Value, Math.Pow(10, baseline))) : row.Value,
            ValueBase = baseline,
            FillColor = SeriesColor(series.IndexOf(row.Series)),
            Orientation = Orientation.Horizontal,
            Label = FormatValue(row.Value),
        }).ToList();
        var plottable = plot.Add.Bars(bars);
        plottable.ValueLabelStyle.FontSize = 11;

        Tick[] ticks = rows.Select((row, i) => new Tick(i, series.Count == rows.Count ? row.Label : $"{row.Label} {row.Series}")).ToArray();
        plot.Axes.Left.TickGenerator = new ScottPlot.TickGenerators.NumericManual(ticks);
        plot.Axes.Left.MajorTickStyle.Length = 0;
        if (log)
        {
            plot.Axes.Bottom.TickGenerator = new ScottPlot.TickGenerators.NumericAutomatic
            {
                IntegerTicksOnly = true,
                MinorTickGenerator = new ScottPlot.TickGenerators.LogMinorTickGenerator(),
                LabelFormatter = decade => FormatValue(Math.Pow(10, decade)),
            };
            plot.Grid.XAxisStyle.MinorLineStyle.Width = 1;
            plot.Grid.XAxisStyle.MinorLineStyle.Color = Colors.Black.WithAlpha(0.05);
            double top = Math.Log10(positive.Max());
            plot.Axes.SetLimitsX(baseline, top + 0.4);
        }
        else
        {
            plot.Axes.Margins(left: 0);
        }

        if (markOne)
        {
            plot.Add.VerticalLine(log ? 0 : 1, 2, Colors.Black, LinePattern.Dashed);
        }

        if (series.Count > 1 && series.Count < rows.Count)
        {
            for (int i = 0; i < series.Count; i++)
            {
                plot.Legend.ManualItems.Add(new LegendItem { LabelText = series[i], FillColor = SeriesColor(i) });
            }

            plot.ShowLegend(Edge.Right);
        }

        plot.Axes.SetLimitsY(-0.75, rows.Count - 0.25);
        plot.Title(title);
        plot.Axes.Bottom.Label.Text = log ? unit + " (log scale)" : unit;
        plot.SavePng(path, 900, 140 + (22 * rows.Count));
    }

    private static Color SeriesColor(int index) => new ScottPlot.Palettes.Category10().GetColor(index);

    private static string FormatValue(double value) =>
        value >= 100 ? value.ToString("N0", System.Globalization.CultureInfo.InvariantCulture)
        : value >= 1 ? value.ToString("0.#", System.Globalization.CultureInfo.InvariantCulture)
        : value.ToString("0.###", System.Globalization.CultureInfo.InvariantCulture);

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
        plot.ShowLegend();
        plot.HideGrid();
        plot.Axes.Frameless();

        // After Frameless(), which hides the title with the axes. The caption says how to read the spokes.
        plot.Axes.Title.IsVisible = true;
        plot.Title($"{algorithm}: each implementation against the best one");
        plot.Axes.Bottom.IsVisible = true;
        plot.Axes.Bottom.Label.Text = "The rim is the fastest implementation of each measure (1.0), the centre 0.\nKey setup counts as 1/time; encryption and decryption as throughput.";
        plot.Axes.Bottom.Label.FontSize = 11;
        plot.Axes.Bottom.TickGenerator = new ScottPlot.TickGenerators.EmptyTickGenerator();
        plot.Axes.Bottom.FrameLineStyle.Width = 0;
        plot.Axes.Bottom.MajorTickStyle.Length = 0;
        plot.Axes.Bottom.MinorTickStyle.Length = 0;
        plot.SavePng(Path.Combine(directory, $"radar-{algorithm}.png"), 760, 640);
    }
}

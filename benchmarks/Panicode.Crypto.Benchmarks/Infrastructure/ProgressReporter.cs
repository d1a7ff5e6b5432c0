using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.Linq;
using BenchmarkDotNet.EventProcessors;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using BenchmarkDotNet.Validators;

namespace Panicode.Crypto.Benchmarks.Infrastructure;

/// <summary>
/// The console view of a BenchmarkDotNet run: one line per benchmark case (its position, elapsed time, the case and its
/// result), validation errors, and nothing else. BenchmarkDotNet's own log (pilot, warm-up and workload iterations, its
/// summary tables and any warnings) goes to its log file under <see cref="ArtifactsPaths.BenchmarkDotNet"/>.
/// </summary>
internal sealed class ProgressReporter : EventProcessor
{
    private readonly Stopwatch _elapsed = Stopwatch.StartNew();
    private readonly HashSet<string> _warnings = new();
    private int _total;
    private int _done;

    /// <summary>Critical errors always; a warning once (BenchmarkDotNet validates each benchmark class on its own).</summary>
    public override void OnValidationError(ValidationError validationError)
    {
        if (validationError.IsCritical || _warnings.Add(validationError.Message))
        {
            Console.Error.WriteLine($"Validation {(validationError.IsCritical ? "error" : "warning")}: {validationError.Message}");
        }
    }

    public override void OnStartBuildStage(IReadOnlyList<BuildPartition> partitions)
    {
        _total = partitions.Sum(p => p.Benchmarks.Length);
        Console.WriteLine($"{_total} benchmark cases; BenchmarkDotNet's log: {ArtifactsPaths.BenchmarkDotNet}");
    }

    public override void OnEndRunBenchmark(BenchmarkCase benchmarkCase, BenchmarkReport report)
    {
        _done++;
        string parameters = string.Join(" ", benchmarkCase.Parameters.Items.Select(p => $"{p.Name}={p.Value}"));
        string result = Describe(benchmarkCase, report);
        string width = new('0', _total.ToString(CultureInfo.InvariantCulture).Length);
        Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
            $"[{_done.ToString(width, CultureInfo.InvariantCulture)}/{_total}] {_elapsed.Elapsed:mm\\:ss}  {benchmarkCase.Descriptor.Type.Name} {benchmarkCase.Descriptor.WorkloadMethodDisplayInfo.Trim('\'')} {parameters}: {result}"));
    }

    private static string Describe(BenchmarkCase benchmarkCase, BenchmarkReport report)
    {
        if (!report.Success || report.ResultStatistics == null)
        {
            return "FAILED (see the log)";
        }

        double nanoseconds = report.ResultStatistics.Mean;
        string time = nanoseconds >= 1e6 ? $"{nanoseconds / 1e6:F2} ms" : nanoseconds >= 1e3 ? $"{nanoseconds / 1e3:F2} µs" : $"{nanoseconds:F0} ns";
        object? size = benchmarkCase.Parameters.Items.FirstOrDefault(p => p.Name == "Size")?.Value;
        return size is int bytes ? $"{time} ({bytes * 1e3 / nanoseconds:F1} MB/s)" : time;
    }
}

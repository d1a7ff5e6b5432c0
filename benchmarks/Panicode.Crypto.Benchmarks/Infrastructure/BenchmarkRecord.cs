using System.Collections.Generic;
using System.Linq;
using BenchmarkDotNet.Reports;

namespace Panicode.Crypto.Benchmarks.Infrastructure;

/// <summary>One measured case, flattened for the paper-style tables.</summary>
public sealed record BenchmarkRecord(string Class, string Implementation, IReadOnlyDictionary<string, string> Parameters, double MeanNanoseconds, bool IsBaseline)
{
    public string this[string parameter] => Parameters.TryGetValue(parameter, out string? value) ? value : "";

    public static IEnumerable<BenchmarkRecord> From(Summary summary) =>
        from report in summary.Reports
        where report.ResultStatistics != null
        select new BenchmarkRecord(
            report.BenchmarkCase.Descriptor.Type.Name,
            report.BenchmarkCase.Descriptor.WorkloadMethodDisplayInfo.Trim('\''),
            report.BenchmarkCase.Parameters.Items.ToDictionary(p => p.Name, p => p.Value?.ToString() ?? ""),
            report.ResultStatistics!.Mean,
            report.BenchmarkCase.Descriptor.Baseline);
}

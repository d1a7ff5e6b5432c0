using System.Globalization;
using System.Linq;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace Panicode.Crypto.Benchmarks.Infrastructure;

/// <summary>MB/s (10^6 bytes per second) of a benchmark with a <c>Size</c> parameter, from its mean time.</summary>
public sealed class ThroughputColumn : IColumn
{
    public string Id => nameof(ThroughputColumn);

    public string ColumnName => "MB/s";

    public bool AlwaysShow => true;

    public ColumnCategory Category => ColumnCategory.Statistics;

    public int PriorityInCategory => 10;

    public bool IsNumeric => true;

    public UnitType UnitType => UnitType.Dimensionless;

    public string Legend => "Throughput: Size bytes per Mean, in 10^6 bytes per second";

    public static double? MegabytesPerSecond(Summary summary, BenchmarkCase benchmarkCase)
    {
        object? size = benchmarkCase.Parameters.Items.FirstOrDefault(p => p.Name == "Size")?.Value;
        double? meanNanoseconds = summary[benchmarkCase]?.ResultStatistics?.Mean;
        if (size is not int bytes || meanNanoseconds is not > 0)
        {
            return null;
        }

        return bytes * 1000.0 / meanNanoseconds.Value;
    }

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase) =>
        MegabytesPerSecond(summary, benchmarkCase)?.ToString("F1", CultureInfo.InvariantCulture) ?? "-";

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style) => GetValue(summary, benchmarkCase);

    public bool IsAvailable(Summary summary) => summary.BenchmarksCases.Any(c => c.Parameters.Items.Any(p => p.Name == "Size"));

    public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;

    public override string ToString() => ColumnName;
}

using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using Perfolizer.Horology;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Toolchains.InProcess.Emit;

namespace Panicode.Crypto.Benchmarks.Infrastructure;

/// <summary>
/// The two jobs. Both run in process (InProcessEmitToolchain): no per-benchmark build or process
/// start, which matters on a 2-core machine with hundreds of cases; the warmup still lets tiered
/// compilation reach its optimized code before measuring.
/// </summary>
public static class BenchmarkConfig
{
    public static IConfig Create(bool shortRun)
    {
        Job job = shortRun
            ? Job.Default.WithId("Short").WithLaunchCount(1).WithWarmupCount(5).WithIterationCount(3).WithIterationTime(TimeInterval.FromMilliseconds(100))
            : Job.Default.WithId("Full").WithLaunchCount(1).WithWarmupCount(3).WithIterationCount(8).WithIterationTime(TimeInterval.FromMilliseconds(200));

        return ManualConfig.CreateMinimumViable()
            .AddJob(job.WithToolchain(InProcessEmitToolchain.Instance))
            .AddColumn(CategoriesColumn.Default)
            .AddColumn(new ThroughputColumn())
            .AddDiagnoser(MemoryDiagnoser.Default)
            .AddLogicalGroupRules(BenchmarkLogicalGroupRule.ByCategory, BenchmarkLogicalGroupRule.ByParams)
            .WithOptions(ConfigOptions.Default);
    }
}

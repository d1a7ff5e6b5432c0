using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Exporters;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Loggers;
using BenchmarkDotNet.Toolchains.InProcess.Emit;
using Perfolizer.Horology;

namespace Panicode.Crypto.Benchmarks.Infrastructure;

/// <summary>
/// The two jobs. Both run in process (InProcessEmitToolchain): no per-benchmark build or process
/// start, which matters on a 2-core machine with hundreds of cases; the warmup still lets tiered
/// compilation reach its optimized code before measuring.
/// </summary>
public static class BenchmarkConfig
{
    /// <param name="shortRun">The short job (3 iterations of 100 ms) rather than the full one (8 of 200 ms).</param>
    /// <param name="quiet">
    /// One progress line per case on the console (<see cref="ProgressReporter"/>) instead of BenchmarkDotNet's log,
    /// which then goes only to its log file under <c>artifacts/benchmarkdotnet</c>.
    /// </param>
    public static IConfig Create(bool shortRun, bool quiet = false)
    {
        Job job = shortRun
            ? Job.Default.WithId("Short").WithLaunchCount(1).WithWarmupCount(5).WithIterationCount(3).WithIterationTime(TimeInterval.FromMilliseconds(100))
            : Job.Default.WithId("Full").WithLaunchCount(1).WithWarmupCount(3).WithIterationCount(8).WithIterationTime(TimeInterval.FromMilliseconds(200));

        ManualConfig config = ManualConfig.CreateEmpty()
            .AddColumnProvider(DefaultColumnProviders.Instance)
            .AddJob(job.WithToolchain(InProcessEmitToolchain.Instance))
            .AddColumn(CategoriesColumn.Default)
            .AddColumn(new ThroughputColumn())
            .AddDiagnoser(MemoryDiagnoser.Default)
            .AddExporter(MarkdownExporter.GitHub)
            .AddLogicalGroupRules(BenchmarkLogicalGroupRule.ByCategory, BenchmarkLogicalGroupRule.ByParams)
            .WithArtifactsPath(ArtifactsPaths.BenchmarkDotNet)
            .WithOptions(ConfigOptions.Default);
        // NullLogger: BenchmarkDotNet warns about a configuration without loggers; its log file is written either way.
        return quiet ? config.AddLogger(NullLogger.Instance).AddEventProcessor(new ProgressReporter()) : config.AddLogger(ConsoleLogger.Default);
    }
}

namespace Panicode.Crypto.Benchmarks.Infrastructure;

/// <summary>
/// How much of the matrix a run covers. The host process sets it before BenchmarkDotNet enumerates
/// parameters, so every <c>[ParamsSource]</c> reads the same choice.
/// </summary>
public static class RunSettings
{
    /// <summary>True for the README's few-minutes run: fewer sizes, directions and curves.</summary>
    public static bool Short { get; set; } = true;
}

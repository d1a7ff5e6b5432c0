using System.Collections.Generic;

namespace Panicode.Crypto.Benchmarks.Infrastructure;

/// <summary>
/// How much of the matrix a run covers. The host process sets it before BenchmarkDotNet enumerates
/// parameters, so every <c>[ParamsSource]</c> reads the same choice.
/// </summary>
public static class RunSettings
{
    /// <summary>True for the README's few-minutes run: fewer sizes, directions, key sizes and curves.</summary>
    public static bool Short { get; set; } = true;

    /// <summary>Key sizes of the symmetric benchmarks: the paper's figures use 128-bit keys; the full matrix adds 256.</summary>
    public static IEnumerable<int> KeyBits => Short ? new[] { 128 } : new[] { 128, 256 };

    /// <summary>
    /// CRYPTREC's message sizes (its implementation evaluation: 16, 1,536 and 1,048,576 bytes), with
    /// <paramref name="oneBlock"/> for the 16-byte one; the short matrix keeps one block and 1 MiB.
    /// </summary>
    public static IEnumerable<int> Sizes(int oneBlock) => Short ? new[] { oneBlock, 1048576 } : new[] { oneBlock, 1536, 1048576 };
}

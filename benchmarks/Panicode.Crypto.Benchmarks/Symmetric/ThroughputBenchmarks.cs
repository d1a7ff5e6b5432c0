using System;
using System.Collections.Generic;
using BenchmarkDotNet.Attributes;
using Panicode.Crypto.Benchmarks.Infrastructure;

namespace Panicode.Crypto.Benchmarks.Symmetric;

/// <summary>
/// The paper's Figures 1 and 2, extended to CRYPTREC's message sizes (CRYPTREC's implementation evaluation report: 16, 1536 and
/// 1048576 bytes), both key sizes, ECB and CBC, encryption and decryption. One benchmark method per
/// implementation; Reference ("Basic" in the paper) is the baseline of every parameter combination,
/// so the Ratio column compares implementations on the same message size, mode and key.
/// </summary>
public abstract class ThroughputBenchmarks
{
    private CipherRunners _runners = null!;
    private byte[] _input = null!;
    private byte[] _output = null!;

    [ParamsSource(nameof(KeyBitsValues))]
    public int KeyBits { get; set; }

    public static IEnumerable<int> KeyBitsValues => RunSettings.KeyBits;

    [ParamsSource(nameof(Operations))]
    public Operation Operation { get; set; }

    [ParamsSource(nameof(Sizes))]
    public int Size { get; set; }

    /// <summary>The short matrix keeps the paper's setting, ECB encryption (a few minutes in all); the full one adds decryption and CBC.</summary>
    public static IEnumerable<Operation> Operations => RunSettings.Short
        ? new[] { Operation.EcbEncrypt }
        : new[] { Operation.EcbEncrypt, Operation.EcbDecrypt, Operation.CbcEncrypt, Operation.CbcDecrypt };

    /// <summary>CRYPTREC's sizes; the 16-byte message becomes one 32-byte block for Rijndael with 256-bit blocks.</summary>
    public IEnumerable<int> Sizes
    {
        get
        {
            return RunSettings.Sizes(Spec.BlockBits / 8);
        }
    }

    protected abstract CipherSpec Spec { get; }

    [GlobalSetup]
    public void Setup()
    {
        CipherSpec spec = Spec;
        byte[] key = TestData.Bytes(KeyBits / 8, 1);
        byte[] iv = TestData.Bytes(spec.BlockBits / 8, 2);
        _input = TestData.Bytes(Size, 3);
        _output = new byte[_input.Length];
        _runners = new CipherRunners(spec, key, iv);
    }

    [GlobalCleanup]
    public void Cleanup() => _runners.Dispose();

    [Benchmark(Baseline = true, Description = "Reference")]
    public void Reference() => _runners.Reference.Run(Operation, _input, _output, _input.Length);

    protected void RunBouncyCastle() => _runners.BouncyCastle!.Run(Operation, _input, _output, _input.Length);

    protected void RunUnsafe() => _runners.Unsafe!.Run(Operation, _input, _output, _input.Length);

    protected void RunUnsafePortable() => _runners.UnsafePortable!.Run(Operation, _input, _output, _input.Length);

    protected void RunBuiltIn() => _runners.BuiltIn!.Run(Operation, _input, _output, _input.Length);
}

/// <summary>Rijndael with 128-bit blocks (AES), including the built-in <c>Aes</c>.</summary>
[BenchmarkCategory("Throughput", "Rijndael-128")]
public class Rijndael128Throughput : ThroughputBenchmarks
{
    protected override CipherSpec Spec => CipherSpec.Rijndael128;

    [Benchmark(Description = "BouncyCastle")]
    public void BouncyCastle() => RunBouncyCastle();

    [Benchmark(Description = "Unsafe")]
    public void Unsafe() => RunUnsafe();

    [Benchmark(Description = "Unsafe portable")]
    public void UnsafePortable() => RunUnsafePortable();

    [Benchmark(Description = "Built-in")]
    public void BuiltIn() => RunBuiltIn();
}

/// <summary>Rijndael with 256-bit blocks (no built-in exists).</summary>
[BenchmarkCategory("Throughput", "Rijndael-256")]
public class Rijndael256Throughput : ThroughputBenchmarks
{
    protected override CipherSpec Spec => CipherSpec.Rijndael256;

    [Benchmark(Description = "BouncyCastle")]
    public void BouncyCastle() => RunBouncyCastle();

    [Benchmark(Description = "Unsafe")]
    public void Unsafe() => RunUnsafe();

    [Benchmark(Description = "Unsafe portable")]
    public void UnsafePortable() => RunUnsafePortable();
}

/// <summary>Camellia (no built-in exists); Unsafe is byte-sliced GFNI where available, Unsafe portable the table core.</summary>
[BenchmarkCategory("Throughput", "Camellia")]
public class CamelliaThroughput : ThroughputBenchmarks
{
    protected override CipherSpec Spec => CipherSpec.Camellia;

    [Benchmark(Description = "BouncyCastle")]
    public void BouncyCastle() => RunBouncyCastle();

    [Benchmark(Description = "Unsafe")]
    public void Unsafe() => RunUnsafe();

    [Benchmark(Description = "Unsafe portable")]
    public void UnsafePortable() => RunUnsafePortable();
}

// CLEFIA and SC2000: BouncyCastle has neither cipher

/// <summary>CLEFIA (no built-in, no BouncyCastle engine); Unsafe is byte-sliced GFNI where available, Unsafe portable the table core.</summary>
[BenchmarkCategory("Throughput", "CLEFIA")]
public class ClefiaThroughput : ThroughputBenchmarks
{
    protected override CipherSpec Spec => CipherSpec.Clefia;

    [Benchmark(Description = "Unsafe")]
    public void Unsafe() => RunUnsafe();

    [Benchmark(Description = "Unsafe portable")]
    public void UnsafePortable() => RunUnsafePortable();
}

/// <summary>SC2000 (no built-in, no BouncyCastle engine); one Unsafe core.</summary>
[BenchmarkCategory("Throughput", "SC2000")]
public class Sc2000Throughput : ThroughputBenchmarks
{
    protected override CipherSpec Spec => CipherSpec.Sc2000;

    [Benchmark(Description = "Unsafe")]
    public void Unsafe() => RunUnsafe();
}

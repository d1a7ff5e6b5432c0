using System.Collections.Generic;
using BenchmarkDotNet.Attributes;
using Panicode.Crypto.Benchmarks.Infrastructure;

namespace Panicode.Crypto.Benchmarks.Symmetric;

/// <summary>
/// CRYPTREC's initialisation time (its implementation evaluation report, "実装性能評価結果"): a new key, then one block encrypted with it, so the
/// lazily built key schedules of the one-shot APIs are counted the same way as BouncyCastle's
/// <c>Init</c>. Each call takes a fresh key object (the setters copy it), as an application would.
/// </summary>
public abstract class KeySetupBenchmarks
{
    private CipherRunners _runners = null!;
    private byte[] _key = null!;
    private byte[] _block = null!;
    private byte[] _output = null!;

    [ParamsSource(nameof(KeyBitsValues))]
    public int KeyBits { get; set; }

    public static IEnumerable<int> KeyBitsValues => RunSettings.KeyBits;

    protected abstract CipherSpec Spec { get; }

    [GlobalSetup]
    public void Setup()
    {
        CipherSpec spec = Spec;
        _key = TestData.Bytes(KeyBits / 8, 1);
        byte[] iv = TestData.Bytes(spec.BlockBits / 8, 2);
        _block = TestData.Bytes(spec.BlockBits / 8, 3);
        _output = new byte[_block.Length];
        _runners = new CipherRunners(spec, _key, iv);
    }

    [GlobalCleanup]
    public void Cleanup() => _runners.Dispose();

    [Benchmark(Baseline = true, Description = "Reference")]
    public void Reference() => _runners.Reference.Rekey(_key, _block, _output);

    protected void RekeyBouncyCastle() => _runners.BouncyCastle!.Rekey(_key, _block, _output);

    protected void RekeyUnsafe() => _runners.Unsafe!.Rekey(_key, _block, _output);

    protected void RekeyUnsafePortable() => _runners.UnsafePortable!.Rekey(_key, _block, _output);

    protected void RekeyBuiltIn() => _runners.BuiltIn!.Rekey(_key, _block, _output);
}

/// <summary>Key setup of Rijndael with 128-bit blocks (AES).</summary>
[BenchmarkCategory("KeySetup", "Rijndael-128")]
public class Rijndael128KeySetup : KeySetupBenchmarks
{
    protected override CipherSpec Spec => CipherSpec.Rijndael128;

    [Benchmark(Description = "BouncyCastle")]
    public void BouncyCastle() => RekeyBouncyCastle();

    [Benchmark(Description = "Unsafe")]
    public void Unsafe() => RekeyUnsafe();

    [Benchmark(Description = "Unsafe portable")]
    public void UnsafePortable() => RekeyUnsafePortable();

    [Benchmark(Description = "Built-in")]
    public void BuiltIn() => RekeyBuiltIn();
}

/// <summary>Key setup of Rijndael with 256-bit blocks.</summary>
[BenchmarkCategory("KeySetup", "Rijndael-256")]
public class Rijndael256KeySetup : KeySetupBenchmarks
{
    protected override CipherSpec Spec => CipherSpec.Rijndael256;

    [Benchmark(Description = "BouncyCastle")]
    public void BouncyCastle() => RekeyBouncyCastle();

    [Benchmark(Description = "Unsafe")]
    public void Unsafe() => RekeyUnsafe();

    [Benchmark(Description = "Unsafe portable")]
    public void UnsafePortable() => RekeyUnsafePortable();
}

/// <summary>Key setup of Camellia.</summary>
[BenchmarkCategory("KeySetup", "Camellia")]
public class CamelliaKeySetup : KeySetupBenchmarks
{
    protected override CipherSpec Spec => CipherSpec.Camellia;

    [Benchmark(Description = "BouncyCastle")]
    public void BouncyCastle() => RekeyBouncyCastle();

    [Benchmark(Description = "Unsafe")]
    public void Unsafe() => RekeyUnsafe();
}

// CLEFIA and SC2000

/// <summary>Key setup of CLEFIA (the GFNI core builds its broadcast keys at the first batch, not here).</summary>
[BenchmarkCategory("KeySetup", "CLEFIA")]
public class ClefiaKeySetup : KeySetupBenchmarks
{
    protected override CipherSpec Spec => CipherSpec.Clefia;

    [Benchmark(Description = "Unsafe")]
    public void Unsafe() => RekeyUnsafe();
}

/// <summary>Key setup of SC2000.</summary>
[BenchmarkCategory("KeySetup", "SC2000")]
public class Sc2000KeySetup : KeySetupBenchmarks
{
    protected override CipherSpec Spec => CipherSpec.Sc2000;

    [Benchmark(Description = "Unsafe")]
    public void Unsafe() => RekeyUnsafe();
}

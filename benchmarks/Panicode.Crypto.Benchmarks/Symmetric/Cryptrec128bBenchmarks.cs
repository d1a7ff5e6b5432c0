using System;
using System.Collections.Generic;
using System.Security.Cryptography;
using BenchmarkDotNet.Attributes;
using Panicode.Crypto.Benchmarks.Infrastructure;

namespace Panicode.Crypto.Benchmarks.Symmetric;

// Hierocrypt-3 and CIPHERUNICORN-A: no BouncyCastle, OpenSSL or built-in implementation exists, so these classes
// compare the two flavours only (CipherSpec requires a BouncyCastle engine). Sizes are CRYPTREC's: one
// block, 1,536 bytes and 1 MiB in the full matrix; the short one keeps one block and 1 MiB, encryption, 128-bit keys.

/// <summary>Reference (baseline) and Unsafe over CRYPTREC's message sizes, ECB both ways, 128- and 256-bit keys (see <see cref="RunSettings"/>).</summary>
public abstract class FlavourThroughputBenchmarks
{
    private SymmetricAlgorithmRunner _reference = null!;
    private SymmetricAlgorithmRunner _unsafe = null!;
    private SymmetricAlgorithmRunner? _unsafePortable;
    private byte[] _input = null!;
    private byte[] _output = null!;

    [ParamsSource(nameof(KeyBitsValues))]
    public int KeyBits { get; set; }

    [ParamsSource(nameof(Operations))]
    public Operation Operation { get; set; }

    [ParamsSource(nameof(SizeValues))]
    public int Size { get; set; }

    public static IEnumerable<int> KeyBitsValues => RunSettings.KeyBits;

    public static IEnumerable<Operation> Operations => RunSettings.Short ? new[] { Operation.EcbEncrypt } : new[] { Operation.EcbEncrypt, Operation.EcbDecrypt };

    public static IEnumerable<int> SizeValues => RunSettings.Sizes(16);

    protected abstract Func<SymmetricAlgorithm> CreateReference { get; }

    protected abstract Func<SymmetricAlgorithm> CreateUnsafe { get; }

    /// <summary>The Unsafe flavour with intrinsics turned off, where it differs from <see cref="CreateUnsafe"/>.</summary>
    protected virtual Func<SymmetricAlgorithm>? CreateUnsafePortable => null;

    [GlobalSetup]
    public void Setup()
    {
        byte[] key = TestData.Bytes(KeyBits / 8, 1);
        byte[] iv = TestData.Bytes(16, 2);
        _input = TestData.Bytes(Size, 3);
        _output = new byte[_input.Length];
        _reference = new SymmetricAlgorithmRunner(CreateReference(), 128, key, iv);
        _unsafe = new SymmetricAlgorithmRunner(CreateUnsafe(), 128, key, iv);
        _unsafePortable = CreateUnsafePortable is { } portable ? new SymmetricAlgorithmRunner(portable(), 128, key, iv) : null;
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _reference.Dispose();
        _unsafe.Dispose();
        _unsafePortable?.Dispose();
    }

    [Benchmark(Baseline = true, Description = "Reference")]
    public void Reference() => _reference.Run(Operation, _input, _output, _input.Length);

    [Benchmark(Description = "Unsafe")]
    public void Unsafe() => _unsafe.Run(Operation, _input, _output, _input.Length);

    protected void RunUnsafePortable() => _unsafePortable!.Run(Operation, _input, _output, _input.Length);
}

/// <summary>CRYPTREC's initialisation time for the two flavours (a new key, then one block), as <see cref="KeySetupBenchmarks"/>.</summary>
public abstract class FlavourKeySetupBenchmarks
{
    private SymmetricAlgorithmRunner _reference = null!;
    private SymmetricAlgorithmRunner _unsafe = null!;
    private byte[] _key = null!;
    private byte[] _block = null!;
    private byte[] _output = null!;

    [ParamsSource(nameof(KeyBitsValues))]
    public int KeyBits { get; set; }

    public static IEnumerable<int> KeyBitsValues => RunSettings.KeyBits;

    protected abstract Func<SymmetricAlgorithm> CreateReference { get; }

    protected abstract Func<SymmetricAlgorithm> CreateUnsafe { get; }

    [GlobalSetup]
    public void Setup()
    {
        _key = TestData.Bytes(KeyBits / 8, 1);
        _block = TestData.Bytes(16, 3);
        _output = new byte[16];
        _reference = new SymmetricAlgorithmRunner(CreateReference(), 128, _key, TestData.Bytes(16, 2));
        _unsafe = new SymmetricAlgorithmRunner(CreateUnsafe(), 128, _key, TestData.Bytes(16, 2));
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _reference.Dispose();
        _unsafe.Dispose();
    }

    [Benchmark(Baseline = true, Description = "Reference")]
    public void Reference() => _reference.Rekey(_key, _block, _output);

    [Benchmark(Description = "Unsafe")]
    public void Unsafe() => _unsafe.Rekey(_key, _block, _output);
}

/// <summary>Hierocrypt-3 throughput; Unsafe is the GFNI core where the CPU has it, Unsafe portable the table core.</summary>
[BenchmarkCategory("Throughput", "Hierocrypt-3")]
public class Hierocrypt3Throughput : FlavourThroughputBenchmarks
{
    protected override Func<SymmetricAlgorithm> CreateReference => Hierocrypt3Cipher.Create;

    protected override Func<SymmetricAlgorithm> CreateUnsafe => Panicode.Crypto.Unsafe.UnsafeCrypto.CreateHierocrypt3;

    protected override Func<SymmetricAlgorithm>? CreateUnsafePortable => () => Panicode.Crypto.Unsafe.UnsafeCrypto.CreateHierocrypt3(forcePortable: true);

    [Benchmark(Description = "Unsafe portable")]
    public void UnsafePortable() => RunUnsafePortable();
}

/// <summary>CIPHERUNICORN-A throughput.</summary>
[BenchmarkCategory("Throughput", "CIPHERUNICORN-A")]
public class CipherUnicornAThroughput : FlavourThroughputBenchmarks
{
    protected override Func<SymmetricAlgorithm> CreateReference => CipherUnicornACipher.Create;

    protected override Func<SymmetricAlgorithm> CreateUnsafe => Panicode.Crypto.Unsafe.UnsafeCrypto.CreateCipherUnicornA;
}

/// <summary>Key setup of Hierocrypt-3.</summary>
[BenchmarkCategory("KeySetup", "Hierocrypt-3")]
public class Hierocrypt3KeySetup : FlavourKeySetupBenchmarks
{
    protected override Func<SymmetricAlgorithm> CreateReference => Hierocrypt3Cipher.Create;

    protected override Func<SymmetricAlgorithm> CreateUnsafe => Panicode.Crypto.Unsafe.UnsafeCrypto.CreateHierocrypt3;
}

/// <summary>Key setup of CIPHERUNICORN-A.</summary>
[BenchmarkCategory("KeySetup", "CIPHERUNICORN-A")]
public class CipherUnicornAKeySetup : FlavourKeySetupBenchmarks
{
    protected override Func<SymmetricAlgorithm> CreateReference => CipherUnicornACipher.Create;

    protected override Func<SymmetricAlgorithm> CreateUnsafe => Panicode.Crypto.Unsafe.UnsafeCrypto.CreateCipherUnicornA;
}

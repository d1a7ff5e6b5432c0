using System.Collections.Generic;
using System.Security.Cryptography;
using BenchmarkDotNet.Attributes;
using Panicode.Crypto.Benchmarks.Symmetric;
using Panicode.Crypto.Ablation.Rijndael;
using Technique = Panicode.Crypto.Ablation.Rijndael.RijndaelAblation;

namespace Panicode.Crypto.Benchmarks.Ablation;

/// <summary>
/// The ablation of Oikawa et al.'s techniques (SCIS 2008, §3): the shipping portable Rijndael core (all four of the paper's techniques, the
/// baseline) and the same rounds with each technique taken out in turn, ECB on 1 MiB through the same
/// one-shot API as the throughput benchmarks, key as long as the block (128/128, 256/256). Reference, the
/// AES-NI core and the baseline core a second time (the run's noise floor) are measured beside them.
/// </summary>
[BenchmarkCategory("Ablation", "Rijndael")]
public class RijndaelAblationBenchmarks
{
    private readonly Dictionary<string, CipherRunner> _runners = new();
    private byte[] _input = null!;
    private byte[] _output = null!;

    [Params(128, 256)]
    public int BlockBits { get; set; }

    [ParamsSource(nameof(Operations))]
    public Operation Operation { get; set; }

    [Params(1048576)]
    public int Size { get; set; }

    // Both directions even in a short run: decryption has its own tables and column order.
    public static IEnumerable<Operation> Operations => new[] { Operation.EcbEncrypt, Operation.EcbDecrypt };

    [GlobalSetup]
    public void Setup()
    {
        byte[] key = TestData.Bytes(BlockBits / 8, 1);
        byte[] iv = TestData.Bytes(BlockBits / 8, 2);
        _input = TestData.Bytes(Size, 3);
        _output = new byte[Size];
        Add("AllTechniques", RijndaelAblationCore.CreateAlgorithm(Technique.AllTechniques), key, iv);
        Add("NoPointers", RijndaelAblationCore.CreateAlgorithm(Technique.NoPointers), key, iv);
        Add("NoStackalloc", RijndaelAblationCore.CreateAlgorithm(Technique.NoStackalloc), key, iv);
        Add("MaskInsteadOfCast", RijndaelAblationCore.CreateAlgorithm(Technique.MaskInsteadOfCast), key, iv);
        Add("StaticFieldTables", RijndaelAblationCore.CreateAlgorithm(Technique.StaticFieldTables), key, iv);
        Add("Reference", RijndaelCipher.Create(), key, iv);
        Add("UnsafePortable", Panicode.Crypto.Unsafe.UnsafeCrypto.CreateRijndael(forcePortable: true), key, iv);
        Add("Unsafe", Panicode.Crypto.Unsafe.UnsafeCrypto.CreateRijndael(), key, iv);
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        foreach (CipherRunner runner in _runners.Values)
        {
            runner.Dispose();
        }

        _runners.Clear();
    }

    [Benchmark(Baseline = true, Description = "All four techniques (the shipping portable core)")]
    public void AllTechniques() => Run("AllTechniques");

    [Benchmark(Description = "- pointers (bounds-checked arrays)")]
    public void NoPointers() => Run("NoPointers");

    [Benchmark(Description = "- stackalloc (heap array per block)")]
    public void NoStackalloc() => Run("NoStackalloc");

    [Benchmark(Description = "- byte cast (& 0xFF masks)")]
    public void MaskInsteadOfCast() => Run("MaskInsteadOfCast");

    [Benchmark(Description = "- tables in a local (static readonly fields)")]
    public void StaticFieldTables() => Run("StaticFieldTables");

    [Benchmark(Description = "Reference flavour")]
    public void Reference() => Run("Reference");

    [Benchmark(Description = "Unsafe flavour, portable (the baseline's core again: noise)")]
    public void UnsafePortable() => Run("UnsafePortable");

    [Benchmark(Description = "Unsafe flavour (AES-NI core)")]
    public void Unsafe() => Run("Unsafe");

    private void Add(string name, SymmetricAlgorithm algorithm, byte[] key, byte[] iv) =>
        _runners[name] = new SymmetricAlgorithmRunner(algorithm, BlockBits, key, iv);

    private void Run(string name) => _runners[name].Run(Operation, _input, _output, Size);
}

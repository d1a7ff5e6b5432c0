using System.Collections.Generic;
using System.Security.Cryptography;
using BenchmarkDotNet.Attributes;
using Panicode.Crypto.Benchmarks.Infrastructure;
using Panicode.Crypto.Benchmarks.Symmetric;
using Panicode.Crypto.Unsafe.Rijndael.Ablation;
using Technique = Panicode.Crypto.Unsafe.Rijndael.Ablation.RijndaelAblation;

namespace Panicode.Crypto.Benchmarks.Ablation;

/// <summary>
/// The ablation of issue 4: the Unsafe flavour's generic Rijndael loop with all four of the paper's
/// techniques (the baseline) and with each one taken out in turn, through the same one-shot API as
/// the throughput benchmarks. Reference and the shipping Unsafe core are measured beside them.
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

    public static IEnumerable<Operation> Operations => RunSettings.Short
        ? new[] { Operation.EcbEncrypt }
        : new[] { Operation.EcbEncrypt, Operation.EcbDecrypt };

    [GlobalSetup]
    public void Setup()
    {
        byte[] key = TestData.Bytes(16, 1);
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

    [Benchmark(Baseline = true, Description = "All four techniques (generic loop)")]
    public void AllTechniques() => Run("AllTechniques");

    [Benchmark(Description = "- pointers (bounds-checked arrays)")]
    public void NoPointers() => Run("NoPointers");

    [Benchmark(Description = "- stackalloc (heap temporaries)")]
    public void NoStackalloc() => Run("NoStackalloc");

    [Benchmark(Description = "- byte cast (& 0xFF masks)")]
    public void MaskInsteadOfCast() => Run("MaskInsteadOfCast");

    [Benchmark(Description = "- tables as arguments (static fields)")]
    public void StaticFieldTables() => Run("StaticFieldTables");

    [Benchmark(Description = "Reference flavour")]
    public void Reference() => Run("Reference");

    [Benchmark(Description = "Unsafe flavour, portable core (unrolled, no intrinsics)")]
    public void UnsafePortable() => Run("UnsafePortable");

    [Benchmark(Description = "Unsafe flavour (shipping core, intrinsics)")]
    public void Unsafe() => Run("Unsafe");

    private void Add(string name, SymmetricAlgorithm algorithm, byte[] key, byte[] iv) =>
        _runners[name] = new SymmetricAlgorithmRunner(algorithm, BlockBits, key, iv);

    private void Run(string name) => _runners[name].Run(Operation, _input, _output, Size);
}

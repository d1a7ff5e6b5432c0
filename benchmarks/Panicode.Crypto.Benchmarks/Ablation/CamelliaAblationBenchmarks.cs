using System;
using System.Collections.Generic;
using System.Security.Cryptography;
using BenchmarkDotNet.Attributes;
using Panicode.Crypto.Benchmarks.Symmetric;
using Panicode.Crypto.BlockCiphers.Camellia;
using Panicode.Crypto.Unsafe.BlockCiphers.Camellia;
using Panicode.Crypto.Ablation.Camellia;
using Variant = Panicode.Crypto.Ablation.Camellia.CamelliaAblation;

namespace Panicode.Crypto.Benchmarks.Ablation;

/// <summary>
/// The Camellia ablation of Oikawa et al.'s techniques (SCIS 2008, §3): the shipping Unsafe round body with all techniques (the baseline) and with
/// each one taken out or changed in turn, ECB over 1 MiB in both directions through the one-shot API.
/// Reference and the shipping Unsafe flavour are measured beside them.
/// </summary>
[BenchmarkCategory("Ablation", "Camellia")]
public class CamelliaAblationBenchmarks
{
    private readonly Dictionary<string, CipherRunner> _runners = new();
    private byte[] _input = null!;
    private byte[] _output = null!;

    [Params(128, 256)]
    public int KeyBits { get; set; }

    // Both directions even in the short matrix: decryption walks the schedule backwards, encryption forwards.
    [Params(Operation.EcbEncrypt, Operation.EcbDecrypt)]
    public Operation Operation { get; set; }

    [Params(1048576)]
    public int Size { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        byte[] key = TestData.Bytes(KeyBits / 8, 1);
        byte[] iv = TestData.Bytes(16, 2);
        _input = TestData.Bytes(Size, 3);
        _output = new byte[Size];
        foreach (Variant variant in (Variant[])Enum.GetValues(typeof(Variant)))
        {
            Add(variant.ToString(), CamelliaAblationCore.CreateAlgorithm(variant), key, iv);
        }

        Add("Reference", CamelliaCipher.Create(), key, iv);
        Add("Unsafe", Panicode.Crypto.Unsafe.UnsafeCrypto.CreateCamellia(), key, iv);
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

    [Benchmark(Baseline = true, Description = "All techniques (the shipping round body)")]
    public void AllTechniques() => Run(nameof(Variant.AllTechniques));

    [Benchmark(Description = "- pointers (bounds-checked array)")]
    public void NoPointers() => Run(nameof(Variant.NoPointers));

    [Benchmark(Description = "- byte cast (& 0xFF masks)")]
    public void MaskInsteadOfCast() => Run(nameof(Variant.MaskInsteadOfCast));

    [Benchmark(Description = "- tables as arguments (static field)")]
    public void StaticFieldTables() => Run(nameof(Variant.StaticFieldTables));

    [Benchmark(Description = "- two blocks in flight (one)")]
    public void OneBlockInFlight() => Run(nameof(Variant.OneBlockInFlight));

    [Benchmark(Description = "32-bit units instead of 64-bit")]
    public void ThirtyTwoBitUnits() => Run(nameof(Variant.ThirtyTwoBitUnits));

    [Benchmark(Description = "Reference flavour")]
    public void Reference() => Run("Reference");

    [Benchmark(Description = "Unsafe flavour (shipping core)")]
    public void Unsafe() => Run("Unsafe");

    private void Add(string name, SymmetricAlgorithm algorithm, byte[] key, byte[] iv) =>
        _runners[name] = new SymmetricAlgorithmRunner(algorithm, 128, key, iv);

    private void Run(string name) => _runners[name].Run(Operation, _input, _output, Size);
}

/// <summary>
/// The key schedule alone (the initialisation time of CRYPTREC's implementation evaluation report without the cipher object): the Reference one, what
/// the Unsafe core did before (Reference schedule plus a reversed copy for decryption) and the Unsafe one now
/// (64-bit units, copied duplicates, KA/KB with fewer XORs, one schedule walked both ways).
/// </summary>
[BenchmarkCategory("Ablation", "Camellia", "KeySetup")]
public class CamelliaKeyScheduleAblation
{
    private byte[] _key = null!;

    [Params(128, 192, 256)]
    public int KeyBits { get; set; }

    [GlobalSetup]
    public void Setup() => _key = TestData.Bytes(KeyBits / 8, 1);

    [Benchmark(Baseline = true, Description = "Reference ExpandKey + ReverseSchedule (Unsafe core before)")]
    public ulong[] ReferenceAndReversed() => CamelliaSpec.ReverseSchedule(CamelliaCore.ExpandKey(_key));

    [Benchmark(Description = "Reference ExpandKey")]
    public ulong[] Reference() => CamelliaCore.ExpandKey(_key);

    [Benchmark(Description = "Unsafe CamelliaKeySchedule.Expand (Unsafe core now)")]
    public ulong[] Unsafe() => CamelliaKeySchedule.Expand(_key);

    [Benchmark(Description = "Unsafe core constructor")]
    public object UnsafeCore() => new CamelliaPortableCore(_key);
}

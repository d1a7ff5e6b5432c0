using System;
using BenchmarkDotNet.Attributes;
using System.Linq;
using Panicode.Crypto.Unsafe.BlockCiphers.Clefia;
using Panicode.Crypto.Unsafe.Catalog;

namespace Panicode.Crypto.Benchmarks.Micro;

/// <summary>
/// Where the GFNI CLEFIA core's zero-padded 16-block batch starts to beat the portable core on a short tail: the
/// portable core on 1 block against the GFNI core on 16 blocks (one 128-bit batch, the cost of any padded tail, copy
/// aside). The crossover is (GFNI 16 blocks) / (portable 1 block) blocks; ClefiaGfniCore.FewestPaddedBlocks is set
/// from it (docs/benchmarks.md). Runs only where the CPU has GFNI.
/// </summary>
[BenchmarkCategory("Micro", "ClefiaTail")]
public class ClefiaTailBenchmarks
{
    private readonly byte[] _key = new byte[16];
    private readonly byte[] _data = new byte[16 * 16];
    private ClefiaPortableCore _portable = null!;
    private Panicode.Crypto.Modes.BlockCipher? _gfni;

    [GlobalSetup]
    public void Setup()
    {
        _portable = new ClefiaPortableCore(_key);
        // The GFNI core as the library's catalogue lists it (its CPU check and PANICODE_FORCE_PORTABLE included).
        var gfni = UnsafeCores.Clefia.Candidates.First(c => c.Name == "Gfni");
        _gfni = gfni.IsSupported ? gfni.Create(_key, 16) : null;
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _portable.Dispose();
        _gfni?.Dispose();
    }

    [Benchmark(Baseline = true, Description = "Portable, 1 block")]
    public void PortableOneBlock() => _portable.Encrypt(_data.AsSpan(0, 16), _data.AsSpan(0, 16));

    [Benchmark(Description = "GFNI, one 16-block batch")]
    public void GfniSixteenBlocks() => (_gfni ?? throw new PlatformNotSupportedException("no GFNI")).Encrypt(_data, _data);
}

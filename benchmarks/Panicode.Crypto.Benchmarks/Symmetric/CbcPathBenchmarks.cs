using System;
using System.Collections.Generic;
using System.Security.Cryptography;
using BenchmarkDotNet.Attributes;
using Org.BouncyCastle.Crypto;
using Org.BouncyCastle.Crypto.Engines;
using Panicode.Crypto.BlockCiphers.Camellia;
using Panicode.Crypto.Modes;
using Panicode.Crypto.BlockCiphers.Rijndael;
using Panicode.Crypto.Unsafe;
using Panicode.Crypto.Unsafe.BlockCiphers.Camellia;
using Panicode.Crypto.Unsafe.BlockCiphers.Rijndael;

namespace Panicode.Crypto.Benchmarks.Symmetric;

/// <summary>A block-cipher core of one flavour with the matching public algorithm and BouncyCastle engine.</summary>
public enum CoreUnderTest
{
    Rijndael128Reference,
    Rijndael128Unsafe,
    Rijndael256Reference,
    Rijndael256Unsafe,
    CamelliaReference,
    CamelliaUnsafe,
}

/// <summary>
/// Where the time of CBC encryption goes, layer by layer, for one block and for 1 MiB (128-bit key):
/// the core alone (one ECB block), CBC through <see cref="Cbc.Encrypt"/> (the core's fused loop where it declares <see cref="ICbcEncryptor"/>), the mode
/// layer as it was before the hook (one checked core call, XOR and copy per block; kept here only as the
/// baseline), the one-shot layer, the public <see cref="SymmetricAlgorithm.EncryptCbc(ReadOnlySpan{byte}, ReadOnlySpan{byte}, Span{byte}, PaddingMode)"/>
/// and its decryption, and BouncyCastle's <c>CbcBlockCipher</c> over the same cipher.
/// Run with <c>-- --filter *CbcPath*</c>.
/// </summary>
public class CbcPathBenchmarks
{
    private BlockCipher _core = null!;
    private SymmetricAlgorithm _algorithm = null!;
    private BouncyCastleRunner _bouncyCastle = null!;
    private byte[] _iv = null!;
    private byte[] _chain = null!;
    private byte[] _input = null!;
    private byte[] _output = null!;

    [ParamsAllValues]
    public CoreUnderTest Core { get; set; }

    [ParamsSource(nameof(Sizes))]
    public int Size { get; set; }

    /// <summary>0 stands for one block of the cipher (16 or 32 bytes).</summary>
    public static IEnumerable<int> Sizes => new[] { 0, 1048576 };

    private int BlockSize => Core is CoreUnderTest.Rijndael256Reference or CoreUnderTest.Rijndael256Unsafe ? 32 : 16;

    [GlobalSetup]
    public void Setup()
    {
        byte[] key = TestData.Bytes(16, 1);
        int blockSize = BlockSize;
        _iv = TestData.Bytes(blockSize, 2);
        _chain = new byte[blockSize];
        _input = TestData.Bytes(Size == 0 ? blockSize : Size, 3);
        _output = new byte[_input.Length];
        (BlockCipher Core, SymmetricAlgorithm Algorithm, Func<IBlockCipher> Engine) chosen = Core switch
        {
            CoreUnderTest.Rijndael128Reference => (new RijndaelCore(key, 16), RijndaelCipher.Create(), () => new AesEngine()),
            CoreUnderTest.Rijndael128Unsafe => (UnsafeRijndael.CreateCore(key, 16, allowIntrinsics: true), UnsafeCrypto.CreateRijndael(), () => new AesEngine()),
            CoreUnderTest.Rijndael256Reference => (new RijndaelCore(key, 32), RijndaelCipher.Create(), () => new RijndaelEngine(256)),
            CoreUnderTest.Rijndael256Unsafe => (UnsafeRijndael.CreateCore(key, 32, allowIntrinsics: true), UnsafeCrypto.CreateRijndael(), () => new RijndaelEngine(256)),
            CoreUnderTest.CamelliaReference => (new CamelliaCore(key), CamelliaCipher.Create(), () => new CamelliaEngine()),
            _ => (new CamelliaPortableCore(key), UnsafeCrypto.CreateCamellia(), () => new CamelliaEngine()),
        };
        (_core, _algorithm) = (chosen.Core, chosen.Algorithm);
        _algorithm.BlockSize = blockSize * 8;
        _algorithm.Key = key;
        _bouncyCastle = new BouncyCastleRunner(chosen.Engine, key, _iv);
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _core.Dispose();
        _algorithm.Dispose();
    }

    [Benchmark(Description = "Core ECB")]
    public void CoreEcb() => _core.Encrypt(_input, _output);

    [Benchmark(Baseline = true, Description = "Per-block CBC (old mode layer)")]
    public void PerBlockCbc()
    {
        _iv.CopyTo(_chain, 0);
        Span<byte> chain = _chain;
        int bs = _core.BlockSize;
        for (int offset = 0; offset < _input.Length; offset += bs)
        {
            Xor.InPlace(chain, _input.AsSpan(offset, bs));
            _core.Encrypt(chain, chain);
            chain.CopyTo(_output.AsSpan(offset, bs));
        }
    }

    [Benchmark(Description = "Fused CBC hook")]
    public void FusedCbc()
    {
        _iv.CopyTo(_chain, 0);
        Cbc.Encrypt(_core, _chain, _input, _output);
    }

    [Benchmark(Description = "OneShot layer")]
    public bool OneShotLayer() =>
        OneShot.TryEncrypt(_core, CipherMode.CBC, _iv, 0, PaddingMode.None, _input, _output, out _);

    [Benchmark(Description = "EncryptCbc (public)")]
    public int PublicEncrypt() => _algorithm.EncryptCbc(_input, _iv, _output, PaddingMode.None);

    [Benchmark(Description = "DecryptCbc (public)")]
    public int PublicDecrypt() => _algorithm.DecryptCbc(_input, _iv, _output, PaddingMode.None);

    [Benchmark(Description = "BouncyCastle CBC")]
    public void BouncyCastle() => _bouncyCastle.Run(Operation.CbcEncrypt, _input, _output, _input.Length);
}

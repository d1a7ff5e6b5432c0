using System;
using System.Security.Cryptography;
using BenchmarkDotNet.Attributes;
using Org.BouncyCastle.Crypto.Engines;
using Org.BouncyCastle.Crypto.Modes;
using Org.BouncyCastle.Crypto.Parameters;
using Panicode.Crypto.Unsafe;

namespace Panicode.Crypto.Benchmarks.Aead;

/// <summary>
/// Authenticated encryption and MACs: AES-128-GCM (Unsafe flavour, the built-in AesGcm, BouncyCastle's
/// GcmBlockCipher), Camellia-128-GCM (Unsafe, BouncyCastle), AES-128-CTR against the Unsafe AES-ECB it is built on,
/// and AES-128-CMAC against CBC encryption on the same core. Each category's ratio is against its baseline.
/// Not part of the default short run: <c>-- --filter *AeadBenchmarks*</c>.
/// </summary>
public class AeadBenchmarks
{
    private static readonly byte[] s_key = new byte[16];
    private static readonly byte[] s_nonce = new byte[12];
    private readonly byte[] _tag = new byte[16];
    private readonly byte[] _bouncyNonce = new byte[12];
    private byte[] _plaintext = Array.Empty<byte>();
    private byte[] _output = Array.Empty<byte>();
    private byte[] _bouncyOutput = Array.Empty<byte>();
    private Gcm _aesGcm = null!;
    private Gcm _camelliaGcm = null!;
    private AesGcm _bclGcm = null!;
    private GcmBlockCipher _bouncyAes = null!;
    private GcmBlockCipher _bouncyCamellia = null!;
    private RijndaelCipher _aes = null!;
    private Cmac _cmac = null!;

    [Params(16, 64, 16384, 1048576)]
    public int Size { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _plaintext = new byte[Size];
        new Random(1).NextBytes(_plaintext);
        _output = new byte[Size];
        _bouncyOutput = new byte[Size + 16];
        _aes = UnsafeCrypto.CreateRijndael();
        _aes.Key = s_key;
        _aesGcm = _aes.CreateGcm(s_key);
        _camelliaGcm = UnsafeCrypto.CreateCamellia().CreateGcm(s_key);
        _bclGcm = new AesGcm(s_key, 16);
        _bouncyAes = new GcmBlockCipher(new AesEngine());
        _bouncyCamellia = new GcmBlockCipher(new CamelliaEngine());
        _cmac = _aes.CreateCmac(s_key);
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _aesGcm.Dispose();
        _camelliaGcm.Dispose();
        _bclGcm.Dispose();
        _cmac.Dispose();
        _aes.Dispose();
    }

    [Benchmark(Baseline = true, Description = "built-in AesGcm")]
    [BenchmarkCategory("AES-128-GCM")]
    public void BclAesGcm() => _bclGcm.Encrypt(s_nonce, _plaintext, _output, _tag);

    [Benchmark(Description = "Unsafe GCM")]
    [BenchmarkCategory("AES-128-GCM")]
    public void UnsafeAesGcm() => _aesGcm.Encrypt(s_nonce, _plaintext, _output, _tag);

    [Benchmark(Description = "BouncyCastle GCM")]
    [BenchmarkCategory("AES-128-GCM")]
    public int BouncyAesGcm() => Bouncy(_bouncyAes);

    [Benchmark(Baseline = true, Description = "BouncyCastle GCM")]
    [BenchmarkCategory("Camellia-128-GCM")]
    public int BouncyCamelliaGcm() => Bouncy(_bouncyCamellia);

    [Benchmark(Description = "Unsafe GCM")]
    [BenchmarkCategory("Camellia-128-GCM")]
    public void UnsafeCamelliaGcm() => _camelliaGcm.Encrypt(s_nonce, _plaintext, _output, _tag);

    [Benchmark(Baseline = true, Description = "Unsafe ECB")]
    [BenchmarkCategory("AES-128-CTR")]
    public int AesEcb() => _aes.EncryptEcb(_plaintext, _output, PaddingMode.None);

    [Benchmark(Description = "Unsafe CTR")]
    [BenchmarkCategory("AES-128-CTR")]
    public int AesCtr() => _aes.EncryptCtr(_plaintext, _bouncyOutput.AsSpan(0, 16), _output);

    [Benchmark(Baseline = true, Description = "Unsafe CBC")]
    [BenchmarkCategory("AES-128-CMAC")]
    public int AesCbc() => _aes.EncryptCbc(_plaintext, _bouncyOutput.AsSpan(0, 16), _output, PaddingMode.None);

    [Benchmark(Description = "Unsafe CMAC")]
    [BenchmarkCategory("AES-128-CMAC")]
    public bool AesCmac() => _cmac.TryComputeHash(_plaintext, _tag, out _);

    private int Bouncy(GcmBlockCipher gcm)
    {
        // BouncyCastle refuses to encrypt twice under one key and nonce, so each call takes the next nonce.
        _bouncyNonce[0]++;
        if (_bouncyNonce[0] == 0)
        {
            _bouncyNonce[1]++;
        }

        gcm.Init(true, new AeadParameters(new KeyParameter(s_key), 128, _bouncyNonce));
        int n = gcm.ProcessBytes(_plaintext, 0, _plaintext.Length, _bouncyOutput, 0);
        return n + gcm.DoFinal(_bouncyOutput, n);
    }
}

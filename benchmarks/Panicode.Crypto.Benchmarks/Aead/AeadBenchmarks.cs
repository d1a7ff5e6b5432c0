using System;
using System.Security.Cryptography;
using BenchmarkDotNet.Attributes;
using Org.BouncyCastle.Crypto;
using Org.BouncyCastle.Crypto.Engines;
using Org.BouncyCastle.Crypto.Modes;
using Org.BouncyCastle.Crypto.Parameters;
using Panicode.Crypto.Unsafe;

namespace Panicode.Crypto.Benchmarks.Aead;

/// <summary>
/// Authenticated encryption and MACs: AES-128-GCM encryption and decryption (Unsafe flavour, the built-in AesGcm,
/// BouncyCastle's GcmBlockCipher on its fastest AES engine, keeping its key and GHASH tables between messages as an
/// application does), AES-128-CCM against the built-in AesCcm, Camellia-128-GCM (Unsafe, BouncyCastle),
/// CLEFIA-128-GCM, AES-128-CTR against the Unsafe AES-ECB it is built on, and AES-128-CMAC against CBC encryption on
/// the same core. Each category's ratio is against its baseline. Not part of the default short run:
/// <c>-- --filter *AeadBenchmarks*</c>; issue 29's goals table comes from <c>-- --aead-goals</c> (interleaved rounds).
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
    private readonly byte[] _ccmTag = new byte[16];
    private byte[] _ciphertext = Array.Empty<byte>();
    private byte[] _ccmCiphertext = Array.Empty<byte>();
    private byte[] _sealedTag = new byte[16];
    private byte[] _bouncySealed = Array.Empty<byte>();
    private Gcm _aesGcm = null!;
    private Gcm _camelliaGcm = null!;
    private Gcm _clefiaGcm = null!;
    private Ccm _aesCcm = null!;
    private AesCcm _bclCcm = null!;
    private AesGcm _bclGcm = null!;
    private GcmBlockCipher _bouncyAesOpen = null!;
    private GcmBlockCipher _bouncyAes = null!;
    private GcmBlockCipher _bouncyCamellia = null!;
    private RijndaelCipher _aes = null!;
    private Cmac _cmac = null!;

    [Params(16, 1536, 16384, 1048576)]
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
        _clefiaGcm = UnsafeCrypto.CreateClefia().CreateGcm(s_key);
        _aesCcm = _aes.CreateCcm(s_key);
        _bclCcm = new AesCcm(s_key);
        _bclGcm = new AesGcm(s_key, 16);
        _bouncyAes = Keyed(new GcmBlockCipher(AesUtilities.CreateEngine()));
        _bouncyCamellia = Keyed(new GcmBlockCipher(new CamelliaEngine()));
        _bouncyAesOpen = Keyed(new GcmBlockCipher(AesUtilities.CreateEngine()));
        _cmac = _aes.CreateCmac(s_key);

        // Sealed once, opened by the decryption benchmarks (the tag check passes, so the whole path runs).
        _ciphertext = new byte[Size];
        _aesGcm.Encrypt(s_nonce, _plaintext, _ciphertext, _sealedTag);
        _ccmCiphertext = new byte[Size];
        _aesCcm.Encrypt(s_nonce, _plaintext, _ccmCiphertext, _ccmTag);
        _bouncySealed = new byte[Size + 16];
        _bouncyAesOpen.Init(true, new AeadParameters(null, 128, s_nonce));
        int n = _bouncyAesOpen.ProcessBytes(_plaintext, 0, Size, _bouncySealed, 0);
        _bouncyAesOpen.DoFinal(_bouncySealed, n);
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _aesGcm.Dispose();
        _camelliaGcm.Dispose();
        _clefiaGcm.Dispose();
        _aesCcm.Dispose();
        _bclCcm.Dispose();
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

    [Benchmark(Baseline = true, Description = "built-in AesGcm")]
    [BenchmarkCategory("AES-128-GCM decrypt")]
    public void BclAesGcmOpen() => _bclGcm.Decrypt(s_nonce, _ciphertext, _sealedTag, _output);

    [Benchmark(Description = "Unsafe GCM")]
    [BenchmarkCategory("AES-128-GCM decrypt")]
    public void UnsafeAesGcmOpen() => _aesGcm.Decrypt(s_nonce, _ciphertext, _sealedTag, _output);

    [Benchmark(Description = "BouncyCastle GCM")]
    [BenchmarkCategory("AES-128-GCM decrypt")]
    public int BouncyAesGcmOpen()
    {
        _bouncyAesOpen.Init(false, new AeadParameters(null, 128, s_nonce));
        int n = _bouncyAesOpen.ProcessBytes(_bouncySealed, 0, _bouncySealed.Length, _bouncyOutput, 0);
        return n + _bouncyAesOpen.DoFinal(_bouncyOutput, n);
    }

    [Benchmark(Baseline = true, Description = "built-in AesCcm")]
    [BenchmarkCategory("AES-128-CCM")]
    public void BclAesCcm() => _bclCcm.Encrypt(s_nonce, _plaintext, _output, _ccmTag);

    [Benchmark(Description = "Unsafe CCM")]
    [BenchmarkCategory("AES-128-CCM")]
    public void UnsafeAesCcm() => _aesCcm.Encrypt(s_nonce, _plaintext, _output, _ccmTag);

    [Benchmark(Baseline = true, Description = "built-in AesCcm")]
    [BenchmarkCategory("AES-128-CCM decrypt")]
    public void BclAesCcmOpen() => _bclCcm.Decrypt(s_nonce, _ccmCiphertext, _ccmTag, _output);

    [Benchmark(Description = "Unsafe CCM")]
    [BenchmarkCategory("AES-128-CCM decrypt")]
    public void UnsafeAesCcmOpen() => _aesCcm.Decrypt(s_nonce, _ccmCiphertext, _ccmTag, _output);

    [Benchmark(Description = "Unsafe CLEFIA GCM")]
    [BenchmarkCategory("Camellia-128-GCM")]
    public void UnsafeClefiaGcm() => _clefiaGcm.Encrypt(s_nonce, _plaintext, _output, _tag);

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

    // BouncyCastle keeps its key schedule and GHASH tables when Init gets no key; it refuses a repeated nonce for
    // encryption under one key, so each call takes the next nonce.
    private int Bouncy(GcmBlockCipher gcm)
    {
        _bouncyNonce[0]++;
        if (_bouncyNonce[0] == 0)
        {
            _bouncyNonce[1]++;
        }

        gcm.Init(true, new AeadParameters(null, 128, _bouncyNonce));
        int n = gcm.ProcessBytes(_plaintext, 0, _plaintext.Length, _bouncyOutput, 0);
        return n + gcm.DoFinal(_bouncyOutput, n);
    }

    private static GcmBlockCipher Keyed(GcmBlockCipher gcm)
    {
        gcm.Init(true, new AeadParameters(new KeyParameter(s_key), 128, new byte[] { 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF }));
        return gcm;
    }
}

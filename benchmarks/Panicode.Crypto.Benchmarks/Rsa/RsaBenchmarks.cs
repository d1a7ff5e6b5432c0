using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Linq;
using System.Numerics;
using System.Security.Cryptography;
using BenchmarkDotNet.Attributes;
using Org.BouncyCastle.Crypto;
using Org.BouncyCastle.Crypto.Digests;
using Org.BouncyCastle.Crypto.Generators;
using Org.BouncyCastle.Crypto.Parameters;
using Org.BouncyCastle.Crypto.Signers;
using Org.BouncyCastle.Security;
using Panicode.Crypto.Modular;
using Panicode.Crypto.Unsafe;
using Panicode.Crypto.Unsafe.Modular;

namespace Panicode.Crypto.Benchmarks.Rsa;

/// <summary>
/// RSA PKCS#1 v1.5 signing (the private operation, CRT) and verification with SHA-256, every implementation in one run:
/// our Unsafe and Reference flavours, the built-in RSA (OpenSSL) and BouncyCastle 2.7. Run with <c>-- --rsa</c>.
/// </summary>
public class RsaBenchmarks
{
    private static readonly byte[] s_hash = SHA256.HashData(new byte[] { 1, 2, 3 });
    private RSA? _rsa;
    private ISigner? _bcSigner;
    private ISigner? _bcVerifier;
    private byte[] _signature = Array.Empty<byte>();

    [Params(2048, 3072, 4096)]
    public int Bits { get; set; }

    [Params("Unsafe", "Reference", "BuiltIn", "BouncyCastle")]
    public string Impl { get; set; } = "Unsafe";

    [GlobalSetup]
    public void Setup()
    {
        RSAParameters key = RsaKeys.Get(Bits);
        if (Impl == "BouncyCastle")
        {
            AsymmetricCipherKeyPair pair = DotNetUtilities.GetRsaKeyPair(key);
            _bcSigner = new RsaDigestSigner(new Sha256Digest());
            _bcSigner.Init(true, pair.Private);
            _bcVerifier = new RsaDigestSigner(new Sha256Digest());
            _bcVerifier.Init(false, pair.Public);
        }
        else
        {
            _rsa = Impl switch
            {
                "Unsafe" => UnsafeCrypto.CreateRsa(key),
                "Reference" => ManagedRsa.Create(key),
                _ => RSA.Create(key),
            };
        }

        using RSA builtIn = RSA.Create(key);
        _signature = builtIn.SignHash(s_hash, HashAlgorithmName.SHA256, RSASignaturePadding.Pkcs1);
    }

    [GlobalCleanup]
    public void Cleanup() => _rsa?.Dispose();

    [Benchmark]
    public byte[] Sign()
    {
        if (_bcSigner != null)
        {
            // BouncyCastle's signer hashes itself: feed the same 3 bytes (the hash costs nanoseconds).
            _bcSigner.BlockUpdate(new byte[] { 1, 2, 3 }, 0, 3);
            return _bcSigner.GenerateSignature();
        }

        return _rsa!.SignHash(s_hash, HashAlgorithmName.SHA256, RSASignaturePadding.Pkcs1);
    }

    [Benchmark]
    public bool Verify()
    {
        if (_bcVerifier != null)
        {
            _bcVerifier.BlockUpdate(new byte[] { 1, 2, 3 }, 0, 3);
            return _bcVerifier.VerifySignature(_signature);
        }

        return _rsa!.VerifyHash(s_hash, _signature, HashAlgorithmName.SHA256, RSASignaturePadding.Pkcs1);
    }
}

/// <summary>A 2,048-bit modular exponentiation with a 2,048-bit exponent: the Montgomery layer against BigInteger.ModPow.</summary>
public class ModPowBenchmarks
{
    private Modulus? _m;
    private ModularArithmetic? _arith;
    private ulong[] _base = Array.Empty<ulong>();
    private ulong[] _result = Array.Empty<ulong>();
    private byte[] _exponent = Array.Empty<byte>();
    private BigInteger _bigBase, _bigExponent, _bigModulus;

    [Params("Unsafe", "Reference", "BigInteger")]
    public string Impl { get; set; } = "Unsafe";

    [GlobalSetup]
    public void Setup()
    {
        Random rng = new(2048);
        byte[] n = new byte[256];
        rng.NextBytes(n);
        n[0] |= 0x80;
        n[^1] |= 1;
        _exponent = new byte[256];
        rng.NextBytes(_exponent);
        _exponent[0] |= 0x80;
        byte[] b = new byte[255];
        rng.NextBytes(b);
        _m = Modulus.FromBigEndian(n);
        _arith = Impl == "Reference" ? ReferenceModular.Instance : UnsafeModular.Create(forcePortable: false);
        _base = new ulong[_m.Limbs];
        _result = new ulong[_m.Limbs];
        Limbs64.FromBigEndian(b, _base);
        _bigModulus = new BigInteger(n, isUnsigned: true, isBigEndian: true);
        _bigExponent = new BigInteger(_exponent, isUnsigned: true, isBigEndian: true);
        _bigBase = new BigInteger(b, isUnsigned: true, isBigEndian: true);
    }

    [Benchmark]
    public object ModPow()
    {
        if (Impl == "BigInteger")
        {
            return BigInteger.ModPow(_bigBase, _bigExponent, _bigModulus);
        }

        _arith!.ToMontgomery(_m!, _result, _base);
        _arith.ModPow(_m!, _result, _result, _exponent, exponentIsPublic: false);
        _arith.FromMontgomery(_m!, _result, _result);
        return _result;
    }
}

/// <summary>Key generation: median of N 2,048-bit keys per implementation, timed directly (each takes tens of milliseconds).</summary>
public static class RsaKeyGenTimer
{
    public static void Run(int count)
    {
        Console.WriteLine($"RSA-2048 key generation, median of {count} per implementation (ms):");
        var impls = new (string Name, Action Generate)[]
        {
            ("Unsafe", () => { using ManagedRsa r = UnsafeCrypto.CreateRsa(2048); r.ExportParameters(false); }),
            ("Reference", () => { using ManagedRsa r = ManagedRsa.Create(2048); r.ExportParameters(false); }),
            ("BuiltIn", () => { using RSA r = RSA.Create(2048); r.ExportParameters(false); }),
            ("BouncyCastle", () =>
            {
                RsaKeyPairGenerator g = new();
                g.Init(new RsaKeyGenerationParameters(BigInteger65537, new SecureRandom(), 2048, 100));
                g.GenerateKeyPair();
            }),
        };
        Dictionary<string, List<double>> times = impls.ToDictionary(i => i.Name, _ => new List<double>());
        foreach ((string _, Action generate) in impls)
        {
            generate();   // warm-up
        }

        for (int i = 0; i < count; i++)
        {
            foreach ((string name, Action generate) in impls)   // interleaved, so load changes hit every implementation alike
            {
                Stopwatch sw = Stopwatch.StartNew();
                generate();
                times[name].Add(sw.Elapsed.TotalMilliseconds);
            }
        }

        double builtIn = Median(times["BuiltIn"]);
        foreach ((string name, List<double> t) in times)
        {
            Console.WriteLine($"  {name,-13} median {Median(t),8:F1} ms   (x BuiltIn {Median(t) / builtIn:F2})");
        }
    }

    private static readonly Org.BouncyCastle.Math.BigInteger BigInteger65537 = Org.BouncyCastle.Math.BigInteger.ValueOf(65537);

    private static double Median(List<double> values)
    {
        double[] sorted = values.OrderBy(v => v).ToArray();
        return sorted.Length % 2 == 1 ? sorted[sorted.Length / 2] : (sorted[(sorted.Length / 2) - 1] + sorted[sorted.Length / 2]) / 2;
    }
}

/// <summary>One key per size for the whole run, made by the built-in RSA.</summary>
internal static class RsaKeys
{
    private static readonly Dictionary<int, RSAParameters> s_keys = new();

    public static RSAParameters Get(int bits)
    {
        lock (s_keys)
        {
            if (!s_keys.TryGetValue(bits, out RSAParameters key))
            {
                using RSA rsa = RSA.Create(bits);
                key = rsa.ExportParameters(true);
                s_keys[bits] = key;
            }

            return key;
        }
    }
}

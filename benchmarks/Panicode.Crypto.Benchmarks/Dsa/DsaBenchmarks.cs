using System;
using System.Collections.Concurrent;
using System.Security.Cryptography;
using BenchmarkDotNet.Attributes;
using Org.BouncyCastle.Crypto.Digests;
using Org.BouncyCastle.Crypto.Parameters;
using Org.BouncyCastle.Crypto.Signers;
using Org.BouncyCastle.Security;
using Panicode.Crypto.Unsafe;
using BcBigInteger = Org.BouncyCastle.Math.BigInteger;

namespace Panicode.Crypto.Benchmarks.Dsa;

/// <summary>
/// DSA signing and verification of a SHA-256 hash, every implementation in one run: our Unsafe and Reference flavours
/// (RFC 6979 nonces), the built-in DSA (OpenSSL, random k) and BouncyCastle 2.7 (DsaSigner, random k). The keys come
/// from the built-in DSA: (2,048, 256) and (3,072, 256). Run with <c>-- --dsa</c>.
/// </summary>
public class DsaBenchmarks
{
    private static readonly ConcurrentDictionary<int, DSAParameters> s_keys = new();
    private static readonly byte[] s_hash = SHA256.HashData(new byte[] { 1, 2, 3 });
    private DSA? _dsa;
    private DsaSigner? _bcSigner;
    private DsaSigner? _bcVerifier;
    private byte[] _signature = Array.Empty<byte>();
    private BcBigInteger? _r, _s;

    [Params(2048, 3072)]
    public int Bits { get; set; }

    [Params("Unsafe", "Reference", "BuiltIn", "BouncyCastle")]
    public string Impl { get; set; } = "Unsafe";

    [GlobalSetup]
    public void Setup()
    {
        DSAParameters key = s_keys.GetOrAdd(Bits, b =>
        {
            using DSA gen = DSA.Create(b);
            return gen.ExportParameters(true);
        });
        using DSA builtIn = DSA.Create();
        builtIn.ImportParameters(key);
        _signature = builtIn.CreateSignature(s_hash);
        int half = _signature.Length / 2;
        _r = new BcBigInteger(1, _signature, 0, half);
        _s = new BcBigInteger(1, _signature, half, half);
        if (Impl == "BouncyCastle")
        {
            var pair = DotNetUtilities.GetDsaKeyPair(key);
            _bcSigner = new DsaSigner();
            _bcSigner.Init(true, new ParametersWithRandom(pair.Private, new SecureRandom()));
            _bcVerifier = new DsaSigner();
            _bcVerifier.Init(false, pair.Public);
            return;
        }

        _dsa = Impl switch
        {
            "Unsafe" => UnsafeCrypto.CreateDsa(key),
            "Reference" => ManagedDsa.Create(key),
            _ => DSA.Create(),
        };
        if (Impl == "BuiltIn")
        {
            _dsa.ImportParameters(key);
        }
    }

    [GlobalCleanup]
    public void Cleanup() => _dsa?.Dispose();

    [Benchmark]
    public object Sign() => _bcSigner != null ? _bcSigner.GenerateSignature(s_hash) : _dsa!.CreateSignature(s_hash);

    [Benchmark]
    public bool Verify() => _bcVerifier != null ? _bcVerifier.VerifySignature(s_hash, _r!, _s!) : _dsa!.VerifySignature(s_hash, _signature);
}

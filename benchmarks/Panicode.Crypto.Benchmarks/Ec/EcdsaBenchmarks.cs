using System;
using System.Collections.Generic;
using System.Security.Cryptography;
using BenchmarkDotNet.Attributes;
using Panicode.Crypto.Benchmarks.Infrastructure;
using Panicode.Crypto.Benchmarks.Symmetric;

namespace Panicode.Crypto.Benchmarks.Ec;

/// <summary>The public-key operations: ECDSA sign/verify, key generation, ECDH (the paper's Figures 3 and 4).</summary>
public enum EcOperation
{
    Sign,
    Verify,
    KeyGen,
    Ecdh,
}

/// <summary>
/// The paper's Figures 3 and 4 (ECDSA sign and verify on secp192r1 against OpenSSL and BouncyCastle
/// C#), for every supported curve, plus key generation and ECDH. Time is per operation.
/// </summary>
[BenchmarkCategory("Ecdsa")]
public class EcdsaBenchmarks
{
    private EcRunner? _reference;
    private EcRunner? _unsafe;
    private EcRunner _builtIn = null!;
    private EcRunner _bouncyCastle = null!;

    [ParamsSource(nameof(Curves))]
    public string Curve { get; set; } = "secp192r1";

    [ParamsSource(nameof(Operations))]
    public EcOperation Operation { get; set; }

    public static IEnumerable<string> Curves => RunSettings.Short ? new[] { "secp192r1", "secp256r1" } : CurveSpec.All;

    public static IEnumerable<EcOperation> Operations => RunSettings.Short
        ? new[] { EcOperation.Sign, EcOperation.Verify }
        : new[] { EcOperation.Sign, EcOperation.Verify, EcOperation.KeyGen, EcOperation.Ecdh };

    [GlobalSetup]
    public void Setup()
    {
        ECCurve curve = CurveSpec.Curve(Curve);
        byte[] hash = TestData.Bytes(CurveSpec.HashBytes(Curve), 4);

        _reference = null;
        _unsafe = null;
        _reference = new DotNetEcRunner(PrimeEcdsa.Create(curve), PrimeEcdh.Create(curve), curve, hash);
        _unsafe = new DotNetEcRunner(Panicode.Crypto.Unsafe.UnsafeCrypto.CreateEcdsa(curve), Panicode.Crypto.Unsafe.UnsafeCrypto.CreateEcdh(curve), curve, hash);
        _builtIn = new DotNetEcRunner(ECDsa.Create(curve), ECDiffieHellman.Create(curve), curve, hash);
        _bouncyCastle = new BouncyCastleEcRunner(Curve, hash);
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _reference?.Dispose();
        _unsafe?.Dispose();
        _builtIn.Dispose();
        _bouncyCastle.Dispose();
    }

    [Benchmark(Baseline = true, Description = "Reference")]
    public object Reference() => Run(_reference!);

    [Benchmark(Description = "Unsafe")]
    public object Unsafe() => Run(_unsafe!);

    [Benchmark(Description = "Built-in")]
    public object BuiltIn() => Run(_builtIn);

    [Benchmark(Description = "BouncyCastle")]
    public object BouncyCastle() => Run(_bouncyCastle);

    private object Run(EcRunner runner)
    {
        switch (Operation)
        {
            case EcOperation.Sign:
                runner.Sign();
                return runner;
            case EcOperation.Verify:
                return runner.Verify() ? runner : throw new InvalidOperationException("Verification failed.");
            case EcOperation.KeyGen:
                runner.GenerateKey();
                return runner;
            default:
                runner.Agree();
                return runner;
        }
    }
}

using System.Security.Cryptography;
using BenchmarkDotNet.Attributes;
using Panicode.Crypto.Unsafe;

namespace Panicode.Crypto.Benchmarks.Dsa;

/// <summary>
/// The ISO/IEC 18033-2 KEMs on P-256 beside one ECDH agreement on the same curve (issue 27's goal: PSEC-KEM within 2×
/// one ECDH, plus hashing): encapsulation and decapsulation of PSEC-KEM and ECIES-KEM, and ECDH's raw agreement, per
/// flavour. Run with <c>-- --dsa</c>.
/// </summary>
public class KemBenchmarks
{
    private PrimeEcKem? _psec;
    private PrimeEcKem? _ecies;
    private byte[] _psecCiphertext = System.Array.Empty<byte>();
    private byte[] _eciesCiphertext = System.Array.Empty<byte>();
    private PrimeEcdh? _ecdh;
    private PrimeEcdh? _peer;

    [Params("Unsafe", "Reference")]
    public string Impl { get; set; } = "Unsafe";

    [GlobalSetup]
    public void Setup()
    {
        bool fast = Impl == "Unsafe";
        _psec = fast ? UnsafeCrypto.CreatePsecKem("nistP256") : PrimePsecKem.Create("nistP256");
        _ecies = fast ? UnsafeCrypto.CreateEciesKem("nistP256") : PrimeEciesKem.Create("nistP256");
        _psec.Encapsulate(out _psecCiphertext, out _);
        _ecies.Encapsulate(out _eciesCiphertext, out _);
        _ecdh = fast ? UnsafeCrypto.CreateEcdh(ECCurve.NamedCurves.nistP256) : PrimeEcdh.Create(ECCurve.NamedCurves.nistP256);
        _peer = PrimeEcdh.Create(ECCurve.NamedCurves.nistP256);
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _psec?.Dispose();
        _ecies?.Dispose();
        _ecdh?.Dispose();
        _peer?.Dispose();
    }

    [Benchmark(Baseline = true, Description = "ECDH P-256 agreement")]
    public byte[] Ecdh() => _ecdh!.DeriveRawSecretAgreement(_peer!.PublicKey);

    [Benchmark(Description = "PSEC-KEM encapsulate")]
    public byte[] PsecEncapsulate()
    {
        _psec!.Encapsulate(out byte[] ciphertext, out _);
        return ciphertext;
    }

    [Benchmark(Description = "PSEC-KEM decapsulate")]
    public byte[] PsecDecapsulate() => _psec!.Decapsulate(_psecCiphertext);

    [Benchmark(Description = "ECIES-KEM encapsulate")]
    public byte[] EciesEncapsulate()
    {
        _ecies!.Encapsulate(out byte[] ciphertext, out _);
        return ciphertext;
    }

    [Benchmark(Description = "ECIES-KEM decapsulate")]
    public byte[] EciesDecapsulate() => _ecies!.Decapsulate(_eciesCiphertext);
}

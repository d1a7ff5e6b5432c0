using BenchmarkDotNet.Attributes;
using Org.BouncyCastle.Crypto;
using Org.BouncyCastle.Crypto.Agreement;
using Org.BouncyCastle.Crypto.Generators;
using Org.BouncyCastle.Crypto.Parameters;
using Org.BouncyCastle.Security;
using Panicode.Crypto.Unsafe;

namespace Panicode.Crypto.Benchmarks.Dsa;

/// <summary>
/// One finite-field DH agreement in ffdhe2048 (peer validation included): our Unsafe and Reference flavours against
/// BouncyCastle 2.7's DHBasicAgreement. .NET has no FFDH class; OpenSSL is measured with <c>openssl speed ffdh2048</c>.
/// Run with <c>-- --dsa</c>.
/// </summary>
public class DhBenchmarks
{
    private ManagedDiffieHellman? _ours;
    private ManagedDiffieHellmanPublicKey? _peer;
    private DHBasicAgreement? _bc;
    private DHPublicKeyParameters? _bcPeer;

    [Params("Unsafe", "Reference", "BouncyCastle")]
    public string Impl { get; set; } = "Unsafe";

    [GlobalSetup]
    public void Setup()
    {
        if (Impl == "BouncyCastle")
        {
            DHParameters group = DHStandardGroups.rfc7919_ffdhe2048;
            DHKeyPairGenerator gen = new();
            gen.Init(new DHKeyGenerationParameters(new SecureRandom(), group));
            AsymmetricCipherKeyPair mine = gen.GenerateKeyPair();
            _bcPeer = (DHPublicKeyParameters)gen.GenerateKeyPair().Public;
            _bc = new DHBasicAgreement();
            _bc.Init(mine.Private);
            return;
        }

        _ours = Impl == "Unsafe" ? UnsafeCrypto.CreateDiffieHellman(FfdhGroup.Ffdhe2048) : ManagedDiffieHellman.Create(FfdhGroup.Ffdhe2048);
        using ManagedDiffieHellman peer = ManagedDiffieHellman.Create(FfdhGroup.Ffdhe2048);
        _peer = peer.PublicKey;
    }

    [GlobalCleanup]
    public void Cleanup() => _ours?.Dispose();

    [Benchmark]
    public object Agree() => _bc != null ? _bc.CalculateAgreement(_bcPeer!) : _ours!.DeriveRawSecretAgreement(_peer!);
}

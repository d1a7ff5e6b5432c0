using System;
using System.Security.Cryptography;
using Org.BouncyCastle.Asn1.X9;
using Org.BouncyCastle.Crypto;
using Org.BouncyCastle.Crypto.Agreement;
using Org.BouncyCastle.Crypto.EC;
using Org.BouncyCastle.Crypto.Generators;
using Org.BouncyCastle.Crypto.Parameters;
using Org.BouncyCastle.Crypto.Signers;
using Org.BouncyCastle.Math;
using Org.BouncyCastle.Security;

namespace Panicode.Crypto.Benchmarks.Ec;

/// <summary>Sign, verify, key generation and ECDH on one curve by one implementation.</summary>
public abstract class EcRunner : IDisposable
{
    public abstract void Sign();

    public abstract bool Verify();

    public abstract void GenerateKey();

    public abstract void Agree();

    public virtual void Dispose()
    {
    }
}

/// <summary>
/// Anything behind <see cref="ECDsa"/> and <see cref="ECDiffieHellman"/>: the built-in (OpenSSL on
/// Linux) and our flavours alike, through the span methods with a preallocated signature buffer.
/// </summary>
public sealed class DotNetEcRunner : EcRunner
{
    private readonly ECDsa _ecdsa;
    private readonly ECDiffieHellman _ecdh;
    private readonly ECDiffieHellmanPublicKey _peer;
    private readonly ECCurve _curve;
    private readonly byte[] _hash;
    private readonly byte[] _signature;
    private readonly byte[] _scratch;

    public DotNetEcRunner(ECDsa ecdsa, ECDiffieHellman ecdh, ECCurve curve, byte[] hash)
    {
        _ecdsa = ecdsa;
        _ecdh = ecdh;
        _curve = curve;
        _hash = hash;
        _signature = ecdsa.SignHash(hash);
        _scratch = new byte[_signature.Length];
        using ECDiffieHellman peer = ECDiffieHellman.Create(curve);
        _peer = peer.PublicKey;
        if (!Verify())
        {
            throw new InvalidOperationException("The implementation rejected its own signature.");
        }
    }

    public override void Sign()
    {
        if (!_ecdsa.TrySignHash(_hash, _scratch, out _))
        {
            throw new InvalidOperationException("Signature buffer too small.");
        }
    }

    public override bool Verify() => _ecdsa.VerifyHash(_hash, _signature);

    // On a separate object, so the signing key of the other benchmarks stays put.
    public override void GenerateKey() => _ecdh.GenerateKey(_curve);

    public override void Agree() => _ecdh.DeriveRawSecretAgreement(_peer);

    public override void Dispose()
    {
        _ecdsa.Dispose();
        _ecdh.Dispose();
        _peer.Dispose();
    }
}

/// <summary>
/// BouncyCastle C#: <see cref="ECDsaSigner"/>, <see cref="ECKeyPairGenerator"/>, <see cref="ECDHBasicAgreement"/>.
/// BouncyCastle caches precomputed multiples on each ECPoint object (its WNafPreCompInfo), so verifying with, or
/// agreeing with, the same public-key object again skips that work: with <c>newKeyObjects</c> every Verify and Agree
/// decodes the public key into a new object first, as a verifier of many different keys (certificate chains) or a
/// server agreeing with a new peer each time does. Signing and key generation are the same either way (the
/// generator's table is per curve).
/// </summary>
public sealed class BouncyCastleEcRunner : EcRunner
{
    private readonly bool _newKeyObjects;
    private readonly ECDomainParameters _domain;
    private readonly byte[] _publicKey;
    private readonly byte[] _peerKey;
    private readonly ECDsaSigner _signer = new();
    private readonly ECDsaSigner _verifier = new();
    private readonly ECKeyPairGenerator _generator = new();
    private readonly ECDHBasicAgreement _agreement = new();
    private readonly ECPublicKeyParameters _peer;
    private readonly byte[] _hash;
    private readonly BigInteger _r;
    private readonly BigInteger _s;

    public BouncyCastleEcRunner(string curveName, byte[] hash, bool newKeyObjects = false)
    {
        _newKeyObjects = newKeyObjects;
        // BouncyCastle's fastest form of each curve: the specialised field code of CustomNamedCurves (SEC and NIST
        // curves) where it has one, the generic curve of ECNamedCurveTable otherwise (brainpool).
        X9ECParameters x9 = CustomNamedCurves.GetByName(curveName) ?? ECNamedCurveTable.GetByName(curveName);
        ECDomainParameters domain = new(x9.Curve, x9.G, x9.N, x9.H, x9.GetSeed());
        _domain = domain;
        SecureRandom random = new();
        _generator.Init(new ECKeyGenerationParameters(domain, random));
        AsymmetricCipherKeyPair keyPair = _generator.GenerateKeyPair();
        _peer = (ECPublicKeyParameters)_generator.GenerateKeyPair().Public;
        _peerKey = _peer.Q.GetEncoded(false);
        _publicKey = ((ECPublicKeyParameters)keyPair.Public).Q.GetEncoded(false);
        _hash = hash;
        _signer.Init(true, new ParametersWithRandom(keyPair.Private, random));
        _verifier.Init(false, keyPair.Public);
        _agreement.Init(keyPair.Private);
        BigInteger[] signature = _signer.GenerateSignature(hash);
        _r = signature[0];
        _s = signature[1];
        if (!Verify())
        {
            throw new InvalidOperationException("BouncyCastle rejected its own signature.");
        }
    }

    public override void Sign() => _signer.GenerateSignature(_hash);

    public override bool Verify()
    {
        if (!_newKeyObjects)
        {
            return _verifier.VerifySignature(_hash, _r, _s);
        }

        ECDsaSigner verifier = new();
        verifier.Init(false, new ECPublicKeyParameters(_domain.Curve.DecodePoint(_publicKey), _domain));
        return verifier.VerifySignature(_hash, _r, _s);
    }

    public override void GenerateKey() => _generator.GenerateKeyPair();

    public override void Agree() =>
        _agreement.CalculateAgreement(_newKeyObjects ? new ECPublicKeyParameters(_domain.Curve.DecodePoint(_peerKey), _domain) : _peer);
}

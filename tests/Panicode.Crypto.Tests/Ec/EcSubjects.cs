using System;
using System.Security.Cryptography;
using Org.BouncyCastle.Crypto.Digests;
using Panicode.Crypto.Hashing;
using Panicode.Crypto.Ec;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Vectors.Ec;

namespace Panicode.Crypto.Tests.Ec;

/// <summary>Adapts a registered <see cref="PrimeEcdsa"/> flavour to the vector checks.</summary>
internal sealed class PrimeEcdsaSubject : EcdsaSubject
{
    private readonly Implementation<PrimeEcdsa> _implementation;

    public PrimeEcdsaSubject(Implementation<PrimeEcdsa> implementation) => _implementation = implementation;

    public override string Name => _implementation.Name;

    public override ECDsa Import(ECParameters parameters) =>
        EcKeyState.Initialize(_implementation.Create(), e => e.ImportParameters(parameters));

    public override ECDsa ImportEncoded(byte[] der, bool isPrivate) =>
        EcKeyState.Initialize(_implementation.Create(), e =>
        {
            int read;
            if (isPrivate)
            {
                e.ImportPkcs8PrivateKey(der, out read);
            }
            else
            {
                e.ImportSubjectPublicKeyInfo(der, out read);
            }

            if (read != der.Length)
            {
                throw new CryptographicException("Trailing data after the key.");
            }
        });

    public override ECDsa Generate(ECCurve curve) => EcKeyState.Initialize(_implementation.Create(), e => e.GenerateKey(curve));

    public override byte[] Hash(string hashName, byte[] message) => EcTestHash.Compute(hashName, message);

    public override byte[] SignHashWithNonce(ECDsa key, byte[] hash, byte[] k) => ((PrimeEcdsa)key).SignHashWithNonce(hash, k);

    public override byte[] SignHashDeterministic(ECDsa key, byte[] hash, string hashName) =>
        ((PrimeEcdsa)key).SignHashDeterministic(hash, EcTestHash.Name(hashName));

    public override bool VerifyHash(ECDsa key, byte[] hash, byte[] signature, bool der) =>
        key.VerifyHash(hash, signature, der ? DSASignatureFormat.Rfc3279DerSequence : DSASignatureFormat.IeeeP1363FixedFieldConcatenation);
}

/// <summary>Adapts a registered <see cref="PrimeEcdh"/> flavour: the peer key goes through the public API too.</summary>
internal sealed class PrimeEcdhSubject : EcdhSubject
{
    private readonly Implementation<PrimeEcdh> _implementation;

    public PrimeEcdhSubject(Implementation<PrimeEcdh> implementation) => _implementation = implementation;

    public override string Name => _implementation.Name;

    public override byte[] Agree(ECParameters privateKey, byte[] peerX, byte[] peerY)
    {
        using PrimeEcdh peer = EcKeyState.Initialize(
            _implementation.Create(),
            e => e.ImportParameters(new ECParameters { Curve = privateKey.Curve, Q = new ECPoint { X = peerX, Y = peerY } }));
        return AgreeWith(privateKey, peer);
    }

    public override byte[] AgreeWithSubjectPublicKeyInfo(ECParameters privateKey, byte[] subjectPublicKeyInfo)
    {
        using PrimeEcdh peer = _implementation.Create();
        peer.ImportSubjectPublicKeyInfo(subjectPublicKeyInfo, out int read);
        if (read != subjectPublicKeyInfo.Length)
        {
            throw new CryptographicException("Trailing data after the SubjectPublicKeyInfo.");
        }

        return AgreeWith(privateKey, peer);
    }

    public override byte[] Hash(string hashName, byte[] message) => EcTestHash.Compute(hashName, message);

    private byte[] AgreeWith(ECParameters privateKey, PrimeEcdh peer)
    {
        using PrimeEcdh me = EcKeyState.Initialize(_implementation.Create(), e => e.ImportParameters(privateKey));
        using ECDiffieHellmanPublicKey peerKey = peer.PublicKey;
        return me.DeriveRawSecretAgreement(peerKey);
    }
}

/// <summary>Message hashing for the vectors: the library's hashes, and SHA3-224 (absent from .NET) from BouncyCastle.</summary>
internal static class EcTestHash
{
    public static HashAlgorithmName Name(string fileName)
    {
        string n = fileName.Trim().ToUpperInvariant();
        return n.StartsWith("SHA3", StringComparison.Ordinal) ? new HashAlgorithmName(n) : new HashAlgorithmName(n.Replace("-", string.Empty));
    }

    public static byte[] Compute(string fileName, byte[] message)
    {
        HashAlgorithmName name = Name(fileName);
        if (name.Name == "SHA3-224")
        {
            Sha3Digest digest = new(224);
            digest.BlockUpdate(message, 0, message.Length);
            byte[] result = new byte[28];
            digest.DoFinal(result, 0);
            return result;
        }

        return EcHash.Compute(name, message, 0, message.Length);
    }
}

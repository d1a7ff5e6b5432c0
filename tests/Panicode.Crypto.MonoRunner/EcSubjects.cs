using System;
using System.Security.Cryptography;
using Panicode.Crypto.Hashing;
using Panicode.Crypto.Ec;
using Panicode.Crypto.Vectors;
using Panicode.Crypto.Vectors.Ec;

namespace Panicode.Crypto.MonoRunner;

/// <summary>
/// Adapts a <see cref="PrimeEcdsa"/> factory of one flavour to the ECDSA vector checks, through the netstandard2.0
/// build. PKCS#8 and SubjectPublicKeyInfo keys (ECDsa gained their import methods after netstandard2.0) go through the
/// library's own <see cref="EcKeyFormats"/>, so the Mono legs test them; SHA-3 message digests (absent from netstandard2.0 and Mono 6.8)
/// come from the runner's <see cref="Sha3"/>, but RFC 6979 nonces with HMAC-SHA-3 need the library's own SHA-3, which
/// that build lacks: those cases are reported as not run (<see cref="CaseNotRunException"/>). DER signatures are
/// converted with the library's own decoder, the one its DER verification uses on .NET.
/// </summary>
internal sealed class RunnerEcdsaSubject : EcdsaSubject
{
    private readonly Func<PrimeEcdsa> _create;

    public RunnerEcdsaSubject(string name, Func<PrimeEcdsa> create)
    {
        Name = name;
        _create = create;
    }

    public override string Name { get; }

    public override ECDsa Import(ECParameters parameters) => EcKeyState.Initialize(_create(), e => e.ImportParameters(parameters));

    // netstandard2.0's ECDsa has no Import*PrivateKey/SubjectPublicKeyInfo: these are the library's EcKeyFormats.
    public override ECDsa ImportEncoded(byte[] der, bool isPrivate) =>
        EcKeyState.Initialize(_create(), e =>
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

    public override ECDsa Generate(ECCurve curve) => EcKeyState.Initialize(_create(), e => e.GenerateKey(curve));

    public override byte[] Hash(string hashName, byte[] message) => RunnerHash.Compute(hashName, message);

    public override byte[] SignHashWithNonce(ECDsa key, byte[] hash, byte[] k) => ((PrimeEcdsa)key).SignHashWithNonce(hash, k);

    public override byte[] SignHashDeterministic(ECDsa key, byte[] hash, string hashName) =>
        ((PrimeEcdsa)key).SignHashDeterministic(hash, RunnerHash.Name(hashName));

    public override bool VerifyHash(ECDsa key, byte[] hash, byte[] signature, bool der)
    {
        if (!der)
        {
            return key.VerifyHash(hash, signature);
        }

        int orderBytes = (key.KeySize + 7) / 8;
        byte[] p1363 = new byte[2 * orderBytes];
        return DerSignature.TryDecode(signature, orderBytes, p1363) && key.VerifyHash(hash, p1363);
    }
}

/// <summary>
/// Adapts a <see cref="PrimeEcdh"/> factory to the ECDH vector checks; the peer key goes through the public API
/// (<see cref="PrimeEcdh.PublicKey"/>); a SubjectPublicKeyInfo is read by <see cref="EcKeyFormats"/>.
/// </summary>
internal sealed class RunnerEcdhSubject : EcdhSubject
{
    private readonly Func<PrimeEcdh> _create;

    public RunnerEcdhSubject(string name, Func<PrimeEcdh> create)
    {
        Name = name;
        _create = create;
    }

    public override string Name { get; }

    public override byte[] Agree(ECParameters privateKey, byte[] peerX, byte[] peerY)
    {
        using PrimeEcdh peer = EcKeyState.Initialize(
            _create(),
            e => e.ImportParameters(new ECParameters { Curve = privateKey.Curve, Q = new ECPoint { X = peerX, Y = peerY } }));
        return AgreeWith(privateKey, peer);
    }

    public override byte[] Hash(string hashName, byte[] message) => RunnerHash.Compute(hashName, message);

    private byte[] AgreeWith(ECParameters privateKey, PrimeEcdh peer)
    {
        using PrimeEcdh me = EcKeyState.Initialize(_create(), e => e.ImportParameters(privateKey));
        using ECDiffieHellmanPublicKey peerKey = peer.PublicKey;
        return me.DeriveRawSecretAgreement(peerKey);
    }

    public override byte[] AgreeWithSubjectPublicKeyInfo(ECParameters privateKey, byte[] subjectPublicKeyInfo)
    {
        using PrimeEcdh peer = EcKeyState.Initialize(_create(), e =>
        {
            e.ImportSubjectPublicKeyInfo(subjectPublicKeyInfo, out int read);
            if (read != subjectPublicKeyInfo.Length)
            {
                throw new CryptographicException("Trailing data after the SubjectPublicKeyInfo.");
            }
        });
        return AgreeWith(privateKey, peer);
    }
}

internal static class RunnerHash
{
    /// <summary>
    /// The library's name for a hash as the vector files spell it ("SHA-256" is SHA256). SHA-3 cannot be named: the
    /// netstandard2.0 build has no SHA-3 for its HMAC (RFC 6979 nonces), so a case that needs it is not run.
    /// </summary>
    public static HashAlgorithmName Name(string fileName)
    {
        string n = fileName.Trim().ToUpperInvariant();
        if (n.StartsWith("SHA3-", StringComparison.Ordinal))
        {
            throw new CaseNotRunException($"HMAC-{n} (RFC 6979 nonce): the netstandard2.0 build has no SHA-3");
        }

        return new HashAlgorithmName(n.Replace("-", string.Empty));
    }

    /// <summary>A message digest: SHA-3 from the runner's own <see cref="Sha3"/>, the rest from the library.</summary>
    public static byte[] Compute(string fileName, byte[] message)
    {
        string n = fileName.Trim().ToUpperInvariant();
        return n.StartsWith("SHA3-", StringComparison.Ordinal)
            ? Sha3.Hash(int.Parse(n.Substring(5), System.Globalization.CultureInfo.InvariantCulture) / 8, message)
            : EcHash.Compute(Name(n), message, 0, message.Length);
    }
}

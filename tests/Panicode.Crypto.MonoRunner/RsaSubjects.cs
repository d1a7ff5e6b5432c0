using System;
using System.Security.Cryptography;
using Panicode.Crypto.Vectors.Rsa;

namespace Panicode.Crypto.MonoRunner;

/// <summary>
/// Adapts a <see cref="ManagedRsa"/> factory of one flavour to the RSA vector checks, through the netstandard2.0 build.
/// PKCS#8 and SubjectPublicKeyInfo keys go through the library's own <see cref="RsaKeyFormats"/> (RSA gained those
/// members after netstandard2.0), so the Mono legs test them; SHA-3 message digests come from the runner's
/// <see cref="Sha3"/> (PKCS#1 v1.5 needs only the digest and its DigestInfo prefix).
/// </summary>
internal sealed class RunnerRsaSubject : RsaSubject
{
    private readonly Func<ManagedRsa> _create;

    public RunnerRsaSubject(string name, Func<ManagedRsa> create)
    {
        Name = name;
        _create = create;
    }

    public override string Name { get; }

    public override RSA Import(RSAParameters parameters) => Make(r => r.ImportParameters(parameters));

    public override RSA ImportEncoded(byte[] der, bool isPrivate) => Make(r =>
    {
        int read;
        if (isPrivate)
        {
            r.ImportPkcs8PrivateKey(der, out read);
        }
        else
        {
            r.ImportSubjectPublicKeyInfo(der, out read);
        }

        if (read != der.Length)
        {
            throw new CryptographicException("Trailing data after the key.");
        }
    });

    public override byte[] Hash(string hashName, byte[] message) => RunnerHash.Compute(hashName, message);

    public override bool VerifyPss(RSA key, byte[] hash, byte[] signature, string hashName, string mgfHashName, int saltLength) =>
        ((ManagedRsa)key).VerifyPss(hash, signature, new HashAlgorithmName(hashName), new HashAlgorithmName(mgfHashName), saltLength);

    public override byte[] SignPss(RSA key, byte[] hash, string hashName, string mgfHashName, byte[] salt) =>
        ((ManagedRsa)key).SignPss(hash, new HashAlgorithmName(hashName), new HashAlgorithmName(mgfHashName), salt);

    public override byte[] EncryptOaep(RSA key, byte[] message, string hashName, string mgfHashName, byte[] label, byte[] seed) =>
        ((ManagedRsa)key).EncryptOaep(message, new HashAlgorithmName(hashName), new HashAlgorithmName(mgfHashName), label, seed);

    public override byte[] DecryptOaep(RSA key, byte[] ciphertext, string hashName, string mgfHashName, byte[] label) =>
        ((ManagedRsa)key).DecryptOaep(ciphertext, new HashAlgorithmName(hashName), new HashAlgorithmName(mgfHashName), label);

    private ManagedRsa Make(Action<ManagedRsa> initialize)
    {
        ManagedRsa rsa = _create();
        try
        {
            initialize(rsa);
            return rsa;
        }
        catch
        {
            rsa.Dispose();
            throw;
        }
    }
}

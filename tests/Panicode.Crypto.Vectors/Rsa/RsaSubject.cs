using System.Security.Cryptography;

namespace Panicode.Crypto.Vectors.Rsa;

/// <summary>
/// What the RSA vector checks need from an implementation; the xUnit project and the Mono runner adapt each flavour.
/// Hash names are the BCL's ("SHA1", "SHA224", "SHA256", ...). PKCS#1 v1.5 signing and both decryptions go through
/// the RSA API itself; PSS with a fixed salt or another MGF1 hash and OAEP with a label go through the subject.
/// </summary>
public abstract class RsaSubject
{
    public abstract string Name { get; }

    /// <summary>Imports a key; throws (any exception) when the implementation rejects it.</summary>
    public abstract RSA Import(RSAParameters parameters);

    /// <summary>Imports a DER PKCS#8 PrivateKeyInfo (private) or SubjectPublicKeyInfo; throws when rejected.</summary>
    public abstract RSA ImportEncoded(byte[] der, bool isPrivate);

    public abstract byte[] Hash(string hashName, byte[] message);

    /// <summary>RSASSA-PSS verification with the given salt length (negative: any) and MGF1 hash.</summary>
    public abstract bool VerifyPss(RSA key, byte[] hash, byte[] signature, string hashName, string mgfHashName, int saltLength);

    /// <summary>RSASSA-PSS signing with the given salt and MGF1 hash.</summary>
    public abstract byte[] SignPss(RSA key, byte[] hash, string hashName, string mgfHashName, byte[] salt);

    /// <summary>RSAES-OAEP encryption with the given seed, hashes and label.</summary>
    public abstract byte[] EncryptOaep(RSA key, byte[] message, string hashName, string mgfHashName, byte[] label, byte[] seed);

    /// <summary>RSAES-OAEP decryption with the given hashes and label; throws CryptographicException on failure.</summary>
    public abstract byte[] DecryptOaep(RSA key, byte[] ciphertext, string hashName, string mgfHashName, byte[] label);

    public override string ToString() => Name;
}

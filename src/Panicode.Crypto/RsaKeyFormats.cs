using System;
using System.Security.Cryptography;
using Panicode.Crypto.Rsa;

namespace Panicode.Crypto;

/// <summary>
/// PKCS#1 (RSAPublicKey, RSAPrivateKey), PKCS#8 (encrypted too, for import), SubjectPublicKeyInfo and PEM import and
/// export for <see cref="ManagedRsa"/> on every target, with the names and signatures of the .NET BCL's members. On
/// .NET 10 the key's own (inherited) members are found first and do the same through the BCL; on netstandard2.0
/// (Unity, Mono, .NET Framework), where <c>RSA</c> lacks them, these extension methods provide them. Encrypted PKCS#8
/// is read when it uses PBES2 with PBKDF2 (HMAC-SHA-1/SHA-256/SHA-384/SHA-512) and AES-CBC, as the BCL writes it.
/// The XML form needs nothing here: <c>ToXmlString</c>/<c>FromXmlString</c> work on every target.
/// </summary>
public static class RsaKeyFormats
{
    /// <summary>Imports a public key from a DER RSAPublicKey (RFC 8017 A.1.1), replacing the key.</summary>
    /// <param name="key">The key object.</param>
    /// <param name="source">The bytes to read.</param>
    /// <param name="bytesRead">The number of bytes the encoding took.</param>
    /// <exception cref="CryptographicException">The encoding or the key is not valid.</exception>
    public static void ImportRSAPublicKey(this ManagedRsa key, ReadOnlySpan<byte> source, out int bytesRead) =>
        Import(key, RsaKeyEncoding.ReadRsaPublicKey, source, out bytesRead);

    /// <summary>Exports the public key as a DER RSAPublicKey (RFC 8017 A.1.1).</summary>
    /// <param name="key">The key object.</param>
    /// <returns>The encoding.</returns>
    public static byte[] ExportRSAPublicKey(this ManagedRsa key) => RsaKeyEncoding.WriteRsaPublicKey(key.ExportParameters(false));

    /// <summary>Imports a private key from a DER RSAPrivateKey (RFC 8017 A.1.2, two primes), replacing the key.</summary>
    /// <param name="key">The key object.</param>
    /// <param name="source">The bytes to read.</param>
    /// <param name="bytesRead">The number of bytes the encoding took.</param>
    /// <exception cref="CryptographicException">The encoding or the key is not valid, or the key has more than two primes.</exception>
    public static void ImportRSAPrivateKey(this ManagedRsa key, ReadOnlySpan<byte> source, out int bytesRead) =>
        Import(key, RsaKeyEncoding.ReadRsaPrivateKey, source, out bytesRead);

    /// <summary>Exports the private key as a DER RSAPrivateKey (RFC 8017 A.1.2).</summary>
    /// <param name="key">The key object.</param>
    /// <returns>The encoding.</returns>
    /// <exception cref="CryptographicException">The key has no private part.</exception>
    public static byte[] ExportRSAPrivateKey(this ManagedRsa key) => ExportPrivate(key, p => RsaKeyEncoding.WriteRsaPrivateKey(p));

    /// <summary>Imports a public key from a DER SubjectPublicKeyInfo (RFC 5280, rsaEncryption), replacing the key.</summary>
    /// <param name="key">The key object.</param>
    /// <param name="source">The bytes to read.</param>
    /// <param name="bytesRead">The number of bytes the encoding took.</param>
    /// <exception cref="CryptographicException">The encoding is not valid or not an RSA key.</exception>
    public static void ImportSubjectPublicKeyInfo(this ManagedRsa key, ReadOnlySpan<byte> source, out int bytesRead) =>
        Import(key, RsaKeyEncoding.ReadSubjectPublicKeyInfo, source, out bytesRead);

    /// <summary>Exports the public key as a DER SubjectPublicKeyInfo (RFC 5280, rsaEncryption).</summary>
    /// <param name="key">The key object.</param>
    /// <returns>The encoding.</returns>
    public static byte[] ExportSubjectPublicKeyInfo(this ManagedRsa key) => RsaKeyEncoding.WriteSubjectPublicKeyInfo(key.ExportParameters(false));

    /// <summary>Imports a private key from an unencrypted DER PKCS#8 PrivateKeyInfo (RFC 5208), replacing the key.</summary>
    /// <param name="key">The key object.</param>
    /// <param name="source">The bytes to read.</param>
    /// <param name="bytesRead">The number of bytes the encoding took.</param>
    /// <exception cref="CryptographicException">The encoding is not valid or not a two-prime RSA key.</exception>
    public static void ImportPkcs8PrivateKey(this ManagedRsa key, ReadOnlySpan<byte> source, out int bytesRead) =>
        Import(key, RsaKeyEncoding.ReadPkcs8, source, out bytesRead);

    /// <summary>Exports the private key as an unencrypted DER PKCS#8 PrivateKeyInfo (RFC 5208).</summary>
    /// <param name="key">The key object.</param>
    /// <returns>The encoding.</returns>
    /// <exception cref="CryptographicException">The key has no private part.</exception>
    public static byte[] ExportPkcs8PrivateKey(this ManagedRsa key) => ExportPrivate(key, p => RsaKeyEncoding.WritePkcs8(p));

    /// <summary>Imports a private key from a DER EncryptedPrivateKeyInfo (PBES2, RFC 8018), replacing the key.</summary>
    /// <param name="key">The key object.</param>
    /// <param name="password">The password (used as its UTF-8 bytes).</param>
    /// <param name="source">The bytes to read.</param>
    /// <param name="bytesRead">The number of bytes the encoding took.</param>
    /// <exception cref="CryptographicException">The password is wrong, or the encoding is not valid or not supported.</exception>
    public static void ImportEncryptedPkcs8PrivateKey(this ManagedRsa key, ReadOnlySpan<char> password, ReadOnlySpan<byte> source, out int bytesRead)
    {
        byte[] pw = RsaKeyEncoding.PasswordBytes(password);
        try
        {
            key.ImportEncryptedPkcs8PrivateKey(pw.AsSpan(), source, out bytesRead);
        }
        finally
        {
            Array.Clear(pw, 0, pw.Length);
        }
    }

    /// <summary>Imports a private key from a DER EncryptedPrivateKeyInfo (PBES2, RFC 8018) with a password given as bytes.</summary>
    /// <param name="key">The key object.</param>
    /// <param name="passwordBytes">The password bytes.</param>
    /// <param name="source">The bytes to read.</param>
    /// <param name="bytesRead">The number of bytes the encoding took.</param>
    /// <exception cref="CryptographicException">The password is wrong, or the encoding is not valid or not supported.</exception>
    public static void ImportEncryptedPkcs8PrivateKey(this ManagedRsa key, ReadOnlySpan<byte> passwordBytes, ReadOnlySpan<byte> source, out int bytesRead)
    {
        key.ThrowIfDisposed();
        RSAParameters parameters = RsaKeyEncoding.ReadEncryptedPkcs8(passwordBytes, source, out bytesRead);
        ImportAndClear(key, parameters);
    }

    /// <summary>Imports the first PUBLIC KEY, RSA PUBLIC KEY, PRIVATE KEY or RSA PRIVATE KEY block of PEM text (RFC 7468), replacing the key.</summary>
    /// <param name="key">The key object.</param>
    /// <param name="input">The PEM text.</param>
    /// <exception cref="ArgumentException">No such block was found.</exception>
    /// <exception cref="CryptographicException">The encoding or the key is not valid.</exception>
    public static void ImportFromPem(this ManagedRsa key, ReadOnlySpan<char> input)
    {
        key.ThrowIfDisposed();
        byte[] der = RsaKeyEncoding.ReadPem(input, out string label, allowEncrypted: false);
        try
        {
            Reader read = label switch
            {
                RsaKeyEncoding.PublicKeyLabel => RsaKeyEncoding.ReadSubjectPublicKeyInfo,
                RsaKeyEncoding.RsaPublicKeyLabel => RsaKeyEncoding.ReadRsaPublicKey,
                RsaKeyEncoding.Pkcs8Label => RsaKeyEncoding.ReadPkcs8,
                _ => RsaKeyEncoding.ReadRsaPrivateKey,
            };
            Import(key, read, der, out int bytesRead);
            if (bytesRead != der.Length)
            {
                throw new ArgumentException(Internal.ErrorMessages.RsaPemNoKey, nameof(input));
            }
        }
        finally
        {
            Array.Clear(der, 0, der.Length);
        }
    }

    /// <summary>As <see cref="ImportFromPem(ManagedRsa, ReadOnlySpan{char})"/>, for a string.</summary>
    /// <param name="key">The key object.</param>
    /// <param name="input">The PEM text.</param>
    /// <exception cref="ArgumentNullException"><paramref name="input"/> is null.</exception>
    public static void ImportFromPem(this ManagedRsa key, string input) =>
        key.ImportFromPem((input ?? throw new ArgumentNullException(nameof(input))).AsSpan());

    /// <summary>Imports the first ENCRYPTED PRIVATE KEY block of PEM text with a password, replacing the key.</summary>
    /// <param name="key">The key object.</param>
    /// <param name="input">The PEM text.</param>
    /// <param name="password">The password.</param>
    /// <exception cref="ArgumentException">No such block was found.</exception>
    /// <exception cref="CryptographicException">The password is wrong, or the encoding is not valid or not supported.</exception>
    public static void ImportFromEncryptedPem(this ManagedRsa key, ReadOnlySpan<char> input, ReadOnlySpan<char> password)
    {
        key.ThrowIfDisposed();
        byte[] der = RsaKeyEncoding.ReadPem(input, out _, allowEncrypted: true);
        try
        {
            key.ImportEncryptedPkcs8PrivateKey(password, der, out _);
        }
        finally
        {
            Array.Clear(der, 0, der.Length);
        }
    }

    /// <summary>Exports the public key as a PEM RSA PUBLIC KEY block (PKCS#1).</summary>
    /// <param name="key">The key object.</param>
    /// <returns>The PEM text.</returns>
    public static string ExportRSAPublicKeyPem(this ManagedRsa key) =>
        Ec.EcKeyEncoding.WritePem(RsaKeyEncoding.RsaPublicKeyLabel, key.ExportRSAPublicKey());

    /// <summary>Exports the private key as a PEM RSA PRIVATE KEY block (PKCS#1).</summary>
    /// <param name="key">The key object.</param>
    /// <returns>The PEM text.</returns>
    public static string ExportRSAPrivateKeyPem(this ManagedRsa key) =>
        Ec.EcKeyEncoding.WritePem(RsaKeyEncoding.RsaPrivateKeyLabel, key.ExportRSAPrivateKey());

    /// <summary>Exports the public key as a PEM PUBLIC KEY block (SubjectPublicKeyInfo).</summary>
    /// <param name="key">The key object.</param>
    /// <returns>The PEM text.</returns>
    public static string ExportSubjectPublicKeyInfoPem(this ManagedRsa key) =>
        Ec.EcKeyEncoding.WritePem(RsaKeyEncoding.PublicKeyLabel, key.ExportSubjectPublicKeyInfo());

    /// <summary>Exports the private key as a PEM PRIVATE KEY block (unencrypted PKCS#8).</summary>
    /// <param name="key">The key object.</param>
    /// <returns>The PEM text.</returns>
    public static string ExportPkcs8PrivateKeyPem(this ManagedRsa key) =>
        Ec.EcKeyEncoding.WritePem(RsaKeyEncoding.Pkcs8Label, key.ExportPkcs8PrivateKey());

    private delegate RSAParameters Reader(ReadOnlySpan<byte> source, out int bytesRead);

    private static void Import(ManagedRsa key, Reader read, ReadOnlySpan<byte> source, out int bytesRead)
    {
        key.ThrowIfDisposed();
        RSAParameters parameters = read(source, out bytesRead);
        ImportAndClear(key, parameters);
    }

    private static void ImportAndClear(ManagedRsa key, RSAParameters parameters)
    {
        try
        {
            key.ImportParameters(parameters);
        }
        finally
        {
            Clear(parameters);
        }
    }

    private static byte[] ExportPrivate(ManagedRsa key, Func<RSAParameters, byte[]> write)
    {
        RSAParameters parameters = key.ExportParameters(true);
        try
        {
            return write(parameters);
        }
        finally
        {
            Clear(parameters);
        }
    }

    private static void Clear(RSAParameters p)
    {
        foreach (byte[]? a in new[] { p.D, p.P, p.Q, p.DP, p.DQ, p.InverseQ })
        {
            if (a != null)
            {
                Array.Clear(a, 0, a.Length);
            }
        }
    }
}

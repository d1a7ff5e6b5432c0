using System;
using System.Security.Cryptography;
using Panicode.Crypto.Dsa;
using Panicode.Crypto.Rsa;

namespace Panicode.Crypto;

/// <summary>
/// PKCS#8 (encrypted too, for import), SubjectPublicKeyInfo and PEM import and export for <see cref="ManagedDsa"/> on
/// every target, with the names and signatures of the .NET BCL's members. On .NET 10 the key's own (inherited)
/// members are found first and do the same through the BCL; on netstandard2.0 (Unity, Mono, .NET Framework), where
/// <c>DSA</c> lacks them, these extension methods provide them. Encrypted PKCS#8 is read when it uses PBES2 with PBKDF2
/// (HMAC-SHA-1/SHA-256/SHA-384/SHA-512) and AES-CBC, as the BCL writes it. The XML form needs nothing here:
/// <c>ToXmlString</c>/<c>FromXmlString</c> work on every target.
/// </summary>
public static class DsaKeyFormats
{
    /// <summary>Imports a public key from a DER SubjectPublicKeyInfo (RFC 5280, id-dsa with Dss-Parms), replacing the key.</summary>
    /// <param name="key">The key object.</param>
    /// <param name="source">The bytes to read.</param>
    /// <param name="bytesRead">The number of bytes the encoding took.</param>
    /// <exception cref="CryptographicException">The encoding is not valid or not a DSA key.</exception>
    public static void ImportSubjectPublicKeyInfo(this ManagedDsa key, ReadOnlySpan<byte> source, out int bytesRead)
    {
        key.ThrowIfDisposed();
        key.ImportParameters(DsaKeyEncoding.ReadSubjectPublicKeyInfo(source, out bytesRead));
    }

    /// <summary>Exports the public key as a DER SubjectPublicKeyInfo (RFC 5280, id-dsa with Dss-Parms).</summary>
    /// <param name="key">The key object.</param>
    /// <returns>The encoding.</returns>
    public static byte[] ExportSubjectPublicKeyInfo(this ManagedDsa key) => DsaKeyEncoding.WriteSubjectPublicKeyInfo(key.ExportParameters(false));

    /// <summary>Imports a private key from an unencrypted DER PKCS#8 PrivateKeyInfo (RFC 5208), replacing the key; y is derived.</summary>
    /// <param name="key">The key object.</param>
    /// <param name="source">The bytes to read.</param>
    /// <param name="bytesRead">The number of bytes the encoding took.</param>
    /// <exception cref="CryptographicException">The encoding is not valid or not a DSA key.</exception>
    public static void ImportPkcs8PrivateKey(this ManagedDsa key, ReadOnlySpan<byte> source, out int bytesRead)
    {
        key.ThrowIfDisposed();
        ImportAndClear(key, DsaKeyEncoding.ReadPkcs8(source, out bytesRead));
    }

    /// <summary>Exports the private key as an unencrypted DER PKCS#8 PrivateKeyInfo (RFC 5208).</summary>
    /// <param name="key">The key object.</param>
    /// <returns>The encoding.</returns>
    /// <exception cref="CryptographicException">The key has no private part.</exception>
    public static byte[] ExportPkcs8PrivateKey(this ManagedDsa key)
    {
        DSAParameters parameters = key.ExportParameters(true);
        try
        {
            return DsaKeyEncoding.WritePkcs8(parameters);
        }
        finally
        {
            Internal.Secret.Clear(parameters.X);
        }
    }

    /// <summary>Imports a private key from a DER EncryptedPrivateKeyInfo (PBES2, RFC 8018), replacing the key.</summary>
    /// <param name="key">The key object.</param>
    /// <param name="password">The password (used as its UTF-8 bytes).</param>
    /// <param name="source">The bytes to read.</param>
    /// <param name="bytesRead">The number of bytes the encoding took.</param>
    /// <exception cref="CryptographicException">The password is wrong, or the encoding is not valid or not supported.</exception>
    public static void ImportEncryptedPkcs8PrivateKey(this ManagedDsa key, ReadOnlySpan<char> password, ReadOnlySpan<byte> source, out int bytesRead)
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
    public static void ImportEncryptedPkcs8PrivateKey(this ManagedDsa key, ReadOnlySpan<byte> passwordBytes, ReadOnlySpan<byte> source, out int bytesRead)
    {
        key.ThrowIfDisposed();
        ImportAndClear(key, RsaKeyEncoding.ReadEncryptedPkcs8(passwordBytes, source, out bytesRead, DsaKeyEncoding.ReadPkcs8));
    }

    /// <summary>Imports the first PUBLIC KEY or PRIVATE KEY block of PEM text (RFC 7468), replacing the key.</summary>
    /// <param name="key">The key object.</param>
    /// <param name="input">The PEM text.</param>
    /// <exception cref="ArgumentException">No such block was found.</exception>
    /// <exception cref="CryptographicException">The encoding or the key is not valid.</exception>
    public static void ImportFromPem(this ManagedDsa key, ReadOnlySpan<char> input)
    {
        key.ThrowIfDisposed();
        byte[] der = ReadPem(input, out string label, allowEncrypted: false);
        try
        {
            int bytesRead;
            if (label == RsaKeyEncoding.PublicKeyLabel)
            {
                key.ImportSubjectPublicKeyInfo(der, out bytesRead);
            }
            else
            {
                key.ImportPkcs8PrivateKey(der, out bytesRead);
            }

            if (bytesRead != der.Length)
            {
                throw new ArgumentException(Internal.ErrorMessages.DsaPemNoKey, nameof(input));
            }
        }
        finally
        {
            Array.Clear(der, 0, der.Length);
        }
    }

    /// <summary>As <see cref="ImportFromPem(ManagedDsa, ReadOnlySpan{char})"/>, for a string.</summary>
    /// <param name="key">The key object.</param>
    /// <param name="input">The PEM text.</param>
    /// <exception cref="ArgumentNullException"><paramref name="input"/> is null.</exception>
    public static void ImportFromPem(this ManagedDsa key, string input) =>
        key.ImportFromPem((input ?? throw new ArgumentNullException(nameof(input))).AsSpan());

    /// <summary>Imports the first ENCRYPTED PRIVATE KEY block of PEM text with a password, replacing the key.</summary>
    /// <param name="key">The key object.</param>
    /// <param name="input">The PEM text.</param>
    /// <param name="password">The password.</param>
    /// <exception cref="ArgumentException">No such block was found.</exception>
    /// <exception cref="CryptographicException">The password is wrong, or the encoding is not valid or not supported.</exception>
    public static void ImportFromEncryptedPem(this ManagedDsa key, ReadOnlySpan<char> input, ReadOnlySpan<char> password)
    {
        key.ThrowIfDisposed();
        byte[] pw = RsaKeyEncoding.PasswordBytes(password);   // PBES2 passwords are UTF-8 (RFC 8018 §3), as in the BCL
        try
        {
            ImportFromEncryptedPem(key, input, pw.AsSpan());
        }
        finally
        {
            Array.Clear(pw, 0, pw.Length);
        }
    }

    /// <summary>Imports the first ENCRYPTED PRIVATE KEY block of PEM text with a password given as bytes, replacing the key.</summary>
    /// <param name="key">The key object.</param>
    /// <param name="input">The PEM text.</param>
    /// <param name="passwordBytes">The password bytes.</param>
    /// <exception cref="ArgumentException">No such block was found.</exception>
    /// <exception cref="CryptographicException">The password is wrong, or the encoding is not valid or not supported.</exception>
    public static void ImportFromEncryptedPem(this ManagedDsa key, ReadOnlySpan<char> input, ReadOnlySpan<byte> passwordBytes)
    {
        key.ThrowIfDisposed();
        byte[] der = ReadPem(input, out _, allowEncrypted: true);
        try
        {
            key.ImportEncryptedPkcs8PrivateKey(passwordBytes, der, out _);
        }
        finally
        {
            Array.Clear(der, 0, der.Length);
        }
    }

    /// <summary>Exports the public key as a PEM PUBLIC KEY block (SubjectPublicKeyInfo).</summary>
    /// <param name="key">The key object.</param>
    /// <returns>The PEM text.</returns>
    public static string ExportSubjectPublicKeyInfoPem(this ManagedDsa key) =>
        Ec.EcKeyEncoding.WritePem(RsaKeyEncoding.PublicKeyLabel, key.ExportSubjectPublicKeyInfo());

    /// <summary>Exports the private key as a PEM PRIVATE KEY block (unencrypted PKCS#8).</summary>
    /// <param name="key">The key object.</param>
    /// <returns>The PEM text.</returns>
    public static string ExportPkcs8PrivateKeyPem(this ManagedDsa key) =>
        Ec.EcKeyEncoding.WritePem(RsaKeyEncoding.Pkcs8Label, key.ExportPkcs8PrivateKey());

    private static byte[] ReadPem(ReadOnlySpan<char> input, out string label, bool allowEncrypted) =>
        RsaKeyEncoding.ReadPem(input, out label, allowEncrypted, l => l is RsaKeyEncoding.PublicKeyLabel or RsaKeyEncoding.Pkcs8Label, Internal.ErrorMessages.DsaPemNoKey);

    private static void ImportAndClear(ManagedDsa key, DSAParameters parameters)
    {
        try
        {
            key.ImportPrivateDerivingY(parameters);
        }
        finally
        {
            Internal.Secret.Clear(parameters.X);
        }
    }
}

using System;
using System.Security.Cryptography;
using Panicode.Crypto.Ec;

namespace Panicode.Crypto;

/// <summary>
/// PEM, PKCS#8, SubjectPublicKeyInfo and ECPrivateKey import and export for <see cref="PrimeEcdsa"/> and
/// <see cref="PrimeEcdh"/> on every target, with the names and signatures of the .NET BCL's members. On .NET 10 the
/// keys' own (inherited) members are found first and do the same through the BCL; on netstandard2.0 (Unity, Mono,
/// .NET Framework), where <c>ECDsa</c> lacks them, these extension methods provide them. Named curves only; encrypted
/// PKCS#8 is not read (decrypt it first). The encodings are read and written with System.Formats.Asn1.
/// </summary>
public static class EcKeyFormats
{
    /// <summary>Imports a public key from a DER SubjectPublicKeyInfo (RFC 5480), replacing the key; <paramref name="bytesRead"/> is the length of that encoding at the start of <paramref name="source"/>.</summary>
    /// <param name="key">The key object.</param>
    /// <param name="source">The bytes to read.</param>
    /// <param name="bytesRead">The number of bytes the encoding took.</param>
    /// <exception cref="CryptographicException">The encoding is not valid, not an EC key on a named curve, or not a valid key.</exception>
    public static void ImportSubjectPublicKeyInfo(this PrimeEcdsa key, ReadOnlySpan<byte> source, out int bytesRead) =>
        Import(Importer(key), EcKeyEncoding.ReadSubjectPublicKeyInfo, source, out bytesRead);

    /// <summary>Exports the public key as a DER SubjectPublicKeyInfo (RFC 5480).</summary>
    /// <param name="key">The key object.</param>
    /// <returns>The encoding.</returns>
    /// <exception cref="CryptographicException">The key is on explicit curve parameters, or (private formats) has no private part.</exception>
    public static byte[] ExportSubjectPublicKeyInfo(this PrimeEcdsa key) =>
        EcKeyEncoding.WriteSubjectPublicKeyInfo(key.ExportParameters(false));

    /// <summary>Imports a private key from an unencrypted DER PKCS#8 PrivateKeyInfo (RFC 5208, RFC 5915), replacing the key.</summary>
    /// <param name="key">The key object.</param>
    /// <param name="source">The bytes to read.</param>
    /// <param name="bytesRead">The number of bytes the encoding took.</param>
    /// <exception cref="CryptographicException">The encoding is not valid, not an EC key on a named curve, or not a valid key.</exception>
    public static void ImportPkcs8PrivateKey(this PrimeEcdsa key, ReadOnlySpan<byte> source, out int bytesRead) =>
        Import(Importer(key), EcKeyEncoding.ReadPkcs8, source, out bytesRead);

    /// <summary>Exports the private key as an unencrypted DER PKCS#8 PrivateKeyInfo (RFC 5208, RFC 5915).</summary>
    /// <param name="key">The key object.</param>
    /// <returns>The encoding.</returns>
    /// <exception cref="CryptographicException">The key is on explicit curve parameters, or (private formats) has no private part.</exception>
    public static byte[] ExportPkcs8PrivateKey(this PrimeEcdsa key) =>
        ExportPrivate(key.ExportParameters(true), EcKeyEncoding.WritePkcs8);

    /// <summary>Imports a private key from a DER ECPrivateKey (SEC 1 §C.4, RFC 5915), replacing the key.</summary>
    /// <param name="key">The key object.</param>
    /// <param name="source">The bytes to read.</param>
    /// <param name="bytesRead">The number of bytes the encoding took.</param>
    /// <exception cref="CryptographicException">The encoding is not valid, not an EC key on a named curve, or not a valid key.</exception>
    public static void ImportECPrivateKey(this PrimeEcdsa key, ReadOnlySpan<byte> source, out int bytesRead) =>
        Import(Importer(key), EcKeyEncoding.ReadEcPrivateKey, source, out bytesRead);

    /// <summary>Exports the private key as a DER ECPrivateKey (SEC 1 §C.4, RFC 5915).</summary>
    /// <param name="key">The key object.</param>
    /// <returns>The encoding.</returns>
    /// <exception cref="CryptographicException">The key is on explicit curve parameters, or (private formats) has no private part.</exception>
    public static byte[] ExportECPrivateKey(this PrimeEcdsa key) =>
        ExportPrivate(key.ExportParameters(true), EcKeyEncoding.WriteEcPrivateKey);

    /// <summary>Imports the first PUBLIC KEY, PRIVATE KEY or EC PRIVATE KEY block of PEM text (RFC 7468), replacing the key.</summary>
    /// <param name="key">The key object.</param>
    /// <param name="input">The PEM text.</param>
    /// <exception cref="CryptographicException">The encoding is not valid, not an EC key on a named curve, or not a valid key.</exception>
    public static void ImportFromPem(this PrimeEcdsa key, ReadOnlySpan<char> input) =>
        ImportPem(Importer(key), input);

    /// <summary>As <see cref="ImportFromPem(PrimeEcdsa, ReadOnlySpan{char})"/>, for a string (netstandard2.0 has no implicit
    /// string-to-span conversion).</summary>
    /// <param name="key">The key object.</param>
    /// <param name="input">The PEM text.</param>
    /// <exception cref="ArgumentNullException"><paramref name="input"/> is null.</exception>
    /// <exception cref="CryptographicException">The encoding is not valid, not an EC key on a named curve, or not a valid key.</exception>
    public static void ImportFromPem(this PrimeEcdsa key, string input) =>
        ImportPem(Importer(key), (input ?? throw new ArgumentNullException(nameof(input))).AsSpan());

    /// <summary>Exports the public key as a PEM PUBLIC KEY block.</summary>
    /// <param name="key">The key object.</param>
    /// <returns>The encoding.</returns>
    /// <exception cref="CryptographicException">The key is on explicit curve parameters, or (private formats) has no private part.</exception>
    public static string ExportSubjectPublicKeyInfoPem(this PrimeEcdsa key) =>
        EcKeyEncoding.WritePem(EcKeyEncoding.PublicKeyLabel, key.ExportSubjectPublicKeyInfo());

    /// <summary>Exports the private key as a PEM PRIVATE KEY block (unencrypted PKCS#8).</summary>
    /// <param name="key">The key object.</param>
    /// <returns>The encoding.</returns>
    /// <exception cref="CryptographicException">The key is on explicit curve parameters, or (private formats) has no private part.</exception>
    public static string ExportPkcs8PrivateKeyPem(this PrimeEcdsa key) =>
        EcKeyEncoding.WritePem(EcKeyEncoding.Pkcs8Label, key.ExportPkcs8PrivateKey());

    /// <summary>Exports the private key as a PEM EC PRIVATE KEY block.</summary>
    /// <param name="key">The key object.</param>
    /// <returns>The encoding.</returns>
    /// <exception cref="CryptographicException">The key is on explicit curve parameters, or (private formats) has no private part.</exception>
    public static string ExportECPrivateKeyPem(this PrimeEcdsa key) =>
        EcKeyEncoding.WritePem(EcKeyEncoding.EcPrivateKeyLabel, key.ExportECPrivateKey());

    /// <summary>Imports a public key from a DER SubjectPublicKeyInfo (RFC 5480), replacing the key; <paramref name="bytesRead"/> is the length of that encoding at the start of <paramref name="source"/>.</summary>
    /// <param name="key">The key object.</param>
    /// <param name="source">The bytes to read.</param>
    /// <param name="bytesRead">The number of bytes the encoding took.</param>
    /// <exception cref="CryptographicException">The encoding is not valid, not an EC key on a named curve, or not a valid key.</exception>
    public static void ImportSubjectPublicKeyInfo(this PrimeEcdh key, ReadOnlySpan<byte> source, out int bytesRead) =>
        Import(Importer(key), EcKeyEncoding.ReadSubjectPublicKeyInfo, source, out bytesRead);

    /// <summary>Exports the public key as a DER SubjectPublicKeyInfo (RFC 5480).</summary>
    /// <param name="key">The key object.</param>
    /// <returns>The encoding.</returns>
    /// <exception cref="CryptographicException">The key is on explicit curve parameters, or (private formats) has no private part.</exception>
    public static byte[] ExportSubjectPublicKeyInfo(this PrimeEcdh key) =>
        EcKeyEncoding.WriteSubjectPublicKeyInfo(key.ExportParameters(false));

    /// <summary>Imports a private key from an unencrypted DER PKCS#8 PrivateKeyInfo (RFC 5208, RFC 5915), replacing the key.</summary>
    /// <param name="key">The key object.</param>
    /// <param name="source">The bytes to read.</param>
    /// <param name="bytesRead">The number of bytes the encoding took.</param>
    /// <exception cref="CryptographicException">The encoding is not valid, not an EC key on a named curve, or not a valid key.</exception>
    public static void ImportPkcs8PrivateKey(this PrimeEcdh key, ReadOnlySpan<byte> source, out int bytesRead) =>
        Import(Importer(key), EcKeyEncoding.ReadPkcs8, source, out bytesRead);

    /// <summary>Exports the private key as an unencrypted DER PKCS#8 PrivateKeyInfo (RFC 5208, RFC 5915).</summary>
    /// <param name="key">The key object.</param>
    /// <returns>The encoding.</returns>
    /// <exception cref="CryptographicException">The key is on explicit curve parameters, or (private formats) has no private part.</exception>
    public static byte[] ExportPkcs8PrivateKey(this PrimeEcdh key) =>
        ExportPrivate(key.ExportParameters(true), EcKeyEncoding.WritePkcs8);

    /// <summary>Imports a private key from a DER ECPrivateKey (SEC 1 §C.4, RFC 5915), replacing the key.</summary>
    /// <param name="key">The key object.</param>
    /// <param name="source">The bytes to read.</param>
    /// <param name="bytesRead">The number of bytes the encoding took.</param>
    /// <exception cref="CryptographicException">The encoding is not valid, not an EC key on a named curve, or not a valid key.</exception>
    public static void ImportECPrivateKey(this PrimeEcdh key, ReadOnlySpan<byte> source, out int bytesRead) =>
        Import(Importer(key), EcKeyEncoding.ReadEcPrivateKey, source, out bytesRead);

    /// <summary>Exports the private key as a DER ECPrivateKey (SEC 1 §C.4, RFC 5915).</summary>
    /// <param name="key">The key object.</param>
    /// <returns>The encoding.</returns>
    /// <exception cref="CryptographicException">The key is on explicit curve parameters, or (private formats) has no private part.</exception>
    public static byte[] ExportECPrivateKey(this PrimeEcdh key) =>
        ExportPrivate(key.ExportParameters(true), EcKeyEncoding.WriteEcPrivateKey);

    /// <summary>Imports the first PUBLIC KEY, PRIVATE KEY or EC PRIVATE KEY block of PEM text (RFC 7468), replacing the key.</summary>
    /// <param name="key">The key object.</param>
    /// <param name="input">The PEM text.</param>
    /// <exception cref="CryptographicException">The encoding is not valid, not an EC key on a named curve, or not a valid key.</exception>
    public static void ImportFromPem(this PrimeEcdh key, ReadOnlySpan<char> input) =>
        ImportPem(Importer(key), input);

    /// <summary>As <see cref="ImportFromPem(PrimeEcdh, ReadOnlySpan{char})"/>, for a string (netstandard2.0 has no implicit
    /// string-to-span conversion).</summary>
    /// <param name="key">The key object.</param>
    /// <param name="input">The PEM text.</param>
    /// <exception cref="ArgumentNullException"><paramref name="input"/> is null.</exception>
    /// <exception cref="CryptographicException">The encoding is not valid, not an EC key on a named curve, or not a valid key.</exception>
    public static void ImportFromPem(this PrimeEcdh key, string input) =>
        ImportPem(Importer(key), (input ?? throw new ArgumentNullException(nameof(input))).AsSpan());

    /// <summary>Exports the public key as a PEM PUBLIC KEY block.</summary>
    /// <param name="key">The key object.</param>
    /// <returns>The encoding.</returns>
    /// <exception cref="CryptographicException">The key is on explicit curve parameters, or (private formats) has no private part.</exception>
    public static string ExportSubjectPublicKeyInfoPem(this PrimeEcdh key) =>
        EcKeyEncoding.WritePem(EcKeyEncoding.PublicKeyLabel, key.ExportSubjectPublicKeyInfo());

    /// <summary>Exports the private key as a PEM PRIVATE KEY block (unencrypted PKCS#8).</summary>
    /// <param name="key">The key object.</param>
    /// <returns>The encoding.</returns>
    /// <exception cref="CryptographicException">The key is on explicit curve parameters, or (private formats) has no private part.</exception>
    public static string ExportPkcs8PrivateKeyPem(this PrimeEcdh key) =>
        EcKeyEncoding.WritePem(EcKeyEncoding.Pkcs8Label, key.ExportPkcs8PrivateKey());

    /// <summary>Exports the private key as a PEM EC PRIVATE KEY block.</summary>
    /// <param name="key">The key object.</param>
    /// <returns>The encoding.</returns>
    /// <exception cref="CryptographicException">The key is on explicit curve parameters, or (private formats) has no private part.</exception>
    public static string ExportECPrivateKeyPem(this PrimeEcdh key) =>
        EcKeyEncoding.WritePem(EcKeyEncoding.EcPrivateKeyLabel, key.ExportECPrivateKey());

    private delegate ECParameters Reader(ReadOnlySpan<byte> source, out int bytesRead);

    // The key's ImportParameters, after checking that the key is not disposed: before anything is parsed, as the BCL does.
    private static Action<ECParameters> Importer(PrimeEcdsa key)
    {
        key.ThrowIfDisposed();
        return key.ImportParameters;
    }

    private static Action<ECParameters> Importer(PrimeEcdh key)
    {
        key.ThrowIfDisposed();
        return key.ImportParameters;
    }

    private static void Import(Action<ECParameters> import, Reader read, ReadOnlySpan<byte> source, out int bytesRead)
    {
        ECParameters parameters = read(source, out int length);
        try
        {
            import(parameters);
        }
        finally
        {
            Clear(parameters);
        }

        bytesRead = length;
    }

    private static void ImportPem(Action<ECParameters> import, ReadOnlySpan<char> input)
    {
        byte[] der = EcKeyEncoding.ReadPem(input, out string label);
        try
        {
            Reader read = label switch
            {
                EcKeyEncoding.PublicKeyLabel => EcKeyEncoding.ReadSubjectPublicKeyInfo,
                EcKeyEncoding.Pkcs8Label => EcKeyEncoding.ReadPkcs8,
                _ => EcKeyEncoding.ReadEcPrivateKey,
            };
            Import(import, read, der, out int bytesRead);
            if (bytesRead != der.Length)
            {
                throw new ArgumentException(Internal.ErrorMessages.PemNoKey, nameof(input));
            }
        }
        finally
        {
            Array.Clear(der, 0, der.Length);
        }
    }

    private static byte[] ExportPrivate(ECParameters parameters, Func<ECParameters, byte[]> write)
    {
        try
        {
            return write(parameters);
        }
        finally
        {
            Clear(parameters);
        }
    }

    private static void Clear(ECParameters parameters)
    {
        if (parameters.D != null)
        {
            Array.Clear(parameters.D, 0, parameters.D.Length);
        }
    }
}

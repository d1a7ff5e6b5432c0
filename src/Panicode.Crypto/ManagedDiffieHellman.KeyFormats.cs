// SubjectPublicKeyInfo, PKCS#8 and PEM for ManagedDiffieHellman on both targets (Dh/DhKeyEncoding.cs has the
// encodings: PKCS #3 dhKeyAgreement for the safe-prime groups, X9.42 dhpublicnumber when q is given). On .NET 10 these
// override AsymmetricAlgorithm's virtual members (so its ExportSubjectPublicKeyInfoPem and ExportPkcs8PrivateKeyPem work
// too); netstandard2.0's AsymmetricAlgorithm has none of them, so there they are this class's own, with the same names.

using System;
using System.Security.Cryptography;
using Panicode.Crypto.Dh;
using Panicode.Crypto.Ec;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Rsa;

namespace Panicode.Crypto;

public abstract partial class ManagedDiffieHellman
{
    /// <summary>
    /// The public key as a DER SubjectPublicKeyInfo: PKCS #3 dhKeyAgreement (p, g) for a group without an explicit q
    /// (the RFC 7919 and RFC 3526 groups), X9.42 dhpublicnumber (p, g, q) otherwise; y as an INTEGER.
    /// </summary>
    /// <returns>The encoding.</returns>
#if NET
    public override byte[] ExportSubjectPublicKeyInfo()
#else
    public byte[] ExportSubjectPublicKeyInfo()
#endif
        => DhKeyEncoding.WriteSubjectPublicKeyInfo(ExportParameters(false));

    /// <summary>Imports a public key from a DER SubjectPublicKeyInfo (dhKeyAgreement or dhpublicnumber), replacing the key.</summary>
    /// <param name="source">The bytes to read.</param>
    /// <param name="bytesRead">The number of bytes the encoding took.</param>
    /// <exception cref="CryptographicException">The encoding, the group or the key is not valid.</exception>
#if NET
    public override void ImportSubjectPublicKeyInfo(ReadOnlySpan<byte> source, out int bytesRead)
#else
    public void ImportSubjectPublicKeyInfo(ReadOnlySpan<byte> source, out int bytesRead)
#endif
    {
        _state.ThrowIfDisposed();
        ImportParameters(DhKeyEncoding.ReadSubjectPublicKeyInfo(source, out bytesRead));
    }

    /// <summary>The private key as an unencrypted DER PKCS#8 PrivateKeyInfo (the algorithm identifier as for <see cref="ExportSubjectPublicKeyInfo"/>; x as an INTEGER).</summary>
    /// <returns>The encoding.</returns>
    /// <exception cref="CryptographicException">The key has no private part.</exception>
#if NET
    public override byte[] ExportPkcs8PrivateKey()
#else
    public byte[] ExportPkcs8PrivateKey()
#endif
    {
        DiffieHellmanParameters key = ExportParameters(true);
        try
        {
            return DhKeyEncoding.WritePkcs8(key);
        }
        finally
        {
            Secret.Clear(key.X);
        }
    }

    /// <summary>Imports a private key from an unencrypted DER PKCS#8 PrivateKeyInfo, replacing the key; y is derived.</summary>
    /// <param name="source">The bytes to read.</param>
    /// <param name="bytesRead">The number of bytes the encoding took.</param>
    /// <exception cref="CryptographicException">The encoding, the group or the key is not valid.</exception>
#if NET
    public override void ImportPkcs8PrivateKey(ReadOnlySpan<byte> source, out int bytesRead)
#else
    public void ImportPkcs8PrivateKey(ReadOnlySpan<byte> source, out int bytesRead)
#endif
    {
        _state.ThrowIfDisposed();
        DiffieHellmanParameters key = DhKeyEncoding.ReadPkcs8(source, out bytesRead);
        try
        {
            ImportParameters(key);
        }
        finally
        {
            Secret.Clear(key.X);
        }
    }

    /// <summary>Imports the first PUBLIC KEY or PRIVATE KEY block of PEM text (RFC 7468), replacing the key.</summary>
    /// <param name="input">The PEM text.</param>
    /// <exception cref="ArgumentException">No such block was found.</exception>
    /// <exception cref="CryptographicException">The encoding, the group or the key is not valid.</exception>
#if NET
    public override void ImportFromPem(ReadOnlySpan<char> input)
#else
    public void ImportFromPem(ReadOnlySpan<char> input)
#endif
    {
        _state.ThrowIfDisposed();
        byte[] der = RsaKeyEncoding.ReadPem(input, out string label, allowEncrypted: false, l => l is RsaKeyEncoding.PublicKeyLabel or RsaKeyEncoding.Pkcs8Label, ErrorMessages.DhPemNoKey);
        try
        {
            int bytesRead;
            if (label == RsaKeyEncoding.PublicKeyLabel)
            {
                ImportSubjectPublicKeyInfo(der, out bytesRead);
            }
            else
            {
                ImportPkcs8PrivateKey(der, out bytesRead);
            }

            if (bytesRead != der.Length)
            {
                throw new CryptographicException(ErrorMessages.KeyEncodingInvalid);
            }
        }
        finally
        {
            Secret.Clear(der);
        }
    }

#if NET
    /// <inheritdoc cref="ExportSubjectPublicKeyInfo" />
    /// <param name="destination">Receives the encoding.</param>
    /// <param name="bytesWritten">Its length.</param>
    /// <returns>False when <paramref name="destination"/> is too short.</returns>
    public override bool TryExportSubjectPublicKeyInfo(Span<byte> destination, out int bytesWritten) =>
        TryCopy(ExportSubjectPublicKeyInfo(), destination, out bytesWritten);

    /// <inheritdoc cref="ExportPkcs8PrivateKey" />
    /// <param name="destination">Receives the encoding.</param>
    /// <param name="bytesWritten">Its length.</param>
    /// <returns>False when <paramref name="destination"/> is too short.</returns>
    public override bool TryExportPkcs8PrivateKey(Span<byte> destination, out int bytesWritten) =>
        TryCopy(ExportPkcs8PrivateKey(), destination, out bytesWritten);

    private static bool TryCopy(byte[] encoding, Span<byte> destination, out int bytesWritten)
    {
        try
        {
            bool fits = encoding.AsSpan().TryCopyTo(destination);
            bytesWritten = fits ? encoding.Length : 0;
            return fits;
        }
        finally
        {
            Secret.Clear(encoding);
        }
    }
#else
    /// <summary>As <see cref="ImportFromPem(ReadOnlySpan{char})"/>, for a string (netstandard2.0's string is no span).</summary>
    /// <param name="input">The PEM text.</param>
    /// <exception cref="ArgumentNullException"><paramref name="input"/> is null.</exception>
    public void ImportFromPem(string input) => ImportFromPem((input ?? throw new ArgumentNullException(nameof(input))).AsSpan());

    /// <summary>The public key as a PEM PUBLIC KEY block (SubjectPublicKeyInfo).</summary>
    /// <returns>The PEM text.</returns>
    public string ExportSubjectPublicKeyInfoPem() => EcKeyEncoding.WritePem(RsaKeyEncoding.PublicKeyLabel, ExportSubjectPublicKeyInfo());

    /// <summary>The private key as a PEM PRIVATE KEY block (unencrypted PKCS#8).</summary>
    /// <returns>The PEM text.</returns>
    public string ExportPkcs8PrivateKeyPem()
    {
        byte[] der = ExportPkcs8PrivateKey();
        try
        {
            return EcKeyEncoding.WritePem(RsaKeyEncoding.Pkcs8Label, der);
        }
        finally
        {
            Secret.Clear(der);
        }
    }
#endif
}

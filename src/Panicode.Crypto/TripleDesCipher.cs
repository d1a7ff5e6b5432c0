using System;
using System.Security.Cryptography;
using Panicode.Crypto.Catalog;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto;

/// <summary>
/// Triple DES, the TDEA of NIST SP 800-67 rev. 2 (DES of FIPS 46-3 applied as encrypt-decrypt-encrypt): 64-bit blocks,
/// keying option 1 (three independent DES keys, a 192-bit key) and keying option 2 (K3 = K1, a 128-bit key K1 || K2).
/// </summary>
/// <remarks>
/// <para>Kept for existing data and protocols (payment systems, old archives): NIST disallowed TDEA for encryption after
/// 2023 (SP 800-131A rev. 2). Its 64-bit block wears out after about 2^32 blocks (32 GiB) under one key (the Sweet32
/// attack needs far fewer for a cookie-style target); SP 800-67 rev. 2 limits one key to 2^20 blocks.</para>
/// <para>Behaves as the built-in <see cref="TripleDES"/>: defaults <see cref="SymmetricAlgorithm.KeySize"/> 192,
/// <see cref="SymmetricAlgorithm.BlockSize"/> 64, <see cref="CipherMode.CBC"/>, <see cref="PaddingMode.PKCS7"/>,
/// <see cref="SymmetricAlgorithm.FeedbackSize"/> 8 (CFB8); setting <see cref="Key"/> rejects a key of the wrong length with
/// <see cref="ArgumentException"/> and a weak key (<see cref="TripleDES.IsWeakKey(byte[])"/>: K1 = K2, or K2 = K3,
/// parity bits ignored, which makes TDEA single DES) with <see cref="CryptographicException"/>; as there,
/// <c>CreateEncryptor(key, iv)</c> takes any key of legal length, which is how single-DES data (K1 = K2 = K3) is
/// read. Modes, paddings and the one-shot methods are described on <see cref="BlockCipherAlgorithm"/> (OFB and CTS
/// beside the built-in's ECB, CBC and CFB). For code typed as <see cref="TripleDES"/> use
/// <see cref="ManagedTripleDes"/>.</para>
/// <para><see cref="Create"/> returns the Reference flavour (FIPS 46-3 bit by bit); <c>Panicode.Crypto.Unsafe.
/// UnsafeCrypto.CreateTripleDes()</c> returns the optimized flavour of the same class.</para>
/// </remarks>
public abstract class TripleDesCipher : BlockCipherAlgorithm
{
    private static readonly KeySizes[] s_legalKeySizes = { new KeySizes(128, 192, 64) };
    private static readonly KeySizes[] s_legalBlockSizes = { new KeySizes(64, 64, 0) };

    private protected TripleDesCipher(CipherCores cores)
        : base(cores, s_legalKeySizes, s_legalBlockSizes)
    {
        // The built-in TripleDES's defaults (the shared 128-bit block and 256-bit key are not legal here).
        BlockSizeValue = 64;
        KeySizeValue = 192;
        FeedbackSizeValue = 8;
    }

    /// <summary>Creates the Reference flavour of Triple DES.</summary>
    public static new TripleDesCipher Create() => new ReferenceTripleDes();

    /// <summary>Gets or sets the key: 16 or 24 bytes, not weak (see the remarks on <see cref="TripleDesCipher"/>).</summary>
    /// <exception cref="ArgumentNullException">The value is null.</exception>
    /// <exception cref="ArgumentException">The value is not 16 or 24 bytes long.</exception>
    /// <exception cref="CryptographicException">The value is a weak key.</exception>
    public override byte[] Key
    {
        get => base.Key;
        set
        {
            // A disposed object first, as in the other ciphers.
            ThrowIfDisposed();
            if (value == null)
            {
                throw new ArgumentNullException(nameof(value));
            }

            // As the built-in TripleDES: a wrong length is an ArgumentException, a weak key a CryptographicException.
            if (value.Length != 16 && value.Length != 24)
            {
                throw new ArgumentException(ErrorMessages.InvalidKeySize, nameof(value));
            }

            if (TripleDES.IsWeakKey(value))
            {
                throw new CryptographicException(ErrorMessages.TripleDesWeakKey);
            }

            base.Key = value;
        }
    }

    /// <summary>Generates a random key that is not weak (a weak one, probability about 2^-55, is drawn again).</summary>
    public override void GenerateKey()
    {
        do
        {
            base.GenerateKey();
        }
        while (TripleDES.IsWeakKey(KeyValue!));
    }

    /// <summary>
    /// Creates the retail MAC (ISO/IEC 9797-1 MAC algorithm 3; ANSI X9.19) over this flavour's DES under this object's
    /// <see cref="SymmetricAlgorithm.Key"/>, which must then be a 16-byte key K || K'.
    /// </summary>
    /// <param name="padding">The ISO/IEC 9797-1 padding method (X9.19 uses <see cref="CbcMacPadding.Method1"/>).</param>
    /// <returns>A new <see cref="CbcMac"/> holding a copy of the key.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="padding"/> is not a <see cref="CbcMacPadding"/> value.</exception>
    /// <exception cref="CryptographicException"><see cref="SymmetricAlgorithm.Key"/> is not 16 bytes, or K' = K.</exception>
    /// <exception cref="ObjectDisposedException">This object was disposed.</exception>
    public CbcMac CreateRetailMac(CbcMacPadding padding) => WithOwnKey(key => CreateRetailMac(key, padding));

    /// <summary>
    /// Creates the retail MAC (ISO/IEC 9797-1 MAC algorithm 3; ANSI X9.19) over this flavour's DES: single-DES CBC-MAC
    /// under K, and the last chaining value decrypted under K' and encrypted again under K. As plain CBC-MAC it is
    /// secure only for messages of one fixed length or with <see cref="CbcMacPadding.Method3"/> (see <see cref="CbcMac"/>).
    /// </summary>
    /// <param name="key">16 bytes, K || K', with K' different from K (parity bits ignored).</param>
    /// <param name="padding">The ISO/IEC 9797-1 padding method (X9.19 uses <see cref="CbcMacPadding.Method1"/>).</param>
    /// <returns>A new <see cref="CbcMac"/> (a <see cref="KeyedHashAlgorithm"/>).</returns>
    /// <exception cref="ArgumentNullException"><paramref name="key"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="padding"/> is not a <see cref="CbcMacPadding"/> value.</exception>
    /// <exception cref="CryptographicException"><paramref name="key"/> is not 16 bytes, or K' = K.</exception>
    public CbcMac CreateRetailMac(byte[] key, CbcMacPadding padding)
    {
        if (key == null)
        {
            throw new ArgumentNullException(nameof(key));
        }

        ThrowIfDisposed();
        CbcMac.CheckPadding(padding);
        return new CbcMac(k => CreateCipher(k, 8), CbcMac.CheckRetailKey, 8, padding, retail: true, key);
    }

    private sealed class ReferenceTripleDes : TripleDesCipher
    {
        public ReferenceTripleDes()
            : base(CipherCores.Reference(ReferenceCores.TripleDes))
        {
        }
    }
}

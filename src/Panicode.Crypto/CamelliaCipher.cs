using System;
using System.Security.Cryptography;
using Panicode.Crypto.Catalog;
using Panicode.Crypto.BlockCiphers.Camellia;
using Panicode.Crypto.Modes;

namespace Panicode.Crypto;

/// <summary>
/// The Camellia block cipher (RFC 3713; NTT and Mitsubishi Electric, 2000): 128-bit blocks and 128-, 192- or
/// 256-bit keys, one of the CRYPTREC and ISO/IEC 18033-3 ciphers, used in TLS, S/MIME and IPsec.
/// </summary>
/// <remarks>
/// <para>Defaults are those of <see cref="Aes"/>: <see cref="SymmetricAlgorithm.KeySize"/> 256,
/// <see cref="SymmetricAlgorithm.BlockSize"/> 128, <see cref="CipherMode.CBC"/>, <see cref="PaddingMode.PKCS7"/>
/// and <see cref="SymmetricAlgorithm.FeedbackSize"/> 128 (CFB128). The only legal block size is 128 bits.</para>
/// <para>Modes, paddings and the one-shot methods are described on <see cref="BlockCipherAlgorithm"/>.</para>
/// <para><see cref="Create"/> returns the Reference flavour (safe code, independent of the machine's byte order);
/// <c>Panicode.Crypto.Unsafe.UnsafeCrypto.CreateCamellia()</c> returns the optimized flavour of the same class.</para>
/// </remarks>
public abstract class CamelliaCipher : BlockCipherAlgorithm
{
    private static readonly KeySizes[] s_legalKeySizes = { new KeySizes(128, 256, 64) };
    private static readonly KeySizes[] s_legalBlockSizes = { new KeySizes(128, 128, 0) };

    private protected CamelliaCipher(CipherCores cores)
        : base(cores, s_legalKeySizes, s_legalBlockSizes)
    {
    }

    /// <summary>Creates the Reference flavour of Camellia.</summary>
    public static new CamelliaCipher Create() => new ReferenceCamellia();

    private sealed class ReferenceCamellia : CamelliaCipher
    {
        public ReferenceCamellia()
            : base(CipherCores.Reference(ReferenceCores.Camellia))
        {
        }
    }
}

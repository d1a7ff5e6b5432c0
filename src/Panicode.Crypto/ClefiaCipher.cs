using System;
using System.Security.Cryptography;
using Panicode.Crypto.Catalog;
using Panicode.Crypto.BlockCiphers.Clefia;
using Panicode.Crypto.Modes;

namespace Panicode.Crypto;

/// <summary>
/// The CLEFIA block cipher (RFC 6114; Sony, 2007): 128-bit blocks and 128-, 192- or 256-bit keys, a generalized
/// Feistel network on four 32-bit words; one of the CRYPTREC ciphers and ISO/IEC 29192-2.
/// </summary>
/// <remarks>
/// <para>Defaults are those of <see cref="Aes"/>: <see cref="SymmetricAlgorithm.KeySize"/> 256,
/// <see cref="SymmetricAlgorithm.BlockSize"/> 128, <see cref="CipherMode.CBC"/>, <see cref="PaddingMode.PKCS7"/>
/// and <see cref="SymmetricAlgorithm.FeedbackSize"/> 128 (CFB128). The only legal block size is 128 bits.</para>
/// <para>Modes, paddings and the one-shot methods are described on <see cref="BlockCipherAlgorithm"/>.</para>
/// <para><see cref="Create"/> returns the Reference flavour (safe code, independent of the machine's byte order);
/// <c>Panicode.Crypto.Unsafe.UnsafeCrypto.CreateClefia()</c> returns the optimized flavour of the same class.</para>
/// </remarks>
public abstract class ClefiaCipher : BlockCipherAlgorithm
{
    private static readonly KeySizes[] s_legalKeySizes = { new KeySizes(128, 256, 64) };
    private static readonly KeySizes[] s_legalBlockSizes = { new KeySizes(128, 128, 0) };

    private protected ClefiaCipher(CipherCores cores)
        : base(cores, s_legalKeySizes, s_legalBlockSizes)
    {
    }

    /// <summary>Creates the Reference flavour of CLEFIA.</summary>
    public static new ClefiaCipher Create() => new ReferenceClefia();

    private sealed class ReferenceClefia : ClefiaCipher
    {
        public ReferenceClefia()
            : base(CipherCores.Reference(ReferenceCores.Clefia))
        {
        }
    }
}

using System;
using System.Security.Cryptography;
using Panicode.Crypto.Catalog;
using Panicode.Crypto.BlockCiphers.Hierocrypt;
using Panicode.Crypto.Modes;

namespace Panicode.Crypto;

/// <summary>
/// The Hierocrypt-3 block cipher (Toshiba, 2000; NESSIE and CRYPTREC submission): 128-bit blocks and 128-, 192- or
/// 256-bit keys, a nested substitution-permutation network of 6, 7 or 8 rounds.
/// </summary>
/// <remarks>
/// <para>Defaults are those of <see cref="Aes"/>: <see cref="SymmetricAlgorithm.KeySize"/> 256,
/// <see cref="SymmetricAlgorithm.BlockSize"/> 128, <see cref="CipherMode.CBC"/>, <see cref="PaddingMode.PKCS7"/>
/// and <see cref="SymmetricAlgorithm.FeedbackSize"/> 128 (CFB128). The only legal block size is 128 bits.</para>
/// <para>Modes, paddings and the one-shot methods are described on <see cref="BlockCipherAlgorithm"/>.</para>
/// <para><see cref="Create"/> returns the Reference flavour (safe code, independent of the machine's byte order);
/// <c>Panicode.Crypto.Unsafe.UnsafeCrypto.CreateHierocrypt3()</c> returns the optimized flavour of the same class.</para>
/// </remarks>
public abstract class Hierocrypt3Cipher : BlockCipherAlgorithm
{
    private static readonly KeySizes[] s_legalKeySizes = { new KeySizes(128, 256, 64) };
    private static readonly KeySizes[] s_legalBlockSizes = { new KeySizes(128, 128, 0) };

    private protected Hierocrypt3Cipher(CipherCores cores)
        : base(cores, s_legalKeySizes, s_legalBlockSizes)
    {
    }

    /// <summary>Creates the Reference flavour of Hierocrypt-3.</summary>
    public static new Hierocrypt3Cipher Create() => new ReferenceHierocrypt3();

    private sealed class ReferenceHierocrypt3 : Hierocrypt3Cipher
    {
        public ReferenceHierocrypt3()
            : base(CipherCores.Reference(ReferenceCores.Hierocrypt3))
        {
        }
    }
}

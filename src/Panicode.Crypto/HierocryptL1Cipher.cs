using System;
using System.Security.Cryptography;
using Panicode.Crypto.Catalog;
using Panicode.Crypto.BlockCiphers.Hierocrypt;
using Panicode.Crypto.Modes;

namespace Panicode.Crypto;

/// <summary>
/// The Hierocrypt-L1 block cipher (Toshiba, 2000; NESSIE and CRYPTREC submission): 64-bit blocks and 128-bit keys, a
/// nested substitution-permutation network of 6 rounds, the 64-bit sibling of <see cref="Hierocrypt3Cipher"/>.
/// </summary>
/// <remarks>
/// <para>Defaults: <see cref="SymmetricAlgorithm.KeySize"/> 128, <see cref="SymmetricAlgorithm.BlockSize"/> 64,
/// <see cref="CipherMode.CBC"/>, <see cref="PaddingMode.PKCS7"/> and <see cref="SymmetricAlgorithm.FeedbackSize"/> 64
/// (CFB64). The only legal block size is 64 bits and the only key size 128 bits.</para>
/// <para>Modes, paddings and the one-shot methods are described on <see cref="BlockCipherAlgorithm"/>. A 64-bit block
/// wears out after about 2^32 blocks (32 GiB) under one key: change keys well before.</para>
/// <para><see cref="Create"/> returns the Reference flavour (safe code, independent of the machine's byte order);
/// <c>Panicode.Crypto.Unsafe.UnsafeCrypto.CreateHierocryptL1()</c> returns the optimized flavour of the same class.</para>
/// </remarks>
public abstract class HierocryptL1Cipher : BlockCipherAlgorithm
{
    private static readonly KeySizes[] s_legalKeySizes = { new KeySizes(128, 128, 0) };
    private static readonly KeySizes[] s_legalBlockSizes = { new KeySizes(64, 64, 0) };

    private protected HierocryptL1Cipher(CipherCores cores)
        : base(cores, s_legalKeySizes, s_legalBlockSizes)
    {
        // The shared defaults (128-bit block, 256-bit key) are not legal here.
        BlockSizeValue = 64;
        KeySizeValue = 128;
        FeedbackSizeValue = 64;
    }

    /// <summary>Creates the Reference flavour of Hierocrypt-L1.</summary>
    public static new HierocryptL1Cipher Create() => new ReferenceHierocryptL1();

    private sealed class ReferenceHierocryptL1 : HierocryptL1Cipher
    {
        public ReferenceHierocryptL1()
            : base(CipherCores.Reference(ReferenceCores.HierocryptL1))
        {
        }
    }
}

using System;
using System.Security.Cryptography;
using Panicode.Crypto.Catalog;
using Panicode.Crypto.BlockCiphers.Misty1;
using Panicode.Crypto.Modes;

namespace Panicode.Crypto;

/// <summary>
/// The MISTY1 block cipher (Mitsubishi Electric, 1996; RFC 2994; CRYPTREC and NESSIE): 64-bit blocks and 128-bit
/// keys, an 8-round Feistel network whose round function FO is itself built of the smaller FI, with key-dependent
/// FL layers every second round.
/// </summary>
/// <remarks>
/// <para>Defaults: <see cref="SymmetricAlgorithm.KeySize"/> 128, <see cref="SymmetricAlgorithm.BlockSize"/> 64,
/// <see cref="CipherMode.CBC"/>, <see cref="PaddingMode.PKCS7"/> (the padding RFC 2994 section 3 names for MISTY1-CBC)
/// and <see cref="SymmetricAlgorithm.FeedbackSize"/> 64 (CFB64). The only legal block size is 64 bits and the only
/// key size 128 bits.</para>
/// <para>Modes, paddings and the one-shot methods are described on <see cref="BlockCipherAlgorithm"/>. A 64-bit block
/// wears out after about 2^32 blocks (32 GiB) under one key: change keys well before.</para>
/// <para><see cref="Create"/> returns the Reference flavour (safe code, independent of the machine's byte order);
/// <c>Panicode.Crypto.Unsafe.UnsafeCrypto.CreateMisty1()</c> returns the optimized flavour of the same class.</para>
/// </remarks>
public abstract class Misty1Cipher : BlockCipherAlgorithm
{
    private static readonly KeySizes[] s_legalKeySizes = { new KeySizes(128, 128, 0) };
    private static readonly KeySizes[] s_legalBlockSizes = { new KeySizes(64, 64, 0) };

    private protected Misty1Cipher(CipherCores cores)
        : base(cores, s_legalKeySizes, s_legalBlockSizes)
    {
        // The shared defaults (128-bit block, 256-bit key) are not legal here.
        BlockSizeValue = 64;
        KeySizeValue = 128;
        FeedbackSizeValue = 64;
    }

    /// <summary>Creates the Reference flavour of MISTY1.</summary>
    public static new Misty1Cipher Create() => new ReferenceMisty1();

    private sealed class ReferenceMisty1 : Misty1Cipher
    {
        public ReferenceMisty1()
            : base(CipherCores.Reference(ReferenceCores.Misty1))
        {
        }
    }
}

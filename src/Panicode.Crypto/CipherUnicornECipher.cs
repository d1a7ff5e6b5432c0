using System;
using System.Security.Cryptography;
using Panicode.Crypto.Catalog;
using Panicode.Crypto.BlockCiphers.CipherUnicorn;
using Panicode.Crypto.Modes;

namespace Panicode.Crypto;

/// <summary>
/// The CIPHERUNICORN-E block cipher (NEC, 1998; CRYPTREC submission; ISO/IEC 9979 register entry 0019): 64-bit blocks
/// and 128-bit keys, a 16-round Feistel network whose round function has a main stream and a temporary key generation
/// mechanism, with a key-dependent 64-bit L function before the first round, after every second and after the last.
/// </summary>
/// <remarks>
/// <para>Defaults: <see cref="SymmetricAlgorithm.KeySize"/> 128, <see cref="SymmetricAlgorithm.BlockSize"/> 64,
/// <see cref="CipherMode.CBC"/>, <see cref="PaddingMode.PKCS7"/> and <see cref="SymmetricAlgorithm.FeedbackSize"/> 64
/// (CFB64). The only legal block size is 64 bits and the only key size 128 bits.</para>
/// <para>Modes, paddings and the one-shot methods are described on <see cref="BlockCipherAlgorithm"/>. A 64-bit block
/// wears out after about 2^32 blocks (32 GiB) under one key: change keys well before.</para>
/// <para><see cref="Create"/> returns the Reference flavour (safe code, independent of the machine's byte order);
/// <c>Panicode.Crypto.Unsafe.UnsafeCrypto.CreateCipherUnicornE()</c> returns the optimized flavour of the same class.</para>
/// </remarks>
public abstract class CipherUnicornECipher : BlockCipherAlgorithm
{
    private static readonly KeySizes[] s_legalKeySizes = { new KeySizes(128, 128, 0) };
    private static readonly KeySizes[] s_legalBlockSizes = { new KeySizes(64, 64, 0) };

    private protected CipherUnicornECipher(CipherCores cores)
        : base(cores, s_legalKeySizes, s_legalBlockSizes)
    {
        // The shared defaults (128-bit block, 256-bit key) are not legal here.
        BlockSizeValue = 64;
        KeySizeValue = 128;
        FeedbackSizeValue = 64;
    }

    /// <summary>Creates the Reference flavour of CIPHERUNICORN-E.</summary>
    public static new CipherUnicornECipher Create() => new ReferenceCipherUnicornE();

    private sealed class ReferenceCipherUnicornE : CipherUnicornECipher
    {
        public ReferenceCipherUnicornE()
            : base(CipherCores.Reference(ReferenceCores.CipherUnicornE))
        {
        }
    }
}

using System;
using System.Security.Cryptography;
using Panicode.Crypto.Catalog;
using Panicode.Crypto.BlockCiphers.Sc2000;
using Panicode.Crypto.Modes;

namespace Panicode.Crypto;

/// <summary>
/// The SC2000 block cipher (Fujitsu, 2000; Shimoyama et al., FSE 2001): 128-bit blocks and 128-, 192- or 256-bit
/// keys, Feistel rounds interleaved with a bitsliced 4-bit S-box layer; one of the CRYPTREC ciphers.
/// </summary>
/// <remarks>
/// <para>Defaults are those of <see cref="Aes"/>: <see cref="SymmetricAlgorithm.KeySize"/> 256,
/// <see cref="SymmetricAlgorithm.BlockSize"/> 128, <see cref="CipherMode.CBC"/>, <see cref="PaddingMode.PKCS7"/>
/// and <see cref="SymmetricAlgorithm.FeedbackSize"/> 128 (CFB128). The only legal block size is 128 bits.</para>
/// <para>Modes, paddings and the one-shot methods are described on <see cref="BlockCipherAlgorithm"/>.</para>
/// <para><see cref="Create"/> returns the Reference flavour (safe code, independent of the machine's byte order);
/// <c>Panicode.Crypto.Unsafe.UnsafeCrypto.CreateSc2000()</c> returns the optimized flavour of the same class.</para>
/// </remarks>
public abstract class Sc2000Cipher : BlockCipherAlgorithm
{
    private static readonly KeySizes[] s_legalKeySizes = { new KeySizes(128, 256, 64) };
    private static readonly KeySizes[] s_legalBlockSizes = { new KeySizes(128, 128, 0) };

    private protected Sc2000Cipher(CipherCores cores)
        : base(cores, s_legalKeySizes, s_legalBlockSizes)
    {
    }

    /// <summary>Creates the Reference flavour of SC2000.</summary>
    public static new Sc2000Cipher Create() => new ReferenceSc2000();

    private sealed class ReferenceSc2000 : Sc2000Cipher
    {
        public ReferenceSc2000()
            : base(CipherCores.Reference(ReferenceCores.Sc2000))
        {
        }
    }
}

using System;
using System.Security.Cryptography;
using Panicode.Crypto.Catalog;
using Panicode.Crypto.BlockCiphers.CipherUnicorn;
using Panicode.Crypto.Modes;

namespace Panicode.Crypto;

/// <summary>
/// The CIPHERUNICORN-A block cipher (NEC, 2000; CRYPTREC submission): 128-bit blocks and 128-, 192- or
/// 256-bit keys, a 16-round Feistel network whose round function has a main stream and a temporary key generation mechanism.
/// </summary>
/// <remarks>
/// <para>Defaults are those of <see cref="Aes"/>: <see cref="SymmetricAlgorithm.KeySize"/> 256,
/// <see cref="SymmetricAlgorithm.BlockSize"/> 128, <see cref="CipherMode.CBC"/>, <see cref="PaddingMode.PKCS7"/>
/// and <see cref="SymmetricAlgorithm.FeedbackSize"/> 128 (CFB128). The only legal block size is 128 bits.</para>
/// <para>Modes, paddings and the one-shot methods are described on <see cref="BlockCipherAlgorithm"/>.</para>
/// <para><see cref="Create"/> returns the Reference flavour (safe code, independent of the machine's byte order);
/// <c>Panicode.Crypto.Unsafe.UnsafeCrypto.CreateCipherUnicornA()</c> returns the optimized flavour of the same class.</para>
/// </remarks>
public abstract class CipherUnicornACipher : BlockCipherAlgorithm
{
    private static readonly KeySizes[] s_legalKeySizes = { new KeySizes(128, 256, 64) };
    private static readonly KeySizes[] s_legalBlockSizes = { new KeySizes(128, 128, 0) };

    private protected CipherUnicornACipher(CipherCores cores)
        : base(cores, s_legalKeySizes, s_legalBlockSizes)
    {
    }

    /// <summary>Creates the Reference flavour of CIPHERUNICORN-A.</summary>
    public static new CipherUnicornACipher Create() => new ReferenceCipherUnicornA();

    private sealed class ReferenceCipherUnicornA : CipherUnicornACipher
    {
        public ReferenceCipherUnicornA()
            : base(CipherCores.Reference(ReferenceCores.CipherUnicornA))
        {
        }
    }
}

using System;
using System.Security.Cryptography;
using Panicode.Crypto.Catalog;
using Panicode.Crypto.Modes;
using Panicode.Crypto.BlockCiphers.Rijndael;

namespace Panicode.Crypto;

/// <summary>
/// The original Rijndael cipher (Daemen and Rijmen, AES proposal v2, 1999) with every block size
/// and key size of 128, 160, 192, 224 and 256 bits, in any combination; with a 128-bit block it is
/// AES (FIPS 197).
/// </summary>
/// <remarks>
/// <para>Defaults follow .NET Framework's <c>RijndaelManaged</c>: <see cref="SymmetricAlgorithm.BlockSize"/> 128,
/// <see cref="SymmetricAlgorithm.KeySize"/> 256, <see cref="CipherMode.CBC"/>, <see cref="PaddingMode.PKCS7"/>
/// and <see cref="SymmetricAlgorithm.FeedbackSize"/> 128. Ciphertext is byte-identical to <c>RijndaelManaged</c>
/// for every block size, key size, mode and padding it supported, and to <see cref="Aes"/> for 128-bit blocks.</para>
/// <para>Modes, paddings and the one-shot methods are described on <see cref="BlockCipherAlgorithm"/>.</para>
/// <para><see cref="Create"/> returns the Reference flavour (safe code); <c>Panicode.Crypto.Unsafe.UnsafeCrypto.CreateRijndael()</c>
/// returns the optimized flavour of the same class.</para>
/// </remarks>
public abstract class RijndaelCipher : BlockCipherAlgorithm
{
    private static readonly KeySizes[] s_legalSizes = { new KeySizes(128, 256, 32) };

    private protected RijndaelCipher(CipherCores cores)
        : base(cores, s_legalSizes, s_legalSizes)
    {
    }

    /// <summary>Creates the Reference flavour of Rijndael.</summary>
    public static new RijndaelCipher Create() => new ReferenceRijndael();

    private sealed class ReferenceRijndael : RijndaelCipher
    {
        public ReferenceRijndael()
            : base(CipherCores.Reference(ReferenceCores.Rijndael))
        {
        }
    }
}

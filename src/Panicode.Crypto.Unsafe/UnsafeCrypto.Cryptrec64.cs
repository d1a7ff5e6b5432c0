using Panicode.Crypto.Unsafe.BlockCiphers.CipherUnicorn;
using Panicode.Crypto.Unsafe.BlockCiphers.Hierocrypt;
using Panicode.Crypto.Unsafe.BlockCiphers.Misty1;

namespace Panicode.Crypto.Unsafe;

// The CRYPTREC 64-bit block ciphers (MISTY1, Hierocrypt-L1, CIPHERUNICORN-E).
public static partial class UnsafeCrypto
{
    /// <summary>
    /// Creates a <see cref="Misty1Cipher"/> (64-bit blocks, 128-bit keys) whose core is optimized: FI as two lookups in
    /// 16-bit pointer tables of 65,536 entries (its halves before and after the key), the round keys laid out per FO
    /// and FL call, four blocks in flight. Table lookups indexed by secret data are not cache-timing safe.
    /// </summary>
    /// <returns>A new MISTY1 instance with the defaults of <see cref="Misty1Cipher"/>.</returns>
    public static Misty1Cipher CreateMisty1() => new UnsafeMisty1();

    /// <summary>
    /// Creates a <see cref="HierocryptL1Cipher"/> (64-bit blocks, 128-bit keys) whose core is optimized: the first S
    /// layer and MDS_L merged into 8-to-32-bit pointer tables (those of Hierocrypt-3), the second S layer and MDS_H into
    /// 8-to-64-bit ones, 16 lookups per round, the block one 64-bit word, four blocks in flight; decryption the same code
    /// with inverse tables and keys moved across the linear layers. Table lookups indexed by secret data are not
    /// cache-timing safe.
    /// </summary>
    /// <returns>A new Hierocrypt-L1 instance with the defaults of <see cref="HierocryptL1Cipher"/>.</returns>
    public static HierocryptL1Cipher CreateHierocryptL1() => new UnsafeHierocryptL1();

    /// <summary>
    /// Creates a <see cref="CipherUnicornECipher"/> (64-bit blocks, 128-bit keys) whose core is optimized: each T
    /// function as one lookup in a 256-word pointer table per input number, the round keys laid out in the order the
    /// rounds use them, four blocks in flight. Table lookups indexed by secret data are not cache-timing safe.
    /// </summary>
    /// <returns>A new CIPHERUNICORN-E instance with the defaults of <see cref="CipherUnicornECipher"/>.</returns>
    public static CipherUnicornECipher CreateCipherUnicornE() => new UnsafeCipherUnicornE();
}

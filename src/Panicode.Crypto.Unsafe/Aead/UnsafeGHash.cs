using System;
using Panicode.Crypto.Aead;
using Panicode.Crypto.Modes;

namespace Panicode.Crypto.Unsafe.Aead;

/// <summary>
/// GHASH for the Unsafe flavour, chosen once per key: PCLMULQDQ where the CPU has it and intrinsics are allowed, else
/// the Reference flavour's constant-time integer GHASH (a table-driven one would be faster but index memory by H).
/// </summary>
internal static class UnsafeGHash
{
    public static GHash Create(ReadOnlySpan<byte> h, bool allowIntrinsics)
    {
#if NET
        if (allowIntrinsics && GHashClmul.IsSupported)
        {
            return new GHashClmul(h);
        }
#endif
        return new GHashPortable(h);
    }

    /// <summary>
    /// The one-pass GCM loop for a core and the hash <see cref="Create"/> gave: the stitched AES-NI loop for the AES-NI
    /// core, the chunked CTR-then-XOR-and-hash loop with carry-less multiplies for any other 16-byte core, or null (no
    /// PCLMULQDQ, or intrinsics not allowed: Gcm then runs CTR and GHASH one after the other).
    /// </summary>
    public static GcmBulk? CreateBulk(BlockCipher cipher, GHash ghash)
    {
#if NET
        if (ghash is GHashClmul clmul && cipher.BlockSize == 16)
        {
            if (cipher is BlockCiphers.Rijndael.RijndaelAesNiCore aes && AesNiGcm.IsSupported)
            {
                return new AesNiGcm(aes, clmul);
            }

            if (ClmulGcm.IsSupported)
            {
                return new ClmulGcm(cipher, clmul);
            }
        }
#endif
        return null;
    }
}

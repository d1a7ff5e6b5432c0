using System;
using Panicode.Crypto.Aead;
using Panicode.Crypto.Modes;

namespace Panicode.Crypto.Unsafe.Aead;

/// <summary>
/// The one-pass GCM loops of the Unsafe flavour (its GHASH is chosen from <c>UnsafeCores.GHash</c>).
/// </summary>
internal static class UnsafeGHash
{
    /// <summary>
    /// The one-pass GCM loop for a core and the hash the catalogue chose: the stitched AES loop for the AES-NI core
    /// (x86) and the ARMv8 AES core (ARM64), the chunked CTR-then-XOR-and-hash loop with carry-less multiplies for any
    /// other 16-byte core, or null (no PCLMULQDQ or PMULL, or intrinsics not allowed: Gcm then runs CTR and GHASH one after the other).
    /// </summary>
    public static GcmBulk? CreateBulk(BlockCipher cipher, GHash ghash)
    {
#if NET
        if (ghash is GHashClmul clmul && cipher.BlockSize == 16)
        {
            if (cipher is BlockCiphers.Rijndael.RijndaelAesNiCore or BlockCiphers.Rijndael.RijndaelArmAesCore && StitchedAesGcm.IsSupported)
            {
                return new StitchedAesGcm((BlockCiphers.Rijndael.AesCore)cipher, clmul);
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

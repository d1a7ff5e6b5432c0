using System;
using Panicode.Crypto.Aead;
using Panicode.Crypto.Modes;
using Panicode.Crypto.Unsafe.Aead;
using Panicode.Crypto.Unsafe.Internal;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Sc2000;

/// <summary>
/// The Unsafe flavour of <see cref="Sc2000Cipher"/>: the Reference assembly's modes, padding and transforms over
/// <see cref="Sc2000PortableCore"/> (SC2000 has no S-box an x86 instruction computes, so there is one core).
/// </summary>
internal sealed class UnsafeSc2000 : Sc2000Cipher
{
    // GCM and GMAC over this flavour hash with carry-less multiply instructions where the CPU has them (and
    // PANICODE_FORCE_PORTABLE is not 1).
    private protected override GHash CreateGHash(ReadOnlySpan<byte> hashKey) => UnsafeGHash.Create(hashKey, CpuFeatures.IntrinsicsAllowed);

    // GCM's whole blocks: the core's batches for the keystream, then one pass of XOR and carry-less multiplies.
    private protected override GcmBulk? CreateGcmBulk(BlockCipher cipher, GHash ghash) => UnsafeGHash.CreateBulk(cipher, ghash);

    private protected override BlockCipher CreateCipher(ReadOnlySpan<byte> key, int blockSizeInBytes) => new Sc2000PortableCore(key);
}

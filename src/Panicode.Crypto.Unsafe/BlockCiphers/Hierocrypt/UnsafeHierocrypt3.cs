using System;
using Panicode.Crypto.Aead;
using Panicode.Crypto.Modes;
using Panicode.Crypto.Unsafe.Aead;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Hierocrypt;

/// <summary>
/// The Unsafe flavour of <see cref="Hierocrypt3Cipher"/>: the Reference assembly's modes, padding and transforms over
/// a core chosen once per key: where intrinsics are allowed and the CPU has GFNI, <c>Hierocrypt3GfniCore</c> (.NET
/// only); <see cref="Hierocrypt3PortableCore"/> otherwise.
/// </summary>
internal sealed class UnsafeHierocrypt3 : Hierocrypt3Cipher
{
    private readonly bool _allowIntrinsics;

    public UnsafeHierocrypt3(bool allowIntrinsics)
    {
        _allowIntrinsics = allowIntrinsics;
    }

    // GCM and GMAC over this flavour hash with carry-less multiply instructions where the CPU has them.
    private protected override GHash CreateGHash(ReadOnlySpan<byte> hashKey) => UnsafeGHash.Create(hashKey, _allowIntrinsics);

    // GCM's whole blocks: the core's batches for the keystream, then one pass of XOR and carry-less multiplies.
    private protected override GcmBulk? CreateGcmBulk(BlockCipher cipher, GHash ghash) => UnsafeGHash.CreateBulk(cipher, ghash);

    private protected override BlockCipher CreateCipher(ReadOnlySpan<byte> key, int blockSizeInBytes) => CreateCore(key, _allowIntrinsics);

    /// <summary>The core this flavour uses for a key.</summary>
    internal static BlockCipher CreateCore(ReadOnlySpan<byte> key, bool allowIntrinsics)
    {
#if NET
        if (allowIntrinsics && Hierocrypt3GfniCore.IsSupported)
        {
            return new Hierocrypt3GfniCore(key);
        }
#endif
        return new Hierocrypt3PortableCore(key);
    }
}

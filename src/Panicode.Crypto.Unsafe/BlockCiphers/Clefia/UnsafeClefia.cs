using System;
using Panicode.Crypto.Aead;
using Panicode.Crypto.Modes;
using Panicode.Crypto.Unsafe.Aead;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Clefia;

/// <summary>
/// The Unsafe flavour of <see cref="ClefiaCipher"/>: the Reference assembly's modes, padding and transforms over an
/// optimized core, chosen once per key: where intrinsics are allowed and the CPU has GFNI, the byte-sliced
/// <c>ClefiaGfniCore</c> (.NET only); <see cref="ClefiaPortableCore"/> otherwise.
/// </summary>
internal sealed class UnsafeClefia : ClefiaCipher
{
    private readonly bool _allowIntrinsics;

    public UnsafeClefia(bool allowIntrinsics)
    {
        _allowIntrinsics = allowIntrinsics;
    }

    // GCM and GMAC over this flavour hash with carry-less multiply instructions where the CPU has them.
    private protected override GHash CreateGHash(ReadOnlySpan<byte> hashKey) => UnsafeGHash.Create(hashKey, _allowIntrinsics);

    // GCM's whole blocks: the core's batches for the keystream, then one pass of XOR and carry-less multiplies.
    private protected override GcmBulk? CreateGcmBulk(BlockCipher cipher, GHash ghash) => UnsafeGHash.CreateBulk(cipher, ghash);

    private protected override BlockCipher CreateCipher(ReadOnlySpan<byte> key, int blockSizeInBytes) =>
        CreateCore(key, _allowIntrinsics);

    /// <summary>The core this flavour uses for a key.</summary>
    internal static BlockCipher CreateCore(ReadOnlySpan<byte> key, bool allowIntrinsics)
    {
#if NET
        if (allowIntrinsics && ClefiaGfniCore.IsSupported)
        {
            return new ClefiaGfniCore(key);
        }
#endif
        return new ClefiaPortableCore(key);
    }
}

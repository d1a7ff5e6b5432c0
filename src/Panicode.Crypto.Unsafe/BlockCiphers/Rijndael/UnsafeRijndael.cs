using System;
using Panicode.Crypto.Aead;
using Panicode.Crypto.Modes;
using Panicode.Crypto.Unsafe.Aead;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Rijndael;

/// <summary>
/// The Unsafe flavour of <see cref="RijndaelCipher"/>: the Reference assembly's modes, padding and
/// transforms over an optimized core, chosen once per key — AES-NI for 128- and 256-bit blocks where the
/// CPU has it and intrinsics are allowed, the portable unsafe core otherwise.
/// </summary>
internal sealed class UnsafeRijndael : RijndaelCipher
{
    private readonly bool _allowIntrinsics;

    public UnsafeRijndael(bool allowIntrinsics)
    {
        _allowIntrinsics = allowIntrinsics;
    }

    // GCM and GMAC over this flavour hash with carry-less multiply instructions where the CPU has them.
    private protected override GHash CreateGHash(ReadOnlySpan<byte> hashKey) => UnsafeGHash.Create(hashKey, _allowIntrinsics);

    // GCM over the AES-NI core with the PCLMULQDQ hash runs both in one stitched loop.
    private protected override GcmBulk? CreateGcmBulk(BlockCipher cipher, GHash ghash) => UnsafeGHash.CreateBulk(cipher, ghash);

    private protected override BlockCipher CreateCipher(ReadOnlySpan<byte> key, int blockSizeInBytes) =>
        CreateCore(key, blockSizeInBytes, _allowIntrinsics);

    /// <summary>The core this flavour uses for a key and block size.</summary>
    internal static BlockCipher CreateCore(ReadOnlySpan<byte> key, int blockSizeInBytes, bool allowIntrinsics)
    {
#if NET
        if (allowIntrinsics && blockSizeInBytes == 16 && RijndaelAesNiCore.IsSupported)
        {
            return new RijndaelAesNiCore(key);
        }

        if (allowIntrinsics && blockSizeInBytes == 32 && RijndaelAesNi256Core.IsSupported)
        {
            return new RijndaelAesNi256Core(key);
        }

        if (allowIntrinsics && blockSizeInBytes is 20 or 24 or 28 && RijndaelAesNiWideCore.IsSupported)
        {
            return new RijndaelAesNiWideCore(key, blockSizeInBytes);
        }
#endif
        return new RijndaelPortableCore(key, blockSizeInBytes);
    }
}

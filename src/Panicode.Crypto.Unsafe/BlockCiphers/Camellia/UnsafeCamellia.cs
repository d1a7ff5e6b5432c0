using System;
using Panicode.Crypto.Aead;
using Panicode.Crypto.Modes;
using Panicode.Crypto.Unsafe.Aead;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Camellia;

/// <summary>
/// The Unsafe flavour of <see cref="CamelliaCipher"/>: the Reference assembly's modes, padding and
/// transforms over an optimized core, chosen once per key: where intrinsics are allowed, the byte-sliced
/// <c>CamelliaSlicedCore</c> (.NET only) on GFNI, else on AES-NI; <see cref="CamelliaPortableCore"/> otherwise.
/// </summary>
internal sealed class UnsafeCamellia : CamelliaCipher
{
    private readonly bool _allowIntrinsics;

    public UnsafeCamellia(bool allowIntrinsics)
    {
        _allowIntrinsics = allowIntrinsics;
    }

    // GCM and GMAC over this flavour hash with carry-less multiply instructions where the CPU has them.
    private protected override GHash CreateGHash(ReadOnlySpan<byte> hashKey) => UnsafeGHash.Create(hashKey, _allowIntrinsics);

    private protected override BlockCipher CreateCipher(ReadOnlySpan<byte> key, int blockSizeInBytes) =>
        CreateCore(key, _allowIntrinsics);

    /// <summary>The core this flavour uses for a key.</summary>
    internal static BlockCipher CreateCore(ReadOnlySpan<byte> key, bool allowIntrinsics)
    {
#if NET
        if (allowIntrinsics && CamelliaSlicedCore.IsSupported(CamelliaSBoxUnit.Gfni))
        {
            return new CamelliaSlicedCore(key, CamelliaSBoxUnit.Gfni);
        }

        if (allowIntrinsics && CamelliaSlicedCore.IsSupported(CamelliaSBoxUnit.AesNi))
        {
            return new CamelliaSlicedCore(key, CamelliaSBoxUnit.AesNi);
        }
#endif
        return new CamelliaPortableCore(key);
    }
}

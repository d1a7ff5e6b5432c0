using System;
using Panicode.Crypto.Modes;

namespace Panicode.Crypto.Unsafe.Camellia;

/// <summary>
/// The Unsafe flavour of <see cref="CamelliaCipher"/>: the Reference assembly's modes, padding and
/// transforms over an optimized core, chosen once per key — the byte-sliced GFNI core where the CPU has
/// GFNI and intrinsics are allowed, <see cref="CamelliaPortableCore"/> otherwise.
/// </summary>
internal sealed class UnsafeCamellia : CamelliaCipher
{
    private readonly bool _allowIntrinsics;

    public UnsafeCamellia(bool allowIntrinsics)
    {
        _allowIntrinsics = allowIntrinsics;
    }

    private protected override BlockCipher CreateCipher(ReadOnlySpan<byte> key, int blockSizeInBytes) =>
        CreateCore(key, _allowIntrinsics);

    /// <summary>The core this flavour uses for a key.</summary>
    internal static BlockCipher CreateCore(ReadOnlySpan<byte> key, bool allowIntrinsics)
    {
#if NET
        if (allowIntrinsics && CamelliaGfniCore.IsSupported)
        {
            return new CamelliaGfniCore(key);
        }
#endif
        return new CamelliaPortableCore(key);
    }
}

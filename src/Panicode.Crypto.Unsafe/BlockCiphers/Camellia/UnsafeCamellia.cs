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
    private readonly bool _constantTime;

    public UnsafeCamellia(bool allowIntrinsics, bool constantTime = false)
    {
        _allowIntrinsics = allowIntrinsics;
        _constantTime = constantTime;
    }

    /// <summary>
    /// True where this process can build the constant-time form (<see cref="CreateCore"/> with constantTime): .NET with
    /// GFNI and SSSE3, intrinsics allowed.
    /// </summary>
    internal static bool IsConstantTimeSupported(bool allowIntrinsics)
    {
#if NET
        return allowIntrinsics && CamelliaSlicedCore.IsSupported(CamelliaSBoxUnit.Gfni) && CamelliaGfniSerialCore.IsSupported;
#else
        return false;
#endif
    }

    // GCM and GMAC over this flavour hash with carry-less multiply instructions where the CPU has them.
    private protected override GHash CreateGHash(ReadOnlySpan<byte> hashKey) => UnsafeGHash.Create(hashKey, _allowIntrinsics);

    private protected override BlockCipher CreateCipher(ReadOnlySpan<byte> key, int blockSizeInBytes) =>
        CreateCore(key, _allowIntrinsics, _constantTime);

    /// <summary>
    /// The core this flavour uses for a key; with <paramref name="constantTime"/> (only where
    /// <see cref="IsConstantTimeSupported"/>) the GFNI sliced core whose single blocks and key schedule avoid tables too.
    /// </summary>
    internal static BlockCipher CreateCore(ReadOnlySpan<byte> key, bool allowIntrinsics, bool constantTime = false)
    {
#if NET
        if (allowIntrinsics && CamelliaSlicedCore.IsSupported(CamelliaSBoxUnit.Gfni))
        {
            return new CamelliaSlicedCore(key, CamelliaSBoxUnit.Gfni, constantTime);
        }

        if (allowIntrinsics && CamelliaSlicedCore.IsSupported(CamelliaSBoxUnit.AesNi))
        {
            return new CamelliaSlicedCore(key, CamelliaSBoxUnit.AesNi);
        }
#endif
        return new CamelliaPortableCore(key);
    }
}

using System;
using Panicode.Crypto.Modes;
using Panicode.Crypto.Unsafe.Catalog;
using Panicode.Crypto.Unsafe.Internal;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Camellia;

/// <summary>
/// The Unsafe flavour of <see cref="CamelliaCipher"/>: the Reference assembly's modes, padding and
/// transforms over an optimized core, chosen once per key: where intrinsics are allowed, the byte-sliced
/// <c>CamelliaSlicedCore</c> (.NET only) on GFNI, else on AES-NI; <see cref="CamelliaPortableCore"/> otherwise.
/// </summary>
internal sealed class UnsafeCamellia : CamelliaCipher
{
    public UnsafeCamellia(bool allowIntrinsics)
        : base(UnsafeCores.Flavour(UnsafeCores.Camellia, allowIntrinsics))
    {
    }

    /// <summary>True where the catalogue gives the table-free form: .NET with GFNI and SSSE3, intrinsics allowed.</summary>
    internal static bool IsConstantTimeSupported(bool allowIntrinsics) =>
        UnsafeCores.Camellia.Choose(128, allowIntrinsics && CpuFeatures.IntrinsicsAllowed).Name == "Sliced-Gfni-ConstantTime";

    /// <summary>The core this flavour uses for a key (tests).</summary>
    internal static BlockCipher CreateCore(ReadOnlySpan<byte> key, bool allowIntrinsics) => UnsafeCores.Flavour(UnsafeCores.Camellia, allowIntrinsics).CreateCipher(key, 16);
}

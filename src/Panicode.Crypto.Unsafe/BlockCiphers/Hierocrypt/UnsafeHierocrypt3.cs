using System;
using Panicode.Crypto.Modes;
using Panicode.Crypto.Unsafe.Catalog;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Hierocrypt;

/// <summary>
/// The Unsafe flavour of <see cref="Hierocrypt3Cipher"/>: the Reference assembly's modes, padding and transforms over
/// a core chosen once per key: where intrinsics are allowed and the CPU has GFNI, <c>Hierocrypt3GfniCore</c> (.NET
/// only); <see cref="Hierocrypt3PortableCore"/> otherwise.
/// </summary>
internal sealed class UnsafeHierocrypt3 : Hierocrypt3Cipher
{
    public UnsafeHierocrypt3(bool allowIntrinsics)
        : base(UnsafeCores.Flavour(UnsafeCores.Hierocrypt3, allowIntrinsics))
    {
    }

    /// <summary>The core this flavour uses for a key (tests).</summary>
    internal static BlockCipher CreateCore(ReadOnlySpan<byte> key, bool allowIntrinsics) => UnsafeCores.Flavour(UnsafeCores.Hierocrypt3, allowIntrinsics).CreateCipher(key, 16);
}

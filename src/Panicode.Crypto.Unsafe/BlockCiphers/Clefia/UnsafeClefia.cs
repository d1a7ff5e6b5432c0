using Panicode.Crypto.Unsafe.Catalog;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Clefia;

/// <summary>
/// The Unsafe flavour of <see cref="ClefiaCipher"/>: the Reference assembly's modes, padding and transforms over an
/// optimized core, chosen once per key: where intrinsics are allowed and the CPU has GFNI, the byte-sliced
/// <c>ClefiaGfniCore</c> (.NET only); <see cref="ClefiaPortableCore"/> otherwise.
/// </summary>
internal sealed class UnsafeClefia : ClefiaCipher
{
    public UnsafeClefia(bool allowIntrinsics)
        : base(UnsafeCores.Flavour(UnsafeCores.Clefia, allowIntrinsics))
    {
    }
}

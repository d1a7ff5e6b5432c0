using Panicode.Crypto.Unsafe.Catalog;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Hierocrypt;

/// <summary>
/// The Unsafe flavour of <see cref="HierocryptL1Cipher"/>: the Reference assembly's modes, padding and transforms over
/// <see cref="HierocryptL1PortableCore"/> (one core; there is no intrinsic one).
/// </summary>
internal sealed class UnsafeHierocryptL1 : HierocryptL1Cipher
{
    public UnsafeHierocryptL1()
        : base(UnsafeCores.Flavour(UnsafeCores.HierocryptL1, allowIntrinsics: true))
    {
    }
}

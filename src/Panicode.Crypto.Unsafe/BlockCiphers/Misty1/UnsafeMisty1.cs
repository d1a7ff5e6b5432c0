using Panicode.Crypto.Unsafe.Catalog;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Misty1;

/// <summary>
/// The Unsafe flavour of <see cref="Misty1Cipher"/>: the Reference assembly's modes, padding and transforms over
/// <see cref="Misty1PortableCore"/> (MISTY1's S7 and S9 are no x86 instruction, so there is one core).
/// </summary>
internal sealed class UnsafeMisty1 : Misty1Cipher
{
    public UnsafeMisty1()
        : base(UnsafeCores.Flavour(UnsafeCores.Misty1, allowIntrinsics: true))
    {
    }
}

using Panicode.Crypto.Unsafe.Catalog;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Sc2000;

/// <summary>
/// The Unsafe flavour of <see cref="Sc2000Cipher"/>: the Reference assembly's modes, padding and transforms over
/// <see cref="Sc2000PortableCore"/> (SC2000 has no S-box an x86 instruction computes, so there is one core).
/// </summary>
internal sealed class UnsafeSc2000 : Sc2000Cipher
{
    public UnsafeSc2000()
        : base(UnsafeCores.Flavour(UnsafeCores.Sc2000, allowIntrinsics: true))
    {
    }
}

using Panicode.Crypto.Unsafe.Catalog;

namespace Panicode.Crypto.Unsafe.BlockCiphers.TripleDes;

/// <summary>
/// The Unsafe flavour of <see cref="TripleDesCipher"/>: the Reference assembly's modes, padding and transforms over
/// <see cref="TripleDesPortableCore"/> (DES's S-boxes are no x86 instruction, so there is one core).
/// </summary>
internal sealed class UnsafeTripleDes : TripleDesCipher
{
    public UnsafeTripleDes()
        : base(UnsafeCores.Flavour(UnsafeCores.TripleDes, allowIntrinsics: true))
    {
    }
}

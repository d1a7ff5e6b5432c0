using Panicode.Crypto.Unsafe.Catalog;

namespace Panicode.Crypto.Unsafe.BlockCiphers.CipherUnicorn;

/// <summary>
/// The Unsafe flavour of <see cref="CipherUnicornECipher"/>: the Reference assembly's modes, padding and transforms over
/// <see cref="CipherUnicornEPortableCore"/> (no x86 instruction computes its S-boxes, so there is one core).
/// </summary>
internal sealed class UnsafeCipherUnicornE : CipherUnicornECipher
{
    public UnsafeCipherUnicornE()
        : base(UnsafeCores.Flavour(UnsafeCores.CipherUnicornE, allowIntrinsics: true))
    {
    }
}

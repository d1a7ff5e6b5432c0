using Panicode.Crypto.Unsafe.Catalog;

namespace Panicode.Crypto.Unsafe.BlockCiphers.CipherUnicorn;

/// <summary>
/// The Unsafe flavour of <see cref="CipherUnicornACipher"/>: the Reference assembly's modes, padding and transforms
/// over <see cref="CipherUnicornAPortableCore"/>.
/// </summary>
internal sealed class UnsafeCipherUnicornA : CipherUnicornACipher
{
    public UnsafeCipherUnicornA()
        : base(UnsafeCores.Flavour(UnsafeCores.CipherUnicornA, allowIntrinsics: true))
    {
    }
}

using Panicode.Crypto.Unsafe.Catalog;

namespace Panicode.Crypto.Unsafe.BlockCiphers.TripleDes;

/// <summary>
/// The Unsafe flavour of <see cref="TripleDesCipher"/>: the Reference assembly's modes, padding and transforms over
/// the cores of <see cref="UnsafeCores.TripleDes"/>: the bitsliced batches of TripleDesBitslicedCore where the CPU has
/// vector instructions, else <see cref="TripleDesPortableCore"/>.
/// </summary>
internal sealed class UnsafeTripleDes : TripleDesCipher
{
    public UnsafeTripleDes()
        : base(UnsafeCores.Flavour(UnsafeCores.TripleDes, allowIntrinsics: true))
    {
    }
}

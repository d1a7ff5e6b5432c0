using Panicode.Crypto.Unsafe.BlockCiphers.TripleDes;

namespace Panicode.Crypto.Unsafe;

// Triple DES (for existing data and protocols).
public static partial class UnsafeCrypto
{
    /// <summary>
    /// Creates a <see cref="TripleDesCipher"/> (64-bit blocks; 128- or 192-bit keys) whose core is optimized. On .NET
    /// (x86 with SSE2, AVX2 or AVX-512, or ARM64), ECB in both directions and CBC decryption of 16 blocks or more run
    /// bitsliced, up to 512 blocks at once in the widest vectors the CPU has, the S-boxes as Boolean circuits: no table
    /// lookups. CBC encryption, CFB, OFB, shorter calls and netstandard2.0 use the table core: the S-boxes and P merged
    /// into eight pointer tables of 256 words indexed by byte casts of the round word, E folded into rotations and the
    /// round-key layout, IP and IP^-1 as swap-moves once per block for all three DES passes, two blocks in flight.
    /// Table lookups indexed by secret data are not cache-timing safe.
    /// </summary>
    /// <returns>A new Triple DES instance with the defaults of <see cref="TripleDesCipher"/>.</returns>
    public static TripleDesCipher CreateTripleDes() => new UnsafeTripleDes();

    /// <summary>
    /// Creates a <see cref="ManagedTripleDes"/> (a <see cref="System.Security.Cryptography.TripleDES"/>, for code typed
    /// as <c>TripleDES</c>) over the optimized Triple DES of <see cref="CreateTripleDes()"/>.
    /// </summary>
    /// <returns>A new Triple DES with the defaults of <see cref="ManagedTripleDes"/>.</returns>
    public static ManagedTripleDes CreateManagedTripleDes() => new ManagedTripleDes(CreateTripleDes());
}

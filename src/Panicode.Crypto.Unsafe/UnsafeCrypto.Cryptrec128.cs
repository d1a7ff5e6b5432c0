using Panicode.Crypto.Unsafe.BlockCiphers.CipherUnicorn;
using Panicode.Crypto.Unsafe.BlockCiphers.Hierocrypt;
using Panicode.Crypto.Unsafe.Internal;

namespace Panicode.Crypto.Unsafe;

// The CRYPTREC 128-bit block ciphers Hierocrypt-3 and CIPHERUNICORN-A.
public static partial class UnsafeCrypto
{
    /// <summary>
    /// Creates a <see cref="Hierocrypt3Cipher"/> (128-bit blocks; 128-, 192- and 256-bit keys) whose core is
    /// optimized: on .NET 10 with GFNI, the s-box and mdsL as Galois-field affine instructions and MDS_H as byte
    /// shuffles, without table lookups (the key schedule still uses the s-box table); elsewhere the first S layer and
    /// MDS_L merged into 32-bit pointer table lookups, which are not cache-timing safe.
    /// </summary>
    /// <returns>A new Hierocrypt-3 instance with the defaults of <see cref="Hierocrypt3Cipher"/>.</returns>
    public static Hierocrypt3Cipher CreateHierocrypt3() => new UnsafeHierocrypt3(CpuFeatures.IntrinsicsAllowed);

    /// <summary>
    /// Creates Hierocrypt-3 on the portable unsafe core when <paramref name="forcePortable"/> is true, in the same
    /// process as the GFNI one (tests and benchmarks).
    /// </summary>
    internal static Hierocrypt3Cipher CreateHierocrypt3(bool forcePortable) => new UnsafeHierocrypt3(!forcePortable && CpuFeatures.IntrinsicsAllowed);

    /// <summary>
    /// Creates a <see cref="CipherUnicornACipher"/> (128-bit blocks; 128-, 192- and 256-bit keys) whose core is
    /// optimized: the four Tn functions as one 32-bit pointer table, A3 on 64-bit words, four blocks in flight. Table lookups indexed by
    /// secret data are not cache-timing safe.
    /// </summary>
    /// <returns>A new CIPHERUNICORN-A instance with the defaults of <see cref="CipherUnicornACipher"/>.</returns>
    public static CipherUnicornACipher CreateCipherUnicornA() => new UnsafeCipherUnicornA();
}

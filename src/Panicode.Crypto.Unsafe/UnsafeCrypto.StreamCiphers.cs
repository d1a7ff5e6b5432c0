using Panicode.Crypto.Unsafe.StreamCiphers.Enocoro;
using Panicode.Crypto.Unsafe.StreamCiphers.KCipher2;
using Panicode.Crypto.Unsafe.StreamCiphers.Mugi;

namespace Panicode.Crypto.Unsafe;

// The CRYPTREC stream ciphers.
public static partial class UnsafeCrypto
{
    /// <summary>
    /// Creates a <see cref="KCipher2Cipher"/> (128-bit key and IV) whose core is optimized: key-stream words generated many at
    /// a time over a sliding window of the shift registers, sub_K2 as AES T-table pointer lookups, the feedback's
    /// GF(2^32) multiplications as pointer lookups selected by masks. Table lookups indexed by secret data are not
    /// cache-timing safe.
    /// </summary>
    /// <returns>A new KCipher-2 instance of the Unsafe flavour.</returns>
    public static KCipher2Cipher CreateKCipher2() => new UnsafeKCipher2();

    /// <summary>
    /// Creates an <see cref="Enocoro128v2Cipher"/> (128-bit key, 64-bit IV) whose core is optimized: many key-stream bytes per
    /// call over a sliding window of the buffer (no byte moves per step), the S-box as pointer lookups (not cache-timing
    /// safe).
    /// </summary>
    /// <returns>A new Enocoro-128v2 instance of the Unsafe flavour.</returns>
    public static Enocoro128v2Cipher CreateEnocoro128v2() => new UnsafeEnocoro128v2();

    /// <summary>
    /// Creates a <see cref="MugiCipher"/> (128-bit key and IV) whose core is optimized: the F-function as eight lookups in
    /// 64-bit tables merging the S-box, the matrix and the byte shuffle (not cache-timing safe), many units per call over
    /// a sliding window of the buffer.
    /// </summary>
    /// <returns>A new MUGI instance of the Unsafe flavour.</returns>
    public static MugiCipher CreateMugi() => new UnsafeMugi();
}

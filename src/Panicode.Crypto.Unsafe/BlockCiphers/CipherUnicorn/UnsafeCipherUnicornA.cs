using System;
using Panicode.Crypto.Aead;
using Panicode.Crypto.Modes;
using Panicode.Crypto.Unsafe.Aead;
using Panicode.Crypto.Unsafe.Internal;

namespace Panicode.Crypto.Unsafe.BlockCiphers.CipherUnicorn;

/// <summary>
/// The Unsafe flavour of <see cref="CipherUnicornACipher"/>: the Reference assembly's modes, padding and transforms
/// over <see cref="CipherUnicornAPortableCore"/>.
/// </summary>
internal sealed class UnsafeCipherUnicornA : CipherUnicornACipher
{
    // GCM and GMAC over this flavour hash with carry-less multiply instructions where the CPU has them.
    private protected override GHash CreateGHash(ReadOnlySpan<byte> hashKey) => UnsafeGHash.Create(hashKey, CpuFeatures.IntrinsicsAllowed);

    // GCM's whole blocks: the core's batches for the keystream, then one pass of XOR and carry-less multiplies.
    private protected override GcmBulk? CreateGcmBulk(BlockCipher cipher, GHash ghash) => UnsafeGHash.CreateBulk(cipher, ghash);

    private protected override BlockCipher CreateCipher(ReadOnlySpan<byte> key, int blockSizeInBytes) => CreateCore(key);

    /// <summary>The core this flavour uses for a key.</summary>
    internal static BlockCipher CreateCore(ReadOnlySpan<byte> key) => new CipherUnicornAPortableCore(key);
}

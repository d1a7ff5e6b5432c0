using System;
using Panicode.Crypto.Modes;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Hierocrypt;

/// <summary>
/// The Unsafe flavour of <see cref="Hierocrypt3Cipher"/>: the Reference assembly's modes, padding and transforms over
/// <see cref="Hierocrypt3PortableCore"/>.
/// </summary>
internal sealed class UnsafeHierocrypt3 : Hierocrypt3Cipher
{
    private protected override BlockCipher CreateCipher(ReadOnlySpan<byte> key, int blockSizeInBytes) => CreateCore(key);

    /// <summary>The core this flavour uses for a key.</summary>
    internal static BlockCipher CreateCore(ReadOnlySpan<byte> key) => new Hierocrypt3PortableCore(key);
}

using System;
using Panicode.Crypto.Modes;

namespace Panicode.Crypto.Unsafe.BlockCiphers.CipherUnicorn;

/// <summary>
/// The Unsafe flavour of <see cref="CipherUnicornACipher"/>: the Reference assembly's modes, padding and transforms
/// over <see cref="CipherUnicornAPortableCore"/>.
/// </summary>
internal sealed class UnsafeCipherUnicornA : CipherUnicornACipher
{
    private protected override BlockCipher CreateCipher(ReadOnlySpan<byte> key, int blockSizeInBytes) => CreateCore(key);

    /// <summary>The core this flavour uses for a key.</summary>
    internal static BlockCipher CreateCore(ReadOnlySpan<byte> key) => new CipherUnicornAPortableCore(key);
}

using System;
using Panicode.Crypto.Modes;

namespace Panicode.Crypto.Unsafe.BlockCiphers.CipherUnicorn;

/// <summary>
/// The Unsafe flavour of <see cref="CipherUnicornECipher"/>: the Reference assembly's modes, padding and transforms over
/// <see cref="CipherUnicornEPortableCore"/> (no x86 instruction computes its S-boxes, so there is one core).
/// </summary>
internal sealed class UnsafeCipherUnicornE : CipherUnicornECipher
{
    private protected override BlockCipher CreateCipher(ReadOnlySpan<byte> key, int blockSizeInBytes) => new CipherUnicornEPortableCore(key);
}

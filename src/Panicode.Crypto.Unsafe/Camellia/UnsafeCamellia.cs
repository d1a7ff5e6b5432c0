using System;
using Panicode.Crypto.Modes;

namespace Panicode.Crypto.Unsafe.Camellia;

/// <summary>
/// The Unsafe flavour of <see cref="CamelliaCipher"/>: the Reference assembly's modes, padding and
/// transforms over <see cref="CamelliaPortableCore"/>.
/// </summary>
internal sealed class UnsafeCamellia : CamelliaCipher
{
    private protected override BlockCipher CreateCipher(ReadOnlySpan<byte> key, int blockSizeInBytes) =>
        new CamelliaPortableCore(key);
}

using System;
using Panicode.Crypto.Modes;
using Panicode.Crypto.Unsafe.Catalog;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Rijndael;

/// <summary>
/// The Unsafe flavour of <see cref="RijndaelCipher"/>: the Reference assembly's modes, padding and
/// transforms over an optimized core, chosen once per key — AES-NI for every block size where the CPU has it, the
/// ARMv8 AES instructions for every block size on ARM64, when intrinsics are allowed; the portable unsafe core otherwise.
/// </summary>
internal sealed class UnsafeRijndael : RijndaelCipher
{
    public UnsafeRijndael(bool allowIntrinsics)
        : base(UnsafeCores.Flavour(UnsafeCores.Rijndael, allowIntrinsics))
    {
    }

    /// <summary>The core this flavour uses for a key and block size (tests and benchmarks).</summary>
    internal static BlockCipher CreateCore(ReadOnlySpan<byte> key, int blockSizeInBytes, bool allowIntrinsics) =>
        UnsafeCores.Flavour(UnsafeCores.Rijndael, allowIntrinsics).CreateCipher(key, blockSizeInBytes);
}

namespace Panicode.Crypto.Internal;

/// <summary>
/// Length checks that cannot overflow. Legal sizes are given in bits (<see cref="System.Security.Cryptography.KeySizes"/>,
/// <c>ValidKeySize</c>, <c>BlockSizeValue</c>), lengths in bytes; multiplying a caller's length by 8 in 32-bit
/// arithmetic wraps (2^29 + 16 bytes become 128 bits), so a huge key would pass as a 128-bit one. Every byte-to-bit
/// conversion of a caller's length goes through <see cref="Bits"/>; tests/Panicode.Crypto.Tests/Hardening scans the
/// sources for any other <c>Length * 8</c> and feeds every public size-checked parameter 2^29 + 16 bytes.
/// </summary>
internal static class SizeChecks
{
    /// <summary>
    /// The size in bits of <paramref name="byteLength"/> bytes, or -1 when that does not fit an int (2^28 bytes or
    /// more). No key, IV or block size is that large and -1 is never a legal size, so a check such as
    /// <c>ValidKeySize(Bits(key.Length))</c> rejects the length instead of seeing a wrapped product.
    /// </summary>
    public static int Bits(int byteLength) => byteLength >= 0 && byteLength <= int.MaxValue / 8 ? byteLength * 8 : -1;
}

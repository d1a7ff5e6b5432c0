namespace Panicode.Crypto.StreamCiphers.Mugi;

/// <summary>
/// MUGI's spec facts (Hitachi, "MUGI Pseudorandom Number Generator, Specification Ver. 1.2"): the constants C0..C2
/// (§4.7.4), the rotations of ρ, λ and the key/IV loading (§4.4, §4.5), the round counts of the initialization
/// (Table 1) and the byte shuffle of the F-function (§4.7.3). The S-box and the matrix M are the AES ones (§4.7.1,
/// §4.7.2), owned by <see cref="BlockCiphers.Rijndael.RijndaelTables"/>. Every MUGI core reads them from here.
/// </summary>
internal static class MugiSpec
{
    /// <summary>Key and IV length in bytes (§4.1: 128-bit K and I).</summary>
    public const int KeyBytes = 16;

    /// <summary>IV length in bytes.</summary>
    public const int IVBytes = 16;

    /// <summary>Bytes of one output unit Out[t] (§3.2, §4.6).</summary>
    public const int UnitBytes = 8;

    /// <summary>Units of the buffer b (§4.3.2).</summary>
    public const int BufferUnits = 16;

    /// <summary>Iterations of ρ after the key and after the IV, and of Update at the end (§4.5, Table 1).</summary>
    public const int KeyRounds = 16, IVRounds = 16, MixRounds = 16;

    /// <summary>The rotation of b10 in ρ (§4.4.1), of b13 in λ (§4.4.2) and of the key/IV words (§4.5).</summary>
    public const int RhoRotation = 17, LambdaRotation = 32, LoadRotation = 7;

    /// <summary>The spec states no limit on the output per key and IV; the counter's own range is the bound.</summary>
    public const ulong MaxUnits = ulong.MaxValue;

    /// <summary>C0 = sqrt(2), C1 = sqrt(3), C2 = sqrt(5), times 2^64 (§4.7.4).</summary>
    public const ulong C0 = 0x6A09E667F3BCC908, C1 = 0xBB67AE8584CAA73B, C2 = 0x3C6EF372FE94F82B;

    /// <summary>The output shuffle of F (§4.7.3): Y byte j is Q[Shuffle[j]] (Y = Q4 Q5 Q2 Q3 Q0 Q1 Q6 Q7).</summary>
    public static readonly int[] Shuffle = { 4, 5, 2, 3, 0, 1, 6, 7 };

    public static ulong RotateLeft(ulong x, int n) => (x << n) | (x >> (64 - n));
}

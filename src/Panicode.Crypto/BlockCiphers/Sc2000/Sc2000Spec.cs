// SC2000: the facts of the specification, in one place for both flavours.
//
// T. Shimoyama, H. Yanami, K. Yokoyama, M. Takenaka, K. Itoh, J. Yajima, N. Torii, H. Tanaka, "The Block Cipher
// SC2000", FSE 2001 (LNCS 2355): 2 bit order (bit 0 is the most significant), 3.1 the order of the I, B and R
// functions, 3.4 the S function (6, 5, 5, 5, 5, 6 bits) and the M function, 3.6 the key schedule, 4 the tables S6,
// S5, S4, S4i, M, Order and Index.

using System;

namespace Panicode.Crypto.BlockCiphers.Sc2000;

/// <summary>The constants of the SC2000 specification, shared by the Reference and Unsafe flavours.</summary>
internal static class Sc2000Spec
{
    /// <summary>3.4: the L function's mask in the R5 rounds.</summary>
    internal const uint Mask5 = 0x55555555;

    /// <summary>3.4: the L function's mask in the R3 rounds.</summary>
    internal const uint Mask3 = 0x33333333;

    // Section 4: the 6-bit S-box S6.
    private static readonly byte[] s_s6 =
    {
        47, 59, 25, 42, 15, 23, 28, 39, 26, 38, 36, 19, 60, 24, 29, 56,
        37, 63, 20, 61, 55,  2, 30, 44,  9, 10,  6, 22, 53, 48, 51, 11,
        62, 52, 35, 18, 14, 46,  0, 54, 17, 40, 27,  4, 31,  8,  5, 12,
         3, 16, 41, 34, 33,  7, 45, 49, 50, 58,  1, 21, 43, 57, 32, 13,
    };

    // Section 4: the 5-bit S-box S5.
    private static readonly byte[] s_s5 =
    {
        20, 26,  7, 31, 19, 12, 10, 15, 22, 30, 13, 14,  4, 24,  9, 18,
        27, 11,  1, 21,  6, 16,  2, 28, 23,  5,  8,  3,  0, 17, 29, 25,
    };

    // Section 4: the 4-bit S-box S4 of the B function and its inverse S4i (B^-1). The cores use the bitsliced form of
    // the paper's Fig. 3; tools/sc2000/derive.py and the tests check it against these tables.
    private static readonly byte[] s_s4 = { 2, 5, 10, 12, 7, 15, 1, 11, 13, 6, 0, 9, 4, 8, 3, 14 };
    private static readonly byte[] s_s4i = { 10, 6, 0, 14, 12, 1, 9, 4, 13, 11, 2, 7, 3, 8, 15, 5 };

    // Section 4: the rows of the M function's matrix; M(a) = a_0 M[0] ^ ... ^ a_31 M[31], a_0 the most significant bit.
    private static readonly uint[] s_m =
    {
        0xD0C19225, 0xA5A2240A, 0x1B84D250, 0xB728A4A1, 0x6A704902, 0x85DDDBE6, 0x766FF4A4, 0xECDFE128,
        0xAFD13E94, 0xDF837D09, 0xBB27FA52, 0x695059AC, 0x52A1BB58, 0xCC322F1D, 0x1844565B, 0xB4A8ACF6,
        0x34235438, 0x6847A851, 0xE48C0CBB, 0xCD181136, 0x9A112A0C, 0x43EC6D0E, 0x87D8D27D, 0x487DC995,
        0x90FB9B4B, 0xA1F63697, 0xFC513ED9, 0x78A37D93, 0x8D16C5DF, 0x9E0C8BBE, 0x3C381F7C, 0xE9FB0779,
    };

    // 3.6, the Order table: for t = 0..11, which of the intermediate-key arrays a, b, c, d (0..3) are X, Y, Z, W.
    private static readonly byte[] s_order =
    {
        0, 1, 2, 3,  1, 0, 3, 2,  2, 3, 0, 1,  3, 2, 1, 0,
        0, 2, 3, 1,  1, 3, 2, 0,  2, 0, 1, 3,  3, 1, 0, 2,
        0, 3, 1, 2,  1, 2, 0, 3,  2, 1, 3, 0,  3, 0, 2, 1,
    };

    // 3.6, the Index table: for s = 0..8, the indices x, y, z, w (0..2) into X, Y, Z, W.
    private static readonly byte[] s_index =
    {
        0, 0, 0, 0,  1, 1, 1, 1,  2, 2, 2, 2,  0, 1, 0, 1,  1, 2, 1, 2,  2, 0, 2, 0,  0, 2, 0, 2,  1, 0, 1, 0,  2, 1, 2, 1,
    };

    /// <summary>S6 of section 4.</summary>
    internal static ReadOnlySpan<byte> S6 => s_s6;

    /// <summary>S5 of section 4.</summary>
    internal static ReadOnlySpan<byte> S5 => s_s5;

    /// <summary>S4 of section 4.</summary>
    internal static ReadOnlySpan<byte> S4 => s_s4;

    /// <summary>S4i of section 4 (the inverse of S4).</summary>
    internal static ReadOnlySpan<byte> S4Inverse => s_s4i;

    /// <summary>Order[t] of section 4 as four array numbers (a = 0 .. d = 3) per t.</summary>
    internal static ReadOnlySpan<byte> Order => s_order;

    /// <summary>Index[s] of section 4 as four indices per s.</summary>
    internal static ReadOnlySpan<byte> Index => s_index;

    /// <summary>3.1/3.6: 56 extended keys for a 128-bit key (14 I functions), 64 for 192 and 256 (16).</summary>
    internal static int ExtendedKeyCount(int keyLengthInBytes) => keyLengthInBytes == 16 ? 56 : 64;

    /// <summary>3.4: the S function: S6 on bits 0-5, S5 on 6-10, 11-15, 16-20, 21-25, S6 on 26-31.</summary>
    internal static uint S(uint x) =>
        ((uint)s_s6[x >> 26] << 26) | ((uint)s_s5[(x >> 21) & 31] << 21) | ((uint)s_s5[(x >> 16) & 31] << 16)
        | ((uint)s_s5[(x >> 11) & 31] << 11) | ((uint)s_s5[(x >> 6) & 31] << 6) | s_s6[x & 63];

    /// <summary>3.4: the M function, a_0 M[0] ^ ... ^ a_31 M[31].</summary>
    internal static uint M(uint a)
    {
        uint result = 0;
        for (int i = 0; i < 32; i++)
        {
            // a_i is bit 31 - i counted from the least significant end; mask = all ones when it is set.
            result ^= s_m[i] & (0u - ((a >> (31 - i)) & 1));
        }

        return result;
    }
}

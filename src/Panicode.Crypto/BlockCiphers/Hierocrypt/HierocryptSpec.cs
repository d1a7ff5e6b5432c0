// Hierocrypt: the spec facts, in one place, for the Reference and the Unsafe cores.
//
// Toshiba Corporation, "Specification on a Block Cipher: Hierocrypt-3" (September 2001 / May 2002, the version
// submitted to NESSIE and CRYPTREC): 3.2.4 round-dependent constants, 3.2.5 preprocessing (the padding of short
// keys), 3.3.4 s-function (the s-box), 3.3.6 mdsL-function, 3.3.7 MDS_H-function, 3.3.9 M_5E and 3.3.10 M_B3.
// The older s-box of the SAC 2000 paper (72 AA 49 16 ...) is not this one and does not reproduce NESSIE.

using System;

namespace Panicode.Crypto.BlockCiphers.Hierocrypt;

/// <summary>The tables and constants of the Hierocrypt-3 specification.</summary>
internal static class HierocryptSpec
{
    /// <summary>The s-box s of 3.3.4: s(x) = (pi(x))^247 + 0x07 in GF(2^8) modulo <see cref="FieldPolynomial"/>.</summary>
    internal static ReadOnlySpan<byte> SBox => new byte[]
    {
        0x07, 0xFC, 0x55, 0x70, 0x98, 0x8E, 0x84, 0x4E, 0xBC, 0x75, 0xCE, 0x18, 0x02, 0xE9, 0x5D, 0x80,
        0x1C, 0x60, 0x78, 0x42, 0x9D, 0x2E, 0xF5, 0xE8, 0xC6, 0x7A, 0x2F, 0xA4, 0xB2, 0x5F, 0x19, 0x87,
        0x0B, 0x9B, 0x9C, 0xD3, 0xC3, 0x77, 0x3D, 0x6F, 0xB9, 0x2D, 0x4D, 0xF7, 0x8C, 0xA7, 0xAC, 0x17,
        0x3C, 0x5A, 0x41, 0xC9, 0x29, 0xED, 0xDE, 0x27, 0x69, 0x30, 0x72, 0xA8, 0x95, 0x3E, 0xF9, 0xD8,
        0x21, 0x8B, 0x44, 0xD7, 0x11, 0x0D, 0x48, 0xFD, 0x6A, 0x01, 0x57, 0xE5, 0xBD, 0x85, 0xEC, 0x1E,
        0x37, 0x9F, 0xB5, 0x9A, 0x7C, 0x09, 0xF1, 0xB1, 0x94, 0x81, 0x82, 0x08, 0xFB, 0xC0, 0x51, 0x0F,
        0x61, 0x7F, 0x1A, 0x56, 0x96, 0x13, 0xC1, 0x67, 0x99, 0x03, 0x5E, 0xB6, 0xCA, 0xFA, 0x9E, 0xDF,
        0xD6, 0x83, 0xCC, 0xA2, 0x12, 0x23, 0xB7, 0x65, 0xD0, 0x39, 0x7D, 0x3B, 0xD5, 0xB0, 0xAF, 0x1F,
        0x06, 0xC8, 0x34, 0xC5, 0x1B, 0x79, 0x4B, 0x66, 0xBF, 0x88, 0x4A, 0xC4, 0xEF, 0x58, 0x3F, 0x0A,
        0x2C, 0x73, 0xD1, 0xF8, 0x6B, 0xE6, 0x20, 0xB8, 0x22, 0x43, 0xB3, 0x33, 0xE7, 0xF0, 0x71, 0x7E,
        0x52, 0x89, 0x47, 0x63, 0x0E, 0x6D, 0xE3, 0xBE, 0x59, 0x64, 0xEE, 0xF6, 0x38, 0x5C, 0xF4, 0x5B,
        0x49, 0xD4, 0xE0, 0xF3, 0xBB, 0x54, 0x26, 0x2B, 0x00, 0x86, 0x90, 0xFF, 0xFE, 0xA6, 0x7B, 0x05,
        0xAD, 0x68, 0xA1, 0x10, 0xEB, 0xC7, 0xE2, 0xF2, 0x46, 0x8A, 0x6C, 0x14, 0x6E, 0xCF, 0x35, 0x45,
        0x50, 0xD2, 0x92, 0x74, 0x93, 0xE1, 0xDA, 0xAE, 0xA9, 0x53, 0xE4, 0x40, 0xCD, 0xBA, 0x97, 0xA3,
        0x91, 0x31, 0x25, 0x76, 0x36, 0x32, 0x28, 0x3A, 0x24, 0x4C, 0xDB, 0xD9, 0x8D, 0xDC, 0x62, 0x2A,
        0xEA, 0x15, 0xDD, 0xC2, 0xA5, 0x0C, 0x04, 0x1D, 0x8F, 0xCB, 0xB4, 0x4F, 0x16, 0xAB, 0xAA, 0xA0,
    };

    /// <summary>3.3.4: the field of the s-box and of mdsL, GF(2^8) modulo x^8 + x^6 + x^5 + x + 1.</summary>
    internal const int FieldPolynomial = 0x163;

    /// <summary>3.3.4: the exponent of the s-box's power map (247 = 255 - 8, so s is an inversion up to linear maps).</summary>
    internal const int SBoxExponent = 247;

    /// <summary>3.3.4: the constant added after the power map.</summary>
    internal const byte SBoxConstant = 0x07;

    /// <summary>
    /// 3.3.4: the bit permutation pi applied before the power map: output bit i (1 = most significant) is input bit
    /// <c>SBoxBitPermutation[i - 1]</c>.
    /// </summary>
    internal static ReadOnlySpan<byte> SBoxBitPermutation => new byte[] { 3, 7, 5, 8, 6, 2, 4, 1 };

    /// <summary>3.3.6: the 4 x 4 MDS matrix of mdsL over GF(2^8), row by row (a circulant).</summary>
    internal static ReadOnlySpan<byte> MdsL => new byte[]
    {
        0xC4, 0x65, 0xC8, 0x8B,
        0x8B, 0xC4, 0x65, 0xC8,
        0xC8, 0x8B, 0xC4, 0x65,
        0x65, 0xC8, 0x8B, 0xC4,
    };

    /// <summary>3.2.2 / 3.3.6: the inverse of <see cref="MdsL"/>, used by decryption.</summary>
    internal static ReadOnlySpan<byte> MdsLInverse => new byte[]
    {
        0x82, 0xC4, 0x34, 0xF6,
        0xF6, 0x82, 0xC4, 0x34,
        0x34, 0xF6, 0x82, 0xC4,
        0xC4, 0x34, 0xF6, 0x82,
    };

    /// <summary>
    /// 3.3.7: MDS_H of Hierocrypt-3 as a 4 x 4 matrix of 4-bit entries, each standing for a 32 x 32 binary matrix
    /// acting on a 4-byte group (<see cref="MultiplyGroup"/>); row i, column j multiplies group j into group i.
    /// Spelled out over bytes it is the 16 x 16 0/1 matrix of the specification.
    /// </summary>
    internal static ReadOnlySpan<byte> MdsH3 => new byte[]
    {
        0x5, 0x5, 0xA, 0xE,
        0xE, 0x5, 0x5, 0xA,
        0xA, 0xE, 0x5, 0x5,
        0x5, 0xA, 0xE, 0x5,
    };

    /// <summary>3.2.2: the inverse of <see cref="MdsH3"/>, in the same form.</summary>
    internal static ReadOnlySpan<byte> MdsH3Inverse => new byte[]
    {
        0xB, 0xE, 0xE, 0x6,
        0x6, 0xB, 0xE, 0xE,
        0xE, 0x6, 0xB, 0xE,
        0xE, 0xE, 0x6, 0xB,
    };

    /// <summary>3.2.3: rounds of Hierocrypt-3 for 128-, 192- and 256-bit keys.</summary>
    internal static int Rounds3(int keyBytes) => keyBytes switch
    {
        16 => 6,
        24 => 7,
        _ => 8,
    };

    // 3.2.4: H1..H5 are the first 32 bits of sqrt(2)/4, sqrt(3)/4, sqrt(5)/4, sqrt(10)/4, sqrt(15)/4 (floor(2^30 sqrt n)).
    internal const uint H1 = 0x5A827999;
    internal const uint H2 = 0x6ED9EBA1;
    internal const uint H3 = 0x8F1BBCDC;
    internal const uint H4 = 0xCA62C1D6;
    internal const uint H5 = 0xF7DEF58A;

    private const ulong H4H1 = ((ulong)H4 << 32) | H1;
    private const ulong H3H2 = ((ulong)H3 << 32) | H2;
    private const ulong H2H4 = ((ulong)H2 << 32) | H4;
    private const ulong H1H3 = ((ulong)H1 << 32) | H3;
    private const ulong H3H4 = ((ulong)H3 << 32) | H4;

    /// <summary>3.2.4: the constant G^(0) of the preprocessing sigma step (all key sizes).</summary>
    internal const ulong PreprocessingConstant3 = ((ulong)H2 << 32) | H1;

    /// <summary>3.2.5: Z4 (the fourth 64-bit part of the intermediate key) for a 128-bit key.</summary>
    internal const ulong KeyPadding3For128 = ((ulong)H4 << 32) | H3;

    /// <summary>3.2.5: Z4 for a 192-bit key.</summary>
    internal const ulong KeyPadding3For192 = H3H4;

    /// <summary>3.2.4: G^(t) for the rounds t = 1 .. R + 1 of the key schedule, by key size.</summary>
    internal static ReadOnlySpan<ulong> RoundConstants3(int keyBytes) => keyBytes switch
    {
        16 => new[] { H4H1, H3H2, H2H4, H1H3, H1H3, H2H4, H3H2 },
        24 => new[] { H3H2, H4H1, H1H3, H2H4, H2H4, H1H3, H4H1, H3H2 },
        _ => new[] { H3H4, H4H1, H2H4, H3H2, H1H3, H1H3, H3H2, H2H4, H4H1 },
    };

    // Hierocrypt-L1 ("Specification on a Block Cipher: Hierocrypt-L1", Toshiba 2001/2002): 64-bit blocks, 128-bit
    // keys, the same s-box and mdsL; its own MDS_H (3.3.7), key schedule on 32-bit parts (3.2.3-3.2.7) with M_5 and
    // M_B (3.3.9, 3.3.10), F_sigma with P^(8) and P^(16) (3.3.8, 3.3.11).

    /// <summary>3.3.7: MDS_H of Hierocrypt-L1, a 2 x 2 matrix of 4-bit entries in the form of <see cref="MdsH3"/>.</summary>
    internal static ReadOnlySpan<byte> MdsHL1 => new byte[] { 0x5, 0x7, 0xA, 0xB };

    /// <summary>3.2.2: the inverse of <see cref="MdsHL1"/>.</summary>
    internal static ReadOnlySpan<byte> MdsHL1Inverse => new byte[] { 0xC, 0xA, 0x5, 0xB };

    /// <summary>3.2.3: rounds of Hierocrypt-L1 (128-bit keys only).</summary>
    internal const int RoundsL1 = 6;

    /// <summary>3.2.4: the constant of Hierocrypt-L1's preprocessing sigma step.</summary>
    internal const uint PreprocessingConstantL1 = H1;

    /// <summary>3.2.4: Hierocrypt-L1's G^(t) for the rounds t = 1 .. 7 of the key schedule.</summary>
    internal static ReadOnlySpan<uint> RoundConstantsL1 => new[] { H2, H3, H4, H5, H5, H4, H3 };

    /// <summary>
    /// 3.3.7 / 3.3.9 / 3.3.10: multiplies the 4-byte group <paramref name="group"/> (big-endian: a0 is the top byte)
    /// by the 4-bit entry <paramref name="entry"/>: bit k of the entry adds Z^k, where Z maps (a0, a1, a2, a3) to
    /// (a1, a2, a3 + a0, a0) (the companion matrix of z^4 + z + 1 over bytes, so the entries multiply like GF(2^4)).
    /// </summary>
    internal static uint MultiplyGroup(uint group, int entry)
    {
        uint result = 0;
        for (int k = 0; k < 4; k++)
        {
            if (((entry >> k) & 1) != 0)
            {
                result ^= group;
            }

            group = MultiplyGroupByZ(group);
        }

        return result;
    }

    /// <summary>Z of <see cref="MultiplyGroup"/>: rotate the group left by a byte, then add a0 into the third byte.</summary>
    internal static uint MultiplyGroupByZ(uint group) => ((group << 8) | (group >> 24)) ^ ((group >> 24) << 8);
}

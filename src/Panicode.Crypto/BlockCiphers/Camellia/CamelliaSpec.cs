// Camellia spec facts, the single owner of each: RFC 3713 2.2 key-schedule constants Sigma1..Sigma6 and the subkey
// sources and rotations of NTT's "Specification of Camellia" (2000) Tables 2 and 3; 2.3.3 decryption by reversed
// subkeys; 2.4.1 SBOX1 (s1; s2..s4 derived from it) and the P-function, folded into eight 256-entry S/P tables of
// 64-bit words; 2.4.2 FL and FL^-1. The Reference core (CamelliaCore) and the Unsafe cores read them from here.

using System;

namespace Panicode.Crypto.BlockCiphers.Camellia;

/// <summary>The constants, tables and small functions of the Camellia specification that every core shares.</summary>
internal static class CamelliaSpec
{
    // RFC 3713 2.2 / NTT spec Table 1: the key schedule constants (hexadecimal digits 2..17 of the square roots of
    // the first six primes).
    internal const ulong Sigma1 = 0xA09E667F3BCC908B;
    internal const ulong Sigma2 = 0xB67AE8584CAA73B2;
    internal const ulong Sigma3 = 0xC6EF372FE94F82BE;
    internal const ulong Sigma4 = 0x54FF53A5F1D36F1C;
    internal const ulong Sigma5 = 0x10E527FADE682D1D;
    internal const ulong Sigma6 = 0xB05688C2B3E6C1FD;

    // RFC 3713 2.4.1 / NTT spec Table 4: SBOX1 (s1). The other three s-boxes are derived from it (see BuildSpTable).
    private static readonly byte[] s_sbox1 =
    {
        112, 130,  44, 236, 179,  39, 192, 229, 228, 133,  87,  53, 234,  12, 174,  65,
         35, 239, 107, 147,  69,  25, 165,  33, 237,  14,  79,  78,  29, 101, 146, 189,
        134, 184, 175, 143, 124, 235,  31, 206,  62,  48, 220,  95,  94, 197,  11,  26,
        166, 225,  57, 202, 213,  71,  93,  61, 217,   1,  90, 214,  81,  86, 108,  77,
        139,  13, 154, 102, 251, 204, 176,  45, 116,  18,  43,  32, 240, 177, 132, 153,
        223,  76, 203, 194,  52, 126, 118,   5, 109, 183, 169,  49, 209,  23,   4, 215,
         20,  88,  58,  97, 222,  27,  17,  28,  50,  15, 156,  22,  83,  24, 242,  34,
        254,  68, 207, 178, 195, 181, 122, 145,  36,   8, 232, 168,  96, 252, 105,  80,
        170, 208, 160, 125, 161, 137,  98, 151,  84,  91,  30, 149, 224, 255, 100, 210,
         16, 196,   0,  72, 163, 247, 117, 219, 138,   3, 230, 218,   9,  63, 221, 148,
        135,  92, 131,   2, 205,  74, 144,  51, 115, 103, 246, 243, 157, 127, 191, 226,
         82, 155, 216,  38, 200,  55, 198,  59, 129, 150, 111,  75,  19, 190,  99,  46,
        233, 121, 167, 140, 159, 110, 188, 142,  41, 245, 249, 182,  47, 253, 180,  89,
        120, 152,   6, 106, 231,  70, 113, 186, 212,  37, 171,  66, 136, 162, 141, 250,
        114,   7, 185,  85, 248, 238, 172,  10,  54,  73,  42, 104,  60,  56, 241, 164,
         64,  40, 211, 123, 187, 201,  67, 193,  21, 227, 173, 244, 119, 199, 128, 158,
    };

    // SP[256 * i + x] = P applied to the 8-byte vector that is zero except byte i (t1..t8 of RFC 3713 2.4.1),
    // which holds the s-box output for x at that position. P is linear, so F's output is the XOR of eight lookups.
    private static readonly ulong[] s_sp = BuildSpTable();

    /// <summary>The combined S/P tables (8 x 256 words), for the Unsafe flavour to copy.</summary>
    internal static ReadOnlySpan<ulong> SpTable => s_sp;

    /// <summary>The same tables as the array the Reference core indexes (never written).</summary>
    internal static ulong[] SpArray => s_sp;

    /// <summary>SBOX1 of RFC 3713 2.4.1, for tables derived from it (the 32-bit ablation variant).</summary>
    internal static ReadOnlySpan<byte> SBox1 => s_sbox1;

    // Offsets of KL, KR, KA and KB (each a high, low pair) in a key-expansion buffer (CamelliaCore.ExpandKey).
    internal const int KL = 0;
    internal const int KR = 2;
    internal const int KA = 4;
    internal const int KB = 6;

    // NTT spec Table 2 (128-bit keys): for each 64-bit subkey in the layout below, its source and rotation; even
    // entries are the high half of the rotated value, odd ones the low half.
    internal static readonly byte[] Schedule128 =
    {
        KL, 0, KL, 0,           // kw1, kw2
        KA, 0, KA, 0,           // k1, k2
        KL, 15, KL, 15,         // k3, k4
        KA, 15, KA, 15,         // k5, k6
        KA, 30, KA, 30,         // ke1, ke2
        KL, 45, KL, 45,         // k7, k8
        KA, 45, KL, 60,         // k9, k10
        KA, 60, KA, 60,         // k11, k12
        KL, 77, KL, 77,         // ke3, ke4
        KL, 94, KL, 94,         // k13, k14
        KA, 94, KA, 94,         // k15, k16
        KL, 111, KL, 111,       // k17, k18
        KA, 111, KA, 111,       // kw3, kw4
    };

    // NTT spec Table 3 (192- and 256-bit keys), in the same form.
    internal static readonly byte[] Schedule256 =
    {
        KL, 0, KL, 0,           // kw1, kw2
        KB, 0, KB, 0,           // k1, k2
        KR, 15, KR, 15,         // k3, k4
        KA, 15, KA, 15,         // k5, k6
        KR, 30, KR, 30,         // ke1, ke2
        KB, 30, KB, 30,         // k7, k8
        KL, 45, KL, 45,         // k9, k10
        KA, 45, KA, 45,         // k11, k12
        KL, 60, KL, 60,         // ke3, ke4
        KR, 60, KR, 60,         // k13, k14
        KB, 60, KB, 60,         // k15, k16
        KL, 77, KL, 77,         // k17, k18
        KA, 77, KA, 77,         // ke5, ke6
        KR, 94, KR, 94,         // k19, k20
        KA, 94, KA, 94,         // k21, k22
        KL, 111, KL, 111,       // k23, k24
        KB, 111, KB, 111,       // kw3, kw4
    };

    /// <summary>RFC 3713 2.4.2: the FL-function.</summary>
    internal static ulong FL(ulong input, ulong subkey)
    {
        uint x1 = (uint)(input >> 32);
        uint x2 = (uint)input;
        uint k1 = (uint)(subkey >> 32);
        uint k2 = (uint)subkey;
        x2 ^= RotateLeft32(x1 & k1, 1);
        x1 ^= x2 | k2;
        return ((ulong)x1 << 32) | x2;
    }

    /// <summary>RFC 3713 2.4.2: the FLINV-function, the inverse of <see cref="FL"/>.</summary>
    internal static ulong FLInverse(ulong input, ulong subkey)
    {
        uint y1 = (uint)(input >> 32);
        uint y2 = (uint)input;
        uint k1 = (uint)(subkey >> 32);
        uint k2 = (uint)subkey;
        y1 ^= y2 | k2;
        y2 ^= RotateLeft32(y1 & k1, 1);
        return ((ulong)y1 << 32) | y2;
    }

    /// <summary>
    /// RFC 3713 2.3.3: decryption is encryption with kw1/kw2 swapped with kw3/kw4 and the round and FL subkeys in
    /// reverse order (k1 with k18 or k24, ke1 with ke4 or ke6, ...); in our layout that is reversing the middle.
    /// </summary>
    internal static ulong[] ReverseSchedule(ulong[] encryption)
    {
        int n = encryption.Length;
        ulong[] decryption = new ulong[n];
        decryption[0] = encryption[n - 2];
        decryption[1] = encryption[n - 1];
        for (int i = 2; i < n - 2; i++)
        {
            decryption[i] = encryption[n - 1 - i];
        }

        decryption[n - 2] = encryption[0];
        decryption[n - 1] = encryption[1];
        return decryption;
    }

    private static ulong[] BuildSpTable()
    {
        ulong[] sp = new ulong[8 * 256];
        byte[] t = new byte[8];
        for (int position = 0; position < 8; position++)
        {
            for (int x = 0; x < 256; x++)
            {
                // RFC 3713 2.4.1: t1 and t8 go through SBOX1, t2 and t5 SBOX2, t3 and t6 SBOX3, t4 and t7 SBOX4.
                Array.Clear(t, 0, t.Length);
                t[position] = position switch
                {
                    0 or 7 => s_sbox1[x],
                    1 or 4 => RotateLeft8(s_sbox1[x], 1),           // SBOX2[x] = SBOX1[x] <<< 1
                    2 or 5 => RotateLeft8(s_sbox1[x], 7),           // SBOX3[x] = SBOX1[x] <<< 7
                    _ => s_sbox1[RotateLeft8((byte)x, 1)],          // SBOX4[x] = SBOX1[x <<< 1]
                };
                sp[(position * 256) + x] = PFunction(t);
            }
        }

        return sp;
    }

    /// <summary>RFC 3713 2.4.1 (the y1..y8 equations) / NTT spec 4.6: the P-function on t1..t8.</summary>
    private static ulong PFunction(byte[] t)
    {
        uint t1 = t[0], t2 = t[1], t3 = t[2], t4 = t[3], t5 = t[4], t6 = t[5], t7 = t[6], t8 = t[7];
        uint y1 = t1 ^ t3 ^ t4 ^ t6 ^ t7 ^ t8;
        uint y2 = t1 ^ t2 ^ t4 ^ t5 ^ t7 ^ t8;
        uint y3 = t1 ^ t2 ^ t3 ^ t5 ^ t6 ^ t8;
        uint y4 = t2 ^ t3 ^ t4 ^ t5 ^ t6 ^ t7;
        uint y5 = t1 ^ t2 ^ t6 ^ t7 ^ t8;
        uint y6 = t2 ^ t3 ^ t5 ^ t7 ^ t8;
        uint y7 = t3 ^ t4 ^ t5 ^ t6 ^ t8;
        uint y8 = t1 ^ t4 ^ t5 ^ t6 ^ t7;
        return ((ulong)y1 << 56) | ((ulong)y2 << 48) | ((ulong)y3 << 40) | ((ulong)y4 << 32)
            | ((ulong)y5 << 24) | ((ulong)y6 << 16) | ((ulong)y7 << 8) | (ulong)y8;
    }

    private static uint RotateLeft32(uint value, int count) => (value << count) | (value >> (32 - count));

    private static byte RotateLeft8(byte value, int count) => (byte)((value << count) | (value >> (8 - count)));
}

// CIPHERUNICORN-A: the spec facts, in one place, for the Reference and the Unsafe cores.
//
// NEC Corporation, "Cryptographic Techniques Specifications: CIPHERUNICORN-A", Ver.2 (the CRYPTREC submission):
// 3.1 total structure, 3.3 F function constants, 3.4 A3 rotations, 3.5 multiplication constants, 3.7 substitution
// tables (Tables 3.1-3.5), 3.8 key scheduler, 3.9 MT constant. CIPHERUNICORN-E (Ver.3, 3.7 Tables 3.1-3.5) uses the
// same four substitution tables, from here.

using System;

namespace Panicode.Crypto.BlockCiphers.CipherUnicorn;

/// <summary>The tables and constants of the CIPHERUNICORN-A specification.</summary>
internal static class CipherUnicornASpec
{
    /// <summary>3.1: rounds of the Feistel structure (every key size).</summary>
    internal const int Rounds = 16;

    /// <summary>3.3 / 3.5: the multiplication constants Const0 and Const1 (mod 2^32).</summary>
    internal const uint Const0 = 0x7E167289;

    /// <inheritdoc cref="Const0"/>
    internal const uint Const1 = 0xFE21464B;

    /// <summary>3.4: A3(X) = (X &lt;&lt;&lt; 0) + (X &lt;&lt;&lt; 23) + (X &lt;&lt;&lt; 41) on 64 bits.</summary>
    internal const int A3Rotation1 = 23;

    /// <inheritdoc cref="A3Rotation1"/>
    internal const int A3Rotation2 = 41;

    /// <summary>3.9: the multiplication constant of the MT function.</summary>
    internal const uint MtConst = 0x01010101;

    /// <summary>3.8: passes of the dummy loop before extraction.</summary>
    internal const int DummyLoops = 3;

    /// <summary>3.8: extraction passes; each runs 16 MT steps and keeps the outputs of the last 8.</summary>
    internal const int ExtractionPasses = 9;

    /// <summary>3.8: n = 16 + 2, the stride of the extended-key table WK (Figure 3.12).</summary>
    internal const int KeyStride = Rounds + 2;

    /// <summary>
    /// 3.7 Table 3.1: the generating parameters of S0..S3, S_n(x) = matrixA{(x + c)^-1 mod g} + d, where + is XOR
    /// and matrixA's rows are given as bytes, most significant bit first. Used by the tests to check the tables.
    /// </summary>
    internal static readonly (byte[] Matrix, byte C, int G, byte D)[] SBoxParameters =
    {
        (new byte[] { 0x23, 0x4E, 0x9C, 0xB1, 0x49, 0xD8, 0xC6, 0xE4 }, 233, 0x11D, 28),
        (new byte[] { 0x7E, 0x2A, 0xEF, 0x52, 0x34, 0xA2, 0x70, 0xD7 }, 26, 0x165, 171),
        (new byte[] { 0x32, 0x04, 0x8F, 0x83, 0x89, 0x67, 0xCF, 0x3B }, 43, 0x14D, 155),
        (new byte[] { 0x34, 0x20, 0xBA, 0xD0, 0x66, 0xD7, 0xB2, 0xA8 }, 200, 0x171, 47),
    };

    // 3.7 Tables 3.2-3.5. S0(15) is 55: the stored text of Table 3.2 reads 5 there, but Table 3.1's generating formula
    // (checked by the tests for all 1,024 entries) gives 55, as does NEC-derived code that packs S0..S3 into words.

    /// <summary>3.7: substitution table S0.</summary>
    internal static ReadOnlySpan<byte> S0 => new byte[]
    {
        149, 111, 237, 155,  21,  85, 108,  76, 236,  75, 193,  84,  22, 138,  89,  55,
         51, 145,  13, 153, 148, 163,  86,  59, 204, 175,  91, 117, 126,  70, 144,  10,
        248, 146, 201,   0,  97, 208,  23, 214, 147, 234,  66,  65, 226,  57, 210, 224,
        172,  40, 154,  87, 178, 235, 135, 220, 110, 121,  96,   8,   9,  53, 241, 105,
        143, 169, 182, 139, 112,  16, 183,  67, 233,  39, 197,  74, 166, 218, 231, 242,
        161, 159, 192,  37, 177, 228,  47, 119,  14,  18, 244,  56,   3, 195, 239, 219,
         33, 167,  26, 180,  54,  61,  58, 222,   4,  30, 191,  34, 107, 249, 142, 150,
         95,  42, 124,  25, 232, 181, 120,  93,   5,  68,   6,  48, 129,  41, 104,  73,
        188, 165, 212, 160, 250, 141, 123, 216,  94, 238,  81, 202,   7, 122, 196,  17,
        207, 102, 184, 189, 243,  72, 206,  12, 200, 225, 164, 176, 247,   1,   2, 254,
         71, 185, 229, 187, 251, 137,  69, 168,  50,  24, 171, 173, 158, 221, 127,  27,
        252, 114, 152,  82, 209,  38, 203, 128, 215, 213,  36, 174, 134, 179,  90, 118,
         80, 246, 253, 125,  29,  44,  15, 227,  98, 205, 255,  77, 198, 194, 133, 130,
         79, 103,  78,  49,  19, 140, 109, 211, 223,  63,  64, 151,  62, 217, 170,  83,
        136,  45, 115, 199,  20,  46, 190, 240, 132,  28, 162, 230, 131, 106,  32,  88,
        157,  31,  43, 156, 113, 186,  35, 101,  52,  60,  11, 100, 116, 245,  99,  92,
    };

    /// <summary>3.7: substitution table S1.</summary>
    internal static ReadOnlySpan<byte> S1 => new byte[]
    {
        174, 255, 161, 109, 254,  40,  95,  67,  33, 124, 133,  58, 224, 238, 129,  56,
        137,  57, 169,  87, 221, 220, 163,  84,  14, 239, 171, 138,  74, 192,  66, 104,
          8, 250,  43, 115, 126,  88, 212, 103,  62,  82, 143,   4, 117, 226,  28, 155,
         65, 156, 139, 183, 235, 125, 217, 116, 111, 237, 157,  68, 160, 184, 213, 172,
        170, 132,  73,   2,   1, 232,  92, 249, 136, 106, 175,   5,   9, 140,  38, 191,
         50, 251,  85,  12,  27,  48,  46,  52, 145,  78, 168, 159, 100, 188,  16, 227,
         26, 198, 244, 205, 178,  72, 142, 162,  51, 246, 241, 128, 194, 177, 122,  20,
        144,  49,  83, 166, 247, 225,  11,   7, 102, 242, 185,  18, 150, 165, 121,  98,
         93, 197,  70, 151,  75, 118, 202, 216, 108, 207,  15, 112,  99,  35, 101,  69,
         86,  61,  79, 110,  13, 218, 149,   6, 134,  29,  36, 131, 181, 154, 180, 230,
         77, 193, 164,  17, 211,   3, 209, 105,  94, 206,  44,  19,  60, 123,  10,  31,
        130, 195,  76, 208,  54, 252, 219, 203, 199,  39, 189,  80, 167,  90,  32,  30,
        233,  64, 245, 182, 120, 231, 127,  47,  22, 135,  55, 114, 234,  41,  21,  81,
        173, 223,  23, 253, 153,  25,  45, 248,  97, 179, 186, 119, 200, 146, 187, 210,
          0, 228,  24, 190, 141, 236,  63, 201,  96, 113, 240, 147, 229,  91, 107, 214,
         89,  59, 152, 215, 176, 204, 243, 148,  42, 158,  71,  34, 222,  37, 196,  53,
    };

    /// <summary>3.7: substitution table S2.</summary>
    internal static ReadOnlySpan<byte> S2 => new byte[]
    {
         37,  34, 162, 132, 134, 220,  91, 143,  41,  45, 229, 247,  98, 178,  68,  56,
        212,  97,  70,  15,  58,  72, 216, 208,  14,  96, 214, 217, 133, 179,  28, 154,
        120, 123,  83, 100, 235,   3, 230, 160, 193, 245, 164, 155, 255, 175,  79, 148,
        227, 219,  23,  95, 111,  11,  87, 104, 163, 203, 189,  29, 156, 173, 211,  64,
        157,  53, 196,  89,  81,   4,  84,  16, 192,  74,  13, 181,  20, 184,  57, 183,
         90, 119,  93, 207,  38, 131,  94,  60, 116,   1, 213, 122,   5, 101, 144, 117,
         75,  46,   8, 172, 170, 152, 231, 210,  66,  54,  10, 187, 128, 204,  12, 102,
        243, 115, 137, 147, 159, 233,  59, 221, 253, 112, 165, 198, 105, 222, 234, 153,
         43, 201, 121, 180,  86, 205, 225, 242, 182,  55,  63, 232, 254,  44,   9,  21,
        136,  65, 114,  31,  40,  49,   0,  36, 169,  22, 249,  35,  62,  17, 174, 248,
        158, 151,  24,  50, 176, 108,  67, 127, 150,  18,   2, 168, 194, 171, 195, 145,
         99,  25,  80, 224,  33, 200, 197, 118, 161,  61, 142,  77, 190, 209,  48, 139,
        238, 206,  42, 125, 239, 237,  52, 223,  88, 167,  26, 130,  76, 191,   7,  71,
        215,  27, 126,   6, 251,  51, 241, 129, 135, 246, 244, 146,  32, 177,  73,  82,
        226, 110,  78, 186, 240, 141, 166,  69, 107,  85, 103, 149, 250, 109, 202,  19,
        113, 140, 138,  39, 185, 228, 106,  47, 252, 199, 188,  92, 218,  30, 236, 124,
    };

    /// <summary>3.7: substitution table S3.</summary>
    internal static ReadOnlySpan<byte> S3 => new byte[]
    {
         24, 252, 144, 121,  17,  42,  77, 127,   2,  35, 173,  21, 129,  58, 105, 113,
        112, 229, 185, 189,  76, 204, 209,  87,   5,  96,  82,  99, 133, 140,  66,  64,
        192, 107, 194, 220,  16,  68, 183, 171, 219,  51,  92,  13, 152,  86, 135, 123,
         98, 174, 103, 156, 157,  59, 145, 155, 158,   8, 231, 132,  83,  49,  23,  32,
         85,  69, 251,  36, 233, 238, 222, 149,  37, 248,  26,  18, 125,  11, 137, 253,
         79,  52,  56,  95, 241, 187,  44, 167, 124, 102, 227, 115, 212, 142, 154,  93,
        247, 211,  33,  28,  67,  10, 147, 225, 215, 210, 246, 160, 131,  73,  65,  57,
          1, 182, 180, 199, 207, 126, 216, 224,  61,  81, 202, 196, 146, 188, 119, 128,
         50,  30,  91, 161,  89,  12, 195,  74, 235, 223, 226, 172, 245,   7, 218, 159,
        242, 217, 208,  38, 163,  45,  39,   4,  62, 136, 104, 179,  88, 197,   6,   0,
        141, 190, 243, 214, 109, 162,  60, 165, 198, 228, 221, 164, 106, 101, 203, 236,
        143,  48, 110,  80, 176,  78, 234, 181,  97,  84,  20,  70,  29, 168,  27,  72,
         71,  90, 255,  19, 254, 114,  25, 230,  47,  43, 100, 178,  40,  41, 249, 186,
        150, 205, 184, 201, 139,  75,  54,  22,  63, 244, 108, 175,  46, 169, 240, 153,
        151, 116, 122, 232, 166, 117,  14,  94, 111, 206, 237, 177, 200,  31, 170, 120,
        213,  53, 148,  15,  55, 239,   3, 191, 134, 250, 193,   9, 130, 118, 138,  34,
    };
}

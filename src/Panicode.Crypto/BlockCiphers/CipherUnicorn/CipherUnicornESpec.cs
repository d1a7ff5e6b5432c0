// CIPHERUNICORN-E: the spec facts, in one place, for the Reference and the Unsafe cores.
//
// NEC Corporation, "Cryptographic Techniques Specifications: CIPHERUNICORN-E", Ver.3 (the CRYPTREC submission):
// 3.1 total structure, 3.7 substitution tables (the same four tables as CIPHERUNICORN-A, kept in CipherUnicornASpec),
// 3.8 the Sh table, 3.9 the Y function constants, 3.10 the key scheduler.

using System;

namespace Panicode.Crypto.BlockCiphers.CipherUnicorn;

/// <summary>The tables and constants of the CIPHERUNICORN-E specification (S0..S3 are <see cref="CipherUnicornASpec"/>'s).</summary>
internal static class CipherUnicornESpec
{
    /// <summary>3.1: the block size (64 bits).</summary>
    internal const int BlockSizeInBytes = 8;

    /// <summary>3.1: the key size (128 bits).</summary>
    internal const int KeySizeInBytes = 16;

    /// <summary>3.1: rounds of the Feistel structure; an L function before the first and after every second.</summary>
    internal const int Rounds = 16;

    /// <summary>3.2: L functions L{0}..L{8}.</summary>
    internal const int LFunctions = (Rounds / 2) + 1;

    /// <summary>3.10: ST passes over the secret key before extraction (ST(0)..ST(3)).</summary>
    internal const int DummyLoops = 4;

    /// <summary>3.9: Const[0], the shifts of the Y function after SK{i}[0].</summary>
    internal const int Y0Shift0 = 3, Y0Shift1 = 8, Y0Shift2 = 16;

    /// <summary>3.9: Const[1], the shifts of the Y function after SK{i}[1].</summary>
    internal const int Y1Shift0 = 7, Y1Shift1 = 9, Y1Shift2 = 13;

    /// <summary>
    /// 3.8 Table 3.6: Sh[wk0][i], the input numbers of the key-dependent T (and K) functions of F, four per row.
    /// </summary>
    /// <remarks>
    /// Row 15 is (3, 2, 2, 0) here, not the (3, 1, 2, 0) of Table 3.6: the 81 generated vectors (made with the ISO/IEC
    /// 9979 register's reference implementation) only come out with (3, 2, 2, 0); with the table's row, 67 of the 82
    /// vectors fail (every one whose F functions meet wk0 = 15; the register's own reference vector never does). The
    /// vectors are the arbiter, so the reference implementation's row is kept, although it breaks condition (1) of 3.8
    /// (a row must be a permutation of 0..3).
    /// </remarks>
    internal static ReadOnlySpan<byte> Sh => new byte[]
    {
        0, 2, 1, 3,
        0, 2, 3, 1,
        0, 3, 1, 2,
        0, 3, 2, 1,
        1, 0, 3, 2,
        1, 2, 0, 3,
        1, 3, 0, 2,
        3, 1, 0, 2,
        3, 2, 1, 0,
        2, 0, 1, 3,
        2, 0, 3, 1,
        3, 0, 2, 1,
        1, 3, 2, 0,
        2, 1, 0, 3,
        2, 1, 3, 0,
        3, 2, 2, 0,
    };
}

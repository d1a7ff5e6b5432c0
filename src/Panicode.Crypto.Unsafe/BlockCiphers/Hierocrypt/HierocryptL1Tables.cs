using System;
using Panicode.Crypto.BlockCiphers.Hierocrypt;
using Panicode.Crypto.Unsafe.Internal;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Hierocrypt;

/// <summary>
/// Hierocrypt-L1's own lookup tables in unmanaged, cache-line-aligned memory (the s-box and the S + mdsL tables are
/// Hierocrypt-3's, <see cref="Hierocrypt3Tables"/>): SH[256 p + x] = MDS_H (3.3.7, <see cref="HierocryptSpec.MdsHL1"/>)
/// of the 8-byte state that holds s(x) at byte p (0 = the top byte of group 0) and zeros elsewhere, as a 64-bit word
/// with group 0 on top; so the second S layer and MDS_H of a round are eight lookups XORed. SHInverse is the same with
/// s^-1 and MDS_H^-1 (<see cref="HierocryptSpec.MdsHL1Inverse"/>), in decryption's order (s^-1 first).
/// </summary>
internal static unsafe class HierocryptL1Tables
{
    public static readonly ulong* SH = BuildSH(Hierocrypt3Tables.S, HierocryptSpec.MdsHL1);
    public static readonly ulong* SHInverse = BuildSH(Hierocrypt3Tables.SInverse, HierocryptSpec.MdsHL1Inverse);

    /// <summary>Entry x of position p of <see cref="SH"/> or <see cref="SHInverse"/> (for comparing with the specification).</summary>
    internal static ulong Entry(bool inverse, int p, int x) => (inverse ? SHInverse : SH)[(256 * p) + x];

    private static ulong* BuildSH(byte* sbox, ReadOnlySpan<byte> matrix)
    {
        ulong* table = (ulong*)NativeMemoryBlock.AllocateAligned(8 * 256 * sizeof(ulong));
        Span<uint> groups = stackalloc uint[2];
        for (int p = 0; p < 8; p++)
        {
            for (int x = 0; x < 256; x++)
            {
                groups.Clear();
                groups[p / 4] = (uint)sbox[x] << (24 - (8 * (p % 4)));
                Hierocrypt3KeySchedule.MultiplyGroups(groups, matrix);
                table[(256 * p) + x] = ((ulong)groups[0] << 32) | groups[1];
            }
        }

        return table;
    }
}

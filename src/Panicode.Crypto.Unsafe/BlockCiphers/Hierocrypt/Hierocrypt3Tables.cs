using System;
using Panicode.Crypto.BlockCiphers.Hierocrypt;
using Panicode.Crypto.Unsafe.Internal;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Hierocrypt;

/// <summary>
/// Hierocrypt-3's lookup tables in unmanaged, cache-line-aligned memory, built once from <see cref="HierocryptSpec"/>:
/// SL[256 j + x] = column j of mdsL times s(x) (rows 1..4 from the top byte down), the s-box, and the same for
/// decryption with s^-1 and mdsL^-1. Hierocrypt-L1 has the same s-box and mdsL and reads these tables too
/// (<see cref="HierocryptL1PortableCore"/>).
/// </summary>
internal static unsafe class Hierocrypt3Tables
{
    public static readonly byte* S = BuildS(inverse: false);
    public static readonly byte* SInverse = BuildS(inverse: true);
    public static readonly uint* SL = BuildSL(S, HierocryptSpec.MdsL);
    public static readonly uint* SLInverse = BuildSL(SInverse, HierocryptSpec.MdsLInverse);

    private static byte* BuildS(bool inverse)
    {
        byte* table = NativeMemoryBlock.AllocateAligned(256);
        for (int x = 0; x < 256; x++)
        {
            byte y = HierocryptSpec.SBox[x];
            if (inverse)
            {
                table[y] = (byte)x;
            }
            else
            {
                table[x] = y;
            }
        }

        return table;
    }

    private static uint* BuildSL(byte* sbox, ReadOnlySpan<byte> matrix)
    {
        uint* table = (uint*)NativeMemoryBlock.AllocateAligned(4 * 256 * sizeof(uint));
        for (int j = 0; j < 4; j++)
        {
            for (int x = 0; x < 256; x++)
            {
                uint entry = 0;
                for (int row = 0; row < 4; row++)
                {
                    entry |= (uint)Hierocrypt3Core.GfMultiply(sbox[x], matrix[(4 * row) + j]) << (24 - (8 * row));
                }

                table[(256 * j) + x] = entry;
            }
        }

        return table;
    }
}

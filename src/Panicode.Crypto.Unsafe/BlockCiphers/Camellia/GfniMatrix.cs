#if NET
using System.Numerics;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Camellia;

/// <summary>
/// 8×8 bit matrices over GF(2) in GF2P8AFFINEQB's encoding (result bit i = parity(byte [7 - i] of the qword &amp; x)),
/// composed and inverted in software at type initialization.
/// </summary>
internal static class GfniMatrix
{
    /// <summary>M·x.</summary>
    public static byte Apply(ulong m, byte x)
    {
        int result = 0;
        for (int i = 0; i < 8; i++)
        {
            result |= (BitOperations.PopCount((uint)((byte)(m >> (8 * (7 - i))) & x)) & 1) << i;
        }

        return (byte)result;
    }

    /// <summary>The matrix of x -> then·(first·x).</summary>
    public static ulong Compose(ulong then, ulong first)
    {
        byte[] images = new byte[8];
        for (int j = 0; j < 8; j++)
        {
            images[j] = Apply(then, Apply(first, (byte)(1 << j)));
        }

        return FromImages(images);
    }

    /// <summary>M^-1 (M invertible).</summary>
    public static ulong Invert(ulong m)
    {
        byte[] preimage = new byte[256];
        for (int x = 0; x < 256; x++)
        {
            preimage[Apply(m, (byte)x)] = (byte)x;
        }

        byte[] images = new byte[8];
        for (int j = 0; j < 8; j++)
        {
            images[j] = preimage[1 << j];
        }

        return FromImages(images);
    }

    // Row i (byte 7 - i) has bit j set when the image of basis vector j has bit i set.
    private static ulong FromImages(byte[] images)
    {
        ulong m = 0;
        for (int i = 0; i < 8; i++)
        {
            int row = 0;
            for (int j = 0; j < 8; j++)
            {
                row |= ((images[j] >> i) & 1) << j;
            }

            m |= (ulong)row << (8 * (7 - i));
        }

        return m;
    }
}
#endif

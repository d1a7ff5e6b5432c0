// SHA3-224/256/384/512 (FIPS 202: §3.2 step mappings, §3.3 KECCAK-p[1600, 24], §4 sponge, §5.1 pad10*1, §6.1
// with the 01 domain suffix) for the runner only: netstandard2.0 and Mono 6.8 have no SHA-3, and some ECDSA vector
// files hash their messages with it. Round constants and rotation offsets are computed from their definitions
// (Algorithm 5 rc(t); §3.2.2 offsets), not tabulated. Plain and slow; it hashes short test messages.

using System;

namespace Panicode.Crypto.MonoRunner;

internal static class Sha3
{
    private static readonly ulong[] s_roundConstants = RoundConstants();
    private static readonly int[] s_rotations = Rotations();

    /// <summary>SHA3-d of <paramref name="message"/> for d = 8 × <paramref name="outputBytes"/> (28, 32, 48 or 64).</summary>
    public static byte[] Hash(int outputBytes, byte[] message)
    {
        int rate = 200 - (2 * outputBytes);
        byte[] padded = new byte[((message.Length / rate) + 1) * rate];
        message.CopyTo(padded, 0);
        padded[message.Length] ^= 0x06; // the SHA-3 suffix 01, then the first 1 of pad10*1 (bits are little-endian)
        padded[padded.Length - 1] ^= 0x80;

        ulong[] a = new ulong[25];
        for (int block = 0; block < padded.Length; block += rate)
        {
            for (int i = 0; i < rate / 8; i++)
            {
                a[i] ^= BitConverterLe(padded, block + (8 * i));
            }

            Permute(a);
        }

        byte[] output = new byte[outputBytes];
        for (int i = 0; i < outputBytes; i++)
        {
            output[i] = (byte)(a[i / 8] >> (8 * (i % 8)));
        }

        return output;
    }

    // Lane (x, y) is a[x + 5 y].
    private static void Permute(ulong[] a)
    {
        ulong[] c = new ulong[5];
        ulong[] b = new ulong[25];
        for (int round = 0; round < 24; round++)
        {
            for (int x = 0; x < 5; x++)
            {
                c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
            }

            for (int x = 0; x < 5; x++)
            {
                ulong d = c[(x + 4) % 5] ^ Rotl(c[(x + 1) % 5], 1); // theta
                for (int y = 0; y < 5; y++)
                {
                    a[x + (5 * y)] ^= d;
                }
            }

            for (int x = 0; x < 5; x++)
            {
                for (int y = 0; y < 5; y++)
                {
                    // rho then pi: A'[y, 2x + 3y] = ROT(A[x, y], r[x, y])
                    b[y + (5 * (((2 * x) + (3 * y)) % 5))] = Rotl(a[x + (5 * y)], s_rotations[x + (5 * y)]);
                }
            }

            for (int y = 0; y < 5; y++)
            {
                for (int x = 0; x < 5; x++)
                {
                    a[x + (5 * y)] = b[x + (5 * y)] ^ (~b[((x + 1) % 5) + (5 * y)] & b[((x + 2) % 5) + (5 * y)]); // chi
                }
            }

            a[0] ^= s_roundConstants[round]; // iota
        }
    }

    private static ulong Rotl(ulong v, int n) => n == 0 ? v : (v << n) | (v >> (64 - n));

    private static ulong BitConverterLe(byte[] data, int offset)
    {
        ulong v = 0;
        for (int i = 7; i >= 0; i--)
        {
            v = (v << 8) | data[offset + i];
        }

        return v;
    }

    // §3.2.2: r[0, 0] = 0; from (x, y) = (1, 0), for t = 0..23 the offset is (t + 1)(t + 2)/2, then (x, y) <- (y, 2x + 3y).
    private static int[] Rotations()
    {
        int[] r = new int[25];
        int x = 1, y = 0;
        for (int t = 0; t < 24; t++)
        {
            r[x + (5 * y)] = ((t + 1) * (t + 2) / 2) % 64;
            (x, y) = (y, ((2 * x) + (3 * y)) % 5);
        }

        return r;
    }

    // Algorithm 5 (rc) and §3.2.5: bit 2^j - 1 of round i's constant is rc(j + 7 i), j = 0..6.
    private static ulong[] RoundConstants()
    {
        ulong[] rc = new ulong[24];
        for (int i = 0; i < 24; i++)
        {
            for (int j = 0; j <= 6; j++)
            {
                if (Rc(j + (7 * i)))
                {
                    rc[i] |= 1UL << ((1 << j) - 1);
                }
            }
        }

        return rc;
    }

    private static bool Rc(int t)
    {
        if (t % 255 == 0)
        {
            return true;
        }

        int r = 0x01; // R = 10000000 with R[0] in bit 0
        for (int i = 1; i <= t % 255; i++)
        {
            r <<= 1; // R = 0 || R
            int r8 = (r >> 8) & 1;
            r ^= r8 | (r8 << 4) | (r8 << 5) | (r8 << 6); // R[0] ^= R[8], R[4] ^= R[8], R[5] ^= R[8], R[6] ^= R[8]
            r &= 0xFF;
        }

        return (r & 1) == 1;
    }
}

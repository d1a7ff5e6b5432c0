// Camellia in 32-bit units (RFC 3713 2.3, 2.4; Asahi et al., "A Fast implementation on the 64 bits environment of the suggested cipher in CRYPTREC",
// §2.2.2 for 32-bit platforms). The 32-bit F below is
// derived here from the P-function of RFC 3713 2.4.1, since our copy of the specification has no Appendix C:
// write the S-box outputs t1..t8 and split the eight output bytes into yL = y1..y4 and yR = y5..y8. Let
// M be the word whose byte i is the XOR of t1..t4 except t_i, and N the same for t5..t8 (byte i leaves out t_{4+i}).
// Reading the y equations off, the right half contributes N to both yL and yR, and the left half contributes
// M <<< 8 (bytes M2, M3, M4, M1) to yL and M ^ (M <<< 8) to yR (byte 1 of yR is t1 ^ t2 = M1 ^ M2, and so on).
// With the four tables A1[x] = s1(x) as bytes 0111, A2 = s2 as 1011, A3 = s3 as 1101, A4 = s4 as 1110,
// M = A1[x1] ^ A2[x2] ^ A3[x3] ^ A4[x4]; N needs s2, s3, s4, s1 at patterns 0111, 1011, 1101, 1110, which are
// A2, A3, A4, A1 rotated left by 8, so N = N' <<< 8 with N' = A2[x5] ^ A3[x6] ^ A4[x7] ^ A1[x8]. Hence
//     yL = (M ^ N') <<< 8,    yR = yL ^ M:
// eight 32-bit lookups, one rotation and five XORs per F.

using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using Panicode.Crypto.BlockCiphers.Camellia;
using Panicode.Crypto.Unsafe.Internal;
using Panicode.Crypto.Unsafe.BlockCiphers.Camellia;

namespace Panicode.Crypto.Ablation.Camellia;

/// <summary>The Camellia round body in 32-bit units: tables, byte casts and two blocks in flight as in <see cref="CamelliaRounds"/>.</summary>
internal static unsafe class Camellia32Rounds
{
    /// <summary>A1..A4 (256 words each) in unmanaged, aligned memory.</summary>
    public static readonly uint* Tables = BuildTables();

    /// <summary>
    /// Transforms <paramref name="blocks"/> blocks with a schedule of 32-bit halves (high half first) in
    /// <see cref="CamelliaCore"/>'s layout: 52 or 68 words, already in encryption or decryption order.
    /// </summary>
    public static void Crypt(byte* src, byte* dst, int blocks, uint* keys, int keyCount, uint* t)
    {
        Debug.Assert(keyCount is 52 or 68);
        uint* post = keys + keyCount - 4;
        for (; blocks > 0; blocks -= 2, src += 32, dst += 32)
        {
            int second = blocks >= 2 ? 16 : 0;
            uint a0 = BigEndian.Read32(src) ^ keys[0], a1 = BigEndian.Read32(src + 4) ^ keys[1], a2 = BigEndian.Read32(src + 8) ^ keys[2], a3 = BigEndian.Read32(src + 12) ^ keys[3];
            uint b0 = BigEndian.Read32(src + second) ^ keys[0], b1 = BigEndian.Read32(src + second + 4) ^ keys[1];
            uint b2 = BigEndian.Read32(src + second + 8) ^ keys[2], b3 = BigEndian.Read32(src + second + 12) ^ keys[3];
            uint* k = keys + 4;
            while (true)
            {
                for (int i = 0; i < 12; i += 4)
                {
                    F(a0 ^ k[i], a1 ^ k[i + 1], t, ref a2, ref a3);
                    F(b0 ^ k[i], b1 ^ k[i + 1], t, ref b2, ref b3);
                    F(a2 ^ k[i + 2], a3 ^ k[i + 3], t, ref a0, ref a1);
                    F(b2 ^ k[i + 2], b3 ^ k[i + 3], t, ref b0, ref b1);
                }

                k += 12;
                if (k == post)
                {
                    break;
                }

                // RFC 3713 2.4.2: FL on (a0, a1) with (k[0], k[1]), FL^-1 on (a2, a3) with (k[2], k[3]).
                a1 ^= RotateLeft(a0 & k[0], 1);
                a0 ^= a1 | k[1];
                b1 ^= RotateLeft(b0 & k[0], 1);
                b0 ^= b1 | k[1];
                a2 ^= a3 | k[3];
                a3 ^= RotateLeft(a2 & k[2], 1);
                b2 ^= b3 | k[3];
                b3 ^= RotateLeft(b2 & k[2], 1);
                k += 4;
            }

            // C = D2 || D1; both lanes were read before any write, so in place works.
            BigEndian.Write32(dst + second, b2 ^ post[0]);
            BigEndian.Write32(dst + second + 4, b3 ^ post[1]);
            BigEndian.Write32(dst + second + 8, b0 ^ post[2]);
            BigEndian.Write32(dst + second + 12, b1 ^ post[3]);
            BigEndian.Write32(dst, a2 ^ post[0]);
            BigEndian.Write32(dst + 4, a3 ^ post[1]);
            BigEndian.Write32(dst + 8, a0 ^ post[2]);
            BigEndian.Write32(dst + 12, a1 ^ post[3]);
        }
    }

    /// <summary>The 64-bit subkeys split into 32-bit halves, high half first.</summary>
    public static uint[] Split(ulong[] keys)
    {
        uint[] halves = new uint[2 * keys.Length];
        for (int i = 0; i < keys.Length; i++)
        {
            halves[2 * i] = (uint)(keys[i] >> 32);
            halves[(2 * i) + 1] = (uint)keys[i];
        }

        return halves;
    }

    // (y0, y1) ^= F((x0, x1)), the key already XORed into x.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void F(uint x0, uint x1, uint* t, ref uint y0, ref uint y1)
    {
        uint m = t[x0 >> 24] ^ t[0x100 + (byte)(x0 >> 16)] ^ t[0x200 + (byte)(x0 >> 8)] ^ t[0x300 + (byte)x0];
        uint n = t[0x100 + (x1 >> 24)] ^ t[0x200 + (byte)(x1 >> 16)] ^ t[0x300 + (byte)(x1 >> 8)] ^ t[(byte)x1];
        uint left = RotateLeft(m ^ n, 8);
        y0 ^= left;
        y1 ^= left ^ m;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint RotateLeft(uint value, int count) => (value << count) | (value >> (32 - count));

    private static uint* BuildTables()
    {
        ReadOnlySpan<byte> s1 = CamelliaSpec.SBox1;
        uint* t = (uint*)NativeMemoryBlock.AllocateAligned(4 * 256 * sizeof(uint));
        for (int x = 0; x < 256; x++)
        {
            // RFC 3713 2.4.1: SBOX2[x] = SBOX1[x] <<< 1, SBOX3[x] = SBOX1[x] <<< 7, SBOX4[x] = SBOX1[x <<< 1].
            uint v1 = s1[x];
            uint v2 = (byte)((v1 << 1) | (v1 >> 7));
            uint v3 = (byte)((v1 << 7) | (v1 >> 1));
            uint v4 = s1[(byte)((x << 1) | (x >> 7))];
            t[x] = v1 * 0x00010101;
            t[0x100 + x] = v2 * 0x01000101;
            t[0x200 + x] = v3 * 0x01010001;
            t[0x300 + x] = v4 * 0x01010100;
        }

        return t;
    }
}

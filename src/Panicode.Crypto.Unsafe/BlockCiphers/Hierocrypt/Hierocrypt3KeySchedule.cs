using System;
using System.Buffers.Binary;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using Panicode.Crypto.BlockCiphers.Hierocrypt;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Hierocrypt;

/// <summary>
/// The Hierocrypt-3 key schedule of the Unsafe flavour (Toshiba's specification 3.2.3-3.2.7) and the layouts
/// <see cref="Hierocrypt3PortableCore"/> reads. Unlike the Reference schedule, which follows the text and computes
/// F_sigma twice per step (once inside sigma, once for V), this one computes it once: V is exactly the F_sigma output
/// sigma (or sigma^-1) adds into Z2 (or Z1), as the CRYPTREC 64-bit study (Tokyo University of Science, 2.4.5)
/// inlines sigma, sigma^-1 and F_sigma. The M_5E / M_B3 multiplications use closed forms of Z, Z^2 and Z^3.
/// </summary>
internal static class Hierocrypt3KeySchedule
{
    /// <summary>Round keys in the Reference layout: four 64-bit words per round, R + 1 rounds.</summary>
    internal static ulong[] Expand(ReadOnlySpan<byte> key)
    {
        Debug.Assert(key.Length is 16 or 24 or 32);
        int rounds = HierocryptSpec.Rounds3(key.Length);
        ReadOnlySpan<byte> sbox = HierocryptSpec.SBox;
        ulong z1 = BinaryPrimitives.ReadUInt64BigEndian(key);
        ulong z2 = BinaryPrimitives.ReadUInt64BigEndian(key.Slice(8));
        ulong z3 = key.Length == 16 ? z1 : BinaryPrimitives.ReadUInt64BigEndian(key.Slice(16));
        ulong z4 = key.Length switch
        {
            16 => HierocryptSpec.KeyPadding3For128,
            24 => HierocryptSpec.KeyPadding3For192,
            _ => BinaryPrimitives.ReadUInt64BigEndian(key.Slice(24)),
        };

        // Preprocessing: one sigma step (3.2.5).
        z3 = M5E(z3) ^ HierocryptSpec.PreprocessingConstant3;
        z4 = M5E(z4);
        ulong v = FSigma(z2 ^ z3, sbox);
        (z1, z2) = (z2, z1 ^ v);

        ReadOnlySpan<ulong> constants = HierocryptSpec.RoundConstants3(key.Length);
        ulong[] keys = new ulong[4 * (rounds + 1)];
        int forward = (rounds + 2) / 2;
        for (int t = 0; t <= rounds; t++)
        {
            if (t < forward)
            {
                // P^(32), then sigma; V = F_sigma(Z2' + Z3) is sigma's own F output.
                z3 ^= z4;
                z4 ^= (z3 << 32) | (z3 >> 32);
                z3 = M5E(z3) ^ constants[t];
                z4 = M5E(z4);
                v = FSigma(z2 ^ z3, sbox);
                keys[4 * t] = z1 ^ v;
                keys[(4 * t) + 3] = z2 ^ z4;
                (z1, z2) = (z2, z1 ^ v);
            }
            else
            {
                // V = F_sigma(Z1' + Z3') is sigma^-1's own F output; then the inverse P^(32).
                v = FSigma(z1 ^ z3, sbox);
                ulong previous1 = z1, previous3 = z3;
                (z1, z2) = (z2 ^ v, z1);
                z3 = MB3(z3 ^ constants[t]);
                z4 = MB3(z4);
                keys[4 * t] = previous3 ^ z1;
                keys[(4 * t) + 3] = previous1 ^ z4;
                keys[(4 * t) + 1] = z3 ^ v;
                keys[(4 * t) + 2] = z4 ^ v;
                z4 ^= (z3 << 32) | (z3 >> 32);
                z3 ^= z4;
                continue;
            }

            keys[(4 * t) + 1] = z3 ^ v;
            keys[(4 * t) + 2] = z4 ^ v;
        }

        return keys;
    }

    /// <summary>
    /// The encryption layout of <see cref="Hierocrypt3PortableCore"/> (32-bit words; nothing transposed when
    /// <paramref name="transpose"/> is false, for the GFNI core): the first key (k1 k2 of round
    /// 0), then per round the key added after MDS_L (k3 k4) and the key added after MDS_H (k1 k2 of the next round),
    /// the latter transposed (<see cref="Transpose"/>) except after the last round, which has no MDS_H.
    /// </summary>
    internal static uint[] EncryptionLayout(ulong[] keys, int rounds, bool transpose = true)
    {
        uint[] layout = new uint[4 + (8 * rounds)];
        Halves(keys, 0, 0, layout.AsSpan(0, 4));
        for (int t = 0; t < rounds; t++)
        {
            Span<uint> round = layout.AsSpan(4 + (8 * t), 8);
            Halves(keys, t, 2, round.Slice(0, 4));
            Halves(keys, t + 1, 0, round.Slice(4, 4));
            if (t < rounds - 1 && transpose)
            {
                Transpose(round.Slice(4, 4));
            }
        }

        return layout;
    }

    /// <summary>
    /// The decryption layout (untransposed when <paramref name="transpose"/> is false, for the GFNI core): decryption runs the encryption code with the inverse tables, so the keys move across
    /// the linear layers (MDS_L^-1(k + x) = MDS_L^-1(k) + MDS_L^-1(x), the same for MDS_H^-1): first k1 k2 of round R,
    /// then per round u (t = R - 1 - u) MDS_L^-1(k3 k4 of t) and MDS_H^-1(k1 k2 of t) transposed, or k1 k2 of round 0
    /// after the last.
    /// </summary>
    internal static uint[] DecryptionLayout(ulong[] keys, int rounds, bool transpose = true)
    {
        uint[] layout = new uint[4 + (8 * rounds)];
        Halves(keys, rounds, 0, layout.AsSpan(0, 4));
        for (int u = 0; u < rounds; u++)
        {
            int t = rounds - 1 - u;
            Span<uint> round = layout.AsSpan(4 + (8 * u), 8);
            Span<uint> afterMdsL = round.Slice(0, 4);
            Halves(keys, t, 2, afterMdsL);
            for (int c = 0; c < 4; c++)
            {
                afterMdsL[c] = MultiplyColumn(afterMdsL[c], HierocryptSpec.MdsLInverse);
            }

            Span<uint> afterMdsH = round.Slice(4, 4);
            Halves(keys, t, 0, afterMdsH);
            if (u < rounds - 1)
            {
                MultiplyGroups(afterMdsH, HierocryptSpec.MdsH3Inverse);
                if (transpose)
                {
                    Transpose(afterMdsH);
                }
            }
        }

        return layout;
    }

    /// <summary>
    /// 3.3.7: the groups (4 or, for Hierocrypt-L1, 2) times an MDS_H-form <paramref name="matrix"/> of 4-bit entries
    /// (<see cref="HierocryptSpec.MultiplyGroup"/>), in place.
    /// </summary>
    internal static void MultiplyGroups(Span<uint> groups, ReadOnlySpan<byte> matrix)
    {
        int n = groups.Length;
        Span<uint> input = stackalloc uint[4];
        input = input.Slice(0, n);
        groups.CopyTo(input);
        for (int i = 0; i < n; i++)
        {
            uint sum = 0;
            for (int j = 0; j < n; j++)
            {
                sum ^= HierocryptSpec.MultiplyGroup(input[j], matrix[(n * i) + j]);
            }

            groups[i] = sum;
        }

        input.Clear();
    }

    /// <summary>
    /// Transposes the state's 4 x 4 bytes: word k of the result holds byte k of the four groups, group 0 on top.
    /// In this form MDS_H's Z is a renaming of words and its group rotations are word rotations.
    /// </summary>
    internal static void Transpose(Span<uint> words)
    {
        uint w0 = words[0], w1 = words[1], w2 = words[2], w3 = words[3];
        for (int k = 0; k < 4; k++)
        {
            int shift = 24 - (8 * k);
            words[k] = ((w0 >> shift & 0xFF) << 24) | ((w1 >> shift & 0xFF) << 16) | ((w2 >> shift & 0xFF) << 8) | (w3 >> shift & 0xFF);
        }
    }

    private static void Halves(ulong[] keys, int round, int word, Span<uint> destination)
    {
        ulong high = keys[(4 * round) + word], low = keys[(4 * round) + word + 1];
        destination[0] = (uint)(high >> 32);
        destination[1] = (uint)high;
        destination[2] = (uint)(low >> 32);
        destination[3] = (uint)low;
    }

    /// <summary>3.3.5: one 4-byte column (top byte first) times a 4 x 4 matrix over GF(2^8) such as mdsL^-1.</summary>
    internal static uint MultiplyColumn(uint column, ReadOnlySpan<byte> matrix)
    {
        uint result = 0;
        for (int row = 0; row < 4; row++)
        {
            int sum = 0;
            for (int j = 0; j < 4; j++)
            {
                sum ^= Hierocrypt3Core.GfMultiply((int)(column >> (24 - (8 * j))) & 0xFF, matrix[(4 * row) + j]);
            }

            result |= (uint)sum << (24 - (8 * row));
        }

        return result;
    }

    /// <summary>3.3.11 F_sigma: s-box bytes, then P^(16): (a, b) += (c, d); (c, d) += (b, a).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong FSigma(ulong x, ReadOnlySpan<byte> sbox)
    {
        ulong s = ((ulong)sbox[(int)(x >> 56)] << 56) | ((ulong)sbox[(int)(x >> 48) & 0xFF] << 48)
            | ((ulong)sbox[(int)(x >> 40) & 0xFF] << 40) | ((ulong)sbox[(int)(x >> 32) & 0xFF] << 32)
            | ((ulong)sbox[(int)(x >> 24) & 0xFF] << 24) | ((ulong)sbox[(int)(x >> 16) & 0xFF] << 16)
            | ((ulong)sbox[(int)(x >> 8) & 0xFF] << 8) | sbox[(int)x & 0xFF];
        s ^= s << 32;
        uint top = (uint)(s >> 32);
        return s ^ ((top << 16) | (top >> 16));
    }

    // Z, Z^2, Z^3 of HierocryptSpec.MultiplyGroup in closed form on a 4-byte group a0 a1 a2 a3 (a0 on top):
    // Z = (a1, a2, a3 + a0, a0), Z^2 = (a2, a3 + a0, a0 + a1, a1), Z^3 = (a3 + a0, a0 + a1, a1 + a2, a2).
    private static uint Z1(uint a) => ((a << 8) | (a >> 24)) ^ ((a >> 16) & 0xFF00);

    private static uint Z2(uint a) => ((a << 16) | (a >> 16)) ^ ((a >> 8) & 0x00FFFF00);

    private static uint Z3(uint a) => ((a >> 8) | (a << 24)) ^ (a & 0xFFFFFF00);

    /// <summary>3.3.9 M_5E: the left half times 5 = 1 + Z^2, the right half times E = Z + Z^2 + Z^3.</summary>
    private static ulong M5E(ulong x)
    {
        uint left = (uint)(x >> 32), right = (uint)x;
        return ((ulong)(left ^ Z2(left)) << 32) | (Z1(right) ^ Z2(right) ^ Z3(right));
    }

    /// <summary>3.3.10 M_B3: the left half times B = 1 + Z + Z^3, the right half times 3 = 1 + Z.</summary>
    private static ulong MB3(ulong x)
    {
        uint left = (uint)(x >> 32), right = (uint)x;
        return ((ulong)(left ^ Z1(left) ^ Z3(left)) << 32) | (right ^ Z1(right));
    }
}

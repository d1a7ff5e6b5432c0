// Hierocrypt-3 and Hierocrypt-L1 key scheduling, Reference flavour.
//
// Toshiba's specifications of Hierocrypt-3 and Hierocrypt-L1 (2001/2002), 3.2.3-3.2.7 and 3.3.8-3.3.11: the same
// Feistel-like schedule on an intermediate key Z1..Z4 of 64-bit (Hierocrypt-3) or 32-bit (Hierocrypt-L1) words.
// Hierocrypt-3's sigma multiplies Z3 and Z4 by M_5E and its inverse by M_B3; Hierocrypt-L1's sigma multiplies Z3 by
// M_5 and Z4 by M_B, its inverse Z3 by M_B and Z4 by M_5; F_sigma ends in P^(16) or P^(8), the permutation of (Z3, Z4)
// is P^(32) or P^(16).

using System;

namespace Panicode.Crypto.BlockCiphers.Hierocrypt;

/// <summary>The key schedule both Hierocrypt ciphers share, on words of <see cref="Bits"/> bits held in 64-bit integers.</summary>
internal readonly struct HierocryptKeySchedule
{
    /// <summary>Hierocrypt-3: 64-bit words, M_5E forward and M_B3 backward on both Z3 and Z4.</summary>
    internal static readonly HierocryptKeySchedule Hierocrypt3 = new(64, 0x5E, 0x5E, 0xB3, 0xB3);

    /// <summary>Hierocrypt-L1: 32-bit words, sigma Z3 by M_5 and Z4 by M_B, sigma^-1 Z3 by M_B and Z4 by M_5.</summary>
    internal static readonly HierocryptKeySchedule L1 = new(32, 0x5, 0xB, 0xB, 0x5);

    // The 4-bit MultiplyGroup entries of each 32-bit group of a word, the leftmost group in the highest nibble.
    private readonly int _forward3;
    private readonly int _forward4;
    private readonly int _backward3;
    private readonly int _backward4;

    private HierocryptKeySchedule(int bits, int forward3, int forward4, int backward3, int backward4)
    {
        Bits = bits;
        _forward3 = forward3;
        _forward4 = forward4;
        _backward3 = backward3;
        _backward4 = backward4;
    }

    /// <summary>The width of Z1..Z4: 64 or 32.</summary>
    internal int Bits { get; }

    /// <summary>
    /// 3.2.3-3.2.7: preprocessing (one sigma with <paramref name="preprocessing"/>), then for round t = 0 .. R a step
    /// with G^(t) = <paramref name="constants"/>[t]: sigma (after P on Z3, Z4) for the first ceil((R + 1) / 2) rounds,
    /// sigma^-1 (then P^-1) for the rest. Returns K1..K4 of every round, four words per round.
    /// </summary>
    internal ulong[] Expand(ReadOnlySpan<ulong> constants, ulong z1, ulong z2, ulong z3, ulong z4, ulong preprocessing, int rounds)
    {
        Sigma(ref z1, ref z2, ref z3, ref z4, preprocessing);
        ulong[] keys = new ulong[4 * (rounds + 1)];
        int forward = (rounds + 2) / 2;
        for (int t = 0; t <= rounds; t++)
        {
            Span<ulong> k = keys.AsSpan(4 * t, 4);
            if (t < forward)
            {
                // 3.2.7, sigma side: K = (Z1' + V, Z3 + V, Z4 + V, Z2' + Z4) with V = F_sigma(Z2' + Z3), primes
                // marking the values before this step.
                ulong previous1 = z1, previous2 = z2;
                Permute(ref z3, ref z4);
                Sigma(ref z1, ref z2, ref z3, ref z4, constants[t]);
                ulong v = FSigma(previous2 ^ z3);
                k[0] = previous1 ^ v;
                k[1] = z3 ^ v;
                k[2] = z4 ^ v;
                k[3] = previous2 ^ z4;
            }
            else
            {
                // 3.2.7, sigma^-1 side: V = F_sigma(Z1' + Z3'), K = (Z3' + Z1, Z3 + V, Z4 + V, Z1' + Z4).
                ulong previous1 = z1, previous3 = z3;
                ulong v = FSigma(z1 ^ z3);
                SigmaInverse(ref z1, ref z2, ref z3, ref z4, constants[t]);
                k[0] = previous3 ^ z1;
                k[1] = z3 ^ v;
                k[2] = z4 ^ v;
                k[3] = previous1 ^ z4;
                PermuteInverse(ref z3, ref z4);
            }
        }

        return keys;
    }

    /// <summary>3.2.6 sigma: Z3 = M(Z3) + G, Z4 = M'(Z4), (Z1, Z2) = (Z2, Z1 + F_sigma(Z2 + Z3)).</summary>
    private void Sigma(ref ulong z1, ref ulong z2, ref ulong z3, ref ulong z4, ulong constant)
    {
        z3 = Multiply(z3, _forward3) ^ constant;
        z4 = Multiply(z4, _forward4);
        ulong next2 = z1 ^ FSigma(z2 ^ z3);
        z1 = z2;
        z2 = next2;
    }

    /// <summary>3.2.6 sigma^-1: (Z1, Z2) = (Z2 + F_sigma(Z1 + Z3), Z1), Z3 = M(Z3 + G), Z4 = M'(Z4).</summary>
    private void SigmaInverse(ref ulong z1, ref ulong z2, ref ulong z3, ref ulong z4, ulong constant)
    {
        ulong next1 = z2 ^ FSigma(z1 ^ z3);
        z2 = z1;
        z1 = next1;
        z3 = Multiply(z3 ^ constant, _backward3);
        z4 = Multiply(z4, _backward4);
    }

    /// <summary>3.3.9 / 3.3.10: each 32-bit group of the word times its 4-bit entry (HierocryptSpec.MultiplyGroup).</summary>
    private ulong Multiply(ulong word, int entries) => Bits == 64
        ? ((ulong)HierocryptSpec.MultiplyGroup((uint)(word >> 32), entries >> 4) << 32) | HierocryptSpec.MultiplyGroup((uint)word, entries & 0xF)
        : HierocryptSpec.MultiplyGroup((uint)word, entries);

    /// <summary>
    /// 3.3.11 F_sigma: the s-box on each byte, then P^(Bits/4) (3.3.8) on the four quarters (a, b, c, d):
    /// a += c, b += d, then c += b, d += a.
    /// </summary>
    private ulong FSigma(ulong value)
    {
        ulong substituted = 0;
        for (int shift = Bits - 8; shift >= 0; shift -= 8)
        {
            substituted |= (ulong)HierocryptSpec.SBox[(int)(value >> shift) & 0xFF] << shift;
        }

        int quarter = Bits / 4;
        ulong mask = (1UL << quarter) - 1;
        ulong a = substituted >> (3 * quarter), b = (substituted >> (2 * quarter)) & mask, c = (substituted >> quarter) & mask, d = substituted & mask;
        a ^= c;
        b ^= d;
        c ^= b;
        d ^= a;
        return (a << (3 * quarter)) | (b << (2 * quarter)) | (c << quarter) | d;
    }

    /// <summary>3.3.8 P^(Bits/2) on (Z3, Z4) as halves (x1 x2, y1 y2): x1 += y1, x2 += y2, then y1 += x2, y2 += x1.</summary>
    private void Permute(ref ulong x, ref ulong y)
    {
        x ^= y;
        y ^= SwapHalves(x);
    }

    /// <summary>The inverse of <see cref="Permute"/>.</summary>
    private void PermuteInverse(ref ulong x, ref ulong y)
    {
        y ^= SwapHalves(x);
        x ^= y;
    }

    private ulong SwapHalves(ulong x)
    {
        int half = Bits / 2;
        ulong mask = (1UL << half) - 1;
        return ((x & mask) << half) | (x >> half);
    }
}

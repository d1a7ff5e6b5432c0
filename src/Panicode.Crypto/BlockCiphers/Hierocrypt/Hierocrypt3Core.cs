// Hierocrypt-3, Reference flavour.
//
// Follows Toshiba's "Specification on a Block Cipher: Hierocrypt-3" (2001/2002, the NESSIE/CRYPTREC version):
// 3.2.1 encryption (R rounds of the nested SPN: R - 1 round functions rho = XS then MDS_H, a last XS and a final key
// addition), 3.2.2 decryption (the inverse steps in reverse order), 3.2.3-3.2.7 key scheduling (a Feistel-like
// intermediate key Z1..Z4 of 4 x 64 bits, preprocessing, the sigma function and its inverse, round key generation),
// 3.3 fundamental operations (XS, S, s, MDS_L, mdsL, MDS_H, P^(n), M_5E, M_B3, F_sigma). The tables live in
// HierocryptSpec. Bytes are big-endian throughout (3.1): byte 0 of a block is the most significant.

using System;
using System.Buffers.Binary;
using System.Diagnostics;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto.BlockCiphers.Hierocrypt;

/// <summary>The Hierocrypt-3 block cipher (128-bit blocks; 128-, 192- and 256-bit keys) in safe, portable C#.</summary>
internal sealed class Hierocrypt3Core : Modes.BlockCipher
{
    internal const int BlockSizeInBytes = 16;

    private readonly int _rounds;

    // Round key t (t = 0 .. R) is four 64-bit words k1 k2 k3 k4: (k1 k2) is added before the first S of XS, (k3 k4)
    // before the second (3.2.7); the last one only contributes (k1 k2), the final key addition.
    private readonly ulong[] _roundKeys;

    public Hierocrypt3Core(ReadOnlySpan<byte> key)
        : base(BlockSizeInBytes)
    {
        if (key.Length != 16 && key.Length != 24 && key.Length != 32)
        {
            throw new ArgumentException(ErrorMessages.Hierocrypt3KeySize, nameof(key));
        }

        _rounds = HierocryptSpec.Rounds3(key.Length);
        _roundKeys = ExpandKey(key);
    }

    protected override void EncryptCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        Debug.Assert(source.Length % BlockSizeInBytes == 0 && destination.Length == source.Length);
        for (int offset = 0; offset < source.Length; offset += BlockSizeInBytes)
        {
            HierocryptRounds.Encrypt(source.Slice(offset, BlockSizeInBytes), destination.Slice(offset, BlockSizeInBytes), _roundKeys, _rounds, HierocryptSpec.MdsH3);
        }
    }

    protected override void DecryptCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        Debug.Assert(source.Length % BlockSizeInBytes == 0 && destination.Length == source.Length);
        for (int offset = 0; offset < source.Length; offset += BlockSizeInBytes)
        {
            HierocryptRounds.Decrypt(source.Slice(offset, BlockSizeInBytes), destination.Slice(offset, BlockSizeInBytes), _roundKeys, _rounds, HierocryptSpec.MdsH3Inverse);
        }
    }

    protected override void ClearKeySchedule() => Array.Clear(_roundKeys, 0, _roundKeys.Length);

    /// <summary>
    /// Multiplies <paramref name="value"/> by the public matrix constant <paramref name="constant"/> in GF(2^8) modulo
    /// x^8 + x^6 + x^5 + x + 1 (3.3.6): shift and add over the constant's bits; the reduction is branch-free.
    /// </summary>
    internal static int GfMultiply(int value, int constant)
    {
        int product = 0;
        for (int bit = 0; bit < 8; bit++)
        {
            if (((constant >> bit) & 1) != 0)
            {
                product ^= value;
            }

            value = (value << 1) ^ (-(value >> 7) & HierocryptSpec.FieldPolynomial);
        }

        return product;
    }

    /// <summary>
    /// 3.2.3-3.2.7: the key schedule. The intermediate key Z = (Z1, Z2, Z3, Z4) of 64-bit words starts as the key
    /// (3.2.5, short keys padded), goes through sigma once (preprocessing), then each of the R + 1 round keys comes
    /// from one more step: sigma for the first ceil((R + 1) / 2) rounds, its inverse for the rest, with P^(32) before
    /// sigma and its inverse after sigma^-1 on (Z3, Z4).
    /// </summary>
    internal static ulong[] ExpandKey(ReadOnlySpan<byte> key)
    {
        int rounds = HierocryptSpec.Rounds3(key.Length);
        ulong z1 = BinaryPrimitives.ReadUInt64BigEndian(key);
        ulong z2 = BinaryPrimitives.ReadUInt64BigEndian(key.Slice(8));
        ulong z3, z4;
        switch (key.Length)
        {
            case 16:
                z3 = z1;
                z4 = HierocryptSpec.KeyPadding3For128;
                break;
            case 24:
                z3 = BinaryPrimitives.ReadUInt64BigEndian(key.Slice(16));
                z4 = HierocryptSpec.KeyPadding3For192;
                break;
            default:
                z3 = BinaryPrimitives.ReadUInt64BigEndian(key.Slice(16));
                z4 = BinaryPrimitives.ReadUInt64BigEndian(key.Slice(24));
                break;
        }

        Sigma(ref z1, ref z2, ref z3, ref z4, HierocryptSpec.PreprocessingConstant3);

        ReadOnlySpan<ulong> constants = HierocryptSpec.RoundConstants3(key.Length);
        ulong[] roundKeys = new ulong[4 * (rounds + 1)];
        int forward = (rounds + 2) / 2;
        for (int t = 0; t <= rounds; t++)
        {
            Span<ulong> k = roundKeys.AsSpan(4 * t, 4);
            if (t < forward)
            {
                // 3.2.7, sigma side: K = (Z1' + V, Z3 + V, Z4 + V, Z2' + Z4) with V = F_sigma(Z2' + Z3), primes
                // marking the values before this step.
                ulong previous1 = z1, previous2 = z2;
                P32(ref z3, ref z4);
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
                P32Inverse(ref z3, ref z4);
            }
        }

        return roundKeys;
    }

    /// <summary>3.2.6 sigma: Z3 = M_5E(Z3) + G, Z4 = M_5E(Z4), (Z1, Z2) = (Z2, Z1 + F_sigma(Z2 + Z3)).</summary>
    private static void Sigma(ref ulong z1, ref ulong z2, ref ulong z3, ref ulong z4, ulong constant)
    {
        z3 = MultiplyHalves(z3, 0x5, 0xE) ^ constant;
        z4 = MultiplyHalves(z4, 0x5, 0xE);
        ulong next2 = z1 ^ FSigma(z2 ^ z3);
        z1 = z2;
        z2 = next2;
    }

    /// <summary>3.2.6 sigma^-1: (Z1, Z2) = (Z2 + F_sigma(Z1 + Z3), Z1), Z3 = M_B3(Z3 + G), Z4 = M_B3(Z4).</summary>
    private static void SigmaInverse(ref ulong z1, ref ulong z2, ref ulong z3, ref ulong z4, ulong constant)
    {
        ulong next1 = z2 ^ FSigma(z1 ^ z3);
        z2 = z1;
        z1 = next1;
        z3 = MultiplyHalves(z3 ^ constant, 0xB, 0x3);
        z4 = MultiplyHalves(z4, 0xB, 0x3);
    }

    /// <summary>3.3.9 M_5E / 3.3.10 M_B3: the left 32 bits times <paramref name="left"/>, the right times <paramref name="right"/>.</summary>
    private static ulong MultiplyHalves(ulong value, int left, int right)
        => ((ulong)HierocryptSpec.MultiplyGroup((uint)(value >> 32), left) << 32) | HierocryptSpec.MultiplyGroup((uint)value, right);

    /// <summary>3.3.11 F_sigma: the s-box on each byte, then P^(16) (3.3.8) on the four 16-bit parts (a, b, c, d).</summary>
    internal static ulong FSigma(ulong value)
    {
        ulong substituted = 0;
        for (int shift = 56; shift >= 0; shift -= 8)
        {
            substituted |= (ulong)HierocryptSpec.SBox[(int)(value >> shift) & 0xFF] << shift;
        }

        ulong a = substituted >> 48, b = (substituted >> 32) & 0xFFFF, c = (substituted >> 16) & 0xFFFF, d = substituted & 0xFFFF;
        a ^= c;
        b ^= d;
        c ^= b;
        d ^= a;
        return (a << 48) | (b << 32) | (c << 16) | d;
    }

    /// <summary>3.3.8 P^(32) on (Z3, Z4) as 32-bit parts (x1 x2, y1 y2): x1 += y1, x2 += y2, then y1 += x2, y2 += x1.</summary>
    private static void P32(ref ulong x, ref ulong y)
    {
        x ^= y;
        y ^= (x << 32) | (x >> 32);
    }

    /// <summary>The inverse of <see cref="P32"/>.</summary>
    private static void P32Inverse(ref ulong x, ref ulong y)
    {
        y ^= (x << 32) | (x >> 32);
        x ^= y;
    }
}

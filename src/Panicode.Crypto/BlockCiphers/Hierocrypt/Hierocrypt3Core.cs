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
            EncryptOne(source.Slice(offset, BlockSizeInBytes), destination.Slice(offset, BlockSizeInBytes));
        }
    }

    protected override void DecryptCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        Debug.Assert(source.Length % BlockSizeInBytes == 0 && destination.Length == source.Length);
        for (int offset = 0; offset < source.Length; offset += BlockSizeInBytes)
        {
            DecryptOne(source.Slice(offset, BlockSizeInBytes), destination.Slice(offset, BlockSizeInBytes));
        }
    }

    protected override void ClearKeySchedule() => Array.Clear(_roundKeys, 0, _roundKeys.Length);

    /// <summary>3.2.1: rho (XS then MDS_H) for rounds 1 .. R - 1, XS for round R, then the key of round R + 1.</summary>
    private void EncryptOne(ReadOnlySpan<byte> input, Span<byte> output)
    {
        Span<byte> state = stackalloc byte[BlockSizeInBytes];
        input.CopyTo(state);
        for (int t = 0; t < _rounds; t++)
        {
            AddKey(state, t, 0);
            SubstituteBytes(state, HierocryptSpec.SBox);
            MultiplyMdsL(state, s_mdsLProducts);
            AddKey(state, t, 2);
            SubstituteBytes(state, HierocryptSpec.SBox);
            if (t < _rounds - 1)
            {
                MultiplyMdsH(state, HierocryptSpec.MdsH3);
            }
        }

        AddKey(state, _rounds, 0);
        state.CopyTo(output);
        state.Clear();
    }

    /// <summary>3.2.2: the steps of <see cref="EncryptOne"/> inverted, last first.</summary>
    private void DecryptOne(ReadOnlySpan<byte> input, Span<byte> output)
    {
        Span<byte> state = stackalloc byte[BlockSizeInBytes];
        input.CopyTo(state);
        AddKey(state, _rounds, 0);
        for (int t = _rounds - 1; t >= 0; t--)
        {
            if (t < _rounds - 1)
            {
                MultiplyMdsH(state, HierocryptSpec.MdsH3Inverse);
            }

            SubstituteBytes(state, s_inverseSBox);
            AddKey(state, t, 2);
            MultiplyMdsL(state, s_mdsLInverseProducts);
            SubstituteBytes(state, s_inverseSBox);
            AddKey(state, t, 0);
        }

        state.CopyTo(output);
        state.Clear();
    }

    private static readonly byte[] s_inverseSBox = InvertSBox();

    private static byte[] InvertSBox()
    {
        byte[] inverse = new byte[256];
        for (int x = 0; x < 256; x++)
        {
            inverse[HierocryptSpec.SBox[x]] = (byte)x;
        }

        return inverse;
    }

    /// <summary>Adds the 128-bit half <paramref name="word"/>/2 of round key <paramref name="round"/> to the state.</summary>
    private void AddKey(Span<byte> state, int round, int word)
    {
        ulong high = BinaryPrimitives.ReadUInt64BigEndian(state) ^ _roundKeys[(4 * round) + word];
        ulong low = BinaryPrimitives.ReadUInt64BigEndian(state.Slice(8)) ^ _roundKeys[(4 * round) + word + 1];
        BinaryPrimitives.WriteUInt64BigEndian(state, high);
        BinaryPrimitives.WriteUInt64BigEndian(state.Slice(8), low);
    }

    /// <summary>3.3.3 S-function: the s-box on every byte.</summary>
    private static void SubstituteBytes(Span<byte> state, ReadOnlySpan<byte> sbox)
    {
        for (int i = 0; i < state.Length; i++)
        {
            state[i] = sbox[state[i]];
        }
    }

    // The products of each entry of mdsL (3.3.6) and of its inverse with every byte: products[256 * (4 * row + j) + x]
    // = entry(row, j) . x in GF(2^8), computed once by GfMultiply.
    private static readonly byte[] s_mdsLProducts = BuildProducts(HierocryptSpec.MdsL);
    private static readonly byte[] s_mdsLInverseProducts = BuildProducts(HierocryptSpec.MdsLInverse);

    private static byte[] BuildProducts(ReadOnlySpan<byte> matrix)
    {
        byte[] products = new byte[16 * 256];
        for (int entry = 0; entry < 16; entry++)
        {
            for (int x = 0; x < 256; x++)
            {
                products[(256 * entry) + x] = (byte)GfMultiply(x, matrix[entry]);
            }
        }

        return products;
    }

    /// <summary>3.3.5 MDS_L: mdsL (3.3.6), the 4 x 4 matrix over GF(2^8), on each 4-byte column.</summary>
    private static void MultiplyMdsL(Span<byte> state, byte[] products)
    {
        for (int c = 0; c < state.Length; c += 4)
        {
            int x0 = state[c], x1 = state[c + 1], x2 = state[c + 2], x3 = state[c + 3];
            for (int row = 0; row < 4; row++)
            {
                int entry = 256 * 4 * row;
                state[c + row] = (byte)(products[entry + x0] ^ products[entry + 256 + x1] ^ products[entry + 512 + x2] ^ products[entry + 768 + x3]);
            }
        }
    }

    /// <summary>
    /// 3.3.7 MDS_H: the 16 x 16 binary matrix over bytes, written as a 4 x 4 matrix of 4-bit entries over the four
    /// 4-byte groups of the state (<see cref="HierocryptSpec.MultiplyGroup"/>).
    /// </summary>
    private static void MultiplyMdsH(Span<byte> state, ReadOnlySpan<byte> matrix)
    {
        Span<uint> groups = stackalloc uint[4];
        for (int j = 0; j < 4; j++)
        {
            groups[j] = BinaryPrimitives.ReadUInt32BigEndian(state.Slice(4 * j));
        }

        for (int i = 0; i < 4; i++)
        {
            uint sum = 0;
            for (int j = 0; j < 4; j++)
            {
                sum ^= HierocryptSpec.MultiplyGroup(groups[j], matrix[(4 * i) + j]);
            }

            BinaryPrimitives.WriteUInt32BigEndian(state.Slice(4 * i), sum);
        }

        groups.Clear();
    }

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

// Hierocrypt-3 and Hierocrypt-L1, Reference flavour: the data randomizing part both share.
//
// Follows Toshiba's specifications of Hierocrypt-3 and Hierocrypt-L1 (2001/2002, the NESSIE/CRYPTREC versions):
// 3.2.1 encryption, 3.2.2 decryption, 3.3.1 rho, 3.3.2 XS, 3.3.3 S, 3.3.5 MDS_L, 3.3.7 MDS_H. The two ciphers differ
// only in the block size (16 or 8 bytes), MDS_H and the key schedule; the tables live in HierocryptSpec.

using System;
using System.Buffers.Binary;

namespace Panicode.Crypto.BlockCiphers.Hierocrypt;

/// <summary>The rounds of Hierocrypt-3 and Hierocrypt-L1 on one block, in safe, portable C#.</summary>
internal static class HierocryptRounds
{
    /// <summary>
    /// 3.2.1: rho (XS then MDS_H) for rounds 1 .. R - 1, XS for round R, then the key of round R + 1, on one block of
    /// 16 (Hierocrypt-3) or 8 (Hierocrypt-L1) bytes. Round key t is two halves of the block size each, as 64-bit words.
    /// </summary>
    internal static void Encrypt(ReadOnlySpan<byte> input, Span<byte> output, ulong[] roundKeys, int rounds, ReadOnlySpan<byte> mdsH)
    {
        Span<byte> state = stackalloc byte[16];
        state = state.Slice(0, input.Length);
        input.CopyTo(state);
        for (int t = 0; t < rounds; t++)
        {
            AddKey(state, roundKeys, t, 0);
            SubstituteBytes(state, HierocryptSpec.SBox);
            MultiplyMdsL(state, s_mdsLProducts);
            AddKey(state, roundKeys, t, 1);
            SubstituteBytes(state, HierocryptSpec.SBox);
            if (t < rounds - 1)
            {
                MultiplyMdsH(state, mdsH);
            }
        }

        AddKey(state, roundKeys, rounds, 0);
        state.CopyTo(output);
        state.Clear();
    }

    /// <summary>3.2.2: the steps of <see cref="Encrypt"/> inverted, last first; <paramref name="mdsHInverse"/> undoes MDS_H.</summary>
    internal static void Decrypt(ReadOnlySpan<byte> input, Span<byte> output, ulong[] roundKeys, int rounds, ReadOnlySpan<byte> mdsHInverse)
    {
        Span<byte> state = stackalloc byte[16];
        state = state.Slice(0, input.Length);
        input.CopyTo(state);
        AddKey(state, roundKeys, rounds, 0);
        for (int t = rounds - 1; t >= 0; t--)
        {
            if (t < rounds - 1)
            {
                MultiplyMdsH(state, mdsHInverse);
            }

            SubstituteBytes(state, s_inverseSBox);
            AddKey(state, roundKeys, t, 1);
            MultiplyMdsL(state, s_mdsLInverseProducts);
            SubstituteBytes(state, s_inverseSBox);
            AddKey(state, roundKeys, t, 0);
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

    /// <summary>Adds half <paramref name="half"/> (0 or 1) of round key <paramref name="round"/> to the state.</summary>
    private static void AddKey(Span<byte> state, ulong[] roundKeys, int round, int half)
    {
        int words = state.Length / 8;
        int first = (2 * words * round) + (words * half);
        for (int i = 0; i < words; i++)
        {
            Span<byte> part = state.Slice(8 * i, 8);
            BinaryPrimitives.WriteUInt64BigEndian(part, BinaryPrimitives.ReadUInt64BigEndian(part) ^ roundKeys[first + i]);
        }
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
                products[(256 * entry) + x] = (byte)Hierocrypt3Core.GfMultiply(x, matrix[entry]);
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
    /// 3.3.7 MDS_H: the 16 x 16 (Hierocrypt-L1: 8 x 8) binary matrix over bytes, written as a matrix of 4-bit entries
    /// over the 4-byte groups of the state (<see cref="HierocryptSpec.MultiplyGroup"/>).
    /// </summary>
    private static void MultiplyMdsH(Span<byte> state, ReadOnlySpan<byte> matrix)
    {
        int n = state.Length / 4;
        Span<uint> groups = stackalloc uint[4];
        for (int j = 0; j < n; j++)
        {
            groups[j] = BinaryPrimitives.ReadUInt32BigEndian(state.Slice(4 * j));
        }

        for (int i = 0; i < n; i++)
        {
            uint sum = 0;
            for (int j = 0; j < n; j++)
            {
                sum ^= HierocryptSpec.MultiplyGroup(groups[j], matrix[(n * i) + j]);
            }

            BinaryPrimitives.WriteUInt32BigEndian(state.Slice(4 * i), sum);
        }

        groups.Clear();
    }
}

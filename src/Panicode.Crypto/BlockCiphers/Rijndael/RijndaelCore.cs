using System;
using System.Buffers.Binary;
using System.Diagnostics;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Modes;
using static Panicode.Crypto.BlockCiphers.Rijndael.RijndaelTables;

namespace Panicode.Crypto.BlockCiphers.Rijndael;

/// <summary>
/// Rijndael, Reference flavour: the round-table formulation of the AES proposal v2 §5.2.1 in safe
/// code, for Nb = 4..8 block words and Nk = 4..8 key words. Each round computes, for column j,
/// Te0[row0 of column j] ^ Te1[row1 of column j+C1] ^ Te2[row2 of column j+C2] ^ Te3[row3 of column j+C3] ^ k,
/// which is SubBytes, ShiftRows, MixColumns and AddRoundKey at once; the last round has no
/// MixColumns. Shift offsets C1..C3 per block size follow §4.2.2 (and, for 160/224-bit blocks, the
/// original reference code). InvShiftRows moves row r right by Cr, so row r of column j
/// comes from column j - Cr. Decryption is the equivalent inverse cipher of §5.3.3.
/// </summary>
internal sealed class RijndaelCore : BlockCipher
{
    private readonly int _nb;
    private readonly int _rounds;
    private readonly uint[] _encryptionKeys;
    private readonly uint[] _decryptionKeys;

    // Column indices after ShiftRows (encryption) and InvShiftRows (decryption) for rows 1..3.
    private readonly int[] _shifted;
    private readonly int[] _unshifted;

    public RijndaelCore(ReadOnlySpan<byte> key, int blockSizeInBytes)
        : base(blockSizeInBytes)
    {
        Debug.Assert(blockSizeInBytes is 16 or 20 or 24 or 28 or 32);
        Debug.Assert(key.Length is 16 or 20 or 24 or 28 or 32);
        _nb = blockSizeInBytes / 4;
        _rounds = RijndaelKeySchedule.Rounds(_nb, key.Length / 4);
        (_shifted, _unshifted) = SourceColumns(_nb);
        _encryptionKeys = new uint[_nb * (_rounds + 1)];
        _decryptionKeys = new uint[_encryptionKeys.Length];
        RijndaelKeySchedule.ExpandEncryptionKey(key, _encryptionKeys);
        RijndaelKeySchedule.ExpandDecryptionKey(_encryptionKeys, _decryptionKeys, _nb);
    }

    /// <summary>
    /// For rows 1..3 (3 * Nb entries each), the column each destination column takes that row from
    /// after ShiftRows and after InvShiftRows.
    /// </summary>
    public static (int[] Shifted, int[] Unshifted) SourceColumns(int nb)
    {
        (int c1, int c2, int c3) = ShiftOffsets(nb);
        int[] shifted = new int[3 * nb];
        int[] unshifted = new int[3 * nb];
        for (int j = 0; j < nb; j++)
        {
            shifted[j] = (j + c1) % nb;
            shifted[nb + j] = (j + c2) % nb;
            shifted[(2 * nb) + j] = (j + c3) % nb;
            unshifted[j] = (j + nb - c1) % nb;
            unshifted[nb + j] = (j + nb - c2) % nb;
            unshifted[(2 * nb) + j] = (j + nb - c3) % nb;
        }

        return (shifted, unshifted);
    }

    protected override void EncryptCore(ReadOnlySpan<byte> source, Span<byte> destination) =>
        Transform(source, destination, _encryptionKeys, _shifted, Te0, Te1, Te2, Te3, SBox);

    protected override void DecryptCore(ReadOnlySpan<byte> source, Span<byte> destination) =>
        Transform(source, destination, _decryptionKeys, _unshifted, Td0, Td1, Td2, Td3, InverseSBox);

    protected override void ClearKeySchedule()
    {
        Secret.Clear(_encryptionKeys);
        Secret.Clear(_decryptionKeys);
    }

    // One routine serves both directions: the inverse cipher has the same structure with the
    // inverse tables, the inverse shifts and the decryption round keys.
    private void Transform(
        ReadOnlySpan<byte> source,
        Span<byte> destination,
        uint[] rk,
        int[] col,
        uint[] t0,
        uint[] t1,
        uint[] t2,
        uint[] t3,
        byte[] sbox)
    {
        int nb = _nb;
        Span<uint> state = stackalloc uint[nb];
        Span<uint> next = stackalloc uint[nb];
        for (int offset = 0; offset < source.Length; offset += BlockSize)
        {
            ReadOnlySpan<byte> input = source.Slice(offset, BlockSize);
            Span<byte> output = destination.Slice(offset, BlockSize);
            for (int j = 0; j < nb; j++)
            {
                state[j] = BinaryPrimitives.ReadUInt32LittleEndian(input.Slice(4 * j)) ^ rk[j];
            }

            for (int round = 1; round < _rounds; round++)
            {
                int k = round * nb;
                for (int j = 0; j < nb; j++)
                {
                    next[j] = t0[state[j] & 0xFF]
                        ^ t1[(state[col[j]] >> 8) & 0xFF]
                        ^ t2[(state[col[nb + j]] >> 16) & 0xFF]
                        ^ t3[state[col[(2 * nb) + j]] >> 24]
                        ^ rk[k + j];
                }

                next.CopyTo(state);
            }

            int last = _rounds * nb;
            for (int j = 0; j < nb; j++)
            {
                uint column = sbox[state[j] & 0xFF]
                    | ((uint)sbox[(state[col[j]] >> 8) & 0xFF] << 8)
                    | ((uint)sbox[(state[col[nb + j]] >> 16) & 0xFF] << 16)
                    | ((uint)sbox[state[col[(2 * nb) + j]] >> 24] << 24);
                BinaryPrimitives.WriteUInt32LittleEndian(output.Slice(4 * j), column ^ rk[last + j]);
            }
        }

        state.Clear();
        next.Clear();
    }
}

// Triple DES, Reference flavour.
//
// NIST SP 800-67 rev. 2, 3.1: the TDEA forward operation is C = E_K3(D_K2(E_K1(P))) and the inverse
// P = D_K1(E_K2(D_K3(C))); keying option 1 has three independent keys, keying option 2 has K3 = K1 (the 16-byte key
// K1 || K2). DES itself follows FIPS 46-3 literally: every permutation (IP, E, P, PC-1, PC-2, IP^-1) is applied bit by
// bit from the tables of DesSpec, the S-boxes are looked up by row and column. Bits are numbered from 1 at the most
// significant end of a big-endian word, as the standard numbers them.

using System;
using System.Buffers.Binary;
using System.Diagnostics;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto.BlockCiphers.TripleDes;

/// <summary>TDEA (64-bit blocks; 128- or 192-bit keys) in safe, portable C#, written from FIPS 46-3 and SP 800-67.</summary>
internal sealed class TripleDesCore : Modes.BlockCipher
{
    // The 16 round keys (48 bits each, right-aligned) of K1, K2 and K3.
    private readonly ulong[] _k1;
    private readonly ulong[] _k2;
    private readonly ulong[] _k3;

    public TripleDesCore(ReadOnlySpan<byte> key)
        : base(DesSpec.BlockSizeInBytes)
    {
        if (key.Length != 16 && key.Length != 24)
        {
            throw new ArgumentException(ErrorMessages.TripleDesKeySize, nameof(key));
        }

        _k1 = ExpandKey(key.Slice(0, 8));
        _k2 = ExpandKey(key.Slice(8, 8));

        // Keying option 2 (SP 800-67, 3.2): K3 = K1.
        _k3 = key.Length == 24 ? ExpandKey(key.Slice(16, 8)) : (ulong[])_k1.Clone();
    }

    protected override void EncryptCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        Debug.Assert(source.Length % DesSpec.BlockSizeInBytes == 0 && destination.Length == source.Length);
        for (int offset = 0; offset < source.Length; offset += DesSpec.BlockSizeInBytes)
        {
            ulong block = BinaryPrimitives.ReadUInt64BigEndian(source.Slice(offset));
            block = Des(_k3, Des(_k2, Des(_k1, block, decrypt: false), decrypt: true), decrypt: false);
            BinaryPrimitives.WriteUInt64BigEndian(destination.Slice(offset), block);
        }
    }

    protected override void DecryptCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        Debug.Assert(source.Length % DesSpec.BlockSizeInBytes == 0 && destination.Length == source.Length);
        for (int offset = 0; offset < source.Length; offset += DesSpec.BlockSizeInBytes)
        {
            ulong block = BinaryPrimitives.ReadUInt64BigEndian(source.Slice(offset));
            block = Des(_k1, Des(_k2, Des(_k3, block, decrypt: true), decrypt: false), decrypt: true);
            BinaryPrimitives.WriteUInt64BigEndian(destination.Slice(offset), block);
        }
    }

    protected override void ClearKeySchedule()
    {
        Secret.Clear(_k1);
        Secret.Clear(_k2);
        Secret.Clear(_k3);
    }

    /// <summary>
    /// FIPS 46-3, "Key Schedule Calculation": PC-1 splits the key into C0 and D0 (28 bits each), each round shifts
    /// both left by <see cref="DesSpec.Shifts"/> and PC-2 selects K1..K16 (48 bits, right-aligned) from C||D.
    /// </summary>
    internal static ulong[] ExpandKey(ReadOnlySpan<byte> desKey)
    {
        Debug.Assert(desKey.Length == DesSpec.DesKeySizeInBytes);
        ulong cd = Permute(BinaryPrimitives.ReadUInt64BigEndian(desKey), 64, DesSpec.PC1);
        uint c = (uint)(cd >> 28) & 0x0FFFFFFF;
        uint d = (uint)cd & 0x0FFFFFFF;
        ulong[] keys = new ulong[DesSpec.Rounds];
        for (int round = 0; round < DesSpec.Rounds; round++)
        {
            int shift = DesSpec.Shifts[round];
            c = ((c << shift) | (c >> (28 - shift))) & 0x0FFFFFFF;
            d = ((d << shift) | (d >> (28 - shift))) & 0x0FFFFFFF;
            keys[round] = Permute(((ulong)c << 28) | d, 56, DesSpec.PC2);
        }

        return keys;
    }

    /// <summary>
    /// FIPS 46-3, "Enciphering" and "Deciphering": IP, 16 rounds L' = R, R' = L xor f(R, K), the halves exchanged
    /// after the last round, IP^-1; deciphering takes the round keys in reverse order.
    /// </summary>
    internal static ulong Des(ulong[] keys, ulong block, bool decrypt)
    {
        ulong permuted = Permute(block, 64, DesSpec.IP);
        uint left = (uint)(permuted >> 32);
        uint right = (uint)permuted;
        for (int round = 0; round < DesSpec.Rounds; round++)
        {
            uint next = left ^ F(right, keys[decrypt ? DesSpec.Rounds - 1 - round : round]);
            left = right;
            right = next;
        }

        return Permute(((ulong)right << 32) | left, 64, DesSpec.FP);
    }

    /// <summary>FIPS 46-3, "The Cipher Function f": P(S1(B1)..S8(B8)) where B1..B8 = E(R) xor K.</summary>
    internal static uint F(uint right, ulong roundKey)
    {
        ulong b = Permute(right, 32, DesSpec.E) ^ roundKey;
        uint s = 0;
        for (int box = 0; box < 8; box++)
        {
            int six = (int)(b >> (42 - (6 * box))) & 0x3F;
            int row = ((six >> 4) & 2) | (six & 1);
            int column = (six >> 1) & 0xF;
            s = (s << 4) | DesSpec.S[box][(16 * row) + column];
        }

        return (uint)Permute(s, 32, DesSpec.P);
    }

    /// <summary>
    /// Output bit i (from 1 at the most significant end of a <c>table.Length</c>-bit result) is input bit table[i]
    /// of the <paramref name="inputBits"/>-bit input, numbered the same way.
    /// </summary>
    internal static ulong Permute(ulong input, int inputBits, byte[] table)
    {
        ulong output = 0;
        foreach (byte bit in table)
        {
            output = (output << 1) | ((input >> (inputBits - bit)) & 1);
        }

        return output;
    }
}

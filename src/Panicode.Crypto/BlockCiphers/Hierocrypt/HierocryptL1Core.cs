// Hierocrypt-L1, Reference flavour.
//
// Follows Toshiba's "Specification on a Block Cipher: Hierocrypt-L1" (2001/2002, the NESSIE/CRYPTREC version): 64-bit
// blocks, 128-bit keys, 6 rounds of the nested SPN of Hierocrypt-3 (HierocryptRounds) with a 2 x 2 MDS_H; 3.2.3-3.2.7
// the key schedule on an intermediate key Z1..Z4 of 32-bit words, as Hierocrypt-3's on 64-bit words: preprocessing,
// sigma (Z3 = M_5(Z3) + G, Z4 = M_B(Z4)), sigma^-1 (Z3 = M_B(Z3 + G), Z4 = M_5(Z4)), P^(16) on (Z3, Z4) and F_sigma =
// S then P^(8) (3.3.8-3.3.11).

using System;
using System.Buffers.Binary;
using System.Diagnostics;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto.BlockCiphers.Hierocrypt;

/// <summary>The Hierocrypt-L1 block cipher (64-bit blocks, 128-bit keys) in safe, portable C#.</summary>
internal sealed class HierocryptL1Core : Modes.BlockCipher
{
    internal const int BlockSizeInBytes = 8;

    // Round key t (t = 0 .. 6): two 64-bit words, (k1 k2) and (k3 k4) of 3.2.7.
    private readonly ulong[] _roundKeys;

    public HierocryptL1Core(ReadOnlySpan<byte> key)
        : base(BlockSizeInBytes)
    {
        if (key.Length != 16)
        {
            throw new ArgumentException(ErrorMessages.HierocryptL1KeySize, nameof(key));
        }

        _roundKeys = ExpandKey(key);
    }

    protected override void EncryptCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        Debug.Assert(source.Length % BlockSizeInBytes == 0 && destination.Length == source.Length);
        for (int offset = 0; offset < source.Length; offset += BlockSizeInBytes)
        {
            HierocryptRounds.Encrypt(source.Slice(offset, BlockSizeInBytes), destination.Slice(offset, BlockSizeInBytes), _roundKeys, HierocryptSpec.RoundsL1, HierocryptSpec.MdsHL1);
        }
    }

    protected override void DecryptCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        Debug.Assert(source.Length % BlockSizeInBytes == 0 && destination.Length == source.Length);
        for (int offset = 0; offset < source.Length; offset += BlockSizeInBytes)
        {
            HierocryptRounds.Decrypt(source.Slice(offset, BlockSizeInBytes), destination.Slice(offset, BlockSizeInBytes), _roundKeys, HierocryptSpec.RoundsL1, HierocryptSpec.MdsHL1Inverse);
        }
    }

    protected override void ClearKeySchedule() => Array.Clear(_roundKeys, 0, _roundKeys.Length);

    /// <summary>3.2.3-3.2.7, as <see cref="Hierocrypt3Core.ExpandKey"/> on 32-bit parts.</summary>
    internal static ulong[] ExpandKey(ReadOnlySpan<byte> key)
    {
        uint z1 = BinaryPrimitives.ReadUInt32BigEndian(key);
        uint z2 = BinaryPrimitives.ReadUInt32BigEndian(key.Slice(4));
        uint z3 = BinaryPrimitives.ReadUInt32BigEndian(key.Slice(8));
        uint z4 = BinaryPrimitives.ReadUInt32BigEndian(key.Slice(12));
        Sigma(ref z1, ref z2, ref z3, ref z4, HierocryptSpec.PreprocessingConstantL1);

        ReadOnlySpan<uint> constants = HierocryptSpec.RoundConstantsL1;
        int rounds = HierocryptSpec.RoundsL1;
        ulong[] roundKeys = new ulong[2 * (rounds + 1)];
        int forward = (rounds + 2) / 2;
        for (int t = 0; t <= rounds; t++)
        {
            uint k1, k2, k3, k4;
            if (t < forward)
            {
                uint previous1 = z1, previous2 = z2;
                P16(ref z3, ref z4);
                Sigma(ref z1, ref z2, ref z3, ref z4, constants[t]);
                uint v = FSigma(previous2 ^ z3);
                k1 = previous1 ^ v;
                k2 = z3 ^ v;
                k3 = z4 ^ v;
                k4 = previous2 ^ z4;
            }
            else
            {
                uint previous1 = z1, previous3 = z3;
                uint v = FSigma(z1 ^ z3);
                SigmaInverse(ref z1, ref z2, ref z3, ref z4, constants[t]);
                k1 = previous3 ^ z1;
                k2 = z3 ^ v;
                k3 = z4 ^ v;
                k4 = previous1 ^ z4;
                P16Inverse(ref z3, ref z4);
            }

            roundKeys[2 * t] = ((ulong)k1 << 32) | k2;
            roundKeys[(2 * t) + 1] = ((ulong)k3 << 32) | k4;
        }

        return roundKeys;
    }

    /// <summary>3.2.6 sigma: Z3 = M_5(Z3) + G, Z4 = M_B(Z4), (Z1, Z2) = (Z2, Z1 + F_sigma(Z2 + Z3)).</summary>
    private static void Sigma(ref uint z1, ref uint z2, ref uint z3, ref uint z4, uint constant)
    {
        z3 = HierocryptSpec.MultiplyGroup(z3, 0x5) ^ constant;
        z4 = HierocryptSpec.MultiplyGroup(z4, 0xB);
        uint next2 = z1 ^ FSigma(z2 ^ z3);
        z1 = z2;
        z2 = next2;
    }

    /// <summary>3.2.6 sigma^-1: (Z1, Z2) = (Z2 + F_sigma(Z1 + Z3), Z1), Z3 = M_B(Z3 + G), Z4 = M_5(Z4).</summary>
    private static void SigmaInverse(ref uint z1, ref uint z2, ref uint z3, ref uint z4, uint constant)
    {
        uint next1 = z2 ^ FSigma(z1 ^ z3);
        z2 = z1;
        z1 = next1;
        z3 = HierocryptSpec.MultiplyGroup(z3 ^ constant, 0xB);
        z4 = HierocryptSpec.MultiplyGroup(z4, 0x5);
    }

    /// <summary>3.3.11 F_sigma: the s-box on each byte, then P^(8) (3.3.8) on the bytes (a, b, c, d).</summary>
    internal static uint FSigma(uint value)
    {
        uint a = HierocryptSpec.SBox[(int)(value >> 24)], b = HierocryptSpec.SBox[(int)(value >> 16) & 0xFF];
        uint c = HierocryptSpec.SBox[(int)(value >> 8) & 0xFF], d = HierocryptSpec.SBox[(int)value & 0xFF];
        a ^= c;
        b ^= d;
        c ^= b;
        d ^= a;
        return (a << 24) | (b << 16) | (c << 8) | d;
    }

    /// <summary>3.3.8 P^(16) on (Z3, Z4) as 16-bit parts (x1 x2, y1 y2): x1 += y1, x2 += y2, then y1 += x2, y2 += x1.</summary>
    private static void P16(ref uint x, ref uint y)
    {
        x ^= y;
        y ^= (x << 16) | (x >> 16);
    }

    /// <summary>The inverse of <see cref="P16"/>.</summary>
    private static void P16Inverse(ref uint x, ref uint y)
    {
        y ^= (x << 16) | (x >> 16);
        x ^= y;
    }
}

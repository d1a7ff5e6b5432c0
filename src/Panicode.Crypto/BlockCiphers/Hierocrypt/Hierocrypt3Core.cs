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
    /// 3.2.3-3.2.7: the key schedule (<see cref="HierocryptKeySchedule"/> on 64-bit words): Z1 Z2 Z3 Z4 start as the
    /// key, short keys padded by 3.2.5 (Z3 = K1 and Z4 = H4 | H3 for 128 bits, Z4 = H3 | H4 for 192).
    /// </summary>
    internal static ulong[] ExpandKey(ReadOnlySpan<byte> key)
    {
        ulong z1 = BinaryPrimitives.ReadUInt64BigEndian(key);
        ulong z2 = BinaryPrimitives.ReadUInt64BigEndian(key.Slice(8));
        ulong z3 = key.Length == 16 ? z1 : BinaryPrimitives.ReadUInt64BigEndian(key.Slice(16));
        ulong z4 = key.Length switch
        {
            16 => HierocryptSpec.KeyPadding3For128,
            24 => HierocryptSpec.KeyPadding3For192,
            _ => BinaryPrimitives.ReadUInt64BigEndian(key.Slice(24)),
        };
        return HierocryptKeySchedule.Hierocrypt3.Expand(
            HierocryptSpec.RoundConstants3(key.Length), z1, z2, z3, z4, HierocryptSpec.PreprocessingConstant3, HierocryptSpec.Rounds3(key.Length));
    }
}

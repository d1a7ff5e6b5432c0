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

    /// <summary>
    /// 3.2.3-3.2.7: the key schedule (<see cref="HierocryptKeySchedule"/> on 32-bit words), Z1..Z4 = the key; round
    /// key t as two 64-bit words, (K1 K2) and (K3 K4).
    /// </summary>
    internal static ulong[] ExpandKey(ReadOnlySpan<byte> key)
    {
        ReadOnlySpan<uint> constants = HierocryptSpec.RoundConstantsL1;
        Span<ulong> wide = stackalloc ulong[constants.Length];   // stackalloc bound: a fixed table of the spec
        for (int t = 0; t < constants.Length; t++)
        {
            wide[t] = constants[t];
        }

        ulong[] parts = HierocryptKeySchedule.L1.Expand(
            wide,
            BinaryPrimitives.ReadUInt32BigEndian(key),
            BinaryPrimitives.ReadUInt32BigEndian(key.Slice(4)),
            BinaryPrimitives.ReadUInt32BigEndian(key.Slice(8)),
            BinaryPrimitives.ReadUInt32BigEndian(key.Slice(12)),
            HierocryptSpec.PreprocessingConstantL1,
            HierocryptSpec.RoundsL1);
        ulong[] roundKeys = new ulong[parts.Length / 2];
        for (int i = 0; i < roundKeys.Length; i++)
        {
            roundKeys[i] = (parts[2 * i] << 32) | parts[(2 * i) + 1];
        }

        Array.Clear(parts, 0, parts.Length);
        return roundKeys;
    }
}

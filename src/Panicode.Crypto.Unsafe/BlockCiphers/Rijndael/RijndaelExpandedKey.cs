using System;
using System.Diagnostics;
using System.Runtime.InteropServices;
using Panicode.Crypto.Internal;
using Panicode.Crypto.BlockCiphers.Rijndael;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Rijndael;

/// <summary>
/// What the portable unsafe cores need for one key: Nb, Nr, the encryption and equivalent-inverse
/// round keys from the Reference key schedule (AES proposal v2 §4.3, §5.3.3).
/// </summary>
internal sealed class RijndaelExpandedKey
{
    public RijndaelExpandedKey(ReadOnlySpan<byte> key, int blockSizeInBytes)
    {
        Debug.Assert(blockSizeInBytes is 16 or 20 or 24 or 28 or 32);
        Debug.Assert(key.Length is 16 or 20 or 24 or 28 or 32);
        Nb = blockSizeInBytes / 4;
        Rounds = RijndaelKeySchedule.Rounds(Nb, key.Length / 4);
        EncryptionKeys = new uint[Nb * (Rounds + 1)];
        DecryptionKeys = new uint[EncryptionKeys.Length];
        RijndaelKeySchedule.ExpandEncryptionKey(key, EncryptionKeys);
        RijndaelKeySchedule.ExpandDecryptionKey(EncryptionKeys, DecryptionKeys, Nb);
    }

    public int Nb { get; }

    public int Rounds { get; }

    public uint[] EncryptionKeys { get; }

    public uint[] DecryptionKeys { get; }

    /// <summary>
    /// Moves round key word j of every round to slot (Nb - j) mod Nb: the table rounds hold block column j of a
    /// decryption there (<see cref="RijndaelTableRounds{TShape, TTables, TBytes}"/>), so the key words must follow.
    /// </summary>
    public void PermuteDecryptionColumns()
    {
        uint[] roundKeys = DecryptionKeys;
        Span<uint> copy = stackalloc uint[Nb];
        for (int offset = 0; offset < roundKeys.Length; offset += Nb)
        {
            roundKeys.AsSpan(offset, Nb).CopyTo(copy);
            for (int j = 0; j < Nb; j++)
            {
                roundKeys[offset + ((Nb - j) % Nb)] = copy[j];
            }
        }

        Secret.Clear(MemoryMarshal.AsBytes(copy));
    }

    public void Clear()
    {
        Secret.Clear(EncryptionKeys);
        Secret.Clear(DecryptionKeys);
    }
}

using System;
using System.Diagnostics;
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

    public void Clear()
    {
        Secret.Clear(EncryptionKeys);
        Secret.Clear(DecryptionKeys);
    }
}

// Camellia, Reference flavour.
//
// Follows RFC 3713 "A Description of the Camellia Encryption Algorithm": 2.2 key scheduling (KL, KR, KA, KB and
// the rotated subkeys kw, k, ke), 2.3 data randomizing (18 rounds for 128-bit keys, 24 for 192/256, FL/FL^-1
// every six rounds, pre- and post-whitening), 2.3.3 decryption by reversed subkeys, 2.4 F, FL, FL^-1 and the
// s-boxes; and the NTT/Mitsubishi "Specification of Camellia" (2000): 2.4 big-endian bit/byte order, 4.4 S-function,
// 4.5 s-boxes s1..s4, 4.6 P-function.
//
// The F-function is computed as a straightforward C implementation does it: the S-function and the linear
// P-function are folded into eight 256-entry tables of 64-bit words, one per input byte position, built at type
// initialization from SBOX1 and the P-function exactly as the specification writes them.

using System;
using System.Buffers.Binary;
using System.Diagnostics;
using System.Runtime.InteropServices;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto.BlockCiphers.Camellia;

/// <summary>The Camellia block cipher (128-bit blocks; 128-, 192- and 256-bit keys) in safe, portable C#.</summary>
internal sealed class CamelliaCore : Modes.BlockCipher
{
    internal const int BlockSizeInBytes = 16;

    // ExpandKey's buffer offsets, as CamelliaSpec's schedule tables name them.
    private const int KL = CamelliaSpec.KL;
    private const int KR = CamelliaSpec.KR;
    private const int KA = CamelliaSpec.KA;
    private const int KB = CamelliaSpec.KB;

    // Subkeys in the order the data randomizing part uses them: kw1, kw2, k1..k6, ke1, ke2, k7..k12, ke3, ke4,
    // k13..k18, [ke5, ke6, k19..k24,] kw3, kw4. The decryption schedule has the same layout (RFC 3713 2.3.3).
    private readonly ulong[] _encryptionKeys;
    private readonly ulong[] _decryptionKeys;

    public CamelliaCore(ReadOnlySpan<byte> key)
        : base(BlockSizeInBytes)
    {
        if (key.Length != 16 && key.Length != 24 && key.Length != 32)
        {
            throw new ArgumentException(ErrorMessages.CamelliaKeySize, nameof(key));
        }

        _encryptionKeys = ExpandKey(key);
        _decryptionKeys = CamelliaSpec.ReverseSchedule(_encryptionKeys);
    }

    protected override void EncryptCore(ReadOnlySpan<byte> source, Span<byte> destination)
        => Crypt(source, destination, _encryptionKeys);

    protected override void DecryptCore(ReadOnlySpan<byte> source, Span<byte> destination)
        => Crypt(source, destination, _decryptionKeys);

    protected override void ClearKeySchedule()
    {
        Array.Clear(_encryptionKeys, 0, _encryptionKeys.Length);
        Array.Clear(_decryptionKeys, 0, _decryptionKeys.Length);
    }

    /// <summary>RFC 3713 2.3.1 / 2.3.2 over every block; the same code decrypts with the reversed schedule.</summary>
    private static void Crypt(ReadOnlySpan<byte> source, Span<byte> destination, ulong[] keys)
    {
        Debug.Assert(source.Length % BlockSizeInBytes == 0);
        Debug.Assert(destination.Length == source.Length);

        ulong[] sp = CamelliaSpec.SpArray;
        int postWhitening = keys.Length - 2;

        for (int offset = 0; offset < source.Length; offset += BlockSizeInBytes)
        {
            ulong d1 = BinaryPrimitives.ReadUInt64BigEndian(source.Slice(offset)) ^ keys[0];
            ulong d2 = BinaryPrimitives.ReadUInt64BigEndian(source.Slice(offset + 8)) ^ keys[1];

            int k = 2;
            while (true)
            {
                d2 ^= F(d1, keys[k], sp);
                d1 ^= F(d2, keys[k + 1], sp);
                d2 ^= F(d1, keys[k + 2], sp);
                d1 ^= F(d2, keys[k + 3], sp);
                d2 ^= F(d1, keys[k + 4], sp);
                d1 ^= F(d2, keys[k + 5], sp);
                k += 6;

                if (k == postWhitening)
                {
                    break;
                }

                d1 = CamelliaSpec.FL(d1, keys[k]);
                d2 = CamelliaSpec.FLInverse(d2, keys[k + 1]);
                k += 2;
            }

            d2 ^= keys[postWhitening];
            d1 ^= keys[postWhitening + 1];

            // C = (D2 << 64) | D1: both halves were read before this block's output is written, so in-place works.
            BinaryPrimitives.WriteUInt64BigEndian(destination.Slice(offset), d2);
            BinaryPrimitives.WriteUInt64BigEndian(destination.Slice(offset + 8), d1);
        }
    }

    /// <summary>RFC 3713 2.4.1: F(F_IN, KE) = P(S(F_IN ^ KE)), through the combined S/P tables.</summary>
    private static ulong F(ulong input, ulong subkey, ulong[] sp)
    {
        ulong x = input ^ subkey;
        return sp[(int)(x >> 56)]
            ^ sp[0x100 | ((int)(x >> 48) & 0xFF)]
            ^ sp[0x200 | ((int)(x >> 40) & 0xFF)]
            ^ sp[0x300 | ((int)(x >> 32) & 0xFF)]
            ^ sp[0x400 | ((int)(x >> 24) & 0xFF)]
            ^ sp[0x500 | ((int)(x >> 16) & 0xFF)]
            ^ sp[0x600 | ((int)(x >> 8) & 0xFF)]
            ^ sp[0x700 | ((int)x & 0xFF)];
    }

    /// <summary>
    /// RFC 3713 2.2: KL, KR, KA, KB and the subkeys of Tables 2 and 3 of the NTT specification. The four 128-bit
    /// keys live in one stack buffer that is cleared before returning (values the JIT keeps in registers are out
    /// of reach of managed code).
    /// </summary>
    internal static ulong[] ExpandKey(ReadOnlySpan<byte> key)
    {
        Debug.Assert(key.Length is 16 or 24 or 32);
        ulong[] sp = CamelliaSpec.SpArray;

        // q[KL], q[KL + 1] = KL as (high, low) halves; the same for KR, KA and KB.
        Span<ulong> q = stackalloc ulong[8];
        q[KL] = ReadWord(key, 0);
        q[KL + 1] = ReadWord(key, 8);
        if (key.Length == 24)
        {
            q[KR] = ReadWord(key, 16);
            q[KR + 1] = ~q[KR];
        }
        else if (key.Length == 32)
        {
            q[KR] = ReadWord(key, 16);
            q[KR + 1] = ReadWord(key, 24);
        }

        q[KA] = q[KL] ^ q[KR];
        q[KA + 1] = q[KL + 1] ^ q[KR + 1];
        q[KA + 1] ^= F(q[KA], CamelliaSpec.Sigma1, sp);
        q[KA] ^= F(q[KA + 1], CamelliaSpec.Sigma2, sp);
        q[KA] ^= q[KL];
        q[KA + 1] ^= q[KL + 1];
        q[KA + 1] ^= F(q[KA], CamelliaSpec.Sigma3, sp);
        q[KA] ^= F(q[KA + 1], CamelliaSpec.Sigma4, sp);

        byte[] schedule = CamelliaSpec.Schedule128;
        if (key.Length != 16)
        {
            q[KB] = q[KA] ^ q[KR];
            q[KB + 1] = q[KA + 1] ^ q[KR + 1];
            q[KB + 1] ^= F(q[KB], CamelliaSpec.Sigma5, sp);
            q[KB] ^= F(q[KB + 1], CamelliaSpec.Sigma6, sp);
            schedule = CamelliaSpec.Schedule256;
        }

        // Subkey i is the high (even i) or low (odd i) half of source <<< rotation. Rotating by 64 swaps the
        // halves and taking the low half is the high half of the swapped pair, so the half that leads is picked
        // by index; the shift of the other one is split in two so that a rotation by 0 shifts it out entirely.
        ulong[] subkeys = new ulong[schedule.Length / 2];
        for (int i = 0; i < subkeys.Length; i++)
        {
            int source = schedule[2 * i];
            int rotation = schedule[(2 * i) + 1];
            int lead = (rotation >> 6) ^ (i & 1);
            int count = rotation & 63;
            subkeys[i] = (q[source + lead] << count) | ((q[source + 1 - lead] >> 1) >> (63 - count));
        }

        Secret.Clear(MemoryMarshal.AsBytes(q));
        return subkeys;
    }

    private static ulong ReadWord(ReadOnlySpan<byte> key, int offset) => BinaryPrimitives.ReadUInt64BigEndian(key.Slice(offset));
}

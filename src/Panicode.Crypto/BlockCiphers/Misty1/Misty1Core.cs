// MISTY1, Reference flavour.
//
// Follows RFC 2994 ("A Description of the MISTY1 Encryption Algorithm"): 2.2 the key scheduling part (EK[0..15];
// EK[16..31] of the RFC are only the 9- and 7-bit halves of EK[8..15], which FI splits itself here), 2.3 functions
// FO, FI (with S7 and S9 of Misty1Spec), FL and FLINV, and the data randomizing part of 8 rounds with its decryption
// in reverse order. Words are read big-endian: D0 is the left 32 bits of the block.

using System;
using System.Buffers.Binary;
using System.Diagnostics;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto.BlockCiphers.Misty1;

/// <summary>The MISTY1 block cipher (64-bit blocks, 128-bit keys, 8 rounds) in safe, portable C#.</summary>
internal sealed class Misty1Core : Modes.BlockCipher
{
    // 2.2: EK[0..7] = the key as 16-bit big-endian values, EK[8..15] = FI(EK[i], EK[(i+1) % 8]).
    private readonly ushort[] _ek;

    public Misty1Core(ReadOnlySpan<byte> key)
        : base(Misty1Spec.BlockSizeInBytes)
    {
        if (key.Length != Misty1Spec.KeySizeInBytes)
        {
            throw new ArgumentException(ErrorMessages.Misty1KeySize, nameof(key));
        }

        _ek = ExpandKey(key);
    }

    protected override void EncryptCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        Debug.Assert(source.Length % Misty1Spec.BlockSizeInBytes == 0 && destination.Length == source.Length);
        for (int offset = 0; offset < source.Length; offset += Misty1Spec.BlockSizeInBytes)
        {
            EncryptBlock(_ek, source.Slice(offset, Misty1Spec.BlockSizeInBytes), destination.Slice(offset, Misty1Spec.BlockSizeInBytes));
        }
    }

    protected override void DecryptCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        Debug.Assert(source.Length % Misty1Spec.BlockSizeInBytes == 0 && destination.Length == source.Length);
        for (int offset = 0; offset < source.Length; offset += Misty1Spec.BlockSizeInBytes)
        {
            DecryptBlock(_ek, source.Slice(offset, Misty1Spec.BlockSizeInBytes), destination.Slice(offset, Misty1Spec.BlockSizeInBytes));
        }
    }

    protected override void ClearKeySchedule() => Secret.Clear(_ek);

    /// <summary>2.2: the key scheduling part, EK[0..15] (EK[16..31] are the halves of EK[8..15], see <see cref="FI"/>).</summary>
    internal static ushort[] ExpandKey(ReadOnlySpan<byte> key)
    {
        ushort[] ek = new ushort[16];
        for (int i = 0; i < 8; i++)
        {
            ek[i] = BinaryPrimitives.ReadUInt16BigEndian(key.Slice(2 * i));
        }

        for (int i = 0; i < 8; i++)
        {
            ek[i + 8] = FI(ek[i], ek[(i + 1) % 8]);
        }

        return ek;
    }

    /// <summary>2.3: the data randomizing part: rounds 0..7, FL layers before the even rounds and after the last.</summary>
    private static void EncryptBlock(ushort[] ek, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        uint d0 = BinaryPrimitives.ReadUInt32BigEndian(source);
        uint d1 = BinaryPrimitives.ReadUInt32BigEndian(source.Slice(4));
        for (int round = 0; round < Misty1Spec.Rounds; round++)
        {
            if (round % 2 == 0)
            {
                d0 = FL(ek, d0, round);
                d1 = FL(ek, d1, round + 1);
                d1 ^= FO(ek, d0, round);
            }
            else
            {
                d0 ^= FO(ek, d1, round);
            }
        }

        d0 = FL(ek, d0, Misty1Spec.Rounds);
        d1 = FL(ek, d1, Misty1Spec.Rounds + 1);

        // C = (D1 << 32) | D0.
        BinaryPrimitives.WriteUInt32BigEndian(destination, d1);
        BinaryPrimitives.WriteUInt32BigEndian(destination.Slice(4), d0);
    }

    /// <summary>2.3: decryption, the data randomizing part in reverse order with FLINV for FL.</summary>
    private static void DecryptBlock(ushort[] ek, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        uint d1 = BinaryPrimitives.ReadUInt32BigEndian(source);
        uint d0 = BinaryPrimitives.ReadUInt32BigEndian(source.Slice(4));
        d0 = FLInverse(ek, d0, Misty1Spec.Rounds);
        d1 = FLInverse(ek, d1, Misty1Spec.Rounds + 1);
        for (int round = Misty1Spec.Rounds - 1; round >= 0; round--)
        {
            if (round % 2 == 1)
            {
                d0 ^= FO(ek, d1, round);
            }
            else
            {
                d1 ^= FO(ek, d0, round);
                d0 = FLInverse(ek, d0, round);
                d1 = FLInverse(ek, d1, round + 1);
            }
        }

        // P = (D0 << 32) | D1.
        BinaryPrimitives.WriteUInt32BigEndian(destination, d0);
        BinaryPrimitives.WriteUInt32BigEndian(destination.Slice(4), d1);
    }

    /// <summary>2.3: FO(FO_IN, k), three FI calls of a 3-round Feistel network on the 16-bit halves.</summary>
    internal static uint FO(ushort[] ek, uint input, int k)
    {
        uint t0 = input >> 16;
        uint t1 = input & 0xFFFF;
        t0 ^= ek[k];
        t0 = FI((ushort)t0, ek[((k + 5) % 8) + 8]);
        t0 ^= t1;
        t1 ^= ek[(k + 2) % 8];
        t1 = FI((ushort)t1, ek[((k + 1) % 8) + 8]);
        t1 ^= t0;
        t0 ^= ek[(k + 7) % 8];
        t0 = FI((ushort)t0, ek[((k + 3) % 8) + 8]);
        t0 ^= t1;
        t1 ^= ek[(k + 4) % 8];
        return (t1 << 16) | t0;
    }

    /// <summary>2.3: FI(FI_IN, FI_KEY): S9 on the high 9 bits, S7 on the low 7, the key's 7- and 9-bit halves, S9 again.</summary>
    internal static ushort FI(ushort input, ushort key)
    {
        int d9 = input >> 7;
        int d7 = input & 0x7F;
        d9 = Misty1Spec.S9[d9] ^ d7;
        d7 = (Misty1Spec.S7[d7] ^ d9) & 0x7F;
        d7 ^= key >> 9;
        d9 ^= key & 0x1FF;
        d9 = Misty1Spec.S9[d9] ^ d7;
        return (ushort)((d7 << 9) | d9);
    }

    /// <summary>2.3: FL(FL_IN, k), the key-dependent linear layer (AND then OR), two forms for even and odd k.</summary>
    internal static uint FL(ushort[] ek, uint input, int k)
    {
        uint d0 = input >> 16;
        uint d1 = input & 0xFFFF;
        if (k % 2 == 0)
        {
            d1 ^= d0 & ek[k / 2];
            d0 ^= d1 | ek[(((k / 2) + 6) % 8) + 8];
        }
        else
        {
            d1 ^= d0 & ek[((((k - 1) / 2) + 2) % 8) + 8];
            d0 ^= d1 | ek[(((k - 1) / 2) + 4) % 8];
        }

        return (d0 << 16) | d1;
    }

    /// <summary>2.3: FLINV(FL_IN, k), the inverse of <see cref="FL"/>: the same two steps in reverse order.</summary>
    internal static uint FLInverse(ushort[] ek, uint input, int k)
    {
        uint d0 = input >> 16;
        uint d1 = input & 0xFFFF;
        if (k % 2 == 0)
        {
            d0 ^= d1 | ek[(((k / 2) + 6) % 8) + 8];
            d1 ^= d0 & ek[k / 2];
        }
        else
        {
            d0 ^= d1 | ek[(((k - 1) / 2) + 4) % 8];
            d1 ^= d0 & ek[((((k - 1) / 2) + 2) % 8) + 8];
        }

        return (d0 << 16) | d1;
    }
}

using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using Panicode.Crypto.BlockCiphers.Misty1;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Modes;
using Panicode.Crypto.Unsafe.Internal;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Misty1;

/// <summary>
/// MISTY1, Unsafe flavour (RFC 2994, 2.2 key scheduling, 2.3 FO, FI, FL and the data randomizing part; S7 and S9 from
/// <see cref="Misty1Spec"/>). Techniques: FI's key-independent first half, d9 = S9[x >> 7] ^ d7 and
/// d7 = S7[d7] ^ d9, written as the XOR of two lookups A[x >> 7] ^ B[x &amp; 0x7F] that each give the whole 16-bit
/// intermediate (so the 7-bit XOR of S7's output no longer waits on S9's); FI_KEY then XORs in as one 16-bit value
/// (its halves sit where d7 and d9 do) and the second S9 finishes. The tables are 32-bit entries in unmanaged memory
/// read through a pointer argument; the round keys are laid out per call (7 per FO, 2 per FL) so no index arithmetic
/// runs per block; FL works on the 32-bit word; four blocks go through interleaved, the last one to three singly.
/// </summary>
internal sealed unsafe class Misty1PortableCore : BlockCipher
{
    // The schedule: FO round k at FoKeys + 8k (KO1..KO4, KI1..KI3, a pad), FL k at FlKeys + 2k (the AND key, the OR key).
    private const int FoKeys = 0;
    private const int FlKeys = 8 * Misty1Spec.Rounds;
    private const int ScheduleLength = FlKeys + (2 * (Misty1Spec.Rounds + 2));

    // Table layout: A at 0 (512 entries), B at 512 (128 entries), S9 at 640 (512 entries).
    private const int TableB = 512;
    private const int TableS9 = 640;

    private readonly uint[] _schedule;

    public Misty1PortableCore(ReadOnlySpan<byte> key)
        : base(Misty1Spec.BlockSizeInBytes)
    {
        Debug.Assert(key.Length == Misty1Spec.KeySizeInBytes);
        _schedule = ExpandKey(key);
    }

    /// <summary>A[x9] and B[x7] with A[x >> 7] ^ B[x &amp; 0x7F] = FI's intermediate (d7 &lt;&lt; 9) | d9 before the key; then S9.</summary>
    internal static readonly uint* Tables = BuildTables();

    protected override void EncryptCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (uint* k = _schedule)
        {
            Encrypt(src, dst, source.Length / Misty1Spec.BlockSizeInBytes, k, Tables);
        }
    }

    protected override void DecryptCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (uint* k = _schedule)
        {
            Decrypt(src, dst, source.Length / Misty1Spec.BlockSizeInBytes, k, Tables);
        }
    }

    protected override void ClearKeySchedule() => Secret.Clear(_schedule);

    /// <summary>2.2 through the Reference's key schedule, then the keys of each FO and FL call in the order they are used.</summary>
    internal static uint[] ExpandKey(ReadOnlySpan<byte> key)
    {
        ushort[] ek = Misty1Core.ExpandKey(key);
        uint[] schedule = new uint[ScheduleLength];
        for (int k = 0; k < Misty1Spec.Rounds; k++)
        {
            int at = FoKeys + (8 * k);
            schedule[at] = ek[k];
            schedule[at + 1] = ek[(k + 2) % 8];
            schedule[at + 2] = ek[(k + 7) % 8];
            schedule[at + 3] = ek[(k + 4) % 8];
            schedule[at + 4] = ek[((k + 5) % 8) + 8];
            schedule[at + 5] = ek[((k + 1) % 8) + 8];
            schedule[at + 6] = ek[((k + 3) % 8) + 8];
        }

        for (int k = 0; k < Misty1Spec.Rounds + 2; k++)
        {
            int half = k / 2;
            bool even = k % 2 == 0;
            schedule[FlKeys + (2 * k)] = even ? ek[half] : ek[((half + 2) % 8) + 8];
            schedule[FlKeys + (2 * k) + 1] = even ? ek[((half + 6) % 8) + 8] : ek[(half + 4) % 8];
        }

        Secret.Clear(ek);
        return schedule;
    }

    /// <summary>2.3: 8 rounds, FL layers before the even rounds and after the last; C = D1 || D0.</summary>
    private static void Encrypt(byte* src, byte* dst, int blocks, uint* k, uint* t)
    {
        uint* fl = k + FlKeys;
        for (; blocks >= 4; blocks -= 4, src += 32, dst += 32)
        {
            uint a0 = BigEndian.Read32(src), a1 = BigEndian.Read32(src + 4);
            uint b0 = BigEndian.Read32(src + 8), b1 = BigEndian.Read32(src + 12);
            uint c0 = BigEndian.Read32(src + 16), c1 = BigEndian.Read32(src + 20);
            uint d0 = BigEndian.Read32(src + 24), d1 = BigEndian.Read32(src + 28);
            for (int round = 0; round < Misty1Spec.Rounds; round += 2)
            {
                uint* l0 = fl + (2 * round), l1 = l0 + 2, fo = k + FoKeys + (8 * round);
                a0 = FL(a0, l0);
                a1 = FL(a1, l1);
                b0 = FL(b0, l0);
                b1 = FL(b1, l1);
                c0 = FL(c0, l0);
                c1 = FL(c1, l1);
                d0 = FL(d0, l0);
                d1 = FL(d1, l1);
                a1 ^= FO(a0, fo, t);
                b1 ^= FO(b0, fo, t);
                c1 ^= FO(c0, fo, t);
                d1 ^= FO(d0, fo, t);
                a0 ^= FO(a1, fo + 8, t);
                b0 ^= FO(b1, fo + 8, t);
                c0 ^= FO(c1, fo + 8, t);
                d0 ^= FO(d1, fo + 8, t);
            }

            uint* last0 = fl + (2 * Misty1Spec.Rounds), last1 = last0 + 2;
            BigEndian.Write32(dst, FL(a1, last1));
            BigEndian.Write32(dst + 4, FL(a0, last0));
            BigEndian.Write32(dst + 8, FL(b1, last1));
            BigEndian.Write32(dst + 12, FL(b0, last0));
            BigEndian.Write32(dst + 16, FL(c1, last1));
            BigEndian.Write32(dst + 20, FL(c0, last0));
            BigEndian.Write32(dst + 24, FL(d1, last1));
            BigEndian.Write32(dst + 28, FL(d0, last0));
        }

        for (; blocks > 0; blocks--, src += 8, dst += 8)
        {
            uint w0 = BigEndian.Read32(src), w1 = BigEndian.Read32(src + 4);
            for (int round = 0; round < Misty1Spec.Rounds; round += 2)
            {
                uint* fo = k + FoKeys + (8 * round);
                w0 = FL(w0, fl + (2 * round));
                w1 = FL(w1, fl + (2 * round) + 2);
                w1 ^= FO(w0, fo, t);
                w0 ^= FO(w1, fo + 8, t);
            }

            BigEndian.Write32(dst, FL(w1, fl + (2 * Misty1Spec.Rounds) + 2));
            BigEndian.Write32(dst + 4, FL(w0, fl + (2 * Misty1Spec.Rounds)));
        }
    }

    /// <summary>2.3: decryption, the rounds in reverse order with FLINV; C = D1 || D0 in, P = D0 || D1 out.</summary>
    private static void Decrypt(byte* src, byte* dst, int blocks, uint* k, uint* t)
    {
        uint* fl = k + FlKeys;
        uint* first0 = fl + (2 * Misty1Spec.Rounds), first1 = first0 + 2;
        for (; blocks >= 4; blocks -= 4, src += 32, dst += 32)
        {
            uint a1 = FLInverse(BigEndian.Read32(src), first1), a0 = FLInverse(BigEndian.Read32(src + 4), first0);
            uint b1 = FLInverse(BigEndian.Read32(src + 8), first1), b0 = FLInverse(BigEndian.Read32(src + 12), first0);
            uint c1 = FLInverse(BigEndian.Read32(src + 16), first1), c0 = FLInverse(BigEndian.Read32(src + 20), first0);
            uint d1 = FLInverse(BigEndian.Read32(src + 24), first1), d0 = FLInverse(BigEndian.Read32(src + 28), first0);
            for (int round = Misty1Spec.Rounds - 2; round >= 0; round -= 2)
            {
                uint* l0 = fl + (2 * round), l1 = l0 + 2, fo = k + FoKeys + (8 * round);
                a0 ^= FO(a1, fo + 8, t);
                b0 ^= FO(b1, fo + 8, t);
                c0 ^= FO(c1, fo + 8, t);
                d0 ^= FO(d1, fo + 8, t);
                a1 ^= FO(a0, fo, t);
                b1 ^= FO(b0, fo, t);
                c1 ^= FO(c0, fo, t);
                d1 ^= FO(d0, fo, t);
                a0 = FLInverse(a0, l0);
                a1 = FLInverse(a1, l1);
                b0 = FLInverse(b0, l0);
                b1 = FLInverse(b1, l1);
                c0 = FLInverse(c0, l0);
                c1 = FLInverse(c1, l1);
                d0 = FLInverse(d0, l0);
                d1 = FLInverse(d1, l1);
            }

            BigEndian.Write32(dst, a0);
            BigEndian.Write32(dst + 4, a1);
            BigEndian.Write32(dst + 8, b0);
            BigEndian.Write32(dst + 12, b1);
            BigEndian.Write32(dst + 16, c0);
            BigEndian.Write32(dst + 20, c1);
            BigEndian.Write32(dst + 24, d0);
            BigEndian.Write32(dst + 28, d1);
        }

        for (; blocks > 0; blocks--, src += 8, dst += 8)
        {
            uint w1 = FLInverse(BigEndian.Read32(src), first1), w0 = FLInverse(BigEndian.Read32(src + 4), first0);
            for (int round = Misty1Spec.Rounds - 2; round >= 0; round -= 2)
            {
                uint* fo = k + FoKeys + (8 * round);
                w0 ^= FO(w1, fo + 8, t);
                w1 ^= FO(w0, fo, t);
                w0 = FLInverse(w0, fl + (2 * round));
                w1 = FLInverse(w1, fl + (2 * round) + 2);
            }

            BigEndian.Write32(dst, w0);
            BigEndian.Write32(dst + 4, w1);
        }
    }

    /// <summary>2.3 FO with the keys of one call: KO1..KO4 at k[0..3], KI1..KI3 at k[4..6].</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint FO(uint input, uint* k, uint* t)
    {
        uint t0 = input >> 16;
        uint t1 = input & 0xFFFF;
        t0 = FI(t0 ^ k[0], k[4], t) ^ t1;
        t1 = FI(t1 ^ k[1], k[5], t) ^ t0;
        t0 = FI(t0 ^ k[2], k[6], t) ^ t1;
        return ((t1 ^ k[3]) << 16) | t0;
    }

    /// <summary>2.3 FI: y = (d7 &lt;&lt; 9 | d9) after the first S9 and S7 from two lookups, the key as one XOR, the second S9.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint FI(uint x, uint key, uint* t)
    {
        uint y = t[x >> 7] ^ t[TableB + (x & 0x7F)] ^ key;
        return (y & 0xFE00) | (t[TableS9 + (y & 0x1FF)] ^ (y >> 9));
    }

    /// <summary>FI through <see cref="Tables"/>, one call at a time (for comparing with the Reference FI).</summary>
    internal static ushort FI(ushort x, ushort key) => (ushort)FI(x, key, Tables);

    /// <summary>2.3 FL on the word: d1 ^= d0 &amp; k[0], then d0 ^= d1 | k[1].</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint FL(uint x, uint* k)
    {
        x ^= (x >> 16) & k[0];
        return x ^ (((x & 0xFFFF) | k[1]) << 16);
    }

    /// <summary>2.3 FLINV on the word: d0 ^= d1 | k[1], then d1 ^= d0 &amp; k[0].</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint FLInverse(uint x, uint* k)
    {
        x ^= ((x & 0xFFFF) | k[1]) << 16;
        return x ^ ((x >> 16) & k[0]);
    }

    /// <summary>
    /// With x = hi9 || lo7: d9 = S9[hi9] ^ lo7 and d7 = (S7[lo7] ^ d9) &amp; 0x7F = S7[lo7] ^ lo7 ^ (S9[hi9] &amp; 0x7F), so
    /// (d7 &lt;&lt; 9) | d9 = A[hi9] ^ B[lo7] with A[h] = ((S9[h] &amp; 0x7F) &lt;&lt; 9) | S9[h] and B[l] = ((S7[l] ^ l) &lt;&lt; 9) | l.
    /// </summary>
    private static uint* BuildTables()
    {
        uint* table = (uint*)NativeMemoryBlock.AllocateAligned((TableS9 + 512) * sizeof(uint));
        for (int h = 0; h < 512; h++)
        {
            uint s9 = Misty1Spec.S9[h];
            table[h] = ((s9 & 0x7F) << 9) | s9;
            table[TableS9 + h] = s9;
        }

        for (int l = 0; l < 128; l++)
        {
            table[TableB + l] = ((uint)(Misty1Spec.S7[l] ^ l) << 9) | (uint)l;
        }

        return table;
    }
}

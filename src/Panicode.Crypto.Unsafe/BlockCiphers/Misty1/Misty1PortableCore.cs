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
/// <see cref="Misty1Spec"/>). Techniques: FI split at its key into two key-independent 16-bit permutations, each one
/// table of 65,536 16-bit entries (128 KiB each, L2-resident): F(x) = (d7 &lt;&lt; 9) | d9 after the first S9 and S7,
/// G(y) = the second S9 with d7 carried, so FI(x, key) = G[F[x] ^ key] is two lookups and one XOR instead of three
/// S-box lookups and about ten shifts, masks and XORs (measured 1.4x over small S7/S9-derived tables). The tables sit
/// in unmanaged memory read through a pointer argument; the round keys are laid out per call (7 per FO, 2 per FL) so
/// no index arithmetic runs per block; FL works on the 32-bit word; four blocks go through interleaved, FI by FI, the
/// last one to three singly. Table lookups indexed by secret data are not cache-timing safe.
/// </summary>
internal sealed unsafe class Misty1PortableCore : BlockCipher, ICbcEncryptor
{
    // The schedule: FO round k at FoKeys + 8k (KO1..KO4, KI1..KI3, a pad), FL k at FlKeys + 2k (the AND key, the OR key).
    private const int FoKeys = 0;
    private const int FlKeys = 8 * Misty1Spec.Rounds;
    private const int ScheduleLength = FlKeys + (2 * (Misty1Spec.Rounds + 2));

    // Table layout: F at 0, G at 65,536 (16-bit entries each).
    private const int TableG = 1 << 16;

    private readonly uint[] _schedule;

    public Misty1PortableCore(ReadOnlySpan<byte> key)
        : base(Misty1Spec.BlockSizeInBytes)
    {
        Debug.Assert(key.Length == Misty1Spec.KeySizeInBytes);
        _schedule = ExpandKey(key);
    }

    /// <summary>F then G (see <see cref="FI(uint, uint, ushort*)"/>).</summary>
    internal static readonly ushort* Tables = BuildTables();

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
    private static void Encrypt(byte* src, byte* dst, int blocks, uint* k, ushort* t)
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
                (uint fa, uint fb, uint fc, uint fd) = FO4(a0, b0, c0, d0, fo, t);
                a1 ^= fa;
                b1 ^= fb;
                c1 ^= fc;
                d1 ^= fd;
                (fa, fb, fc, fd) = FO4(a1, b1, c1, d1, fo + 8, t);
                a0 ^= fa;
                b0 ^= fb;
                c0 ^= fc;
                d0 ^= fd;
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
            (uint c0, uint c1) = EncryptOne(BigEndian.Read32(src), BigEndian.Read32(src + 4), k);
            BigEndian.Write32(dst, c0);
            BigEndian.Write32(dst + 4, c1);
        }
    }

    /// <summary>One block (D0, D1) through 2.3's rounds; returns the ciphertext words in order.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static (uint C0, uint C1) EncryptOne(uint w0, uint w1, uint* k)
    {
        uint* fl = k + FlKeys;
        for (int round = 0; round < Misty1Spec.Rounds; round += 2)
        {
            uint* fo = k + FoKeys + (8 * round);
            w0 = FL(w0, fl + (2 * round));
            w1 = FL(w1, fl + (2 * round) + 2);
            w1 ^= FO(w0, fo, Spec9, Spec7);
            w0 ^= FO(w1, fo + 8, Spec9, Spec7);
        }

        return (FL(w1, fl + (2 * Misty1Spec.Rounds) + 2), FL(w0, fl + (2 * Misty1Spec.Rounds)));
    }

    // CBC encryption (the ICbcEncryptor capability; CMAC goes through it too): serial, the chaining value in registers
    // and the schedule pinned across the blocks instead of one core call per block.
    void ICbcEncryptor.EncryptCbc(Span<byte> chain, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        fixed (byte* iv = chain)
        fixed (byte* start = source)
        fixed (byte* output = destination)
        fixed (uint* k = _schedule)
        {
            uint c0 = BigEndian.Read32(iv), c1 = BigEndian.Read32(iv + 4);
            byte* src = start;
            byte* dst = output;
            for (int blocks = source.Length / Misty1Spec.BlockSizeInBytes; blocks > 0; blocks--, src += 8, dst += 8)
            {
                (c0, c1) = EncryptOne(BigEndian.Read32(src) ^ c0, BigEndian.Read32(src + 4) ^ c1, k);
                BigEndian.Write32(dst, c0);
                BigEndian.Write32(dst + 4, c1);
            }

            BigEndian.Write32(iv, c0);
            BigEndian.Write32(iv + 4, c1);
        }
    }

    /// <summary>2.3: decryption, the rounds in reverse order with FLINV; C = D1 || D0 in, P = D0 || D1 out.</summary>
    private static void Decrypt(byte* src, byte* dst, int blocks, uint* k, ushort* t)
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
                (uint fa, uint fb, uint fc, uint fd) = FO4(a1, b1, c1, d1, fo + 8, t);
                a0 ^= fa;
                b0 ^= fb;
                c0 ^= fc;
                d0 ^= fd;
                (fa, fb, fc, fd) = FO4(a0, b0, c0, d0, fo, t);
                a1 ^= fa;
                b1 ^= fb;
                c1 ^= fc;
                d1 ^= fd;
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
                w0 ^= FO(w1, fo + 8, Spec9, Spec7);
                w1 ^= FO(w0, fo, Spec9, Spec7);
                w0 = FLInverse(w0, fl + (2 * round));
                w1 = FLInverse(w1, fl + (2 * round) + 2);
            }

            BigEndian.Write32(dst, w0);
            BigEndian.Write32(dst + 4, w1);
        }
    }

    /// <summary>
    /// 2.3 FO of one block with the keys of one call (KO1..KO4 at k[0..3], KI1..KI3 at k[4..6]), FI through the spec's
    /// S9 and S7 (<see cref="FISerial"/>). One block at a time (CBC encryption, CMAC, the last blocks of a call) every
    /// lookup is on the chain: the 256 KiB F and G tables of the four-block loop answer from L2 there, and made the
    /// Unsafe flavour's CBC encryption and CMAC slower than the Reference one (docs/benchmarks.md); S9 and S7, 1.1 KiB together,
    /// stay in L1.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint FO(uint input, uint* k, ushort* s9, byte* s7)
    {
        uint t0 = input >> 16;
        uint t1 = input & 0xFFFF;
        t0 = FISerial(t0 ^ k[0], k[4], s9, s7) ^ t1;
        t1 = FISerial(t1 ^ k[1], k[5], s9, s7) ^ t0;
        t0 = FISerial(t0 ^ k[2], k[6], s9, s7) ^ t1;
        return ((t1 ^ k[3]) << 16) | t0;
    }

    /// <summary>2.3 FI with S9 on the high 9 bits, S7 on the low 7, the key's halves, S9 again (as the Reference FI).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint FISerial(uint x, uint key, ushort* s9, byte* s7)
    {
        uint d9 = x >> 7;
        uint d7 = x & 0x7F;
        d9 = s9[d9] ^ d7;
        d7 = (s7[d7] ^ d9) & 0x7F;
        d7 ^= key >> 9;
        d9 ^= key & 0x1FF;
        d9 = s9[d9] ^ d7;
        return (d7 << 9) | d9;
    }

    /// <summary>S9 of the spec in native memory (no bounds checks, a fixed address).</summary>
    private static readonly ushort* Spec9 = Copy(Misty1Spec.S9);

    /// <summary>S7 of the spec in native memory.</summary>
    private static readonly byte* Spec7 = Copy(Misty1Spec.S7);

    private static ushort* Copy(ushort[] table)
    {
        ushort* copy = (ushort*)NativeMemoryBlock.AllocateAligned(table.Length * sizeof(ushort));
        table.AsSpan().CopyTo(new Span<ushort>(copy, table.Length));
        return copy;
    }

    private static byte* Copy(byte[] table)
    {
        byte* copy = NativeMemoryBlock.AllocateAligned(table.Length);
        table.AsSpan().CopyTo(new Span<byte>(copy, table.Length));
        return copy;
    }

    /// <summary><see cref="FO"/> of four blocks, interleaved call by call of FI so the four chains overlap in the pipeline.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static (uint A, uint B, uint C, uint D) FO4(uint a, uint b, uint c, uint d, uint* k, ushort* t)
    {
        uint a0 = a >> 16, a1 = a & 0xFFFF;
        uint b0 = b >> 16, b1 = b & 0xFFFF;
        uint c0 = c >> 16, c1 = c & 0xFFFF;
        uint d0 = d >> 16, d1 = d & 0xFFFF;
        uint ko = k[0], ki = k[4];
        a0 = FI(a0 ^ ko, ki, t) ^ a1;
        b0 = FI(b0 ^ ko, ki, t) ^ b1;
        c0 = FI(c0 ^ ko, ki, t) ^ c1;
        d0 = FI(d0 ^ ko, ki, t) ^ d1;
        ko = k[1];
        ki = k[5];
        a1 = FI(a1 ^ ko, ki, t) ^ a0;
        b1 = FI(b1 ^ ko, ki, t) ^ b0;
        c1 = FI(c1 ^ ko, ki, t) ^ c0;
        d1 = FI(d1 ^ ko, ki, t) ^ d0;
        ko = k[2];
        ki = k[6];
        a0 = FI(a0 ^ ko, ki, t) ^ a1;
        b0 = FI(b0 ^ ko, ki, t) ^ b1;
        c0 = FI(c0 ^ ko, ki, t) ^ c1;
        d0 = FI(d0 ^ ko, ki, t) ^ d1;
        ko = k[3];
        return (((a1 ^ ko) << 16) | a0, ((b1 ^ ko) << 16) | b0, ((c1 ^ ko) << 16) | c0, ((d1 ^ ko) << 16) | d0);
    }

    /// <summary>2.3 FI as FI(x, key) = G[F[x] ^ key]: FI_KEY's 7- and 9-bit halves sit where d7 and d9 do.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint FI(uint x, uint key, ushort* t) => t[TableG + (t[x] ^ key)];

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
    /// F[x] = (d7 &lt;&lt; 9) | d9 with d9 = S9[x &gt;&gt; 7] ^ (x &amp; 0x7F), d7 = (S7[x &amp; 0x7F] ^ d9) &amp; 0x7F (FI up to the
    /// key); G[y] = (d7 &lt;&lt; 9) | (S9[d9] ^ d7) with d7 = y &gt;&gt; 9, d9 = y &amp; 0x1FF (FI after the key).
    /// </summary>
    private static ushort* BuildTables()
    {
        ushort* table = (ushort*)NativeMemoryBlock.AllocateAligned(2 * TableG * sizeof(ushort));
        for (int x = 0; x < TableG; x++)
        {
            int d9 = Misty1Spec.S9[x >> 7] ^ (x & 0x7F);
            int d7 = (Misty1Spec.S7[x & 0x7F] ^ d9) & 0x7F;
            table[x] = (ushort)((d7 << 9) | d9);
            table[TableG + x] = (ushort)((x & 0xFE00) | (Misty1Spec.S9[x & 0x1FF] ^ (x >> 9)));
        }

        return table;
    }
}

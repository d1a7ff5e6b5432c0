using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using Panicode.Crypto.BlockCiphers.TripleDes;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Modes;
using Panicode.Crypto.Unsafe.Internal;

namespace Panicode.Crypto.Unsafe.BlockCiphers.TripleDes;

/// <summary>
/// Triple DES, Unsafe flavour (SP 800-67 rev. 2 TDEA over FIPS 46-3 DES; round keys from the Reference's key
/// schedule). Techniques: the S-boxes and the permutation P merged into eight combined S/P tables (one 32-bit word per
/// S-box input, already permuted by P), read through a pointer argument from unmanaged memory; each table has 256
/// entries, the 6-bit S-box input repeated four times, so a plain byte cast of the round word indexes it and no mask
/// runs; E is never computed: the right half, rotated, already holds the eight 6-bit groups E would select, four at
/// byte boundaries and four more after a rotation by 4, and the round keys are stored in that same layout (two words
/// per round); IP and IP^-1 are five swap-moves each (exchanges of bit groups between the halves), and between the
/// three DES passes of TDEA they cancel, so each block runs IP once, 48 rounds and IP^-1 once. Table lookups indexed
/// by secret data are not cache-timing safe.
/// </summary>
internal sealed unsafe class TripleDesPortableCore : BlockCipher, ICbcEncryptor
{
    // The schedule: 96 words in encryption order (K1 forward, K2 backward, K3 forward), then 96 in decryption order.
    private const int PassWords = 2 * DesSpec.Rounds;
    private const int DirectionWords = 3 * PassWords;

    private readonly uint[] _schedule;

    public TripleDesPortableCore(ReadOnlySpan<byte> key)
        : base(DesSpec.BlockSizeInBytes)
    {
        Debug.Assert(key.Length is 16 or 24);
        _schedule = ExpandKey(key);
    }

    /// <summary>The combined S/P tables: S-box b (0-based) at b * 256, each entry rotated left by 1 (see <see cref="Crypt"/>).</summary>
    internal static readonly uint* Tables = BuildTables();

    protected override void EncryptCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (uint* k = _schedule)
        {
            Run(src, dst, source.Length / DesSpec.BlockSizeInBytes, k, Tables);
        }
    }

    protected override void DecryptCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (uint* k = _schedule)
        {
            Run(src, dst, source.Length / DesSpec.BlockSizeInBytes, k + DirectionWords, Tables);
        }
    }

    protected override void ClearKeySchedule() => Secret.Clear(_schedule);

    // CBC encryption (the ICbcEncryptor capability): serial, the chaining value in registers and the schedule pinned.
    void ICbcEncryptor.EncryptCbc(Span<byte> chain, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        fixed (byte* iv = chain)
        fixed (byte* start = source)
        fixed (byte* output = destination)
        fixed (uint* k = _schedule)
        {
            uint c0 = BigEndian.Read32(iv), c1 = BigEndian.Read32(iv + 4);
            uint* t = Tables;
            byte* src = start;
            byte* dst = output;
            for (int blocks = source.Length / DesSpec.BlockSizeInBytes; blocks > 0; blocks--, src += 8, dst += 8)
            {
                c0 ^= BigEndian.Read32(src);
                c1 ^= BigEndian.Read32(src + 4);
                Crypt(ref c0, ref c1, k, t);
                BigEndian.Write32(dst, c0);
                BigEndian.Write32(dst + 4, c1);
            }

            BigEndian.Write32(iv, c0);
            BigEndian.Write32(iv + 4, c1);
        }
    }

    /// <summary>The round keys of K1, K2, K3 (K3 = K1 for a 16-byte key) in the order each direction uses them.</summary>
    internal static uint[] ExpandKey(ReadOnlySpan<byte> key)
    {
        ulong[] keys = RoundKeys(key);
        uint[] schedule = new uint[2 * DirectionWords];
        for (int i = 0; i < keys.Length; i++)
        {
            Put(schedule, i, keys[i]);
        }

        Secret.Clear(keys);
        return schedule;
    }

    /// <summary>
    /// The 96 round keys of TDEA (48 bits each, FIPS bit 1 at bit 47) in the order the rounds take them: encryption
    /// (K1 forward, K2 backward, K3 forward), then decryption (K3 backward, K2 forward, K1 backward). Both Unsafe cores
    /// lay their schedules out from this.
    /// </summary>
    internal static ulong[] RoundKeys(ReadOnlySpan<byte> key)
    {
        ulong[] k1 = TripleDesCore.ExpandKey(key.Slice(0, 8));
        ulong[] k2 = TripleDesCore.ExpandKey(key.Slice(8, 8));
        ulong[] k3 = key.Length == 24 ? TripleDesCore.ExpandKey(key.Slice(16, 8)) : k1;
        ulong[] keys = new ulong[6 * DesSpec.Rounds];
        int at = 0;
        foreach ((ulong[] pass, bool reverse) in new[] { (k1, false), (k2, true), (k3, false), (k3, true), (k2, false), (k1, true) })
        {
            for (int round = 0; round < DesSpec.Rounds; round++)
            {
                keys[at++] = pass[reverse ? DesSpec.Rounds - 1 - round : round];
            }
        }

        Secret.Clear(k1);
        Secret.Clear(k2);
        Secret.Clear(k3);
        return keys;
    }

    /// <summary>
    /// One round key (48 bits, groups B1..B8 of 6 bits for S1..S8) as two words in the layout of <see cref="F"/>:
    /// B1, B3, B5, B7 in the low 6 bits of bytes 3..0 of the first, B2, B4, B6, B8 likewise in the second.
    /// </summary>
    private static void Put(uint[] schedule, int index, ulong key)
    {
        uint odd = 0, even = 0;
        for (int group = 0; group < 8; group++)
        {
            uint six = (uint)(key >> (42 - (6 * group))) & 0x3F;
            int shift = 24 - (8 * (group / 2));
            if (group % 2 == 0)
            {
                odd |= six << shift;
            }
            else
            {
                even |= six << shift;
            }
        }

        schedule[2 * index] = odd;
        schedule[(2 * index) + 1] = even;
    }

    private static void Run(byte* src, byte* dst, int blocks, uint* k, uint* t)
    {
        for (; blocks >= 2; blocks -= 2, src += 16, dst += 16)
        {
            uint a0 = BigEndian.Read32(src), a1 = BigEndian.Read32(src + 4);
            uint b0 = BigEndian.Read32(src + 8), b1 = BigEndian.Read32(src + 12);
            Crypt2(ref a0, ref a1, ref b0, ref b1, k, t);
            BigEndian.Write32(dst, a0);
            BigEndian.Write32(dst + 4, a1);
            BigEndian.Write32(dst + 8, b0);
            BigEndian.Write32(dst + 12, b1);
        }

        if (blocks > 0)
        {
            uint l = BigEndian.Read32(src), r = BigEndian.Read32(src + 4);
            Crypt(ref l, ref r, k, t);
            BigEndian.Write32(dst, l);
            BigEndian.Write32(dst + 4, r);
        }
    }

    /// <summary>
    /// One block (the big-endian words of its two halves, replaced by the result): IP, then three passes of 16 rounds
    /// over 96 schedule words with the halves exchanged between passes (IP^-1 then IP cancel there), then IP^-1.
    /// Between IP and IP^-1 both halves are kept rotated left by 1 (so the table entries are too).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Crypt(ref uint left, ref uint right, uint* k, uint* t)
    {
        uint l = left, r = right;
        InitialPermutation(ref l, ref r);
        for (int pass = 0; pass < 3; pass++)
        {
            for (int round = 0; round < DesSpec.Rounds; round += 2, k += 4)
            {
                l ^= F(r, k, t);
                r ^= F(l, k + 2, t);
            }

            (l, r) = (r, l);
        }

        // After the third exchange (l, r) = (R16, L16) of the last pass: the preoutput IP^-1 takes, in that order.
        FinalPermutation(ref l, ref r);
        left = l;
        right = r;
    }

    /// <summary><see cref="Crypt"/> on two blocks at once, round by round, so their table lookups overlap.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Crypt2(ref uint a0, ref uint a1, ref uint b0, ref uint b1, uint* k, uint* t)
    {
        uint al = a0, ar = a1, bl = b0, br = b1;
        InitialPermutation(ref al, ref ar);
        InitialPermutation(ref bl, ref br);
        for (int pass = 0; pass < 3; pass++)
        {
            for (int round = 0; round < DesSpec.Rounds; round += 2, k += 4)
            {
                al ^= F(ar, k, t);
                bl ^= F(br, k, t);
                ar ^= F(al, k + 2, t);
                br ^= F(bl, k + 2, t);
            }

            (al, ar) = (ar, al);
            (bl, br) = (br, bl);
        }

        FinalPermutation(ref al, ref ar);
        FinalPermutation(ref bl, ref br);
        a0 = al;
        a1 = ar;
        b0 = bl;
        b1 = br;
    }

    /// <summary>
    /// The cipher function on the rotated half <paramref name="r"/> (R rotated left by 1): rotated right by 4 more,
    /// its bytes carry E's groups B1, B3, B5, B7 in their low 6 bits; unrotated, B2, B4, B6, B8. (R bit i sits at bit
    /// i - 1 of r, numbering from 1 at the top; E's group for S1 is R bits 32, 1..5, at bits 3..8 of r rotated right by
    /// 4, the low 6 bits of its top byte; each later group is 4 bits further on.)
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint F(uint r, uint* k, uint* t)
    {
        uint w = ((r >> 4) | (r << 28)) ^ k[0];
        uint v = r ^ k[1];
        return t[(byte)(w >> 24)] ^ t[512 + (byte)(w >> 16)] ^ t[1024 + (byte)(w >> 8)] ^ t[1536 + (byte)w]
            ^ t[256 + (byte)(v >> 24)] ^ t[768 + (byte)(v >> 16)] ^ t[1280 + (byte)(v >> 8)] ^ t[1792 + (byte)v];
    }

    /// <summary>
    /// IP as swap-moves (each exchanges the bits of one mask between the halves: IP is a transposition of the 8x8 bit
    /// matrix of the block, which these five steps perform), then both halves rotated left by 1.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void InitialPermutation(ref uint left, ref uint right)
    {
        uint work = ((left >> 4) ^ right) & 0x0F0F0F0F;
        right ^= work;
        left ^= work << 4;
        work = ((left >> 16) ^ right) & 0x0000FFFF;
        right ^= work;
        left ^= work << 16;
        work = ((right >> 2) ^ left) & 0x33333333;
        left ^= work;
        right ^= work << 2;
        work = ((right >> 8) ^ left) & 0x00FF00FF;
        left ^= work;
        right ^= work << 8;
        right = (right << 1) | (right >> 31);
        work = (left ^ right) & 0xAAAAAAAA;
        left ^= work;
        right ^= work;
        left = (left << 1) | (left >> 31);
    }

    /// <summary>IP^-1: the steps of <see cref="InitialPermutation"/> undone in reverse order.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void FinalPermutation(ref uint left, ref uint right)
    {
        left = (left >> 1) | (left << 31);
        uint work = (left ^ right) & 0xAAAAAAAA;
        left ^= work;
        right ^= work;
        right = (right >> 1) | (right << 31);
        work = ((right >> 8) ^ left) & 0x00FF00FF;
        left ^= work;
        right ^= work << 8;
        work = ((right >> 2) ^ left) & 0x33333333;
        left ^= work;
        right ^= work << 2;
        work = ((left >> 16) ^ right) & 0x0000FFFF;
        right ^= work;
        left ^= work << 16;
        work = ((left >> 4) ^ right) & 0x0F0F0F0F;
        right ^= work;
        left ^= work << 4;
    }

    /// <summary>Entry b * 256 + x: P(S_{b+1}(x mod 64) in bits 4b..4b+3 from the top), rotated left by 1.</summary>
    private static uint* BuildTables()
    {
        uint* table = (uint*)NativeMemoryBlock.AllocateAligned(8 * 256 * sizeof(uint));
        for (int box = 0; box < 8; box++)
        {
            for (int x = 0; x < 256; x++)
            {
                int six = x & 0x3F;
                int row = ((six >> 4) & 2) | (six & 1);
                uint s = (uint)DesSpec.S[box][(16 * row) + ((six >> 1) & 0xF)] << (28 - (4 * box));
                uint p = (uint)TripleDesCore.Permute(s, 32, DesSpec.P);
                table[(256 * box) + x] = (p << 1) | (p >> 31);
            }
        }

        return table;
    }
}

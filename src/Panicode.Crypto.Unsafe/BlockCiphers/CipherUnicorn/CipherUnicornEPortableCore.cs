using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using Panicode.Crypto.BlockCiphers.CipherUnicorn;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Modes;
using Panicode.Crypto.Unsafe.Internal;

namespace Panicode.Crypto.Unsafe.BlockCiphers.CipherUnicorn;

/// <summary>
/// CIPHERUNICORN-E, Unsafe flavour (NEC's specification Ver.3, 3.2 data randomizer, 3.3 L, 3.4 F, 3.5 T, 3.6 K, 3.9 Y;
/// the key scheduler of 3.10 is the Reference's, tables from <see cref="CipherUnicornESpec"/> and the Reference's T).
/// Techniques: each T(n) as one lookup, T(n)(X) = X xor M_n[byte n of X] with four 256-word tables M_n in unmanaged
/// memory read through a pointer argument (one lookup and one XOR instead of four S-box lookups and three shifts), the
/// Sh rows as bytes behind a pointer, the keys laid out in the order the rounds use them (one layout per direction:
/// decryption is encryption of the swapped halves, as L with its two key words swapped is L on swapped halves), the
/// state in locals, four blocks in flight. Table lookups indexed by secret data are not cache-timing safe.
/// </summary>
internal sealed unsafe class CipherUnicornEPortableCore : BlockCipher
{
    // One direction's layout: LK (2 words), then for each pair of rounds F, F (FK[0], FK[1], SK[0], SK[1]) and LK.
    private const int DirectionLength = (2 * CipherUnicornESpec.LFunctions) + (4 * CipherUnicornESpec.Rounds);
    private const int DecryptionKeys = DirectionLength;

    private readonly uint[] _schedule;

    public CipherUnicornEPortableCore(ReadOnlySpan<byte> key)
        : base(CipherUnicornESpec.BlockSizeInBytes)
    {
        Debug.Assert(key.Length == CipherUnicornESpec.KeySizeInBytes);
        _schedule = ExpandKey(key);
    }

    /// <summary>M_0..M_3 (256 words each), then the Sh table (64 bytes).</summary>
    internal static readonly uint* Tables = BuildTables();

    protected override void EncryptCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (uint* k = _schedule)
        {
            Crypt(src, dst, source.Length / CipherUnicornESpec.BlockSizeInBytes, k, Tables, 0);
        }
    }

    protected override void DecryptCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (uint* k = _schedule)
        {
            Crypt(src, dst, source.Length / CipherUnicornESpec.BlockSizeInBytes, k + DecryptionKeys, Tables, 4);
        }
    }

    protected override void ClearKeySchedule() => Secret.Clear(_schedule);

    /// <summary>
    /// The Reference's schedule, laid out twice: for encryption LK{0}, then F{2j}, F{2j+1}, LK{j+1}; for decryption
    /// (which runs on the swapped halves) LK{8} with its words swapped, then F{2j+1}, F{2j}, LK{j} swapped, j = 7..0.
    /// </summary>
    internal static uint[] ExpandKey(ReadOnlySpan<byte> key)
    {
        uint[] reference = CipherUnicornECore.ExpandKey(key);
        uint[] schedule = new uint[2 * DirectionLength];
        int last = CipherUnicornESpec.LFunctions - 1;
        int e = 0, d = DecryptionKeys;
        PutL(schedule, ref e, reference, 0, swap: false);
        PutL(schedule, ref d, reference, last, swap: true);
        for (int j = 0; j < last; j++)
        {
            PutF(schedule, ref e, reference, 2 * j);
            PutF(schedule, ref e, reference, (2 * j) + 1);
            PutL(schedule, ref e, reference, j + 1, swap: false);
            int pair = last - 1 - j;
            PutF(schedule, ref d, reference, (2 * pair) + 1);
            PutF(schedule, ref d, reference, 2 * pair);
            PutL(schedule, ref d, reference, pair, swap: true);
        }

        Secret.Clear(reference);
        return schedule;
    }

    private static void PutL(uint[] schedule, ref int at, uint[] reference, int index, bool swap)
    {
        uint k0 = reference[CipherUnicornECore.LKeys + (2 * index)], k1 = reference[CipherUnicornECore.LKeys + (2 * index) + 1];
        schedule[at++] = swap ? k1 : k0;
        schedule[at++] = swap ? k0 : k1;
    }

    private static void PutF(uint[] schedule, ref int at, uint[] reference, int round)
    {
        schedule[at++] = reference[CipherUnicornECore.FKeys + (2 * round)];
        schedule[at++] = reference[CipherUnicornECore.FKeys + (2 * round) + 1];
        schedule[at++] = reference[CipherUnicornECore.SKeys + (2 * round)];
        schedule[at++] = reference[CipherUnicornECore.SKeys + (2 * round) + 1];
    }

    /// <summary>
    /// 3.2: L, then eight times left ^= F(right), right ^= F(left), L, over the layout at <paramref name="k"/>. The
    /// halves are read from byte <paramref name="leftAt"/> and 4 - leftAt (0: encryption; 4: decryption, swapped).
    /// Each F is a chain of about 20 dependent lookups and additions, so four blocks go through interleaved (the
    /// out-of-order core overlaps the chains), the last one to three one at a time.
    /// </summary>
    private static void Crypt(byte* src, byte* dst, int blocks, uint* k, uint* t, int leftAt)
    {
        int rightAt = 4 - leftAt;
        byte* sh = (byte*)(t + 1024);
        for (; blocks >= 4; blocks -= 4, src += 32, dst += 32)
        {
            uint al = BigEndian.Read32(src + leftAt), ar = BigEndian.Read32(src + rightAt);
            uint bl = BigEndian.Read32(src + 8 + leftAt), br = BigEndian.Read32(src + 8 + rightAt);
            uint cl = BigEndian.Read32(src + 16 + leftAt), cr = BigEndian.Read32(src + 16 + rightAt);
            uint dl = BigEndian.Read32(src + 24 + leftAt), dr = BigEndian.Read32(src + 24 + rightAt);
            uint* key = k;
            L(ref al, ref ar, key);
            L(ref bl, ref br, key);
            L(ref cl, ref cr, key);
            L(ref dl, ref dr, key);
            key += 2;
            for (int j = 0; j < CipherUnicornESpec.Rounds / 2; j++, key += 10)
            {
                al ^= F(ar, key, t, sh);
                bl ^= F(br, key, t, sh);
                cl ^= F(cr, key, t, sh);
                dl ^= F(dr, key, t, sh);
                ar ^= F(al, key + 4, t, sh);
                br ^= F(bl, key + 4, t, sh);
                cr ^= F(cl, key + 4, t, sh);
                dr ^= F(dl, key + 4, t, sh);
                L(ref al, ref ar, key + 8);
                L(ref bl, ref br, key + 8);
                L(ref cl, ref cr, key + 8);
                L(ref dl, ref dr, key + 8);
            }

            BigEndian.Write32(dst + leftAt, al);
            BigEndian.Write32(dst + rightAt, ar);
            BigEndian.Write32(dst + 8 + leftAt, bl);
            BigEndian.Write32(dst + 8 + rightAt, br);
            BigEndian.Write32(dst + 16 + leftAt, cl);
            BigEndian.Write32(dst + 16 + rightAt, cr);
            BigEndian.Write32(dst + 24 + leftAt, dl);
            BigEndian.Write32(dst + 24 + rightAt, dr);
        }

        for (; blocks > 0; blocks--, src += 8, dst += 8)
        {
            uint l = BigEndian.Read32(src + leftAt), r = BigEndian.Read32(src + rightAt);
            uint* key = k;
            L(ref l, ref r, key);
            key += 2;
            for (int j = 0; j < CipherUnicornESpec.Rounds / 2; j++, key += 10)
            {
                l ^= F(r, key, t, sh);
                r ^= F(l, key + 4, t, sh);
                L(ref l, ref r, key + 8);
            }

            BigEndian.Write32(dst + leftAt, l);
            BigEndian.Write32(dst + rightAt, r);
        }
    }

    /// <summary>3.3, with the key words k[0] and k[1].</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void L(ref uint xl, ref uint xr, uint* k)
    {
        uint k0 = k[0], k1 = k[1];
        uint zl = xl ^ (xr & k1) ^ (xl & k0 & k1);
        xr = xr ^ (xl & k0) ^ (xr & k0 & k1);
        xl = zl;
    }

    /// <summary>3.4 with k = FK[0], FK[1], SK[0], SK[1]; T(n) = X xor M_n[byte n].</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint F(uint x, uint* k, uint* t, byte* sh)
    {
        x += k[0];

        uint w = x + k[2];
        w += w << CipherUnicornESpec.Y0Shift0;
        w += w << CipherUnicornESpec.Y0Shift1;
        w += w << CipherUnicornESpec.Y0Shift2;
        w ^= t[w >> 24];
        w += k[3];
        w += w << CipherUnicornESpec.Y1Shift0;
        w += w << CipherUnicornESpec.Y1Shift1;
        w += w << CipherUnicornESpec.Y1Shift2;
        w ^= t[w >> 24];
        w ^= t[256 + (byte)(w >> 16)];

        x ^= t[x >> 24];
        x ^= t[256 + (byte)(x >> 16)];
        x ^= t[512 + (byte)(x >> 8)];
        x ^= t[768 + (byte)x];
        x += k[1];

        byte* row = sh + ((w >> 28) << 2);
        int n0 = row[0], n1 = row[1];
        x = T(x, n0, t);
        x = T(x, n1, t);
        x = T(x, row[2], t);
        x = T(x, row[3], t);
        x = T(x ^ ((w & 0xFF) << (24 - (8 * n0))), n0, t);
        return T(x ^ (((w >> 8) & 0xFF) << (24 - (8 * n1))), n1, t);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint T(uint x, int n, uint* t) => x ^ t[(n << 8) + (int)((x >> (24 - (8 * n))) & 0xFF)];

    private static uint* BuildTables()
    {
        uint* tables = (uint*)NativeMemoryBlock.AllocateAligned((1024 * sizeof(uint)) + 64);
        for (int n = 0; n < 4; n++)
        {
            for (uint b = 0; b < 256; b++)
            {
                uint x = b << (24 - (8 * n));
                tables[(n << 8) + (int)b] = CipherUnicornECore.T(n, x) ^ x;
            }
        }

        byte* sh = (byte*)(tables + 1024);
        for (int i = 0; i < CipherUnicornESpec.Sh.Length; i++)
        {
            sh[i] = CipherUnicornESpec.Sh[i];
        }

        return tables;
    }
}

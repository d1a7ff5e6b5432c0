using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using Panicode.Crypto.BlockCiphers.Clefia;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Modes;
using Panicode.Crypto.Unsafe.Internal;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Clefia;

/// <summary>
/// CLEFIA, Unsafe flavour without intrinsics (RFC 6114 §4.1 GFN_{4,r}/GFNINV_{4,r}, §4.2 F0/F1, §5.1 whitening;
/// key schedule and the combined S/M tables from the Reference assembly's <see cref="ClefiaCore"/>). Techniques of
/// Oikawa et al. (SCIS 2008, §3) and of Asahi et al. (CRYPTREC ciphers on 64-bit CPUs, §2.1): each F-function is four
/// lookups in 8-bit-in/32-bit-out tables that merge the S-boxes with the diffusion matrix, the tables live in
/// unmanaged memory and are read through a pointer passed as an argument (no bounds checks), bytes are taken with
/// <c>(byte)</c> casts, two blocks are in flight, the word rotation of GFN is unrolled into renaming, and decryption
/// walks the one round-key schedule backwards. CLEFIA's state is four 32-bit words whose two F-functions read
/// different words, so 64-bit table entries would not save a lookup; blocks are read and written as big-endian
/// 32-bit words (<see cref="BigEndian"/>, correct on either byte order).
/// </summary>
internal sealed unsafe class ClefiaPortableCore : BlockCipher
{
    // F0's four tables, then F1's (4 KB each), copied once from the Reference tables.
    private static readonly uint* s_tables = CopyTables();

    // WK0..WK3, RK_0..RK_{2r-1} as ClefiaCore.ExpandKey lays them out.
    private readonly uint[] _keys;
    private readonly int _rounds;

    public ClefiaPortableCore(ReadOnlySpan<byte> key)
        : base(16)
    {
        Debug.Assert(key.Length is 16 or 24 or 32);
        _keys = ClefiaCore.ExpandKey(key);
        _rounds = ClefiaSpec.Rounds(key.Length);
    }

    protected override void EncryptCore(ReadOnlySpan<byte> source, Span<byte> destination) => Crypt(source, destination, decrypt: false);

    protected override void DecryptCore(ReadOnlySpan<byte> source, Span<byte> destination) => Crypt(source, destination, decrypt: true);

    // CBC encryption is serial: one lane, the schedule pinned once for the whole call.
    protected override void EncryptCbcCore(Span<byte> chain, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        fixed (byte* iv = chain)
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (uint* k = _keys)
        {
            byte* previous = iv;
            for (int offset = 0; offset < source.Length; offset += 16)
            {
                byte* block = dst + offset;
                BigEndian.Write64(block, BigEndian.Read64(src + offset) ^ BigEndian.Read64(previous));
                BigEndian.Write64(block + 8, BigEndian.Read64(src + offset + 8) ^ BigEndian.Read64(previous + 8));
                EncryptOne(block, block, k, _rounds, s_tables);
                previous = block;
            }

            if (source.Length > 0)
            {
                new ReadOnlySpan<byte>(previous, 16).CopyTo(chain);
            }
        }
    }

    protected override void ClearKeySchedule() => Secret.Clear(_keys);

    private void Crypt(ReadOnlySpan<byte> source, Span<byte> destination, bool decrypt)
    {
        int blocks = source.Length / 16;
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (uint* k = _keys)
        {
            uint* t = s_tables;
            int i = 0;
            for (; i + 2 <= blocks; i += 2)
            {
                if (decrypt)
                {
                    DecryptTwo(src + (16 * i), dst + (16 * i), k, _rounds, t);
                }
                else
                {
                    EncryptTwo(src + (16 * i), dst + (16 * i), k, _rounds, t);
                }
            }

            if (i < blocks)
            {
                if (decrypt)
                {
                    DecryptOne(src + (16 * i), dst + (16 * i), k, _rounds, t);
                }
                else
                {
                    EncryptOne(src + (16 * i), dst + (16 * i), k, _rounds, t);
                }
            }
        }
    }

    // RFC 6114 §5.1 ENCr; two GFN rounds per iteration, the word rotation done by renaming (two rotations swap halves).
    private static void EncryptOne(byte* src, byte* dst, uint* k, int rounds, uint* t)
    {
        uint t0 = BigEndian.Read32(src), t1 = BigEndian.Read32(src + 4) ^ k[0];
        uint t2 = BigEndian.Read32(src + 8), t3 = BigEndian.Read32(src + 12) ^ k[1];
        uint* rk = k + 4;
        for (int r = 0; r < rounds; r += 2, rk += 4)
        {
            t1 ^= F0(t0 ^ rk[0], t);
            t3 ^= F1(t2 ^ rk[1], t);
            t2 ^= F0(t1 ^ rk[2], t);
            t0 ^= F1(t3 ^ rk[3], t);
            (t0, t1, t2, t3) = (t2, t3, t0, t1);
        }

        // GFN Step 3 undoes the last rotation (Y = T3 | T0 | T1 | T2), then ENCr Step 3 whitens with WK2, WK3.
        BigEndian.Write32(dst, t3);
        BigEndian.Write32(dst + 4, t0 ^ k[2]);
        BigEndian.Write32(dst + 8, t1);
        BigEndian.Write32(dst + 12, t2 ^ k[3]);
    }

    private static void EncryptTwo(byte* src, byte* dst, uint* k, int rounds, uint* t)
    {
        uint a0 = BigEndian.Read32(src), a1 = BigEndian.Read32(src + 4) ^ k[0];
        uint a2 = BigEndian.Read32(src + 8), a3 = BigEndian.Read32(src + 12) ^ k[1];
        uint b0 = BigEndian.Read32(src + 16), b1 = BigEndian.Read32(src + 20) ^ k[0];
        uint b2 = BigEndian.Read32(src + 24), b3 = BigEndian.Read32(src + 28) ^ k[1];
        uint* rk = k + 4;
        for (int r = 0; r < rounds; r += 2, rk += 4)
        {
            uint k0 = rk[0], k1 = rk[1], k2 = rk[2], k3 = rk[3];
            a1 ^= F0(a0 ^ k0, t);
            b1 ^= F0(b0 ^ k0, t);
            a3 ^= F1(a2 ^ k1, t);
            b3 ^= F1(b2 ^ k1, t);
            a2 ^= F0(a1 ^ k2, t);
            b2 ^= F0(b1 ^ k2, t);
            a0 ^= F1(a3 ^ k3, t);
            b0 ^= F1(b3 ^ k3, t);
            (a0, a1, a2, a3) = (a2, a3, a0, a1);
            (b0, b1, b2, b3) = (b2, b3, b0, b1);
        }

        BigEndian.Write32(dst, a3);
        BigEndian.Write32(dst + 4, a0 ^ k[2]);
        BigEndian.Write32(dst + 8, a1);
        BigEndian.Write32(dst + 12, a2 ^ k[3]);
        BigEndian.Write32(dst + 16, b3);
        BigEndian.Write32(dst + 20, b0 ^ k[2]);
        BigEndian.Write32(dst + 24, b1);
        BigEndian.Write32(dst + 28, b2 ^ k[3]);
    }

    // RFC 6114 §5.1 DECr: GFNINV_{4,r} takes the round keys from the end and rotates the words right.
    private static void DecryptOne(byte* src, byte* dst, uint* k, int rounds, uint* t)
    {
        uint t0 = BigEndian.Read32(src), t1 = BigEndian.Read32(src + 4) ^ k[2];
        uint t2 = BigEndian.Read32(src + 8), t3 = BigEndian.Read32(src + 12) ^ k[3];
        uint* rk = k + 4 + (2 * rounds);
        for (int r = 0; r < rounds; r += 2)
        {
            rk -= 4;
            t1 ^= F0(t0 ^ rk[2], t);
            t3 ^= F1(t2 ^ rk[3], t);
            t0 ^= F0(t3 ^ rk[0], t);
            t2 ^= F1(t1 ^ rk[1], t);
            (t0, t1, t2, t3) = (t2, t3, t0, t1);
        }

        // GFNINV Step 3 (Y = T1 | T2 | T3 | T0), then DECr Step 3 whitens with WK0, WK1.
        BigEndian.Write32(dst, t1);
        BigEndian.Write32(dst + 4, t2 ^ k[0]);
        BigEndian.Write32(dst + 8, t3);
        BigEndian.Write32(dst + 12, t0 ^ k[1]);
    }

    private static void DecryptTwo(byte* src, byte* dst, uint* k, int rounds, uint* t)
    {
        uint a0 = BigEndian.Read32(src), a1 = BigEndian.Read32(src + 4) ^ k[2];
        uint a2 = BigEndian.Read32(src + 8), a3 = BigEndian.Read32(src + 12) ^ k[3];
        uint b0 = BigEndian.Read32(src + 16), b1 = BigEndian.Read32(src + 20) ^ k[2];
        uint b2 = BigEndian.Read32(src + 24), b3 = BigEndian.Read32(src + 28) ^ k[3];
        uint* rk = k + 4 + (2 * rounds);
        for (int r = 0; r < rounds; r += 2)
        {
            rk -= 4;
            uint k0 = rk[0], k1 = rk[1], k2 = rk[2], k3 = rk[3];
            a1 ^= F0(a0 ^ k2, t);
            b1 ^= F0(b0 ^ k2, t);
            a3 ^= F1(a2 ^ k3, t);
            b3 ^= F1(b2 ^ k3, t);
            a0 ^= F0(a3 ^ k0, t);
            b0 ^= F0(b3 ^ k0, t);
            a2 ^= F1(a1 ^ k1, t);
            b2 ^= F1(b1 ^ k1, t);
            (a0, a1, a2, a3) = (a2, a3, a0, a1);
            (b0, b1, b2, b3) = (b2, b3, b0, b1);
        }

        BigEndian.Write32(dst, a1);
        BigEndian.Write32(dst + 4, a2 ^ k[0]);
        BigEndian.Write32(dst + 8, a3);
        BigEndian.Write32(dst + 12, a0 ^ k[1]);
        BigEndian.Write32(dst + 16, b1);
        BigEndian.Write32(dst + 20, b2 ^ k[0]);
        BigEndian.Write32(dst + 24, b3);
        BigEndian.Write32(dst + 28, b0 ^ k[1]);
    }

    /// <summary>RFC 6114 §4.2 F0 on x = RK ^ input: M0 (S0, S1, S0, S1)(x) as four table lookups.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint F0(uint x, uint* t) =>
        t[(byte)(x >> 24)] ^ t[256 + (byte)(x >> 16)] ^ t[512 + (byte)(x >> 8)] ^ t[768 + (byte)x];

    /// <summary>RFC 6114 §4.2 F1 on x = RK ^ input: M1 (S1, S0, S1, S0)(x) as four table lookups.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint F1(uint x, uint* t) =>
        t[1024 + (byte)(x >> 24)] ^ t[1280 + (byte)(x >> 16)] ^ t[1536 + (byte)(x >> 8)] ^ t[1792 + (byte)x];

    private static uint* CopyTables()
    {
        uint* tables = (uint*)NativeMemoryBlock.AllocateAligned(2 * 1024 * sizeof(uint));
        ClefiaCore.F0Table.CopyTo(new Span<uint>(tables, 1024));
        ClefiaCore.F1Table.CopyTo(new Span<uint>(tables + 1024, 1024));
        return tables;
    }
}

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

    /// <summary>WK0..WK3, RK_0..RK_{2r-1}, shared with a core that holds this one.</summary>
    internal ReadOnlySpan<uint> Schedule => _keys;

    protected override void EncryptCore(ReadOnlySpan<byte> source, Span<byte> destination) => CryptBlocks<Encryption>(source, destination);

    protected override void DecryptCore(ReadOnlySpan<byte> source, Span<byte> destination) => CryptBlocks<Decryption>(source, destination);

    protected override void ClearKeySchedule() => Secret.Clear(_keys);

    /// <summary>Whole blocks, arguments already checked (also what the GFNI core's batches leave).</summary>
    internal void CryptBlocks<TDirection>(ReadOnlySpan<byte> source, Span<byte> destination)
        where TDirection : struct, ICipherDirection
        => PortableLanes.Crypt<RoundBody, TDirection>(source, destination, _keys, _rounds, s_tables);

    /// <summary>
    /// RFC 6114 §5.1 ENCr (GFN_{4,r}) or DECr (GFNINV_{4,r}), two rounds per iteration with the word rotation done by
    /// renaming (two rotations swap the halves). Both directions start with T1 ^= F0(T0), T3 ^= F1(T2); the second
    /// round of GFN then feeds T1 -> T2 and T3 -> T0, that of GFNINV (which rotates the other way) T3 -> T0 (F0) and
    /// T1 -> T2 (F1), with the round keys taken from the end.
    /// </summary>
    private static void Rounds<TLanes, TDirection>(byte* src, byte* dst, uint* k, int rounds, uint* t)
        where TLanes : struct, IBlockLanes
        where TDirection : struct, ICipherDirection
    {
        bool two = default(TLanes).Two;
        bool decrypt = default(TDirection).Decrypt;
        uint* w = k + (decrypt ? 2 : 0);
        uint a0 = BigEndian.Read32(src), a1 = BigEndian.Read32(src + 4) ^ w[0];
        uint a2 = BigEndian.Read32(src + 8), a3 = BigEndian.Read32(src + 12) ^ w[1];
        uint b0 = 0, b1 = 0, b2 = 0, b3 = 0;
        if (two)
        {
            b0 = BigEndian.Read32(src + 16);
            b1 = BigEndian.Read32(src + 20) ^ w[0];
            b2 = BigEndian.Read32(src + 24);
            b3 = BigEndian.Read32(src + 28) ^ w[1];
        }

        uint* rk = decrypt ? k + 4 + (2 * rounds) : k + 4;
        for (int r = 0; r < rounds; r += 2)
        {
            // (k0, k1) for the first round of the pair, (k2, k3) for the second.
            uint k0, k1, k2, k3;
            if (decrypt)
            {
                rk -= 4;
                (k0, k1, k2, k3) = (rk[2], rk[3], rk[0], rk[1]);
            }
            else
            {
                (k0, k1, k2, k3) = (rk[0], rk[1], rk[2], rk[3]);
                rk += 4;
            }

            a1 ^= F0(a0 ^ k0, t);
            a3 ^= F1(a2 ^ k1, t);
            if (two)
            {
                b1 ^= F0(b0 ^ k0, t);
                b3 ^= F1(b2 ^ k1, t);
            }

            if (decrypt)
            {
                a0 ^= F0(a3 ^ k2, t);
                a2 ^= F1(a1 ^ k3, t);
                if (two)
                {
                    b0 ^= F0(b3 ^ k2, t);
                    b2 ^= F1(b1 ^ k3, t);
                }
            }
            else
            {
                a2 ^= F0(a1 ^ k2, t);
                a0 ^= F1(a3 ^ k3, t);
                if (two)
                {
                    b2 ^= F0(b1 ^ k2, t);
                    b0 ^= F1(b3 ^ k3, t);
                }
            }

            (a0, a1, a2, a3) = (a2, a3, a0, a1);
            (b0, b1, b2, b3) = (b2, b3, b0, b1);
        }

        // Step 3 of GFN (Y = T3 | T0 | T1 | T2) or GFNINV (Y = T1 | T2 | T3 | T0), then the final whitening.
        Write(dst, decrypt, a0, a1, a2, a3, k);
        if (two)
        {
            Write(dst + 16, decrypt, b0, b1, b2, b3, k);
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Write(byte* dst, bool decrypt, uint t0, uint t1, uint t2, uint t3, uint* k)
    {
        if (decrypt)
        {
            (t0, t1, t2, t3) = (t1, t2 ^ k[0], t3, t0 ^ k[1]);
        }
        else
        {
            (t0, t1, t2, t3) = (t3, t0 ^ k[2], t1, t2 ^ k[3]);
        }

        BigEndian.Write32(dst, t0);
        BigEndian.Write32(dst + 4, t1);
        BigEndian.Write32(dst + 8, t2);
        BigEndian.Write32(dst + 12, t3);
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

    private readonly struct RoundBody : IPortableRounds
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void Run<TLanes, TDirection>(byte* src, byte* dst, uint* keys, int count, uint* tables)
            where TLanes : struct, IBlockLanes
            where TDirection : struct, ICipherDirection
            => Rounds<TLanes, TDirection>(src, dst, keys, count, tables);
    }
}

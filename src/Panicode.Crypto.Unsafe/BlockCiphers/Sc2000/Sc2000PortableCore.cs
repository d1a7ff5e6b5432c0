using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using Panicode.Crypto.BlockCiphers.Sc2000;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Modes;
using Panicode.Crypto.Unsafe.Internal;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Sc2000;

/// <summary>
/// SC2000, Unsafe flavour (Shimoyama et al., FSE 2001: §3.1/3.2 I-B-I-R×R, §3.4 F = L(M∘S, M∘S), §3.5 B/B^-1
/// bitsliced as in the Reference <see cref="Sc2000Core"/>, §3.6 key schedule in <see cref="Sc2000KeySchedule"/>).
/// Techniques of Asahi et al. (CRYPTREC ciphers on 64-bit CPUs, §2.5, after the paper's own §3.4 note): the S and M
/// functions merged and adjacent S-boxes joined, so M∘S is three lookups of (11, 10, 11) input bits into 32-bit
/// tables (20 KB) instead of six; the two R functions of a pair run back to back with the cross connection done by
/// renaming; and those of Oikawa et al. (SCIS 2008): the tables in unmanaged memory read through a pointer argument,
/// two blocks in flight, decryption walking the one schedule backwards. Blocks are read and written as big-endian
/// 32-bit words (<see cref="BigEndian"/>, correct on either byte order).
/// </summary>
internal sealed unsafe class Sc2000PortableCore : BlockCipher
{
    // M∘S of the top 11 bits (S6, S5), the middle 10 (S5, S5) and the low 11 (S5, S6) of a word.
    private const int Middle = 2048;
    private const int Low = 2048 + 1024;
    private static readonly uint* s_ms = BuildTables();

    private readonly uint[] _keys;

    public Sc2000PortableCore(ReadOnlySpan<byte> key)
        : base(16)
    {
        Debug.Assert(key.Length is 16 or 24 or 32);
        _keys = Sc2000KeySchedule.Expand(key);
    }

    /// <summary>M(S(x)) through the three joined tables.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static uint MS(uint x, uint* t) => t[x >> 21] ^ t[Middle + ((x >> 11) & 0x3FF)] ^ t[Low + (x & 0x7FF)];

    /// <summary>The joined tables, for the key schedule.</summary>
    internal static uint* Tables => s_ms;

    protected override void EncryptCore(ReadOnlySpan<byte> source, Span<byte> destination) => Crypt<Encryption>(source, destination);

    protected override void DecryptCore(ReadOnlySpan<byte> source, Span<byte> destination) => Crypt<Decryption>(source, destination);

    protected override void ClearKeySchedule() => Secret.Clear(_keys);

    // Not inlined into the public call and optimized from the first call: with dynamic PGO the JIT otherwise inlined the
    // lanes into the one-shot's dispatch, where a 16-byte call ran at 0.65x the Reference flavour (docs/benchmarks.md).
#if NET
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
#else
    [MethodImpl(MethodImplOptions.NoInlining)]
#endif
    private void Crypt<TDirection>(ReadOnlySpan<byte> source, Span<byte> destination)
        where TDirection : struct, ICipherDirection
        => PortableLanes.Crypt<RoundBody, TDirection>(source, destination, _keys, _keys.Length / 4, s_ms);

    /// <summary>
    /// §3.1/3.2: (I-B-I-R×R-) repeated, then I-B-I; key group g of encryption is group (groups - 1 - g) of
    /// decryption, which also takes B^-1 and the masks of the R pairs in reverse order.
    /// </summary>
    private static void Rounds<TLanes, TDirection>(byte* src, byte* dst, uint* k, int groups, uint* t)
        where TLanes : struct, IBlockLanes
        where TDirection : struct, ICipherDirection
    {
        bool two = default(TLanes).Two;
        bool decrypt = default(TDirection).Decrypt;
        uint a0 = BigEndian.Read32(src), b0 = BigEndian.Read32(src + 4), c0 = BigEndian.Read32(src + 8), d0 = BigEndian.Read32(src + 12);
        uint a1 = 0, b1 = 0, c1 = 0, d1 = 0;
        if (two)
        {
            a1 = BigEndian.Read32(src + 16);
            b1 = BigEndian.Read32(src + 20);
            c1 = BigEndian.Read32(src + 24);
            d1 = BigEndian.Read32(src + 28);
        }

        int pairs = (groups / 2) - 1;
        for (int pair = 0; ; pair++)
        {
            uint* k1 = k + (4 * (decrypt ? groups - 1 - (2 * pair) : 2 * pair));
            uint* k2 = k + (4 * (decrypt ? groups - 2 - (2 * pair) : (2 * pair) + 1));
            I(ref a0, ref b0, ref c0, ref d0, k1);
            if (two)
            {
                I(ref a1, ref b1, ref c1, ref d1, k1);
            }

            if (decrypt)
            {
                Sc2000Core.BInverse(ref a0, ref b0, ref c0, ref d0);
                if (two)
                {
                    Sc2000Core.BInverse(ref a1, ref b1, ref c1, ref d1);
                }
            }
            else
            {
                Sc2000Core.B(ref a0, ref b0, ref c0, ref d0);
                if (two)
                {
                    Sc2000Core.B(ref a1, ref b1, ref c1, ref d1);
                }
            }

            I(ref a0, ref b0, ref c0, ref d0, k2);
            if (two)
            {
                I(ref a1, ref b1, ref c1, ref d1, k2);
            }

            if (pair == pairs)
            {
                break;
            }

            // §3.4: R, the cross connection, R; the second R, which sees the crossed words, changes (c, d) from
            // (a, b), and the cross (a, b, c, d) -> (c, d, a, b) is then applied once by renaming.
            uint mask = ((decrypt ? pairs - 1 - pair : pair) & 1) == 0 ? Sc2000Spec.Mask5 : Sc2000Spec.Mask3;
            R(ref a0, ref b0, c0, d0, mask, t);
            if (two)
            {
                R(ref a1, ref b1, c1, d1, mask, t);
            }

            R(ref c0, ref d0, a0, b0, mask, t);
            if (two)
            {
                R(ref c1, ref d1, a1, b1, mask, t);
            }

            (a0, b0, c0, d0) = (c0, d0, a0, b0);
            (a1, b1, c1, d1) = (c1, d1, a1, b1);
        }

        Write(dst, a0, b0, c0, d0);
        if (two)
        {
            Write(dst + 16, a1, b1, c1, d1);
        }
    }

    /// <summary>§3.3: the I function.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void I(ref uint a, ref uint b, ref uint c, ref uint d, uint* k)
    {
        a ^= k[0];
        b ^= k[1];
        c ^= k[2];
        d ^= k[3];
    }

    /// <summary>§3.4: (a, b) ^= L(M(S(c)), M(S(d))), L(x, y) = ((x &amp; mask) ^ y, (y &amp; ~mask) ^ x).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void R(ref uint a, ref uint b, uint c, uint d, uint mask, uint* t)
    {
        uint x = MS(c, t), y = MS(d, t);
        a ^= (x & mask) ^ y;
        b ^= (y & ~mask) ^ x;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Write(byte* dst, uint a, uint b, uint c, uint d)
    {
        BigEndian.Write32(dst, a);
        BigEndian.Write32(dst + 4, b);
        BigEndian.Write32(dst + 8, c);
        BigEndian.Write32(dst + 12, d);
    }

    private static uint* BuildTables()
    {
        uint* t = (uint*)NativeMemoryBlock.AllocateAligned((2048 + 1024 + 2048) * sizeof(uint));
        for (uint i = 0; i < 2048; i++)
        {
            // S of a word that is zero outside the bits of interest, masked to those bits, then M (§3.4).
            t[i] = Sc2000Spec.M(Sc2000Spec.S(i << 21) & 0xFFE0_0000);
            t[Low + i] = Sc2000Spec.M(Sc2000Spec.S(i) & 0x0000_07FF);
        }

        for (uint i = 0; i < 1024; i++)
        {
            t[Middle + i] = Sc2000Spec.M(Sc2000Spec.S(i << 11) & 0x001F_F800);
        }

        return t;
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

using System;

namespace Panicode.Crypto.Unsafe.Internal;

// Compile-time choices of the portable block-cipher cores (CLEFIA, SC2000): each is a struct type argument read as
// default(T), so the JIT specialises the round body per choice and drops the untaken branches. No struct is passed
// as an argument (Mono 6.8 on s390x corrupts struct arguments of generic methods).

/// <summary>How many independent blocks go through the rounds together.</summary>
internal interface IBlockLanes
{
    /// <summary>True for two blocks interleaved round by round (the lookups of one hide the latency of the other's).</summary>
    bool Two { get; }
}

/// <summary>One block at a time: a lone block, the odd last block of a call, serial CBC encryption.</summary>
internal readonly struct OneLane : IBlockLanes
{
    public bool Two => false;
}

/// <summary>Two blocks interleaved.</summary>
internal readonly struct TwoLanes : IBlockLanes
{
    public bool Two => true;
}

/// <summary>Which way a core runs its one key schedule.</summary>
internal interface ICipherDirection
{
    bool Decrypt { get; }
}

/// <summary>Encryption.</summary>
internal readonly struct Encryption : ICipherDirection
{
    public bool Decrypt => false;
}

/// <summary>Decryption: the same schedule, walked the other way.</summary>
internal readonly struct Decryption : ICipherDirection
{
    public bool Decrypt => true;
}

/// <summary>The round body of a portable core over one or two blocks, as a struct the JIT specialises.</summary>
internal unsafe interface IPortableRounds
{
    /// <summary>
    /// Encrypts or decrypts one or two blocks at <paramref name="src"/> into <paramref name="dst"/> with the schedule
    /// <paramref name="keys"/>; <paramref name="count"/> and <paramref name="tables"/> are the core's own (its rounds
    /// or key groups, its lookup tables).
    /// </summary>
    void Run<TLanes, TDirection>(byte* src, byte* dst, uint* keys, int count, uint* tables)
        where TLanes : struct, IBlockLanes
        where TDirection : struct, ICipherDirection;
}

/// <summary>The block loop the portable cores share: pairs of blocks through two lanes, an odd last block through one.</summary>
internal static unsafe class PortableLanes
{
    public static void Crypt<TRounds, TDirection>(ReadOnlySpan<byte> source, Span<byte> destination, uint[] keys, int count, uint* tables)
        where TRounds : struct, IPortableRounds
        where TDirection : struct, ICipherDirection
    {
        int blocks = source.Length / 16;
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (uint* k = keys)
        {
            int i = 0;
            for (; i + 2 <= blocks; i += 2)
            {
                default(TRounds).Run<TwoLanes, TDirection>(src + (16 * i), dst + (16 * i), k, count, tables);
            }

            if (i < blocks)
            {
                default(TRounds).Run<OneLane, TDirection>(src + (16 * i), dst + (16 * i), k, count, tables);
            }
        }
    }
}

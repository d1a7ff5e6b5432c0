#if NET
using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Modes;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Camellia;

/// <summary>
/// Camellia without tables for calls of any length: the key schedule and every block through
/// <see cref="CamelliaGfniRounds"/> (pairs of blocks in two lanes, an odd last one alone), so no memory access or
/// branch depends on key or data. <see cref="CamelliaSlicedCore"/> uses it, in its constant-time form, for what
/// its batches leave: single blocks of CBC encryption, CFB and OFB, short calls and tails.
/// </summary>
internal sealed unsafe class CamelliaGfniSerialCore : BlockCipher, ICbcEncryptor
{
    private readonly ulong[] _keys;

    public CamelliaGfniSerialCore(ReadOnlySpan<byte> key)
        : base(16)
    {
        Debug.Assert(key.Length is 16 or 24 or 32);
        Debug.Assert(IsSupported);
        ulong[] subkeys = CamelliaKeySchedule.Expand<GfniF>(key);
        _keys = CamelliaGfniRounds.Schedule(subkeys);
        Secret.Clear(subkeys);
    }

    /// <summary>True where the CPU has GFNI and SSSE3.</summary>
    public static bool IsSupported => CamelliaGfniRounds.IsSupported;

    /// <summary>
    /// The rounds' schedule (<see cref="CamelliaGfniRounds.Schedule"/>: the encryption subkeys kw1 ... kw4, then the F
    /// subkeys' mapped images), shared with a core that holds this one.
    /// </summary>
    internal ReadOnlySpan<ulong> Schedule => _keys;

    /// <summary>The encryption subkeys at the start of <see cref="Schedule"/> (26 or 34).</summary>
    internal int SubkeyCount => _keys.Length / 2;

    protected override void EncryptCore(ReadOnlySpan<byte> source, Span<byte> destination) =>
        Crypt<ForwardSchedule>(source, destination);

    protected override void DecryptCore(ReadOnlySpan<byte> source, Span<byte> destination) =>
        Crypt<BackwardSchedule>(source, destination);

    public void EncryptCbc(Span<byte> chain, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        fixed (byte* iv = chain)
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (ulong* k = _keys)
        {
            CamelliaGfniRounds.EncryptCbc(iv, src, dst, source.Length / 16, k, SubkeyCount);
        }
    }

    private void Crypt<TDirection>(ReadOnlySpan<byte> source, Span<byte> destination)
        where TDirection : struct, ICamelliaDirection
    {
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (ulong* k = _keys)
        {
            CryptBlocks<TDirection>(src, dst, source.Length / 16, k, SubkeyCount);
        }
    }

    /// <summary>
    /// Whole blocks with a pinned schedule of <paramref name="keyCount"/> subkeys in <see cref="Schedule"/>'s layout (a
    /// <see cref="CamelliaSlicedCore"/> calls it for the blocks its batches leave, with its own copy of the schedule):
    /// pairs through two lanes, an odd last block through one, and a call with no pair makes no two-lane call at all.
    /// </summary>
    internal static void CryptBlocks<TDirection>(byte* src, byte* dst, int blocks, ulong* k, int keyCount)
        where TDirection : struct, ICamelliaDirection
    {
        int pairs = blocks & ~1;
        if (pairs != 0)
        {
            CamelliaGfniRounds.Crypt<TwoBlocksInFlight, TDirection>(src, dst, pairs, k, keyCount);
        }

        if (pairs != blocks)
        {
            CamelliaGfniRounds.Crypt<OneBlockInFlight, TDirection>(src + (pairs * 16), dst + (pairs * 16), 1, k, keyCount);
        }
    }

    protected override void ClearKeySchedule() => Secret.Clear(_keys);

    /// <summary>The key schedule's F on GFNI (no tables).</summary>
    internal readonly struct GfniF : ICamelliaKeyScheduleF
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public ulong F(ulong x) => CamelliaGfniRounds.F(x);
    }
}
#endif

using System;
using System.Diagnostics;
using Panicode.Crypto.BlockCiphers.Camellia;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Modes;
using Panicode.Crypto.Unsafe.Internal;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Camellia;

/// <summary>
/// Camellia, Unsafe flavour (RFC 3713 §2.2 key schedule, §2.3 data randomizing, §2.4 F/FL/FL^-1; FL/FL^-1 and
/// the combined S/P tables from the Reference assembly's <see cref="CamelliaSpec"/>). Techniques of
/// Oikawa et al. (SCIS 2008, §3) and of the CRYPTREC 64-bit study (Asahi et al., "A Fast implementation on
/// the 64 bits environment of the suggested cipher in CRYPTREC", §2.2): 64-bit processing
/// units, the F-function as eight lookups in 64-bit S/P tables, those tables in unmanaged memory read
/// through a pointer passed as an argument (no bounds checks), bytes taken with <c>(byte)</c> casts, two
/// blocks in flight, one loop over all blocks of a call with the key schedule pinned once, and a key
/// schedule (<see cref="CamelliaKeySchedule"/>) that copies the duplicated subkeys instead of rotating
/// and is walked backwards for decryption instead of being copied in reverse. The round body is
/// <see cref="CamelliaRounds"/>, the very one the ablation variants (benchmarks/Panicode.Crypto.Ablation, not shipped) measure.
/// </summary>
internal sealed unsafe class CamelliaPortableCore : BlockCipher, ICbcEncryptor
{
    private readonly ulong[] _keys;

    public CamelliaPortableCore(ReadOnlySpan<byte> key)
        : this(ExpandChecked(key))
    {
    }

    /// <summary>A core over an expanded schedule it takes ownership of (it clears it on Dispose).</summary>
    internal CamelliaPortableCore(ulong[] schedule)
        : base(16)
    {
        Debug.Assert(schedule.Length is 26 or 34);
        _keys = schedule;
    }

    /// <summary>The encryption schedule (kw1 ... kw4), shared with a core that holds this one.</summary>
    internal ReadOnlySpan<ulong> Schedule => _keys;

    protected override void EncryptCore(ReadOnlySpan<byte> source, Span<byte> destination) =>
        Crypt<ForwardSchedule>(source, destination);

    protected override void DecryptCore(ReadOnlySpan<byte> source, Span<byte> destination) =>
        Crypt<BackwardSchedule>(source, destination);

    // CBC encryption is serial (the ICbcEncryptor capability): one lane, the key schedule pinned once, each block
    // XORed with the previous ciphertext in the destination and encrypted there.
    public void EncryptCbc(Span<byte> chain, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        fixed (byte* iv = chain)
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (ulong* k = _keys)
        {
            byte* previous = iv;
            for (int offset = 0; offset < source.Length; offset += 16)
            {
                byte* block = dst + offset;
                BigEndian.Write64(block, BigEndian.Read64(src + offset) ^ BigEndian.Read64(previous));
                BigEndian.Write64(block + 8, BigEndian.Read64(src + offset + 8) ^ BigEndian.Read64(previous + 8));
                CamelliaRounds.Crypt<PointerSpTables, CastBytes, OneBlockInFlight, ForwardSchedule>(
                    block, block, 1, k, _keys.Length, CamelliaRounds.Sp);
                previous = block;
            }

            if (source.Length > 0)
            {
                new ReadOnlySpan<byte>(previous, 16).CopyTo(chain);
            }
        }
    }

    private void Crypt<TDirection>(ReadOnlySpan<byte> source, Span<byte> destination)
        where TDirection : struct, ICamelliaDirection
    {
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (ulong* k = _keys)
        {
            CryptBlocks<TDirection>(src, dst, source.Length / 16, k, _keys.Length);
        }
    }

    /// <summary>
    /// Whole blocks through the tables with a pinned encryption schedule (a <c>CamelliaSlicedCore</c> (.NET only) calls it
    /// for the blocks its batches leave, with its own copy of the schedule). Pairs of blocks go through two lanes; an
    /// odd last block through one (as both lanes it would cost the table lookups of two blocks: a one-block message
    /// took twice Reference's time), and a call with no pair makes no two-lane call at all.
    /// </summary>
    internal static void CryptBlocks<TDirection>(byte* src, byte* dst, int blocks, ulong* k, int keyCount)
        where TDirection : struct, ICamelliaDirection
    {
        int pairs = blocks & ~1;
        if (pairs != 0)
        {
            CamelliaRounds.Crypt<PointerSpTables, CastBytes, TwoBlocksInFlight, TDirection>(src, dst, pairs, k, keyCount, CamelliaRounds.Sp);
        }

        if (pairs != blocks)
        {
            CamelliaRounds.Crypt<PointerSpTables, CastBytes, OneBlockInFlight, TDirection>(
                src + (pairs * 16), dst + (pairs * 16), 1, k, keyCount, CamelliaRounds.Sp);
        }
    }

    protected override void ClearKeySchedule() => Secret.Clear(_keys);

    private static ulong[] ExpandChecked(ReadOnlySpan<byte> key)
    {
        Debug.Assert(key.Length is 16 or 24 or 32);
        return CamelliaKeySchedule.Expand(key);
    }
}

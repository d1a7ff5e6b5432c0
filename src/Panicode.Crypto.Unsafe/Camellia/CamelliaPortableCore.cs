using System;
using System.Diagnostics;
using Panicode.Crypto.Camellia;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Modes;

namespace Panicode.Crypto.Unsafe.Camellia;

/// <summary>
/// Camellia, Unsafe flavour (RFC 3713 §2.2 key schedule, §2.3 data randomizing, §2.4 F/FL/FL^-1; FL/FL^-1 and
/// the combined S/P tables from the Reference assembly's <see cref="CamelliaCore"/>). Techniques of
/// Oikawa et al. (SCIS 2008, §3) and of the CRYPTREC 64-bit study (seed 001, §2.2): 64-bit processing
/// units, the F-function as eight lookups in 64-bit S/P tables, those tables in unmanaged memory read
/// through a pointer passed as an argument (no bounds checks), bytes taken with <c>(byte)</c> casts, two
/// blocks in flight, one loop over all blocks of a call with the key schedule pinned once, and a key
/// schedule (<see cref="CamelliaKeySchedule"/>) that copies the duplicated subkeys instead of rotating
/// and is walked backwards for decryption instead of being copied in reverse. The round body is
/// <see cref="CamelliaRounds"/>, the very one the ablation variants (<c>Ablation/</c>) measure.
/// </summary>
internal sealed unsafe class CamelliaPortableCore : BlockCipher
{
    private readonly ulong[] _keys;

    public CamelliaPortableCore(ReadOnlySpan<byte> key)
        : base(16)
    {
        Debug.Assert(key.Length is 16 or 24 or 32);
        _keys = CamelliaKeySchedule.Expand(key);
    }

    protected override void EncryptCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (ulong* k = _keys)
        {
            CamelliaRounds.Crypt<PointerSpTables, CastBytes, TwoBlocksInFlight, ForwardSchedule>(
                src, dst, source.Length / 16, k, _keys.Length, CamelliaRounds.Sp);
        }
    }

    protected override void DecryptCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (ulong* k = _keys)
        {
            CamelliaRounds.Crypt<PointerSpTables, CastBytes, TwoBlocksInFlight, BackwardSchedule>(
                src, dst, source.Length / 16, k, _keys.Length, CamelliaRounds.Sp);
        }
    }

    protected override void ClearKeySchedule() => Secret.Clear(_keys);
}

// The policies of the Camellia round body (CamelliaRounds), for the techniques of Oikawa et al. (SCIS 2008, §3)
// that shape the round itself. Each is a struct type parameter, so the JIT compiles one specialised copy of the
// rounds per choice; the ablation variants (benchmarks/Panicode.Crypto.Ablation, not shipped) add their own.

using System.Runtime.CompilerServices;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Camellia;

/// <summary>
/// How F reads the eight 256-entry S/P tables. Implementations are fieldless and used as
/// <c>default(T)</c>: the round body takes no struct argument (Mono 6.8 on s390x corrupts struct arguments of
/// generic methods), only the table pointer and, for the managed-array variant, the array.
/// </summary>
internal unsafe interface ICamelliaTableAccess
{
    /// <summary>The managed array the lookups index, fetched once per call; null when they go through a pointer.</summary>
    ulong[]? Array { get; }

    /// <summary>SP[offset + index], offset = 256 * byte position.</summary>
    ulong Entry(ulong* sp, ulong[]? array, uint offset, uint index);
}

/// <summary>How F takes a byte out of the 64-bit F input (the top one is <c>x &gt;&gt; 56</c>).</summary>
internal interface ICamelliaByteExtraction
{
    uint Byte(ulong x, int shift);
}

/// <summary>How many independent blocks go through the rounds together: one or two.</summary>
internal interface ICamelliaLanes
{
    bool TwoBlocks { get; }
}

/// <summary>Which way the round loop walks the one (encryption) key schedule.</summary>
internal interface ICamelliaDirection
{
    bool Forward { get; }
}

/// <summary>The tables through a pointer passed in as an argument (the paper's techniques 1 and 4).</summary>
internal readonly unsafe struct PointerSpTables : ICamelliaTableAccess
{
    public ulong[]? Array => null;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong Entry(ulong* sp, ulong[]? array, uint offset, uint index) => sp[offset + index];
}

/// <summary>Bytes taken with <c>(byte)</c> casts (technique 3): a zero-extending move, no mask.</summary>
internal readonly struct CastBytes : ICamelliaByteExtraction
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint Byte(ulong x, int shift) => (byte)(x >> shift);
}

/// <summary>Two blocks interleaved round by round.</summary>
internal readonly struct TwoBlocksInFlight : ICamelliaLanes
{
    public bool TwoBlocks => true;
}

/// <summary>One block through the rounds at a time: a lone block, and serial CBC encryption.</summary>
internal readonly struct OneBlockInFlight : ICamelliaLanes
{
    public bool TwoBlocks => false;
}

/// <summary>Encryption: the schedule from kw1 to kw4.</summary>
internal readonly struct ForwardSchedule : ICamelliaDirection
{
    public bool Forward => true;
}

/// <summary>Decryption: the same schedule from kw3/kw4 back to kw1/kw2 (RFC 3713 2.3.3), no second copy.</summary>
internal readonly struct BackwardSchedule : ICamelliaDirection
{
    public bool Forward => false;
}

using System;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Rijndael;

/// <summary>
/// Rijndael, Unsafe flavour, portable code (AES proposal v2 §5.2.1 round tables, §5.3.3 equivalent
/// inverse cipher) for every block size: the rounds of <see cref="RijndaelTableRounds{TShape, TTables, TBytes}"/>
/// with all four techniques of Oikawa et al. (SCIS 2008, §3) — T-table lookups through a pointer into
/// unmanaged memory (no bounds checks), the state in <c>stackalloc</c> memory, <c>(byte)</c> casts
/// instead of <c>&amp; 0xFF</c>, and the table pointer held in a local instead of read from a static
/// field — unrolled per block size. The ablation (benchmarks/Panicode.Crypto.Ablation, not shipped) runs the
/// same rounds with one technique taken out each, so it measures exactly this core.
/// </summary>
internal sealed class RijndaelPortableCore
    : RijndaelTableCore<PointerTables<ForwardDirection>, PointerTables<InverseDirection>, CastBytes>
{
    public RijndaelPortableCore(ReadOnlySpan<byte> key, int blockSizeInBytes)
        : base(key, blockSizeInBytes)
    {
    }
}

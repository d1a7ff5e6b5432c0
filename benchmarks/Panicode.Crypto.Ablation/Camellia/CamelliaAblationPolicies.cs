using System.Runtime.CompilerServices;
using Panicode.Crypto.BlockCiphers.Camellia;
using Panicode.Crypto.Unsafe.BlockCiphers.Camellia;

namespace Panicode.Crypto.Ablation.Camellia;

/// <summary>The S/P tables as a managed array held in a local: every lookup is bounds-checked.</summary>
internal readonly unsafe struct ArraySpTables : ICamelliaTableAccess
{
    private static readonly ulong[] s_sp = CamelliaSpec.SpTable.ToArray();

    public ulong[]? Array => s_sp;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong Entry(ulong* sp, ulong[]? array, uint offset, uint index) => array![offset + index];
}

/// <summary>The table pointer read from its static readonly field (<see cref="CamelliaRounds.Sp"/>) at every lookup.</summary>
internal readonly unsafe struct StaticFieldSpTables : ICamelliaTableAccess
{
    public ulong[]? Array => null;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong Entry(ulong* sp, ulong[]? array, uint offset, uint index) => CamelliaRounds.Sp[offset + index];
}

/// <summary>Bytes extracted with <c>&amp; 0xFF</c> masks.</summary>
internal readonly struct MaskBytes : ICamelliaByteExtraction
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint Byte(ulong x, int shift) => (uint)(x >> shift) & 0xFF;
}


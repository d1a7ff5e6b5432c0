using System.Diagnostics;
using System.Runtime.CompilerServices;
using Panicode.Crypto.BlockCiphers.Rijndael;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Rijndael;

// The policies of the table-driven Rijndael rounds (RijndaelTableRounds), for the techniques of Oikawa et
// al. (SCIS 2008, §3) that shape the round itself. Each is a struct type parameter: the JIT compiles one
// specialised copy of the rounds per choice and folds every policy call away, so the shipping core
// (RijndaelPortableCore) and the ablation variants (benchmarks/Panicode.Crypto.Ablation, not shipped) are the
// same code with different arguments. Policies are never passed by value
// (Mono 6.8 on s390x corrupts struct arguments of generic methods); the rounds create them with default.

/// <summary>Which way the block goes: selects the tables and the column order (a JIT-time constant).</summary>
internal interface IRijndaelDirection
{
    bool Inverse { get; }
}

internal readonly struct ForwardDirection : IRijndaelDirection
{
    public bool Inverse
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => false;
    }
}

internal readonly struct InverseDirection : IRijndaelDirection
{
    public bool Inverse
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => true;
    }
}

/// <summary>How a round reaches the four T-tables and the S-box (techniques 1 and 4).</summary>
internal interface IRijndaelTables
{
    /// <summary>True for the decryption tables (Td0..Td3, inverse S-box).</summary>
    bool Inverse { get; }

    /// <summary>Fetches the tables once per call, before the rounds run.</summary>
    void Load();

    uint T0(uint index);

    uint T1(uint index);

    uint T2(uint index);

    uint T3(uint index);

    uint S(uint index);
}

/// <summary>
/// Techniques 1 and 4: the tables through one pointer into unmanaged memory (no bounds checks), held
/// in a local of the rounds. The four T-tables and the S-box are contiguous
/// (<see cref="RijndaelPointerTables"/>), so every lookup is one load at a constant offset from it.
/// </summary>
internal unsafe struct PointerTables<TDirection> : IRijndaelTables
    where TDirection : struct, IRijndaelDirection
{
    private uint* _t;

    public readonly bool Inverse
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => default(TDirection).Inverse;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Load()
    {
        RijndaelPointerTables tables = Inverse ? RijndaelPointerTables.Decryption : RijndaelPointerTables.Encryption;
        Debug.Assert(tables.T3 == tables.T0 + 768 && tables.SBox == (byte*)(tables.T0 + 1024));
        _t = tables.T0;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly uint T0(uint index) => _t[index];

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly uint T1(uint index) => (_t + 256)[index];

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly uint T2(uint index) => (_t + 512)[index];

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly uint T3(uint index) => (_t + 768)[index];

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly uint S(uint index) => ((byte*)(_t + 1024))[index];
}

/// <summary>How a round takes the low three bytes out of a column word (the high one is <c>x &gt;&gt; 24</c>).</summary>
internal interface IRijndaelBytes
{
    uint Byte0(uint x);

    uint Byte1(uint x);

    uint Byte2(uint x);
}

/// <summary>Technique 3: bytes taken with <c>(byte)</c> casts instead of <c>&amp; 0xFF</c>.</summary>
internal readonly struct CastBytes : IRijndaelBytes
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint Byte0(uint x) => (byte)x;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint Byte1(uint x) => (byte)(x >> 8);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint Byte2(uint x) => (byte)(x >> 16);
}

/// <summary>
/// The block size: Nb columns and the ShiftRows offsets C1..C3 of rows 1..3 (AES proposal v2 §4.2.2,
/// Table 2; the constants of <see cref="RijndaelTables"/>), as JIT-time constants so every state index of the
/// written-out round folds.
/// </summary>
internal interface IRijndaelShape
{
    int Nb { get; }

    int C1 { get; }

    int C2 { get; }

    int C3 { get; }
}

internal readonly struct RijndaelShape4 : IRijndaelShape
{
    public int Nb
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => 4;
    }

    public int C1
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => RijndaelTables.ShiftC1;
    }

    public int C2
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => RijndaelTables.ShiftC2;
    }

    public int C3
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => RijndaelTables.ShiftC3;
    }
}

internal readonly struct RijndaelShape5 : IRijndaelShape
{
    public int Nb
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => 5;
    }

    public int C1
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => RijndaelTables.ShiftC1;
    }

    public int C2
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => RijndaelTables.ShiftC2;
    }

    public int C3
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => RijndaelTables.ShiftC3;
    }
}

internal readonly struct RijndaelShape6 : IRijndaelShape
{
    public int Nb
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => 6;
    }

    public int C1
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => RijndaelTables.ShiftC1;
    }

    public int C2
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => RijndaelTables.ShiftC2;
    }

    public int C3
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => RijndaelTables.ShiftC3;
    }
}

internal readonly struct RijndaelShape7 : IRijndaelShape
{
    public int Nb
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => 7;
    }

    public int C1
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => RijndaelTables.ShiftC1;
    }

    public int C2
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => RijndaelTables.ShiftC2;
    }

    public int C3
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => RijndaelTables.ShiftC3Nb7And8;
    }
}

internal readonly struct RijndaelShape8 : IRijndaelShape
{
    public int Nb
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => 8;
    }

    public int C1
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => RijndaelTables.ShiftC1;
    }

    public int C2
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => RijndaelTables.ShiftC2Nb8;
    }

    public int C3
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => RijndaelTables.ShiftC3Nb7And8;
    }
}

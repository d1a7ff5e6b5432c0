using System;
using System.Runtime.CompilerServices;
using Panicode.Crypto.BlockCiphers.Rijndael;

using Panicode.Crypto.Unsafe.BlockCiphers.Rijndael;

namespace Panicode.Crypto.Ablation.Rijndael;

// The policies that take one technique out of RijndaelTableRounds each (see RijndaelAblation): the
// counterparts of PointerTables and CastBytes in RijndaelTablePolicies.cs. Technique 2 (stackalloc
// temporaries) is not a policy: RijndaelHeapStateCore runs the same round body with a heap state instead.

/// <summary>
/// Technique 1 out: the tables as managed arrays held in a local, so every lookup is bounds-checked.
/// Like <see cref="PointerTables{TDirection}"/>, the four T-tables are one 1024-word block.
/// </summary>
internal struct ArrayTables<TDirection> : IRijndaelTables
    where TDirection : struct, IRijndaelDirection
{
    private static readonly uint[] s_encryption = Concatenate(RijndaelTables.Te0, RijndaelTables.Te1, RijndaelTables.Te2, RijndaelTables.Te3);
    private static readonly uint[] s_decryption = Concatenate(RijndaelTables.Td0, RijndaelTables.Td1, RijndaelTables.Td2, RijndaelTables.Td3);

    private uint[] _t;
    private byte[] _s;

    public readonly bool Inverse
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => default(TDirection).Inverse;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Load()
    {
        _t = Inverse ? s_decryption : s_encryption;
        _s = Inverse ? RijndaelTables.InverseSBox : RijndaelTables.SBox;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly uint T0(uint index) => _t[index];

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly uint T1(uint index) => _t[256 + index];

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly uint T2(uint index) => _t[512 + index];

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly uint T3(uint index) => _t[768 + index];

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly uint S(uint index) => _s[index];

    private static uint[] Concatenate(uint[] t0, uint[] t1, uint[] t2, uint[] t3)
    {
        uint[] all = new uint[1024];
        t0.CopyTo(all, 0);
        t1.CopyTo(all, 256);
        t2.CopyTo(all, 512);
        t3.CopyTo(all, 768);
        return all;
    }
}

/// <summary>The table pointers as static readonly fields, one per table, read at each lookup.</summary>
internal static unsafe class StaticTablePointers
{
    public static readonly uint* Te0 = RijndaelPointerTables.Encryption.T0;
    public static readonly uint* Te1 = RijndaelPointerTables.Encryption.T1;
    public static readonly uint* Te2 = RijndaelPointerTables.Encryption.T2;
    public static readonly uint* Te3 = RijndaelPointerTables.Encryption.T3;
    public static readonly byte* SBox = RijndaelPointerTables.Encryption.SBox;
    public static readonly uint* Td0 = RijndaelPointerTables.Decryption.T0;
    public static readonly uint* Td1 = RijndaelPointerTables.Decryption.T1;
    public static readonly uint* Td2 = RijndaelPointerTables.Decryption.T2;
    public static readonly uint* Td3 = RijndaelPointerTables.Decryption.T3;
    public static readonly byte* InverseSBox = RijndaelPointerTables.Decryption.SBox;
}

/// <summary>Technique 4 out: the same pointers, but read from <see cref="StaticTablePointers"/> at every lookup instead of held in a local.</summary>
internal unsafe struct StaticFieldTables<TDirection> : IRijndaelTables
    where TDirection : struct, IRijndaelDirection
{
    public readonly bool Inverse
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => default(TDirection).Inverse;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Load()
    {
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly uint T0(uint index) => Inverse ? StaticTablePointers.Td0[index] : StaticTablePointers.Te0[index];

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly uint T1(uint index) => Inverse ? StaticTablePointers.Td1[index] : StaticTablePointers.Te1[index];

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly uint T2(uint index) => Inverse ? StaticTablePointers.Td2[index] : StaticTablePointers.Te2[index];

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly uint T3(uint index) => Inverse ? StaticTablePointers.Td3[index] : StaticTablePointers.Te3[index];

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly uint S(uint index) => Inverse ? StaticTablePointers.InverseSBox[index] : StaticTablePointers.SBox[index];
}

/// <summary>Technique 3 out: bytes extracted with <c>&amp; 0xFF</c> masks.</summary>
internal readonly struct MaskBytes : IRijndaelBytes
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint Byte0(uint x) => x & 0xFF;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint Byte1(uint x) => (x >> 8) & 0xFF;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint Byte2(uint x) => (x >> 16) & 0xFF;
}

using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using Memory = System.Runtime.CompilerServices.Unsafe;

namespace Panicode.Crypto.Unsafe.Internal;

/// <summary>
/// Unaligned big-endian 32- and 64-bit loads and stores through pointers (Camellia's byte order); the
/// counterpart of <see cref="LittleEndian"/>, with the same JIT-time constant test on the machine's order.
/// </summary>
internal static unsafe class BigEndian
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint Read32(byte* p)
    {
        uint value = Memory.ReadUnaligned<uint>(p);
        return BitConverter.IsLittleEndian ? BinaryPrimitives.ReverseEndianness(value) : value;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Write32(byte* p, uint value) =>
        Memory.WriteUnaligned(p, BitConverter.IsLittleEndian ? BinaryPrimitives.ReverseEndianness(value) : value);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong Read64(byte* p)
    {
        ulong value = Memory.ReadUnaligned<ulong>(p);
        return BitConverter.IsLittleEndian ? BinaryPrimitives.ReverseEndianness(value) : value;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Write64(byte* p, ulong value) =>
        Memory.WriteUnaligned(p, BitConverter.IsLittleEndian ? BinaryPrimitives.ReverseEndianness(value) : value);
}

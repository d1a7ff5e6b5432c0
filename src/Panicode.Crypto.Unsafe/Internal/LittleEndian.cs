using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using Memory = System.Runtime.CompilerServices.Unsafe;

namespace Panicode.Crypto.Unsafe.Internal;

/// <summary>
/// Unaligned little-endian 32-bit loads and stores through pointers. The byte order is explicit:
/// on a big-endian machine the word is byte-swapped (the test on
/// <see cref="BitConverter.IsLittleEndian"/> is a JIT-time constant, so it costs nothing).
/// </summary>
internal static unsafe class LittleEndian
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint Read(byte* p)
    {
        uint value = Memory.ReadUnaligned<uint>(p);
        return BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Write(byte* p, uint value) =>
        Memory.WriteUnaligned(p, BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value));
}

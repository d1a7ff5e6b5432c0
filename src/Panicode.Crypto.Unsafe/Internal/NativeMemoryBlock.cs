using System;
using System.Runtime.InteropServices;

namespace Panicode.Crypto.Unsafe.Internal;

/// <summary>
/// Process-lifetime unmanaged memory for constant tables: allocated once, never moved by the GC
/// (so no pinning at use sites) and never freed.
/// </summary>
internal static unsafe class NativeMemoryBlock
{
    /// <summary>Allocates <paramref name="bytes"/> bytes aligned to a 64-byte cache line.</summary>
    public static byte* AllocateAligned(int bytes)
    {
#if NET
        return (byte*)NativeMemory.AlignedAlloc((nuint)bytes, 64);
#else
        // AllocHGlobal guarantees only pointer alignment: over-allocate and round up.
        IntPtr raw = Marshal.AllocHGlobal(bytes + 63);
        return (byte*)(((long)raw + 63) & ~63L);
#endif
    }
}

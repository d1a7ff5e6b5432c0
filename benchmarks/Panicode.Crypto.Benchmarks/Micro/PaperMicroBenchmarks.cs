using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using BenchmarkDotNet.Attributes;
using MemoryUnsafe = System.Runtime.CompilerServices.Unsafe;

namespace Panicode.Crypto.Benchmarks.Micro;

/// <summary>
/// Seed paper §3.2, Table 2: eight int temporaries on the GC heap (TestHeap) or on the stack
/// (TestStack), the paper's programs as printed, called through a non-inlined method as there.
/// Time is per call. A safe <c>Span&lt;int&gt; = stackalloc</c> form is added: today's idiom.
/// </summary>
[BenchmarkCategory("Micro", "Table2")]
public class HeapVersusStackTemporaries
{
    private const int Calls = 1024;
    private int _start = 7;

    [Benchmark(Baseline = true, OperationsPerInvoke = Calls, Description = "TestHeap (new int[8])")]
    public int Heap()
    {
        int x = _start;
        for (int i = 0; i < Calls; i++)
        {
            x = TestHeap(x);
        }

        return x;
    }

    [Benchmark(OperationsPerInvoke = Calls, Description = "TestStack (int* stackalloc)")]
    public int Stack()
    {
        int x = _start;
        for (int i = 0; i < Calls; i++)
        {
            x = TestStack(x);
        }

        return x;
    }

    [Benchmark(OperationsPerInvoke = Calls, Description = "TestStack + [SkipLocalsInit]")]
    public int StackNoZeroing()
    {
        int x = _start;
        for (int i = 0; i < Calls; i++)
        {
            x = TestStackSkipLocalsInit(x);
        }

        return x;
    }

    [Benchmark(OperationsPerInvoke = Calls, Description = "Span<int> stackalloc")]
    public int SpanStack()
    {
        int x = _start;
        for (int i = 0; i < Calls; i++)
        {
            x = TestSpanStack(x);
        }

        return x;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static int TestHeap(int start)
    {
        int[] tmp = new int[8];
        tmp[0] = start; tmp[1] = tmp[0] + 1;
        tmp[2] = tmp[1] + tmp[0]; tmp[3] = tmp[2] + tmp[1];
        tmp[4] = tmp[3] + tmp[2]; tmp[5] = tmp[4] + tmp[3];
        tmp[6] = tmp[5] + tmp[4]; tmp[7] = tmp[6] + tmp[5];
        return tmp[7];
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static unsafe int TestStack(int start)
    {
        int* tmp = stackalloc int[8];
        tmp[0] = start; tmp[1] = tmp[0] + 1;
        tmp[2] = tmp[1] + tmp[0]; tmp[3] = tmp[2] + tmp[1];
        tmp[4] = tmp[3] + tmp[2]; tmp[5] = tmp[4] + tmp[3];
        tmp[6] = tmp[5] + tmp[4]; tmp[7] = tmp[6] + tmp[5];
        return tmp[7];
    }

    // The same as TestStack without the zeroing of the stackalloc'd memory that C# asks for by default.
    [MethodImpl(MethodImplOptions.NoInlining)]
    [SkipLocalsInit]
    private static unsafe int TestStackSkipLocalsInit(int start)
    {
        int* tmp = stackalloc int[8];
        tmp[0] = start; tmp[1] = tmp[0] + 1;
        tmp[2] = tmp[1] + tmp[0]; tmp[3] = tmp[2] + tmp[1];
        tmp[4] = tmp[3] + tmp[2]; tmp[5] = tmp[4] + tmp[3];
        tmp[6] = tmp[5] + tmp[4]; tmp[7] = tmp[6] + tmp[5];
        return tmp[7];
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static int TestSpanStack(int start)
    {
        Span<int> tmp = stackalloc int[8];
        tmp[0] = start; tmp[1] = tmp[0] + 1;
        tmp[2] = tmp[1] + tmp[0]; tmp[3] = tmp[2] + tmp[1];
        tmp[4] = tmp[3] + tmp[2]; tmp[5] = tmp[4] + tmp[3];
        tmp[6] = tmp[5] + tmp[4]; tmp[7] = tmp[6] + tmp[5];
        return tmp[7];
    }
}

/// <summary>
/// Seed paper §3.1, §3.3 and §3.4 on one kernel, the loop of Table 3: four table lookups per step,
/// each step depending on the last. Varied one at a time: byte extraction by <c>&amp; 0xFF</c> or
/// <c>(byte)</c> cast (Table 3); the table read from a static field or passed as an argument (§3.4);
/// array indexing or a pointer (§3.1). Time is per step.
/// </summary>
[BenchmarkCategory("Micro", "Table3")]
public class TableLookupKernels
{
    private const int Steps = 4096;
    private static uint[] s_table = CreateTable();
    private static readonly uint[] s_readonlyTable = CreateTable();
    private readonly uint[] _table = CreateTable();
    private uint _start = 0x01234567;

    [Benchmark(Baseline = true, OperationsPerInvoke = Steps, Description = "mask x & 0xFF, array argument")]
    public uint Mask() => MaskLoop(_table, _start);

    [Benchmark(OperationsPerInvoke = Steps, Description = "cast (byte)x, array argument")]
    public uint Cast() => CastLoop(_table, _start);

    [Benchmark(OperationsPerInvoke = Steps, Description = "cast, static field table")]
    public uint StaticField() => StaticFieldLoop(_start);

    [Benchmark(OperationsPerInvoke = Steps, Description = "cast, static readonly field table")]
    public uint StaticReadonlyField() => StaticReadonlyFieldLoop(_start);

    [Benchmark(OperationsPerInvoke = Steps, Description = "cast, pointer (fixed) argument")]
    public unsafe uint Pointer()
    {
        fixed (uint* table = _table)
        {
            return PointerLoop(table, _start);
        }
    }

    [Benchmark(OperationsPerInvoke = Steps, Description = "mask, pointer (fixed) argument")]
    public unsafe uint MaskPointer()
    {
        fixed (uint* table = _table)
        {
            return MaskPointerLoop(table, _start);
        }
    }

    [Benchmark(OperationsPerInvoke = Steps, Description = "cast, ref + Unsafe.Add (no pinning)")]
    public uint UnsafeRef() => RefLoop(ref MemoryMarshal.GetArrayDataReference(_table), _start);

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static uint MaskLoop(uint[] t, uint x)
    {
        for (int i = 0; i < Steps; i++)
        {
            x = t[x & 0xFF] ^ t[(x >> 8) & 0xFF] ^ t[(x >> 16) & 0xFF] ^ t[(x >> 24) & 0xFF];
        }

        return x;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static uint CastLoop(uint[] t, uint x)
    {
        for (int i = 0; i < Steps; i++)
        {
            x = t[(byte)x] ^ t[(byte)(x >> 8)] ^ t[(byte)(x >> 16)] ^ t[(byte)(x >> 24)];
        }

        return x;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static uint StaticFieldLoop(uint x)
    {
        for (int i = 0; i < Steps; i++)
        {
            x = s_table[(byte)x] ^ s_table[(byte)(x >> 8)] ^ s_table[(byte)(x >> 16)] ^ s_table[(byte)(x >> 24)];
        }

        return x;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static uint StaticReadonlyFieldLoop(uint x)
    {
        for (int i = 0; i < Steps; i++)
        {
            x = s_readonlyTable[(byte)x] ^ s_readonlyTable[(byte)(x >> 8)] ^ s_readonlyTable[(byte)(x >> 16)] ^ s_readonlyTable[(byte)(x >> 24)];
        }

        return x;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static unsafe uint PointerLoop(uint* t, uint x)
    {
        for (int i = 0; i < Steps; i++)
        {
            x = t[(byte)x] ^ t[(byte)(x >> 8)] ^ t[(byte)(x >> 16)] ^ t[(byte)(x >> 24)];
        }

        return x;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static unsafe uint MaskPointerLoop(uint* t, uint x)
    {
        for (int i = 0; i < Steps; i++)
        {
            x = t[x & 0xFF] ^ t[(x >> 8) & 0xFF] ^ t[(x >> 16) & 0xFF] ^ t[(x >> 24) & 0xFF];
        }

        return x;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static uint RefLoop(ref uint t, uint x)
    {
        for (int i = 0; i < Steps; i++)
        {
            x = MemoryUnsafe.Add(ref t, (byte)x) ^ MemoryUnsafe.Add(ref t, (byte)(x >> 8)) ^ MemoryUnsafe.Add(ref t, (byte)(x >> 16)) ^ MemoryUnsafe.Add(ref t, (byte)(x >> 24));
        }

        return x;
    }

    private static uint[] CreateTable()
    {
        // Any fixed table will do; a multiplicative hash keeps the entries distinct.
        uint[] table = new uint[256];
        for (uint i = 0; i < table.Length; i++)
        {
            table[i] = (i + 1) * 0x9E3779B1u;
        }

        return table;
    }
}

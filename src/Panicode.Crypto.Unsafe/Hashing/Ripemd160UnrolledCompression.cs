// RIPEMD-160 (Dobbertin, Bosselaers, Preneel, FSE 1996) §4, the Unsafe flavour's compression function: the 2 x 80
// steps written out (Ripemd160UnrolledCompression.g.cs, generated from Ripemd160Spec by tools/ripemd160/gen_unrolled.py)
// so every message index and rotation is a constant, the five Boolean functions inlined, the chaining value and the
// message words behind pointers. The engine (buffering, padding, length) is the Reference Ripemd160Engine.

using System;
using System.Runtime.CompilerServices;
using Panicode.Crypto.Hashing;
using Panicode.Crypto.Unsafe.Internal;

namespace Panicode.Crypto.Unsafe.Hashing;

internal static unsafe partial class Ripemd160UnrolledCompression
{
    public static void Compress(uint[] state, ReadOnlySpan<byte> blocks)
    {
        uint* x = stackalloc uint[16];
        fixed (uint* h = state)
        fixed (byte* start = blocks)
        {
            for (byte* p = start, end = start + blocks.Length; p < end; p += Ripemd160Spec.BlockBytes)
            {
                for (int i = 0; i < 16; i++)
                {
                    x[i] = LittleEndian.Read(p + (4 * i));
                }

                Steps(h, x);
            }
        }

        new Span<uint>(x, 16).Clear();
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint Rotl(uint v, int n) => (v << n) | (v >> (32 - n));

    // One step on (a, b, c, d, e): a = rol_s(a + f(b, c, d) + x + K) + e, c = rol_10(c); the caller renames for the next.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void F0(ref uint a, uint b, ref uint c, uint d, uint e, uint xk, int s)
    {
        a = Rotl(a + (b ^ c ^ d) + xk, s) + e;
        c = Rotl(c, 10);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void F1(ref uint a, uint b, ref uint c, uint d, uint e, uint xk, int s)
    {
        a = Rotl(a + (((c ^ d) & b) ^ d) + xk, s) + e;
        c = Rotl(c, 10);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void F2(ref uint a, uint b, ref uint c, uint d, uint e, uint xk, int s)
    {
        a = Rotl(a + ((b | ~c) ^ d) + xk, s) + e;
        c = Rotl(c, 10);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void F3(ref uint a, uint b, ref uint c, uint d, uint e, uint xk, int s)
    {
        a = Rotl(a + (((b ^ c) & d) ^ c) + xk, s) + e;
        c = Rotl(c, 10);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void F4(ref uint a, uint b, ref uint c, uint d, uint e, uint xk, int s)
    {
        a = Rotl(a + (b ^ (c | ~d)) + xk, s) + e;
        c = Rotl(c, 10);
    }
}

/// <summary>The Reference engine (buffering, padding, length) over the unrolled compression function.</summary>
internal sealed class UnsafeRipemd160Engine : Ripemd160Engine
{
    protected override void Compress(uint[] state, ReadOnlySpan<byte> blocks) => Ripemd160UnrolledCompression.Compress(state, blocks);
}

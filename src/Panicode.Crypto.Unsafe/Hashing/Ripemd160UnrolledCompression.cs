// RIPEMD-160 (Dobbertin, Bosselaers, Preneel, FSE 1996) §4, the Unsafe flavour's compression function: the 2 x 80
// steps written out (Ripemd160UnrolledCompression.g.cs, generated from Ripemd160Spec by tools/ripemd160/gen_unrolled.py)
// so every message index and rotation is a constant, the five Boolean functions written into each step, the chaining value and the
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
}

/// <summary>The Reference engine (buffering, padding, length) over the unrolled compression function.</summary>
internal sealed class UnsafeRipemd160Engine : Ripemd160Engine
{
    protected override void Compress(uint[] state, ReadOnlySpan<byte> blocks) => Ripemd160UnrolledCompression.Compress(state, blocks);
}

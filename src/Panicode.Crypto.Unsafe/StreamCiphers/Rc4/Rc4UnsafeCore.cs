using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using Panicode.Crypto.Internal;
using Panicode.Crypto.StreamCiphers;

#pragma warning disable CS0618, PANICODE001 // RC4 is obsolete for users; this is its implementation.

namespace Panicode.Crypto.Unsafe.StreamCiphers.Rc4;

/// <summary>
/// RC4, Unsafe flavour (the algorithm of the Reference's Rc4Core). Techniques: the permutation held as 256 32-bit
/// words (no partial-register byte stores in the exchange), read through a pointer; the indices native-sized and
/// reduced mod 256 by byte casts (no zero-extension before each address); each key-stream byte XORed into its output
/// byte directly, eight per iteration (gathering eight into a 64-bit word first measured slower: its shifts and ORs
/// cost more than the byte loads and stores they save; docs/benchmarks.md, "RC4"). The exchange and the output lookup
/// are indexed by secret state (RC4 has no other form).
/// </summary>
internal sealed unsafe class Rc4UnsafeCore : StreamCipherCore
{
    private readonly uint[] _s = new uint[256];
    private uint _i;
    private uint _j;

    public override int BlockBytes => 1;

    public override ulong MaxBlocks => ulong.MaxValue;

    public override void Initialize(ReadOnlySpan<byte> key, ReadOnlySpan<byte> iv)
    {
        Debug.Assert(key.Length is >= 1 and <= 256 && iv.Length == 0);
        fixed (uint* s = _s)
        {
            for (uint i = 0; i < 256; i++)
            {
                s[i] = i;
            }

            uint j = 0;
            int k = 0;
            for (uint i = 0; i < 256; i++)
            {
                uint t = s[i];
                j = (byte)(j + t + key[k]);
                s[i] = s[j];
                s[j] = t;
                if (++k == key.Length)
                {
                    k = 0;
                }
            }
        }

        _i = 0;
        _j = 0;
    }

    public override void XorBlocks(ReadOnlySpan<byte> input, Span<byte> output)
    {
        Debug.Assert(output.Length >= input.Length);
        fixed (uint* s = _s)
        fixed (byte* start = input)
        fixed (byte* target = output)
        {
            nuint i = _i, j = _j;
            byte* src = start;
            byte* dst = target;
            int length = input.Length;
            for (; length >= 8; length -= 8, src += 8, dst += 8)
            {
                // Each byte read before its output is written: input and output may be the same memory.
                dst[0] = (byte)(src[0] ^ Next(s, ref i, ref j));
                dst[1] = (byte)(src[1] ^ Next(s, ref i, ref j));
                dst[2] = (byte)(src[2] ^ Next(s, ref i, ref j));
                dst[3] = (byte)(src[3] ^ Next(s, ref i, ref j));
                dst[4] = (byte)(src[4] ^ Next(s, ref i, ref j));
                dst[5] = (byte)(src[5] ^ Next(s, ref i, ref j));
                dst[6] = (byte)(src[6] ^ Next(s, ref i, ref j));
                dst[7] = (byte)(src[7] ^ Next(s, ref i, ref j));
            }

            for (; length > 0; length--)
            {
                *dst++ = (byte)(*src++ ^ Next(s, ref i, ref j));
            }

            _i = (uint)i;
            _j = (uint)j;
        }
    }

    public override void ClearState()
    {
        Secret.Clear(_s);
        _i = 0;
        _j = 0;
    }

    /// <summary>One key-stream byte: i = i + 1, j = j + S[i], exchange, S[S[i] + S[j]] (mod 256 as byte casts).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint Next(uint* s, ref nuint i, ref nuint j)
    {
        i = (byte)(i + 1);
        uint ti = s[i];
        j = (byte)(j + ti);
        uint tj = s[j];
        s[i] = tj;
        s[j] = ti;
        return s[(byte)(ti + tj)];
    }
}

/// <summary>The Unsafe flavour of <see cref="Crypto.Rc4Cipher"/> over <see cref="Rc4UnsafeCore"/>.</summary>
internal sealed class UnsafeRc4 : Crypto.Rc4Cipher
{
    private protected override StreamCipherCore CreateCore() => new Rc4UnsafeCore();
}

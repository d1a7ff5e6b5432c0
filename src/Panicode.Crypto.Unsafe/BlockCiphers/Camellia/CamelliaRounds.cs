// Camellia data randomizing, Unsafe flavour: RFC 3713 2.3.1 / 2.3.2 (18 or 24 rounds, FL/FL^-1 every six,
// pre- and post-whitening), 2.3.3 (decryption = the subkeys in reverse order) and 2.4.1 (F through the combined
// S/P tables of CamelliaSpec). One body serves the shipping core and the ablation variants: the
// paper's techniques are struct type parameters, so each choice is its own specialised JIT copy.

using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using Panicode.Crypto.BlockCiphers.Camellia;
using Panicode.Crypto.Unsafe.Internal;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Camellia;

/// <summary>The Camellia round body over a schedule in <see cref="CamelliaCore"/>'s layout.</summary>
internal static unsafe class CamelliaRounds
{
    /// <summary>The eight 256-entry S/P tables (SP[256 * i + x]) copied once into unmanaged, aligned memory.</summary>
    public static readonly ulong* Sp = CopyTables();

    /// <summary>
    /// Encrypts (forward) or decrypts (backward) <paramref name="blocks"/> blocks with the encryption schedule
    /// <paramref name="keys"/> (kw1, kw2, six round keys, ke pair, six, ke pair, six, [ke pair, six,] kw3, kw4).
    /// Each F depends on the one before, so a lone block leaves the load ports idle while lookups are in flight;
    /// with two lanes, two independent blocks interleaved round by round fill them, and an odd last block goes
    /// through as both lanes and is written twice with the same value (the ablation variants do this; the shipping
    /// <see cref="CamelliaPortableCore"/> passes only pairs here and sends an odd block through one lane).
    /// </summary>
    // Never inlined: CamelliaPortableCore calls two instantiations (two lanes, then one for an odd block) from one
    // method, and with both bodies inlined there the round loop ran slower (docs/benchmarks.md, "Notes moved from
    // source").
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void Crypt<TTables, TBytes, TLanes, TDirection>(byte* src, byte* dst, int blocks, ulong* keys, int keyCount, ulong* sp)
        where TTables : struct, ICamelliaTableAccess
        where TBytes : struct, ICamelliaByteExtraction
        where TLanes : struct, ICamelliaLanes
        where TDirection : struct, ICamelliaDirection
    {
        Debug.Assert(keyCount is 26 or 34);
        ulong[]? array = default(TTables).Array;
        bool two = default(TLanes).TwoBlocks;
        bool forward = default(TDirection).Forward;

        // In decryption order the subkey after k is k[-1]: pre- and post-whitening swap, the rest runs backwards.
        int s = forward ? 1 : -1;
        ulong* pre = forward ? keys : keys + keyCount - 2;
        ulong* post = forward ? keys + keyCount - 2 : keys;
        ulong* first = forward ? keys + 2 : keys + keyCount - 3;
        ulong* last = forward ? post : keys + 1;
        int stride = two ? 32 : 16;
        for (; blocks > 0; blocks -= two ? 2 : 1, src += stride, dst += stride)
        {
            int second = two && blocks >= 2 ? 16 : 0;
            ulong a1 = BigEndian.Read64(src) ^ pre[0];
            ulong a2 = BigEndian.Read64(src + 8) ^ pre[1];
            ulong b1 = two ? BigEndian.Read64(src + second) ^ pre[0] : 0;
            ulong b2 = two ? BigEndian.Read64(src + second + 8) ^ pre[1] : 0;
            ulong* k = first;
            while (true)
            {
                for (int i = 0; i < 6; i += 2)
                {
                    a2 ^= F<TTables, TBytes>(a1 ^ k[i * s], sp, array);
                    if (two)
                    {
                        b2 ^= F<TTables, TBytes>(b1 ^ k[i * s], sp, array);
                    }

                    a1 ^= F<TTables, TBytes>(a2 ^ k[(i + 1) * s], sp, array);
                    if (two)
                    {
                        b1 ^= F<TTables, TBytes>(b2 ^ k[(i + 1) * s], sp, array);
                    }
                }

                k += 6 * s;
                if (k == last)
                {
                    break;
                }

                a1 = CamelliaSpec.FL(a1, k[0]);
                a2 = CamelliaSpec.FLInverse(a2, k[s]);
                if (two)
                {
                    b1 = CamelliaSpec.FL(b1, k[0]);
                    b2 = CamelliaSpec.FLInverse(b2, k[s]);
                }

                k += 2 * s;
            }

            // C = D2 || D1 (RFC 3713 2.3.1 post-whitening). Both lanes were read before any write, so in place works.
            if (two)
            {
                BigEndian.Write64(dst + second, b2 ^ post[0]);
                BigEndian.Write64(dst + second + 8, b1 ^ post[1]);
            }

            BigEndian.Write64(dst, a2 ^ post[0]);
            BigEndian.Write64(dst + 8, a1 ^ post[1]);
        }
    }

    /// <summary>RFC 3713 2.4.1: P(S(x)) as the XOR of eight table entries, one per input byte (t1 is the high byte).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong F<TTables, TBytes>(ulong x, ulong* sp, ulong[]? array)
        where TTables : struct, ICamelliaTableAccess
        where TBytes : struct, ICamelliaByteExtraction
    {
        TTables t = default;
        TBytes b = default;
        // A balanced XOR tree (three levels after the last load) rather than C#'s left-to-right chain of seven.
        return ((t.Entry(sp, array, 0x000, (uint)(x >> 56)) ^ t.Entry(sp, array, 0x100, b.Byte(x, 48)))
                ^ (t.Entry(sp, array, 0x200, b.Byte(x, 40)) ^ t.Entry(sp, array, 0x300, b.Byte(x, 32))))
            ^ ((t.Entry(sp, array, 0x400, b.Byte(x, 24)) ^ t.Entry(sp, array, 0x500, b.Byte(x, 16)))
                ^ (t.Entry(sp, array, 0x600, b.Byte(x, 8)) ^ t.Entry(sp, array, 0x700, b.Byte(x, 0))));
    }

    private static ulong* CopyTables()
    {
        ReadOnlySpan<ulong> tables = CamelliaSpec.SpTable;
        ulong* block = (ulong*)NativeMemoryBlock.AllocateAligned(tables.Length * sizeof(ulong));
        tables.CopyTo(new Span<ulong>(block, tables.Length));
        return block;
    }
}

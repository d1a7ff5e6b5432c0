using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using Panicode.Crypto.Internal;
using Panicode.Crypto.StreamCiphers;
using Panicode.Crypto.StreamCiphers.KCipher2;
using Panicode.Crypto.BlockCiphers.Rijndael;
using Panicode.Crypto.Unsafe.Internal;

namespace Panicode.Crypto.Unsafe.StreamCiphers.KCipher2;

/// <summary>
/// KCipher-2 (RFC 7008 §2), Unsafe flavour: the same cycle as <see cref="KCipher2Core"/>, generated
/// <see cref="Batch"/> key-stream words at a time. FSR-A's five units live in locals (its shift is a renaming),
/// FSR-B in a sliding window on the stack (cycle i reads B[i..i+10] and appends B[i+11], so nothing shifts until the
/// batch ends); sub_K2 (§2.4.2) is four lookups in the AES T-tables (S_box followed by MixColumn,
/// <see cref="RijndaelTables"/>' Te0..Te3); these and the amul tables (Appendix A) are one unmanaged copy looked up
/// through one pointer; the choice between amul1 and amul2 and whether amul3 applies (§2.3.1 step 2) are masks
/// instead of branches. Table lookups indexed by secret data are not cache-timing safe.
/// </summary>
internal sealed unsafe class KCipher2UnsafeCore : StreamCipherCore
{
    /// <summary>Key-stream words per batch (the window grows by this many units).</summary>
    private const int Batch = 32;

    private static readonly uint* s_tables = CopyTables();

    private readonly uint[] _state = new uint[KCipher2Core.StateWords];

    public override int BlockBytes => KCipher2Spec.WordBytes;

    public override ulong MaxBlocks => KCipher2Spec.MaxWords;

    public override void Initialize(ReadOnlySpan<byte> key, ReadOnlySpan<byte> iv)
    {
        KCipher2Core.Setup(_state, key, iv);
        Run<SetupRounds>(null, null, KCipher2Spec.InitRounds);
    }

    public override void XorBlocks(ReadOnlySpan<byte> input, Span<byte> output)
    {
        Debug.Assert(input.Length % KCipher2Spec.WordBytes == 0 && output.Length >= input.Length);
        fixed (byte* pin = input, pout = output)
        {
            Run<KeystreamRounds>(pin, pout, input.Length / KCipher2Spec.WordBytes);
        }
    }

    public override void ClearState() => Secret.Clear(_state);

    private void Run<TMode>(byte* input, byte* output, int cycles)
        where TMode : struct, IRoundMode
    {
        bool init = !default(TMode).Emits;
        uint* b = stackalloc uint[11 + Batch];
        uint* t = s_tables;
        fixed (uint* s = _state)
        {
            // FSR-A (five units) lives in registers, shifted by renaming; FSR-B in the window.
            uint a0 = s[0], a1 = s[1], a2 = s[2], a3 = s[3], a4 = s[4];
            Buffer.MemoryCopy(s + 5, b, 11 * sizeof(uint), 11 * sizeof(uint));
            uint l1 = s[16], r1 = s[17], l2 = s[18], r2 = s[19];
            while (cycles > 0)
            {
                int n = Math.Min(cycles, Batch);
                uint* bi = b, end = b + n;
                for (; bi < end; bi++)
                {
                    uint b0 = bi[0], b8 = bi[8];
                    uint zh = (bi[10] + l2) ^ l1 ^ a0;
                    uint zl = (b0 + r2) ^ r1 ^ a4;
                    uint nl1 = SubK2(r2 + bi[4], t);
                    uint nr1 = SubK2(l2 + bi[9], t);
                    uint nl2 = SubK2(l1, t);
                    uint nr2 = SubK2(r1, t);

                    uint na4 = (a0 << 8) ^ t[Amul0 + (a0 >> 24)] ^ a3;

                    // A[2] bit 30 set: amul1, else amul2 (the next 256 entries); bit 31 set: a3 ** B[8], else B[8].
                    uint temp1 = (b0 << 8) ^ t[Amul1 + ((~a2 >> 22) & 0x100) + (b0 >> 24)];
                    uint mask31 = (uint)((int)a2 >> 31);
                    uint temp2 = b8 ^ (mask31 & ((b8 << 8) ^ t[Amul3 + (b8 >> 24)] ^ b8));
                    uint nb10 = temp1 ^ bi[1] ^ bi[6] ^ temp2;
                    if (init)
                    {
                        na4 ^= zl;
                        nb10 ^= zh;
                    }
                    else
                    {
                        BigEndian.Write64(output, BigEndian.Read64(input) ^ (((ulong)zh << 32) | zl));
                        input += 8;
                        output += 8;
                    }

                    bi[11] = nb10;
                    a0 = a1;
                    a1 = a2;
                    a2 = a3;
                    a3 = a4;
                    a4 = na4;
                    l1 = nl1;
                    r1 = nr1;
                    l2 = nl2;
                    r2 = nr2;
                }

                // Overlapping windows when fewer than 11 words were made: Span.CopyTo is defined for overlap,
                // Buffer.MemoryCopy is not.
                new Span<uint>(b + n, 11).CopyTo(new Span<uint>(b, 11));
                cycles -= n;
            }

            s[0] = a0;
            s[1] = a1;
            s[2] = a2;
            s[3] = a3;
            s[4] = a4;
            Buffer.MemoryCopy(b, s + 5, 11 * sizeof(uint), 11 * sizeof(uint));
            s[16] = l1;
            s[17] = r1;
            s[18] = l2;
            s[19] = r2;
            new Span<uint>(b, 11 + Batch).Clear();
        }
    }

    /// <summary>sub_K2 as the AES encryption T-tables: Te_m[w[m]] is MixColumn applied to S_box(w[m]) in row m.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint SubK2(uint w, uint* t) =>
        t[w & 0xFF] ^ t[256 + ((w >> 8) & 0xFF)] ^ t[512 + ((w >> 16) & 0xFF)] ^ t[768 + (w >> 24)];

    // One block, one base register: Te0..Te3 (RijndaelTables), then amul0..amul3 (KCipher2Spec).
    private const int Amul0 = 1024, Amul1 = 1280, Amul3 = 1792;

    private static uint* CopyTables()
    {
        uint* block = (uint*)NativeMemoryBlock.AllocateAligned(8 * 256 * sizeof(uint));
        uint[][] tables =
        {
            RijndaelTables.Te0, RijndaelTables.Te1, RijndaelTables.Te2, RijndaelTables.Te3,
            KCipher2Spec.Amul0, KCipher2Spec.Amul1, KCipher2Spec.Amul2, KCipher2Spec.Amul3,
        };
        for (int k = 0; k < tables.Length; k++)
        {
            tables[k].AsSpan().CopyTo(new Span<uint>(block + (256 * k), 256));
        }

        return block;
    }
}

/// <summary>The Unsafe flavour of <see cref="Crypto.KCipher2Cipher"/>: the public class over <see cref="KCipher2UnsafeCore"/>.</summary>
internal sealed class UnsafeKCipher2 : KCipher2Cipher
{
    private protected override StreamCipherCore CreateCore() => new KCipher2UnsafeCore();
}

using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using Panicode.Crypto.BlockCiphers.CipherUnicorn;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Modes;
using Panicode.Crypto.Unsafe.Internal;

namespace Panicode.Crypto.Unsafe.BlockCiphers.CipherUnicorn;

/// <summary>
/// CIPHERUNICORN-A, Unsafe flavour (NEC's specification Ver.2, 3.2 data randomizer, 3.3 F, 3.8 key scheduler; tables
/// from <see cref="CipherUnicornASpec"/>). Techniques: the four Tn functions as one 8-to-32-bit table (S0..S3 of a
/// byte packed in one word, 1 lookup instead of 4; the CRYPTREC 64-bit study, Tokyo University of Science, 2.3.3),
/// read through a pointer passed as an argument into unmanaged memory, bytes taken with <c>(byte)</c> casts, A3 as
/// 64-bit rotations, the Feistel state in locals, four blocks in flight, the key schedule pinned once per call.
/// </summary>
internal sealed unsafe class CipherUnicornAPortableCore : BlockCipher
{
    private readonly uint[] _schedule;

    public CipherUnicornAPortableCore(ReadOnlySpan<byte> key)
        : base(16)
    {
        Debug.Assert(key.Length is 16 or 24 or 32);
        _schedule = ExpandKey(key);
    }

    /// <summary>T[x] = S0(x) || S1(x) || S2(x) || S3(x), so Tn(X) = T[byte n of X].</summary>
    internal static readonly uint* T = BuildT();

    protected override void EncryptCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (uint* k = _schedule)
        {
            Crypt(src, dst, source.Length / 16, k + CipherUnicornACore.InitialKeys, k + CipherUnicornACore.FinalKeys, k + CipherUnicornACore.RoundKeys, 4, T);
        }
    }

    protected override void DecryptCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (uint* k = _schedule)
        {
            uint* lastRound = k + CipherUnicornACore.RoundKeys + (4 * (CipherUnicornASpec.Rounds - 1));
            Crypt(src, dst, source.Length / 16, k + CipherUnicornACore.FinalKeys, k + CipherUnicornACore.InitialKeys, lastRound, -4, T);
        }
    }

    protected override void ClearKeySchedule() => Secret.Clear(_schedule);

    /// <summary>
    /// 3.2.1 / 3.2.2: add, 16 Feistel rounds (no swap after the last), subtract. Each F is a chain of about 20
    /// dependent lookups and multiplications, so blocks go through four interleaved lanes (the out-of-order core
    /// overlaps the chains; four lanes measured about 1.5x the throughput of two), the last one to three one at a time.
    /// </summary>
    private static void Crypt(byte* src, byte* dst, int blocks, uint* add, uint* subtract, uint* firstRound, int step, uint* t)
    {
        for (; blocks >= 4; blocks -= 4, src += 64, dst += 64)
        {
            uint a0 = BigEndian.Read32(src) + add[0];
            uint a1 = BigEndian.Read32(src + 4) + add[1];
            uint a2 = BigEndian.Read32(src + 8) + add[2];
            uint a3 = BigEndian.Read32(src + 12) + add[3];
            uint b0 = BigEndian.Read32(src + 16) + add[0];
            uint b1 = BigEndian.Read32(src + 20) + add[1];
            uint b2 = BigEndian.Read32(src + 24) + add[2];
            uint b3 = BigEndian.Read32(src + 28) + add[3];
            uint c0 = BigEndian.Read32(src + 32) + add[0];
            uint c1 = BigEndian.Read32(src + 36) + add[1];
            uint c2 = BigEndian.Read32(src + 40) + add[2];
            uint c3 = BigEndian.Read32(src + 44) + add[3];
            uint d0 = BigEndian.Read32(src + 48) + add[0];
            uint d1 = BigEndian.Read32(src + 52) + add[1];
            uint d2 = BigEndian.Read32(src + 56) + add[2];
            uint d3 = BigEndian.Read32(src + 60) + add[3];
            uint* k = firstRound;
            for (int round = 0; round < CipherUnicornASpec.Rounds - 1; round++, k += step)
            {
                F(a2, a3, k, t, out uint al, out uint ar);
                F(b2, b3, k, t, out uint bl, out uint br);
                F(c2, c3, k, t, out uint cl, out uint cr);
                F(d2, d3, k, t, out uint dl, out uint dr);
                uint an2 = a0 ^ al, an3 = a1 ^ ar;
                a0 = a2;
                a1 = a3;
                a2 = an2;
                a3 = an3;
                uint bn2 = b0 ^ bl, bn3 = b1 ^ br;
                b0 = b2;
                b1 = b3;
                b2 = bn2;
                b3 = bn3;
                uint cn2 = c0 ^ cl, cn3 = c1 ^ cr;
                c0 = c2;
                c1 = c3;
                c2 = cn2;
                c3 = cn3;
                uint dn2 = d0 ^ dl, dn3 = d1 ^ dr;
                d0 = d2;
                d1 = d3;
                d2 = dn2;
                d3 = dn3;
            }

            F(a2, a3, k, t, out uint lastal, out uint lastar);
            F(b2, b3, k, t, out uint lastbl, out uint lastbr);
            F(c2, c3, k, t, out uint lastcl, out uint lastcr);
            F(d2, d3, k, t, out uint lastdl, out uint lastdr);
            Write(dst + 0, a0 ^ lastal, a1 ^ lastar, a2, a3, subtract);
            Write(dst + 16, b0 ^ lastbl, b1 ^ lastbr, b2, b3, subtract);
            Write(dst + 32, c0 ^ lastcl, c1 ^ lastcr, c2, c3, subtract);
            Write(dst + 48, d0 ^ lastdl, d1 ^ lastdr, d2, d3, subtract);
        }

        for (; blocks > 0; blocks--, src += 16, dst += 16)
        {
            uint w0 = BigEndian.Read32(src) + add[0];
            uint w1 = BigEndian.Read32(src + 4) + add[1];
            uint w2 = BigEndian.Read32(src + 8) + add[2];
            uint w3 = BigEndian.Read32(src + 12) + add[3];
            uint* k = firstRound;
            for (int round = 0; round < CipherUnicornASpec.Rounds - 1; round++, k += step)
            {
                F(w2, w3, k, t, out uint yl, out uint yr);
                uint n2 = w0 ^ yl, n3 = w1 ^ yr;
                w0 = w2;
                w1 = w3;
                w2 = n2;
                w3 = n3;
            }

            F(w2, w3, k, t, out uint lastL, out uint lastR);
            Write(dst, w0 ^ lastL, w1 ^ lastR, w2, w3, subtract);
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Write(byte* dst, uint w0, uint w1, uint w2, uint w3, uint* subtract)
    {
        BigEndian.Write32(dst, w0 - subtract[0]);
        BigEndian.Write32(dst + 4, w1 - subtract[1]);
        BigEndian.Write32(dst + 8, w2 - subtract[2]);
        BigEndian.Write32(dst + 12, w3 - subtract[3]);
    }

    /// <summary>3.3: F with k = FKa, SKa, FKb, SKb; the temporary key and the main stream are independent chains.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void F(uint xl, uint xr, uint* k, uint* t, out uint yl, out uint yr)
    {
        uint wk0 = (k[1] + xr) * CipherUnicornASpec.Const0;
        uint wk1 = k[3] + xl;
        ulong x = ((ulong)(k[0] + xl) << 32) | (k[2] + xr);
        x ^= ((x << CipherUnicornASpec.A3Rotation1) | (x >> (64 - CipherUnicornASpec.A3Rotation1)))
            ^ ((x << CipherUnicornASpec.A3Rotation2) | (x >> (64 - CipherUnicornASpec.A3Rotation2)));
        uint wx0 = (uint)(x >> 32) * CipherUnicornASpec.Const0;
        uint wx1 = (uint)x;

        wk1 = (wk1 ^ t[wk0 >> 24]) * CipherUnicornASpec.Const1;
        wx1 = (wx1 ^ t[wx0 >> 24]) * CipherUnicornASpec.Const1;
        wk0 = (wk0 ^ t[wk1 >> 24]) * CipherUnicornASpec.Const1;
        wx0 ^= t[wx1 >> 24];
        wk1 = (wk1 ^ t[wk0 >> 24]) * CipherUnicornASpec.Const0;
        wx1 ^= t[(byte)(wx0 >> 16)];
        wk0 ^= t[wk1 >> 24];
        wx0 ^= t[(byte)(wx1 >> 16)];
        wk1 ^= t[(byte)(wk0 >> 16)];
        wx1 ^= t[(byte)(wx0 >> 8)];
        wk0 ^= t[(byte)(wk1 >> 16)];
        wx0 ^= t[(byte)(wx1 >> 8)];
        wx1 ^= t[(byte)wx0];
        wx0 ^= t[(byte)wx1];

        // T_k with k from the temporary key: byte k of the word, k = bits 3..2 then bits 1..0 of WK5_1.
        wx1 ^= t[(byte)(wx0 >> (24 - (int)((wk1 >> 2 & 3) << 3)))];
        wx0 ^= t[(byte)(wx1 >> (24 - (int)((wk1 & 3) << 3)))];
        yl = wx0 ^ wk0;
        yr = wx1 ^ wk0;
    }

    /// <summary>3.8 with the merged table: MT is one multiplication and one lookup; the same layout as the Reference.</summary>
    internal static uint[] ExpandKey(ReadOnlySpan<byte> key)
    {
        uint* t = T;
        int line = key.Length / 4;
        uint* w = stackalloc uint[8];
        for (int i = 0; i < line; i++)
        {
            w[i] = System.Buffers.Binary.BinaryPrimitives.ReadUInt32BigEndian(key.Slice(4 * i));
        }

        for (int i = 0; i < CipherUnicornASpec.DummyLoops * line; i++)
        {
            int j = i % line, next = (i + 1) % line;
            w[j] *= CipherUnicornASpec.MtConst;
            w[next] ^= t[w[j] >> 24];
        }

        const int n = CipherUnicornASpec.KeyStride;
        uint[] schedule = new uint[CipherUnicornACore.ScheduleLength];
        int count = 0;
        for (int j = 0; j < 16 * CipherUnicornASpec.ExtractionPasses; j++)
        {
            int at = j % line, next = (j + 1) % line;
            w[at] *= CipherUnicornASpec.MtConst;
            w[next] ^= t[w[at] >> 24];
            if ((j & 15) >= 8)
            {
                // WK[count] goes to column q = count / n, row count % n of Figure 3.12.
                int q = count / n, row = count % n;
                int slot = row == 0 ? CipherUnicornACore.InitialKeys + q
                    : row == n - 1 ? CipherUnicornACore.FinalKeys + q
                    : CipherUnicornACore.RoundKeys + (4 * (row - 1)) + q;
                schedule[slot] = w[next];
                count++;
            }
        }

        for (int i = 0; i < 8; i++)
        {
            w[i] = 0;
        }

        return schedule;
    }

    private static uint* BuildT()
    {
        uint* table = (uint*)NativeMemoryBlock.AllocateAligned(256 * sizeof(uint));
        for (int x = 0; x < 256; x++)
        {
            table[x] = ((uint)CipherUnicornASpec.S0[x] << 24) | ((uint)CipherUnicornASpec.S1[x] << 16)
                | ((uint)CipherUnicornASpec.S2[x] << 8) | CipherUnicornASpec.S3[x];
        }

        return table;
    }
}

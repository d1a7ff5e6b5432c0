// CIPHERUNICORN-E, Reference flavour.
//
// Follows NEC's "Cryptographic Techniques Specifications: CIPHERUNICORN-E" Ver.3: 1.3 big-endian words, 3.2.1 / 3.2.2
// the data randomizer (L{0}, then F{2j}, F{2j+1} and L{j+1} for j = 0..7, no swaps), 3.3 the L function, 3.4 the F
// function (main stream and temporary key generation mechanism), 3.5 T, 3.6 K, 3.8 Sh, 3.9 Y, 3.10 the key scheduler
// (Figures 3.8, 3.10 and 3.11) and 3.11 the ST function. The tables and constants live in CipherUnicornESpec and, for
// the substitution tables shared with CIPHERUNICORN-A, CipherUnicornASpec. The stored text of the specification loses
// the figures' arrows and operators; which words Figure 3.9's T functions read and write (with additions), which T
// outputs Figures 3.10 and 3.11 extract, and that F's key additions are mod 2^32 were settled with the help of
// Jither/cryptopunk's implementation (the source of the vector file; read, not copied) and confirmed by all 82 vectors.

using System;
using System.Buffers.Binary;
using System.Diagnostics;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto.BlockCiphers.CipherUnicorn;

/// <summary>The CIPHERUNICORN-E block cipher (64-bit blocks, 128-bit keys, 16 rounds) in safe, portable C#.</summary>
internal sealed class CipherUnicornECore : Modes.BlockCipher
{
    // Offsets in the schedule (2,624 bits): LK{0..8}, then FK{0..15}, then SK{0..15}, two words each ([0] then [1]).
    internal const int LKeys = 0;
    internal const int FKeys = LKeys + (2 * CipherUnicornESpec.LFunctions);
    internal const int SKeys = FKeys + (2 * CipherUnicornESpec.Rounds);
    internal const int ScheduleLength = SKeys + (2 * CipherUnicornESpec.Rounds);

    private readonly uint[] _schedule;

    public CipherUnicornECore(ReadOnlySpan<byte> key)
        : base(CipherUnicornESpec.BlockSizeInBytes)
    {
        if (key.Length != CipherUnicornESpec.KeySizeInBytes)
        {
            throw new ArgumentException(ErrorMessages.CipherUnicornEKeySize, nameof(key));
        }

        _schedule = ExpandKey(key);
    }

    protected override void EncryptCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        Debug.Assert(source.Length % CipherUnicornESpec.BlockSizeInBytes == 0 && destination.Length == source.Length);
        for (int offset = 0; offset < source.Length; offset += CipherUnicornESpec.BlockSizeInBytes)
        {
            Randomize(source.Slice(offset, CipherUnicornESpec.BlockSizeInBytes), destination.Slice(offset, CipherUnicornESpec.BlockSizeInBytes), decrypt: false);
        }
    }

    protected override void DecryptCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        Debug.Assert(source.Length % CipherUnicornESpec.BlockSizeInBytes == 0 && destination.Length == source.Length);
        for (int offset = 0; offset < source.Length; offset += CipherUnicornESpec.BlockSizeInBytes)
        {
            Randomize(source.Slice(offset, CipherUnicornESpec.BlockSizeInBytes), destination.Slice(offset, CipherUnicornESpec.BlockSizeInBytes), decrypt: true);
        }
    }

    protected override void ClearKeySchedule() => Secret.Clear(_schedule);

    /// <summary>
    /// 3.2.1 encryption: L{0}; then for j = 0..7: left ^= F{2j}(right), right ^= F{2j+1}(left), L{j+1}. 3.2.2
    /// decryption runs the same steps backwards (L is an involution): L{8}; then for j = 7..0: right ^= F{2j+1}(left),
    /// left ^= F{2j}(right), L{j}.
    /// </summary>
    private void Randomize(ReadOnlySpan<byte> input, Span<byte> output, bool decrypt)
    {
        uint left = BinaryPrimitives.ReadUInt32BigEndian(input);
        uint right = BinaryPrimitives.ReadUInt32BigEndian(input.Slice(4));
        int last = CipherUnicornESpec.LFunctions - 1;

        L(ref left, ref right, decrypt ? last : 0);
        for (int j = 0; j < last; j++)
        {
            if (decrypt)
            {
                int pair = last - 1 - j;
                right ^= F(left, (2 * pair) + 1);
                left ^= F(right, 2 * pair);
                L(ref left, ref right, pair);
            }
            else
            {
                left ^= F(right, 2 * j);
                right ^= F(left, (2 * j) + 1);
                L(ref left, ref right, j + 1);
            }
        }

        BinaryPrimitives.WriteUInt32BigEndian(output, left);
        BinaryPrimitives.WriteUInt32BigEndian(output.Slice(4), right);
    }

    /// <summary>
    /// 3.3: ZL = XL ^ (XR &amp; LK[1]) ^ (XL &amp; LK[0] &amp; LK[1]), ZR = XR ^ (XL &amp; LK[0]) ^ (XR &amp; LK[0] &amp; LK[1]).
    /// Per bit: identity, XR ^= XL, XL ^= XR or a swap, so L is its own inverse.
    /// </summary>
    private void L(ref uint xl, ref uint xr, int index)
    {
        uint k0 = _schedule[LKeys + (2 * index)], k1 = _schedule[LKeys + (2 * index) + 1];
        uint zl = xl ^ (xr & k1) ^ (xl & k0 & k1);
        uint zr = xr ^ (xl & k0) ^ (xr & k0 & k1);
        xl = zl;
        xr = zr;
    }

    /// <summary>
    /// 3.4: the F function of round <paramref name="round"/>. X + FK[0] feeds both the temporary key generation
    /// mechanism (+ SK[0], Y(3,8,16), T(0), + SK[1], Y(7,9,13), T(0), T(1); wk0 = the top 4 bits, wk1 the low byte,
    /// wk2 the next) and the main stream (T(0..3), + FK[1], T(Sh[wk0][0..3]), K(Sh[wk0][0], wk1), T(Sh[wk0][0]),
    /// K(Sh[wk0][1], wk2), T(Sh[wk0][1])). "+" is addition mod 2^32.
    /// </summary>
    private uint F(uint x, int round)
    {
        uint fk0 = _schedule[FKeys + (2 * round)], fk1 = _schedule[FKeys + (2 * round) + 1];
        uint sk0 = _schedule[SKeys + (2 * round)], sk1 = _schedule[SKeys + (2 * round) + 1];

        x += fk0;

        // Temporary key generation mechanism.
        uint wk = Y(x + sk0, CipherUnicornESpec.Y0Shift0, CipherUnicornESpec.Y0Shift1, CipherUnicornESpec.Y0Shift2);
        wk = T(0, wk) + sk1;
        wk = Y(wk, CipherUnicornESpec.Y1Shift0, CipherUnicornESpec.Y1Shift1, CipherUnicornESpec.Y1Shift2);
        wk = T(1, T(0, wk));
        int sh = 4 * (int)(wk >> 28);
        uint wk1 = wk & 0xFF;
        uint wk2 = (wk >> 8) & 0xFF;

        // Main stream.
        x = T(3, T(2, T(1, T(0, x)))) + fk1;
        int n0 = CipherUnicornESpec.Sh[sh], n1 = CipherUnicornESpec.Sh[sh + 1];
        x = T(CipherUnicornESpec.Sh[sh + 3], T(CipherUnicornESpec.Sh[sh + 2], T(n1, T(n0, x))));
        x = T(n0, K(n0, x, wk1));
        return T(n1, K(n1, x, wk2));
    }

    /// <summary>3.9: W0 = X + (X &lt;&lt; c0), W1 = W0 + (W0 &lt;&lt; c1), Z = W1 + (W1 &lt;&lt; c2).</summary>
    private static uint Y(uint x, int c0, int c1, int c2)
    {
        x += x << c0;
        x += x << c1;
        return x + (x << c2);
    }

    /// <summary>3.6: K(n, wk) XORs wk into byte n of X (byte 0 the most significant).</summary>
    private static uint K(int n, uint x, uint wk) => x ^ (wk << (24 - (8 * n)));

    /// <summary>
    /// 3.5: T(n) replaces byte n of X (X0 the most significant) by S3(Xn) and XORs S0(Xn), S1(Xn), S2(Xn) into the
    /// bytes n+1, n+2, n+3 (mod 4).
    /// </summary>
    internal static uint T(int n, uint x)
    {
        int b = (int)(x >> (24 - (8 * n))) & 0xFF;
        uint z = x ^ ((uint)(CipherUnicornASpec.S3[b] ^ b) << (24 - (8 * n)));
        z ^= (uint)CipherUnicornASpec.S0[b] << (24 - (8 * ((n + 1) & 3)));
        z ^= (uint)CipherUnicornASpec.S1[b] << (24 - (8 * ((n + 2) & 3)));
        return z ^ ((uint)CipherUnicornASpec.S2[b] << (24 - (8 * ((n + 3) & 3))));
    }

    /// <summary>
    /// 3.11 Figure 3.9: ST(n), a Feistel of the halves X0 || X1 and X2 || X3 whose round function is itself a
    /// two-step Feistel of words: t0 = T(n)(X3), t1 = T(n+1)(X2 + t0); X0 ^= X2 + t0, X1 ^= X3 + t1; then
    /// t2 = T(n+2)(X1), t3 = T(n+3)(X0 + t2); X2 ^= X0 + t2, X3 ^= X1 + t3 (input numbers mod 4). Writes the four
    /// T outputs, from which the key scheduler extracts, to <paramref name="t"/>.
    /// </summary>
    private static void ST(Span<uint> x, int n, Span<uint> t)
    {
        t[0] = T(n & 3, x[3]);
        uint a0 = x[2] + t[0];
        t[1] = T((n + 1) & 3, a0);
        x[0] ^= a0;
        x[1] ^= x[3] + t[1];
        t[2] = T((n + 2) & 3, x[1]);
        uint a2 = x[0] + t[2];
        t[3] = T((n + 3) & 3, a2);
        x[2] ^= a2;
        x[3] ^= x[1] + t[3];
    }

    /// <summary>
    /// 3.10: four dummy passes ST(0)..ST(3), then 24 extraction passes with n = 0, 1, 2, 3, 0, ... (Figure 3.8). Of
    /// the T outputs t0..t3 of a pass (Figure 3.10), LK{j} = (t1, t3); a pass for the pair i, i+1 gives SK{i} (or
    /// FK{i}) = (t2, t0) and SK{i+1} = (t3, t1). Each group of rounds 2j, 2j+1 takes LK{j}, SK, FK in that order, except
    /// that SK{6..9}, FK{6..9} and LK{4} come out of four passes (Figure 3.11), one of whose outputs X0..X3 is
    /// FK{6..9}[1] (which makes the schedule injective). Returns LK, FK and SK laid out as the offsets above.
    /// </summary>
    internal static uint[] ExpandKey(ReadOnlySpan<byte> key)
    {
        Span<uint> x = stackalloc uint[4];
        Span<uint> t = stackalloc uint[4];
        Span<uint> u = stackalloc uint[4];
        for (int i = 0; i < 4; i++)
        {
            x[i] = BinaryPrimitives.ReadUInt32BigEndian(key.Slice(4 * i));
        }

        for (int n = 0; n < CipherUnicornESpec.DummyLoops; n++)
        {
            ST(x, n, t);
        }

        uint[] schedule = new uint[ScheduleLength];
        int pass = 0;
        for (int j = 0; j < CipherUnicornESpec.LFunctions - 1; j++)
        {
            if (j == 4)
            {
                continue; // LK{4} and SK/FK{8, 9} came with group 3 (Figure 3.11).
            }

            ST(x, pass++, t);
            schedule[LKeys + (2 * j)] = t[1];
            schedule[LKeys + (2 * j) + 1] = t[3];
            ST(x, pass++, t);
            ExtractPair(schedule, SKeys + (4 * j), t);
            if (j != 3)
            {
                ST(x, pass++, t);
                ExtractPair(schedule, FKeys + (4 * j), t);
                continue;
            }

            // Figure 3.11, after SK{6}, SK{7}: FK{6}[0], FK{7}[0], LK{4}[0], then the state gives FK{6..9}[1]; ...
            ST(x, pass++, t);
            schedule[FKeys + 12] = t[0];
            schedule[FKeys + 14] = t[1];
            schedule[LKeys + 8] = t[3];
            schedule[FKeys + 13] = x[0];
            schedule[FKeys + 15] = x[1];
            schedule[FKeys + 17] = x[2];
            schedule[FKeys + 19] = x[3];

            // ... LK{4}[1], SK{8}[1], SK{9}[1]; ...
            ST(x, pass++, u);
            schedule[LKeys + 9] = u[1];
            schedule[SKeys + 17] = u[2];
            schedule[SKeys + 19] = u[3];

            // ... SK{8}[0], SK{9}[0], FK{8}[0], FK{9}[0].
            ST(x, pass++, t);
            schedule[SKeys + 16] = t[0];
            schedule[SKeys + 18] = t[1];
            schedule[FKeys + 16] = t[2];
            schedule[FKeys + 18] = t[3];
        }

        ST(x, pass, t);
        schedule[LKeys + 16] = t[1];
        schedule[LKeys + 17] = t[3];
        Debug.Assert(pass == 23);

        x.Clear();
        t.Clear();
        u.Clear();
        return schedule;
    }

    /// <summary>Figure 3.10: from one pass, key i = (t2, t0) and key i + 1 = (t3, t1), at <paramref name="offset"/>.</summary>
    private static void ExtractPair(uint[] schedule, int offset, ReadOnlySpan<uint> t)
    {
        schedule[offset] = t[2];
        schedule[offset + 1] = t[0];
        schedule[offset + 2] = t[3];
        schedule[offset + 3] = t[1];
    }
}

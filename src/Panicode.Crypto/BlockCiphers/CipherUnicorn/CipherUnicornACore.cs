// CIPHERUNICORN-A, Reference flavour.
//
// Follows NEC's "Cryptographic Techniques Specifications: CIPHERUNICORN-A" Ver.2: 1.3 big-endian words, 3.2.1 / 3.2.2
// the 16-round Feistel data randomizer with key addition (mod 2^32) before and subtraction after, 3.3 the F function
// (main stream and temporary key generation), 3.4 A3, 3.5 constant multiplication, 3.6 Tn, 3.7 the substitution tables,
// 3.8 the key scheduler (dummy loops, then extraction of 72 words, laid out as in Figure 3.12) and 3.9 MT. The tables
// and constants live in CipherUnicornASpec.

using System;
using System.Buffers.Binary;
using System.Diagnostics;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto.BlockCiphers.CipherUnicorn;

/// <summary>The CIPHERUNICORN-A block cipher (128-bit blocks; 128-, 192- and 256-bit keys) in safe, portable C#.</summary>
internal sealed class CipherUnicornACore : Modes.BlockCipher
{
    internal const int BlockSizeInBytes = 16;

    // Offsets in the schedule: IK0..IK7 (initial and final processing), then EK_i = FKa_i, SKa_i, FKb_i, SKb_i.
    internal const int InitialKeys = 0;
    internal const int FinalKeys = 4;
    internal const int RoundKeys = 8;
    internal const int ScheduleLength = RoundKeys + (4 * CipherUnicornASpec.Rounds);

    private readonly uint[] _schedule;

    public CipherUnicornACore(ReadOnlySpan<byte> key)
        : base(BlockSizeInBytes)
    {
        if (key.Length != 16 && key.Length != 24 && key.Length != 32)
        {
            throw new ArgumentException(ErrorMessages.CipherUnicornAKeySize, nameof(key));
        }

        _schedule = ExpandKey(key);
    }

    protected override void EncryptCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        Debug.Assert(source.Length % BlockSizeInBytes == 0 && destination.Length == source.Length);
        for (int offset = 0; offset < source.Length; offset += BlockSizeInBytes)
        {
            Randomize(source.Slice(offset, BlockSizeInBytes), destination.Slice(offset, BlockSizeInBytes), decrypt: false);
        }
    }

    protected override void DecryptCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        Debug.Assert(source.Length % BlockSizeInBytes == 0 && destination.Length == source.Length);
        for (int offset = 0; offset < source.Length; offset += BlockSizeInBytes)
        {
            Randomize(source.Slice(offset, BlockSizeInBytes), destination.Slice(offset, BlockSizeInBytes), decrypt: true);
        }
    }

    protected override void ClearKeySchedule() => Array.Clear(_schedule, 0, _schedule.Length);

    /// <summary>
    /// 3.2.1 encryption / 3.2.2 decryption: add IK0..3 (IK4..7 when decrypting), 16 Feistel rounds on the 64-bit
    /// halves (W0 W1 | W2 W3) with F_i (F_{15-i} when decrypting), no swap after the last, subtract IK4..7 (IK0..3).
    /// </summary>
    private void Randomize(ReadOnlySpan<byte> input, Span<byte> output, bool decrypt)
    {
        int addKeys = decrypt ? FinalKeys : InitialKeys;
        int subtractKeys = decrypt ? InitialKeys : FinalKeys;
        uint w0 = BinaryPrimitives.ReadUInt32BigEndian(input) + _schedule[addKeys];
        uint w1 = BinaryPrimitives.ReadUInt32BigEndian(input.Slice(4)) + _schedule[addKeys + 1];
        uint w2 = BinaryPrimitives.ReadUInt32BigEndian(input.Slice(8)) + _schedule[addKeys + 2];
        uint w3 = BinaryPrimitives.ReadUInt32BigEndian(input.Slice(12)) + _schedule[addKeys + 3];

        for (int i = 0; i < CipherUnicornASpec.Rounds; i++)
        {
            int round = decrypt ? CipherUnicornASpec.Rounds - 1 - i : i;
            F(w2, w3, round, out uint yl, out uint yr);
            if (i < CipherUnicornASpec.Rounds - 1)
            {
                uint left0 = w0, left1 = w1;
                w0 = w2;
                w1 = w3;
                w2 = left0 ^ yl;
                w3 = left1 ^ yr;
            }
            else
            {
                w0 ^= yl;
                w1 ^= yr;
            }
        }

        BinaryPrimitives.WriteUInt32BigEndian(output, w0 - _schedule[subtractKeys]);
        BinaryPrimitives.WriteUInt32BigEndian(output.Slice(4), w1 - _schedule[subtractKeys + 1]);
        BinaryPrimitives.WriteUInt32BigEndian(output.Slice(8), w2 - _schedule[subtractKeys + 2]);
        BinaryPrimitives.WriteUInt32BigEndian(output.Slice(12), w3 - _schedule[subtractKeys + 3]);
    }

    /// <summary>
    /// 3.3: the F function of round <paramref name="round"/> on X = Xl || Xr. The temporary key generation mechanism
    /// (seed keys SKa, SKb) yields WK5_0, added to both output words, and WK5_1, whose low four bits pick the last two
    /// Tn of the main stream (function keys FKa, FKb).
    /// </summary>
    private void F(uint xl, uint xr, int round, out uint yl, out uint yr)
    {
        int keys = RoundKeys + (4 * round);
        uint fka = _schedule[keys], ska = _schedule[keys + 1], fkb = _schedule[keys + 2], skb = _schedule[keys + 3];

        // Temporary key generation mechanism.
        uint wk0 = ska + xr;
        uint wk1 = skb + xl;
        wk0 *= CipherUnicornASpec.Const0;
        wk1 ^= T(0, wk0);
        wk1 *= CipherUnicornASpec.Const1;
        wk0 ^= T(0, wk1);
        wk0 *= CipherUnicornASpec.Const1;
        wk1 ^= T(0, wk0);
        wk1 *= CipherUnicornASpec.Const0;
        wk0 ^= T(0, wk1);
        wk1 ^= T(1, wk0);
        wk0 ^= T(1, wk1);

        // Main stream.
        ulong mixed = A3(((ulong)(fka + xl) << 32) | (fkb + xr));
        uint wx0 = (uint)(mixed >> 32);
        uint wx1 = (uint)mixed;
        wx0 *= CipherUnicornASpec.Const0;
        wx1 ^= T(0, wx0);
        wx1 *= CipherUnicornASpec.Const1;
        wx0 ^= T(0, wx1);
        wx1 ^= T(1, wx0);
        wx0 ^= T(1, wx1);
        wx1 ^= T(2, wx0);
        wx0 ^= T(2, wx1);
        wx1 ^= T(3, wx0);
        wx0 ^= T(3, wx1);
        wx1 ^= T((int)(wk1 >> 2) & 3, wx0);
        wx0 ^= T((int)wk1 & 3, wx1);

        yl = wx0 ^ wk0;
        yr = wx1 ^ wk0;
    }

    /// <summary>3.4: A3(X) = X xor (X &lt;&lt;&lt; 23) xor (X &lt;&lt;&lt; 41).</summary>
    internal static ulong A3(ulong x) => x ^ RotateLeft(x, CipherUnicornASpec.A3Rotation1) ^ RotateLeft(x, CipherUnicornASpec.A3Rotation2);

    private static ulong RotateLeft(ulong x, int n) => (x << n) | (x >> (64 - n));

    /// <summary>3.6: Tn(X) = S0(Xn) || S1(Xn) || S2(Xn) || S3(Xn), Xn the n-th byte of X from the top.</summary>
    internal static uint T(int n, uint x)
    {
        int b = (int)(x >> (24 - (8 * n))) & 0xFF;
        return ((uint)CipherUnicornASpec.S0[b] << 24) | ((uint)CipherUnicornASpec.S1[b] << 16) | ((uint)CipherUnicornASpec.S2[b] << 8) | CipherUnicornASpec.S3[b];
    }

    /// <summary>3.9: MT(X0 || X1) = Y0 || Y1 with Y0 = X0 * Const (mod 2^32), Y1 = X1 xor T0(Y0).</summary>
    private static void MT(ref uint x0, ref uint x1)
    {
        x0 *= CipherUnicornASpec.MtConst;
        x1 ^= T(0, x0);
    }

    /// <summary>
    /// 3.8: the key scheduler. The key's LINE words go through MT on the pairs (W_j, W_{j+1 mod LINE}), LINE steps a
    /// loop, three dummy loops; then nine passes of 16 steps, each keeping the new right word of its last 8 steps,
    /// give WK[0..71], arranged as IK and EK by Figure 3.12 (n = 18). Returns IK0..IK7 then EK0..EK15.
    /// </summary>
    internal static uint[] ExpandKey(ReadOnlySpan<byte> key)
    {
        int line = key.Length / 4;
        Span<uint> w = stackalloc uint[8];
        for (int i = 0; i < line; i++)
        {
            w[i] = BinaryPrimitives.ReadUInt32BigEndian(key.Slice(4 * i));
        }

        for (int i = 0; i < CipherUnicornASpec.DummyLoops; i++)
        {
            for (int j = 0; j < line; j++)
            {
                MT(ref w[j], ref w[(j + 1) % line]);
            }
        }

        const int n = CipherUnicornASpec.KeyStride;
        Span<uint> wk = stackalloc uint[4 * n];
        int count = 0;
        for (int i = 0; i < CipherUnicornASpec.ExtractionPasses; i++)
        {
            for (int j = i * 16; j < (i * 16) + 16; j++)
            {
                MT(ref w[j % line], ref w[(j + 1) % line]);
                if (j >= (i * 16) + 8)
                {
                    wk[count++] = w[(j + 1) % line];
                }
            }
        }

        uint[] schedule = new uint[ScheduleLength];
        for (int q = 0; q < 4; q++)
        {
            // Figure 3.12: column q of WK (WK[q * n] .. WK[q * n + 17]) is IK_q, then FKa/SKa/FKb/SKb of rounds 0..15,
            // then IK_{q + 4}.
            schedule[InitialKeys + q] = wk[q * n];
            schedule[FinalKeys + q] = wk[(q * n) + n - 1];
            for (int round = 0; round < CipherUnicornASpec.Rounds; round++)
            {
                schedule[RoundKeys + (4 * round) + q] = wk[(q * n) + 1 + round];
            }
        }

        w.Clear();
        wk.Clear();
        return schedule;
    }
}

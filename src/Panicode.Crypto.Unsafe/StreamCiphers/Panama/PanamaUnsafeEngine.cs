// PANAMA (Daemen and Clapp, "Fast Hashing and Stream Encryption with PANAMA", FSE 1998, §3 and §5), Unsafe flavour.
using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using Panicode.Crypto.Internal;
using Panicode.Crypto.StreamCiphers.Panama;

namespace Panicode.Crypto.Unsafe.StreamCiphers.Panama;

/// <summary>
/// The PANAMA module (Reset, Push, Pull) of the Unsafe flavour, the same modes as <see cref="PanamaEngine"/> written for speed: γ, π and
/// θ unrolled into locals with the rotations and positions as constants (they are <see cref="PanamaSpec.PiSource"/> and
/// <see cref="PanamaSpec.PiRotation"/> evaluated: a[i] takes a[7i mod 17] rotated by i(i+1)/2 mod 32; the vector and
/// differential tests over both flavours hold them to the Reference engine), the state and the circular buffer behind
/// one pointer, and the key stream XOR-ed a word at a time in the machine's byte order. PANAMA has no table lookups,
/// so nothing here is indexed by secret data.
/// </summary>
internal sealed unsafe class PanamaUnsafeEngine : PanamaModule
{
    private const int A = 0;
    private const int B = PanamaSpec.StateWords;
    private const int StageMask = PanamaSpec.Stages - 1;
    private const int StageWords = PanamaSpec.StageWords;

    // a0..a16, then the 32 stages of b (stage j at B + ((_base + j) & 31) * 8).
    private readonly uint[] _state = new uint[PanamaSpec.StateWords + PanamaSpec.Stages * PanamaSpec.StageWords];

    // True when the words' byte order (big-endian for MULTI-S01) differs from the machine's: every word is swapped.
    private readonly bool _swap;
    private int _base;

    public PanamaUnsafeEngine(bool bigEndian)
        : base(bigEndian) => _swap = bigEndian == BitConverter.IsLittleEndian;

    public override void Reset()
    {
        Array.Clear(_state, 0, _state.Length);
        _base = 0;
    }

    // The input is both l and q of the iteration.
    public override void Push(ReadOnlySpan<byte> block)
    {
        Debug.Assert(block.Length == PanamaSpec.BlockBytes);
        uint* words = stackalloc uint[StageWords];
        fixed (uint* s = _state)
        fixed (byte* bytes = block)
        {
            for (int i = 0; i < StageWords; i++)
            {
                uint word = System.Runtime.CompilerServices.Unsafe.ReadUnaligned<uint>(bytes + 4 * i);
                words[i] = _swap ? Swap(word) : word;
            }

            Iterate(s, words, words);
            Secret.Clear(new Span<byte>(words, PanamaSpec.BlockBytes));
        }
    }

    public override void Pull()
    {
        fixed (uint* s = _state)
        {
            Pull(s);
        }
    }

    public override void Pull(ReadOnlySpan<byte> input, Span<byte> output)
    {
        Debug.Assert(input.Length % PanamaSpec.BlockBytes == 0 && output.Length >= input.Length);
        fixed (uint* s = _state)
        fixed (byte* source = input)
        fixed (byte* destination = output)
        {
            for (int offset = 0; offset < input.Length; offset += PanamaSpec.BlockBytes)
            {
                // z = a9..a16 before the iteration (§5), each word in the chosen byte order.
                uint* z = s + A + 9;
                for (int i = 0; i < PanamaSpec.StageWords; i++)
                {
                    uint word = _swap ? Swap(z[i]) : z[i];
                    System.Runtime.CompilerServices.Unsafe.WriteUnaligned(destination + offset + 4 * i, System.Runtime.CompilerServices.Unsafe.ReadUnaligned<uint>(source + offset + 4 * i) ^ word);
                }

                Pull(s);
            }
        }
    }

    public override void Clear()
    {
        Secret.Clear(_state);
        _base = 0;
    }

    // Pull mode: l is stage b4, q is a1..a8 of the old state (read by λ before σ overwrites a).
    private void Pull(uint* s) => Iterate(s, s + B + (((_base + PanamaSpec.PullInputStage) & StageMask) * PanamaSpec.StageWords), s + A + 1);

    /// <summary>One iteration (§3): ρ = σ∘θ∘π∘γ on a, λ on b, both from the old state and buffer.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void Iterate(uint* s, uint* l, uint* q)
    {
        uint* a = s + A;
        uint* b = s + B;
        uint* b16 = b + (((_base + PanamaSpec.SigmaStage) & StageMask) * PanamaSpec.StageWords);
        uint* b24 = b + (((_base + PanamaSpec.FeedbackStage) & StageMask) * PanamaSpec.StageWords);
        uint* b31 = b + (((_base + StageMask) & StageMask) * PanamaSpec.StageWords);

        // γ: a_i ^ (a_(i+1) OR NOT a_(i+2)).
        uint t0 = a[0] ^ (a[1] | ~a[2]);
        uint t1 = a[1] ^ (a[2] | ~a[3]);
        uint t2 = a[2] ^ (a[3] | ~a[4]);
        uint t3 = a[3] ^ (a[4] | ~a[5]);
        uint t4 = a[4] ^ (a[5] | ~a[6]);
        uint t5 = a[5] ^ (a[6] | ~a[7]);
        uint t6 = a[6] ^ (a[7] | ~a[8]);
        uint t7 = a[7] ^ (a[8] | ~a[9]);
        uint t8 = a[8] ^ (a[9] | ~a[10]);
        uint t9 = a[9] ^ (a[10] | ~a[11]);
        uint t10 = a[10] ^ (a[11] | ~a[12]);
        uint t11 = a[11] ^ (a[12] | ~a[13]);
        uint t12 = a[12] ^ (a[13] | ~a[14]);
        uint t13 = a[13] ^ (a[14] | ~a[15]);
        uint t14 = a[14] ^ (a[15] | ~a[16]);
        uint t15 = a[15] ^ (a[16] | ~a[0]);
        uint t16 = a[16] ^ (a[0] | ~a[1]);

        // π: a_i = ROT_(i(i+1)/2)(a_(7i mod 17)).
        uint u0 = t0;
        uint u1 = Rotl(t7, 1);
        uint u2 = Rotl(t14, 3);
        uint u3 = Rotl(t4, 6);
        uint u4 = Rotl(t11, 10);
        uint u5 = Rotl(t1, 15);
        uint u6 = Rotl(t8, 21);
        uint u7 = Rotl(t15, 28);
        uint u8 = Rotl(t5, 4);
        uint u9 = Rotl(t12, 13);
        uint u10 = Rotl(t2, 23);
        uint u11 = Rotl(t9, 2);
        uint u12 = Rotl(t16, 14);
        uint u13 = Rotl(t6, 27);
        uint u14 = Rotl(t13, 9);
        uint u15 = Rotl(t3, 24);
        uint u16 = Rotl(t10, 8);

        // θ: a_i ^ a_(i+1) ^ a_(i+4).
        uint v0 = u0 ^ u1 ^ u4;
        uint v1 = u1 ^ u2 ^ u5;
        uint v2 = u2 ^ u3 ^ u6;
        uint v3 = u3 ^ u4 ^ u7;
        uint v4 = u4 ^ u5 ^ u8;
        uint v5 = u5 ^ u6 ^ u9;
        uint v6 = u6 ^ u7 ^ u10;
        uint v7 = u7 ^ u8 ^ u11;
        uint v8 = u8 ^ u9 ^ u12;
        uint v9 = u9 ^ u10 ^ u13;
        uint v10 = u10 ^ u11 ^ u14;
        uint v11 = u11 ^ u12 ^ u15;
        uint v12 = u12 ^ u13 ^ u16;
        uint v13 = u13 ^ u14 ^ u0;
        uint v14 = u14 ^ u15 ^ u1;
        uint v15 = u15 ^ u16 ^ u2;
        uint v16 = u16 ^ u0 ^ u3;

        // λ before σ, because q may be a1..a8 of the old state: d25 = b24 ^ (b31 rotated by two words), d0 = b31 ^ q;
        // the old b31's place becomes the new b0 when the base steps down.
        for (int i = 0; i < PanamaSpec.StageWords; i++)
        {
            b24[i] ^= b31[(i + PanamaSpec.FeedbackRotation) & (PanamaSpec.StageWords - 1)];
        }

        for (int i = 0; i < PanamaSpec.StageWords; i++)
        {
            b31[i] ^= q[i];
        }

        // σ: a0 ^ 1; a1..a8 ^ l; a9..a16 ^ b16 (stage 16, which λ did not touch).
        a[0] = v0 ^ 1;
        a[1] = v1 ^ l[0];
        a[2] = v2 ^ l[1];
        a[3] = v3 ^ l[2];
        a[4] = v4 ^ l[3];
        a[5] = v5 ^ l[4];
        a[6] = v6 ^ l[5];
        a[7] = v7 ^ l[6];
        a[8] = v8 ^ l[7];
        a[9] = v9 ^ b16[0];
        a[10] = v10 ^ b16[1];
        a[11] = v11 ^ b16[2];
        a[12] = v12 ^ b16[3];
        a[13] = v13 ^ b16[4];
        a[14] = v14 ^ b16[5];
        a[15] = v15 ^ b16[6];
        a[16] = v16 ^ b16[7];
        _base = (_base + StageMask) & StageMask;
    }

    private static uint Rotl(uint x, int r) => (x << r) | (x >> (32 - r));

    private static uint Swap(uint x) => (x >> 24) | ((x >> 8) & 0xFF00) | ((x << 8) & 0xFF0000) | (x << 24);
}

/// <summary>The Unsafe flavour of <see cref="PanamaCipher"/>: the public class over <see cref="PanamaUnsafeEngine"/>.</summary>
internal sealed class UnsafePanama : PanamaCipher
{
    public UnsafePanama(PanamaByteOrder byteOrder)
        : base(byteOrder)
    {
    }

    private protected override PanamaModule CreateModule(bool bigEndian) => new PanamaUnsafeEngine(bigEndian);
}

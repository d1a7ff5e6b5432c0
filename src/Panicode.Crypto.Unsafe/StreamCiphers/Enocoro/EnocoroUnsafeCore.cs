using System;
using System.Diagnostics;
using Panicode.Crypto.Internal;
using Panicode.Crypto.StreamCiphers;
using Panicode.Crypto.StreamCiphers.Enocoro;
using Panicode.Crypto.Unsafe.Internal;

namespace Panicode.Crypto.Unsafe.StreamCiphers.Enocoro;

/// <summary>
/// Enocoro-128v2 (Enocoro-128v2 Specification ver. 2.0 §3, §4), Unsafe flavour: the same steps as
/// <see cref="EnocoroCore"/>, <see cref="Batch"/> bytes at a time. The buffer lives in a sliding window on the stack:
/// at time t, b_i is <c>w[pos + i]</c>; λ's rotation (§3.3) is <c>pos--</c> with the new b_0 written below the old
/// one and the three feedbacks XOR-ed in place, so nothing moves until the batch ends. The S-box s8 (Appendix A) is an
/// unmanaged copy looked up through a pointer; lookups indexed by secret data are not cache-timing safe.
/// </summary>
internal sealed unsafe class EnocoroUnsafeCore : StreamCipherCore
{
    private const int Batch = 256;
    private const int Nb = EnocoroSpec.BufferBytes;

    private static readonly byte* s_s8 = CopySBox();

    // a0, a1, then b0..b31.
    private readonly byte[] _state = new byte[2 + Nb];

    public override int BlockBytes => 1;

    public override ulong MaxBlocks => EnocoroSpec.MaxBytes;

    public override void Initialize(ReadOnlySpan<byte> key, ReadOnlySpan<byte> iv)
    {
        _state[0] = EnocoroSpec.C[8];
        _state[1] = EnocoroSpec.C[9];
        key.Slice(0, EnocoroSpec.KeyBytes).CopyTo(_state.AsSpan(2));
        iv.Slice(0, EnocoroSpec.IVBytes).CopyTo(_state.AsSpan(2 + 16));
        EnocoroSpec.C.AsSpan(0, 8).CopyTo(_state.AsSpan(2 + 24));
        Run<SetupRounds>(null, null, EnocoroSpec.InitRounds);
    }

    public override void XorBlocks(ReadOnlySpan<byte> input, Span<byte> output)
    {
        Debug.Assert(output.Length >= input.Length);
        fixed (byte* pin = input, pout = output)
        {
            Run<KeystreamRounds>(pin, pout, input.Length);
        }
    }

    public override void ClearState() => Secret.Clear(_state.AsSpan());

    private void Run<TMode>(byte* input, byte* output, int steps)
        where TMode : struct, IRoundMode
    {
        bool init = !default(TMode).Emits;
        byte* w = stackalloc byte[Batch + Nb];
        byte* s8 = s_s8;
        int ctr = 1;
        fixed (byte* s = _state)
        {
            uint a0 = s[0], a1 = s[1];
            Buffer.MemoryCopy(s + 2, w + Batch, Nb, Nb);
            while (steps > 0)
            {
                int n = Math.Min(steps, Batch);
                byte* b = w + Batch;
                for (int t = 0; t < n; t++)
                {
                    if (init)
                    {
                        b[Nb - 1] ^= (byte)ctr;
                        ctr = EnocoroSpec.Times2(ctr);
                    }
                    else
                    {
                        output[t] = (byte)(input[t] ^ a1);
                    }

                    // ρ (§3.2).
                    uint u0 = a0 ^ s8[b[EnocoroSpec.K1]];
                    uint u1 = a1 ^ s8[b[EnocoroSpec.K2]];
                    uint d1 = (u1 << 1) ^ ((u1 >> 7) * EnocoroSpec.Phi8);
                    uint na0 = (u0 ^ u1 ^ s8[b[EnocoroSpec.K3]]) & 0xFF;
                    uint na1 = (u0 ^ d1 ^ s8[b[EnocoroSpec.K4]]) & 0xFF;

                    // λ (§3.3): b'_(q+1) = b_q ^ b_p lands on w[pos + q]; b'_0 = b_31 ^ a0 on w[pos - 1].
                    b[EnocoroSpec.Q1] ^= b[EnocoroSpec.P1];
                    b[EnocoroSpec.Q2] ^= b[EnocoroSpec.P2];
                    b[EnocoroSpec.Q3] ^= b[EnocoroSpec.P3];
                    b[-1] = (byte)(b[Nb - 1] ^ a0);
                    b--;
                    a0 = na0;
                    a1 = na1;
                }

                // The windows overlap when the batch is shorter than the buffer: Span.CopyTo is defined for overlap
                // (as if through a temporary), Buffer.MemoryCopy is not (Mono on ppc64el copies forward and smears).
                new Span<byte>(b, Nb).CopyTo(new Span<byte>(w + Batch, Nb));
                if (!init)
                {
                    input += n;
                    output += n;
                }

                steps -= n;
            }

            s[0] = (byte)a0;
            s[1] = (byte)a1;
            Buffer.MemoryCopy(w + Batch, s + 2, Nb, Nb);
            new Span<byte>(w, Batch + Nb).Clear();
        }
    }

    private static byte* CopySBox()
    {
        byte* block = NativeMemoryBlock.AllocateAligned(256);
        EnocoroSpec.S8.AsSpan().CopyTo(new Span<byte>(block, 256));
        return block;
    }
}

/// <summary>The Unsafe flavour of <see cref="Crypto.Enocoro128v2Cipher"/>: the public class over <see cref="EnocoroUnsafeCore"/>.</summary>
internal sealed class UnsafeEnocoro128v2 : Enocoro128v2Cipher
{
    private protected override StreamCipherCore CreateCore() => new EnocoroUnsafeCore();
}

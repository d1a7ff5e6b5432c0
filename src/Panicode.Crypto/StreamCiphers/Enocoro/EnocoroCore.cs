using System;
using System.Diagnostics;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto.StreamCiphers.Enocoro;

/// <summary>
/// Enocoro-128v2, Reference flavour (Enocoro-128v2 Specification ver. 2.0 §3, §4), written as the spec describes it:
/// the state a = (a0, a1) and the buffer b0..b31 (§3.1), ρ with the S-box s8 and L (§3.2), λ rotating the buffer one
/// byte with three feedbacks (§3.3), Out = a1 (§3.4) and Init with its counter (§4.2). Byte-oriented, so independent
/// of the machine's byte order.
/// </summary>
internal sealed class EnocoroCore : StreamCipherCore
{
    private readonly byte[] _b = new byte[EnocoroSpec.BufferBytes];
    private byte _a0, _a1;

    public override int BlockBytes => 1;

    public override ulong MaxBlocks => EnocoroSpec.MaxBytes;

    public override void Initialize(ReadOnlySpan<byte> key, ReadOnlySpan<byte> iv)
    {
        Setup(key, iv);
        int ctr = 1;
        for (int r = 0; r < EnocoroSpec.InitRounds; r++)
        {
            InitRound(ctr);
            ctr = EnocoroSpec.Times2(ctr);
        }
    }

    /// <summary>One round of Init (§4.2): the counter XOR-ed into b31, then Next.</summary>
    internal void InitRound(int ctr)
    {
        _b[EnocoroSpec.BufferBytes - 1] ^= (byte)ctr;
        Next();
    }

    public override void XorBlocks(ReadOnlySpan<byte> input, Span<byte> output)
    {
        Debug.Assert(output.Length >= input.Length);
        for (int t = 0; t < input.Length; t++)
        {
            // c(t) = p(t) ^ z(t), z(t) = Out(S(t)) = a1 (§3.4, §5.2); then S(t + 1) = Next(S(t)).
            output[t] = (byte)(input[t] ^ _a1);
            Next();
        }
    }

    public override void ClearState()
    {
        Secret.Clear(_b);
        _a0 = _a1 = 0;
    }

    /// <summary>The state before the 96 init rounds (§4.2: b = K || I || C0..C7, a = (C8, C9)).</summary>
    internal void Setup(ReadOnlySpan<byte> key, ReadOnlySpan<byte> iv)
    {
        key.Slice(0, EnocoroSpec.KeyBytes).CopyTo(_b);
        iv.Slice(0, EnocoroSpec.IVBytes).CopyTo(_b.AsSpan(16));
        EnocoroSpec.C.AsSpan(0, 8).CopyTo(_b.AsSpan(24));
        _a0 = EnocoroSpec.C[8];
        _a1 = EnocoroSpec.C[9];
    }

    /// <summary>Next = (ρ, λ) (§2.4), both from the state at time t.</summary>
    internal void Next()
    {
        byte[] s8 = EnocoroSpec.S8;

        // ρ (§3.2): u = a ^ (s8[b_k1], s8[b_k2]); v = L(u) with L = (1 1; 1 d); a' = v ^ (s8[b_k3], s8[b_k4]).
        int u0 = _a0 ^ s8[_b[EnocoroSpec.K1]];
        int u1 = _a1 ^ s8[_b[EnocoroSpec.K2]];
        int v0 = u0 ^ u1;
        int v1 = u0 ^ EnocoroSpec.Times2(u1);
        byte na0 = (byte)(v0 ^ s8[_b[EnocoroSpec.K3]]);
        byte na1 = (byte)(v1 ^ s8[_b[EnocoroSpec.K4]]);

        // λ (§3.3): b'_i = b_(i-1); b'_0 = b_31 ^ a0; b'_(q+1) = b_q ^ b_p.
        byte b0 = (byte)(_b[EnocoroSpec.BufferBytes - 1] ^ _a0);
        byte f1 = (byte)(_b[EnocoroSpec.Q1] ^ _b[EnocoroSpec.P1]);
        byte f2 = (byte)(_b[EnocoroSpec.Q2] ^ _b[EnocoroSpec.P2]);
        byte f3 = (byte)(_b[EnocoroSpec.Q3] ^ _b[EnocoroSpec.P3]);
        for (int i = EnocoroSpec.BufferBytes - 1; i > 0; i--)
        {
            _b[i] = _b[i - 1];
        }

        _b[0] = b0;
        _b[EnocoroSpec.Q1 + 1] = f1;
        _b[EnocoroSpec.Q2 + 1] = f2;
        _b[EnocoroSpec.Q3 + 1] = f3;
        _a0 = na0;
        _a1 = na1;
    }

    /// <summary>The state as a0, a1, b0..b31.</summary>
    internal void CopyState(Span<byte> destination)
    {
        destination[0] = _a0;
        destination[1] = _a1;
        _b.AsSpan().CopyTo(destination.Slice(2));
    }
}

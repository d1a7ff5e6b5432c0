using System;
using System.Buffers.Binary;
using System.Diagnostics;
using Panicode.Crypto.BlockCiphers.Rijndael;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto.StreamCiphers.Mugi;

/// <summary>
/// MUGI, Reference flavour (MUGI Specification Ver. 1.2 §4), written as the spec describes it: the state a0..a2 and
/// the buffer b0..b15 of 64-bit units (§4.3), ρ with two F-functions (§4.4.1), λ (§4.4.2), the three-step
/// initialization (§4.5) and Out[t] = a2 before each Update (§4.6). Units are big-endian (§3.2), loaded and stored
/// through <see cref="BinaryPrimitives"/>, so the output is the same on every byte order.
/// </summary>
internal sealed class MugiCore : StreamCipherCore
{
    private readonly ulong[] _a = new ulong[3];
    private readonly ulong[] _b = new ulong[MugiSpec.BufferUnits];

    public override int BlockBytes => MugiSpec.UnitBytes;

    public override ulong MaxBlocks => MugiSpec.MaxUnits;

    public override void Initialize(ReadOnlySpan<byte> key, ReadOnlySpan<byte> iv)
    {
        // Step 1: K into a; ρ(a, 0) 16 times, b15-i = a0 after iteration i + 1.
        ulong k0 = BinaryPrimitives.ReadUInt64BigEndian(key), k1 = BinaryPrimitives.ReadUInt64BigEndian(key.Slice(8));
        _a[0] = k0;
        _a[1] = k1;
        _a[2] = Load(k0, k1);
        for (int i = 0; i < MugiSpec.KeyRounds; i++)
        {
            Rho(0, 0);
            _b[MugiSpec.BufferUnits - 1 - i] = _a[0];
        }

        // Step 2: I added to a(K); ρ(a, 0) 16 times.
        ulong i0 = BinaryPrimitives.ReadUInt64BigEndian(iv), i1 = BinaryPrimitives.ReadUInt64BigEndian(iv.Slice(8));
        _a[0] ^= i0;
        _a[1] ^= i1;
        _a[2] ^= Load(i0, i1);
        for (int i = 0; i < MugiSpec.IVRounds; i++)
        {
            Rho(0, 0);
        }

        // Step 3: Update 16 times.
        for (int i = 0; i < MugiSpec.MixRounds; i++)
        {
            Update();
        }
    }

    public override void XorBlocks(ReadOnlySpan<byte> input, Span<byte> output)
    {
        Debug.Assert(input.Length % MugiSpec.UnitBytes == 0 && output.Length >= input.Length);
        for (int i = 0; i < input.Length; i += MugiSpec.UnitBytes)
        {
            // Out[t] = a2 at the beginning of round t (§4.6), then the round's Update.
            BinaryPrimitives.WriteUInt64BigEndian(output.Slice(i), BinaryPrimitives.ReadUInt64BigEndian(input.Slice(i)) ^ _a[2]);
            Update();
        }
    }

    public override void ClearState()
    {
        Secret.Clear(_a);
        Secret.Clear(_b);
    }

    /// <summary>The third word of the key or IV loading (§4.5): (x0 &lt;&lt;&lt; 7) ^ (x1 &gt;&gt;&gt; 7) ^ C0.</summary>
    private static ulong Load(ulong x0, ulong x1) =>
        MugiSpec.RotateLeft(x0, MugiSpec.LoadRotation) ^ MugiSpec.RotateLeft(x1, 64 - MugiSpec.LoadRotation) ^ MugiSpec.C0;

    /// <summary>Update = (ρ, λ) from the same state (§4.4).</summary>
    private void Update()
    {
        ulong a0 = _a[0];
        Rho(_b[4], _b[10]);

        // λ (§4.4.2): b'_j = b_(j-1) for j != 0, 4, 10; b'_0 = b15 ^ a0; b'_4 = b3 ^ b7; b'_10 = b9 ^ (b13 <<< 32).
        ulong b0 = _b[15] ^ a0;
        ulong b4 = _b[3] ^ _b[7];
        ulong b10 = _b[9] ^ MugiSpec.RotateLeft(_b[13], MugiSpec.LambdaRotation);
        for (int j = MugiSpec.BufferUnits - 1; j > 0; j--)
        {
            _b[j] = _b[j - 1];
        }

        _b[0] = b0;
        _b[4] = b4;
        _b[10] = b10;
    }

    /// <summary>ρ (§4.4.1) with buffer inputs b4 and b10 (both 0 during steps 1 and 2 of the initialization).</summary>
    private void Rho(ulong b4, ulong b10)
    {
        ulong a0 = _a[0], a1 = _a[1], a2 = _a[2];
        _a[0] = a1;
        _a[1] = a2 ^ F(a1, b4) ^ MugiSpec.C1;
        _a[2] = a0 ^ F(a1, MugiSpec.RotateLeft(b10, MugiSpec.RhoRotation)) ^ MugiSpec.C2;
    }

    /// <summary>
    /// The F-function (§4.7.3): the buffer unit added, the S-box on each byte, M on each half, and the byte shuffle.
    /// </summary>
    internal static ulong F(ulong x, ulong buffer)
    {
        ulong input = x ^ buffer;
        ulong p = 0;
        for (int i = 0; i < 8; i++)
        {
            p = (p << 8) | RijndaelTables.SBox[(int)(input >> (56 - (8 * i))) & 0xFF];
        }

        return Mix(p);
    }

    /// <summary>The linear part of F (§4.7.2, §4.7.3): Q_H = M(P_H), Q_L = M(P_L), Y = Q4 Q5 Q2 Q3 Q0 Q1 Q6 Q7.</summary>
    internal static ulong Mix(ulong p)
    {
        Span<int> q = stackalloc int[8];
        for (int half = 0; half < 8; half += 4)
        {
            int x0 = Byte(p, half), x1 = Byte(p, half + 1), x2 = Byte(p, half + 2), x3 = Byte(p, half + 3);
            q[half] = Mul2(x0) ^ Mul2(x1) ^ x1 ^ x2 ^ x3;
            q[half + 1] = x0 ^ Mul2(x1) ^ Mul2(x2) ^ x2 ^ x3;
            q[half + 2] = x0 ^ x1 ^ Mul2(x2) ^ Mul2(x3) ^ x3;
            q[half + 3] = Mul2(x0) ^ x0 ^ x1 ^ x2 ^ Mul2(x3);
        }

        ulong y = 0;
        for (int j = 0; j < 8; j++)
        {
            y = (y << 8) | (uint)q[MugiSpec.Shuffle[j]];
        }

        return y;
    }

    /// <summary>The j-th byte from the most significant side (§3.2).</summary>
    private static int Byte(ulong unit, int j) => (int)(unit >> (56 - (8 * j))) & 0xFF;

    /// <summary>0x02 · x in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1 (§3.3.3, Appendix B).</summary>
    private static int Mul2(int x) => ((x << 1) ^ ((x >> 7) * 0x11B)) & 0xFF;
}

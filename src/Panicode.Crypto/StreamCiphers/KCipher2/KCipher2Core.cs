using System;
using System.Buffers.Binary;
using System.Diagnostics;
using Panicode.Crypto.BlockCiphers.Rijndael;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto.StreamCiphers.KCipher2;

/// <summary>
/// KCipher-2, Reference flavour (RFC 7008 §2), written as the RFC describes it: the state S = (A, B, L1, R1, L2, R2)
/// of §2.2, next() of §2.3.1 shifting FSR-A and FSR-B one unit per cycle, init() of §2.3.2, stream() of §2.3.3 and
/// sub_K2 of §2.4.2 as S_box followed by the MixColumn matrix M. Words are loaded and stored big-endian (§2.1), so the
/// output is the same on every byte order.
/// </summary>
internal sealed class KCipher2Core : StreamCipherCore
{
    private readonly uint[] _a = new uint[5];
    private readonly uint[] _b = new uint[11];
    private uint _l1, _r1, _l2, _r2;

    public override int BlockBytes => KCipher2Spec.WordBytes;

    public override ulong MaxBlocks => KCipher2Spec.MaxWords;

    public override void Initialize(ReadOnlySpan<byte> key, ReadOnlySpan<byte> iv)
    {
        Setup(key, iv);
        for (int m = 1; m <= KCipher2Spec.InitRounds; m++)
        {
            Next(init: true);
        }
    }

    public override void XorBlocks(ReadOnlySpan<byte> input, Span<byte> output)
    {
        Debug.Assert(input.Length % KCipher2Spec.WordBytes == 0 && output.Length >= input.Length);
        for (int i = 0; i < input.Length; i += KCipher2Spec.WordBytes)
        {
            // X(i) = stream(S(i)); S(i + 1) = next(S(i), NORMAL) (§2.5.1). ZH is the first four bytes.
            uint zh = Nlf(_b[10], _l2, _l1, _a[0]);
            uint zl = Nlf(_b[0], _r2, _r1, _a[4]);
            BinaryPrimitives.WriteUInt32BigEndian(output.Slice(i), BinaryPrimitives.ReadUInt32BigEndian(input.Slice(i)) ^ zh);
            BinaryPrimitives.WriteUInt32BigEndian(output.Slice(i + 4), BinaryPrimitives.ReadUInt32BigEndian(input.Slice(i + 4)) ^ zl);
            Next(init: false);
        }
    }

    public override void ClearState()
    {
        Secret.Clear(_a);
        Secret.Clear(_b);
        _l1 = _r1 = _l2 = _r2 = 0;
    }

    /// <summary>init() steps 1 and 2 (§2.3.2) on this core's state.</summary>
    internal void Setup(ReadOnlySpan<byte> key, ReadOnlySpan<byte> iv)
    {
        Span<uint> state = stackalloc uint[StateWords];
        Setup(state, key, iv);
        state.Slice(0, 5).CopyTo(_a);
        state.Slice(5, 11).CopyTo(_b);
        _l1 = state[16];
        _r1 = state[17];
        _l2 = state[18];
        _r2 = state[19];
        state.Clear();
    }

    /// <summary>Words of the state in <see cref="CopyState"/>'s layout.</summary>
    internal const int StateWords = 20;

    /// <summary>
    /// init() steps 1 and 2 (§2.3.2): the key expansion to IK[0..11] and the state before the 24 init cycles, written
    /// to <paramref name="state"/> as A[0..4], B[0..10], L1, R1, L2, R2 (the Unsafe core starts from it too).
    /// </summary>
    internal static void Setup(Span<uint> state, ReadOnlySpan<byte> key, ReadOnlySpan<byte> iv)
    {
        Span<uint> ik = stackalloc uint[12];
        for (int m = 0; m < 4; m++)
        {
            ik[m] = BinaryPrimitives.ReadUInt32BigEndian(key.Slice(4 * m));
        }

        for (int m = 4; m < 12; m++)
        {
            ik[m] = m switch
            {
                4 => ik[0] ^ SubK2(RijndaelTables.Rotl(ik[3], 8)) ^ KCipher2Spec.Ik4Constant,
                8 => ik[4] ^ SubK2(RijndaelTables.Rotl(ik[7], 8)) ^ KCipher2Spec.Ik8Constant,
                _ => ik[m - 4] ^ ik[m - 1],
            };
        }

        Span<uint> a = state.Slice(0, 5), b = state.Slice(5, 11);
        for (int m = 0; m < 5; m++)
        {
            a[m] = ik[4 - m];
        }

        b[0] = ik[10];
        b[1] = ik[11];
        b[2] = BinaryPrimitives.ReadUInt32BigEndian(iv);
        b[3] = BinaryPrimitives.ReadUInt32BigEndian(iv.Slice(4));
        b[4] = ik[8];
        b[5] = ik[9];
        b[6] = BinaryPrimitives.ReadUInt32BigEndian(iv.Slice(8));
        b[7] = BinaryPrimitives.ReadUInt32BigEndian(iv.Slice(12));
        b[8] = ik[7];
        b[9] = ik[5];
        b[10] = ik[6];
        state.Slice(16, 4).Clear();
        ik.Clear();
    }

    /// <summary>next(S, INIT or NORMAL) (§2.3.1, with the amul tables of §2.4.4).</summary>
    internal void Next(bool init)
    {
        uint nl1 = SubK2(_r2 + _b[4]);
        uint nr1 = SubK2(_l2 + _b[9]);
        uint nl2 = SubK2(_l1);
        uint nr2 = SubK2(_r1);

        uint na4 = MulA(KCipher2Spec.Amul0, _a[0]) ^ _a[3];
        uint temp1 = (_a[2] & 0x40000000) != 0 ? MulA(KCipher2Spec.Amul1, _b[0]) : MulA(KCipher2Spec.Amul2, _b[0]);
        uint temp2 = (_a[2] & 0x80000000) != 0 ? MulA(KCipher2Spec.Amul3, _b[8]) : _b[8];
        uint nb10 = temp1 ^ _b[1] ^ _b[6] ^ temp2;
        if (init)
        {
            na4 ^= Nlf(_b[0], _r2, _r1, _a[4]);
            nb10 ^= Nlf(_b[10], _l2, _l1, _a[0]);
        }

        for (int m = 0; m < 4; m++)
        {
            _a[m] = _a[m + 1];
        }

        for (int m = 0; m < 10; m++)
        {
            _b[m] = _b[m + 1];
        }

        _a[4] = na4;
        _b[10] = nb10;
        _l1 = nl1;
        _r1 = nr1;
        _l2 = nl2;
        _r2 = nr2;
    }

    /// <summary>The state as the RFC's Appendix C.2 lists it: A[0..4], B[0..10], L1, R1, L2, R2.</summary>
    internal void CopyState(Span<uint> destination)
    {
        _a.AsSpan().CopyTo(destination);
        _b.AsSpan().CopyTo(destination.Slice(5));
        destination[16] = _l1;
        destination[17] = _r1;
        destination[18] = _l2;
        destination[19] = _r2;
    }

    /// <summary>NLF(A, B, C, D) = (A +32 B) ^ C ^ D (§2.4.1).</summary>
    private static uint Nlf(uint a, uint b, uint c, uint d) => (a + b) ^ c ^ d;

    /// <summary>w' = a ** w = (w &lt;&lt; 8) ^ amul[w &gt;&gt; 24] (§2.4.4).</summary>
    private static uint MulA(uint[] amul, uint w) => (w << 8) ^ amul[w >> 24];

    /// <summary>sub_K2 (§2.4.2): S_box on each byte w[m], then Q = M * T with M the AES MixColumn matrix.</summary>
    internal static uint SubK2(uint w)
    {
        byte[] sbox = RijndaelTables.SBox;
        byte t0 = sbox[w & 0xFF], t1 = sbox[(w >> 8) & 0xFF], t2 = sbox[(w >> 16) & 0xFF], t3 = sbox[w >> 24];
        uint q0 = (uint)(Mul2(t0) ^ Mul3(t1) ^ t2 ^ t3);
        uint q1 = (uint)(t0 ^ Mul2(t1) ^ Mul3(t2) ^ t3);
        uint q2 = (uint)(t0 ^ t1 ^ Mul2(t2) ^ Mul3(t3));
        uint q3 = (uint)(Mul3(t0) ^ t1 ^ t2 ^ Mul2(t3));
        return (q3 << 24) | (q2 << 16) | (q1 << 8) | q0;
    }

    // Multiplication by 2 and 3 in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1 (§2.4.2).
    private static int Mul2(int t) => ((t << 1) ^ ((t >> 7) * 0x11B)) & 0xFF;

    private static int Mul3(int t) => Mul2(t) ^ t;
}

using System;
using System.Threading;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using Panicode.Crypto.BlockCiphers.Hierocrypt;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Modes;
using Panicode.Crypto.Unsafe.Internal;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Hierocrypt;

/// <summary>
/// Hierocrypt-3, Unsafe flavour (Toshiba's specification 3.2.1 encryption, 3.2.2 decryption; tables from
/// <see cref="HierocryptSpec"/>). Techniques: the first S layer and MDS_L merged into four 8-to-32-bit tables, the
/// mdsL_ST tables of the CRYPTREC 64-bit study (Tokyo University of Science, 2.4.3), 16 lookups per round; tables in
/// unmanaged memory read through pointers passed as arguments, bytes taken with <c>(byte)</c> casts, the state in
/// locals. For MDS_H the study merges the second S layer into seven more tables (64 lookups per round); this core
/// instead writes the second S layer's output transposed (word k = byte k of the four 4-byte groups), where MDS_H
/// is word rotations and XORs: its Z permutes words and its group rotations are word rotations, about 40 ALU
/// operations per round and no lookups beyond the 16 of the S layer. Decryption runs the same code with the inverse
/// tables and keys moved across the linear layers (<see cref="Hierocrypt3KeySchedule.DecryptionLayout"/>).
/// </summary>
internal sealed unsafe class Hierocrypt3PortableCore : BlockCipher
{
    private readonly int _rounds;
    private readonly uint[] _encryptionKeys;

    // Built on the first decryption (encrypt-only uses such as CTR-like modes, CFB and OFB never need it), from the
    // round keys, which are kept (and cleared on Dispose).
    private readonly ulong[] _roundKeys;
    private uint[]? _decryptionKeys;

    public Hierocrypt3PortableCore(ReadOnlySpan<byte> key)
        : base(16)
    {
        Debug.Assert(key.Length is 16 or 24 or 32);
        _rounds = HierocryptSpec.Rounds3(key.Length);
        _roundKeys = Hierocrypt3KeySchedule.Expand(key);
        _encryptionKeys = Hierocrypt3KeySchedule.EncryptionLayout(_roundKeys, _rounds);
    }

    protected override void EncryptCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (uint* k = _encryptionKeys)
        {
            Crypt<MdsH>(src, dst, source.Length / 16, k, _rounds, Hierocrypt3Tables.SL, Hierocrypt3Tables.S);
        }
    }

    protected override void DecryptCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        uint[] keys = Volatile.Read(ref _decryptionKeys)
            ?? LazySchedule.Publish(ref _decryptionKeys, Hierocrypt3KeySchedule.DecryptionLayout(_roundKeys, _rounds));
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (uint* k = keys)
        {
            Crypt<MdsHInverse>(src, dst, source.Length / 16, k, _rounds, Hierocrypt3Tables.SLInverse, Hierocrypt3Tables.SInverse);
        }
    }

    protected override void ClearKeySchedule()
    {
        Secret.Clear(_encryptionKeys);
        Secret.Clear(_decryptionKeys);
        Secret.Clear(_roundKeys);
    }

    /// <summary>
    /// <paramref name="blocks"/> blocks through: key; then per round SL (S and MDS_L by lookup); key; S (transposed)
    /// and MDS_H; key (transposed); the last round's second S is untransposed and has no MDS_H.
    /// </summary>
    private static void Crypt<TMix>(byte* src, byte* dst, int blocks, uint* keys, int rounds, uint* sl, byte* s)
        where TMix : struct, IMdsH
    {
        for (int b = 0; b < blocks; b++, src += 16, dst += 16)
        {
            uint* k = keys;
            uint x0 = BigEndian.Read32(src) ^ k[0];
            uint x1 = BigEndian.Read32(src + 4) ^ k[1];
            uint x2 = BigEndian.Read32(src + 8) ^ k[2];
            uint x3 = BigEndian.Read32(src + 12) ^ k[3];
            k += 4;

            // Round 1's input is in groups (word c = group c).
            uint y0 = sl[(byte)(x0 >> 24)] ^ sl[0x100 + (byte)(x0 >> 16)] ^ sl[0x200 + (byte)(x0 >> 8)] ^ sl[0x300 + (byte)x0];
            uint y1 = sl[(byte)(x1 >> 24)] ^ sl[0x100 + (byte)(x1 >> 16)] ^ sl[0x200 + (byte)(x1 >> 8)] ^ sl[0x300 + (byte)x1];
            uint y2 = sl[(byte)(x2 >> 24)] ^ sl[0x100 + (byte)(x2 >> 16)] ^ sl[0x200 + (byte)(x2 >> 8)] ^ sl[0x300 + (byte)x2];
            uint y3 = sl[(byte)(x3 >> 24)] ^ sl[0x100 + (byte)(x3 >> 16)] ^ sl[0x200 + (byte)(x3 >> 8)] ^ sl[0x300 + (byte)x3];

            for (int t = 1; t < rounds; t++, k += 8)
            {
                y0 ^= k[0];
                y1 ^= k[1];
                y2 ^= k[2];
                y3 ^= k[3];

                // S, written transposed: r_j holds byte j of groups 0..3.
                uint r0 = ((uint)s[y0 >> 24] << 24) | ((uint)s[y1 >> 24] << 16) | ((uint)s[y2 >> 24] << 8) | s[y3 >> 24];
                uint r1 = ((uint)s[(byte)(y0 >> 16)] << 24) | ((uint)s[(byte)(y1 >> 16)] << 16) | ((uint)s[(byte)(y2 >> 16)] << 8) | s[(byte)(y3 >> 16)];
                uint r2 = ((uint)s[(byte)(y0 >> 8)] << 24) | ((uint)s[(byte)(y1 >> 8)] << 16) | ((uint)s[(byte)(y2 >> 8)] << 8) | s[(byte)(y3 >> 8)];
                uint r3 = ((uint)s[(byte)y0] << 24) | ((uint)s[(byte)y1] << 16) | ((uint)s[(byte)y2] << 8) | s[(byte)y3];

                default(TMix).Mix(ref r0, ref r1, ref r2, ref r3);
                r0 ^= k[4];
                r1 ^= k[5];
                r2 ^= k[6];
                r3 ^= k[7];

                // SL from the transposed state: group c's byte j is byte c of r_j.
                y0 = sl[r0 >> 24] ^ sl[0x100 + (r1 >> 24)] ^ sl[0x200 + (r2 >> 24)] ^ sl[0x300 + (r3 >> 24)];
                y1 = sl[(byte)(r0 >> 16)] ^ sl[0x100 + (byte)(r1 >> 16)] ^ sl[0x200 + (byte)(r2 >> 16)] ^ sl[0x300 + (byte)(r3 >> 16)];
                y2 = sl[(byte)(r0 >> 8)] ^ sl[0x100 + (byte)(r1 >> 8)] ^ sl[0x200 + (byte)(r2 >> 8)] ^ sl[0x300 + (byte)(r3 >> 8)];
                y3 = sl[(byte)r0] ^ sl[0x100 + (byte)r1] ^ sl[0x200 + (byte)r2] ^ sl[0x300 + (byte)r3];
            }

            // Last round: key, S in groups, final key.
            y0 ^= k[0];
            y1 ^= k[1];
            y2 ^= k[2];
            y3 ^= k[3];
            BigEndian.Write32(dst, SubstituteGroup(y0, s) ^ k[4]);
            BigEndian.Write32(dst + 4, SubstituteGroup(y1, s) ^ k[5]);
            BigEndian.Write32(dst + 8, SubstituteGroup(y2, s) ^ k[6]);
            BigEndian.Write32(dst + 12, SubstituteGroup(y3, s) ^ k[7]);
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint SubstituteGroup(uint x, byte* s)
        => ((uint)s[x >> 24] << 24) | ((uint)s[(byte)(x >> 16)] << 16) | ((uint)s[(byte)(x >> 8)] << 8) | s[(byte)x];
}

/// <summary>MDS_H or its inverse on the transposed state (see <see cref="Hierocrypt3PortableCore"/>).</summary>
internal interface IMdsH
{
    void Mix(ref uint r0, ref uint r1, ref uint r2, ref uint r3);
}

/// <summary>
/// MDS_H of Hierocrypt-3 (3.3.7), circulant over the groups with entries (5, 5, A, E): with R_s the state with its
/// groups rotated by s, the result is A + Z(B + Z(C + Z D)) where A, B, C, D sum the R_s whose entry has bit 0, 1,
/// 2, 3 set: A = R0 + R1, B = D = R2 + R3, C = A + R3. Z on the transposed state is (w1, w2, w3 + w0, w0).
/// </summary>
internal readonly struct MdsH : IMdsH
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Mix(ref uint r0, ref uint r1, ref uint r2, ref uint r3)
    {
        uint a0 = r0 ^ Rotate(r0, 8), a1 = r1 ^ Rotate(r1, 8), a2 = r2 ^ Rotate(r2, 8), a3 = r3 ^ Rotate(r3, 8);
        uint b0 = Rotate(r0, 16) ^ Rotate(r0, 24), b1 = Rotate(r1, 16) ^ Rotate(r1, 24);
        uint b2 = Rotate(r2, 16) ^ Rotate(r2, 24), b3 = Rotate(r3, 16) ^ Rotate(r3, 24);

        // C + Z D with C = A + R3-rotation: C = a ^ Rotate(r, 24).
        uint t0 = a0 ^ Rotate(r0, 24) ^ b1;
        uint t1 = a1 ^ Rotate(r1, 24) ^ b2;
        uint t2 = a2 ^ Rotate(r2, 24) ^ b3 ^ b0;
        uint t3 = a3 ^ Rotate(r3, 24) ^ b0;

        // B + Z t.
        uint u0 = b0 ^ t1, u1 = b1 ^ t2, u2 = b2 ^ t3 ^ t0, u3 = b3 ^ t0;

        // A + Z u.
        r0 = a0 ^ u1;
        r1 = a1 ^ u2;
        r2 = a2 ^ u3 ^ u0;
        r3 = a3 ^ u0;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static uint Rotate(uint x, int bits) => (x << bits) | (x >> (32 - bits));
}

/// <summary>
/// The inverse of <see cref="MdsH"/> (entries (B, E, E, 6)): A = R0, B = R0 + R1 + R2 + R3, C = R1 + R2 + R3,
/// D = R0 + R1 + R2.
/// </summary>
internal readonly struct MdsHInverse : IMdsH
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Mix(ref uint r0, ref uint r1, ref uint r2, ref uint r3)
    {
        uint q0 = MdsH.Rotate(r0, 8) ^ MdsH.Rotate(r0, 16), q1 = MdsH.Rotate(r1, 8) ^ MdsH.Rotate(r1, 16);
        uint q2 = MdsH.Rotate(r2, 8) ^ MdsH.Rotate(r2, 16), q3 = MdsH.Rotate(r3, 8) ^ MdsH.Rotate(r3, 16);
        uint c0 = q0 ^ MdsH.Rotate(r0, 24), c1 = q1 ^ MdsH.Rotate(r1, 24), c2 = q2 ^ MdsH.Rotate(r2, 24), c3 = q3 ^ MdsH.Rotate(r3, 24);
        uint b0 = c0 ^ r0, b1 = c1 ^ r1, b2 = c2 ^ r2, b3 = c3 ^ r3;
        uint d0 = q0 ^ r0, d1 = q1 ^ r1, d2 = q2 ^ r2, d3 = q3 ^ r3;

        // C + Z D.
        uint t0 = c0 ^ d1, t1 = c1 ^ d2, t2 = c2 ^ d3 ^ d0, t3 = c3 ^ d0;

        // B + Z t.
        uint u0 = b0 ^ t1, u1 = b1 ^ t2, u2 = b2 ^ t3 ^ t0, u3 = b3 ^ t0;

        // A + Z u.
        uint n0 = r0 ^ u1, n1 = r1 ^ u2, n2 = r2 ^ u3 ^ u0, n3 = r3 ^ u0;
        r0 = n0;
        r1 = n1;
        r2 = n2;
        r3 = n3;
    }
}

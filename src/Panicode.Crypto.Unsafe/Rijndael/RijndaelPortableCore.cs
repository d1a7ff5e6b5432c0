using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Modes;
using Panicode.Crypto.Unsafe.Internal;

namespace Panicode.Crypto.Unsafe.Rijndael;

/// <summary>
/// Rijndael, Unsafe flavour, portable code (AES proposal v2 §5.2.1 round tables, §5.3.3 equivalent
/// inverse cipher; key schedule from the Reference assembly). It applies the four techniques of
/// Oikawa et al. (SCIS 2008, §3): T-table lookups through pointers into unmanaged memory (no bounds
/// checks), temporaries in <c>stackalloc</c> memory or registers, <c>(byte)</c> casts instead of
/// <c>&amp; 0xFF</c>, and table pointers passed to the round code as arguments; plus unrolled rounds.
/// Nb = 4 keeps the state in four locals; Nb = 5..8 keep it in <c>stackalloc</c> words, each round
/// written out with constant indices for its block size.
/// </summary>
/// <remarks>
/// Decryption reuses the encryption round code: InvShiftRows takes row r of column j from column
/// j - Cr, ShiftRows from j + Cr, so storing column j of the state in slot (Nb - j) mod Nb turns one
/// into the other. Decryption therefore reads and writes the block columns in that order and keeps
/// its round keys in the same permuted order.
/// </remarks>
internal sealed unsafe class RijndaelPortableCore : BlockCipher
{
    private readonly RijndaelExpandedKey _key;

    public RijndaelPortableCore(ReadOnlySpan<byte> key, int blockSizeInBytes)
        : base(blockSizeInBytes)
    {
        _key = new RijndaelExpandedKey(key, blockSizeInBytes);
        PermuteColumns(_key.DecryptionKeys, _key.Nb);
    }

    protected override void EncryptCore(ReadOnlySpan<byte> source, Span<byte> destination) =>
        Transform(source, destination, _key.EncryptionKeys, RijndaelPointerTables.Encryption, inverse: false);

    protected override void DecryptCore(ReadOnlySpan<byte> source, Span<byte> destination) =>
        Transform(source, destination, _key.DecryptionKeys, RijndaelPointerTables.Decryption, inverse: true);

    protected override void ClearKeySchedule() => _key.Clear();

    // Round r's key word j moves to slot (Nb - j) mod Nb (see the remarks).
    private static void PermuteColumns(uint[] roundKeys, int nb)
    {
        Span<uint> copy = stackalloc uint[nb];
        for (int offset = 0; offset < roundKeys.Length; offset += nb)
        {
            roundKeys.AsSpan(offset, nb).CopyTo(copy);
            for (int j = 0; j < nb; j++)
            {
                roundKeys[offset + ((nb - j) % nb)] = copy[j];
            }
        }

        Secret.Clear(MemoryMarshal.AsBytes(copy));
    }

    private void Transform(ReadOnlySpan<byte> source, Span<byte> destination, uint[] roundKeys, in RijndaelPointerTables tables, bool inverse)
    {
        int blocks = source.Length / BlockSize;
        int nb = _key.Nb;
        int rounds = _key.Rounds;
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (uint* rk = roundKeys)
        {
            switch (nb)
            {
                case 4:
                    Transform4(src, dst, blocks, rounds, rk, tables.T0, tables.T1, tables.T2, tables.T3, tables.SBox, inverse);
                    break;
                case 5:
                    TransformWide<Shape5>(src, dst, blocks, rounds, rk, tables.T0, tables.T1, tables.T2, tables.T3, tables.SBox, inverse);
                    break;
                case 6:
                    TransformWide<Shape6>(src, dst, blocks, rounds, rk, tables.T0, tables.T1, tables.T2, tables.T3, tables.SBox, inverse);
                    break;
                case 7:
                    TransformWide<Shape7>(src, dst, blocks, rounds, rk, tables.T0, tables.T1, tables.T2, tables.T3, tables.SBox, inverse);
                    break;
                default:
                    TransformWide<Shape8>(src, dst, blocks, rounds, rk, tables.T0, tables.T1, tables.T2, tables.T3, tables.SBox, inverse);
                    break;
            }
        }
    }

    private static void Transform4(byte* src, byte* dst, int blocks, int rounds, uint* roundKeys, uint* t0, uint* t1, uint* t2, uint* t3, byte* sbox, bool inverse)
    {
        // Byte offsets of the block columns held in slots 1 and 3 (slots 0 and 2 never move).
        int o1 = inverse ? 12 : 4;
        int o3 = inverse ? 4 : 12;
        for (; blocks > 0; blocks--, src += 16, dst += 16)
        {
            uint* k = roundKeys;
            uint s0 = LittleEndian.Read(src) ^ k[0];
            uint s1 = LittleEndian.Read(src + o1) ^ k[1];
            uint s2 = LittleEndian.Read(src + 8) ^ k[2];
            uint s3 = LittleEndian.Read(src + o3) ^ k[3];
            uint u0, u1, u2, u3;

            // Nr - 1 full rounds, two per iteration so the state moves s -> u -> s without copies.
            int pairs = (rounds - 1) >> 1;
            for (; pairs > 0; pairs--)
            {
                Round4(s0, s1, s2, s3, k + 4, t0, t1, t2, t3, out u0, out u1, out u2, out u3);
                Round4(u0, u1, u2, u3, k + 8, t0, t1, t2, t3, out s0, out s1, out s2, out s3);
                k += 8;
            }

            if (((rounds - 1) & 1) != 0)
            {
                Round4(s0, s1, s2, s3, k + 4, t0, t1, t2, t3, out s0, out s1, out s2, out s3);
                k += 4;
            }

            k += 4;
            LittleEndian.Write(dst, Final(s0, s1, s2, s3, sbox) ^ k[0]);
            LittleEndian.Write(dst + o1, Final(s1, s2, s3, s0, sbox) ^ k[1]);
            LittleEndian.Write(dst + 8, Final(s2, s3, s0, s1, sbox) ^ k[2]);
            LittleEndian.Write(dst + o3, Final(s3, s0, s1, s2, sbox) ^ k[3]);
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Round4(
        uint s0, uint s1, uint s2, uint s3, uint* k, uint* t0, uint* t1, uint* t2, uint* t3, out uint r0, out uint r1, out uint r2, out uint r3)
    {
        r0 = t0[(byte)s0] ^ t1[(byte)(s1 >> 8)] ^ t2[(byte)(s2 >> 16)] ^ t3[s3 >> 24] ^ k[0];
        r1 = t0[(byte)s1] ^ t1[(byte)(s2 >> 8)] ^ t2[(byte)(s3 >> 16)] ^ t3[s0 >> 24] ^ k[1];
        r2 = t0[(byte)s2] ^ t1[(byte)(s3 >> 8)] ^ t2[(byte)(s0 >> 16)] ^ t3[s1 >> 24] ^ k[2];
        r3 = t0[(byte)s3] ^ t1[(byte)(s0 >> 8)] ^ t2[(byte)(s1 >> 16)] ^ t3[s2 >> 24] ^ k[3];
    }

    // The last round's column: SubBytes of row r taken from the column given for that row, no MixColumns.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint Final(uint row0, uint row1, uint row2, uint row3, byte* sbox) =>
        sbox[(byte)row0] | ((uint)sbox[(byte)(row1 >> 8)] << 8) | ((uint)sbox[(byte)(row2 >> 16)] << 16) | ((uint)sbox[row3 >> 24] << 24);

    // Nb = 5..8: the state in stackalloc words, each round written out with constant indices for its
    // block size (the shape type parameter), so the JIT compiles one specialised loop per Nb.
    private static void TransformWide<TShape>(
        byte* src, byte* dst, int blocks, int rounds, uint* roundKeys, uint* t0, uint* t1, uint* t2, uint* t3, byte* sbox, bool inverse)
        where TShape : struct, IWideShape
    {
        TShape shape = default;
        int nb = shape.Nb;
        int blockSize = 4 * nb;

        // Slot i holds block column i (encryption) or column (Nb - i) mod Nb (decryption).
        int* offsets = stackalloc int[8];
        for (int i = 0; i < nb; i++)
        {
            offsets[i] = 4 * (inverse ? (nb - i) % nb : i);
        }

        uint* s = stackalloc uint[8];
        uint* u = stackalloc uint[8];
        for (; blocks > 0; blocks--, src += blockSize, dst += blockSize)
        {
            uint* k = roundKeys;
            for (int i = 0; i < nb; i++)
            {
                s[i] = LittleEndian.Read(src + offsets[i]) ^ k[i];
            }

            int pairs = (rounds - 1) >> 1;
            for (; pairs > 0; pairs--)
            {
                shape.Round(s, u, k + nb, t0, t1, t2, t3);
                shape.Round(u, s, k + (2 * nb), t0, t1, t2, t3);
                k += 2 * nb;
            }

            if (((rounds - 1) & 1) != 0)
            {
                shape.Round(s, u, k + nb, t0, t1, t2, t3);
                Copy8(u, s);
                k += nb;
            }

            k += nb;
            for (int i = 0; i < nb; i++)
            {
                uint column = Final(s[i], s[(i + shape.C1) % nb], s[(i + shape.C2) % nb], s[(i + shape.C3) % nb], sbox);
                LittleEndian.Write(dst + offsets[i], column ^ k[i]);
            }
        }

        Secret.Clear(new Span<byte>(s, 8 * sizeof(uint)));
        Secret.Clear(new Span<byte>(u, 8 * sizeof(uint)));
    }

    private static void Copy8(uint* source, uint* target)
    {
        for (int i = 0; i < 8; i++)
        {
            target[i] = source[i];
        }
    }

    private interface IWideShape
    {
        int Nb { get; }

        int C1 { get; }

        int C2 { get; }

        int C3 { get; }

        /// <summary>One full round from <paramref name="s"/> into <paramref name="r"/> with round key <paramref name="k"/>.</summary>
        void Round(uint* s, uint* r, uint* k, uint* t0, uint* t1, uint* t2, uint* t3);
    }

    // Nb = 5: ShiftRows offsets C1..C3 = 1, 2, 3.
    private readonly struct Shape5 : IWideShape
    {
        public int Nb => 5;

        public int C1 => 1;

        public int C2 => 2;

        public int C3 => 3;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void Round(uint* s, uint* r, uint* k, uint* t0, uint* t1, uint* t2, uint* t3)
        {
            r[0] = t0[(byte)s[0]] ^ t1[(byte)(s[1] >> 8)] ^ t2[(byte)(s[2] >> 16)] ^ t3[s[3] >> 24] ^ k[0];
            r[1] = t0[(byte)s[1]] ^ t1[(byte)(s[2] >> 8)] ^ t2[(byte)(s[3] >> 16)] ^ t3[s[4] >> 24] ^ k[1];
            r[2] = t0[(byte)s[2]] ^ t1[(byte)(s[3] >> 8)] ^ t2[(byte)(s[4] >> 16)] ^ t3[s[0] >> 24] ^ k[2];
            r[3] = t0[(byte)s[3]] ^ t1[(byte)(s[4] >> 8)] ^ t2[(byte)(s[0] >> 16)] ^ t3[s[1] >> 24] ^ k[3];
            r[4] = t0[(byte)s[4]] ^ t1[(byte)(s[0] >> 8)] ^ t2[(byte)(s[1] >> 16)] ^ t3[s[2] >> 24] ^ k[4];
        }
    }

    // Nb = 6: ShiftRows offsets C1..C3 = 1, 2, 3.
    private readonly struct Shape6 : IWideShape
    {
        public int Nb => 6;

        public int C1 => 1;

        public int C2 => 2;

        public int C3 => 3;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void Round(uint* s, uint* r, uint* k, uint* t0, uint* t1, uint* t2, uint* t3)
        {
            r[0] = t0[(byte)s[0]] ^ t1[(byte)(s[1] >> 8)] ^ t2[(byte)(s[2] >> 16)] ^ t3[s[3] >> 24] ^ k[0];
            r[1] = t0[(byte)s[1]] ^ t1[(byte)(s[2] >> 8)] ^ t2[(byte)(s[3] >> 16)] ^ t3[s[4] >> 24] ^ k[1];
            r[2] = t0[(byte)s[2]] ^ t1[(byte)(s[3] >> 8)] ^ t2[(byte)(s[4] >> 16)] ^ t3[s[5] >> 24] ^ k[2];
            r[3] = t0[(byte)s[3]] ^ t1[(byte)(s[4] >> 8)] ^ t2[(byte)(s[5] >> 16)] ^ t3[s[0] >> 24] ^ k[3];
            r[4] = t0[(byte)s[4]] ^ t1[(byte)(s[5] >> 8)] ^ t2[(byte)(s[0] >> 16)] ^ t3[s[1] >> 24] ^ k[4];
            r[5] = t0[(byte)s[5]] ^ t1[(byte)(s[0] >> 8)] ^ t2[(byte)(s[1] >> 16)] ^ t3[s[2] >> 24] ^ k[5];
        }
    }

    // Nb = 7: ShiftRows offsets C1..C3 = 1, 2, 4.
    private readonly struct Shape7 : IWideShape
    {
        public int Nb => 7;

        public int C1 => 1;

        public int C2 => 2;

        public int C3 => 4;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void Round(uint* s, uint* r, uint* k, uint* t0, uint* t1, uint* t2, uint* t3)
        {
            r[0] = t0[(byte)s[0]] ^ t1[(byte)(s[1] >> 8)] ^ t2[(byte)(s[2] >> 16)] ^ t3[s[4] >> 24] ^ k[0];
            r[1] = t0[(byte)s[1]] ^ t1[(byte)(s[2] >> 8)] ^ t2[(byte)(s[3] >> 16)] ^ t3[s[5] >> 24] ^ k[1];
            r[2] = t0[(byte)s[2]] ^ t1[(byte)(s[3] >> 8)] ^ t2[(byte)(s[4] >> 16)] ^ t3[s[6] >> 24] ^ k[2];
            r[3] = t0[(byte)s[3]] ^ t1[(byte)(s[4] >> 8)] ^ t2[(byte)(s[5] >> 16)] ^ t3[s[0] >> 24] ^ k[3];
            r[4] = t0[(byte)s[4]] ^ t1[(byte)(s[5] >> 8)] ^ t2[(byte)(s[6] >> 16)] ^ t3[s[1] >> 24] ^ k[4];
            r[5] = t0[(byte)s[5]] ^ t1[(byte)(s[6] >> 8)] ^ t2[(byte)(s[0] >> 16)] ^ t3[s[2] >> 24] ^ k[5];
            r[6] = t0[(byte)s[6]] ^ t1[(byte)(s[0] >> 8)] ^ t2[(byte)(s[1] >> 16)] ^ t3[s[3] >> 24] ^ k[6];
        }
    }

    // Nb = 8: ShiftRows offsets C1..C3 = 1, 3, 4.
    private readonly struct Shape8 : IWideShape
    {
        public int Nb => 8;

        public int C1 => 1;

        public int C2 => 3;

        public int C3 => 4;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void Round(uint* s, uint* r, uint* k, uint* t0, uint* t1, uint* t2, uint* t3)
        {
            r[0] = t0[(byte)s[0]] ^ t1[(byte)(s[1] >> 8)] ^ t2[(byte)(s[3] >> 16)] ^ t3[s[4] >> 24] ^ k[0];
            r[1] = t0[(byte)s[1]] ^ t1[(byte)(s[2] >> 8)] ^ t2[(byte)(s[4] >> 16)] ^ t3[s[5] >> 24] ^ k[1];
            r[2] = t0[(byte)s[2]] ^ t1[(byte)(s[3] >> 8)] ^ t2[(byte)(s[5] >> 16)] ^ t3[s[6] >> 24] ^ k[2];
            r[3] = t0[(byte)s[3]] ^ t1[(byte)(s[4] >> 8)] ^ t2[(byte)(s[6] >> 16)] ^ t3[s[7] >> 24] ^ k[3];
            r[4] = t0[(byte)s[4]] ^ t1[(byte)(s[5] >> 8)] ^ t2[(byte)(s[7] >> 16)] ^ t3[s[0] >> 24] ^ k[4];
            r[5] = t0[(byte)s[5]] ^ t1[(byte)(s[6] >> 8)] ^ t2[(byte)(s[0] >> 16)] ^ t3[s[1] >> 24] ^ k[5];
            r[6] = t0[(byte)s[6]] ^ t1[(byte)(s[7] >> 8)] ^ t2[(byte)(s[1] >> 16)] ^ t3[s[2] >> 24] ^ k[6];
            r[7] = t0[(byte)s[7]] ^ t1[(byte)(s[0] >> 8)] ^ t2[(byte)(s[2] >> 16)] ^ t3[s[3] >> 24] ^ k[7];
        }
    }
}

// CLEFIA, Reference flavour.
//
// Follows RFC 6114 "The 128-Bit Blockcipher CLEFIA": 4.1 GFN_{4,r}, GFN_{8,r} and GFNINV_{4,r}, 4.2 the F-functions
// F0 and F1, 5.1 encryption and decryption with whitening, 6.1 DoubleSwap, 6.3-6.5 the key schedules for 128-, 192-
// and 256-bit keys. The constants (S-boxes, matrices, CON_k) are in ClefiaSpec.
//
// Each F-function is computed as a straightforward C implementation does it: the S-boxes and the diffusion matrix
// are folded into four 256-entry tables of 32-bit words per F-function, one per input byte, built at type
// initialization from ClefiaSpec (the matrix is linear, so F's output is the XOR of four lookups).

using System;
using System.Buffers.Binary;
using System.Diagnostics;
using System.Runtime.InteropServices;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto.BlockCiphers.Clefia;

/// <summary>The CLEFIA block cipher (128-bit blocks; 128-, 192- and 256-bit keys) in safe, portable C#.</summary>
internal sealed class ClefiaCore : Modes.BlockCipher
{
    internal const int BlockSizeInBytes = 16;

    // F0Table[256 * i + x] = M0 applied to the word that is zero except byte i (0 = most significant), which holds
    // S0(x) for i = 0, 2 and S1(x) for i = 1, 3 (RFC 6114 4.2, Step 2). F1Table likewise with M1 and S1, S0, S1, S0.
    private static readonly uint[] s_f0 = BuildTable(m1: false);
    private static readonly uint[] s_f1 = BuildTable(m1: true);

    /// <summary>F0's combined S/M0 tables (4 x 256 words), for the Unsafe flavour to copy.</summary>
    internal static ReadOnlySpan<uint> F0Table => s_f0;

    /// <summary>F1's combined S/M1 tables (4 x 256 words), for the Unsafe flavour to copy.</summary>
    internal static ReadOnlySpan<uint> F1Table => s_f1;

    // WK0..WK3 followed by RK_0..RK_{2r-1}.
    private readonly uint[] _keys;
    private readonly int _rounds;

    public ClefiaCore(ReadOnlySpan<byte> key)
        : base(BlockSizeInBytes)
    {
        if (key.Length != 16 && key.Length != 24 && key.Length != 32)
        {
            throw new ArgumentException(ErrorMessages.ClefiaKeySize, nameof(key));
        }

        _rounds = ClefiaSpec.Rounds(key.Length);
        _keys = ExpandKey(key);
    }

    protected override void EncryptCore(ReadOnlySpan<byte> source, Span<byte> destination) => Crypt(source, destination, decrypt: false);

    protected override void DecryptCore(ReadOnlySpan<byte> source, Span<byte> destination) => Crypt(source, destination, decrypt: true);

    /// <summary>
    /// RFC 6114 5.1: ENCr (whitening with WK0, WK1; GFN_{4,r}; whitening with WK2, WK3) or DECr (WK2, WK3;
    /// GFNINV_{4,r}; WK0, WK1).
    /// </summary>
    private void Crypt(ReadOnlySpan<byte> source, Span<byte> destination, bool decrypt)
    {
        Debug.Assert(source.Length % BlockSizeInBytes == 0 && destination.Length == source.Length);
        uint[] k = _keys;
        int first = decrypt ? 2 : 0;
        int last = decrypt ? 0 : 2;
        for (int offset = 0; offset < source.Length; offset += BlockSizeInBytes)
        {
            // Step 1: whitening.
            uint t0 = BinaryPrimitives.ReadUInt32BigEndian(source.Slice(offset));
            uint t1 = BinaryPrimitives.ReadUInt32BigEndian(source.Slice(offset + 4)) ^ k[first];
            uint t2 = BinaryPrimitives.ReadUInt32BigEndian(source.Slice(offset + 8));
            uint t3 = BinaryPrimitives.ReadUInt32BigEndian(source.Slice(offset + 12)) ^ k[first + 1];

            // Step 2 (4.1): T1 ^= F0(RK, T0), T3 ^= F1(RK, T2), then GFN rotates the words left and takes the round
            // keys from the start; GFNINV rotates right and takes them from the end.
            for (int i = 0; i < _rounds; i++)
            {
                int rk = 4 + (decrypt ? 2 * (_rounds - 1 - i) : 2 * i);
                t1 ^= F0(k[rk], t0);
                t3 ^= F1(k[rk + 1], t2);
                (t0, t1, t2, t3) = decrypt ? (t3, t0, t1, t2) : (t1, t2, t3, t0);
            }

            // Step 3 of GFN (Y = T3 | T0 | T1 | T2) or GFNINV (Y = T1 | T2 | T3 | T0): undo the last rotation; then
            // the final whitening.
            (t0, t1, t2, t3) = decrypt ? (t1, t2, t3, t0) : (t3, t0, t1, t2);
            BinaryPrimitives.WriteUInt32BigEndian(destination.Slice(offset), t0);
            BinaryPrimitives.WriteUInt32BigEndian(destination.Slice(offset + 4), t1 ^ k[last]);
            BinaryPrimitives.WriteUInt32BigEndian(destination.Slice(offset + 8), t2);
            BinaryPrimitives.WriteUInt32BigEndian(destination.Slice(offset + 12), t3 ^ k[last + 1]);
        }
    }

    protected override void ClearKeySchedule() => Array.Clear(_keys, 0, _keys.Length);

    /// <summary>RFC 6114 4.2: F0(RK, x) = M0 (S0, S1, S0, S1)(RK ^ x).</summary>
    internal static uint F0(uint roundKey, uint x)
    {
        uint t = roundKey ^ x;
        uint[] f = s_f0;
        return f[(int)(t >> 24)] ^ f[0x100 | ((int)(t >> 16) & 0xFF)] ^ f[0x200 | ((int)(t >> 8) & 0xFF)] ^ f[0x300 | ((int)t & 0xFF)];
    }

    /// <summary>RFC 6114 4.2: F1(RK, x) = M1 (S1, S0, S1, S0)(RK ^ x).</summary>
    internal static uint F1(uint roundKey, uint x)
    {
        uint t = roundKey ^ x;
        uint[] f = s_f1;
        return f[(int)(t >> 24)] ^ f[0x100 | ((int)(t >> 16) & 0xFF)] ^ f[0x200 | ((int)(t >> 8) & 0xFF)] ^ f[0x300 | ((int)t & 0xFF)];
    }

    /// <summary>
    /// RFC 6114 6.3-6.5: WK0..WK3 followed by RK_0..RK_{2r-1} (40, 48 or 56 words).
    /// </summary>
    internal static uint[] ExpandKey(ReadOnlySpan<byte> key) => ExpandKey(key, null);

    /// <summary>
    /// <see cref="ExpandKey(ReadOnlySpan{byte})"/>, also copying the intermediate key L (128-bit keys) or LL | LR
    /// (192/256-bit keys) into <paramref name="intermediate"/> when it is given (the RFC's Appendix B lists it).
    /// </summary>
    internal static uint[] ExpandKey(ReadOnlySpan<byte> key, uint[]? intermediate)
    {
        Debug.Assert(key.Length is 16 or 24 or 32);
        int rounds = ClefiaSpec.Rounds(key.Length);
        ReadOnlySpan<uint> con = ClefiaSpec.Constants(key.Length);
        uint[] keys = new uint[4 + (2 * rounds)];
        Span<uint> rk = keys.AsSpan(4);

        // K0..K7 (6.4 Step 2 extends a 192-bit key with ~K0, ~K1).
        Span<uint> k = stackalloc uint[8];
        for (int i = 0; i < key.Length / 4; i++)
        {
            k[i] = BinaryPrimitives.ReadUInt32BigEndian(key.Slice(4 * i));
        }

        if (key.Length == 24)
        {
            k[6] = ~k[0];
            k[7] = ~k[1];
        }

        Span<uint> l = stackalloc uint[8];
        if (key.Length == 16)
        {
            // 6.3 Step 1: L <- GFN_{4,12}(CON_128[0..23], K).
            k.Slice(0, 4).CopyTo(l);
            Gfn4(con.Slice(0, 24), l.Slice(0, 4), 12);
            CopyIntermediate(l.Slice(0, 4), intermediate);

            // Step 2: WK = K. Step 3: nine 128-bit round-key groups.
            k.Slice(0, 4).CopyTo(keys);
            for (int i = 0; i < 9; i++)
            {
                Span<uint> t = rk.Slice(4 * i, 4);
                for (int j = 0; j < 4; j++)
                {
                    t[j] = l[j] ^ con[24 + (4 * i) + j];
                }

                DoubleSwap(l.Slice(0, 4));
                if ((i & 1) != 0)
                {
                    XorInto(t, k.Slice(0, 4));
                }
            }
        }
        else
        {
            // 6.4/6.5 Step 3: LL | LR <- GFN_{8,10}(CON_k[0..39], KL | KR), KL = K0..K3, KR = K4..K7.
            k.CopyTo(l);
            Gfn8(con.Slice(0, 40), l, 10);
            CopyIntermediate(l, intermediate);

            // Step 4: WK = KL ^ KR. Step 5: 11 or 13 round-key groups, alternately from LL and LR.
            for (int j = 0; j < 4; j++)
            {
                keys[j] = k[j] ^ k[4 + j];
            }

            for (int i = 0; i < rounds / 2; i++)
            {
                bool left = (i % 4) is 0 or 1;
                Span<uint> source = left ? l.Slice(0, 4) : l.Slice(4, 4);
                Span<uint> t = rk.Slice(4 * i, 4);
                for (int j = 0; j < 4; j++)
                {
                    t[j] = source[j] ^ con[40 + (4 * i) + j];
                }

                DoubleSwap(source);
                if ((i & 1) != 0)
                {
                    XorInto(t, left ? k.Slice(4, 4) : k.Slice(0, 4));
                }
            }
        }

        Secret.Clear(MemoryMarshal.AsBytes(k));
        Secret.Clear(MemoryMarshal.AsBytes(l));
        return keys;
    }

    /// <summary>RFC 6114 4.1: GFN_{4,r} in place on <paramref name="t"/> with round keys <paramref name="rk"/>.</summary>
    private static void Gfn4(ReadOnlySpan<uint> rk, Span<uint> t, int rounds)
    {
        uint t0 = t[0], t1 = t[1], t2 = t[2], t3 = t[3];
        for (int i = 0; i < rounds; i++)
        {
            t1 ^= F0(rk[2 * i], t0);
            t3 ^= F1(rk[(2 * i) + 1], t2);
            uint rotated = t0;
            t0 = t1;
            t1 = t2;
            t2 = t3;
            t3 = rotated;
        }

        // Step 3: Y = T3 | T0 | T1 | T2.
        t[0] = t3;
        t[1] = t0;
        t[2] = t1;
        t[3] = t2;
    }

    /// <summary>RFC 6114 4.1: GFN_{8,r} in place on <paramref name="t"/> with round keys <paramref name="rk"/>.</summary>
    private static void Gfn8(ReadOnlySpan<uint> rk, Span<uint> t, int rounds)
    {
        for (int i = 0; i < rounds; i++)
        {
            t[1] ^= F0(rk[4 * i], t[0]);
            t[3] ^= F1(rk[(4 * i) + 1], t[2]);
            t[5] ^= F0(rk[(4 * i) + 2], t[4]);
            t[7] ^= F1(rk[(4 * i) + 3], t[6]);

            // Step 2.2 rotates left by one word, except after the last round (Step 3 undoes it).
            if (i != rounds - 1)
            {
                uint first = t[0];
                t.Slice(1).CopyTo(t);
                t[7] = first;
            }
        }
    }

    /// <summary>RFC 6114 6.1: Sigma(X) = X[7-63] | X[121-127] | X[0-6] | X[64-120], in place.</summary>
    internal static void DoubleSwap(Span<uint> x)
    {
        ulong high = ((ulong)x[0] << 32) | x[1];
        ulong low = ((ulong)x[2] << 32) | x[3];
        ulong y0 = (high << 7) | (low & 0x7F);
        ulong y1 = (high & 0xFE00_0000_0000_0000) | (low >> 7);
        x[0] = (uint)(y0 >> 32);
        x[1] = (uint)y0;
        x[2] = (uint)(y1 >> 32);
        x[3] = (uint)y1;
    }

    private static void CopyIntermediate(ReadOnlySpan<uint> l, uint[]? intermediate)
    {
        if (intermediate is not null)
        {
            l.CopyTo(intermediate);
        }
    }

    private static void XorInto(Span<uint> destination, ReadOnlySpan<uint> value)
    {
        for (int j = 0; j < destination.Length; j++)
        {
            destination[j] ^= value[j];
        }
    }

    private static uint[] BuildTable(bool m1)
    {
        uint[] table = new uint[4 * 256];
        for (int position = 0; position < 4; position++)
        {
            // F0 takes S0 at even byte positions, F1 at odd ones (RFC 6114 4.2, Step 2).
            bool useS0 = (position & 1) == (m1 ? 1 : 0);
            ReadOnlySpan<byte> sbox = useS0 ? ClefiaSpec.S0 : ClefiaSpec.S1;
            for (int x = 0; x < 256; x++)
            {
                table[(position * 256) + x] = ClefiaSpec.MultiplyMatrix((uint)sbox[x] << (8 * (3 - position)), m1);
            }
        }

        return table;
    }
}

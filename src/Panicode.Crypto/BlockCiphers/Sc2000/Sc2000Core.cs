// SC2000, Reference flavour.
//
// Follows Shimoyama et al., "The Block Cipher SC2000" (FSE 2001): 3.1/3.2 encryption and decryption as
// I-B-I-R x R-... (I: key XOR; B/B^-1: 32 parallel 4-bit S-boxes; R: a Feistel round on two words with mask
// 0x55555555 or 0x33333333; x: the cross connection (a, b, c, d) -> (c, d, a, b)), 3.3 I, 3.4 R with F = L(MS, MS),
// 3.5 B and B^-1, 3.6 the key schedule. The constants are in Sc2000Spec.
//
// M o S is computed as the paper's section 3.4 suggests for software, with one 32-bit table per S-box position
// (6, 5, 5, 5, 5, 6 bits: 1 KB), built at type initialization from Sc2000Spec. B and B^-1 are computed bitsliced on
// whole words with the logical operations of the paper's Fig. 3 (tools/sc2000/derive.py restores the NOTs our text of
// the figure lost and checks them against S4 and S4i; so do the tests).

using System;
using System.Buffers.Binary;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto.BlockCiphers.Sc2000;

/// <summary>The SC2000 block cipher (128-bit blocks; 128-, 192- and 256-bit keys) in safe, portable C#.</summary>
internal sealed class Sc2000Core : Modes.BlockCipher
{
    internal const int BlockSizeInBytes = 16;

    // M(S6(x) << 26) for x < 64, then M(S5(x) << 21), << 16, << 11, << 6 for x < 32 each, then M(S6(x)) for x < 64.
    private const int Position1 = 64;
    private const int Position2 = 96;
    private const int Position3 = 128;
    private const int Position4 = 160;
    private const int Position5 = 192;
    private static readonly uint[] s_ms = BuildMsTable();

    // ek[0..55] or ek[0..63]: four per I function, in the order encryption uses them.
    private readonly uint[] _keys;

    public Sc2000Core(ReadOnlySpan<byte> key)
        : base(BlockSizeInBytes)
    {
        if (key.Length != 16 && key.Length != 24 && key.Length != 32)
        {
            throw new ArgumentException(ErrorMessages.Sc2000KeySize, nameof(key));
        }

        _keys = ExpandKey(key);
    }

    protected override void EncryptCore(ReadOnlySpan<byte> source, Span<byte> destination) => Crypt(source, destination, decrypt: false);

    protected override void DecryptCore(ReadOnlySpan<byte> source, Span<byte> destination) => Crypt(source, destination, decrypt: true);

    protected override void ClearKeySchedule() => Array.Clear(_keys, 0, _keys.Length);

    /// <summary>
    /// 3.1/3.2: (I-B-I-R x R-) repeated, then I-B-I. Decryption is the same sequence with the I functions' key groups
    /// in reverse order, B^-1 for B and the masks of the R pairs in reverse order (each R x R pair is its own inverse).
    /// </summary>
    private void Crypt(ReadOnlySpan<byte> source, Span<byte> destination, bool decrypt)
    {
        Debug.Assert(source.Length % BlockSizeInBytes == 0 && destination.Length == source.Length);
        uint[] k = _keys;
        int groups = k.Length / 4;
        int pairs = (groups / 2) - 1;
        for (int offset = 0; offset < source.Length; offset += BlockSizeInBytes)
        {
            uint a = BinaryPrimitives.ReadUInt32BigEndian(source.Slice(offset));
            uint b = BinaryPrimitives.ReadUInt32BigEndian(source.Slice(offset + 4));
            uint c = BinaryPrimitives.ReadUInt32BigEndian(source.Slice(offset + 8));
            uint d = BinaryPrimitives.ReadUInt32BigEndian(source.Slice(offset + 12));

            for (int pair = 0; ; pair++)
            {
                int first = 4 * (decrypt ? groups - 1 - (2 * pair) : 2 * pair);
                int second = 4 * (decrypt ? groups - 2 - (2 * pair) : (2 * pair) + 1);
                I(ref a, ref b, ref c, ref d, k, first);
                if (decrypt)
                {
                    BInverse(ref a, ref b, ref c, ref d);
                }
                else
                {
                    B(ref a, ref b, ref c, ref d);
                }

                I(ref a, ref b, ref c, ref d, k, second);
                if (pair == pairs)
                {
                    break;
                }

                // R5 for the even pairs of encryption, R3 for the odd ones; decryption runs them backwards.
                int maskNumber = decrypt ? pairs - 1 - pair : pair;
                uint mask = (maskNumber & 1) == 0 ? Sc2000Spec.Mask5 : Sc2000Spec.Mask3;

                // R, cross, R: the first R changes (a, b) from (c, d); the second, which sees the crossed words, changes
                // (c, d) from (a, b); then the cross connection (a, b, c, d) -> (c, d, a, b) is applied once.
                R(ref a, ref b, c, d, mask);
                R(ref c, ref d, a, b, mask);
                (a, b, c, d) = (c, d, a, b);
            }

            BinaryPrimitives.WriteUInt32BigEndian(destination.Slice(offset), a);
            BinaryPrimitives.WriteUInt32BigEndian(destination.Slice(offset + 4), b);
            BinaryPrimitives.WriteUInt32BigEndian(destination.Slice(offset + 8), c);
            BinaryPrimitives.WriteUInt32BigEndian(destination.Slice(offset + 12), d);
        }
    }

    /// <summary>3.3: the I function, XOR with four extended keys.</summary>
    private static void I(ref uint a, ref uint b, ref uint c, ref uint d, uint[] k, int at)
    {
        a ^= k[at];
        b ^= k[at + 1];
        c ^= k[at + 2];
        d ^= k[at + 3];
    }

    /// <summary>
    /// 3.4: R on (a, b) with F(c, d): F = L(M(S(c)), M(S(d))), L(x, y) = ((x &amp; mask) ^ y, (y &amp; ~mask) ^ x).
    /// </summary>
    private static void R(ref uint a, ref uint b, uint c, uint d, uint mask)
    {
        uint x = MS(c);
        uint y = MS(d);
        a ^= (x & mask) ^ y;
        b ^= (y & ~mask) ^ x;
    }

    /// <summary>3.4: M(S(x)) through the per-position tables.</summary>
    internal static uint MS(uint x)
    {
        uint[] t = s_ms;
        return t[x >> 26] ^ t[Position1 + ((x >> 21) & 31)] ^ t[Position2 + ((x >> 16) & 31)]
            ^ t[Position3 + ((x >> 11) & 31)] ^ t[Position4 + ((x >> 6) & 31)] ^ t[Position5 + (x & 63)];
    }

    /// <summary>
    /// 3.5: B = T^-1 o (S4 on each of the 32 nibbles (a_i, b_i, c_i, d_i)) o T, computed on whole words as the
    /// paper's Fig. 3 writes it (tools/sc2000/derive.py checks it against S4).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void B(ref uint a, ref uint b, ref uint c, ref uint d)
    {
        uint t1 = ~b;
        uint t2 = a | d;
        uint t3 = c ^ t2;
        uint t4 = t1 & t3;
        uint e = d ^ t4;
        uint t6 = t2 ^ e;
        uint t7 = a ^ b;
        uint f = c ^ (t6 | t7);
        uint t11 = t1 ^ (c & t3);
        uint h = t7 ^ (t6 & (c ^ t4));
        uint g = t11 ^ (c | h);
        a = e;
        b = f;
        c = g;
        d = h;
    }

    /// <summary>3.5: B^-1, with S4i in place of S4, as Fig. 3 writes it (tools/sc2000/derive.py).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void BInverse(ref uint a, ref uint b, ref uint c, ref uint d)
    {
        uint t1 = c ^ d;
        uint t4 = (t1 | b) ^ c;
        t4 &= a;
        uint t6 = ~c | b;
        uint e = t6 ^ d ^ t4;
        uint t9 = (a ^ t6) | d;
        uint g = t9 ^ b;
        uint f = (((c ^ g) | t4) & t9) ^ e;
        uint h = ((t6 ^ g) & t1) ^ a;
        a = e;
        b = f;
        c = g;
        d = h;
    }

    /// <summary>3.6: the intermediate keys a[i], b[i], c[i], d[i] and from them the 56 or 64 extended keys.</summary>
    internal static uint[] ExpandKey(ReadOnlySpan<byte> key)
    {
        Debug.Assert(key.Length is 16 or 24 or 32);

        // uk[0..7]: a 128-bit key repeats all four words, a 192-bit key its first two.
        Span<uint> uk = stackalloc uint[8];
        int words = key.Length / 4;
        for (int i = 0; i < 8; i++)
        {
            uk[i] = i < words ? BinaryPrimitives.ReadUInt32BigEndian(key.Slice(4 * i)) : uk[i - (words == 6 ? 6 : 4)];
        }

        // Intermediate-key generation: imkey[3 * j + i] is a[i], b[i], c[i], d[i] for j = 0..3.
        // X[i] = MS((MS(4i + j) + MS(uk[2j])) ^ (MS(uk[2j + 1]) * (i + 1))), arithmetic modulo 2^32.
        Span<uint> imkey = stackalloc uint[12];
        for (int j = 0; j < 4; j++)
        {
            uint left = MS(uk[2 * j]);
            uint right = MS(uk[(2 * j) + 1]);
            for (int i = 0; i < 3; i++)
            {
                imkey[(3 * j) + i] = MS(unchecked((MS((uint)((4 * i) + j)) + left) ^ (right * (uint)(i + 1))));
            }
        }

        // Extended-key generation: ek[n] = ((X[x] <<< 1) + Y[y]) ^ (((Z[z] <<< 1) - W[w]) <<< 1), with
        // s = n mod 9, t = (n + floor(n / 36)) mod 12, (X, Y, Z, W) = Order[t], (x, y, z, w) = Index[s].
        ReadOnlySpan<byte> order = Sc2000Spec.Order;
        ReadOnlySpan<byte> index = Sc2000Spec.Index;
        uint[] ek = new uint[Sc2000Spec.ExtendedKeyCount(key.Length)];
        for (int n = 0; n < ek.Length; n++)
        {
            int s = n % 9;
            int t = (n + (n / 36)) % 12;
            uint x = imkey[(3 * order[4 * t]) + index[4 * s]];
            uint y = imkey[(3 * order[(4 * t) + 1]) + index[(4 * s) + 1]];
            uint z = imkey[(3 * order[(4 * t) + 2]) + index[(4 * s) + 2]];
            uint w = imkey[(3 * order[(4 * t) + 3]) + index[(4 * s) + 3]];
            ek[n] = unchecked((RotateLeft1(x) + y) ^ RotateLeft1(RotateLeft1(z) - w));
        }

        Secret.Clear(System.Runtime.InteropServices.MemoryMarshal.AsBytes(uk));
        Secret.Clear(System.Runtime.InteropServices.MemoryMarshal.AsBytes(imkey));
        return ek;
    }

    private static uint RotateLeft1(uint x) => (x << 1) | (x >> 31);

    private static uint[] BuildMsTable()
    {
        uint[] table = new uint[256];
        for (int x = 0; x < 64; x++)
        {
            table[x] = Sc2000Spec.M((uint)Sc2000Spec.S6[x] << 26);
            table[Position5 + x] = Sc2000Spec.M(Sc2000Spec.S6[x]);
        }

        for (int x = 0; x < 32; x++)
        {
            uint s5 = Sc2000Spec.S5[x];
            table[Position1 + x] = Sc2000Spec.M(s5 << 21);
            table[Position2 + x] = Sc2000Spec.M(s5 << 16);
            table[Position3 + x] = Sc2000Spec.M(s5 << 11);
            table[Position4 + x] = Sc2000Spec.M(s5 << 6);
        }

        return table;
    }
}

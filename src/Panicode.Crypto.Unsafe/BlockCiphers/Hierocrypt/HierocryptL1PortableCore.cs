using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Threading;
using Panicode.Crypto.BlockCiphers.Hierocrypt;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Modes;
using Panicode.Crypto.Unsafe.Internal;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Hierocrypt;

/// <summary>
/// Hierocrypt-L1, Unsafe flavour (Toshiba's specification of Hierocrypt-L1, 3.2.1 encryption, 3.2.2 decryption;
/// tables from <see cref="HierocryptSpec"/>). The 8-byte state is one 64-bit word, its two 4-byte groups the halves.
/// Techniques: the first S layer and MDS_L merged into the four 8-to-32-bit tables of Hierocrypt-3
/// (<see cref="Hierocrypt3Tables.SL"/>, the CRYPTREC study's mdsL_ST), four lookups per group; the second S layer and
/// L1's 2 x 2 MDS_H merged into eight 8-to-64-bit tables (<see cref="HierocryptL1Tables.SH"/>, 16 KiB), eight lookups
/// per block; so a round is 16 lookups and XORs, no shifts beyond the byte extractions. Tables in unmanaged memory
/// read through pointers passed as arguments; four blocks go through interleaved, layer by layer, the last one to
/// three singly. Decryption runs the same code with the inverse tables and the keys moved across the linear layers
/// (<see cref="DecryptionLayout"/>). Table lookups indexed by secret data are not cache-timing safe.
/// </summary>
internal sealed unsafe class HierocryptL1PortableCore : BlockCipher
{
    private const int BlockSizeInBytes = 8;
    private const int Rounds = HierocryptSpec.RoundsL1;

    // 2R + 1 words each: the first key, then per round the key after the SL layer and the key after the SH layer (or,
    // in the last round, after the plain S layer).
    private readonly ulong[] _encryptionKeys;

    // Built on the first decryption (CTR-like modes, CFB and OFB never need it) from the round keys, which are kept
    // (and cleared on Dispose).
    private readonly ulong[] _roundKeys;
    private ulong[]? _decryptionKeys;

    public HierocryptL1PortableCore(ReadOnlySpan<byte> key)
        : base(BlockSizeInBytes)
    {
        Debug.Assert(key.Length == 16);
        _roundKeys = HierocryptL1Core.ExpandKey(key);
        _encryptionKeys = EncryptionLayout(_roundKeys);
    }

    protected override void EncryptCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        Debug.Assert(source.Length % BlockSizeInBytes == 0 && destination.Length == source.Length);
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (ulong* k = _encryptionKeys)
        {
            Crypt(src, dst, source.Length / BlockSizeInBytes, k, Hierocrypt3Tables.SL, HierocryptL1Tables.SH, Hierocrypt3Tables.S);
        }
    }

    protected override void DecryptCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        Debug.Assert(source.Length % BlockSizeInBytes == 0 && destination.Length == source.Length);
        ulong[] keys = Volatile.Read(ref _decryptionKeys) ?? LazySchedule.Publish(ref _decryptionKeys, DecryptionLayout(_roundKeys));
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (ulong* k = keys)
        {
            Crypt(src, dst, source.Length / BlockSizeInBytes, k, Hierocrypt3Tables.SLInverse, HierocryptL1Tables.SHInverse, Hierocrypt3Tables.SInverse);
        }
    }

    protected override void ClearKeySchedule()
    {
        Secret.Clear(_encryptionKeys);
        Secret.Clear(_decryptionKeys);
        Secret.Clear(_roundKeys);
    }

    /// <summary>
    /// 3.2.1 in the order this core runs it: round key t is (k1 k2, k3 k4) at [2t], [2t + 1] of the Reference layout
    /// (<see cref="HierocryptL1Core.ExpandKey"/>), and the core adds k1 k2 of round 0, then per round t k3 k4 of t and
    /// k1 k2 of t + 1: the Reference layout's first 2R + 1 words as they are.
    /// </summary>
    internal static ulong[] EncryptionLayout(ulong[] roundKeys) => roundKeys.AsSpan(0, (2 * Rounds) + 1).ToArray();

    /// <summary>
    /// 3.2.2 as encryption with s^-1, mdsL^-1 and MDS_H^-1: each layer's key moves across the linear map after it
    /// (MDS_L^-1(x + k) = MDS_L^-1(x) + MDS_L^-1(k), the same for MDS_H^-1), so the core adds k1 k2 of round R, then per
    /// round t = R - 1 .. 0 mdsL^-1(k3 k4 of t) and MDS_H^-1(k1 k2 of t), or k1 k2 of round 0 as it is after the last.
    /// </summary>
    internal static ulong[] DecryptionLayout(ulong[] roundKeys)
    {
        ulong[] layout = new ulong[(2 * Rounds) + 1];
        Span<uint> groups = stackalloc uint[2];
        layout[0] = roundKeys[2 * Rounds];
        for (int u = 0; u < Rounds; u++)
        {
            int t = Rounds - 1 - u;
            ulong afterMdsL = roundKeys[(2 * t) + 1];
            layout[1 + (2 * u)] = ((ulong)Hierocrypt3KeySchedule.MultiplyColumn((uint)(afterMdsL >> 32), HierocryptSpec.MdsLInverse) << 32)
                | Hierocrypt3KeySchedule.MultiplyColumn((uint)afterMdsL, HierocryptSpec.MdsLInverse);
            ulong afterMdsH = roundKeys[2 * t];
            if (u < Rounds - 1)
            {
                groups[0] = (uint)(afterMdsH >> 32);
                groups[1] = (uint)afterMdsH;
                Hierocrypt3KeySchedule.MultiplyGroups(groups, HierocryptSpec.MdsHL1Inverse);
                afterMdsH = ((ulong)groups[0] << 32) | groups[1];
            }

            layout[2 + (2 * u)] = afterMdsH;
        }

        groups.Clear();
        return layout;
    }

    /// <summary>
    /// <paramref name="blocks"/> blocks through: key; then per round SL (S and MDS_L), key, SH (S and MDS_H), key; the
    /// last round's second layer is S alone.
    /// </summary>
    private static void Crypt(byte* src, byte* dst, int blocks, ulong* keys, uint* sl, ulong* sh, byte* s)
    {
        for (; blocks >= 4; blocks -= 4, src += 32, dst += 32)
        {
            ulong* k = keys;
            ulong a = BigEndian.Read64(src) ^ k[0];
            ulong b = BigEndian.Read64(src + 8) ^ k[0];
            ulong c = BigEndian.Read64(src + 16) ^ k[0];
            ulong d = BigEndian.Read64(src + 24) ^ k[0];
            for (int t = 1; t < Rounds; t++)
            {
                k++;
                a = SL(a, sl) ^ k[0];
                b = SL(b, sl) ^ k[0];
                c = SL(c, sl) ^ k[0];
                d = SL(d, sl) ^ k[0];
                k++;
                a = SH(a, sh) ^ k[0];
                b = SH(b, sh) ^ k[0];
                c = SH(c, sh) ^ k[0];
                d = SH(d, sh) ^ k[0];
            }

            ulong last = k[1], final = k[2];
            BigEndian.Write64(dst, S(SL(a, sl) ^ last, s) ^ final);
            BigEndian.Write64(dst + 8, S(SL(b, sl) ^ last, s) ^ final);
            BigEndian.Write64(dst + 16, S(SL(c, sl) ^ last, s) ^ final);
            BigEndian.Write64(dst + 24, S(SL(d, sl) ^ last, s) ^ final);
        }

        for (; blocks > 0; blocks--, src += 8, dst += 8)
        {
            ulong* k = keys;
            ulong x = BigEndian.Read64(src) ^ k[0];
            for (int t = 1; t < Rounds; t++, k += 2)
            {
                x = SH(SL(x, sl) ^ k[1], sh) ^ k[2];
            }

            BigEndian.Write64(dst, S(SL(x, sl) ^ k[1], s) ^ k[2]);
        }
    }

    /// <summary>S then MDS_L on both groups: four lookups in the merged tables per group.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong SL(ulong x, uint* sl)
    {
        uint high = sl[x >> 56] ^ sl[0x100 + (byte)(x >> 48)] ^ sl[0x200 + (byte)(x >> 40)] ^ sl[0x300 + (byte)(x >> 32)];
        uint low = sl[(byte)(x >> 24)] ^ sl[0x100 + (byte)(x >> 16)] ^ sl[0x200 + (byte)(x >> 8)] ^ sl[0x300 + (byte)x];
        return ((ulong)high << 32) | low;
    }

    /// <summary>S then MDS_H: one lookup per byte in the merged tables.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong SH(ulong x, ulong* sh)
        => sh[x >> 56] ^ sh[0x100 + (byte)(x >> 48)] ^ sh[0x200 + (byte)(x >> 40)] ^ sh[0x300 + (byte)(x >> 32)]
            ^ sh[0x400 + (byte)(x >> 24)] ^ sh[0x500 + (byte)(x >> 16)] ^ sh[0x600 + (byte)(x >> 8)] ^ sh[0x700 + (byte)x];

    /// <summary>3.3.3 S alone (the last round): the s-box on every byte.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong S(ulong x, byte* s)
        => ((ulong)s[x >> 56] << 56) | ((ulong)s[(byte)(x >> 48)] << 48) | ((ulong)s[(byte)(x >> 40)] << 40) | ((ulong)s[(byte)(x >> 32)] << 32)
            | ((ulong)s[(byte)(x >> 24)] << 24) | ((ulong)s[(byte)(x >> 16)] << 16) | ((ulong)s[(byte)(x >> 8)] << 8) | s[(byte)x];
}

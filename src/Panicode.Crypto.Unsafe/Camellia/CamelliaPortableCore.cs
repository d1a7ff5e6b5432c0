using System;
using System.Buffers.Binary;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using Panicode.Crypto.Camellia;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Modes;
using Panicode.Crypto.Unsafe.Internal;
using Memory = System.Runtime.CompilerServices.Unsafe;

namespace Panicode.Crypto.Unsafe.Camellia;

/// <summary>
/// Camellia, Unsafe flavour (RFC 3713 §2.3 data randomizing, §2.4 F/FL/FL^-1; key schedule, FL/FL^-1 and
/// the combined S/P tables from the Reference assembly's <see cref="CamelliaCore"/>). Techniques of
/// Oikawa et al. (SCIS 2008, §3) and of the CRYPTREC 64-bit study (seed 001, §2.2): 64-bit
/// processing units, the F-function as eight lookups in 64-bit S/P tables, those tables in
/// unmanaged memory read through a pointer passed as an argument (no bounds checks), bytes taken
/// with <c>(byte)</c> casts, two blocks in flight, and one loop over all blocks of a call with the key
/// schedule pinned once.
/// </summary>
internal sealed unsafe class CamelliaPortableCore : BlockCipher
{
    // The eight 256-entry S/P tables (SP[256 * i + x]) copied once into unmanaged memory.
    private static readonly ulong* s_sp = CopyTables();

    private readonly ulong[] _encryptionKeys;
    private readonly ulong[] _decryptionKeys;

    public CamelliaPortableCore(ReadOnlySpan<byte> key)
        : base(16)
    {
        Debug.Assert(key.Length is 16 or 24 or 32);
        _encryptionKeys = CamelliaCore.ExpandKey(key);
        _decryptionKeys = CamelliaCore.ReverseSchedule(_encryptionKeys);
    }

    protected override void EncryptCore(ReadOnlySpan<byte> source, Span<byte> destination) =>
        Crypt(source, destination, _encryptionKeys);

    protected override void DecryptCore(ReadOnlySpan<byte> source, Span<byte> destination) =>
        Crypt(source, destination, _decryptionKeys);

    protected override void ClearKeySchedule()
    {
        Secret.Clear(_encryptionKeys);
        Secret.Clear(_decryptionKeys);
    }

    private static ulong* CopyTables()
    {
        ReadOnlySpan<ulong> tables = CamelliaCore.SpTable;
        ulong* block = (ulong*)NativeMemoryBlock.AllocateAligned(tables.Length * sizeof(ulong));
        tables.CopyTo(new Span<ulong>(block, tables.Length));
        return block;
    }

    private static void Crypt(ReadOnlySpan<byte> source, Span<byte> destination, ulong[] keys)
    {
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (ulong* k = keys)
        {
            Crypt(src, dst, source.Length / 16, k, keys.Length, s_sp);
        }
    }

    // Subkey layout as in CamelliaCore: kw1, kw2, six round keys, ke pair, six, ke pair, six, [ke pair, six,] kw3, kw4.
    // Each F depends on the one before, so a lone block leaves the load ports idle while lookups are in
    // flight; two independent blocks interleaved round by round fill them. An odd last block goes
    // through as both lanes (its latency is that of one block) and is written once.
    private static void Crypt(byte* src, byte* dst, int blocks, ulong* keys, int keyCount, ulong* sp)
    {
        ulong* postWhitening = keys + keyCount - 2;
        for (; blocks > 0; blocks -= 2, src += 32, dst += 32)
        {
            int second = blocks >= 2 ? 16 : 0;
            ulong a1 = ReadBigEndian(src) ^ keys[0];
            ulong a2 = ReadBigEndian(src + 8) ^ keys[1];
            ulong b1 = ReadBigEndian(src + second) ^ keys[0];
            ulong b2 = ReadBigEndian(src + second + 8) ^ keys[1];
            ulong* k = keys + 2;
            while (true)
            {
                for (int i = 0; i < 6; i += 2)
                {
                    a2 ^= F(a1 ^ k[i], sp);
                    b2 ^= F(b1 ^ k[i], sp);
                    a1 ^= F(a2 ^ k[i + 1], sp);
                    b1 ^= F(b2 ^ k[i + 1], sp);
                }

                k += 6;
                if (k == postWhitening)
                {
                    break;
                }

                a1 = CamelliaCore.FL(a1, k[0]);
                b1 = CamelliaCore.FL(b1, k[0]);
                a2 = CamelliaCore.FLInverse(a2, k[1]);
                b2 = CamelliaCore.FLInverse(b2, k[1]);
                k += 2;
            }

            // C = D2 || D1 (RFC 3713 §2.3.1 post-whitening). Both lanes were read before any write, so in place works.
            WriteBigEndian(dst + second, b2 ^ postWhitening[0]);
            WriteBigEndian(dst + second + 8, b1 ^ postWhitening[1]);
            WriteBigEndian(dst, a2 ^ postWhitening[0]);
            WriteBigEndian(dst + 8, a1 ^ postWhitening[1]);
        }
    }

    // RFC 3713 §2.4.1: P(S(x)) as the XOR of eight table entries, one per input byte (t1 is the high byte).
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong F(ulong x, ulong* sp) =>
        sp[x >> 56]
        ^ sp[0x100 + (byte)(x >> 48)]
        ^ sp[0x200 + (byte)(x >> 40)]
        ^ sp[0x300 + (byte)(x >> 32)]
        ^ sp[0x400 + (byte)(x >> 24)]
        ^ sp[0x500 + (byte)(x >> 16)]
        ^ sp[0x600 + (byte)(x >> 8)]
        ^ sp[0x700 + (byte)x];

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong ReadBigEndian(byte* p)
    {
        ulong value = Memory.ReadUnaligned<ulong>(p);
        return BitConverter.IsLittleEndian ? BinaryPrimitives.ReverseEndianness(value) : value;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void WriteBigEndian(byte* p, ulong value) =>
        Memory.WriteUnaligned(p, BitConverter.IsLittleEndian ? BinaryPrimitives.ReverseEndianness(value) : value);
}

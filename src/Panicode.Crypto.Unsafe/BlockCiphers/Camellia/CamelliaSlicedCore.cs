#if NET
using System;
using System.Diagnostics;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
using System.Threading;
using Panicode.Crypto.BlockCiphers.Camellia;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Modes;
using Panicode.Crypto.Unsafe.Internal;
using X86Aes = System.Runtime.Intrinsics.X86.Aes;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Camellia;

/// <summary>Which instructions compute the s-boxes of <see cref="CamelliaSlicedCore"/>.</summary>
internal enum CamelliaSBoxUnit
{
    /// <summary>GF2P8AFFINEQB and GF2P8AFFINEINVQB: two instructions per s-box register.</summary>
    Gfni,

    /// <summary>AESENCLAST (SubBytes) between PSHUFB nibble-table affine maps, for CPUs without GFNI.</summary>
    AesNi,
}

/// <summary>
/// Camellia byte-sliced on x86 vector instructions (RFC 3713 §2.3 data randomizing, §2.4.1 F with the
/// P-function, §2.4.2 FL/FL^-1; key schedule from <see cref="CamelliaKeySchedule"/>, tables from <see cref="CamelliaSpec"/>).
/// A batch of 16 blocks per 128-bit lane (32 or 64 blocks in 256- or 512-bit registers where the CPU has
/// GFNI on them) is transposed so that register j holds byte j of every block; each of the eight F-function byte positions
/// then uses one s-box, which the NTT/Mitsubishi specification (2000) §4.5 writes as an affine map of an
/// inversion in GF(2^8). Mapped to the AES field, s(x) = B·inv(A·x ^ a) ^ b: with GFNI one GF2P8AFFINEQB and
/// one GF2P8AFFINEINVQB per register; with AES-NI, AESENCLAST with a zero round key after an InvShiftRows
/// shuffle gives SubBytes = Aff(inv(·)) (FIPS 197 §5.1.1) and the affine maps around it (Aff^-1 folded into B)
/// are PSHUFB nibble tables. tools/camellia-gfni/derive.py derives every constant from §4.5 and checks it
/// against Tables 4..7. The P-function is 24 XORs of slice registers, FL's 32-bit rotation spans four
/// slices, and the sixteen slices stay in registers through all rounds.
/// <para>
/// There are no tables in memory and no memory access or branch that depends on key or data, so what goes
/// through batches is constant-time, unlike <see cref="CamelliaPortableCore"/> (table lookups). The tail of a
/// call goes through one zero-padded 16-block batch when it has at least <see cref="ISBoxes{TV}.MinPadded"/>
/// blocks (3 with GFNI, 7 with AES-NI, where the padded batch becomes the faster choice); shorter tails and
/// calls, and the key schedule, go to the serial core. In the constant-time form (GFNI only; the Unsafe flavour's
/// choice on GFNI) that is a <see cref="CamelliaGfniSerialCore"/>, one or two blocks through GFNI without tables,
/// and no call of the instance looks anything up. Otherwise it is a <see cref="CamelliaPortableCore"/>, which is not
/// constant-time; through the modes that means the key schedule (F on the key bits), CBC encryption, CFB and OFB in
/// both directions (one block per call), the last (padding) block of a padded one-shot decryption, and calls of
/// fewer than 3 (GFNI) or 7 (AES-NI) blocks use the lookup tables.
/// </para>
/// </summary>
internal sealed unsafe class CamelliaSlicedCore : BlockCipher, ICbcEncryptor, ICtrBatchCore
{
    // From tools/camellia-gfni/derive.py (CamelliaGfniRounds uses them too). GFNI matrix qwords: result bit i = parity(byte [7 - i] & x) ^ constant bit i.
    internal const ulong PreS123 = 0x3E8AD8B52D81A4C5;   // A = phi·M·f (s1, s2, s3)
    internal const ulong PreS4 = 0x1F456CDA96C052E2;     // A·rotl1 (s4)
    internal const byte PreConstant = 0x0B;              // A·0xc5
    internal const ulong PostS14 = 0xC0BA5F8C8DFC1E04;   // B = h·M^-1·phi^-1 (s1, s4)
    internal const ulong PostS2 = 0x04C0BA5F8C8DFC1E;    // rotl1·B
    internal const ulong PostS3 = 0xBA5F8C8DFC1E04C0;    // rotr1·B
    internal const byte PostS14Constant = 0x6E;
    internal const byte PostS2Constant = 0xDC;
    internal const byte PostS3Constant = 0x37;

    // Eight broadcast vectors per subkey (byte 0 = most significant), in CamelliaCore's subkey order.
    // Built at the first call with a batch, not in the constructor: a key change followed by a few blocks (the
    // CRYPTREC init-time measurement, one-block messages, CBC encryption) never needs them, and building them
    // costs several times the key schedule itself (docs/benchmarks.md, "Notes moved from source").
    private Vector128<byte>[]? _encryptionKeys;
    private Vector128<byte>[]? _decryptionKeys;
    // What the batches leave: a table-based CamelliaPortableCore, or in the constant-time form a CamelliaGfniSerialCore
    // (the same object twice: as a core and as its serial CBC loop); _schedule is a copy of its schedule, the _keyCount
    // encryption subkeys first (the GFNI core's mapped subkeys follow them).
    private readonly BlockCipher _serial;
    private readonly ICbcEncryptor _cbc;
    private readonly ulong[] _schedule;
    private readonly int _keyCount;
    private readonly CamelliaSBoxUnit _unit;
    private readonly bool _constantTime;

    // GFNI batches are as wide as the CPU allows: 512 bits (64 blocks, four 16-block lanes), then 256 (32 blocks),
    // then 128: each step up doubles the blocks per instruction (measurements in docs/benchmarks.md). What is left of a call runs through the narrower widths (CBC decryption between
    // separate buffers hands the core the whole message; in place it goes in 512-byte chunks, i.e. 32 blocks).
    private static readonly int s_gfniWidth =
        Gfni.V512.IsSupported && Avx512BW.IsSupported ? 512 : Gfni.V256.IsSupported && Avx2.IsSupported ? 256 : 128;

    public CamelliaSlicedCore(ReadOnlySpan<byte> key, CamelliaSBoxUnit unit)
        : this(key, unit, constantTime: false)
    {
    }

    /// <param name="key">The key (16, 24 or 32 bytes).</param>
    /// <param name="unit">The batches' s-box instructions.</param>
    /// <param name="constantTime">
    /// With GFNI, true sends what the batches leave (and the key schedule) to a <see cref="CamelliaGfniSerialCore"/>
    /// instead of the table-based <see cref="CamelliaPortableCore"/>: then no call does a secret-indexed lookup.
    /// </param>
    public CamelliaSlicedCore(ReadOnlySpan<byte> key, CamelliaSBoxUnit unit, bool constantTime)
        : base(16)
    {
        Debug.Assert(key.Length is 16 or 24 or 32);
        Debug.Assert(IsSupported(unit));
        Debug.Assert(!constantTime || (unit == CamelliaSBoxUnit.Gfni && CamelliaGfniSerialCore.IsSupported));
        _unit = unit;
        _constantTime = constantTime;
        if (constantTime)
        {
            CamelliaGfniSerialCore serial = new(key);
            (_serial, _cbc, _schedule, _keyCount) = (serial, serial, serial.Schedule.ToArray(), serial.SubkeyCount);
        }
        else
        {
            CamelliaPortableCore portable = new(key);
            (_serial, _cbc, _schedule) = (portable, portable, portable.Schedule.ToArray());
            _keyCount = _schedule.Length;
        }
    }

    /// <summary>True when no call of this instance does a table lookup (the constant-time form).</summary>
    public bool IsConstantTime => _constantTime;

    /// <summary>The widest GFNI batch of this process in bits (512, 256 or 128); narrower widths take the remainders.</summary>
    public static int GfniWidth => s_gfniWidth;

    /// <summary>The instructions this instance computes the s-boxes with.</summary>
    public CamelliaSBoxUnit Unit => _unit;

    /// <summary>True where the CPU has the instructions of <paramref name="unit"/> (GFNI, or AES-NI with SSSE3's PSHUFB).</summary>
    public static bool IsSupported(CamelliaSBoxUnit unit) => unit switch
    {
        CamelliaSBoxUnit.Gfni => Gfni.IsSupported,
        _ => X86Aes.IsSupported && Ssse3.IsSupported,
    };

    // No s-box unit pads a tail of fewer blocks than this into a batch (ISBoxes.MinPadded), so such calls go
    // straight to the portable core.
    private const int FewestBatchedBlocks = 3;

    protected override void EncryptCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        int done = source.Length >= 16 * FewestBatchedBlocks
            ? Crypt(source, destination, BroadcastKeys(ref _encryptionKeys, reverse: false))
            : 0;
        if (done < source.Length)
        {
            Serial<ForwardSchedule>(source.Slice(done), destination.Slice(done));
        }
    }

    protected override void DecryptCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        int done = source.Length >= 16 * FewestBatchedBlocks
            ? Crypt(source, destination, BroadcastKeys(ref _decryptionKeys, reverse: true))
            : 0;
        if (done < source.Length)
        {
            Serial<BackwardSchedule>(source.Slice(done), destination.Slice(done));
        }
    }

    // What the batches leave, straight into the serial core's rounds with this core's copy of the schedule: not through
    // the serial core's public Encrypt/Decrypt, whose second argument check and virtual call made a one-block call of
    // the Unsafe flavour slower than the Reference flavour's (docs/benchmarks.md).
    private void Serial<TDirection>(ReadOnlySpan<byte> source, Span<byte> destination)
        where TDirection : struct, ICamelliaDirection
    {
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (ulong* k = _schedule)
        {
            if (_constantTime)
            {
                CamelliaGfniSerialCore.CryptBlocks<TDirection>(src, dst, source.Length / 16, k, _keyCount);
            }
            else
            {
                CamelliaPortableCore.CryptBlocks<TDirection>(src, dst, source.Length / 16, k, _keyCount);
            }
        }
    }

    // CTR (the ICtrBatchCore capability): the counter blocks go through the whole batches as their input, the data is
    // XORed in as each batch is stored; a tail of fewer than 16 blocks is left to Ctr (one padded batch or the serial core).
    int ICtrBatchCore.EncryptXor(ReadOnlySpan<byte> counterBlocks, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        int blocks = source.Length / 16;
        if (blocks < SlicedLanes128.Blocks)
        {
            return 0;
        }

        Vector128<byte>[] keys = BroadcastKeys(ref _encryptionKeys, reverse: false);
        fixed (byte* ctr = counterBlocks)
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (Vector128<byte>* k = keys)
        {
            return 16 * Wide<XoredIntoData>(ctr, src, dst, blocks, k, keys.Length / 8);
        }
    }

    // CBC encryption is serial (the ICbcEncryptor capability): one block at a time, which the serial core does
    // without batching overhead.
    public void EncryptCbc(Span<byte> chain, ReadOnlySpan<byte> source, Span<byte> destination) =>
        _cbc.EncryptCbc(chain, source, destination);

    protected override void ClearKeySchedule()
    {
        Secret.Clear(_encryptionKeys);
        Secret.Clear(_decryptionKeys);
        Secret.Clear(_schedule);
        _serial.Dispose();
    }

    // The broadcast subkeys, built at the first batch (one instance may serve several threads: LazySchedule).
    private Vector128<byte>[] BroadcastKeys(ref Vector128<byte>[]? cache, bool reverse) =>
        Volatile.Read(ref cache) ?? LazySchedule.Publish(ref cache, Broadcast(_schedule.AsSpan(0, _keyCount), reverse));

    // Eight broadcast bytes per subkey, in encryption order or in CamelliaSpec.ReverseSchedule's decryption order.
    private static Vector128<byte>[] Broadcast(ReadOnlySpan<ulong> schedule, bool reverse)
    {
        ulong[] copy = schedule.ToArray();
        ulong[] subkeys = reverse ? CamelliaSpec.ReverseSchedule(copy) : copy;
        Vector128<byte>[] broadcast = new Vector128<byte>[8 * subkeys.Length];
        for (int i = 0; i < broadcast.Length; i++)
        {
            broadcast[i] = Vector128.Create((byte)(subkeys[i / 8] >> (56 - (8 * (i % 8)))));
        }

        Secret.Clear(copy);
        Secret.Clear(subkeys);
        return broadcast;
    }

    /// <summary>Runs the batches of a call; returns the bytes done, the rest (a short tail) is for the portable core.</summary>
    private int Crypt(ReadOnlySpan<byte> source, Span<byte> destination, Vector128<byte>[] keys)
    {
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (Vector128<byte>* k = keys)
        {
            int blocks = source.Length / 16;
            int keyCount = keys.Length / 8;
            if (_unit == CamelliaSBoxUnit.AesNi)
            {
                return 16 * Narrow<AesNiSBoxes>(src, dst, blocks, k, keyCount);
            }

            int done = Wide<Stored>(src, null, dst, blocks, k, keyCount);
            return 16 * (done + Narrow<GfniSBoxes128>(src + (16 * done), dst + (16 * done), blocks - done, k, keyCount));
        }
    }

    /// <summary>
    /// Whole batches at the widths this process has (512, 256, then 128 bits; 16-block batches with AES-NI s-boxes) of
    /// the blocks at <paramref name="src"/>, each batch XORed with the blocks at <paramref name="data"/> as it is stored
    /// unless that is null; returns the blocks done.
    /// </summary>
    private int Wide<TOutput>(byte* src, byte* data, byte* dst, int blocks, Vector128<byte>* k, int keyCount)
        where TOutput : struct, IBatchOutput
    {
        if (_unit == CamelliaSBoxUnit.AesNi)
        {
            return Batches<SlicedLanes128, AesNiSBoxes, Vector128<byte>, TOutput>(src, data, dst, blocks, k, keyCount);
        }

        int done = s_gfniWidth == 512 ? Batches<SlicedLanes512, GfniSBoxes512, Vector512<byte>, TOutput>(src, data, dst, blocks, k, keyCount) : 0;
        done += s_gfniWidth >= 256 ? Batches<SlicedLanes256, GfniSBoxes256, Vector256<byte>, TOutput>(src + (16 * done), Offset(data, done), dst + (16 * done), blocks - done, k, keyCount) : 0;
        return done + Batches<SlicedLanes128, GfniSBoxes128, Vector128<byte>, TOutput>(src + (16 * done), Offset(data, done), dst + (16 * done), blocks - done, k, keyCount);
    }

    private static byte* Offset(byte* data, int blocks) => data == null ? null : data + (16 * blocks);

    /// <summary>16-block batches, then a tail of MinPadded blocks or more through one zero-padded batch; returns the blocks done.</summary>
    private static int Narrow<TSBoxes>(byte* src, byte* dst, int blocks, Vector128<byte>* keys, int keyCount)
        where TSBoxes : struct, ISBoxes<Vector128<byte>>
    {
        int done = Batches<SlicedLanes128, TSBoxes, Vector128<byte>, Stored>(src, null, dst, blocks, keys, keyCount);
        int rest = blocks - done;
        if (rest < TSBoxes.MinPadded)
        {
            return done;
        }

        Span<byte> buffer = stackalloc byte[16 * SlicedLanes128.Blocks];   // stackalloc bound: Blocks is the constant 16
        fixed (byte* b = buffer)
        {
            new ReadOnlySpan<byte>(src + (16 * done), 16 * rest).CopyTo(buffer);
            Batch<SlicedLanes128, TSBoxes, Vector128<byte>, Stored>(b, null, b, keys, keyCount);
            buffer.Slice(0, 16 * rest).CopyTo(new Span<byte>(dst + (16 * done), 16 * rest));
        }

        Secret.Clear(buffer);
        return blocks;
    }

    /// <summary>Whole batches (each XORed with <paramref name="data"/> as it is stored, unless null); returns the number of blocks done.</summary>
    private static int Batches<TLanes, TSBoxes, TV, TOutput>(byte* src, byte* data, byte* dst, int blocks, Vector128<byte>* keys, int keyCount)
        where TLanes : struct, ISlicedLanes<TV>
        where TSBoxes : struct, ISBoxes<TV>
        where TV : unmanaged
        where TOutput : struct, IBatchOutput
    {
        int batches = blocks / TLanes.Blocks;
        for (int i = 0; i < batches; i++)
        {
            Batch<TLanes, TSBoxes, TV, TOutput>(src + (i * 16 * TLanes.Blocks), Offset(data, i * TLanes.Blocks), dst + (i * 16 * TLanes.Blocks), keys, keyCount);
        }

        return batches * TLanes.Blocks;
    }

    // Subkey layout as in CamelliaCore: kw1, kw2, six round keys, ke pair, six, ke pair, six, [ke pair, six,] kw3, kw4;
    // eight vectors each. s0..s7 is D1 (t1..t8 of its F input), s8..s15 is D2; all stay in registers.
    private static void Batch<TLanes, TSBoxes, TV, TOutput>(byte* src, byte* data, byte* dst, Vector128<byte>* keys, int keyCount)
        where TLanes : struct, ISlicedLanes<TV>
        where TSBoxes : struct, ISBoxes<TV>
        where TV : unmanaged
        where TOutput : struct, IBatchOutput
    {
        SlicedLanes.LoadTransposed<TLanes, TV>(
            src, out TV s0, out TV s1, out TV s2, out TV s3, out TV s4, out TV s5, out TV s6, out TV s7,
            out TV s8, out TV s9, out TV s10, out TV s11, out TV s12, out TV s13, out TV s14, out TV s15);
        Whiten<TLanes, TV>(ref s0, ref s1, ref s2, ref s3, ref s4, ref s5, ref s6, ref s7, keys);
        Whiten<TLanes, TV>(ref s8, ref s9, ref s10, ref s11, ref s12, ref s13, ref s14, ref s15, keys + 8);

        Vector128<byte>* k = keys + 16;
        Vector128<byte>* postWhitening = keys + (8 * (keyCount - 2));
        while (true)
        {
            for (int i = 0; i < 3; i++, k += 16)
            {
                Round<TLanes, TSBoxes, TV>(s0, s1, s2, s3, s4, s5, s6, s7, ref s8, ref s9, ref s10, ref s11, ref s12, ref s13, ref s14, ref s15, k);
                Round<TLanes, TSBoxes, TV>(s8, s9, s10, s11, s12, s13, s14, s15, ref s0, ref s1, ref s2, ref s3, ref s4, ref s5, ref s6, ref s7, k + 8);
            }

            if (k == postWhitening)
            {
                break;
            }

            // FL on D1: X2 ^= (X1 & KL1) <<< 1; X1 ^= X2 | KL2. FL^-1 on D2: Y1 ^= Y2 | KL2; Y2 ^= (Y1 & KL1) <<< 1.
            RotateAndMix<TLanes, TV>(s0, s1, s2, s3, ref s4, ref s5, ref s6, ref s7, k);
            OrAndMix<TLanes, TV>(s4, s5, s6, s7, ref s0, ref s1, ref s2, ref s3, k + 4);
            OrAndMix<TLanes, TV>(s12, s13, s14, s15, ref s8, ref s9, ref s10, ref s11, k + 12);
            RotateAndMix<TLanes, TV>(s8, s9, s10, s11, ref s12, ref s13, ref s14, ref s15, k + 8);
            k += 16;
        }

        // C = (D2 ^ kw3) || (D1 ^ kw4): whiten, then transpose back with the halves swapped.
        Whiten<TLanes, TV>(ref s8, ref s9, ref s10, ref s11, ref s12, ref s13, ref s14, ref s15, k);
        Whiten<TLanes, TV>(ref s0, ref s1, ref s2, ref s3, ref s4, ref s5, ref s6, ref s7, k + 8);
        TOutput.Store<TLanes, TV>(dst, data, s8, s9, s10, s11, s12, s13, s14, s15, s0, s1, s2, s3, s4, s5, s6, s7);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Whiten<TLanes, TV>(ref TV x0, ref TV x1, ref TV x2, ref TV x3, ref TV x4, ref TV x5, ref TV x6, ref TV x7, Vector128<byte>* k)
        where TLanes : struct, ISlicedLanes<TV>
        where TV : unmanaged
    {
        SlicedLanes.XorKeyWord<TLanes, TV>(ref x0, ref x1, ref x2, ref x3, k);
        SlicedLanes.XorKeyWord<TLanes, TV>(ref x4, ref x5, ref x6, ref x7, k + 4);
    }

    // RFC 3713 §2.4.1: y ^= P(S(x ^ k)). The s-boxes by position are s1, s2, s3, s4, s2, s3, s4, s1.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Round<TLanes, TSBoxes, TV>(
        TV x0, TV x1, TV x2, TV x3, TV x4, TV x5, TV x6, TV x7,
        ref TV y0, ref TV y1, ref TV y2, ref TV y3, ref TV y4, ref TV y5, ref TV y6, ref TV y7,
        Vector128<byte>* k)
        where TLanes : struct, ISlicedLanes<TV>
        where TSBoxes : struct, ISBoxes<TV>
        where TV : unmanaged
    {
        TV t0 = TSBoxes.SBox(TLanes.Xor(x0, TLanes.Key(k)), 1);
        TV t1 = TSBoxes.SBox(TLanes.Xor(x1, TLanes.Key(k + 1)), 2);
        TV t2 = TSBoxes.SBox(TLanes.Xor(x2, TLanes.Key(k + 2)), 3);
        TV t3 = TSBoxes.SBox(TLanes.Xor(x3, TLanes.Key(k + 3)), 4);
        TV t4 = TSBoxes.SBox(TLanes.Xor(x4, TLanes.Key(k + 4)), 2);
        TV t5 = TSBoxes.SBox(TLanes.Xor(x5, TLanes.Key(k + 5)), 3);
        TV t6 = TSBoxes.SBox(TLanes.Xor(x6, TLanes.Key(k + 6)), 4);
        TV t7 = TSBoxes.SBox(TLanes.Xor(x7, TLanes.Key(k + 7)), 1);

        // The P-function in 16 XORs (checked by derive.py): afterwards t4..t7 = y1..y4 and t0..t3 = y5..y8.
        t0 = TLanes.Xor(t0, t5);
        t1 = TLanes.Xor(t1, t6);
        t2 = TLanes.Xor(t2, t7);
        t3 = TLanes.Xor(t3, t4);
        t4 = TLanes.Xor(t4, t2);
        t5 = TLanes.Xor(t5, t3);
        t6 = TLanes.Xor(t6, t0);
        t7 = TLanes.Xor(t7, t1);
        t0 = TLanes.Xor(t0, t7);
        t1 = TLanes.Xor(t1, t4);
        t2 = TLanes.Xor(t2, t5);
        t3 = TLanes.Xor(t3, t6);
        y0 = TLanes.Xor(y0, TLanes.Xor(t4, t3));
        y1 = TLanes.Xor(y1, TLanes.Xor(t5, t0));
        y2 = TLanes.Xor(y2, TLanes.Xor(t6, t1));
        y3 = TLanes.Xor(y3, TLanes.Xor(t7, t2));
        y4 = TLanes.Xor(y4, t0);
        y5 = TLanes.Xor(y5, t1);
        y6 = TLanes.Xor(y6, t2);
        y7 = TLanes.Xor(y7, t3);
    }

    // RFC 3713 §2.4.2: to ^= (from & k) <<< 1 on a 32-bit word held as four slices (most significant first):
    // byte i of the rotation is (b[i] << 1) | (b[i + 1] >> 7), b[4] being b[0].
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void RotateAndMix<TLanes, TV>(TV from0, TV from1, TV from2, TV from3, ref TV to0, ref TV to1, ref TV to2, ref TV to3, Vector128<byte>* k)
        where TLanes : struct, ISlicedLanes<TV>
        where TV : unmanaged
    {
        TV b0 = TLanes.And(from0, TLanes.Key(k));
        TV b1 = TLanes.And(from1, TLanes.Key(k + 1));
        TV b2 = TLanes.And(from2, TLanes.Key(k + 2));
        TV b3 = TLanes.And(from3, TLanes.Key(k + 3));
        to0 = TLanes.Xor(to0, TLanes.RotateCarry(b0, b1));
        to1 = TLanes.Xor(to1, TLanes.RotateCarry(b1, b2));
        to2 = TLanes.Xor(to2, TLanes.RotateCarry(b2, b3));
        to3 = TLanes.Xor(to3, TLanes.RotateCarry(b3, b0));
    }

    // to ^= from | k on four slices.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void OrAndMix<TLanes, TV>(TV from0, TV from1, TV from2, TV from3, ref TV to0, ref TV to1, ref TV to2, ref TV to3, Vector128<byte>* k)
        where TLanes : struct, ISlicedLanes<TV>
        where TV : unmanaged
    {
        to0 = TLanes.Xor(to0, TLanes.Or(from0, TLanes.Key(k)));
        to1 = TLanes.Xor(to1, TLanes.Or(from1, TLanes.Key(k + 1)));
        to2 = TLanes.Xor(to2, TLanes.Or(from2, TLanes.Key(k + 2)));
        to3 = TLanes.Xor(to3, TLanes.Or(from3, TLanes.Key(k + 3)));
    }

    /// <summary>The four s-boxes on every byte of a register.</summary>
    private interface ISBoxes<TV>
        where TV : unmanaged
    {
        /// <summary>
        /// The fewest blocks for which one zero-padded 16-block batch beats the portable core (measured at the
        /// core; the run is in docs/benchmarks.md, "Notes moved from source").
        /// </summary>
        static abstract int MinPadded { get; }

        /// <summary>s1, s2, s3 or s4 (<paramref name="sbox"/> = 1..4, a constant after inlining) of every byte.</summary>
        static abstract TV SBox(TV x, [ConstantExpected(Min = 1, Max = 4)] int sbox);
    }

    // B·inv(A·x ^ PreConstant) ^ b; s4 differs in A, s2 and s3 in B and b.
    private readonly struct GfniSBoxes128 : ISBoxes<Vector128<byte>>
    {
        public static int MinPadded => 3;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Vector128<byte> SBox(Vector128<byte> x, [ConstantExpected(Min = 1, Max = 4)] int sbox)
        {
            Vector128<byte> u = Gfni.GaloisFieldAffineTransform(x, Vector128.Create(sbox == 4 ? PreS4 : PreS123).AsByte(), PreConstant);
            return sbox switch
            {
                2 => Gfni.GaloisFieldAffineTransformInverse(u, Vector128.Create(PostS2).AsByte(), PostS2Constant),
                3 => Gfni.GaloisFieldAffineTransformInverse(u, Vector128.Create(PostS3).AsByte(), PostS3Constant),
                _ => Gfni.GaloisFieldAffineTransformInverse(u, Vector128.Create(PostS14).AsByte(), PostS14Constant),
            };
        }
    }

    private readonly struct GfniSBoxes256 : ISBoxes<Vector256<byte>>
    {
        public static int MinPadded => 3;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Vector256<byte> SBox(Vector256<byte> x, [ConstantExpected(Min = 1, Max = 4)] int sbox)
        {
            Vector256<byte> u = Gfni.V256.GaloisFieldAffineTransform(x, Vector256.Create(sbox == 4 ? PreS4 : PreS123).AsByte(), PreConstant);
            return sbox switch
            {
                2 => Gfni.V256.GaloisFieldAffineTransformInverse(u, Vector256.Create(PostS2).AsByte(), PostS2Constant),
                3 => Gfni.V256.GaloisFieldAffineTransformInverse(u, Vector256.Create(PostS3).AsByte(), PostS3Constant),
                _ => Gfni.V256.GaloisFieldAffineTransformInverse(u, Vector256.Create(PostS14).AsByte(), PostS14Constant),
            };
        }
    }

    // PSHUFB nibble tables from derive.py as (bytes 0..7, bytes 8..15), little-endian: pre(x) = A·x ^ a and
    // post(w) = B·inv(SubBytes^-1(w)) ^ b, so post(SubBytes(pre(x))) = s(x).
    private readonly struct AesNiSBoxes : ISBoxes<Vector128<byte>>
    {
        public static int MinPadded => 7;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Vector128<byte> SBox(Vector128<byte> x, [ConstantExpected(Min = 1, Max = 4)] int sbox)
        {
            Vector128<byte> u = sbox == 4
                ? Nibbles(x, Vector128.Create(0xC6C51F1CD1D2080BUL, 0xCBC81211DCDF0506UL), Vector128.Create(0x336AB7EEDD845900UL, 0x8BD20F56653CE1B8UL))
                : Nibbles(x, Vector128.Create(0x69D16AD2B008B30BUL, 0x7EC67DC5A71FA41CUL), Vector128.Create(0xD0DD898454590D00UL, 0x3E33676ABAB7E3EEUL));

            // AESENCLAST applies ShiftRows then SubBytes; shuffling by InvShiftRows first leaves every byte in place.
            Vector128<byte> invShiftRows = Vector128.Create(0x0B0E0104070A0D00UL, 0x0306090C0F020508UL).AsByte();
            Vector128<byte> w = X86Aes.EncryptLast(Ssse3.Shuffle(u, invShiftRows), Vector128<byte>.Zero);
            return sbox switch
            {
                2 => Nibbles(w, Vector128.Create(0xE4DEA79D744E370DUL, 0xEED4AD977E443D07UL), Vector128.Create(0x63A8FD36559ECB00UL, 0xF63D68A3C00B5E95UL)),
                3 => Nibbles(w, Vector128.Create(0x39B7E9671D93CD43UL, 0xBB356BE59F114FC1UL), Vector128.Create(0xD82A7F8D55A7F200UL, 0xBD4F1AE830C29765UL)),
                _ => Nibbles(w, Vector128.Create(0x726FD3CE3A279B86UL, 0x776AD6CB3F229E83UL), Vector128.Create(0xB154FE1BAA4FE500UL, 0x7B9E34D160852FCAUL)),
            };
        }

        // low[x & 15] ^ high[x >> 4] in every byte.
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static Vector128<byte> Nibbles(Vector128<byte> x, Vector128<ulong> low, Vector128<ulong> high)
        {
            Vector128<byte> mask = Vector128.Create((byte)0x0F);
            return Ssse3.Shuffle(low.AsByte(), x & mask) ^ Ssse3.Shuffle(high.AsByte(), Vector128.ShiftRightLogical(x.AsUInt16(), 4).AsByte() & mask);
        }
    }

    private readonly struct GfniSBoxes512 : ISBoxes<Vector512<byte>>
    {
        public static int MinPadded => 3;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Vector512<byte> SBox(Vector512<byte> x, [ConstantExpected(Min = 1, Max = 4)] int sbox)
        {
            Vector512<byte> u = Gfni.V512.GaloisFieldAffineTransform(x, Vector512.Create(sbox == 4 ? PreS4 : PreS123).AsByte(), PreConstant);
            return sbox switch
            {
                2 => Gfni.V512.GaloisFieldAffineTransformInverse(u, Vector512.Create(PostS2).AsByte(), PostS2Constant),
                3 => Gfni.V512.GaloisFieldAffineTransformInverse(u, Vector512.Create(PostS3).AsByte(), PostS3Constant),
                _ => Gfni.V512.GaloisFieldAffineTransformInverse(u, Vector512.Create(PostS14).AsByte(), PostS14Constant),
            };
        }
    }
}
#endif

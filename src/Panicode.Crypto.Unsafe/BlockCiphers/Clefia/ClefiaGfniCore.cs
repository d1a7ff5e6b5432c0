#if NET
using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using Memory = System.Runtime.CompilerServices.Unsafe;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
using System.Threading;
using Panicode.Crypto.BlockCiphers.Clefia;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Modes;
using Panicode.Crypto.Unsafe.Internal;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Clefia;

/// <summary>
/// CLEFIA byte-sliced on GFNI (RFC 6114 §4.1 GFN_{4,r}/GFNINV_{4,r}, §4.2 F0/F1, §4.3 S-boxes, §4.4 M0/M1, §5.1
/// whitening; key schedule from the Reference <see cref="ClefiaCore"/>). A batch of 16 blocks per 128-bit lane (32 or
/// 64 in 256- or 512-bit registers where the CPU has GFNI on them) is transposed so that register j holds byte j of
/// every block (<see cref="SlicedLanes"/>). S1 is an affine map of an inversion in GF(2^8)/0x11d (Shirai et al., FSE
/// 2007, §2.4.2); mapped to the AES field it is one GF2P8AFFINEQB and one GF2P8AFFINEINVQB. S0 is built from four
/// 4-bit S-boxes and a multiplication in GF(2^4) (§2.4.1): six PSHUFB nibble lookups. M0 and M1 are Hadamard-type
/// matrices, y_i = sum_j c[i ^ j] s_j, so y0 = s0 ^ P(s1 ^ s3) ^ Q(s2 ^ s3), y1 = s1 ^ P(s0 ^ s2) ^ Q(s2 ^ s3),
/// y2 = s2 ^ P(s1 ^ s3) ^ Q(s0 ^ s1), y3 = s3 ^ P(s0 ^ s2) ^ Q(s0 ^ s1) with (P, Q) = (2, 4) for M0 and (8, 2) for
/// M1: four constant multiplications, each a GF2P8AFFINEQB. tools/clefia-gfni/derive.py derives every constant from
/// RFC 6114's tables and checks it on all 256 inputs.
/// <para>
/// There are no tables in memory and no memory access or branch that depends on key or data in a batch. A tail of
/// at least <see cref="FewestPaddedBlocks"/> blocks goes through one zero-padded 16-block batch; shorter tails and
/// calls, CBC encryption (serial) and the key schedule use <see cref="ClefiaPortableCore"/>, which looks up tables
/// and is not constant-time.
/// </para>
/// </summary>
internal sealed unsafe class ClefiaGfniCore : BlockCipher, ICbcEncryptor, ICtrBatchCore
{
    // From tools/clefia-gfni/derive.py. GFNI matrix qwords: result bit i = parity(byte [7 - i] & x) ^ constant bit i.
    private const ulong PreS1 = 0x23E49A7A821EF048;     // A = phi F (f's linear part mapped into the AES field)
    private const byte PreS1Constant = 0x37;            // phi(f's constant)
    private const ulong PostS1 = 0x0B1516CA2805197B;    // B = G phi^-1
    private const byte PostS1Constant = 0x69;           // g's constant
    private const ulong Times2 = 0x8001828488102040;    // x -> 2x in GF(2^8)/0x11d
    private const ulong Times4 = 0x408041C2C4881020;    // x -> 4x
    private const ulong Times8 = 0x2040A061E2C48810;    // x -> 8x

    // PSHUFB tables (bytes 0..7, bytes 8..15 as little-endian qwords): SS0, 2 SS0, SS1, 2 SS1 (in GF(2^4)), SS2 << 4, SS3.
    private const ulong Ss0Low = 0x0F0207080A0C060E, Ss0High = 0x030D09050004010B;
    private const ulong Ss0Times2Low = 0x0D040E03070B0C0F, Ss0Times2High = 0x0609010A00080205;
    private const ulong Ss1Low = 0x030A0B020D000406, Ss1High = 0x010507080F0E0C09;
    private const ulong Ss1Times2Low = 0x060705040900080C, Ss1Times2High = 0x020A0E030D0F0B01;
    private const ulong Ss2ShiftedLow = 0xC04060A0E05080B0, Ss2ShiftedHigh = 0x90D00010302070F0;
    private const ulong Ss3Low = 0x0E0504030D06020A, Ss3High = 0x010C0F0B09080700;

    // ClefiaTailBenchmarks (docs/benchmarks.md): one 16-block batch took 0.6-1.5 times one portable block, so from two
    // blocks on a zero-padded batch is the faster way.
    private const int FewestPaddedBlocks = 2;

    // S0 as four 64-byte quarters, for the 512-bit path's VPERMI2B lookups (AVX-512 VBMI).
    private static readonly Vector512<byte> s_s0Quarter0 = Vector512.Create(ClefiaSpec.S0.Slice(0, 64));
    private static readonly Vector512<byte> s_s0Quarter1 = Vector512.Create(ClefiaSpec.S0.Slice(64, 64));
    private static readonly Vector512<byte> s_s0Quarter2 = Vector512.Create(ClefiaSpec.S0.Slice(128, 64));
    private static readonly Vector512<byte> s_s0Quarter3 = Vector512.Create(ClefiaSpec.S0.Slice(192, 64));

    private static readonly int s_width =
        Gfni.V512.IsSupported && Avx512BW.IsSupported ? 512 : Gfni.V256.IsSupported && Avx2.IsSupported ? 256 : 128;

    private readonly ClefiaPortableCore _portable;

    // Four broadcast bytes per key word (WK0..WK3, RK_0..), built at the first batch: a key used for a few blocks
    // (one-block messages, CBC encryption, key-setup measurements) never needs them.
    private Vector128<byte>[]? _keys;

    public ClefiaGfniCore(ReadOnlySpan<byte> key)
        : base(16)
    {
        Debug.Assert(key.Length is 16 or 24 or 32);
        Debug.Assert(IsSupported);
        _portable = new ClefiaPortableCore(key);
    }

    /// <summary>True where the CPU has GFNI and SSSE3 (PSHUFB).</summary>
    public static bool IsSupported => Gfni.IsSupported && Ssse3.IsSupported;

    protected override void EncryptCore(ReadOnlySpan<byte> source, Span<byte> destination) => Crypt<Encryption>(source, destination);

    protected override void DecryptCore(ReadOnlySpan<byte> source, Span<byte> destination) => Crypt<Decryption>(source, destination);

    // CTR (the ICtrBatchCore capability): the counter blocks go through the whole batches as their input, the data is
    // XORed in as each batch is stored; a tail of fewer than 16 blocks is left to Ctr (one padded batch or the portable core).
    int ICtrBatchCore.EncryptXor(ReadOnlySpan<byte> counterBlocks, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        if (source.Length < 16 * SlicedLanes128.Blocks)
        {
            return 0;
        }

        fixed (byte* ctr = counterBlocks)
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (Vector128<byte>* k = BroadcastKeys())
        {
            return 16 * Wide<Encryption, XoredIntoData>(ctr, src, dst, source.Length / 16, k, Rounds);
        }
    }

    // CBC encryption is serial (the ICbcEncryptor capability): one block at a time, which the portable core does
    // without batching overhead.
    public void EncryptCbc(Span<byte> chain, ReadOnlySpan<byte> source, Span<byte> destination) =>
        Cbc.Encrypt(_portable, chain, source, destination);

    protected override void ClearKeySchedule()
    {
        Secret.Clear(_keys);
        _portable.Dispose();
    }

    // The direction is a type argument, not a flag: each direction gets its own compiled batch loop. As one method with a
    // flag, dynamic PGO saw only the direction run first and compiled the other as cold code (docs/benchmarks.md: decryption at
    // 0.2 GB/s against 2.8 for encryption in the evaluation, which encrypts first).
    private void Crypt<TDirection>(ReadOnlySpan<byte> source, Span<byte> destination)
        where TDirection : struct, ICipherDirection
    {
        int done = source.Length >= 16 * FewestPaddedBlocks ? Batches<TDirection>(source, destination) : 0;
        if (done < source.Length)
        {
            // Straight into the portable rounds, not through its public Encrypt/Decrypt: a one-block call would pay a
            // second argument check and virtual call (docs/benchmarks.md, the 16-byte calls).
            _portable.CryptBlocks<TDirection>(source.Slice(done), destination.Slice(done));
        }
    }

    // The whole batches of a call and one zero-padded batch for a tail of at least FewestPaddedBlocks; returns the bytes
    // done. Not inlined, so that a call too short for a batch does not pin buffers or clear a stack buffer.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private int Batches<TDirection>(ReadOnlySpan<byte> source, Span<byte> destination)
        where TDirection : struct, ICipherDirection
    {
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (Vector128<byte>* k = BroadcastKeys())
        {
            int blocks = source.Length / 16;
            int rounds = Rounds;
            int n = Wide<TDirection, Stored>(src, null, dst, blocks, k, rounds);
            int rest = blocks - n;
            if (rest >= FewestPaddedBlocks)
            {
                Span<byte> buffer = stackalloc byte[16 * SlicedLanes128.Blocks];   // stackalloc bound: Blocks is the constant 16
                fixed (byte* b = buffer)
                {
                    new ReadOnlySpan<byte>(src + (16 * n), 16 * rest).CopyTo(buffer);
                    Batch<SlicedLanes128, Vector128<byte>, TDirection, Stored>(b, null, b, k, rounds);
                    buffer.Slice(0, 16 * rest).CopyTo(new Span<byte>(dst + (16 * n), 16 * rest));
                }

                Secret.Clear(buffer);
                n = blocks;
            }

            return 16 * n;
        }
    }

    private int Rounds => (_portable.Schedule.Length - 4) / 2;

    // The broadcast key bytes, built at the first batch (one instance may serve several threads: LazySchedule).
    private Vector128<byte>[] BroadcastKeys() => Volatile.Read(ref _keys) ?? LazySchedule.Publish(ref _keys, Broadcast(_portable.Schedule));

    /// <summary>
    /// Whole batches at the widths this process has (512, 256, then 128 bits), each XORed with the blocks at
    /// <paramref name="data"/> as it is stored unless that is null; returns the blocks done.
    /// </summary>
    private static int Wide<TDirection, TOutput>(byte* src, byte* data, byte* dst, int blocks, Vector128<byte>* k, int rounds)
        where TDirection : struct, ICipherDirection
        where TOutput : struct, IBatchOutput
    {
        int n = s_width == 512 ? Batches<SlicedLanes512, Vector512<byte>, TDirection, TOutput>(src, data, dst, blocks, k, rounds) : 0;
        n += s_width >= 256 ? Batches<SlicedLanes256, Vector256<byte>, TDirection, TOutput>(src + (16 * n), Offset(data, n), dst + (16 * n), blocks - n, k, rounds) : 0;
        return n + Batches<SlicedLanes128, Vector128<byte>, TDirection, TOutput>(src + (16 * n), Offset(data, n), dst + (16 * n), blocks - n, k, rounds);
    }

    private static byte* Offset(byte* data, int blocks) => data == null ? null : data + (16 * blocks);

    private static Vector128<byte>[] Broadcast(ReadOnlySpan<uint> schedule)
    {
        Vector128<byte>[] broadcast = new Vector128<byte>[4 * schedule.Length];
        for (int i = 0; i < broadcast.Length; i++)
        {
            broadcast[i] = Vector128.Create((byte)(schedule[i / 4] >> (24 - (8 * (i % 4)))));
        }

        return broadcast;
    }

    // Optimized from the first call: the generic batch code runs at a few MB/s before tiering reaches it.
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static int Batches<TLanes, TV, TDirection, TOutput>(byte* src, byte* data, byte* dst, int blocks, Vector128<byte>* keys, int rounds)
        where TLanes : struct, ISlicedLanes<TV>
        where TV : unmanaged
        where TDirection : struct, ICipherDirection
        where TOutput : struct, IBatchOutput
    {
        int batches = blocks / TLanes.Blocks;
        for (int i = 0; i < batches; i++)
        {
            Batch<TLanes, TV, TDirection, TOutput>(src + (i * 16 * TLanes.Blocks), Offset(data, i * TLanes.Blocks), dst + (i * 16 * TLanes.Blocks), keys, rounds);
        }

        return batches * TLanes.Blocks;
    }

    // One direction per method: in one method the JIT spent its inlining budget on the first direction's F calls and
    // called F (and S0, S1) out of line in the other, which made decryption ten times slower than encryption.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Batch<TLanes, TV, TDirection, TOutput>(byte* src, byte* data, byte* dst, Vector128<byte>* keys, int rounds)
        where TLanes : struct, ISlicedLanes<TV>
        where TV : unmanaged
        where TDirection : struct, ICipherDirection
        where TOutput : struct, IBatchOutput
    {
        if (default(TDirection).Decrypt)
        {
            Debug.Assert(!TOutput.XorData);   // CTR encrypts only
            DecryptBatch<TLanes, TV>(src, dst, keys, rounds);
        }
        else
        {
            EncryptBatch<TLanes, TV, TOutput>(src, data, dst, keys, rounds);
        }
    }

    // Registers x0..x3 hold T0 (most significant byte first), x4..x7 T1, x8..x11 T2, x12..x15 T3; keys[4 w + j] is
    // byte j of key word w (WK0..WK3, then RK_0..).
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static void EncryptBatch<TLanes, TV, TOutput>(byte* src, byte* data, byte* dst, Vector128<byte>* keys, int rounds)
        where TLanes : struct, ISlicedLanes<TV>
        where TV : unmanaged
        where TOutput : struct, IBatchOutput
    {
        SlicedLanes.LoadTransposed<TLanes, TV>(
            src, out TV x0, out TV x1, out TV x2, out TV x3, out TV x4, out TV x5, out TV x6, out TV x7,
            out TV x8, out TV x9, out TV x10, out TV x11, out TV x12, out TV x13, out TV x14, out TV x15);

        // §5.1 Step 1: T1 ^= WK0, T3 ^= WK1.
        SlicedLanes.XorKeyWord<TLanes, TV>(ref x4, ref x5, ref x6, ref x7, keys);
        SlicedLanes.XorKeyWord<TLanes, TV>(ref x12, ref x13, ref x14, ref x15, keys + 4);

        // GFN_{4,r}, two rounds per iteration (§4.1): T1 ^= F0(RK, T0), T3 ^= F1(RK, T2), rotate left; the second
        // round acts on the rotated words, and two rotations swap the halves.
        Vector128<byte>* k = keys + 16;
        for (int r = 0; r < rounds; r += 2, k += 16)
        {
            F<TLanes, TV>(x0, x1, x2, x3, ref x4, ref x5, ref x6, ref x7, k, m1: false);
            F<TLanes, TV>(x8, x9, x10, x11, ref x12, ref x13, ref x14, ref x15, k + 4, m1: true);
            F<TLanes, TV>(x4, x5, x6, x7, ref x8, ref x9, ref x10, ref x11, k + 8, m1: false);
            F<TLanes, TV>(x12, x13, x14, x15, ref x0, ref x1, ref x2, ref x3, k + 12, m1: true);
            (x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13, x14, x15) =
                (x8, x9, x10, x11, x12, x13, x14, x15, x0, x1, x2, x3, x4, x5, x6, x7);
        }

        // GFN Step 3 (Y = T3 | T0 | T1 | T2) and §5.1 Step 3 (T1 ^= WK2, T3 ^= WK3), written as the new order.
        SlicedLanes.XorKeyWord<TLanes, TV>(ref x0, ref x1, ref x2, ref x3, keys + 8);
        SlicedLanes.XorKeyWord<TLanes, TV>(ref x8, ref x9, ref x10, ref x11, keys + 12);
        TOutput.Store<TLanes, TV>(dst, data, x12, x13, x14, x15, x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11);
    }

    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static void DecryptBatch<TLanes, TV>(byte* src, byte* dst, Vector128<byte>* keys, int rounds)
        where TLanes : struct, ISlicedLanes<TV>
        where TV : unmanaged
    {
        SlicedLanes.LoadTransposed<TLanes, TV>(
            src, out TV x0, out TV x1, out TV x2, out TV x3, out TV x4, out TV x5, out TV x6, out TV x7,
            out TV x8, out TV x9, out TV x10, out TV x11, out TV x12, out TV x13, out TV x14, out TV x15);

        // §5.1 Step 1 for decryption: T1 ^= WK2, T3 ^= WK3.
        SlicedLanes.XorKeyWord<TLanes, TV>(ref x4, ref x5, ref x6, ref x7, keys + 8);
        SlicedLanes.XorKeyWord<TLanes, TV>(ref x12, ref x13, ref x14, ref x15, keys + 12);

        // GFNINV_{4,r}: the round keys from the end, the words rotated right.
        Vector128<byte>* k = keys + 16 + (8 * rounds);
        for (int r = 0; r < rounds; r += 2)
        {
            k -= 16;
            F<TLanes, TV>(x0, x1, x2, x3, ref x4, ref x5, ref x6, ref x7, k + 8, m1: false);
            F<TLanes, TV>(x8, x9, x10, x11, ref x12, ref x13, ref x14, ref x15, k + 12, m1: true);
            F<TLanes, TV>(x12, x13, x14, x15, ref x0, ref x1, ref x2, ref x3, k, m1: false);
            F<TLanes, TV>(x4, x5, x6, x7, ref x8, ref x9, ref x10, ref x11, k + 4, m1: true);
            (x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13, x14, x15) =
                (x8, x9, x10, x11, x12, x13, x14, x15, x0, x1, x2, x3, x4, x5, x6, x7);
        }

        // GFNINV Step 3 (Y = T1 | T2 | T3 | T0) and §5.1 Step 3 (T1 ^= WK0, T3 ^= WK1).
        SlicedLanes.XorKeyWord<TLanes, TV>(ref x8, ref x9, ref x10, ref x11, keys);
        SlicedLanes.XorKeyWord<TLanes, TV>(ref x0, ref x1, ref x2, ref x3, keys + 4);
        SlicedLanes.StoreTransposed<TLanes, TV>(dst, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13, x14, x15, x0, x1, x2, x3);
    }

    /// <summary>
    /// §4.2: y ^= F0(RK, x) (S0, S1, S0, S1 then M0) or F1 (S1, S0, S1, S0 then M1), on four byte slices.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void F<TLanes, TV>(TV x0, TV x1, TV x2, TV x3, ref TV y0, ref TV y1, ref TV y2, ref TV y3, Vector128<byte>* k, bool m1)
        where TLanes : struct, ISlicedLanes<TV>
        where TV : unmanaged
    {
        TV s0, s1, s2, s3;
        if (m1)
        {
            s0 = S1<TLanes, TV>(TLanes.Xor(x0, TLanes.Key(k)));
            s1 = S0<TLanes, TV>(TLanes.Xor(x1, TLanes.Key(k + 1)));
            s2 = S1<TLanes, TV>(TLanes.Xor(x2, TLanes.Key(k + 2)));
            s3 = S0<TLanes, TV>(TLanes.Xor(x3, TLanes.Key(k + 3)));
        }
        else
        {
            s0 = S0<TLanes, TV>(TLanes.Xor(x0, TLanes.Key(k)));
            s1 = S1<TLanes, TV>(TLanes.Xor(x1, TLanes.Key(k + 1)));
            s2 = S0<TLanes, TV>(TLanes.Xor(x2, TLanes.Key(k + 2)));
            s3 = S1<TLanes, TV>(TLanes.Xor(x3, TLanes.Key(k + 3)));
        }

        // §4.4 in the Hadamard form of the summary: P = 2, Q = 4 for M0; P = 8, Q = 2 for M1.
        TV p13 = TLanes.Affine(TLanes.Xor(s1, s3), m1 ? Times8 : Times2, 0);
        TV p02 = TLanes.Affine(TLanes.Xor(s0, s2), m1 ? Times8 : Times2, 0);
        TV q23 = TLanes.Affine(TLanes.Xor(s2, s3), m1 ? Times2 : Times4, 0);
        TV q01 = TLanes.Affine(TLanes.Xor(s0, s1), m1 ? Times2 : Times4, 0);
        y0 = TLanes.Xor(y0, TLanes.Xor(s0, TLanes.Xor(p13, q23)));
        y1 = TLanes.Xor(y1, TLanes.Xor(s1, TLanes.Xor(p02, q23)));
        y2 = TLanes.Xor(y2, TLanes.Xor(s2, TLanes.Xor(p13, q01)));
        y3 = TLanes.Xor(y3, TLanes.Xor(s3, TLanes.Xor(p02, q01)));
    }

    /// <summary>S1 = B inv_AES(A x ^ a) ^ 0x69 (tools/clefia-gfni/derive.py).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static TV S1<TLanes, TV>(TV x)
        where TLanes : struct, ISlicedLanes<TV>
        where TV : unmanaged
        => TLanes.AffineInverse(TLanes.Affine(x, PreS1, PreS1Constant), PostS1, PostS1Constant);

    /// <summary>
    /// S0 from the 4-bit S-boxes: u0 = SS0(hi) ^ 2 SS1(lo), u1 = 2 SS0(hi) ^ SS1(lo), S0 = SS2(u0) | SS3(u1). In
    /// 512-bit registers with AVX-512 VBMI, S0 is instead the 256-byte table itself, held in four registers: two
    /// VPERMI2B lookups of 128 bytes each on the low seven bits, and a blend on the top bit (still no memory access
    /// that depends on the data).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static TV S0<TLanes, TV>(TV x)
        where TLanes : struct, ISlicedLanes<TV>
        where TV : unmanaged
    {
        if (typeof(TV) == typeof(Vector512<byte>) && Avx512Vbmi.IsSupported)
        {
            Vector512<byte> v = Memory.As<TV, Vector512<byte>>(ref x);
            Vector512<byte> low = Avx512Vbmi.PermuteVar64x8x2(s_s0Quarter0, v, s_s0Quarter1);
            Vector512<byte> high = Avx512Vbmi.PermuteVar64x8x2(s_s0Quarter2, v, s_s0Quarter3);
            Vector512<byte> result = Avx512BW.BlendVariable(low, high, v);
            return Memory.As<Vector512<byte>, TV>(ref result);
        }

        TV highNibbles = TLanes.HighNibbles(x);
        TV lowNibbles = TLanes.LowNibbles(x);
        TV u0 = TLanes.Xor(TLanes.Shuffle(TLanes.Table(Ss0Low, Ss0High), highNibbles), TLanes.Shuffle(TLanes.Table(Ss1Times2Low, Ss1Times2High), lowNibbles));
        TV u1 = TLanes.Xor(TLanes.Shuffle(TLanes.Table(Ss0Times2Low, Ss0Times2High), highNibbles), TLanes.Shuffle(TLanes.Table(Ss1Low, Ss1High), lowNibbles));
        return TLanes.Or(TLanes.Shuffle(TLanes.Table(Ss2ShiftedLow, Ss2ShiftedHigh), u0), TLanes.Shuffle(TLanes.Table(Ss3Low, Ss3High), u1));
    }
}
#endif

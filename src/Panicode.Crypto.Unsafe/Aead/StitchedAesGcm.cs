#if NET
using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
using Panicode.Crypto.Aead;
using Panicode.Crypto.Unsafe.BlockCiphers.Rijndael;

namespace Panicode.Crypto.Unsafe.Aead;

/// <summary>
/// AES-GCM's whole blocks in one stitched pass (NIST SP 800-38D §6.4-§6.5; the technique of S. Gueron, "Intel's New AES
/// Instructions for Enhanced Performance and Security", and of OpenSSL's aesni_gcm and ARMv8 GCM loops): eight counter
/// blocks go through the AES rounds while the eight ciphertext blocks before them are multiplied by H^8 .. H^1
/// (Karatsuba: three carry-less multiplies a block; one, two or four blocks per instruction as
/// <see cref="IClmulAccumulator"/> says), and the eight products are reduced once (<see cref="GHashClmul.Reduce"/>). The AES
/// rounds and the multiplies are independent, so the out-of-order core runs them side by side on different ports
/// instead of one after the other, and no keystream buffer is written: each counter block is made in a register,
/// encrypted and XORed into the data as it is stored (the data folded into the last round key, which AESENCLAST, or the
/// EOR after ARMv8's last AESE, XORs in anyway).
/// <para>One loop serves x86 and ARM64: it is generic over the AES instructions (<see cref="IAesRounds"/>: AES-NI, or
/// ARMv8's AESE and AESMC over the same round keys, which states how the keys map) and the multiplies
/// (<see cref="IClmulAccumulator"/>: PCLMULQDQ or PMULL at 128 bits, VPCLMULQDQ at 256 and 512); the byte shuffles are
/// PSHUFB or TBL (<see cref="AesBatch.Shuffle"/>). The JIT compiles one copy per pair of struct type arguments.</para>
/// <para>Encryption hashes the previous batch's ciphertext beside the current batch's rounds (its own ciphertext is
/// not known until its rounds end); decryption hashes the batch it decrypts. Either way every load of a batch comes
/// before its first store, so source and destination may be the same memory.</para>
/// <para>.NET 10 has no VAES (256- and 512-bit AESENC), so the rounds are 128-bit: a CPU with VAES could encrypt two
/// or four blocks per instruction, which this loop cannot. ARM64 has only the 128-bit multiplies.</para>
/// </summary>
internal sealed unsafe class StitchedAesGcm : GcmBulk
{
    private const int Batch = AesBatch.Width;

    private readonly AesCore _core;
    private readonly ClmulPowers _powers;

    /// <param name="core">The AES-NI or ARMv8 AES core (owned by the caller): the round keys of either serve both.</param>
    /// <param name="ghash">The carry-less multiply hash whose powers of H this loop copies.</param>
    /// <param name="width">128, 256 or 512 (the tests run each width the CPU has), or 0 for <see cref="PreferredWidth"/>.</param>
    public StitchedAesGcm(AesCore core, GHashClmul ghash, int width = 0)
    {
        Debug.Assert(IsSupported && core.BlockSize == 16 && core.Rounds >= Batch);
        Debug.Assert(width is 0 or 128 || (width == 256 && Clmul256.IsSupported) || (width == 512 && Clmul512.IsSupported));
        _core = core;
        _powers = new ClmulPowers(ghash);
        Width = width == 0 ? PreferredWidth : width;
    }

    /// <summary>
    /// The width of the carry-less multiplies where the caller does not choose: 512 bits where VPCLMULQDQ has them, except
    /// on AMD's Zen 3 and Zen 4 (family 19h), which split a 512-bit operation into two 256-bit halves, so 512 bits buys
    /// no throughput there and leaves fewer steps to spread over the AES rounds (measured: decryption 6.5 GB/s with 256
    /// bits against 5.3 with 512, docs/benchmarks.md); then 256 bits, then 128 (always 128 on ARM64).
    /// </summary>
    public static int PreferredWidth { get; } = Clmul512.IsSupported && !IsAmdFamily19h() ? 512 : Clmul256.IsSupported ? 256 : 128;

    /// <summary>The width of the carry-less multiplies this instance uses: 128, 256 or 512 bits.</summary>
    internal int Width { get; }

    /// <summary>Clears the powers of H (the core and the hash are <see cref="Gcm"/>'s to clear).</summary>
    public override void Dispose() => _powers.Clear();

    /// <summary>AES-NI, PCLMULQDQ and SSSE3 (the byte shuffles), or ARMv8 AES, PMULL and AArch64 Advanced SIMD (TBL).</summary>
    public static bool IsSupported => (AesNiRounds.IsSupported && GHashClmul.IsSupportedOnX86) || (ArmAesRounds.IsSupported && GHashClmul.IsSupportedOnArm64);

    public override void Seal(Span<byte> counter, ReadOnlySpan<byte> source, Span<byte> destination, ref GHashValue value) =>
        Run(encrypt: true, counter, source, destination, ref value);

    public override void Open(Span<byte> counter, ReadOnlySpan<byte> source, Span<byte> destination, ref GHashValue value) =>
        Run(encrypt: false, counter, source, destination, ref value);

    private void Run(bool encrypt, Span<byte> counter, ReadOnlySpan<byte> source, Span<byte> destination, ref GHashValue value)
    {
        Debug.Assert(counter.Length == 16 && source.Length % 16 == 0 && destination.Length == source.Length);
        if (source.Length == 0)
        {
            return;
        }

        fixed (byte* ctr = counter)
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (Vector128<byte>* keys = _core.EncryptionKeys)
        fixed (Vector128<ulong>* h = _powers.Descending)
        fixed (Vector128<ulong>* hf = _powers.Folded)
        {
            Vector128<ulong> y = Vector128.Create(value.Low, value.High);
            Vector128<uint> count = AesBatch.Shuffle(Vector128.Load(ctr), CounterOrder).AsUInt32();
            int blocks = source.Length / 16;
            int rounds = _core.Rounds;
            y = (AesNiRounds.IsSupported, Width, encrypt) switch
            {
                (false, _, true) => SealBlocks<ArmAesRounds, Clmul128>(ref count, src, dst, blocks, keys, rounds, h, hf, y),
                (false, _, false) => OpenBlocks<ArmAesRounds, Clmul128>(ref count, src, dst, blocks, keys, rounds, h, hf, y),
                (_, 512, true) => SealBlocks<AesNiRounds, Clmul512>(ref count, src, dst, blocks, keys, rounds, h, hf, y),
                (_, 512, false) => OpenBlocks<AesNiRounds, Clmul512>(ref count, src, dst, blocks, keys, rounds, h, hf, y),
                (_, 256, true) => SealBlocks<AesNiRounds, Clmul256>(ref count, src, dst, blocks, keys, rounds, h, hf, y),
                (_, 256, false) => OpenBlocks<AesNiRounds, Clmul256>(ref count, src, dst, blocks, keys, rounds, h, hf, y),
                (_, _, true) => SealBlocks<AesNiRounds, Clmul128>(ref count, src, dst, blocks, keys, rounds, h, hf, y),
                _ => OpenBlocks<AesNiRounds, Clmul128>(ref count, src, dst, blocks, keys, rounds, h, hf, y),
            };
            Vector128.Store(AesBatch.Shuffle(count.AsByte(), CounterOrder), ctr);
            value.Low = y.GetElement(0);
            value.High = y.GetElement(1);
        }
    }

    private static bool IsAmdFamily19h()
    {
        if (!X86Base.IsSupported)
        {
            return false;
        }

        (_, int ebx, int ecx, int edx) = X86Base.CpuId(0, 0);
        bool amd = ebx == 0x68747541 && edx == 0x69746E65 && ecx == 0x444D4163;   // "AuthenticAMD"
        (int eax, _, _, _) = X86Base.CpuId(1, 0);
        int family = ((eax >> 8) & 0xF) + ((eax >> 20) & 0xFF);                   // base + extended family
        return amd && family == 0x19;
    }

    // Swaps bytes 12..15, so that GCM's big-endian 32-bit counter (inc32, SP 800-38D §6.2) is lane 3 of a Vector128<uint>
    // and one vector add makes the next counter block, wrapping modulo 2^32 as inc32 does; the same shuffle turns it back.
    private static Vector128<byte> CounterOrder
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => Vector128.Create((byte)0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 15, 14, 13, 12);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> CounterBlock<TAes>(Vector128<uint> count, uint i, Vector128<byte> k0)
        where TAes : struct, IAesRounds =>
        default(TAes).Whiten(AesBatch.Shuffle((count + Vector128.Create(0u, 0u, 0u, i)).AsByte(), CounterOrder), k0);

    // Fully optimized from the first call: tiering would run the first megabytes through unoptimized or OSR code.
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static Vector128<ulong> SealBlocks<TAes, TSum>(ref Vector128<uint> count, byte* src, byte* dst, int blocks, Vector128<byte>* keys, int rounds, Vector128<ulong>* h, Vector128<ulong>* hf, Vector128<ulong> y)
        where TAes : struct, IAesRounds
        where TSum : struct, IClmulAccumulator
    {
        if (blocks >= Batch)
        {
            // The first batch has no ciphertext before it to hash; every later one hashes its predecessor's.
            Ctr8<TAes>(ref count, src, dst, keys, rounds);
            byte* previous = dst;
            src += 16 * Batch;
            dst += 16 * Batch;
            for (blocks -= Batch; blocks >= Batch; blocks -= Batch, src += 16 * Batch, dst += 16 * Batch)
            {
                y = Stitched<TAes, TSum>(ref count, src, dst, previous, keys, rounds, h, hf, y);
                previous = dst;
            }

            y = Clmul128.Absorb(previous, Batch, y, h, hf);
        }

        if (blocks > 0)
        {
            CtrTail<TAes>(ref count, src, dst, blocks, keys, rounds);
            y = Clmul128.Absorb(dst, blocks, y, h, hf);
        }

        return y;
    }

    // Fully optimized from the first call: tiering would run the first megabytes through unoptimized or OSR code.
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static Vector128<ulong> OpenBlocks<TAes, TSum>(ref Vector128<uint> count, byte* src, byte* dst, int blocks, Vector128<byte>* keys, int rounds, Vector128<ulong>* h, Vector128<ulong>* hf, Vector128<ulong> y)
        where TAes : struct, IAesRounds
        where TSum : struct, IClmulAccumulator
    {
        for (; blocks >= Batch; blocks -= Batch, src += 16 * Batch, dst += 16 * Batch)
        {
            y = Stitched<TAes, TSum>(ref count, src, dst, src, keys, rounds, h, hf, y);
        }

        if (blocks > 0)
        {
            // Hashed before it is decrypted: in place, the decryption overwrites the ciphertext.
            y = Clmul128.Absorb(src, blocks, y, h, hf);
            CtrTail<TAes>(ref count, src, dst, blocks, keys, rounds);
        }

        return y;
    }

    /// <summary>
    /// CTR over eight blocks (src to dst) while the eight ciphertext blocks at <paramref name="hash"/> are absorbed into
    /// <paramref name="y"/>: block j times H^(8-j), in the accumulator's steps beside the first rounds (AES has at least
    /// 10 rounds, more than the 8 steps of the narrowest accumulator), one reduction. All loads (of
    /// <paramref name="hash"/> and <paramref name="src"/>) precede the stores to <paramref name="dst"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<ulong> Stitched<TAes, TSum>(ref Vector128<uint> count, byte* src, byte* dst, byte* hash, Vector128<byte>* keys, int rounds, Vector128<ulong>* h, Vector128<ulong>* hf, Vector128<ulong> y)
        where TAes : struct, IAesRounds
        where TSum : struct, IClmulAccumulator
    {
        Start<TAes>(ref count, keys[0], out Vector128<byte> b0, out Vector128<byte> b1, out Vector128<byte> b2, out Vector128<byte> b3,
            out Vector128<byte> b4, out Vector128<byte> b5, out Vector128<byte> b6, out Vector128<byte> b7);
        TSum sum = default;
        sum.First(hash, y, h, hf);
        int lag = default(TAes).KeyLag;
        for (int round = 1; round < rounds; round++)
        {
            AesBatch.Round<TAes>(keys[round - lag], ref b0, ref b1, ref b2, ref b3, ref b4, ref b5, ref b6, ref b7);
            if (round < sum.Steps)
            {
                sum.Next(hash, round, h, hf);
            }
        }

        y = sum.Reduce();
        AesBatch.Finish<TAes>(keys[rounds - lag], keys[rounds], src, dst, b0, b1, b2, b3, b4, b5, b6, b7);
        return y;
    }

    /// <summary>CTR over eight blocks, nothing hashed (the first batch of an encryption).</summary>
    private static void Ctr8<TAes>(ref Vector128<uint> count, byte* src, byte* dst, Vector128<byte>* keys, int rounds)
        where TAes : struct, IAesRounds
    {
        Start<TAes>(ref count, keys[0], out Vector128<byte> b0, out Vector128<byte> b1, out Vector128<byte> b2, out Vector128<byte> b3,
            out Vector128<byte> b4, out Vector128<byte> b5, out Vector128<byte> b6, out Vector128<byte> b7);
        int lag = default(TAes).KeyLag;
        for (int round = 1; round < rounds; round++)
        {
            AesBatch.Round<TAes>(keys[round - lag], ref b0, ref b1, ref b2, ref b3, ref b4, ref b5, ref b6, ref b7);
        }

        AesBatch.Finish<TAes>(keys[rounds - lag], keys[rounds], src, dst, b0, b1, b2, b3, b4, b5, b6, b7);
    }

    /// <summary>Eight counter blocks from <paramref name="count"/> on, whitened with <paramref name="k0"/>; advances the count.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Start<TAes>(ref Vector128<uint> count, Vector128<byte> k0, out Vector128<byte> b0, out Vector128<byte> b1, out Vector128<byte> b2, out Vector128<byte> b3,
        out Vector128<byte> b4, out Vector128<byte> b5, out Vector128<byte> b6, out Vector128<byte> b7)
        where TAes : struct, IAesRounds
    {
        Vector128<uint> c = count;
        b0 = CounterBlock<TAes>(c, 0, k0);
        b1 = CounterBlock<TAes>(c, 1, k0);
        b2 = CounterBlock<TAes>(c, 2, k0);
        b3 = CounterBlock<TAes>(c, 3, k0);
        b4 = CounterBlock<TAes>(c, 4, k0);
        b5 = CounterBlock<TAes>(c, 5, k0);
        b6 = CounterBlock<TAes>(c, 6, k0);
        b7 = CounterBlock<TAes>(c, 7, k0);
        count = c + Vector128.Create(0u, 0u, 0u, (uint)Batch);
    }

    /// <summary>CTR over fewer than eight blocks: pairs in flight, then the odd one.</summary>
    private static void CtrTail<TAes>(ref Vector128<uint> count, byte* src, byte* dst, int blocks, Vector128<byte>* keys, int rounds)
        where TAes : struct, IAesRounds
    {
        Debug.Assert(blocks is > 0 and < Batch);
        TAes aes = default;
        int lag = aes.KeyLag;
        Vector128<byte> k0 = keys[0];
        Vector128<byte> penultimate = keys[rounds - lag];
        Vector128<byte> last = keys[rounds];
        for (; blocks >= 2; blocks -= 2, src += 32, dst += 32)
        {
            Vector128<byte> b0 = CounterBlock<TAes>(count, 0, k0);
            Vector128<byte> b1 = CounterBlock<TAes>(count, 1, k0);
            count += Vector128.Create(0u, 0u, 0u, 2u);
            for (int round = 1; round < rounds; round++)
            {
                b0 = aes.Round(b0, keys[round - lag]);
                b1 = aes.Round(b1, keys[round - lag]);
            }

            b0 = aes.Last(b0, penultimate, last ^ Vector128.Load(src));
            b1 = aes.Last(b1, penultimate, last ^ Vector128.Load(src + 16));
            Vector128.Store(b0, dst);
            Vector128.Store(b1, dst + 16);
        }

        if (blocks == 1)
        {
            Vector128<byte> b = CounterBlock<TAes>(count, 0, k0);
            count += Vector128.Create(0u, 0u, 0u, 1u);
            for (int round = 1; round < rounds; round++)
            {
                b = aes.Round(b, keys[round - lag]);
            }

            Vector128.Store(aes.Last(b, penultimate, last ^ Vector128.Load(src)), dst);
        }
    }
}
#endif

#if NET
using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.Intrinsics.Arm;
using System.Runtime.Intrinsics.X86;
using Panicode.Crypto.Aead;
using Panicode.Crypto.Unsafe.BlockCiphers.Rijndael;
using ArmAes = System.Runtime.Intrinsics.Arm.Aes;

namespace Panicode.Crypto.Unsafe.Aead;

/// <summary>
/// GHASH (NIST SP 800-38D §6.4) on PCLMULQDQ (x86) or PMULL/PMULL2 (ARMv8 Crypto Extension), in the POLYVAL form of <see cref="GHash"/> (RFC 8452 Appendix A). Eight
/// blocks are absorbed per step with aggregated reduction (S. Gueron and M. E. Kounavis, "Intel Carry-Less
/// Multiplication Instruction and its Usage for Computing the GCM Mode", Intel white paper, 2010 §4):
/// Y' = (Y ^ X1)·H^8 ^ X2·H^7 ^ ... ^ X8·H, the eight 256-bit products summed unreduced and reduced once. The
/// reduction is POLYVAL's Montgomery step with the constant x^57 + x^62 + x^63 (two more carry-less
/// multiplications). No table and no branch depends on H or the data. The two instruction sets differ only in the
/// wrappers at the end (<see cref="Multiply(Vector128{ulong}, Vector128{ulong}, byte)"/>, <see cref="Swap"/>, the
/// lane shifts, <see cref="Load"/>): the algorithm is written once.
/// </summary>
internal sealed unsafe class GHashClmul : GHash
{
    /// <summary>Blocks per aggregated reduction, and the number of powers of H kept.</summary>
    internal const int Aggregate = 8;
    /// <summary>x^57 + x^62 + x^63, the constant of the Montgomery reduction (see <see cref="Reduce"/>).</summary>
    internal const ulong Reduction = 0xC200000000000000;

    // H^1 .. H^8 in POLYVAL form (lane 0 = low word), index k - 1. The running value Y is the caller's (see GHash).
    private readonly Vector128<ulong>[] _powers = new Vector128<ulong>[Aggregate];

    // For Karatsuba's middle product: the two words of H^k XORed, in both lanes, index k - 1.
    private readonly Vector128<ulong>[] _folded = new Vector128<ulong>[Aggregate];

    public GHashClmul(ReadOnlySpan<byte> h)
    {
        Debug.Assert(IsSupported);
        (ulong low, ulong high) = PolyvalKey(h);
        Vector128<ulong> h1 = Vector128.Create(low, high);
        _powers[0] = h1;
        for (int k = 1; k < Aggregate; k++)
        {
            _powers[k] = Multiply(_powers[k - 1], h1);
        }

        for (int k = 0; k < Aggregate; k++)
        {
            _folded[k] = Vector128.Create(_powers[k].GetElement(0) ^ _powers[k].GetElement(1));
        }
    }

    /// <summary>H^1 .. H^8 (index k - 1), for a loop that hashes beside its cipher (Aead/StitchedAesGcm.cs).</summary>
    internal Vector128<ulong>[] Powers => _powers;

    /// <summary>The low and high words of each power XORed, in both lanes, for Karatsuba's middle product.</summary>
    internal Vector128<ulong>[] Folded => _folded;

    public static bool IsSupported => IsSupportedOnX86 || IsSupportedOnArm64;

    /// <summary>PCLMULQDQ and SSSE3 (PSHUFB for the byte reversal).</summary>
    public static bool IsSupportedOnX86 => Pclmulqdq.IsSupported && Ssse3.IsSupported;

    /// <summary>PMULL on 64-bit lanes (.NET puts it in <c>Arm.Aes</c>) and AArch64 Advanced SIMD (TBL).</summary>
    public static bool IsSupportedOnArm64 => ArmAes.IsSupported && AdvSimd.Arm64.IsSupported;

    public override void Update(ref GHashValue value, ReadOnlySpan<byte> blocks)
    {
        Debug.Assert(blocks.Length % BlockSize == 0);
        Vector128<ulong> q = Vector128.Create(Reduction);
        Vector128<ulong> y = Vector128.Create(value.Low, value.High);
        fixed (byte* start = blocks)
        fixed (Vector128<ulong>* h = _powers)
        {
            byte* p = start;
            int remaining = blocks.Length / BlockSize;
            for (; remaining >= Aggregate; remaining -= Aggregate, p += Aggregate * BlockSize)
            {
                Vector128<ulong> x = Load(p) ^ y;
                Vector128<ulong> hk = h[Aggregate - 1];
                Vector128<ulong> lo = Multiply(x, hk, 0x00);
                Vector128<ulong> hi = Multiply(x, hk, 0x11);
                Vector128<ulong> mid = Multiply(x, hk, 0x01) ^ Multiply(x, hk, 0x10);
                for (int i = 1; i < Aggregate; i++)
                {
                    x = Load(p + i * BlockSize);
                    hk = h[Aggregate - 1 - i];
                    lo ^= Multiply(x, hk, 0x00);
                    hi ^= Multiply(x, hk, 0x11);
                    mid ^= Multiply(x, hk, 0x01) ^ Multiply(x, hk, 0x10);
                }

                y = Reduce(lo, mid, hi, q);
            }

            for (; remaining > 0; remaining--, p += BlockSize)
            {
                y = Multiply(Load(p) ^ y, h[0]);
            }
        }

        value.Low = y.GetElement(0);
        value.High = y.GetElement(1);
    }

    public override void Dispose()
    {
        Array.Clear(_powers);
        Array.Clear(_folded);
    }

    /// <summary>A block in POLYVAL form: its 16 bytes reversed (PSHUFB or TBL).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static Vector128<ulong> Load(byte* p) => AesBatch.ReverseBytes(Vector128.Load(p)).AsUInt64();

    internal static Vector128<ulong> Multiply(Vector128<ulong> a, Vector128<ulong> b)
    {
        Vector128<ulong> lo = Multiply(a, b, 0x00);
        Vector128<ulong> hi = Multiply(a, b, 0x11);
        Vector128<ulong> mid = Multiply(a, b, 0x01) ^ Multiply(a, b, 0x10);
        return Reduce(lo, mid, hi, Vector128.Create(Reduction));
    }

    /// <summary>
    /// (lo + mid·x^64 + hi·x^128) · x^-128 mod P. With words X0..X3 of the product: A = X0·q gives X1 ^= A0,
    /// X2 ^= A1 ^ X0; then B = X1·q gives X2 ^= B0, X3 ^= B1 ^ X1 (see GHashPortable.Multiply). Swapping the lanes
    /// of [X0, X1] lines each word up with the one it is added to.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static Vector128<ulong> Reduce(Vector128<ulong> lo, Vector128<ulong> mid, Vector128<ulong> hi, Vector128<ulong> q)
    {
        Vector128<ulong> x01 = lo ^ LowWordUp(mid);
        Vector128<ulong> x23 = hi ^ HighWordDown(mid);
        Vector128<ulong> t = Swap(x01) ^ Multiply(x01, q, 0x00);   // [X1 ^ A0, X0 ^ A1]
        Vector128<ulong> u = Swap(t) ^ Multiply(t, q, 0x00);       // [X0 ^ A1 ^ B0, X1' ^ B1]
        return x23 ^ u;
    }

    // The instruction wrappers: each is one instruction on either ISA, chosen when the JIT compiles the caller.

    /// <summary>
    /// The 128-bit carry-less product of one 64-bit word of <paramref name="a"/> and one of <paramref name="b"/>,
    /// chosen as PCLMULQDQ's immediate chooses them: bit 0 the word of a, bit 4 the word of b. On ARM64: PMULL (both
    /// low words), PMULL2 (both high words), or PMULL on the words picked out.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static Vector128<ulong> Multiply(Vector128<ulong> a, Vector128<ulong> b, [ConstantExpected] byte words)
    {
        if (Pclmulqdq.IsSupported)
        {
            return Pclmulqdq.CarrylessMultiply(a, b, words);
        }

        return words switch
        {
            0x00 => ArmAes.PolynomialMultiplyWideningLower(a.GetLower(), b.GetLower()),
            0x11 => ArmAes.PolynomialMultiplyWideningUpper(a, b),
            0x01 => ArmAes.PolynomialMultiplyWideningLower(a.GetUpper(), b.GetLower()),
            _ => ArmAes.PolynomialMultiplyWideningLower(a.GetLower(), b.GetUpper()),
        };
    }

    /// <summary>The two 64-bit words exchanged (PSHUFD or EXT).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static Vector128<ulong> Swap(Vector128<ulong> v) =>
        Sse2.IsSupported ? Sse2.Shuffle(v.AsUInt32(), 0x4E).AsUInt64() : AdvSimd.ExtractVector128(v, v, 1);

    /// <summary>[0, v.low]: the low word moved up (PSLLDQ 8 or EXT with zero).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<ulong> LowWordUp(Vector128<ulong> v) =>
        Sse2.IsSupported ? Sse2.ShiftLeftLogical128BitLane(v, 8) : AdvSimd.ExtractVector128(Vector128<ulong>.Zero, v, 1);

    /// <summary>[v.high, 0]: the high word moved down (PSRLDQ 8 or EXT with zero).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<ulong> HighWordDown(Vector128<ulong> v) =>
        Sse2.IsSupported ? Sse2.ShiftRightLogical128BitLane(v, 8) : AdvSimd.ExtractVector128(v, Vector128<ulong>.Zero, 1);
}
#endif

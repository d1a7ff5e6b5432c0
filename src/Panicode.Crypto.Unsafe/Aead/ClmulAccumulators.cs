#if NET
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Panicode.Crypto.Unsafe.Aead;

/// <summary>
/// The powers of H a GCM loop multiplies by, laid out for loads of one, two or four at a time: of <c>n</c> powers
/// (<see cref="Count"/> for the stitched AES loop, which absorbs eight blocks per reduction; more for a loop that
/// absorbs more), entry j is H^(n-j), the power block j of an n-block batch takes, so blocks j..j+k of the batch meet
/// entries j..j+k in one 256- or 512-bit load; the last eight entries are always H^8 .. H^1. <see cref="Folded"/> holds
/// the two 64-bit words of each entry XORed, in both lanes, for Karatsuba's middle product. The values are secret
/// (functions of the key) and cleared by <see cref="Clear"/>.
/// </summary>
internal sealed class ClmulPowers
{
    public const int Count = GHashClmul.Aggregate;

    public ClmulPowers(GHashClmul ghash, int count = Count)
    {
        Debug.Assert(count >= Count && count % Count == 0);
        Descending = new Vector128<ulong>[count];
        Folded = new Vector128<ulong>[count];
        Vector128<ulong> power = ghash.Powers[0];
        for (int k = 1; k <= count; k++)
        {
            // H^k: the ones GHashClmul keeps, then one multiplication by H each.
            power = k <= Count ? ghash.Powers[k - 1] : GHashClmul.Multiply(power, ghash.Powers[0]);
            Descending[count - k] = power;
            Folded[count - k] = Vector128.Create(power.GetElement(0) ^ power.GetElement(1));
        }
    }

    /// <summary>H^n, H^(n-1), ..., H^1.</summary>
    public Vector128<ulong>[] Descending { get; }

    /// <summary>For each entry of <see cref="Descending"/>, its low and high words XORed, in both lanes.</summary>
    public Vector128<ulong>[] Folded { get; }

    public void Clear()
    {
        System.Array.Clear(Descending);
        System.Array.Clear(Folded);
    }
}

/// <summary>
/// The sum of eight (block · power) products of a GHASH batch, unreduced (Gueron and Kounavis's aggregated reduction),
/// built in <see cref="Steps"/> steps that a stitched loop spreads over its cipher rounds, then reduced once. The
/// implementations differ only in width: one block per carry-less multiply (PCLMULQDQ), two (VPCLMULQDQ on 256 bits)
/// or four (on 512 bits). Blocks are in GHASH's byte-reversed (POLYVAL) form after the load; block 0 carries Y.
/// </summary>
internal unsafe interface IClmulAccumulator
{
    /// <summary>How many steps absorb eight blocks (8, 4 or 2); a batch of 8m blocks takes m times as many.</summary>
    int Steps { get; }

    /// <summary>Step 0: the first blocks at <paramref name="blocks"/>, block 0 XORed with <paramref name="y"/>.</summary>
    void First(byte* blocks, Vector128<ulong> y, Vector128<ulong>* powers, Vector128<ulong>* folded);

    /// <summary>Step <paramref name="step"/> (1 to <see cref="Steps"/> - 1).</summary>
    void Next(byte* blocks, int step, Vector128<ulong>* powers, Vector128<ulong>* folded);

    /// <summary>The reduced sum: the new Y.</summary>
    Vector128<ulong> Reduce();
}

/// <summary>One block per step, on 128-bit PCLMULQDQ or PMULL (Karatsuba: three multiplies a block).</summary>
internal unsafe struct Clmul128 : IClmulAccumulator
{
    private Vector128<ulong> _lo;
    private Vector128<ulong> _hi;
    private Vector128<ulong> _mid;

    // On x86 and ARM64 alike: its multiplies and loads are GHashClmul's wrappers.
    public static bool IsSupported => GHashClmul.IsSupported;

    public readonly int Steps => 8;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void First(byte* blocks, Vector128<ulong> y, Vector128<ulong>* powers, Vector128<ulong>* folded)
    {
        Vector128<ulong> x = Load(blocks) ^ y;
        _lo = GHashClmul.Multiply(x, powers[0], 0x00);
        _hi = GHashClmul.Multiply(x, powers[0], 0x11);
        _mid = GHashClmul.Multiply(x ^ GHashClmul.Swap(x), folded[0], 0x00);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Next(byte* blocks, int step, Vector128<ulong>* powers, Vector128<ulong>* folded)
    {
        Vector128<ulong> x = Load(blocks + 16 * step);
        _lo ^= GHashClmul.Multiply(x, powers[step], 0x00);
        _hi ^= GHashClmul.Multiply(x, powers[step], 0x11);
        _mid ^= GHashClmul.Multiply(x ^ GHashClmul.Swap(x), folded[step], 0x00);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly Vector128<ulong> Reduce() => Finish(_lo, _mid, _hi);

    /// <summary>
    /// Reduces Karatsuba sums: (x.lo ^ x.hi)(h.lo ^ h.hi) = lo ^ hi ^ (the two middle terms), summed over the blocks.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static Vector128<ulong> Finish(Vector128<ulong> lo, Vector128<ulong> karatsuba, Vector128<ulong> hi) =>
        GHashClmul.Reduce(lo, karatsuba ^ lo ^ hi, hi, Vector128.Create(GHashClmul.Reduction));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static Vector128<ulong> Load(byte* p) => GHashClmul.Load(p);

    /// <summary>
    /// Absorbs <paramref name="count"/> (1 to 8) blocks with one reduction: block j times H^(n-j), entry 8 - n + j of
    /// the descending powers. For the ends of a message, where no cipher rounds run beside it.
    /// </summary>
    internal static Vector128<ulong> Absorb(byte* p, int count, Vector128<ulong> y, Vector128<ulong>* powers, Vector128<ulong>* folded)
    {
        Debug.Assert(count is > 0 and <= ClmulPowers.Count);
        Clmul128 sum = default;
        int first = ClmulPowers.Count - count;
        sum.First(p, y, powers + first, folded + first);
        for (int j = 1; j < count; j++)
        {
            sum.Next(p, j, powers + first, folded + first);
        }

        return sum.Reduce();
    }
}

/// <summary>Two blocks per step, on 256-bit VPCLMULQDQ: each 128-bit lane multiplies its own block by its own power.</summary>
internal unsafe struct Clmul256 : IClmulAccumulator
{
    private Vector256<ulong> _lo;
    private Vector256<ulong> _hi;
    private Vector256<ulong> _mid;

    public static bool IsSupported => Pclmulqdq.V256.IsSupported && Avx2.IsSupported && Clmul128.IsSupported;

    public readonly int Steps => 4;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void First(byte* blocks, Vector128<ulong> y, Vector128<ulong>* powers, Vector128<ulong>* folded)
    {
        Vector256<ulong> x = Load(blocks) ^ Vector256.Create(y, Vector128<ulong>.Zero);
        Vector256<ulong> h = Avx.LoadVector256((ulong*)powers);
        _lo = Pclmulqdq.V256.CarrylessMultiply(x, h, 0x00);
        _hi = Pclmulqdq.V256.CarrylessMultiply(x, h, 0x11);
        _mid = Pclmulqdq.V256.CarrylessMultiply(x ^ Swap(x), Avx.LoadVector256((ulong*)folded), 0x00);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Next(byte* blocks, int step, Vector128<ulong>* powers, Vector128<ulong>* folded)
    {
        Vector256<ulong> x = Load(blocks + 32 * step);
        Vector256<ulong> h = Avx.LoadVector256((ulong*)(powers + 2 * step));
        _lo ^= Pclmulqdq.V256.CarrylessMultiply(x, h, 0x00);
        _hi ^= Pclmulqdq.V256.CarrylessMultiply(x, h, 0x11);
        _mid ^= Pclmulqdq.V256.CarrylessMultiply(x ^ Swap(x), Avx.LoadVector256((ulong*)(folded + 2 * step)), 0x00);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly Vector128<ulong> Reduce() =>
        Clmul128.Finish(_lo.GetLower() ^ _lo.GetUpper(), _mid.GetLower() ^ _mid.GetUpper(), _hi.GetLower() ^ _hi.GetUpper());

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<ulong> Load(byte* p) =>
        Avx2.Shuffle(Avx.LoadVector256(p), Vector256.Create((byte)15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)).AsUInt64();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<ulong> Swap(Vector256<ulong> v) => Avx2.Shuffle(v.AsUInt32(), 0x4E).AsUInt64();
}

/// <summary>Four blocks per step, on 512-bit VPCLMULQDQ.</summary>
internal unsafe struct Clmul512 : IClmulAccumulator
{
    private Vector512<ulong> _lo;
    private Vector512<ulong> _hi;
    private Vector512<ulong> _mid;

    public static bool IsSupported => Pclmulqdq.V512.IsSupported && Avx512BW.IsSupported && Clmul256.IsSupported;

    public readonly int Steps => 2;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void First(byte* blocks, Vector128<ulong> y, Vector128<ulong>* powers, Vector128<ulong>* folded)
    {
        Vector512<ulong> x = Load(blocks) ^ Vector512.Create(Vector256.Create(y, Vector128<ulong>.Zero), Vector256<ulong>.Zero);
        Vector512<ulong> h = Avx512F.LoadVector512((ulong*)powers);
        _lo = Pclmulqdq.V512.CarrylessMultiply(x, h, 0x00);
        _hi = Pclmulqdq.V512.CarrylessMultiply(x, h, 0x11);
        _mid = Pclmulqdq.V512.CarrylessMultiply(x ^ Swap(x), Avx512F.LoadVector512((ulong*)folded), 0x00);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Next(byte* blocks, int step, Vector128<ulong>* powers, Vector128<ulong>* folded)
    {
        Vector512<ulong> x = Load(blocks + 64 * step);
        Vector512<ulong> h = Avx512F.LoadVector512((ulong*)(powers + 4 * step));
        _lo ^= Pclmulqdq.V512.CarrylessMultiply(x, h, 0x00);
        _hi ^= Pclmulqdq.V512.CarrylessMultiply(x, h, 0x11);
        _mid ^= Pclmulqdq.V512.CarrylessMultiply(x ^ Swap(x), Avx512F.LoadVector512((ulong*)(folded + 4 * step)), 0x00);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly Vector128<ulong> Reduce() => Clmul128.Finish(Fold(_lo), Fold(_mid), Fold(_hi));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<ulong> Fold(Vector512<ulong> v)
    {
        Vector256<ulong> half = v.GetLower() ^ v.GetUpper();
        return half.GetLower() ^ half.GetUpper();
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector512<ulong> Load(byte* p) =>
        Avx512BW.Shuffle(Avx512F.LoadVector512(p), Vector512.Create(Vector128.Create((byte)15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0))).AsUInt64();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector512<ulong> Swap(Vector512<ulong> v) => Avx512F.Shuffle(v.AsUInt32(), 0x4E).AsUInt64();
}
#endif

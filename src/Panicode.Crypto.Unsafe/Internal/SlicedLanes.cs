#if NET
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Panicode.Crypto.Unsafe.Internal;

// Byte-slicing for the block-cipher cores that keep byte j of many 16-byte blocks in vector register j
// (CamelliaSlicedCore, ClefiaGfniCore): the vector widths and the 16x16 byte transpose they share.

/// <summary>The transpose between 16 blocks per 128-bit lane and 16 byte slices.</summary>
internal static unsafe class SlicedLanes
{
    /// <summary>Loads 16 blocks per lane from <paramref name="src"/> and transposes them: r_j = byte j of every block.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void LoadTransposed<TLanes, TV>(
        byte* src, out TV r0, out TV r1, out TV r2, out TV r3, out TV r4, out TV r5, out TV r6, out TV r7,
        out TV r8, out TV r9, out TV r10, out TV r11, out TV r12, out TV r13, out TV r14, out TV r15)
        where TLanes : struct, ISlicedLanes<TV>
        where TV : unmanaged
    {
        r0 = TLanes.Load(src);
        r1 = TLanes.Load(src + 16);
        r2 = TLanes.Load(src + 32);
        r3 = TLanes.Load(src + 48);
        r4 = TLanes.Load(src + 64);
        r5 = TLanes.Load(src + 80);
        r6 = TLanes.Load(src + 96);
        r7 = TLanes.Load(src + 112);
        r8 = TLanes.Load(src + 128);
        r9 = TLanes.Load(src + 144);
        r10 = TLanes.Load(src + 160);
        r11 = TLanes.Load(src + 176);
        r12 = TLanes.Load(src + 192);
        r13 = TLanes.Load(src + 208);
        r14 = TLanes.Load(src + 224);
        r15 = TLanes.Load(src + 240);
        Transpose<TLanes, TV>(ref r0, ref r1, ref r2, ref r3, ref r4, ref r5, ref r6, ref r7, ref r8, ref r9, ref r10, ref r11, ref r12, ref r13, ref r14, ref r15);
    }

    /// <summary>x_j ^= the broadcast key byte k[j] for four slices (a 32-bit key word, most significant byte first).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void XorKeyWord<TLanes, TV>(ref TV x0, ref TV x1, ref TV x2, ref TV x3, Vector128<byte>* k)
        where TLanes : struct, ISlicedLanes<TV>
        where TV : unmanaged
    {
        x0 = TLanes.Xor(x0, TLanes.Key(k));
        x1 = TLanes.Xor(x1, TLanes.Key(k + 1));
        x2 = TLanes.Xor(x2, TLanes.Key(k + 2));
        x3 = TLanes.Xor(x3, TLanes.Key(k + 3));
    }

    /// <summary>Transposes 16 byte slices (r_j = byte j of every block) back into blocks and stores them at <paramref name="dst"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void StoreTransposed<TLanes, TV>(
        byte* dst, TV r0, TV r1, TV r2, TV r3, TV r4, TV r5, TV r6, TV r7, TV r8, TV r9, TV r10, TV r11, TV r12, TV r13, TV r14, TV r15)
        where TLanes : struct, ISlicedLanes<TV>
        where TV : unmanaged
    {
        Transpose<TLanes, TV>(ref r0, ref r1, ref r2, ref r3, ref r4, ref r5, ref r6, ref r7, ref r8, ref r9, ref r10, ref r11, ref r12, ref r13, ref r14, ref r15);
        TLanes.Store(dst, r0);
        TLanes.Store(dst + 16, r1);
        TLanes.Store(dst + 32, r2);
        TLanes.Store(dst + 48, r3);
        TLanes.Store(dst + 64, r4);
        TLanes.Store(dst + 80, r5);
        TLanes.Store(dst + 96, r6);
        TLanes.Store(dst + 112, r7);
        TLanes.Store(dst + 128, r8);
        TLanes.Store(dst + 144, r9);
        TLanes.Store(dst + 160, r10);
        TLanes.Store(dst + 176, r11);
        TLanes.Store(dst + 192, r12);
        TLanes.Store(dst + 208, r13);
        TLanes.Store(dst + 224, r14);
        TLanes.Store(dst + 240, r15);
    }

    /// <summary>
    /// As <see cref="StoreTransposed"/>, each 16 bytes XORed with the 16 bytes of <paramref name="data"/> at the same
    /// offset (CTR: the slices are keystream). Each store follows the load of the data it covers, so data == dst is safe.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void StoreTransposedXor<TLanes, TV>(
        byte* dst, byte* data, TV r0, TV r1, TV r2, TV r3, TV r4, TV r5, TV r6, TV r7, TV r8, TV r9, TV r10, TV r11, TV r12, TV r13, TV r14, TV r15)
        where TLanes : struct, ISlicedLanes<TV>
        where TV : unmanaged
    {
        Transpose<TLanes, TV>(ref r0, ref r1, ref r2, ref r3, ref r4, ref r5, ref r6, ref r7, ref r8, ref r9, ref r10, ref r11, ref r12, ref r13, ref r14, ref r15);
        TLanes.StoreXor(dst, data, r0);
        TLanes.StoreXor(dst + 16, data + 16, r1);
        TLanes.StoreXor(dst + 32, data + 32, r2);
        TLanes.StoreXor(dst + 48, data + 48, r3);
        TLanes.StoreXor(dst + 64, data + 64, r4);
        TLanes.StoreXor(dst + 80, data + 80, r5);
        TLanes.StoreXor(dst + 96, data + 96, r6);
        TLanes.StoreXor(dst + 112, data + 112, r7);
        TLanes.StoreXor(dst + 128, data + 128, r8);
        TLanes.StoreXor(dst + 144, data + 144, r9);
        TLanes.StoreXor(dst + 160, data + 160, r10);
        TLanes.StoreXor(dst + 176, data + 176, r11);
        TLanes.StoreXor(dst + 192, data + 192, r12);
        TLanes.StoreXor(dst + 208, data + 208, r13);
        TLanes.StoreXor(dst + 224, data + 224, r14);
        TLanes.StoreXor(dst + 240, data + 240, r15);
    }

    // A 16x16 byte transpose in four rounds of byte interleaving: register 2i + h takes the low (h = 0) or
    // high half of registers i and i + 8 interleaved. With the register index r and byte index p as one
    // 8-bit number r:p, a round rotates it left by one bit, so four rounds swap r and p. It is its own inverse.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Transpose<TLanes, TV>(
        ref TV r0, ref TV r1, ref TV r2, ref TV r3, ref TV r4, ref TV r5, ref TV r6, ref TV r7,
        ref TV r8, ref TV r9, ref TV r10, ref TV r11, ref TV r12, ref TV r13, ref TV r14, ref TV r15)
        where TLanes : struct, ISlicedLanes<TV>
        where TV : unmanaged
    {
        for (int round = 0; round < 4; round++)
        {
            TV a0 = TLanes.UnpackLow(r0, r8), a1 = TLanes.UnpackHigh(r0, r8);
            TV a2 = TLanes.UnpackLow(r1, r9), a3 = TLanes.UnpackHigh(r1, r9);
            TV a4 = TLanes.UnpackLow(r2, r10), a5 = TLanes.UnpackHigh(r2, r10);
            TV a6 = TLanes.UnpackLow(r3, r11), a7 = TLanes.UnpackHigh(r3, r11);
            TV a8 = TLanes.UnpackLow(r4, r12), a9 = TLanes.UnpackHigh(r4, r12);
            TV a10 = TLanes.UnpackLow(r5, r13), a11 = TLanes.UnpackHigh(r5, r13);
            TV a12 = TLanes.UnpackLow(r6, r14), a13 = TLanes.UnpackHigh(r6, r14);
            TV a14 = TLanes.UnpackLow(r7, r15), a15 = TLanes.UnpackHigh(r7, r15);
            (r0, r1, r2, r3, r4, r5, r6, r7) = (a0, a1, a2, a3, a4, a5, a6, a7);
            (r8, r9, r10, r11, r12, r13, r14, r15) = (a8, a9, a10, a11, a12, a13, a14, a15);
        }
    }
}

/// <summary>
/// What a batch does with its output slices: store them (ECB), or XOR them into data as they are stored (CTR). A type
/// argument with one store each, so a batch compiles with exactly one of them (a branch on a flag left both stores in
/// the batch's inlining budget and made the ECB batches slower).
/// </summary>
internal unsafe interface IBatchOutput
{
    static abstract bool XorData { get; }

    static abstract void Store<TLanes, TV>(
        byte* dst, byte* data, TV r0, TV r1, TV r2, TV r3, TV r4, TV r5, TV r6, TV r7, TV r8, TV r9, TV r10, TV r11, TV r12, TV r13, TV r14, TV r15)
        where TLanes : struct, ISlicedLanes<TV>
        where TV : unmanaged;
}

/// <summary>The batch output is the result (ECB, and CBC's blocks).</summary>
internal readonly unsafe struct Stored : IBatchOutput
{
    public static bool XorData => false;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Store<TLanes, TV>(
        byte* dst, byte* data, TV r0, TV r1, TV r2, TV r3, TV r4, TV r5, TV r6, TV r7, TV r8, TV r9, TV r10, TV r11, TV r12, TV r13, TV r14, TV r15)
        where TLanes : struct, ISlicedLanes<TV>
        where TV : unmanaged =>
        SlicedLanes.StoreTransposed<TLanes, TV>(dst, r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12, r13, r14, r15);
}

/// <summary>The batch output is keystream, XORed into the data as it is stored (CTR).</summary>
internal readonly unsafe struct XoredIntoData : IBatchOutput
{
    public static bool XorData => true;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Store<TLanes, TV>(
        byte* dst, byte* data, TV r0, TV r1, TV r2, TV r3, TV r4, TV r5, TV r6, TV r7, TV r8, TV r9, TV r10, TV r11, TV r12, TV r13, TV r14, TV r15)
        where TLanes : struct, ISlicedLanes<TV>
        where TV : unmanaged =>
        SlicedLanes.StoreTransposedXor<TLanes, TV>(dst, data, r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12, r13, r14, r15);
}

/// <summary>
/// One vector width: <see cref="Blocks"/> = 16 blocks per 128-bit lane; register i of a batch holds block
/// i + 16·l in lane l, so the per-lane unpacks transpose every lane at once.
/// </summary>
internal unsafe interface ISlicedLanes<TV>
    where TV : unmanaged
{
    static abstract int Blocks { get; }

    static abstract TV Load(byte* block);

    static abstract void Store(byte* block, TV value);

    /// <summary>Stores <paramref name="value"/> XORed with the data at the same place of <paramref name="data"/>, 16 bytes at a time.</summary>
    static abstract void StoreXor(byte* block, byte* data, TV value);

    static abstract TV Key(Vector128<byte>* key);

    static abstract TV Xor(TV left, TV right);

    static abstract TV And(TV left, TV right);

    static abstract TV Or(TV left, TV right);

    static abstract TV UnpackLow(TV left, TV right);

    static abstract TV UnpackHigh(TV left, TV right);

    /// <summary>(high &lt;&lt; 1) | (low &gt;&gt; 7) in every byte.</summary>
    static abstract TV RotateCarry(TV high, TV low);

    /// <summary>A 16-byte table (two little-endian qwords) in every 128-bit lane, for <see cref="Shuffle"/>.</summary>
    static abstract TV Table(ulong low, ulong high);

    /// <summary>PSHUFB: table[index &amp; 15] in every byte (index &lt; 128), per 128-bit lane.</summary>
    static abstract TV Shuffle(TV table, TV index);

    /// <summary>x &amp; 0x0F in every byte.</summary>
    static abstract TV LowNibbles(TV x);

    /// <summary>x &gt;&gt; 4 in every byte.</summary>
    static abstract TV HighNibbles(TV x);

    /// <summary>GF2P8AFFINEQB: the affine map (matrix, constant) of every byte (GFNI).</summary>
    static abstract TV Affine(TV x, ulong matrix, [ConstantExpected] byte constant);

    /// <summary>GF2P8AFFINEINVQB: the affine map of the AES-field inverse of every byte (GFNI).</summary>
    static abstract TV AffineInverse(TV x, ulong matrix, [ConstantExpected] byte constant);
}

internal readonly unsafe struct SlicedLanes128 : ISlicedLanes<Vector128<byte>>
{
    public static int Blocks => 16;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<byte> Load(byte* block) => Vector128.Load(block);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Store(byte* block, Vector128<byte> value) => value.Store(block);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void StoreXor(byte* block, byte* data, Vector128<byte> value) => (value ^ Vector128.Load(data)).Store(block);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<byte> Key(Vector128<byte>* key) => *key;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<byte> Xor(Vector128<byte> left, Vector128<byte> right) => left ^ right;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<byte> And(Vector128<byte> left, Vector128<byte> right) => left & right;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<byte> Or(Vector128<byte> left, Vector128<byte> right) => left | right;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<byte> UnpackLow(Vector128<byte> left, Vector128<byte> right) => Sse2.UnpackLow(left, right);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<byte> UnpackHigh(Vector128<byte> left, Vector128<byte> right) => Sse2.UnpackHigh(left, right);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<byte> RotateCarry(Vector128<byte> high, Vector128<byte> low) =>
        (high + high) | Vector128.ShiftRightLogical(low, 7);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<byte> Table(ulong low, ulong high) => Vector128.Create(low, high).AsByte();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<byte> Shuffle(Vector128<byte> table, Vector128<byte> index) => Ssse3.Shuffle(table, index);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<byte> LowNibbles(Vector128<byte> x) => x & Vector128.Create((byte)0x0F);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<byte> HighNibbles(Vector128<byte> x) => Vector128.ShiftRightLogical(x.AsUInt16(), 4).AsByte() & Vector128.Create((byte)0x0F);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<byte> Affine(Vector128<byte> x, ulong matrix, [ConstantExpected] byte constant) =>
        Gfni.GaloisFieldAffineTransform(x, Vector128.Create(matrix).AsByte(), constant);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<byte> AffineInverse(Vector128<byte> x, ulong matrix, [ConstantExpected] byte constant) =>
        Gfni.GaloisFieldAffineTransformInverse(x, Vector128.Create(matrix).AsByte(), constant);
}

internal readonly unsafe struct SlicedLanes256 : ISlicedLanes<Vector256<byte>>
{
    public static int Blocks => 32;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<byte> Load(byte* block) => Vector256.Create(Vector128.Load(block), Vector128.Load(block + 256));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Store(byte* block, Vector256<byte> value)
    {
        value.GetLower().Store(block);
        value.GetUpper().Store(block + 256);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void StoreXor(byte* block, byte* data, Vector256<byte> value)
    {
        (value.GetLower() ^ Vector128.Load(data)).Store(block);
        (value.GetUpper() ^ Vector128.Load(data + 256)).Store(block + 256);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<byte> Key(Vector128<byte>* key) => Avx2.BroadcastVector128ToVector256((byte*)key);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<byte> Xor(Vector256<byte> left, Vector256<byte> right) => left ^ right;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<byte> And(Vector256<byte> left, Vector256<byte> right) => left & right;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<byte> Or(Vector256<byte> left, Vector256<byte> right) => left | right;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<byte> UnpackLow(Vector256<byte> left, Vector256<byte> right) => Avx2.UnpackLow(left, right);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<byte> UnpackHigh(Vector256<byte> left, Vector256<byte> right) => Avx2.UnpackHigh(left, right);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<byte> RotateCarry(Vector256<byte> high, Vector256<byte> low) =>
        (high + high) | Vector256.ShiftRightLogical(low, 7);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<byte> Table(ulong low, ulong high)
    {
        Vector128<byte> table = Vector128.Create(low, high).AsByte();
        return Vector256.Create(table, table);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<byte> Shuffle(Vector256<byte> table, Vector256<byte> index) => Avx2.Shuffle(table, index);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<byte> LowNibbles(Vector256<byte> x) => x & Vector256.Create((byte)0x0F);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<byte> HighNibbles(Vector256<byte> x) => Vector256.ShiftRightLogical(x.AsUInt16(), 4).AsByte() & Vector256.Create((byte)0x0F);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<byte> Affine(Vector256<byte> x, ulong matrix, [ConstantExpected] byte constant) =>
        Gfni.V256.GaloisFieldAffineTransform(x, Vector256.Create(matrix).AsByte(), constant);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<byte> AffineInverse(Vector256<byte> x, ulong matrix, [ConstantExpected] byte constant) =>
        Gfni.V256.GaloisFieldAffineTransformInverse(x, Vector256.Create(matrix).AsByte(), constant);
}

internal readonly unsafe struct SlicedLanes512 : ISlicedLanes<Vector512<byte>>
{
    public static int Blocks => 64;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector512<byte> Load(byte* block) => Vector512.Create(
        Vector256.Create(Vector128.Load(block), Vector128.Load(block + 256)),
        Vector256.Create(Vector128.Load(block + 512), Vector128.Load(block + 768)));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Store(byte* block, Vector512<byte> value)
    {
        value.GetLower().GetLower().Store(block);
        value.GetLower().GetUpper().Store(block + 256);
        value.GetUpper().GetLower().Store(block + 512);
        value.GetUpper().GetUpper().Store(block + 768);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void StoreXor(byte* block, byte* data, Vector512<byte> value)
    {
        (value.GetLower().GetLower() ^ Vector128.Load(data)).Store(block);
        (value.GetLower().GetUpper() ^ Vector128.Load(data + 256)).Store(block + 256);
        (value.GetUpper().GetLower() ^ Vector128.Load(data + 512)).Store(block + 512);
        (value.GetUpper().GetUpper() ^ Vector128.Load(data + 768)).Store(block + 768);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector512<byte> Key(Vector128<byte>* key) => Avx512F.BroadcastVector128ToVector512((uint*)key).AsByte();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector512<byte> Xor(Vector512<byte> left, Vector512<byte> right) => left ^ right;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector512<byte> And(Vector512<byte> left, Vector512<byte> right) => left & right;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector512<byte> Or(Vector512<byte> left, Vector512<byte> right) => left | right;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector512<byte> UnpackLow(Vector512<byte> left, Vector512<byte> right) => Avx512BW.UnpackLow(left, right);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector512<byte> UnpackHigh(Vector512<byte> left, Vector512<byte> right) => Avx512BW.UnpackHigh(left, right);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector512<byte> RotateCarry(Vector512<byte> high, Vector512<byte> low) =>
        (high + high) | Vector512.ShiftRightLogical(low, 7);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector512<byte> Table(ulong low, ulong high)
    {
        Vector128<byte> table = Vector128.Create(low, high).AsByte();
        Vector256<byte> half = Vector256.Create(table, table);
        return Vector512.Create(half, half);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector512<byte> Shuffle(Vector512<byte> table, Vector512<byte> index) => Avx512BW.Shuffle(table, index);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector512<byte> LowNibbles(Vector512<byte> x) => x & Vector512.Create((byte)0x0F);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector512<byte> HighNibbles(Vector512<byte> x) => Vector512.ShiftRightLogical(x.AsUInt16(), 4).AsByte() & Vector512.Create((byte)0x0F);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector512<byte> Affine(Vector512<byte> x, ulong matrix, [ConstantExpected] byte constant) =>
        Gfni.V512.GaloisFieldAffineTransform(x, Vector512.Create(matrix).AsByte(), constant);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector512<byte> AffineInverse(Vector512<byte> x, ulong matrix, [ConstantExpected] byte constant) =>
        Gfni.V512.GaloisFieldAffineTransformInverse(x, Vector512.Create(matrix).AsByte(), constant);
}
#endif

#if NET
using System;
using System.Diagnostics;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
using Panicode.Crypto.Camellia;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Modes;

namespace Panicode.Crypto.Unsafe.Camellia;

/// <summary>
/// Camellia on the x86 GFNI instructions, byte-sliced (RFC 3713 §2.3 data randomizing, §2.4.1 F with the
/// P-function, §2.4.2 FL/FL^-1; key schedule from the Reference assembly's <see cref="CamelliaCore"/>).
/// A batch of 16 blocks per 128-bit lane is transposed so that register j holds byte j of every block;
/// each of the eight F-function byte positions then uses one s-box, which the NTT/Mitsubishi
/// specification (2000) §4.5 writes as an affine map of an inversion in GF(2^8): s(x) = B·inv(A·x ^ a) ^ b,
/// one GF2P8AFFINEQB and one GF2P8AFFINEINVQB per register. The matrices are derived from §4.5 and checked
/// against Tables 4..7 by tools/camellia-gfni/derive.py. The P-function is XORs of slice registers and FL's
/// 32-bit rotation spans four slices. There are no tables and no memory access or branch depending on
/// key or data, so unlike <see cref="CamelliaPortableCore"/> (table lookups) this core is constant-time.
/// Calls with fewer blocks than a batch, and the tail of a call, go to a <see cref="CamelliaPortableCore"/>
/// or through one zero-padded batch, whichever is faster for that count.
/// </summary>
internal sealed unsafe class CamelliaGfniCore : BlockCipher
{
    // From tools/camellia-gfni/derive.py. GFNI matrix qwords: result bit i = parity(byte [7 - i] & x) ^ constant bit i.
    private const ulong PreS123 = 0x3E8AD8B52D81A4C5;   // A = phi·M·f (s1, s2, s3)
    private const ulong PreS4 = 0x1F456CDA96C052E2;     // A·rotl1 (s4)
    private const byte PreConstant = 0x0B;              // A·0xc5
    private const ulong PostS14 = 0xC0BA5F8C8DFC1E04;   // B = h·M^-1·phi^-1 (s1, s4)
    private const ulong PostS2 = 0x04C0BA5F8C8DFC1E;    // rotl1·B
    private const ulong PostS3 = 0xBA5F8C8DFC1E04C0;    // rotr1·B
    private const byte PostS14Constant = 0x6E;
    private const byte PostS2Constant = 0xDC;
    private const byte PostS3Constant = 0x37;

    // Eight broadcast vectors per subkey (byte 0 = most significant), in CamelliaCore's subkey order.
    private readonly Vector128<byte>[] _encryptionKeys;
    private readonly Vector128<byte>[] _decryptionKeys;
    private readonly CamelliaPortableCore _portable;

    public CamelliaGfniCore(ReadOnlySpan<byte> key)
        : base(16)
    {
        Debug.Assert(key.Length is 16 or 24 or 32);
        Debug.Assert(IsSupported);
        ulong[] encryption = CamelliaCore.ExpandKey(key);
        ulong[] decryption = CamelliaCore.ReverseSchedule(encryption);
        _encryptionKeys = Broadcast(encryption);
        _decryptionKeys = Broadcast(decryption);
        Secret.Clear(encryption);
        Secret.Clear(decryption);
        _portable = new CamelliaPortableCore(key);
    }

    /// <summary>True where the CPU has GFNI (and the SSE2 byte unpacks it implies).</summary>
    public static bool IsSupported => Gfni.IsSupported;

    protected override void EncryptCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        int done = Crypt(source, destination, _encryptionKeys);
        if (done < source.Length)
        {
            _portable.Encrypt(source.Slice(done), destination.Slice(done));
        }
    }

    protected override void DecryptCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        int done = Crypt(source, destination, _decryptionKeys);
        if (done < source.Length)
        {
            _portable.Decrypt(source.Slice(done), destination.Slice(done));
        }
    }

    protected override void ClearKeySchedule()
    {
        Secret.Clear(_encryptionKeys);
        Secret.Clear(_decryptionKeys);
        _portable.Dispose();
    }

    private static Vector128<byte>[] Broadcast(ulong[] subkeys)
    {
        Vector128<byte>[] broadcast = new Vector128<byte>[8 * subkeys.Length];
        for (int i = 0; i < broadcast.Length; i++)
        {
            broadcast[i] = Vector128.Create((byte)(subkeys[i / 8] >> (56 - (8 * (i % 8)))));
        }

        return broadcast;
    }

    /// <summary>Runs the whole batches of a call; returns the bytes done, the rest is for the portable core.</summary>
    private static int Crypt(ReadOnlySpan<byte> source, Span<byte> destination, Vector128<byte>[] keys)
    {
        int blocks = source.Length / 16;
        int batches = blocks / Lanes128.Blocks;
        if (batches == 0)
        {
            return 0;
        }

        Vector128<byte>* state = stackalloc Vector128<byte>[16];
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (Vector128<byte>* k = keys)
        {
            for (int i = 0; i < batches; i++)
            {
                Batch<Lanes128, Vector128<byte>>(src + (i * 16 * Lanes128.Blocks), dst + (i * 16 * Lanes128.Blocks), k, keys.Length / 8, state);
            }
        }

        Secret.Clear(new Span<byte>(state, 16 * sizeof(Vector128<byte>)));
        return batches * Lanes128.Blocks * 16;
    }

    // Subkey layout as in CamelliaCore: kw1, kw2, six round keys, ke pair, six, ke pair, six, [ke pair, six,] kw3, kw4;
    // eight vectors each. state[0..7] is D1 (t1..t8 of its F input), state[8..15] is D2.
    private static void Batch<TLanes, TV>(byte* src, byte* dst, Vector128<byte>* keys, int keyCount, TV* state)
        where TLanes : struct, ILanes<TV>
        where TV : unmanaged
    {
        Transpose<TLanes, TV>(src, state);
        for (int j = 0; j < 16; j++)
        {
            state[j] = TLanes.Xor(state[j], TLanes.Key(keys + j));
        }

        Vector128<byte>* k = keys + 16;
        Vector128<byte>* postWhitening = keys + (8 * (keyCount - 2));
        while (true)
        {
            for (int i = 0; i < 3; i++, k += 16)
            {
                Round<TLanes, TV>(state, state + 8, k);
                Round<TLanes, TV>(state + 8, state, k + 8);
            }

            if (k == postWhitening)
            {
                break;
            }

            FL<TLanes, TV>(state, k);
            FLInverse<TLanes, TV>(state + 8, k + 8);
            k += 16;
        }

        // C = (D2 ^ kw3) || (D1 ^ kw4): swap the halves while whitening, then transpose back into blocks.
        for (int j = 0; j < 8; j++)
        {
            TV d1 = state[j];
            state[j] = TLanes.Xor(state[j + 8], TLanes.Key(k + j));
            state[j + 8] = TLanes.Xor(d1, TLanes.Key(k + 8 + j));
        }

        Transpose<TLanes, TV>(state, dst);
    }

    // RFC 3713 §2.4.1: y ^= P(S(x ^ k)). The s-boxes by position are s1, s2, s3, s4, s2, s3, s4, s1.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Round<TLanes, TV>(TV* x, TV* y, Vector128<byte>* k)
        where TLanes : struct, ILanes<TV>
        where TV : unmanaged
    {
        TV t0 = TLanes.SBox(TLanes.Xor(x[0], TLanes.Key(k)), PreS123, PostS14, PostS14Constant);
        TV t1 = TLanes.SBox(TLanes.Xor(x[1], TLanes.Key(k + 1)), PreS123, PostS2, PostS2Constant);
        TV t2 = TLanes.SBox(TLanes.Xor(x[2], TLanes.Key(k + 2)), PreS123, PostS3, PostS3Constant);
        TV t3 = TLanes.SBox(TLanes.Xor(x[3], TLanes.Key(k + 3)), PreS4, PostS14, PostS14Constant);
        TV t4 = TLanes.SBox(TLanes.Xor(x[4], TLanes.Key(k + 4)), PreS123, PostS2, PostS2Constant);
        TV t5 = TLanes.SBox(TLanes.Xor(x[5], TLanes.Key(k + 5)), PreS123, PostS3, PostS3Constant);
        TV t6 = TLanes.SBox(TLanes.Xor(x[6], TLanes.Key(k + 6)), PreS4, PostS14, PostS14Constant);
        TV t7 = TLanes.SBox(TLanes.Xor(x[7], TLanes.Key(k + 7)), PreS123, PostS14, PostS14Constant);

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
        t4 = TLanes.Xor(t4, t3);
        t5 = TLanes.Xor(t5, t0);
        t6 = TLanes.Xor(t6, t1);
        t7 = TLanes.Xor(t7, t2);

        y[0] = TLanes.Xor(y[0], t4);
        y[1] = TLanes.Xor(y[1], t5);
        y[2] = TLanes.Xor(y[2], t6);
        y[3] = TLanes.Xor(y[3], t7);
        y[4] = TLanes.Xor(y[4], t0);
        y[5] = TLanes.Xor(y[5], t1);
        y[6] = TLanes.Xor(y[6], t2);
        y[7] = TLanes.Xor(y[7], t3);
    }

    // RFC 3713 §2.4.2, FL: X2 ^= (X1 & KL1) <<< 1; X1 ^= X2 | KL2. Slices 0..3 are X1 (most significant first).
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void FL<TLanes, TV>(TV* x, Vector128<byte>* k)
        where TLanes : struct, ILanes<TV>
        where TV : unmanaged
    {
        RotateAndMix<TLanes, TV>(x, x + 4, k);
        OrAndMix<TLanes, TV>(x + 4, x, k + 4);
    }

    // FL^-1: Y1 ^= Y2 | KL2; Y2 ^= (Y1 & KL1) <<< 1.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void FLInverse<TLanes, TV>(TV* y, Vector128<byte>* k)
        where TLanes : struct, ILanes<TV>
        where TV : unmanaged
    {
        OrAndMix<TLanes, TV>(y + 4, y, k + 4);
        RotateAndMix<TLanes, TV>(y, y + 4, k);
    }

    // to ^= (from & k) <<< 1 on a 32-bit word held as four slices: byte i of the rotation is
    // (b[i] << 1) | (b[i + 1] >> 7), b[4] being b[0].
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void RotateAndMix<TLanes, TV>(TV* from, TV* to, Vector128<byte>* k)
        where TLanes : struct, ILanes<TV>
        where TV : unmanaged
    {
        TV b0 = TLanes.And(from[0], TLanes.Key(k));
        TV b1 = TLanes.And(from[1], TLanes.Key(k + 1));
        TV b2 = TLanes.And(from[2], TLanes.Key(k + 2));
        TV b3 = TLanes.And(from[3], TLanes.Key(k + 3));
        to[0] = TLanes.Xor(to[0], TLanes.RotateCarry(b0, b1));
        to[1] = TLanes.Xor(to[1], TLanes.RotateCarry(b1, b2));
        to[2] = TLanes.Xor(to[2], TLanes.RotateCarry(b2, b3));
        to[3] = TLanes.Xor(to[3], TLanes.RotateCarry(b3, b0));
    }

    // to ^= from | k on four slices.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void OrAndMix<TLanes, TV>(TV* from, TV* to, Vector128<byte>* k)
        where TLanes : struct, ILanes<TV>
        where TV : unmanaged
    {
        for (int i = 0; i < 4; i++)
        {
            to[i] = TLanes.Xor(to[i], TLanes.Or(from[i], TLanes.Key(k + i)));
        }
    }

    // A 16x16 byte transpose in four rounds of byte interleaving: register 2i + h takes the low (h = 0) or
    // high half of registers i and i + 8 interleaved. With the register index r and byte index p as one
    // 8-bit number r:p, a round rotates it left by one bit, so four rounds swap r and p. It is its own inverse.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Transpose<TLanes, TV>(byte* src, TV* slices)
        where TLanes : struct, ILanes<TV>
        where TV : unmanaged
    {
        TV* a = stackalloc TV[16];
        for (int i = 0; i < 16; i++)
        {
            a[i] = TLanes.Load(src + (16 * i));
        }

        Interleave<TLanes, TV>(a, slices);
        Interleave<TLanes, TV>(slices, a);
        Interleave<TLanes, TV>(a, slices);
        Interleave<TLanes, TV>(slices, a);
        for (int i = 0; i < 16; i++)
        {
            slices[i] = a[i];
        }

        Secret.Clear(new Span<byte>(a, 16 * sizeof(TV)));
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Transpose<TLanes, TV>(TV* slices, byte* dst)
        where TLanes : struct, ILanes<TV>
        where TV : unmanaged
    {
        TV* a = stackalloc TV[16];
        Interleave<TLanes, TV>(slices, a);
        Interleave<TLanes, TV>(a, slices);
        Interleave<TLanes, TV>(slices, a);
        Interleave<TLanes, TV>(a, slices);
        for (int i = 0; i < 16; i++)
        {
            TLanes.Store(dst + (16 * i), slices[i]);
        }

        Secret.Clear(new Span<byte>(a, 16 * sizeof(TV)));
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Interleave<TLanes, TV>(TV* from, TV* to)
        where TLanes : struct, ILanes<TV>
        where TV : unmanaged
    {
        for (int i = 0; i < 8; i++)
        {
            to[2 * i] = TLanes.UnpackLow(from[i], from[i + 8]);
            to[(2 * i) + 1] = TLanes.UnpackHigh(from[i], from[i + 8]);
        }
    }

    /// <summary>
    /// One vector width: <see cref="Blocks"/> = 16 blocks per 128-bit lane; register i of a batch holds block
    /// i + 16·l in lane l, so the per-lane unpacks transpose every lane at once.
    /// </summary>
    private interface ILanes<TV>
        where TV : unmanaged
    {
        static abstract int Blocks { get; }

        static abstract TV Load(byte* block);

        static abstract void Store(byte* block, TV value);

        static abstract TV Key(Vector128<byte>* key);

        static abstract TV Xor(TV left, TV right);

        static abstract TV And(TV left, TV right);

        static abstract TV Or(TV left, TV right);

        static abstract TV UnpackLow(TV left, TV right);

        static abstract TV UnpackHigh(TV left, TV right);

        /// <summary>(high &lt;&lt; 1) | (low &gt;&gt; 7) in every byte.</summary>
        static abstract TV RotateCarry(TV high, TV low);

        /// <summary>B·inv(A·x ^ <see cref="PreConstant"/>) ^ postConstant in every byte.</summary>
        static abstract TV SBox(TV x, ulong pre, ulong post, [ConstantExpected] byte postConstant);
    }

    private readonly struct Lanes128 : ILanes<Vector128<byte>>
    {
        public static int Blocks => 16;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Vector128<byte> Load(byte* block) => Vector128.Load(block);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void Store(byte* block, Vector128<byte> value) => value.Store(block);

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
        public static Vector128<byte> SBox(Vector128<byte> x, ulong pre, ulong post, [ConstantExpected] byte postConstant) =>
            Gfni.GaloisFieldAffineTransformInverse(
                Gfni.GaloisFieldAffineTransform(x, Vector128.Create(pre).AsByte(), PreConstant),
                Vector128.Create(post).AsByte(),
                postConstant);
    }
}
#endif

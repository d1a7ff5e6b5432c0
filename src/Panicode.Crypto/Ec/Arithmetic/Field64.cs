// The word-level helpers of every multi-precision loop (Wide: 64 x 64 -> 128-bit products, carries, masks; EC and
// the Montgomery layer of RSA, DSA and DH share them), and GF(p) on spans of 64-bit limbs in Montgomery form
// x R mod p, R = 2^(64 n) (Field64): the scalar field's arithmetic, the engine's inversion of public elements and
// FieldN's loops, on the Montgomery layer's modulus and CIOS kernel (Koç, Acar and Kaliski, IEEE Micro 1996, §4).
// 256-bit moduli (P-256, secp256k1, brainpoolP256r1 and their orders) take a written-out product. Elements are
// always fully reduced in [0, p); nothing here branches or indexes memory on element values. Limbs are combined
// with shifts, never reinterpreted as bytes, so the code is byte-order independent.

using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using Panicode.Crypto.Modular;

namespace Panicode.Crypto.Ec;

/// <summary>Double-word arithmetic on ulong limbs, branch-free.</summary>
internal static class Wide
{
    /// <summary>hi:lo = a * b + c + d. The sum is at most (2^64 - 1)^2 + 2 (2^64 - 1) = 2^128 - 1: no overflow.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong MulAdd(ulong a, ulong b, ulong c, ulong d, out ulong lo)
    {
        ulong hi = Mul(a, b, out ulong l);
        ulong s = l + c;
        hi += Carry(l, c, s);
        ulong t = s + d;
        hi += Carry(s, d, t);

        // One store to lo, after the carries: lo is often an array element (the CIOS loops' t[j]), and a carry test
        // that read it back would go through memory.
        lo = t;
        return hi;
    }

    /// <summary>
    /// (hi mid lo) += a * b: one multiply-accumulate of the product-scanning loops (the generated field structs),
    /// whose column sum lives in three words. The caller keeps hi from wrapping (its column bounds); the high half of a
    /// product is at most 2^64 - 2, so adding the low word's carry to it cannot wrap. Inlined, the words passed by
    /// reference are the caller's locals and stay in registers (docs/benchmarks.md, "One multiply-accumulate per
    /// statement").
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void MulAcc(ulong a, ulong b, ref ulong lo, ref ulong mid, ref ulong hi)
    {
        ulong h = Mul(a, b, out ulong l);
#if NET
        // Carry's comparison written here rather than called: one inline level less per product, which keeps the
        // 128 products of an 8-limb multiplication inside the JIT's inlining budget, and no sum temporary.
        lo += l;
        h += lo < l ? 1UL : 0UL;
        mid += h;
        hi += mid < h ? 1UL : 0UL;
#else
        ulong s = lo + l;
        h += Carry(lo, l, s);
        lo = s;
        s = mid + h;
        hi += Carry(mid, h, s);
        mid = s;
#endif
    }

    /// <summary>
    /// (hi mid lo) += 2 (d2 d1 d0): a squaring column's cross products, summed once, doubled and added to the
    /// accumulator. The caller keeps d2 below 2^63 (the doubling loses no bit) and hi from wrapping.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void AddDoubled(ulong d0, ulong d1, ulong d2, ref ulong lo, ref ulong mid, ref ulong hi)
    {
        d2 = (d2 << 1) | (d1 >> 63);
        d1 = (d1 << 1) | (d0 >> 63);
        d0 <<= 1;
        ulong s = lo + d0;
        ulong c = Carry(lo, d0, s);
        lo = s;
        mid = Adc(mid, d1, ref c);
        hi += d2 + c;
    }

    /// <summary>hi:lo = a * b.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong Mul(ulong a, ulong b, out ulong lo)
    {
#if NET5_0_OR_GREATER
        // Math.BigMul stores the low half of its MULX to the stack and reloads it (.NET 10); a second product for
        // the low half (IMUL) keeps both in registers, which matters on the Montgomery reductions' serial chain
        // (docs/benchmarks.md, "EC field arithmetic and point formulas", step 1).
        if (EcIntrinsics.Bmi2X64)
        {
            lo = a * b;
            return System.Runtime.Intrinsics.X86.Bmi2.X64.MultiplyNoFlags(a, b);
        }

        return Math.BigMul(a, b, out lo);
#else
        return MulPortable(a, b, out lo);
#endif
    }

    /// <summary>
    /// hi:lo = a * b from four 32 x 32 -> 64-bit products (schoolbook on half-words), no intrinsic: netstandard2.0,
    /// and the Unsafe Montgomery layer's portable multiplier. The middle sum (p00 >> 32) + (uint)p01 + (uint)p10
    /// &lt; 3 * 2^32 cannot overflow.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong MulPortable(ulong a, ulong b, out ulong lo)
    {
        ulong a0 = (uint)a, a1 = a >> 32, b0 = (uint)b, b1 = b >> 32;
        ulong p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
        ulong mid = (p00 >> 32) + (uint)p01 + (uint)p10;
        lo = (mid << 32) | (uint)p00;
        return p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
    }

    /// <summary>
    /// -x^-1 mod 2^64 for odd x (Montgomery's m0). Newton's iteration y = y (2 - x y) doubles the correct low bits of
    /// x^-1 each step; y = x is right to 3 bits (x x = 1 mod 8 for odd x), so five steps give 96 >= 64 bits.
    /// </summary>
    public static ulong NegInverse(ulong x)
    {
        ulong inv = x;
        for (int i = 0; i < 5; i++)
        {
            inv *= 2 - (x * inv);
        }

        Debug.Assert(inv * x == 1);
        return 0UL - inv;
    }

    /// <summary>
    /// The carry out of s = x + y (0 or 1). On .NET, the comparison s &lt; x: the C# compiler emits it as one IL
    /// comparison (clt.un, no branch) and the JIT as CMP + SETB (checked with DOTNET_JitDisasm on .NET 10 x64, in
    /// optimized and tier-0 code), about a third fewer instructions in a 4-limb product than the bit formula
    /// (docs/benchmarks.md, "Reference flavour on field structs"). Elsewhere from the top bits alone (Hacker's Delight §2-13).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
#if NET
    public static ulong Carry(ulong x, ulong y, ulong s) => s < x ? 1UL : 0UL;
#else
    public static ulong Carry(ulong x, ulong y, ulong s) => ((x & y) | ((x | y) & ~s)) >> 63;
#endif

    /// <summary>The borrow out of d = x - y (0 or 1): on .NET the comparison x &lt; y, as <see cref="Carry"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
#if NET
    public static ulong Borrow(ulong x, ulong y, ulong d) => x < y ? 1UL : 0UL;
#else
    public static ulong Borrow(ulong x, ulong y, ulong d) => ((~x & y) | (~(x ^ y) & d)) >> 63;
#endif

    /// <summary>x + y + carry (carry 0 or 1); carry becomes the carry out.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong Adc(ulong x, ulong y, ref ulong carry)
    {
        ulong s = x + y;
        ulong c1 = Carry(x, y, s);
        ulong s2 = s + carry;
        carry = c1 | Carry(s, carry, s2);
        return s2;
    }

    /// <summary>x - y - borrow (borrow 0 or 1); borrow becomes the borrow out.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong Sbb(ulong x, ulong y, ref ulong borrow)
    {
        ulong d = x - y;
        ulong b1 = Borrow(x, y, d);
        ulong d2 = d - borrow;
        borrow = b1 | Borrow(d, borrow, d2);
        return d2;
    }

    /// <summary>s = x + y; c is the carry out (one test: y is a whole word, no carry comes in).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong AddWord(ulong x, ulong y, out ulong c)
    {
        ulong s = x + y;
        c = Carry(x, y, s);
        return s;
    }

    /// <summary>
    /// (high, low) = q pj + t + c for a limb pj of the public modulus. An all-ones limb needs no multiplication:
    /// q (2^64 - 1) + t + c = q 2^64 + (t + c - q), whose high word q + carry - borrow cannot overflow because the
    /// whole value is below 2^128; a zero limb is a plain addition. The branches test only the modulus (public, the
    /// same on every call); q, t and c go through straight-line arithmetic.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong MulAddP(ulong q, ulong pj, ulong t, ulong c, out ulong low)
    {
        if (pj == ulong.MaxValue)
        {
            ulong s = t + c;
            ulong c1 = Carry(t, c, s);
            ulong d = s - q;
            ulong b1 = Borrow(s, q, d);
            low = d;
            return q + c1 - b1;
        }

        if (pj == 0)
        {
            ulong s = t + c;
            low = s;
            return Carry(t, c, s);
        }

        return MulAdd(q, pj, t, c, out low);
    }

    /// <summary>All ones when ctl = 1, zero when ctl = 0.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong Mask(ulong ctl) => 0UL - ctl;

    /// <summary>1 when x is zero.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong IsZero(ulong x) => ~(x | (0UL - x)) >> 63;
}

/// <summary>
/// GF(p) in Montgomery form over the Montgomery layer's modulus (<see cref="Modulus"/>: p, -p^-1 mod 2^64, R and
/// R^2 mod p) and its limb loops (<see cref="CiosKernel"/>, <see cref="Limbs64"/>), with written-out products for four
/// and six limbs; divstep inversion (constant time) and the layer's binary extended Euclid (public values).
/// </summary>
internal sealed class Field64
{
    private readonly Modulus _m;
    private readonly ulong[] _r3;   // R^3 mod p: Mul((a R)^-1, R3) = a^-1 R
    private readonly Field6 _six;   // the written-out six-limb Montgomery arithmetic, same R = 2^384, when N = 6

    public Field64(ReadOnlySpan<byte> modulusBigEndian)
    {
        _m = Modulus.FromBigEndian(modulusBigEndian);
        N = _m.Limbs;
        Bits = _m.Bits;
        ByteLength = (Bits + 7) / 8;
        if (N == 6)
        {
            _six = new Field6(CurveParameters.ToInteger(modulusBigEndian));
        }

        _r3 = new ulong[N];
        Mul(_r3, R2, R2);
    }

    /// <summary>Number of 64-bit limbs of an element.</summary>
    public int N { get; }

    /// <summary>Bit length of p.</summary>
    public int Bits { get; }

    /// <summary>Length of the big-endian encoding of an element.</summary>
    public int ByteLength { get; }

    /// <summary>p with its Montgomery constants, for the Montgomery layer's operations.</summary>
    public Modulus Modulus => _m;

    public ReadOnlySpan<ulong> One => _m.One;

    /// <summary>R^2 mod p: Mul(x, R2) converts a plain x &lt; R to Montgomery form.</summary>
    public ReadOnlySpan<ulong> R2 => _m.R2;

    /// <summary>R^3 mod p: Mul(x^-1, R3) turns the inverse of the limbs x = a R into the Montgomery form of a^-1.</summary>
    public ReadOnlySpan<ulong> R3 => _r3;

    /// <summary>r = a b R^-1 mod p, for a &lt; R and b &lt; p (CiosKernel's condition). r may alias a or b.</summary>
    [MethodImpl(Hot.Optimize)]
    public void Mul(Span<ulong> r, ReadOnlySpan<ulong> a, ReadOnlySpan<ulong> b)
    {
        if (N == 4)
        {
            Mul4(r, a, b);
            return;
        }

        if (N == 6)
        {
            // P-384's scalar field and any 6-limb use: no loop, no span in the product.
            Fe6 x = _six.Load(a);
            Fe6 y = _six.Load(b);
            _six.Mul(ref x, in x, in y);
            _six.Store(in x, r);
            return;
        }

        default(CiosKernel).Multiply(r, a, b, _m.N, _m.N0);
    }

    /// <summary>The four-limb case of <see cref="Mul"/>, written out on locals (CiosKernel's steps).</summary>
    [MethodImpl(Hot.Optimize)]
    private void Mul4(Span<ulong> r, ReadOnlySpan<ulong> a, ReadOnlySpan<ulong> b)
    {
        ulong[] p = _m.N;
        ulong a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3];
        ulong p0 = p[0], p1 = p[1], p2 = p[2], p3 = p[3];
        ulong m0 = _m.N0;
        ulong t0 = 0, t1 = 0, t2 = 0, t3 = 0, t4 = 0;
        for (int i = 0; i < 4; i++)
        {
            ulong bi = b[i];
            ulong c = Wide.MulAdd(a0, bi, t0, 0, out t0);
            c = Wide.MulAdd(a1, bi, t1, c, out t1);
            c = Wide.MulAdd(a2, bi, t2, c, out t2);
            c = Wide.MulAdd(a3, bi, t3, c, out t3);
            ulong s = t4 + c;
            ulong t5 = Wide.Carry(t4, c, s);
            t4 = s;

            ulong m = t0 * m0;
            c = Wide.MulAdd(m, p0, t0, 0, out _);
            c = Wide.MulAdd(m, p1, t1, c, out t0);
            c = Wide.MulAdd(m, p2, t2, c, out t1);
            c = Wide.MulAdd(m, p3, t3, c, out t2);
            s = t4 + c;
            t4 = t5 + Wide.Carry(t4, c, s);
            t3 = s;
        }

        // r = t - p when t >= p (t < 2p, t4 is its bit 256).
        ulong br = 0;
        ulong d0 = Wide.Sbb(t0, p0, ref br);
        ulong d1 = Wide.Sbb(t1, p1, ref br);
        ulong d2 = Wide.Sbb(t2, p2, ref br);
        ulong d3 = Wide.Sbb(t3, p3, ref br);
        ulong keep = Wide.Mask(br & (t4 ^ 1));   // borrow and no bit 256: t < p
        r[0] = d0 ^ (keep & (d0 ^ t0));
        r[1] = d1 ^ (keep & (d1 ^ t1));
        r[2] = d2 ^ (keep & (d2 ^ t2));
        r[3] = d3 ^ (keep & (d3 ^ t3));
    }

    /// <summary>r = a^2 R^-1 mod p.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Sqr(Span<ulong> r, ReadOnlySpan<ulong> a)
    {
        if (N == 6)
        {
            Fe6 x = _six.Load(a);
            _six.Sqr(ref x, in x);
            _six.Store(in x, r);
            return;
        }

        Mul(r, a, a);
    }

    /// <summary>r = a + b mod p (N limbs).</summary>
    public void Add(Span<ulong> r, ReadOnlySpan<ulong> a, ReadOnlySpan<ulong> b) => Limbs64.AddMod(r, a, b, _m.N);

    /// <summary>r = a - b mod p (N limbs).</summary>
    public void Sub(Span<ulong> r, ReadOnlySpan<ulong> a, ReadOnlySpan<ulong> b) => Limbs64.SubMod(r, a, b, _m.N);

    /// <summary>x = x / 2 mod p: (x + p) / 2 when x is odd (added under a mask), the sum's carry becoming the top bit.</summary>
    public void Half(Span<ulong> x)
    {
        ulong[] p = _m.N;
        ulong mask = Wide.Mask(x[0] & 1);
        ulong carry = 0;
        for (int i = 0; i < x.Length; i++)
        {
            x[i] = Wide.Adc(x[i], p[i] & mask, ref carry);
        }

        int last = x.Length - 1;
        for (int i = 0; i < last; i++)
        {
            x[i] = (x[i] >> 1) | (x[i + 1] << 63);
        }

        x[last] = (x[last] >> 1) | (carry << 63);
    }

    /// <summary>
    /// r = a^-1 (Montgomery form in and out; 0 for a = 0) in constant time by divsteps (<see cref="DivstepInverse"/>):
    /// the plain inverse of the limbs a R is a^-1 R^-1, and the constant R^2 makes it a^-1 R.
    /// </summary>
    public void Invert(Span<ulong> r, ReadOnlySpan<ulong> a) => DivstepInverse.Invert(_m, r, a, R2);

    /// <summary>
    /// r = a^-1 mod p for a public a given as plain limbs (r = 0 for a = 0), by the Montgomery layer's binary
    /// extended Euclid (ModularArithmetic.InverseVartime) in variable time. The result is plain as well, so for an
    /// element a R in Montgomery form it is (a R)^-1, and a Montgomery product with R^3 gives a^-1 R. Public data only
    /// (verification, tables of public points).
    /// </summary>
    public void InvertVar(Span<ulong> r, ReadOnlySpan<ulong> a)
    {
        if (!ModularArithmetic.InverseVartime(_m, r, a))
        {
            r.Clear();
        }
    }

    /// <summary>Montgomery form of a big-endian integer below p; false (r zero) when it is not below p.</summary>
    public bool TryDecode(ReadOnlySpan<byte> bigEndian, Span<ulong> r)
    {
        if (bigEndian.Length > 8 * N)
        {
            r.Clear();
            return false;
        }

        Span<ulong> t = stackalloc ulong[N];
        Limbs64.FromBigEndian(bigEndian, t);
        ulong ok = Limbs64.LessThan(t, _m.N);
        Mul(r, t, R2);
        ulong mask = Wide.Mask(ok);
        for (int i = 0; i < r.Length; i++)
        {
            r[i] &= mask;
        }

        t.Clear();
        return ok == 1;
    }

    /// <summary>Writes a (Montgomery form) as a big-endian integer of exactly bigEndian.Length bytes.</summary>
    public void Encode(ReadOnlySpan<ulong> a, Span<byte> bigEndian)
    {
        Span<ulong> t = stackalloc ulong[N];
        Span<ulong> one = stackalloc ulong[N];
        one.Clear();
        one[0] = 1;
        Mul(t, a, one);
        Limbs64.ToBigEndian(t, bigEndian);
        t.Clear();
    }
}

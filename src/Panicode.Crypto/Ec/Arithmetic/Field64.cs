// GF(p) on 64-bit limbs in Montgomery form x R mod p, R = 2^(64 n): coarsely integrated operand scanning
// (CIOS), Koç, Acar and Kaliski, "Analyzing and Comparing Montgomery Multiplication Algorithms", IEEE Micro
// 1996, §4, with 64x64 -> 128-bit limb products. The Reference groups invert public elements with it (InvertVar); the class is
// sealed and its members are not virtual, so the point formulas make direct (inlinable) calls. 256-bit primes
// (four limbs: P-256, secp256k1, brainpoolP256r1, and the scalar fields of those curves) take a written-out
// path. Elements are always fully reduced in [0, p); nothing here branches or indexes memory on element values.
// Limbs are combined with shifts, never reinterpreted as bytes, so the code is byte-order independent.

using System;
using System.Diagnostics;
using System.Numerics;
using System.Runtime.CompilerServices;

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
        // netstandard2.0: four 32x32 -> 64 products (schoolbook on half-words).
        ulong a0 = (uint)a, a1 = a >> 32, b0 = (uint)b, b1 = b >> 32;
        ulong p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
        ulong mid = (p00 >> 32) + (uint)p01 + (uint)p10;
        lo = (mid << 32) | (uint)p00;
        return p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
#endif
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

internal sealed class Field64
{
    private readonly ulong[] _p;
    private readonly ulong[] _pMinus2;
    private readonly ulong _m0;     // -p^-1 mod 2^64
    private readonly ulong[] _one;  // R mod p
    private readonly ulong[] _r2;   // R^2 mod p
    private readonly Field6 _six;   // the written-out six-limb Montgomery arithmetic, same R = 2^384, when N = 6

    public Field64(ReadOnlySpan<byte> modulusBigEndian)
    {
        BigInteger p = CurveParameters.ToInteger(modulusBigEndian);
        int bits = Limbs.BitLengthPublic(modulusBigEndian);
        Debug.Assert(!p.IsEven && bits > 1, "an odd modulus above 1");
        Bits = bits;
        ByteLength = (bits + 7) / 8;
        N = (bits + 63) / 64;
        _p = FromInteger(p, N);
        _pMinus2 = FromInteger(p - 2, N);

        _m0 = NegInverse64(_p[0]);
        if (N == 6)
        {
            _six = new Field6(p);
        }

        BigInteger r = BigInteger.One << (64 * N);
        _one = FromInteger(r % p, N);
        _r2 = FromInteger(r * r % p, N);
    }

    /// <summary>Number of 64-bit limbs of an element.</summary>
    public int N { get; }

    /// <summary>
    /// -p0^-1 mod 2^64 for odd p0. Newton's iteration x = x (2 - p0 x) doubles the correct low bits of p0^-1 each
    /// step; x = p0 is right to 3 bits (p0 p0 = 1 mod 8 for odd p0), so five steps give 96 >= 64 bits.
    /// </summary>
    public static ulong NegInverse64(ulong p0)
    {
        ulong inv = p0;
        for (int i = 0; i < 5; i++)
        {
            inv *= 2 - (p0 * inv);
        }

        Debug.Assert(inv * p0 == 1);
        return 0UL - inv;
    }

    /// <summary>Bit length of p.</summary>
    public int Bits { get; }

    /// <summary>Length of the big-endian encoding of an element.</summary>
    public int ByteLength { get; }

    public ReadOnlySpan<ulong> One => _one;

    public ReadOnlySpan<ulong> Modulus => _p;

    /// <summary>R^2 mod p: Mul(x, R2) converts a plain x &lt; R to Montgomery form.</summary>
    public ReadOnlySpan<ulong> R2 => _r2;

    /// <summary>
    /// r = a b R^-1 mod p, for a &lt; R and b &lt; p (so a b &lt; R p and the CIOS invariant t &lt; 2p holds after
    /// every outer step; one conditional subtraction finishes). r may alias a or b.
    /// </summary>
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
            // P-384's scalar field (the signature's k^-1 by Fermat) and any 6-limb use: no loop, no span in the product.
            Fe6 x = _six.Load(a);
            Fe6 y = _six.Load(b);
            _six.Mul(ref x, in x, in y);
            _six.Store(in x, r);
            return;
        }

        int n = N;
        ulong[] p = _p;
        Span<ulong> t = stackalloc ulong[n + 2];
        t.Clear();
        for (int i = 0; i < n; i++)
        {
            // t += a b_i
            ulong bi = b[i];
            ulong c = 0;
            for (int j = 0; j < n; j++)
            {
                c = Wide.MulAdd(a[j], bi, t[j], c, out t[j]);
            }

            ulong s = t[n] + c;
            t[n + 1] = Wide.Carry(t[n], c, s);
            t[n] = s;

            // t = (t + m p) / 2^64 with m chosen so the low limb cancels.
            ulong m = t[0] * _m0;
            c = Wide.MulAdd(m, p[0], t[0], 0, out _);
            for (int j = 1; j < n; j++)
            {
                c = Wide.MulAdd(m, p[j], t[j], c, out t[j - 1]);
            }

            s = t[n] + c;
            t[n] = t[n + 1] + Wide.Carry(t[n], c, s);
            t[n - 1] = s;
        }

        FinalSubtract(r, t.Slice(0, n), t[n]);
        t.Clear();
    }

    /// <summary>The four-limb case of <see cref="Mul"/>, written out on locals (same CIOS steps).</summary>
    [MethodImpl(Hot.Optimize)]
    private void Mul4(Span<ulong> r, ReadOnlySpan<ulong> a, ReadOnlySpan<ulong> b)
    {
        ulong a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3];
        ulong p0 = _p[0], p1 = _p[1], p2 = _p[2], p3 = _p[3];
        ulong m0 = _m0;
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

    /// <summary>r = a + b mod p: the sum is below 2p, so subtract p when it carried or is not below p.</summary>
    [MethodImpl(Hot.Optimize)]
    public void Add(Span<ulong> r, ReadOnlySpan<ulong> a, ReadOnlySpan<ulong> b)
    {
        int n = N;
        ulong carry = 0;
        for (int i = 0; i < n; i++)
        {
            r[i] = Wide.Adc(a[i], b[i], ref carry);
        }

        FinalSubtract(r, r, carry);
    }

    /// <summary>r = a - b mod p: p is added back exactly when the subtraction borrowed.</summary>
    [MethodImpl(Hot.Optimize)]
    public void Sub(Span<ulong> r, ReadOnlySpan<ulong> a, ReadOnlySpan<ulong> b)
    {
        int n = N;
        ulong borrow = 0;
        for (int i = 0; i < n; i++)
        {
            r[i] = Wide.Sbb(a[i], b[i], ref borrow);
        }

        ulong mask = Wide.Mask(borrow);
        ulong carry = 0;
        for (int i = 0; i < n; i++)
        {
            r[i] = Wide.Adc(r[i], _p[i] & mask, ref carry);
        }
    }

    /// <summary>1 when a is zero.</summary>
    public ulong IsZero(ReadOnlySpan<ulong> a)
    {
        ulong acc = 0;
        for (int i = 0; i < a.Length; i++)
        {
            acc |= a[i];
        }

        return Wide.IsZero(acc);
    }

    /// <summary>
    /// r = a^(p-2) = a^-1 (Fermat), 0 for a = 0. The exponent is public, so a fixed 4-bit window over its bits may
    /// index the table of a^0..a^15 directly; the sequence of multiplications is the same for every a.
    /// </summary>
    [MethodImpl(Hot.Optimize)]
    public void Invert(Span<ulong> r, ReadOnlySpan<ulong> a)
    {
        int n = N;
        Span<ulong> table = stackalloc ulong[16 * n];
        Span<ulong> acc = stackalloc ulong[n];
        _one.CopyTo(table.Slice(0, n));
        a.CopyTo(table.Slice(n, n));
        for (int i = 2; i < 16; i++)
        {
            Mul(table.Slice(i * n, n), table.Slice((i - 1) * n, n), a);
        }

        _one.CopyTo(acc);
        for (int w = ((Bits + 3) / 4) - 1; w >= 0; w--)
        {
            Sqr(acc, acc);
            Sqr(acc, acc);
            Sqr(acc, acc);
            Sqr(acc, acc);
            int bit = 4 * w;
            int digit = (int)((_pMinus2[bit >> 6] >> (bit & 63)) & 0xF);
            Mul(acc, acc, table.Slice(digit * n, n));
        }

        acc.CopyTo(r);
        table.Clear();
        acc.Clear();
    }

    /// <summary>
    /// r = a^-1 mod p for a public a given as plain limbs (r = 0 for a = 0), by the binary extended Euclidean
    /// algorithm (Guide to ECC Alg. 2.22) in variable time: with u = a, v = p and the invariants x1 a = u,
    /// x2 a = v (mod p), halving u (v) halves x1 (x2) mod p and subtracting the smaller of u, v from the larger
    /// subtracts the x's; it ends with x1 = a^-1 when u = 1 (or x2 when v = 1). The result is plain as well, so for
    /// an element a R in Montgomery form it is (a R)^-1, and a Montgomery product with R^3 gives a^-1 R. Public
    /// data only (verification, tables of public points): the loop branches on a's bits.
    /// </summary>
    public void InvertVar(Span<ulong> r, ReadOnlySpan<ulong> a)
    {
        int n = N;
        Span<ulong> t = stackalloc ulong[4 * n];
        Span<ulong> u = t.Slice(0, n);
        Span<ulong> v = t.Slice(n, n);
        Span<ulong> x1 = t.Slice(2 * n, n);
        Span<ulong> x2 = t.Slice(3 * n, n);
        a.CopyTo(u);
        _p.AsSpan().CopyTo(v);
        t.Slice(2 * n).Clear();
        x1[0] = 1;
        if (IsZero(u) == 1)
        {
            r.Clear();
            return;
        }

        while (!IsOneVar(u) && !IsOneVar(v))
        {
            while ((u[0] & 1) == 0)
            {
                ShiftRight1(u, 0);
                Half(x1);
            }

            while ((v[0] & 1) == 0)
            {
                ShiftRight1(v, 0);
                Half(x2);
            }

            // u, v stay positive: both odd and distinct here (gcd(a, p) = 1), so the difference is not zero.
            if (LessThan(u, v) == 1)
            {
                SubPlain(v, u);
                Sub(x2, x2, x1);
            }
            else
            {
                SubPlain(u, v);
                Sub(x1, x1, x2);
            }
        }

        (IsOneVar(u) ? x1 : x2).CopyTo(r);
    }

    /// <summary>x = x / 2 mod p: (x + p) / 2 when x is odd (added under a mask), the sum's carry becoming the top bit.</summary>
    public void Half(Span<ulong> x)
    {
        ulong mask = Wide.Mask(x[0] & 1);
        ulong carry = 0;
        for (int i = 0; i < x.Length; i++)
        {
            x[i] = Wide.Adc(x[i], _p[i] & mask, ref carry);
        }

        ShiftRight1(x, carry);
    }

    /// <summary>x = (top 2^(64 n) + x) / 2 for a top bit 0 or 1.</summary>
    private static void ShiftRight1(Span<ulong> x, ulong top)
    {
        int last = x.Length - 1;
        for (int i = 0; i < last; i++)
        {
            x[i] = (x[i] >> 1) | (x[i + 1] << 63);
        }

        x[last] = (x[last] >> 1) | (top << 63);
    }

    private static bool IsOneVar(ReadOnlySpan<ulong> a)
    {
        ulong acc = a[0] ^ 1;
        for (int i = 1; i < a.Length; i++)
        {
            acc |= a[i];
        }

        return acc == 0;
    }

    /// <summary>a -= b for plain integers with a &gt;= b.</summary>
    private static void SubPlain(Span<ulong> a, ReadOnlySpan<ulong> b)
    {
        ulong borrow = 0;
        for (int i = 0; i < a.Length; i++)
        {
            a[i] = Wide.Sbb(a[i], b[i], ref borrow);
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
        FromBigEndian(bigEndian, t);
        ulong ok = LessThan(t, _p);
        Mul(r, t, _r2);
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
        ToBigEndian(t, bigEndian);
        t.Clear();
    }

    /// <summary>Reads a big-endian byte string (at most 8 dst.Length bytes) into little-endian limbs.</summary>
    public static void FromBigEndian(ReadOnlySpan<byte> src, Span<ulong> dst)
    {
        Debug.Assert(src.Length <= 8 * dst.Length);
        dst.Clear();
        for (int i = 0; i < src.Length; i++)
        {
            dst[i >> 3] |= (ulong)src[src.Length - 1 - i] << ((i & 7) * 8);
        }
    }

    /// <summary>Writes the low dst.Length bytes of src to dst, big-endian.</summary>
    public static void ToBigEndian(ReadOnlySpan<ulong> src, Span<byte> dst)
    {
        for (int i = 0; i < dst.Length; i++)
        {
            int limb = i >> 3;
            dst[dst.Length - 1 - i] = limb < src.Length ? (byte)(src[limb] >> ((i & 7) * 8)) : (byte)0;
        }
    }

    /// <summary>1 when a &lt; b (same length), as the borrow of a - b.</summary>
    public static ulong LessThan(ReadOnlySpan<ulong> a, ReadOnlySpan<ulong> b)
    {
        ulong borrow = 0;
        for (int i = 0; i < a.Length; i++)
        {
            Wide.Sbb(a[i], b[i], ref borrow);
        }

        return borrow;
    }

    /// <summary>r = t - p when (top, t) &gt;= p, else t, for t + top 2^(64 n) &lt; 2p. r may alias t.</summary>
    [MethodImpl(Hot.Optimize)]
    private void FinalSubtract(Span<ulong> r, ReadOnlySpan<ulong> t, ulong top)
    {
        int n = N;
        Span<ulong> d = stackalloc ulong[n];
        ulong borrow = 0;
        for (int i = 0; i < n; i++)
        {
            d[i] = Wide.Sbb(t[i], _p[i], ref borrow);
        }

        ulong keep = Wide.Mask(borrow & (top ^ 1));
        for (int i = 0; i < n; i++)
        {
            r[i] = d[i] ^ (keep & (d[i] ^ t[i]));
        }
    }

    private static ulong[] FromInteger(BigInteger v, int limbs)
    {
        ulong[] r = new ulong[limbs];
        for (int i = 0; i < limbs; i++)
        {
            r[i] = (ulong)(v & ulong.MaxValue);
            v >>= 64;
        }

        return r;
    }
}

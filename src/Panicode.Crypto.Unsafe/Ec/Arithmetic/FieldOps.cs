// GF(p) on 64-bit limbs for the Unsafe point code (FastEcGroup): elements are m little-endian-ordered ulong limbs
// in Montgomery form x R mod p, R = 2^(64 m), fully reduced, reached through pointers. The operations are
// instance methods of fieldless-or-pointer-only readonly structs (IFieldOps), and the group is generic over the
// struct type, so the JIT compiles one copy of the point code per field shape with every field call direct and
// inlinable: no virtual call in the inner loops. Montgomery multiplication: Koç, Acar and Kaliski, "Analyzing and
// comparing Montgomery multiplication algorithms", IEEE Micro 16(3), 1996 (CIOS, §4; SOS for the unrolled
// 4-limb form). Nothing here branches or indexes memory on element values.

using System;
using System.Diagnostics;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Panicode.Crypto.Ec;

namespace Panicode.Crypto.Unsafe.Ec;

/// <summary>The field operations the point code needs; r may alias a or b in every method.</summary>
internal unsafe interface IFieldOps
{
    /// <summary>Number of 64-bit limbs m.</summary>
    int Limbs { get; }

    /// <summary>The constants block: p (m limbs), m0 = -p^-1 mod 2^64, R mod p (m limbs), R^2 mod p (m limbs).</summary>
    ulong* Constants { get; }

    void Mul(ulong* r, ulong* a, ulong* b);

    void Sqr(ulong* r, ulong* a);

    void Add(ulong* r, ulong* a, ulong* b);

    void Sub(ulong* r, ulong* a, ulong* b);
}

/// <summary>
/// The constants block of one modulus, in pinned memory that lives as long as the process (one per named curve,
/// a few per explicit curve; public data).
/// </summary>
internal static unsafe class FieldConstants
{
    public static ulong* Create(BigInteger p, int m) => Create(p, m, montgomery: true);

    /// <summary>
    /// The constants block of p on m limbs; with <paramref name="montgomery"/> false the radix R is 1 (R mod p and
    /// R^2 mod p are 1), for a field struct whose multiplication is the plain a b mod p (<see cref="Secp256k1Reduce4"/>):
    /// the point code's conversions (multiply by R^2, by 1, by R^3) then leave values unchanged.
    /// </summary>
    public static ulong* Create(BigInteger p, int m, bool montgomery)
    {
        Debug.Assert(!p.IsEven && p.Sign > 0);
        ulong[] block = new ulong[(3 * m) + 1];
        Write(p, block, 0, m);
        ulong p0 = block[0];

        // Newton's iteration x = x (2 - p x) doubles the correct low bits of p^-1 each step, from 3 bits (p p = 1 mod 8).
        ulong inv = p0;
        for (int i = 0; i < 5; i++)
        {
            inv *= 2 - (p0 * inv);
        }

        Debug.Assert(inv * p0 == 1);
        block[m] = 0UL - inv;
        BigInteger r = montgomery ? BigInteger.One << (64 * m) : BigInteger.One;
        Write(r % p, block, m + 1, m);
        Write(r * r % p, block, (2 * m) + 1, m);
        GCHandle handle = GCHandle.Alloc(block, GCHandleType.Pinned);
        return (ulong*)handle.AddrOfPinnedObject();
    }

    public static void Write(BigInteger value, ulong[] dst, int offset, int m)
    {
        BigInteger mask = ulong.MaxValue;
        for (int i = 0; i < m; i++)
        {
            dst[offset + i] = (ulong)(value & mask);
            value >>= 64;
        }
    }
}

/// <summary>Limb helpers shared by the field structs: carries computed arithmetically, never by a comparison.</summary>
internal static unsafe class Limb
{
    /// <summary>Zeroes count limbs (temporaries that may derive from secrets).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Clear(ulong* t, int count)
    {
        for (int i = 0; i < count; i++)
        {
            t[i] = 0;
        }
    }

    /// <summary>s = x + y + c (c in {0, 1}); c becomes the carry out.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong AddC(ulong x, ulong y, ref ulong c)
    {
        ulong s = x + y;
        ulong c1 = Wide.Carry(x, y, s);
        ulong s2 = s + c;
        c = c1 | Wide.Carry(s, c, s2);
        return s2;
    }

    /// <summary>s = x + y; c is the carry out (one test: y is a whole word, no carry comes in).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong AddWord(ulong x, ulong y, out ulong c)
    {
        ulong s = x + y;
        c = Wide.Carry(x, y, s);
        return s;
    }

    /// <summary>d = x - y - b (b in {0, 1}); b becomes the borrow out.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong SubB(ulong x, ulong y, ref ulong b)
    {
        ulong d = x - y;
        ulong b1 = Wide.Borrow(x, y, d);
        ulong d2 = d - b;
        b = b1 | Wide.Borrow(d, b, d2);
        return d2;
    }


    /// <summary>
    /// (high, low) = q pj + t + c for a limb pj of the public modulus. An all-ones limb needs no multiplication:
    /// q (2^64 - 1) + t + c = q 2^64 + (t + c - q), whose high word q + carry - borrow cannot overflow because the
    /// whole value is below 2^128; a zero limb is a plain addition. The branches test only the modulus (public, the
    /// same on every call); q, t and c go through straight-line arithmetic. All-ones and zero limbs are the shape of
    /// the generalized-Mersenne primes (P-192, P-384, P-521), so their reductions lose most products.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong MulAddP(ulong q, ulong pj, ulong t, ulong c, out ulong low)
    {
        if (pj == ulong.MaxValue)
        {
            ulong s = t + c;
            ulong c1 = Wide.Carry(t, c, s);
            ulong d = s - q;
            ulong b1 = Wide.Borrow(s, q, d);
            low = d;
            return q + c1 - b1;
        }

        if (pj == 0)
        {
            ulong s = t + c;
            low = s;
            return Wide.Carry(t, c, s);
        }

        return Wide.MulAdd(q, pj, t, c, out low);
    }

    /// <summary>r = (t4..t7) + k 2^256 - p when that is not negative, else (t4..t7); the input is below 2p.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Final4(ulong* r, ulong* pc, ulong t4, ulong t5, ulong t6, ulong t7, ulong k)
    {
        ulong b = 0;
        ulong r0 = SubB(t4, pc[0], ref b);
        ulong r1 = SubB(t5, pc[1], ref b);
        ulong r2 = SubB(t6, pc[2], ref b);
        ulong r3 = SubB(t7, pc[3], ref b);
        Select4(r, 0UL - (b & (k ^ 1)), t4, t5, t6, t7, r0, r1, r2, r3);
    }

    /// <summary>r = (x0..x3) where mask is all ones, else (y0..y3) (mask is 0 or all ones), without a branch.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Select4(
        ulong* r, ulong mask, ulong x0, ulong x1, ulong x2, ulong x3, ulong y0, ulong y1, ulong y2, ulong y3)
    {
        r[0] = y0 ^ (mask & (y0 ^ x0));
        r[1] = y1 ^ (mask & (y1 ^ x1));
        r[2] = y2 ^ (mask & (y2 ^ x2));
        r[3] = y3 ^ (mask & (y3 ^ x3));
    }

    /// <summary>
    /// r = a b R^-1 mod p on m limbs (a, b &lt; p; r may alias a or b) by CIOS: for each limb b_i, t += a b_i, then
    /// t += q p with q = t_0 m0 mod 2^64 so the low limb vanishes, and t shifts down one limb. t stays below 2p, so
    /// one masked subtraction of p ends it.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void MontMul(ulong* r, ulong* a, ulong* b, ulong* p, ulong m0, int m)
    {
        ulong* t = stackalloc ulong[m + 2];
        for (int i = 0; i < m + 2; i++)
        {
            t[i] = 0;
        }

        for (int i = 0; i < m; i++)
        {
            ulong bi = b[i];
            ulong c = 0;
            for (int j = 0; j < m; j++)
            {
                c = Wide.MulAdd(a[j], bi, t[j], c, out t[j]);
            }

            ulong s = t[m] + c;
            t[m + 1] = Wide.Carry(t[m], c, s);
            t[m] = s;

            ulong q = t[0] * m0;
            c = Limb.MulAddP(q, p[0], t[0], 0, out _);
            for (int j = 1; j < m; j++)
            {
                c = Limb.MulAddP(q, p[j], t[j], c, out t[j - 1]);
            }

            s = t[m] + c;
            t[m - 1] = s;
            t[m] = t[m + 1] + Wide.Carry(t[m], c, s);
        }

        // t < 2p: subtract p when t overflowed m limbs or t >= p.
        ulong borrow = 0;
        for (int j = 0; j < m; j++)
        {
            r[j] = Limb.SubB(t[j], p[j], ref borrow);
        }

        ulong keep = 0UL - (borrow & (t[m] ^ 1));
        for (int j = 0; j < m; j++)
        {
            r[j] ^= keep & (r[j] ^ t[j]);
            t[j] = 0;
        }
    }

    /// <summary>r = a + b mod p on m limbs (a, b &lt; p).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void AddMod(ulong* r, ulong* a, ulong* b, ulong* p, int m)
    {
        ulong* t = stackalloc ulong[m];
        ulong c = 0;
        for (int i = 0; i < m; i++)
        {
            t[i] = AddC(a[i], b[i], ref c);
        }

        ulong borrow = 0;
        for (int i = 0; i < m; i++)
        {
            r[i] = SubB(t[i], p[i], ref borrow);
        }

        // Keep the sum when it did not carry and subtracting p borrowed.
        ulong keep = 0UL - (borrow & (c ^ 1));
        for (int i = 0; i < m; i++)
        {
            r[i] ^= keep & (r[i] ^ t[i]);
        }
    }

    /// <summary>r = a - b mod p on m limbs (a, b &lt; p).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void SubMod(ulong* r, ulong* a, ulong* b, ulong* p, int m)
    {
        ulong borrow = 0;
        for (int i = 0; i < m; i++)
        {
            r[i] = SubB(a[i], b[i], ref borrow);
        }

        ulong mask = 0UL - borrow;
        ulong c = 0;
        for (int i = 0; i < m; i++)
        {
            r[i] = AddC(r[i], p[i] & mask, ref c);
        }
    }
}

/// <summary>Montgomery arithmetic for any odd modulus on m limbs: CIOS with the loops over m.</summary>
internal readonly unsafe struct MontgomeryOps : IFieldOps
{
    private readonly ulong* _c;
    private readonly int _m;

    public MontgomeryOps(ulong* constants, int m)
    {
        _c = constants;
        _m = m;
    }

    public int Limbs => _m;

    public ulong* Constants => _c;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Mul(ulong* r, ulong* a, ulong* b) => Limb.MontMul(r, a, b, _c, _c[_m], _m);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Sqr(ulong* r, ulong* a) => Mul(r, a, a);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Add(ulong* r, ulong* a, ulong* b) => Limb.AddMod(r, a, b, _c, _m);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Sub(ulong* r, ulong* a, ulong* b) => Limb.SubMod(r, a, b, _c, _m);
}

/// <summary>
/// Montgomery arithmetic on exactly four limbs (P-256, secp256k1, brainpoolP256r1, P-224 and any 193..256-bit
/// modulus), written out: the 8-limb product (10 multiplications for a square) in locals, then four reduction
/// rounds (separated operand scanning, <typeparamref name="TR"/>), so nothing goes through memory but the operands.
/// Mul and Sqr are never inlined: a point formula with eight of them inlined spills more than the calls cost
/// (measured in docs/benchmarks.md, "EC field arithmetic and point formulas", step 4).
/// </summary>
internal readonly unsafe struct Montgomery4Ops<TR> : IFieldOps
    where TR : struct, IReduce4
{
    private readonly ulong* _c;

    public Montgomery4Ops(ulong* constants)
    {
        _c = constants;
    }

    public int Limbs => 4;

    public ulong* Constants => _c;

    [MethodImpl(MethodImplOptions.NoInlining)]
    public void Mul(ulong* r, ulong* a, ulong* b)
    {
        ulong a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3];
        ulong t0, t1, t2, t3, t4, t5, t6, t7, c;
        ulong bi = b[0];
        c = Wide.Mul(bi, a0, out t0);
        c = Wide.MulAdd(bi, a1, c, 0, out t1);
        c = Wide.MulAdd(bi, a2, c, 0, out t2);
        t4 = Wide.MulAdd(bi, a3, c, 0, out t3);
        bi = b[1];
        c = Wide.MulAdd(bi, a0, t1, 0, out t1);
        c = Wide.MulAdd(bi, a1, t2, c, out t2);
        c = Wide.MulAdd(bi, a2, t3, c, out t3);
        t5 = Wide.MulAdd(bi, a3, t4, c, out t4);
        bi = b[2];
        c = Wide.MulAdd(bi, a0, t2, 0, out t2);
        c = Wide.MulAdd(bi, a1, t3, c, out t3);
        c = Wide.MulAdd(bi, a2, t4, c, out t4);
        t6 = Wide.MulAdd(bi, a3, t5, c, out t5);
        bi = b[3];
        c = Wide.MulAdd(bi, a0, t3, 0, out t3);
        c = Wide.MulAdd(bi, a1, t4, c, out t4);
        c = Wide.MulAdd(bi, a2, t5, c, out t5);
        t7 = Wide.MulAdd(bi, a3, t6, c, out t6);
        default(TR).Reduce(r, _c, t0, t1, t2, t3, t4, t5, t6, t7);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    public void Sqr(ulong* r, ulong* a)
    {
        ulong a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3];
        ulong t0, t1, t2, t3, t4, t5, t6, t7, c;

        // Cross products a_i a_j, i < j.
        c = Wide.Mul(a0, a1, out t1);
        c = Wide.MulAdd(a0, a2, c, 0, out t2);
        t4 = Wide.MulAdd(a0, a3, c, 0, out t3);
        c = Wide.MulAdd(a1, a2, t3, 0, out t3);
        t5 = Wide.MulAdd(a1, a3, t4, c, out t4);
        t6 = Wide.MulAdd(a2, a3, t5, 0, out t5);

        // Doubled (the cross sum is below a^2 / 2, so no bit is lost), plus the squares a_i^2.
        t7 = t6 >> 63;
        t6 = (t6 << 1) | (t5 >> 63);
        t5 = (t5 << 1) | (t4 >> 63);
        t4 = (t4 << 1) | (t3 >> 63);
        t3 = (t3 << 1) | (t2 >> 63);
        t2 = (t2 << 1) | (t1 >> 63);
        t1 <<= 1;

        // The squares a_i^2 go in at limb 2i as a_i^2 + t_2i + c, whose 128 bits hold it (Wide.MulAdd), so the
        // carry c is the whole high word and limb 2i + 1 takes it with one carry test: half the carry tests of
        // adding both halves with one-bit carries. t7 takes the last high word without a carry out (a^2 < 2^512).
        ulong h = Wide.Mul(a0, a0, out t0);
        t1 = Limb.AddWord(t1, h, out c);
        h = Wide.MulAdd(a1, a1, t2, c, out t2);
        t3 = Limb.AddWord(t3, h, out c);
        h = Wide.MulAdd(a2, a2, t4, c, out t4);
        t5 = Limb.AddWord(t5, h, out c);
        h = Wide.MulAdd(a3, a3, t6, c, out t6);
        t7 += h;
        default(TR).Reduce(r, _c, t0, t1, t2, t3, t4, t5, t6, t7);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Add(ulong* r, ulong* a, ulong* b)
    {
        ulong c = 0;
        ulong s0 = Limb.AddC(a[0], b[0], ref c);
        ulong s1 = Limb.AddC(a[1], b[1], ref c);
        ulong s2 = Limb.AddC(a[2], b[2], ref c);
        ulong s3 = Limb.AddC(a[3], b[3], ref c);
        default(TR).Final(r, _c, s0, s1, s2, s3, c);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Sub(ulong* r, ulong* a, ulong* b)
    {
        ulong bw = 0;
        ulong d0 = Limb.SubB(a[0], b[0], ref bw);
        ulong d1 = Limb.SubB(a[1], b[1], ref bw);
        ulong d2 = Limb.SubB(a[2], b[2], ref bw);
        ulong d3 = Limb.SubB(a[3], b[3], ref bw);
        default(TR).AddMasked(r, _c, d0, d1, d2, d3, 0UL - bw);
    }
}

/// <summary>A Montgomery reduction of an 8-limb product for <see cref="Montgomery4Ops{TR}"/>.</summary>
internal unsafe interface IReduce4
{
    /// <summary>r = t R^-1 mod p for t = (t0..t7) &lt; p^2, fully reduced; pc is the constants block.</summary>
    void Reduce(ulong* r, ulong* pc, ulong t0, ulong t1, ulong t2, ulong t3, ulong t4, ulong t5, ulong t6, ulong t7);

    /// <summary>
    /// r = t + k 2^256 - p when that is not negative, else t (t = (t0..t3), k in {0, 1}, t + k 2^256 &lt; 2p).
    /// </summary>
    void Final(ulong* r, ulong* pc, ulong t0, ulong t1, ulong t2, ulong t3, ulong k);

    /// <summary>
    /// r = t + (p AND mask) mod 2^256 (mask 0 or all ones): the correction after a subtraction borrowed.
    /// </summary>
    void AddMasked(ulong* r, ulong* pc, ulong t0, ulong t1, ulong t2, ulong t3, ulong mask);
}

/// <summary>Montgomery reduction for any 4-limb odd modulus.</summary>
internal readonly unsafe struct GenericReduce4 : IReduce4
{
    /// <summary>
    /// r = t R^-1 mod p for t &lt; p^2: four rounds each adding q p (q = t_i m0) so limb i vanishes; the carry of
    /// round i lands on limb i + 4 together with the one-bit carry k left by the previous round (their sum is
    /// below 2^65, so k stays one bit). The result t_4..t_7 + k 2^256 is below 2p; one masked subtraction ends it.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Reduce(ulong* r, ulong* pc, ulong t0, ulong t1, ulong t2, ulong t3, ulong t4, ulong t5, ulong t6, ulong t7)
    {
        ulong p0 = pc[0], p1 = pc[1], p2 = pc[2], p3 = pc[3], m0 = pc[4];
        ulong c, k, s;

        ulong q = t0 * m0;
        c = Wide.MulAdd(q, p0, t0, 0, out _);
        c = Wide.MulAdd(q, p1, t1, c, out t1);
        c = Wide.MulAdd(q, p2, t2, c, out t2);
        c = Wide.MulAdd(q, p3, t3, c, out t3);
        s = t4 + c;
        k = Wide.Carry(t4, c, s);
        t4 = s;

        q = t1 * m0;
        c = Wide.MulAdd(q, p0, t1, 0, out _);
        c = Wide.MulAdd(q, p1, t2, c, out t2);
        c = Wide.MulAdd(q, p2, t3, c, out t3);
        c = Wide.MulAdd(q, p3, t4, c, out t4);
        t5 = Limb.AddC(t5, c, ref k);

        q = t2 * m0;
        c = Wide.MulAdd(q, p0, t2, 0, out _);
        c = Wide.MulAdd(q, p1, t3, c, out t3);
        c = Wide.MulAdd(q, p2, t4, c, out t4);
        c = Wide.MulAdd(q, p3, t5, c, out t5);
        t6 = Limb.AddC(t6, c, ref k);

        q = t3 * m0;
        c = Wide.MulAdd(q, p0, t3, 0, out _);
        c = Wide.MulAdd(q, p1, t4, c, out t4);
        c = Wide.MulAdd(q, p2, t5, c, out t5);
        c = Wide.MulAdd(q, p3, t6, c, out t6);
        t7 = Limb.AddC(t7, c, ref k);

        Limb.Final4(r, pc, t4, t5, t6, t7, k);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Final(ulong* r, ulong* pc, ulong t0, ulong t1, ulong t2, ulong t3, ulong k) =>
        Limb.Final4(r, pc, t0, t1, t2, t3, k);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void AddMasked(ulong* r, ulong* pc, ulong t0, ulong t1, ulong t2, ulong t3, ulong mask)
    {
        ulong c = 0;
        r[0] = Limb.AddC(t0, pc[0] & mask, ref c);
        r[1] = Limb.AddC(t1, pc[1] & mask, ref c);
        r[2] = Limb.AddC(t2, pc[2] & mask, ref c);
        r[3] = t3 + (pc[3] & mask) + c;
    }
}

/// <summary>
/// Montgomery reduction for p256 = 2^256 - 2^224 + 2^192 + 2^96 - 1 (FIPS 186-4 D.1.2.3). Its low limb is
/// 2^64 - 1, so m0 = -p^-1 mod 2^64 = 1 and each round's quotient is the low limb q = t_i itself (the shape OpenSSL's
/// ecp_nistz256 exploits; Gueron and Krasnov, "Fast prime field elliptic-curve cryptography with 256-bit primes",
/// J. Cryptographic Engineering 5(2), 2015). Written as q p = q 2^256 - q 2^224 + q 2^192 + q 2^96 - q, a round
/// adds to t (from limb i): -q at limb i (which cancels t_i exactly), q 2^96 = (q &lt;&lt; 32) at limb i + 1 and
/// (q &gt;&gt; 32) at limb i + 2 (shifts, no product), and q p3 2^192 with p3 = 2^64 - 2^32 + 1 at limbs i + 3 and
/// i + 4 (one 64 x 64-bit product). Two products a round instead of the sixteen of a generic reduction, and one of
/// them replaced by shifts instead of the q p1 product (p1 = 2^32 - 1) the earlier version used.
/// </summary>
internal readonly unsafe struct P256Reduce4 : IReduce4
{
    private const ulong P3 = 0xFFFFFFFF00000001UL;

    /// <summary>
    /// The four rounds summed column by column (product scanning over the q p terms): column j holds t_j, the
    /// carry from column j - 1, and from round i = j - 1, j - 2, j - 3, j - 4 the words q_i &lt;&lt; 32,
    /// q_i &gt;&gt; 32, lo(q_i p3), hi(q_i p3). q_j is column j's low word once it is complete (j &lt; 4). The two
    /// shifted words of a column come from different rounds and cover disjoint bits, so they are one word
    /// W_j = (q_{j-1} &lt;&lt; 32) | (q_{j-2} &gt;&gt; 32) joined by an OR, and each column's carry rides in the
    /// next high word hi(q_i p3) + c, which cannot wrap: hi(q p3 + t + h + c) for q, t &lt; 2^64 and the previous
    /// h + c &lt;= 2^64 - 2^32 + 3 is at most (2^128 - 2^96 + 2^32 - 1 + 2^65 - 2^32 + 2) / 2^64, below
    /// 2^64 - 2^32 + 3 again. Fifteen carry tests against twenty round by round.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Reduce(ulong* r, ulong* pc, ulong t0, ulong t1, ulong t2, ulong t3, ulong t4, ulong t5, ulong t6, ulong t7)
    {
        ulong s, s2, w, c;

        // Column 0: q0 = t0 (m0 = 1) and t0 - q0 = 0 leaves no carry. Column 1: t1 + (q0 << 32).
        ulong q0 = t0;
        ulong q1 = Limb.AddWord(t1, q0 << 32, out c);

        // Column 2: t2 + W2 + c < 2^65, so its carry (the sum of the two tests) is one bit.
        w = (q1 << 32) | (q0 >> 32);
        s = Limb.AddWord(t2, w, out ulong c1);
        s2 = s + c;
        c = c1 + Wide.Carry(s, c, s2);
        ulong q2 = s2;

        // Column 3: t3 + lo(q0 p3) + c (MulAdd, its high word h0 goes to column 4), then W3.
        ulong h = Wide.MulAdd(q0, P3, t3, c, out s);
        ulong q3 = Limb.AddWord(s, (q2 << 32) | (q1 >> 32), out c);

        // Columns 4 to 7 are the result (t + q p) / 2^256 = r0..r3 + k 2^256 < 2p.
        h = Wide.MulAdd(q1, P3, t4, h + c, out s);
        ulong r0 = Limb.AddWord(s, (q3 << 32) | (q2 >> 32), out c);

        h = Wide.MulAdd(q2, P3, t5, h + c, out s);
        ulong r1 = Limb.AddWord(s, q3 >> 32, out c);

        h = Wide.MulAdd(q3, P3, t6, h + c, out ulong r2);

        ulong r3 = Limb.AddWord(t7, h, out ulong k);

        Final(r, pc, r0, r1, r2, r3, k);
    }

    /// <summary>
    /// t - p on p's limbs 2^64 - 1, 2^32 - 1, 0, p3 as constants: the subtrahend of limbs 1 and 3 plus the incoming
    /// borrow still fits a word (at most 2^32 and p3 + 1), and limb 2 subtracts only the borrow, so each limb
    /// needs one borrow test (four, against seven for a general p).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Final(ulong* r, ulong* pc, ulong t0, ulong t1, ulong t2, ulong t3, ulong k)
    {
        ulong d0 = t0 + 1;                             // t0 - (2^64 - 1) mod 2^64
        ulong b = Wide.Borrow(t0, ulong.MaxValue, d0);
        ulong y = 0xFFFFFFFFUL + b;
        ulong d1 = t1 - y;
        b = Wide.Borrow(t1, y, d1);
        ulong d2 = t2 - b;
        b = Wide.Borrow(t2, b, d2);
        y = P3 + b;
        ulong d3 = t3 - y;
        b = Wide.Borrow(t3, y, d3);
        Limb.Select4(r, 0UL - (b & (k ^ 1)), t0, t1, t2, t3, d0, d1, d2, d3);
    }

    /// <summary>
    /// t + (p AND mask) with p's limbs as constants, one carry test a limb (none out of the top limb).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void AddMasked(ulong* r, ulong* pc, ulong t0, ulong t1, ulong t2, ulong t3, ulong mask)
    {
        ulong s0 = Limb.AddWord(t0, mask, out ulong c);
        ulong y = (0xFFFFFFFFUL & mask) + c;
        ulong s1 = Limb.AddWord(t1, y, out c);
        ulong s2 = Limb.AddWord(t2, c, out c);
        r[0] = s0;
        r[1] = s1;
        r[2] = s2;
        r[3] = t3 + (P3 & mask) + c;
    }
}

/// <summary>
/// Reduction modulo the secp256k1 prime p = 2^256 - C, C = 2^32 + 977 (SEC 2 v2 §2.4.1), without Montgomery form
/// (the constants block has R = 1, <see cref="FieldConstants.Create(BigInteger, int, bool)"/>): 2^256 = C mod p, so
/// t = H 2^256 + L = L + H C (mod p), folded twice, then one masked subtraction of p. Four products by the 33-bit
/// C and one more, against sixteen for a Montgomery reduction, and no serial dependence of one round on the last.
/// </summary>
internal readonly unsafe struct Secp256k1Reduce4 : IReduce4
{
    public const ulong C = 0x1000003D1UL;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Reduce(ulong* r, ulong* pc, ulong t0, ulong t1, ulong t2, ulong t3, ulong t4, ulong t5, ulong t6, ulong t7)
    {
        // L + H C limb by limb: t_{4+i} C + t_i + c <= (2^64 - 1)(C + 1) + c, so each carry word c stays at most
        // C + 1 < 2^34 and the 128-bit sum never overflows. The value is now (t0..t3) + c 2^256, c < 2^34.
        ulong c = Wide.MulAdd(t4, C, t0, 0, out t0);
        c = Wide.MulAdd(t5, C, t1, c, out t1);
        c = Wide.MulAdd(t6, C, t2, c, out t2);
        c = Wide.MulAdd(t7, C, t3, c, out t3);

        // Fold c 2^256 = c C (mod p), c C < 2^68: adding it to (t0..t3) carries out k in {0, 1}.
        ulong hi = Wide.Mul(c, C, out ulong lo);
        ulong k = 0;
        t0 = Limb.AddC(t0, lo, ref k);
        t1 = Limb.AddC(t1, hi, ref k);
        t2 = Limb.AddC(t2, 0, ref k);
        t3 = Limb.AddC(t3, 0, ref k);

        // When k = 1 the sum wrapped, so (t0..t3) < c C < 2^68: the value t + k 2^256 is below 2p either way, and
        // Final subtracts p from it (for k = 1 that is t + C, the 2^256 carried out folded in).
        Final(r, pc, t0, t1, t2, t3, k);
    }

    /// <summary>
    /// t + k 2^256 - p = t + C - (1 - k) 2^256: with k = 1 that is t + C (below p, so it does not carry out of
    /// 2^256); with k = 0, t &gt;= p exactly when t + C carries out, and then t - p = t + C mod 2^256. One carry test
    /// a limb, C being a single limb.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Final(ulong* r, ulong* pc, ulong t0, ulong t1, ulong t2, ulong t3, ulong k)
    {
        ulong s0 = t0 + C;
        ulong f = Wide.Carry(t0, C, s0);
        ulong s1 = t1 + f;
        f = Wide.Carry(t1, f, s1);
        ulong s2 = t2 + f;
        f = Wide.Carry(t2, f, s2);
        ulong s3 = t3 + f;
        f = Wide.Carry(t3, f, s3);
        Limb.Select4(r, 0UL - (f | k), s0, s1, s2, s3, t0, t1, t2, t3);
    }

    /// <summary>
    /// t + (p AND mask) = t - (C AND mask) mod 2^256 (p = 2^256 - C): one borrow test a limb, none at the top.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void AddMasked(ulong* r, ulong* pc, ulong t0, ulong t1, ulong t2, ulong t3, ulong mask)
    {
        ulong y = C & mask;
        ulong d0 = t0 - y;
        ulong b = Wide.Borrow(t0, y, d0);
        ulong d1 = t1 - b;
        b = Wide.Borrow(t1, b, d1);
        ulong d2 = t2 - b;
        b = Wide.Borrow(t2, b, d2);
        r[0] = d0;
        r[1] = d1;
        r[2] = d2;
        r[3] = t3 - b;
    }
}

/// <summary>
/// Montgomery arithmetic on exactly six limbs (P-384, brainpoolP384r1 and any 321..384-bit modulus), written out as
/// <see cref="Montgomery4Ops{TR}"/> is: the 12-limb product (21 multiplications for a square) in locals, then six
/// reduction rounds by separated operand scanning, so no loop, stack buffer or memory temporary is left in it.
/// Mul and Sqr are never inlined, as in <see cref="Montgomery4Ops{TR}"/>.
/// </summary>
internal readonly unsafe struct Montgomery6Ops : IFieldOps
{
    private readonly ulong* _c;

    public Montgomery6Ops(ulong* constants)
    {
        _c = constants;
    }

    public int Limbs => 6;

    public ulong* Constants => _c;

    [MethodImpl(MethodImplOptions.NoInlining)]
    public void Mul(ulong* r, ulong* a, ulong* b)
    {
        ulong a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3], a4 = a[4], a5 = a[5];
        ulong t0, t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, c;
        ulong bi = b[0];
        c = Wide.Mul(a0, bi, out t0);
        c = Wide.MulAdd(a1, bi, c, 0, out t1);
        c = Wide.MulAdd(a2, bi, c, 0, out t2);
        c = Wide.MulAdd(a3, bi, c, 0, out t3);
        c = Wide.MulAdd(a4, bi, c, 0, out t4);
        t6 = Wide.MulAdd(a5, bi, c, 0, out t5);
        bi = b[1];
        c = Wide.MulAdd(a0, bi, t1, 0, out t1);
        c = Wide.MulAdd(a1, bi, t2, c, out t2);
        c = Wide.MulAdd(a2, bi, t3, c, out t3);
        c = Wide.MulAdd(a3, bi, t4, c, out t4);
        c = Wide.MulAdd(a4, bi, t5, c, out t5);
        t7 = Wide.MulAdd(a5, bi, t6, c, out t6);
        bi = b[2];
        c = Wide.MulAdd(a0, bi, t2, 0, out t2);
        c = Wide.MulAdd(a1, bi, t3, c, out t3);
        c = Wide.MulAdd(a2, bi, t4, c, out t4);
        c = Wide.MulAdd(a3, bi, t5, c, out t5);
        c = Wide.MulAdd(a4, bi, t6, c, out t6);
        t8 = Wide.MulAdd(a5, bi, t7, c, out t7);
        bi = b[3];
        c = Wide.MulAdd(a0, bi, t3, 0, out t3);
        c = Wide.MulAdd(a1, bi, t4, c, out t4);
        c = Wide.MulAdd(a2, bi, t5, c, out t5);
        c = Wide.MulAdd(a3, bi, t6, c, out t6);
        c = Wide.MulAdd(a4, bi, t7, c, out t7);
        t9 = Wide.MulAdd(a5, bi, t8, c, out t8);
        bi = b[4];
        c = Wide.MulAdd(a0, bi, t4, 0, out t4);
        c = Wide.MulAdd(a1, bi, t5, c, out t5);
        c = Wide.MulAdd(a2, bi, t6, c, out t6);
        c = Wide.MulAdd(a3, bi, t7, c, out t7);
        c = Wide.MulAdd(a4, bi, t8, c, out t8);
        t10 = Wide.MulAdd(a5, bi, t9, c, out t9);
        bi = b[5];
        c = Wide.MulAdd(a0, bi, t5, 0, out t5);
        c = Wide.MulAdd(a1, bi, t6, c, out t6);
        c = Wide.MulAdd(a2, bi, t7, c, out t7);
        c = Wide.MulAdd(a3, bi, t8, c, out t8);
        c = Wide.MulAdd(a4, bi, t9, c, out t9);
        t11 = Wide.MulAdd(a5, bi, t10, c, out t10);
        Reduce(r, _c, t0, t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    public void Sqr(ulong* r, ulong* a)
    {
        ulong a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3], a4 = a[4], a5 = a[5];
        ulong t0, t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, c;

        // Cross products a_i a_j, i < j, row by row.
        c = Wide.Mul(a0, a1, out t1);
        c = Wide.MulAdd(a0, a2, c, 0, out t2);
        c = Wide.MulAdd(a0, a3, c, 0, out t3);
        c = Wide.MulAdd(a0, a4, c, 0, out t4);
        t6 = Wide.MulAdd(a0, a5, c, 0, out t5);
        c = Wide.MulAdd(a1, a2, t3, 0, out t3);
        c = Wide.MulAdd(a1, a3, t4, c, out t4);
        c = Wide.MulAdd(a1, a4, t5, c, out t5);
        t7 = Wide.MulAdd(a1, a5, t6, c, out t6);
        c = Wide.MulAdd(a2, a3, t5, 0, out t5);
        c = Wide.MulAdd(a2, a4, t6, c, out t6);
        t8 = Wide.MulAdd(a2, a5, t7, c, out t7);
        c = Wide.MulAdd(a3, a4, t7, 0, out t7);
        t9 = Wide.MulAdd(a3, a5, t8, c, out t8);
        t10 = Wide.MulAdd(a4, a5, t9, 0, out t9);

        // Doubled (the cross sum is below a^2 / 2, so no bit is lost), plus the squares a_i^2.
        t11 = t10 >> 63;
        t10 = (t10 << 1) | (t9 >> 63);
        t9 = (t9 << 1) | (t8 >> 63);
        t8 = (t8 << 1) | (t7 >> 63);
        t7 = (t7 << 1) | (t6 >> 63);
        t6 = (t6 << 1) | (t5 >> 63);
        t5 = (t5 << 1) | (t4 >> 63);
        t4 = (t4 << 1) | (t3 >> 63);
        t3 = (t3 << 1) | (t2 >> 63);
        t2 = (t2 << 1) | (t1 >> 63);
        t1 <<= 1;
        ulong h = Wide.Mul(a0, a0, out t0);
        c = 0;
        t1 = Limb.AddC(t1, h, ref c);
        ulong l;
        h = Wide.Mul(a1, a1, out l);
        t2 = Limb.AddC(t2, l, ref c);
        t3 = Limb.AddC(t3, h, ref c);
        h = Wide.Mul(a2, a2, out l);
        t4 = Limb.AddC(t4, l, ref c);
        t5 = Limb.AddC(t5, h, ref c);
        h = Wide.Mul(a3, a3, out l);
        t6 = Limb.AddC(t6, l, ref c);
        t7 = Limb.AddC(t7, h, ref c);
        h = Wide.Mul(a4, a4, out l);
        t8 = Limb.AddC(t8, l, ref c);
        t9 = Limb.AddC(t9, h, ref c);
        h = Wide.Mul(a5, a5, out l);
        t10 = Limb.AddC(t10, l, ref c);
        t11 = t11 + h + c;
        Reduce(r, _c, t0, t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Add(ulong* r, ulong* a, ulong* b)
    {
        ulong c = 0;
        ulong s0 = Limb.AddC(a[0], b[0], ref c);
        ulong s1 = Limb.AddC(a[1], b[1], ref c);
        ulong s2 = Limb.AddC(a[2], b[2], ref c);
        ulong s3 = Limb.AddC(a[3], b[3], ref c);
        ulong s4 = Limb.AddC(a[4], b[4], ref c);
        ulong s5 = Limb.AddC(a[5], b[5], ref c);
        Final(r, _c, s0, s1, s2, s3, s4, s5, c);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Sub(ulong* r, ulong* a, ulong* b)
    {
        ulong* p = _c;
        ulong bw = 0;
        ulong d0 = Limb.SubB(a[0], b[0], ref bw);
        ulong d1 = Limb.SubB(a[1], b[1], ref bw);
        ulong d2 = Limb.SubB(a[2], b[2], ref bw);
        ulong d3 = Limb.SubB(a[3], b[3], ref bw);
        ulong d4 = Limb.SubB(a[4], b[4], ref bw);
        ulong d5 = Limb.SubB(a[5], b[5], ref bw);
        ulong mask = 0UL - bw;
        ulong c = 0;
        r[0] = Limb.AddC(d0, p[0] & mask, ref c);
        r[1] = Limb.AddC(d1, p[1] & mask, ref c);
        r[2] = Limb.AddC(d2, p[2] & mask, ref c);
        r[3] = Limb.AddC(d3, p[3] & mask, ref c);
        r[4] = Limb.AddC(d4, p[4] & mask, ref c);
        r[5] = Limb.AddC(d5, p[5] & mask, ref c);
    }

    /// <summary>
    /// r = t R^-1 mod p for t = (t0..t11) &lt; p^2: six rounds each adding q p (q = t_i m0) so limb i vanishes; the
    /// carry of round i lands on limb i + 6 together with the one-bit carry k of the previous round (their sum is
    /// below 2^65, so k stays one bit). The result t_6..t_11 + k 2^384 is below 2p; one masked subtraction ends it.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Reduce(ulong* r, ulong* pc, ulong t0, ulong t1, ulong t2, ulong t3, ulong t4, ulong t5, ulong t6, ulong t7, ulong t8, ulong t9, ulong t10, ulong t11)
    {
        ulong p0 = pc[0], p1 = pc[1], p2 = pc[2], p3 = pc[3], p4 = pc[4], p5 = pc[5], m0 = pc[6];
        ulong c, k, s, q;

        q = t0 * m0;
        c = Wide.MulAdd(q, p0, t0, 0, out _);
        c = Wide.MulAdd(q, p1, t1, c, out t1);
        c = Wide.MulAdd(q, p2, t2, c, out t2);
        c = Wide.MulAdd(q, p3, t3, c, out t3);
        c = Wide.MulAdd(q, p4, t4, c, out t4);
        c = Wide.MulAdd(q, p5, t5, c, out t5);
        s = t6 + c;
        k = Wide.Carry(t6, c, s);
        t6 = s;

        q = t1 * m0;
        c = Wide.MulAdd(q, p0, t1, 0, out _);
        c = Wide.MulAdd(q, p1, t2, c, out t2);
        c = Wide.MulAdd(q, p2, t3, c, out t3);
        c = Wide.MulAdd(q, p3, t4, c, out t4);
        c = Wide.MulAdd(q, p4, t5, c, out t5);
        c = Wide.MulAdd(q, p5, t6, c, out t6);
        t7 = Limb.AddC(t7, c, ref k);

        q = t2 * m0;
        c = Wide.MulAdd(q, p0, t2, 0, out _);
        c = Wide.MulAdd(q, p1, t3, c, out t3);
        c = Wide.MulAdd(q, p2, t4, c, out t4);
        c = Wide.MulAdd(q, p3, t5, c, out t5);
        c = Wide.MulAdd(q, p4, t6, c, out t6);
        c = Wide.MulAdd(q, p5, t7, c, out t7);
        t8 = Limb.AddC(t8, c, ref k);

        q = t3 * m0;
        c = Wide.MulAdd(q, p0, t3, 0, out _);
        c = Wide.MulAdd(q, p1, t4, c, out t4);
        c = Wide.MulAdd(q, p2, t5, c, out t5);
        c = Wide.MulAdd(q, p3, t6, c, out t6);
        c = Wide.MulAdd(q, p4, t7, c, out t7);
        c = Wide.MulAdd(q, p5, t8, c, out t8);
        t9 = Limb.AddC(t9, c, ref k);

        q = t4 * m0;
        c = Wide.MulAdd(q, p0, t4, 0, out _);
        c = Wide.MulAdd(q, p1, t5, c, out t5);
        c = Wide.MulAdd(q, p2, t6, c, out t6);
        c = Wide.MulAdd(q, p3, t7, c, out t7);
        c = Wide.MulAdd(q, p4, t8, c, out t8);
        c = Wide.MulAdd(q, p5, t9, c, out t9);
        t10 = Limb.AddC(t10, c, ref k);

        q = t5 * m0;
        c = Wide.MulAdd(q, p0, t5, 0, out _);
        c = Wide.MulAdd(q, p1, t6, c, out t6);
        c = Wide.MulAdd(q, p2, t7, c, out t7);
        c = Wide.MulAdd(q, p3, t8, c, out t8);
        c = Wide.MulAdd(q, p4, t9, c, out t9);
        c = Wide.MulAdd(q, p5, t10, c, out t10);
        t11 = Limb.AddC(t11, c, ref k);

        Final(r, pc, t6, t7, t8, t9, t10, t11, k);
    }

    /// <summary>r = (t0..t5) + k 2^384 - p when that is not negative, else (t0..t5); the input is below 2p.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Final(ulong* r, ulong* pc, ulong t0, ulong t1, ulong t2, ulong t3, ulong t4, ulong t5, ulong k)
    {
        ulong b = 0;
        ulong r0 = Limb.SubB(t0, pc[0], ref b);
        ulong r1 = Limb.SubB(t1, pc[1], ref b);
        ulong r2 = Limb.SubB(t2, pc[2], ref b);
        ulong r3 = Limb.SubB(t3, pc[3], ref b);
        ulong r4 = Limb.SubB(t4, pc[4], ref b);
        ulong r5 = Limb.SubB(t5, pc[5], ref b);
        ulong keep = 0UL - (b & (k ^ 1));
        r[0] = r0 ^ (keep & (r0 ^ t0));
        r[1] = r1 ^ (keep & (r1 ^ t1));
        r[2] = r2 ^ (keep & (r2 ^ t2));
        r[3] = r3 ^ (keep & (r3 ^ t3));
        r[4] = r4 ^ (keep & (r4 ^ t4));
        r[5] = r5 ^ (keep & (r5 ^ t5));
    }
}

// Four-limb field elements for both flavours (the point engine StructEcGroup, which the Unsafe
// FastEcGroup derives from) for P-256, secp256k1, brainpoolP256r1, P-224 and any 193..256-bit prime: the 8-limb product in locals
// (10 products for a square: the cross products once, doubled by a shift), then a reduction chosen by a type argument,
// so the JIT compiles each curve's multiplication with its own reduction and no loop, array or span. Montgomery
// multiplication by separated operand scanning: Koç, Acar and Kaliski, "Analyzing and comparing Montgomery
// multiplication algorithms", IEEE Micro 16(3), 1996. The carry tests are cut where p's limbs allow (each bound argued
// where it is used; docs/benchmarks.md, "Carry tests in the 4-limb field code"). Limbs are combined with shifts, never
// reinterpreted as bytes, so the code is byte-order independent.

using System;
using System.Numerics;
using System.Runtime.CompilerServices;

namespace Panicode.Crypto.Ec;

/// <summary>A 256-bit value as four 64-bit limbs, L0 least significant.</summary>
internal struct Fe4
{
    public ulong L0;
    public ulong L1;
    public ulong L2;
    public ulong L3;

    public Fe4(ulong l0, ulong l1, ulong l2, ulong l3)
    {
        L0 = l0;
        L1 = l1;
        L2 = l2;
        L3 = l3;
    }

    public static Fe4 From(BigInteger v) => new Fe4(Limb64(v, 0), Limb64(v, 1), Limb64(v, 2), Limb64(v, 3));

    internal static ulong Limb64(BigInteger v, int i) => (ulong)((v >> (64 * i)) & ulong.MaxValue);
}

/// <summary>A Montgomery reduction of an 8-limb product for <see cref="Field4{TR}"/>.</summary>
internal interface IReduce4
{
    /// <summary>r = t R^-1 mod p for t = (t0..t7) &lt; p^2, fully reduced; p its limbs, m0 = -p^-1 mod 2^64.</summary>
    void Reduce(ref Fe4 r, in Fe4 p, ulong m0, ulong t0, ulong t1, ulong t2, ulong t3, ulong t4, ulong t5, ulong t6, ulong t7);

    /// <summary>
    /// r = t + k 2^256 - p when that is not negative, else t (t = (t0..t3), k in {0, 1}, t + k 2^256 &lt; 2p).
    /// </summary>
    void Final(ref Fe4 r, in Fe4 p, ulong m0, ulong t0, ulong t1, ulong t2, ulong t3, ulong k);

    /// <summary>
    /// r = t + (p AND mask) mod 2^256 (mask 0 or all ones): the correction after a subtraction borrowed.
    /// </summary>
    void AddMasked(ref Fe4 r, in Fe4 p, ulong m0, ulong t0, ulong t1, ulong t2, ulong t3, ulong mask);
}

/// <summary>Montgomery reduction for any 4-limb odd modulus.</summary>
internal readonly struct GenericReduce4 : IReduce4
{
    /// <summary>
    /// r = t R^-1 mod p for t &lt; p^2: four rounds each adding q p (q = t_i m0) so limb i vanishes; the carry of
    /// round i lands on limb i + 4 together with the one-bit carry k left by the previous round (their sum is
    /// below 2^65, so k stays one bit). The result t_4..t_7 + k 2^256 is below 2p; one masked subtraction ends it.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Reduce(ref Fe4 r, in Fe4 p, ulong m0, ulong t0, ulong t1, ulong t2, ulong t3, ulong t4, ulong t5, ulong t6, ulong t7)
    {
        ulong p0 = p.L0, p1 = p.L1, p2 = p.L2, p3 = p.L3;
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
        t5 = Wide.Adc(t5, c, ref k);

        q = t2 * m0;
        c = Wide.MulAdd(q, p0, t2, 0, out _);
        c = Wide.MulAdd(q, p1, t3, c, out t3);
        c = Wide.MulAdd(q, p2, t4, c, out t4);
        c = Wide.MulAdd(q, p3, t5, c, out t5);
        t6 = Wide.Adc(t6, c, ref k);

        q = t3 * m0;
        c = Wide.MulAdd(q, p0, t3, 0, out _);
        c = Wide.MulAdd(q, p1, t4, c, out t4);
        c = Wide.MulAdd(q, p2, t5, c, out t5);
        c = Wide.MulAdd(q, p3, t6, c, out t6);
        t7 = Wide.Adc(t7, c, ref k);

        Limbs4.Final(ref r, in p, t4, t5, t6, t7, k);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Final(ref Fe4 r, in Fe4 p, ulong m0, ulong t0, ulong t1, ulong t2, ulong t3, ulong k) =>
        Limbs4.Final(ref r, in p, t0, t1, t2, t3, k);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void AddMasked(ref Fe4 r, in Fe4 p, ulong m0, ulong t0, ulong t1, ulong t2, ulong t3, ulong mask)
    {
        ulong c = 0;
        r.L0 = Wide.Adc(t0, p.L0 & mask, ref c);
        r.L1 = Wide.Adc(t1, p.L1 & mask, ref c);
        r.L2 = Wide.Adc(t2, p.L2 & mask, ref c);
        r.L3 = t3 + (p.L3 & mask) + c;
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
internal readonly struct P256Reduce4 : IReduce4
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
    public void Reduce(ref Fe4 r, in Fe4 p, ulong m0, ulong t0, ulong t1, ulong t2, ulong t3, ulong t4, ulong t5, ulong t6, ulong t7)
    {
        ulong s, s2, w, c;

        // Column 0: q0 = t0 (m0 = 1) and t0 - q0 = 0 leaves no carry. Column 1: t1 + (q0 << 32).
        ulong q0 = t0;
        ulong q1 = Wide.AddWord(t1, q0 << 32, out c);

        // Column 2: t2 + W2 + c < 2^65, so its carry (the sum of the two tests) is one bit.
        w = (q1 << 32) | (q0 >> 32);
        s = Wide.AddWord(t2, w, out ulong c1);
        s2 = s + c;
        c = c1 + Wide.Carry(s, c, s2);
        ulong q2 = s2;

        // Column 3: t3 + lo(q0 p3) + c (MulAdd, its high word h0 goes to column 4), then W3.
        ulong h = Wide.MulAdd(q0, P3, t3, c, out s);
        ulong q3 = Wide.AddWord(s, (q2 << 32) | (q1 >> 32), out c);

        // Columns 4 to 7 are the result (t + q p) / 2^256 = r0..r3 + k 2^256 < 2p.
        h = Wide.MulAdd(q1, P3, t4, h + c, out s);
        ulong r0 = Wide.AddWord(s, (q3 << 32) | (q2 >> 32), out c);

        h = Wide.MulAdd(q2, P3, t5, h + c, out s);
        ulong r1 = Wide.AddWord(s, q3 >> 32, out c);

        h = Wide.MulAdd(q3, P3, t6, h + c, out ulong r2);

        ulong r3 = Wide.AddWord(t7, h, out ulong k);

        Final(ref r, in p, m0, r0, r1, r2, r3, k);
    }

    /// <summary>
    /// t - p on p's limbs 2^64 - 1, 2^32 - 1, 0, p3 as constants: the subtrahend of limbs 1 and 3 plus the incoming
    /// borrow still fits a word (at most 2^32 and p3 + 1), and limb 2 subtracts only the borrow, so each limb
    /// needs one borrow test (four, against seven for a general p).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Final(ref Fe4 r, in Fe4 p, ulong m0, ulong t0, ulong t1, ulong t2, ulong t3, ulong k)
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
        Limbs4.Select(ref r, 0UL - (b & (k ^ 1)), t0, t1, t2, t3, d0, d1, d2, d3);
    }

    /// <summary>
    /// t + (p AND mask) with p's limbs as constants, one carry test a limb (none out of the top limb).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void AddMasked(ref Fe4 r, in Fe4 p, ulong m0, ulong t0, ulong t1, ulong t2, ulong t3, ulong mask)
    {
        ulong s0 = Wide.AddWord(t0, mask, out ulong c);
        ulong y = (0xFFFFFFFFUL & mask) + c;
        ulong s1 = Wide.AddWord(t1, y, out c);
        ulong s2 = Wide.AddWord(t2, c, out c);
        r.L0 = s0;
        r.L1 = s1;
        r.L2 = s2;
        r.L3 = t3 + (P3 & mask) + c;
    }
}

/// <summary>
/// Reduction modulo the secp256k1 prime p = 2^256 - C, C = 2^32 + 977 (SEC 2 v2 §2.4.1), without Montgomery form
/// (the group is created with montgomery: false, R = 1): 2^256 = C mod p, so
/// t = H 2^256 + L = L + H C (mod p), folded twice, then one masked subtraction of p. Four products by the 33-bit
/// C and one more, against sixteen for a Montgomery reduction, and no serial dependence of one round on the last.
/// </summary>
internal readonly struct Secp256k1Reduce4 : IReduce4
{
    public const ulong C = 0x1000003D1UL;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Reduce(ref Fe4 r, in Fe4 p, ulong m0, ulong t0, ulong t1, ulong t2, ulong t3, ulong t4, ulong t5, ulong t6, ulong t7)
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
        t0 = Wide.Adc(t0, lo, ref k);
        t1 = Wide.Adc(t1, hi, ref k);
        t2 = Wide.Adc(t2, 0, ref k);
        t3 = Wide.Adc(t3, 0, ref k);

        // When k = 1 the sum wrapped, so (t0..t3) < c C < 2^68: the value t + k 2^256 is below 2p either way, and
        // Final subtracts p from it (for k = 1 that is t + C, the 2^256 carried out folded in).
        Final(ref r, in p, m0, t0, t1, t2, t3, k);
    }

    /// <summary>
    /// t + k 2^256 - p = t + C - (1 - k) 2^256: with k = 1 that is t + C (below p, so it does not carry out of
    /// 2^256); with k = 0, t &gt;= p exactly when t + C carries out, and then t - p = t + C mod 2^256. One carry test
    /// a limb, C being a single limb.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Final(ref Fe4 r, in Fe4 p, ulong m0, ulong t0, ulong t1, ulong t2, ulong t3, ulong k)
    {
        ulong s0 = t0 + C;
        ulong f = Wide.Carry(t0, C, s0);
        ulong s1 = t1 + f;
        f = Wide.Carry(t1, f, s1);
        ulong s2 = t2 + f;
        f = Wide.Carry(t2, f, s2);
        ulong s3 = t3 + f;
        f = Wide.Carry(t3, f, s3);
        Limbs4.Select(ref r, 0UL - (f | k), s0, s1, s2, s3, t0, t1, t2, t3);
    }

    /// <summary>
    /// t + (p AND mask) = t - (C AND mask) mod 2^256 (p = 2^256 - C): one borrow test a limb, none at the top.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void AddMasked(ref Fe4 r, in Fe4 p, ulong m0, ulong t0, ulong t1, ulong t2, ulong t3, ulong mask)
    {
        ulong y = C & mask;
        ulong d0 = t0 - y;
        ulong b = Wide.Borrow(t0, y, d0);
        ulong d1 = t1 - b;
        b = Wide.Borrow(t1, b, d1);
        ulong d2 = t2 - b;
        b = Wide.Borrow(t2, b, d2);
        r.L0 = d0;
        r.L1 = d1;
        r.L2 = d2;
        r.L3 = t3 - b;
    }
}

/// <summary>
/// Montgomery reduction for P-224, p = 2^224 - 2^96 + 1 (FIPS 186-4 App. D.1.2.2; SP 800-186 §3.2.1.2), on four
/// 64-bit limbs: p0 = 1, p1 = 2^64 - 2^32, p2 = 2^64 - 1, p3 = 2^32 - 1. With p0 = 1, m0 = -p^-1 = -1 mod 2^64, so
/// the quotient digit is q = -t_i and t_i + q p0 = 2^64 exactly when t_i != 0 (else 0); p2 is all ones, so q p2 is
/// q 2^64 - q (Wide.MulAddP); only q p1 and q p3 are multiplications: 8 products per reduction against 16 for
/// GenericReduce4, the shape P256Reduce4 exploits for P-256.
/// </summary>
internal readonly struct P224Reduce4 : IReduce4
{
    private const ulong P1 = 0xFFFFFFFF00000000UL;
    private const ulong P3 = 0x00000000FFFFFFFFUL;

    /// <summary>
    /// r = t R^-1 mod p for t &lt; p^2: four rounds of GenericReduce4's shape (each round's carry lands on limb i + 4
    /// with the previous one-bit carry k, their sum below 2^65), with the products by p0 and p2 replaced as above;
    /// t_4..t_7 + k 2^256 &lt; 2p, and one masked subtraction ends it.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Reduce(ref Fe4 r, in Fe4 p, ulong m0, ulong t0, ulong t1, ulong t2, ulong t3, ulong t4, ulong t5, ulong t6, ulong t7)
    {
        ulong c, k, s, q;

        q = 0UL - t0;
        c = Wide.Carry(q, t0, q + t0);
        c = Wide.MulAdd(q, P1, t1, c, out t1);
        c = Wide.MulAddP(q, ulong.MaxValue, t2, c, out t2);
        c = Wide.MulAdd(q, P3, t3, c, out t3);
        s = t4 + c;
        k = Wide.Carry(t4, c, s);
        t4 = s;

        q = 0UL - t1;
        c = Wide.Carry(q, t1, q + t1);
        c = Wide.MulAdd(q, P1, t2, c, out t2);
        c = Wide.MulAddP(q, ulong.MaxValue, t3, c, out t3);
        c = Wide.MulAdd(q, P3, t4, c, out t4);
        t5 = Wide.Adc(t5, c, ref k);

        q = 0UL - t2;
        c = Wide.Carry(q, t2, q + t2);
        c = Wide.MulAdd(q, P1, t3, c, out t3);
        c = Wide.MulAddP(q, ulong.MaxValue, t4, c, out t4);
        c = Wide.MulAdd(q, P3, t5, c, out t5);
        t6 = Wide.Adc(t6, c, ref k);

        q = 0UL - t3;
        c = Wide.Carry(q, t3, q + t3);
        c = Wide.MulAdd(q, P1, t4, c, out t4);
        c = Wide.MulAddP(q, ulong.MaxValue, t5, c, out t5);
        c = Wide.MulAdd(q, P3, t6, c, out t6);
        t7 = Wide.Adc(t7, c, ref k);

        Limbs4.Final(ref r, in p, t4, t5, t6, t7, k);
    }

    // P-224's limbs give no shortcut for the final subtraction or the borrow correction: the generic ones.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Final(ref Fe4 r, in Fe4 p, ulong m0, ulong t0, ulong t1, ulong t2, ulong t3, ulong k) =>
        default(GenericReduce4).Final(ref r, in p, m0, t0, t1, t2, t3, k);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void AddMasked(ref Fe4 r, in Fe4 p, ulong m0, ulong t0, ulong t1, ulong t2, ulong t3, ulong mask) =>
        default(GenericReduce4).AddMasked(ref r, in p, m0, t0, t1, t2, t3, mask);
}

/// <summary>
/// Montgomery arithmetic on exactly four limbs (P-256, secp256k1, brainpoolP256r1, P-224 and any 193..256-bit
/// modulus), written out: the 8-limb product (10 multiplications for a square) in locals, then four reduction
/// rounds (separated operand scanning, <typeparamref name="TR"/>), so nothing goes through memory but the operands.
/// Mul and Sqr are never inlined: a point formula with eight of them inlined spills more than the calls cost
/// (measured in docs/benchmarks.md, "EC field arithmetic and point formulas", step 4).
/// </summary>
internal readonly struct Field4<TR> : IStructField<Fe4>
    where TR : struct, IReduce4
{
    private readonly Fe4 _p;
    private readonly ulong _m0;     // -p^-1 mod 2^64

    public Field4(BigInteger p)
    {
        _p = Fe4.From(p);
        _m0 = Wide.NegInverse(_p.L0);
    }

    public int Limbs => 4;

    [MethodImpl(MethodImplOptions.NoInlining)]
    public void Mul(ref Fe4 r, in Fe4 a, in Fe4 b)
    {
        ulong a0 = a.L0, a1 = a.L1, a2 = a.L2, a3 = a.L3;
        ulong t0, t1, t2, t3, t4, t5, t6, t7, c;
        ulong bi = b.L0;
        c = Wide.Mul(bi, a0, out t0);
        c = Wide.MulAdd(bi, a1, c, 0, out t1);
        c = Wide.MulAdd(bi, a2, c, 0, out t2);
        t4 = Wide.MulAdd(bi, a3, c, 0, out t3);
        bi = b.L1;
        c = Wide.MulAdd(bi, a0, t1, 0, out t1);
        c = Wide.MulAdd(bi, a1, t2, c, out t2);
        c = Wide.MulAdd(bi, a2, t3, c, out t3);
        t5 = Wide.MulAdd(bi, a3, t4, c, out t4);
        bi = b.L2;
        c = Wide.MulAdd(bi, a0, t2, 0, out t2);
        c = Wide.MulAdd(bi, a1, t3, c, out t3);
        c = Wide.MulAdd(bi, a2, t4, c, out t4);
        t6 = Wide.MulAdd(bi, a3, t5, c, out t5);
        bi = b.L3;
        c = Wide.MulAdd(bi, a0, t3, 0, out t3);
        c = Wide.MulAdd(bi, a1, t4, c, out t4);
        c = Wide.MulAdd(bi, a2, t5, c, out t5);
        t7 = Wide.MulAdd(bi, a3, t6, c, out t6);
        default(TR).Reduce(ref r, in _p, _m0, t0, t1, t2, t3, t4, t5, t6, t7);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    public void Sqr(ref Fe4 r, in Fe4 a)
    {
        ulong a0 = a.L0, a1 = a.L1, a2 = a.L2, a3 = a.L3;
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
        t1 = Wide.AddWord(t1, h, out c);
        h = Wide.MulAdd(a1, a1, t2, c, out t2);
        t3 = Wide.AddWord(t3, h, out c);
        h = Wide.MulAdd(a2, a2, t4, c, out t4);
        t5 = Wide.AddWord(t5, h, out c);
        h = Wide.MulAdd(a3, a3, t6, c, out t6);
        t7 += h;
        default(TR).Reduce(ref r, in _p, _m0, t0, t1, t2, t3, t4, t5, t6, t7);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Add(ref Fe4 r, in Fe4 a, in Fe4 b)
    {
        ulong c = 0;
        ulong s0 = Wide.Adc(a.L0, b.L0, ref c);
        ulong s1 = Wide.Adc(a.L1, b.L1, ref c);
        ulong s2 = Wide.Adc(a.L2, b.L2, ref c);
        ulong s3 = Wide.Adc(a.L3, b.L3, ref c);
        default(TR).Final(ref r, in _p, _m0, s0, s1, s2, s3, c);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Sub(ref Fe4 r, in Fe4 a, in Fe4 b)
    {
        ulong bw = 0;
        ulong d0 = Wide.Sbb(a.L0, b.L0, ref bw);
        ulong d1 = Wide.Sbb(a.L1, b.L1, ref bw);
        ulong d2 = Wide.Sbb(a.L2, b.L2, ref bw);
        ulong d3 = Wide.Sbb(a.L3, b.L3, ref bw);
        default(TR).AddMasked(ref r, in _p, _m0, d0, d1, d2, d3, 0UL - bw);
    }

    /// <summary>(a + p) / 2 when a is odd (below p, since a &lt; p), else a / 2; the sum's carry is the new top bit.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Half(ref Fe4 r, in Fe4 a)
    {
        ulong mask = Wide.Mask(a.L0 & 1);
        ulong c = 0;
        ulong s0 = Wide.Adc(a.L0, _p.L0 & mask, ref c);
        ulong s1 = Wide.Adc(a.L1, _p.L1 & mask, ref c);
        ulong s2 = Wide.Adc(a.L2, _p.L2 & mask, ref c);
        ulong s3 = Wide.Adc(a.L3, _p.L3 & mask, ref c);
        r.L0 = (s0 >> 1) | (s1 << 63);
        r.L1 = (s1 >> 1) | (s2 << 63);
        r.L2 = (s2 >> 1) | (s3 << 63);
        r.L3 = (s3 >> 1) | (c << 63);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Move(ref Fe4 r, in Fe4 a, ulong mask)
    {
        r.L0 ^= mask & (r.L0 ^ a.L0);
        r.L1 ^= mask & (r.L1 ^ a.L1);
        r.L2 ^= mask & (r.L2 ^ a.L2);
        r.L3 ^= mask & (r.L3 ^ a.L3);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong IsZero(in Fe4 a) => Wide.IsZero(a.L0 | a.L1 | a.L2 | a.L3);

    public Fe4 Load(ReadOnlySpan<ulong> limbs) => new Fe4(limbs[0], limbs[1], limbs[2], limbs[3]);

    public void Store(in Fe4 a, Span<ulong> limbs)
    {
        limbs[0] = a.L0;
        limbs[1] = a.L1;
        limbs[2] = a.L2;
        limbs[3] = a.L3;
    }
}

/// <summary>Limb helpers of the four-limb reductions.</summary>
internal static class Limbs4
{
    /// <summary>r = (t4..t7) + k 2^256 - p when that is not negative, else (t4..t7); the input is below 2p.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Final(ref Fe4 r, in Fe4 p, ulong t4, ulong t5, ulong t6, ulong t7, ulong k)
    {
        ulong b = 0;
        ulong r0 = Wide.Sbb(t4, p.L0, ref b);
        ulong r1 = Wide.Sbb(t5, p.L1, ref b);
        ulong r2 = Wide.Sbb(t6, p.L2, ref b);
        ulong r3 = Wide.Sbb(t7, p.L3, ref b);
        Select(ref r, 0UL - (b & (k ^ 1)), t4, t5, t6, t7, r0, r1, r2, r3);
    }

    /// <summary>r = (x0..x3) where mask is all ones, else (y0..y3) (mask is 0 or all ones), without a branch.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Select(
        ref Fe4 r, ulong mask, ulong x0, ulong x1, ulong x2, ulong x3, ulong y0, ulong y1, ulong y2, ulong y3)
    {
        r.L0 = y0 ^ (mask & (y0 ^ x0));
        r.L1 = y1 ^ (mask & (y1 ^ x1));
        r.L2 = y2 ^ (mask & (y2 ^ x2));
        r.L3 = y3 ^ (mask & (y3 ^ x3));
    }
}

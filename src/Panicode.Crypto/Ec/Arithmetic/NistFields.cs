// GF(p) for the NIST generalized-Mersenne (Solinas) primes, FIPS 186-4 Appendix D.2 ("Fast reduction
// modulo p192 ... p521"; also SP 800-186 §G.1): the 2n-word product is reduced by adding and subtracting
// a fixed set of word rearrangements of itself. Elements are plain integers in [0, p), so conversion in and
// out of the internal representation is a copy.

using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto.Ec;

/// <summary>
/// P-192, P-224, P-256 and P-384: p = 2^(32 n) - delta with a sparse delta. The D.2 formulas are kept as
/// data, transcribed term by term from the standard: each term is a coefficient and the product words
/// (A_i, 32-bit, most significant first as the standard writes them; -1 for a zero word).
/// </summary>
internal sealed class NistPrimeField : PrimeField
{
    private const int Z = -1;

    private readonly uint[] _p;
    private readonly uint[] _delta;  // 2^(32 n) - p
    private readonly Term[] _terms;
    private readonly uint[] _one;

    private NistPrimeField(uint[] modulus, Term[] terms)
        : base(modulus)
    {
        _p = modulus;
        _terms = terms;
        int n = modulus.Length;
        _delta = new uint[n];
        Span<uint> zero = stackalloc uint[n];
        zero.Clear();
        Limbs.Sub(_delta, zero, modulus);   // 0 - p = 2^(32 n) - p, the borrow is the 2^(32 n)
        _one = new uint[n];
        _one[0] = 1;

        // The folding argument in Reduce needs delta < 2^(32 n - 4) (so 9 delta < 2^(32 n)) and p > 2^(32 n - 1).
        Debug.Assert(_delta[n - 1] < (1u << 28) && (modulus[n - 1] >> 31) == 1);
    }

    /// <summary>D.2.1: B = T + S1 + S2 + S3 mod p192 (64-bit words A_i written as pairs of 32-bit words).</summary>
    public static NistPrimeField CreateP192() => new(
        ReferenceBackend.ToLimbs(CurveParameters.P192.P),
        new[]
        {
            new Term(1, 5, 4, 3, 2, 1, 0),       // T  = (A2, A1, A0)
            new Term(1, Z, Z, 7, 6, 7, 6),       // S1 = (0, A3, A3)
            new Term(1, 9, 8, 9, 8, Z, Z),       // S2 = (A4, A4, 0)
            new Term(1, 11, 10, 11, 10, 11, 10), // S3 = (A5, A5, A5)
        });

    /// <summary>D.2.2: B = T + S1 + S2 - D1 - D2 mod p224.</summary>
    public static NistPrimeField CreateP224() => new(
        ReferenceBackend.ToLimbs(CurveParameters.P224.P),
        new[]
        {
            new Term(1, 6, 5, 4, 3, 2, 1, 0),
            new Term(1, 10, 9, 8, 7, Z, Z, Z),
            new Term(1, Z, 13, 12, 11, Z, Z, Z),
            new Term(-1, 13, 12, 11, 10, 9, 8, 7),
            new Term(-1, Z, Z, Z, Z, 13, 12, 11),
        });

    /// <summary>D.2.3: B = T + 2 S1 + 2 S2 + S3 + S4 - D1 - D2 - D3 - D4 mod p256.</summary>
    public static NistPrimeField CreateP256() => new(
        ReferenceBackend.ToLimbs(CurveParameters.P256.P),
        new[]
        {
            new Term(1, 7, 6, 5, 4, 3, 2, 1, 0),
            new Term(2, 15, 14, 13, 12, 11, Z, Z, Z),
            new Term(2, Z, 15, 14, 13, 12, Z, Z, Z),
            new Term(1, 15, 14, Z, Z, Z, 10, 9, 8),
            new Term(1, 8, 13, 15, 14, 13, 11, 10, 9),
            new Term(-1, 10, 8, Z, Z, Z, 13, 12, 11),
            new Term(-1, 11, 9, Z, Z, 15, 14, 13, 12),
            new Term(-1, 12, Z, 10, 9, 8, 15, 14, 13),
            new Term(-1, 13, Z, 11, 10, 9, Z, 15, 14),
        });

    /// <summary>D.2.4: B = T + 2 S1 + S2 + S3 + S4 + S5 + S6 - D1 - D2 - D3 mod p384.</summary>
    public static NistPrimeField CreateP384() => new(
        ReferenceBackend.ToLimbs(CurveParameters.P384.P),
        new[]
        {
            new Term(1, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0),
            new Term(2, Z, Z, Z, Z, Z, 23, 22, 21, Z, Z, Z, Z),
            new Term(1, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12),
            new Term(1, 20, 19, 18, 17, 16, 15, 14, 13, 12, 23, 22, 21),
            new Term(1, 19, 18, 17, 16, 15, 14, 13, 12, 20, Z, 23, Z),
            new Term(1, Z, Z, Z, Z, 23, 22, 21, 20, Z, Z, Z, Z),
            new Term(1, Z, Z, Z, Z, Z, Z, 23, 22, 21, Z, Z, 20),
            new Term(-1, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 23),
            new Term(-1, Z, Z, Z, Z, Z, Z, Z, 23, 22, 21, 20, Z),
            new Term(-1, Z, Z, Z, Z, Z, Z, Z, 23, 23, Z, Z, Z),
        });

    public override ReadOnlySpan<uint> One => _one;

    [MethodImpl(Hot.Optimize)]

    public override void Mul(Span<uint> r, ReadOnlySpan<uint> a, ReadOnlySpan<uint> b)
    {
        Span<uint> product = stackalloc uint[2 * _p.Length];
        Limbs.Mul(product, a, b);
        Reduce(product, r);
        product.Clear();
    }

    [MethodImpl(Hot.Optimize)]
    public override void Sqr(Span<uint> r, ReadOnlySpan<uint> a)
    {
        Span<uint> product = stackalloc uint[2 * _p.Length];
        Limbs.Sqr(product, a);
        Reduce(product, r);
        product.Clear();
    }

    public override void ToInternal(Span<uint> r, ReadOnlySpan<uint> canonical) => canonical.CopyTo(r);

    public override void FromInternal(Span<uint> r, ReadOnlySpan<uint> a) => a.CopyTo(r);

    /// <summary>
    /// Reduces a 2n-word product below p. Bounds, with W = 32 n and delta = 2^W - p:
    /// (1) each output word sums at most 8 positive and 4 negative 32-bit words plus a carry, far inside a long,
    ///     and the combination leaves lo + c 2^W with lo &lt; 2^W and a small signed carry c in [-4, 8];
    /// (2) 2^W = delta (mod p), so fold: lo + c delta. Since 8 delta &lt; 2^W the result lies in (-2^W, 2^(W+1)):
    ///     a new carry c' in {-1, 0, 1};
    /// (3) fold again. If c' = 1 the low part is below 8 delta, so adding delta cannot carry; if c' = -1 it is
    ///     above 2^W - 4 delta, so subtracting delta cannot borrow. Now 0 &lt;= value &lt; 2^W;
    /// (4) p &gt; 2^(W-1) gives 2^W &lt; 2p: one conditional subtraction of p finishes.
    /// The folds always run (with c possibly 0), so the operation sequence is independent of the value.
    /// </summary>
    [MethodImpl(Hot.Optimize)]
    private void Reduce(ReadOnlySpan<uint> product, Span<uint> r)
    {
        int n = _p.Length;
        long carry = 0;
        for (int w = 0; w < n; w++)
        {
            long s = carry;
            foreach (Term term in _terms)
            {
                int index = term.Words[n - 1 - w];
                if (index >= 0)
                {
                    s += term.Coefficient * (long)product[index];
                }
            }

            r[w] = (uint)s;
            carry = s >> 32;
        }

        Debug.Assert(carry >= -4 && carry <= 8);
        carry = Fold(r, carry);
        carry = Fold(r, carry);
        Debug.Assert(carry == 0);

        Span<uint> t = stackalloc uint[n];
        uint borrow = Limbs.Sub(t, r, _p);
        ConstantTime.CCopy(ConstantTime.Not(borrow), r, t);
    }

    /// <summary>r = r + c delta; returns the new signed carry out of the top word.</summary>
    [MethodImpl(Hot.Optimize)]
    private long Fold(Span<uint> r, long c)
    {
        long carry = 0;
        for (int i = 0; i < r.Length; i++)
        {
            long s = r[i] + (c * _delta[i]) + carry;
            r[i] = (uint)s;
            carry = s >> 32;
        }

        return carry;
    }


    private readonly struct Term
    {
        public Term(int coefficient, params int[] words)
        {
            Coefficient = coefficient;
            Words = words;
        }

        public int Coefficient { get; }

        public int[] Words { get; }
    }
}

/// <summary>
/// P-521, p = 2^521 - 1 (FIPS 186-4 D.2.5): for a product T &lt; 2^1042, T = T1 2^521 + T0 = T1 + T0 (mod p), and
/// T1 + T0 &lt; 2^522 - 1 &lt; 2p, so one conditional subtraction completes the reduction.
/// </summary>
internal sealed class NistP521Field : PrimeField
{
    private const int N = 17;

    private static readonly uint[] s_p = CreateModulus();
    private readonly uint[] _one;

    public NistP521Field()
        : base(s_p)
    {
        _one = new uint[N];
        _one[0] = 1;
    }

    public override ReadOnlySpan<uint> One => _one;

    [MethodImpl(Hot.Optimize)]

    public override void Mul(Span<uint> r, ReadOnlySpan<uint> a, ReadOnlySpan<uint> b)
    {
        Span<uint> product = stackalloc uint[2 * N];
        Limbs.Mul(product, a, b);
        Reduce(product, r);
    }

    [MethodImpl(Hot.Optimize)]
    public override void Sqr(Span<uint> r, ReadOnlySpan<uint> a)
    {
        Span<uint> product = stackalloc uint[2 * N];
        Limbs.Sqr(product, a);
        Reduce(product, r);
    }

    [MethodImpl(Hot.Optimize)]
    private static void Reduce(Span<uint> product, Span<uint> r)
    {
        // T1 = T >> 521: limb i takes bits 521 + 32 i .. of the product, i.e. limb 16 + i shifted right by 9.
        Span<uint> high = stackalloc uint[N];
        for (int i = 0; i < N; i++)
        {
            uint lo = product[16 + i] >> 9;
            uint hi = 16 + i + 1 < 2 * N ? product[16 + i + 1] << 23 : 0;
            high[i] = lo | hi;
        }

        product.Slice(0, N).CopyTo(r);
        r[N - 1] &= 0x1FF;
        Limbs.Add(r, r, high);

        Span<uint> t = stackalloc uint[N];
        uint borrow = Limbs.Sub(t, r, s_p);
        ConstantTime.CCopy(ConstantTime.Not(borrow), r, t);
        product.Clear();
        high.Clear();
    }

    public override void ToInternal(Span<uint> r, ReadOnlySpan<uint> canonical) => canonical.CopyTo(r);

    public override void FromInternal(Span<uint> r, ReadOnlySpan<uint> a) => a.CopyTo(r);

    private static uint[] CreateModulus()
    {
        uint[] p = new uint[N];
        for (int i = 0; i < N - 1; i++)
        {
            p[i] = uint.MaxValue;
        }

        p[N - 1] = 0x1FF;
        return p;
    }
}

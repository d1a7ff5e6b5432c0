// k P for a secret k on secp256k1 (ECDH) with the GLV endomorphism (Gallant, Lambert and Vanstone, CRYPTO 2001;
// Guide to Elliptic Curve Cryptography §3.5), in constant time.
//
// lambda (x, y) = (beta x, y), so with k = k1 + k2 lambda (mod n) split in constant time (GlvSplit.cs; |k1| < 0.6354
// 2^128, |k2| < 0.5407 2^128) k P = k1 P1 + k2 P2 for P1 = s1 P and P2 = s2 lambda P, where s_i = -1 when k_i < 0:
// the signs go into the points (masked selects of y or -y). The magnitudes are recoded into 26 signed radix-32
// digits in [-15, 16] (regular recoding, no zero forced, carries by arithmetic) and run from the top: per window
// five shared doublings, then for each half a whole scan of the table P..16P (beta x for the lambda half), a masked
// negation for a negative digit and a mixed addition. The table is affine on an isomorphic curve, which spares its
// inversion (BuildGlvTable). Against the plain 4-bit ladder of Multiply: 130 doublings
// instead of 256 and 52 additions instead of 64; the lambda table costs 16 multiplications.
//
// No addition meets its doubling case. Write V for the value of a half's digits processed so far (its prefix):
// V = floor(|k_i| / 32^j) + c_j with the carry c_j into digit j, so 0 <= V <= |k_i| / 32^j + 1, and before a digit
// d is added the accumulator holds u1 P1 + u2 P2 with u = 32 V (u <= |k_i| + 32). It equals +-d P1 exactly when
// (s1 (u1 -+ d), s2 u2) lies in the lattice L = {(x, y): x + y lambda = 0 mod n} (P has order n: secp256k1 has
// cofactor 1), and likewise for d P2. A lattice vector in the short basis (a1, b1), (a2, b2) (determinant n) is
// (x, y) = i (a1, b1) + j (a2, b2) with i = (b2 x - a2 y) / n and j = (-b1 x + a1 y) / n; for |x| <= 0.6354 2^128 + 64
// and |y| <= 0.5407 2^128 + 64 that gives |i| <= 0.705 and |j| <= 0.670 (checked in Secp256k1GlvTests), so i = j = 0
// and the only lattice point in reach is (0, 0). An addition of d P1 is thus exceptional only when u2 = 0 and
// u1 = +-d, with |d| <= 16 < 32 forcing u1 = 0 = d; digit 0 adds nothing (masked), and u1 = u2 = 0 means the
// accumulator is the point at infinity (V = 0 happens only before a half's first non-zero digit: 32 V + d > 0 once
// V > 0), which the masks of AddLifted handle (qInf: every digit so far zero). The case of d P2 is the same with the
// roles swapped, and the same argument shows the accumulator is never infinity otherwise.

using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Security.Cryptography;
using Panicode.Crypto.Ec;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto.Unsafe.Ec;

internal sealed unsafe partial class FastEcGroup<TF>
{
    /// <summary>Signed radix-32 digits of a half below 2^128 (26 x 5 = 130 bits: room for the last carry).</summary>
    private const int GlvDigits = 26;

    private const int GlvWindow = 5;

    /// <summary>The table P..16P.</summary>
    private const int GlvEntries = 16;

    /// <summary>
    /// k P for a secret k (any big-endian length Multiply accepts) and a public P (affine, decoded into the first entry
    /// of <paramref name="point"/>, 2m limbs): x and y of the result, false for infinity.
    /// </summary>
    [MethodImpl(Hot.Optimize)]
    private bool MultiplyGlv(ReadOnlySpan<byte> k, Span<byte> x, Span<byte> y, ulong* point)
    {
        int m = _m;
        int n2 = 2 * m;
        Glv glv = _glv!;
        ulong* table = stackalloc ulong[GlvEntries * n2];
        ulong* lambdaTable = stackalloc ulong[GlvEntries * n2];
        ulong* zc = stackalloc ulong[m];
        Copy(table, point, n2);
        if (!BuildGlvTable(table, zc))
        {
            throw new CryptographicException(ErrorMessages.EcPointOrder);
        }

        // The split of k mod n, then the signed digits of both halves.
        Span<byte> kb = stackalloc byte[Scalars.ByteLength];
        ReduceScalar(k, kb);
        ulong* scalar = stackalloc ulong[4];
        ulong* halves = stackalloc ulong[4];
        ulong* digits = stackalloc ulong[2 * GlvDigits];
        Clear(scalar, 4);
        for (int i = 0; i < kb.Length; i++)
        {
            int bit = 8 * (kb.Length - 1 - i);
            scalar[bit >> 6] |= (ulong)kb[i] << (bit & 63);
        }

        kb.Clear();
        GlvSplit.SplitSecret(scalar, halves, halves + 2, out ulong negative1, out ulong negative2);
        RecodeSigned(halves, digits);
        RecodeSigned(halves + 2, digits + GlvDigits);

        // The two tables: j P1 = (x_j, s1 y_j) and j P2 = (beta x_j, s2 y_j), the signs by masked selects.
        ulong* negY = stackalloc ulong[m];
        fixed (ulong* beta = glv.BetaMont)
        {
            for (int j = 0; j < GlvEntries; j++)
            {
                ulong* e = table + (j * n2);
                ulong* l = lambdaTable + (j * n2);
                _f.Mul(l, e, beta);
                Copy(l + m, e + m, m);
                Clear(negY, m);
                _f.Sub(negY, negY, e + m);
                Move(e + m, negY, m, negative1);
                Move(l + m, negY, m, negative2);
            }
        }

        ulong* q = stackalloc ulong[3 * m];
        ulong* sum = stackalloc ulong[3 * m];
        ulong* lifted = stackalloc ulong[n2];
        Clear(q, 3 * m);
        ulong qInf = ulong.MaxValue;
        for (int i = GlvDigits - 1; i >= 0; i--)
        {
            for (int s = 0; s < GlvWindow; s++)
            {
                Dbl(q, q);
            }

            qInf = AddSignedDigit(q, sum, lifted, table, digits[i], qInf, negY);
            qInf = AddSignedDigit(q, sum, lifted, lambdaTable, digits[GlvDigits + i], qInf, negY);
        }

        // Back from the isomorphic curve of the table (BuildGlvTable): Z times zc.
        _f.Mul(q + n2, q + n2, zc);
        bool finite = ToAffine(q, qInf, x, y);
        Clear(q, 3 * m);
        Clear(sum, 3 * m);
        Clear(lifted, n2);
        Clear(scalar, 4);
        Clear(halves, 4);
        Clear(digits, 2 * GlvDigits);
        Clear(negY, m);
        Clear(table, GlvEntries * n2);
        Clear(lambdaTable, GlvEntries * n2);
        return finite;
    }

    /// <summary>
    /// q += d (entry |d| of a 16-entry table, y negated when d &lt; 0) for a signed digit d (two's complement) in
    /// constant time: a whole-table scan, a masked negation, then the masked addition of AddLifted. negY: m scratch.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private ulong AddSignedDigit(ulong* q, ulong* sum, ulong* lifted, ulong* table, ulong digit, ulong qInf, ulong* negY)
    {
        int m = _m;
        ulong sign = 0UL - (digit >> 63);
        ulong magnitude = (digit ^ sign) - sign;
        Select(lifted, table, magnitude, 2 * m, GlvEntries);
        Clear(negY, m);
        _f.Sub(negY, negY, lifted + m);
        Move(lifted + m, negY, m, sign);
        return AddLifted(q, sum, lifted, IsZeroWord(magnitude), qInf);
    }

    /// <summary>
    /// The 26 signed radix-32 digits d_j in [-15, 16] (two's complement words) of a two-limb h &lt; 2^128 with
    /// h = sum d_j 32^j: t = (5-bit window j) + carry; t &gt; 16 becomes t - 32 with a carry of one into the next
    /// window, computed by arithmetic. The top window holds bits 125..129 of h &lt; 0.6354 2^128, so t &lt;= 6 there
    /// and no carry is left over.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void RecodeSigned(ulong* h, ulong* digits)
    {
        ulong carry = 0;
        for (int j = 0; j < GlvDigits; j++)
        {
            // Bit positions are public: the branches pick the limbs, never look at the value.
            int pos = GlvWindow * j;
            ulong w = pos < 64 ? h[0] >> pos : h[1] >> (pos - 64);
            if (pos < 64 && pos > 64 - GlvWindow)
            {
                w |= h[1] << (64 - pos);
            }

            ulong t = (w & 31) + carry;
            carry = (16 - t) >> 63;
            digits[j] = t - (carry << 5);
        }

        Debug.Assert(carry == 0);
    }

    /// <summary>
    /// From the affine P in table[0], the points j P for j = 1..16 as affine points of an isomorphic curve, with no
    /// inversion (the device of libsecp256k1's constant-time multiplication, from the algebra): 2P by a doubling,
    /// then (j + 1) P = j P + P by mixed additions (never a doubling or infinity for j &lt;= 16 &lt; n and P of order n;
    /// the flags confirm it), so Z_(j+1) = Z_j H_j. For the last Z, written to <paramref name="zc"/>, the map
    /// (x, y) -> (x zc^2, y zc^3) is an isomorphism from y^2 = x^3 + b onto y^2 = x^3 + b zc^6, which takes the
    /// Jacobian (X_j, Y_j, Z_j) to the affine (X_j s_j^2, Y_j s_j^3) with s_j = zc / Z_j = H_j ... H_15 (a product
    /// of the ratios, walked down from 16P). The doubling and mixed addition formulas of a = 0 never read b, and
    /// (x, y) -> (beta x, y) and negation commute with the map, so the ladder runs on the image unchanged; a result
    /// (X, Y, Z) there is (X, Y, Z zc) on the curve. P is public.
    /// </summary>
    private bool BuildGlvTable(ulong* table, ulong* zc)
    {
        int m = _m;
        int n2 = 2 * m;
        int n3 = 3 * m;
        ulong* jac = stackalloc ulong[GlvEntries * n3];
        ulong* ratios = stackalloc ulong[GlvEntries * m];    // ratios[j] = Z_(j+1) / Z_j, j = 0..14
        ulong* s = stackalloc ulong[3 * m];
        ulong* ss = s + m;
        ulong* t = s + n2;
        Copy(jac, table, n2);
        Copy(jac + n2, MontOne, m);
        Dbl(jac + n3, jac);
        Copy(ratios, jac + n3 + n2, m);                      // Z_1 / Z_0 = Z_1 (Z_0 = 1)
        for (int j = 1; j < GlvEntries - 1; j++)
        {
            ulong* prev = jac + (j * n3);
            if ((AddMixed(jac + ((j + 1) * n3), prev, table, table + m) & 1) != 0)
            {
                return false;
            }

            // H_j = x Z_j^2 - X_j, as in AddMixed (Z_(j+1) = Z_j H_j).
            _f.Sqr(t, prev + n2);
            _f.Mul(t, t, table);
            _f.Sub(ratios + (j * m), t, prev);
        }

        Copy(zc, jac + ((GlvEntries - 1) * n3) + n2, m);
        Copy(s, MontOne, m);
        for (int j = GlvEntries - 1; j >= 0; j--)
        {
            ulong* point = jac + (j * n3);
            _f.Sqr(ss, s);
            _f.Mul(table + (j * n2), point, ss);
            _f.Mul(ss, ss, s);
            _f.Mul(table + (j * n2) + m, point + m, ss);
            if (j > 0)
            {
                _f.Mul(s, s, ratios + ((j - 1) * m));
            }
        }

        return true;
    }

    /// <summary>
    /// r = a^(p - 2) = a^-1 (0 for 0) on secp256k1, constant time, by an addition chain on the public exponent:
    /// p - 2 = 2^256 - 2^32 - 979 has the bits (from the top) 223 ones, 0, 22 ones, 0000, 1, 0, 11, 0, 1. With
    /// x_k = a^(2^k - 1) built as x_(i+j) = x_i^(2^j) x_j (x2, x3, x6, x9, x11, x22, x44, x88, x176, x220, x223), the
    /// tail is x223^(2^23) x22, then ^(2^5) a, ^(2^3) x2, ^(2^2) a: 255 squarings and 15 multiplications, against
    /// about 60 more multiplications for the 4-bit windows of Invert.
    /// </summary>
    private void InvertSecp256k1(ulong* r, ulong* a)
    {
        int m = _m;
        ulong* t = stackalloc ulong[6 * m];
        ulong* x2 = t;
        ulong* x3 = t + m;
        ulong* x11 = t + (2 * m);
        ulong* x22 = t + (3 * m);
        ulong* x44 = t + (4 * m);
        ulong* acc = t + (5 * m);
        SqrMul(x2, a, 1, a);
        SqrMul(x3, x2, 1, a);
        SqrMul(acc, x3, 3, x3);          // x6
        SqrMul(acc, acc, 3, x3);         // x9
        SqrMul(x11, acc, 2, x2);
        SqrMul(x22, x11, 11, x11);
        SqrMul(x44, x22, 22, x22);
        SqrMul(acc, x44, 44, x44);       // x88
        SqrMul(acc, acc, 88, acc);       // x176 = x88^(2^88) x88
        SqrMul(acc, acc, 44, x44);       // x220
        SqrMul(acc, acc, 3, x3);         // x223
        SqrMul(acc, acc, 23, x22);
        SqrMul(acc, acc, 5, a);
        SqrMul(acc, acc, 3, x2);
        SqrMul(r, acc, 2, a);
        Clear(t, 6 * m);
    }

    /// <summary>r = a^(2^count) b, count &gt;= 1; b is copied first, so r may alias a and b.</summary>
    private void SqrMul(ulong* r, ulong* a, int count, ulong* b)
    {
        int m = _m;
        ulong* t = stackalloc ulong[m];
        Copy(t, b, m);
        _f.Sqr(r, a);
        for (int i = 1; i < count; i++)
        {
            _f.Sqr(r, r);
        }

        _f.Mul(r, r, t);
        Clear(t, m);
    }
}

// k P for a secret k on secp256k1 (ECDH) with the GLV endomorphism (Gallant, Lambert and Vanstone, CRYPTO 2001;
// Guide to Elliptic Curve Cryptography §3.5), in constant time.
//
// lambda (x, y) = (beta x, y), so with k = k1 + k2 lambda (mod n) split in constant time (Glv.cs; |k1| < 0.6354
// 2^128, |k2| < 0.5407 2^128) k P = k1 P1 + k2 P2 for P1 = s1 P and P2 = s2 lambda P, where s_i = -1 when k_i < 0:
// the signs go into the points (masked selects of y or -y). The magnitudes are recoded into 26 signed radix-32
// digits in [-15, 16] (regular recoding, no zero forced, carries by arithmetic) and run from the top: per window
// five shared doublings, then for each half a whole scan of the table P..16P (beta x for the lambda half), a masked
// negation for a negative digit and a mixed addition. The table is affine on an isomorphic curve, which spares its
// inversion (BuildGlvTable). Against the engine's plain 4-bit ladder: 130 doublings
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

internal sealed unsafe partial class FastEcGroup<TE, TF>
{
    /// <summary>Signed radix-32 digits of a half below 2^128 (26 x 5 = 130 bits: room for the last carry).</summary>
    private const int GlvDigits = 26;

    private const int GlvWindow = 5;

    /// <summary>The table P..16P.</summary>
    private const int GlvEntries = 16;

    /// <summary>k P for a secret k and a public P: x and y of the result, false for infinity.</summary>
    [MethodImpl(Hot.Optimize)]
    private bool MultiplyGlv(in AffineBytes point, ReadOnlySpan<byte> k, Span<byte> x, Span<byte> y)
    {
        Span<AffinePoint<TE>> table = stackalloc AffinePoint<TE>[GlvEntries];
        Span<AffinePoint<TE>> lambdaTable = stackalloc AffinePoint<TE>[GlvEntries];
        if (!Decode(point.X, out table[0].X) || !Decode(point.Y, out table[0].Y))
        {
            throw new CryptographicException(ErrorMessages.EcPointNotOnCurve);
        }

        TE zc = default;
        if (!BuildGlvTable(table, ref zc))
        {
            throw new CryptographicException(ErrorMessages.EcPointOrder);
        }

        // The split of k mod n, then the signed digits of both halves.
        Span<byte> kb = stackalloc byte[8 * CurveParameters.MaxOrderLimbs64].Slice(0, OrderBytes);
        ReduceScalar(k, kb);
        ulong* scalar = stackalloc ulong[4];
        ulong* halves = stackalloc ulong[4];
        ulong* digits = stackalloc ulong[2 * GlvDigits];
        for (int i = 0; i < 4; i++)
        {
            scalar[i] = 0;
        }

        for (int i = 0; i < kb.Length; i++)
        {
            int bit = 8 * (kb.Length - 1 - i);
            scalar[bit >> 6] |= (ulong)kb[i] << (bit & 63);
        }

        kb.Clear();
        Glv.SplitSecret(new ReadOnlySpan<ulong>(scalar, 4), new Span<ulong>(halves, 2), new Span<ulong>(halves + 2, 2), out ulong negative1, out ulong negative2);
        RecodeSigned(halves, digits);
        RecodeSigned(halves + 2, digits + GlvDigits);

        // The two tables: j P1 = (x_j, s1 y_j) and j P2 = (beta x_j, s2 y_j), the signs by masked selects.
        TE zero = default;
        TE negY = default;
        for (int j = 0; j < GlvEntries; j++)
        {
            _f.Mul(ref lambdaTable[j].X, in table[j].X, in _beta);
            lambdaTable[j].Y = table[j].Y;
            _f.Sub(ref negY, in zero, in table[j].Y);
            _f.Move(ref table[j].Y, in negY, negative1);
            _f.Move(ref lambdaTable[j].Y, in negY, negative2);
        }

        JacobianPoint<TE> q = default;
        ulong qInf = ulong.MaxValue;
        for (int i = GlvDigits - 1; i >= 0; i--)
        {
            for (int s = 0; s < GlvWindow; s++)
            {
                Dbl(ref q, in q);
            }

            qInf = AddSignedDigit(ref q, table, digits[i], qInf);
            qInf = AddSignedDigit(ref q, lambdaTable, digits[GlvDigits + i], qInf);
        }

        // Back from the isomorphic curve of the table (BuildGlvTable): Z times zc.
        _f.Mul(ref q.Z, in q.Z, in zc);
        bool finite = ToAffine(in q, qInf, x, y, publicData: false);
        StructEcGroup.Wipe(ref q);
        new Span<ulong>(scalar, 4).Clear();
        new Span<ulong>(halves, 4).Clear();
        new Span<ulong>(digits, 2 * GlvDigits).Clear();
        table.Clear();
        lambdaTable.Clear();
        StructEcGroup.ScrubStack();
        return finite;
    }

    /// <summary>
    /// q += d (entry |d| of a 16-entry table, y negated when d &lt; 0) for a signed digit d (two's complement) in
    /// constant time: a whole-table scan, a masked negation, then the masked addition of AddLifted.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private ulong AddSignedDigit(ref JacobianPoint<TE> q, ReadOnlySpan<AffinePoint<TE>> table, ulong digit, ulong qInf)
    {
        ulong sign = 0UL - (digit >> 63);
        ulong magnitude = (digit ^ sign) - sign;
        AffinePoint<TE> e = default;
        Select(ref e, table, (uint)magnitude);
        TE zero = default;
        TE negY = default;
        _f.Sub(ref negY, in zero, in e.Y);
        _f.Move(ref e.Y, in negY, sign);
        ulong result = AddLifted(ref q, in e, Wide.Mask(Wide.IsZero((uint)magnitude)), qInf);
        e = default;
        negY = default;
        return result;
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
    private bool BuildGlvTable(Span<AffinePoint<TE>> table, ref TE zc)
    {
        Span<JacobianPoint<TE>> jac = stackalloc JacobianPoint<TE>[GlvEntries];
        Span<TE> ratios = stackalloc TE[GlvEntries];      // ratios[j] = Z_(j+1) / Z_j, j = 0..14
        jac[0].X = table[0].X;
        jac[0].Y = table[0].Y;
        jac[0].Z = _one;
        Dbl(ref jac[1], in jac[0]);
        ratios[0] = jac[1].Z;                               // Z_1 / Z_0 = Z_1 (Z_0 = 1)
        TE t = default;
        for (int j = 1; j < GlvEntries - 1; j++)
        {
            if ((AddMixed(ref jac[j + 1], in jac[j], in table[0]) & 1) != 0)
            {
                return false;
            }

            // H_j = x Z_j^2 - X_j, as in AddMixed (Z_(j+1) = Z_j H_j).
            _f.Sqr(ref t, in jac[j].Z);
            _f.Mul(ref t, in t, in table[0].X);
            _f.Sub(ref ratios[j], in t, in jac[j].X);
        }

        zc = jac[GlvEntries - 1].Z;
        TE s = _one;
        TE ss = default;
        for (int j = GlvEntries - 1; j >= 0; j--)
        {
            _f.Sqr(ref ss, in s);
            _f.Mul(ref table[j].X, in jac[j].X, in ss);
            _f.Mul(ref ss, in ss, in s);
            _f.Mul(ref table[j].Y, in jac[j].Y, in ss);
            if (j > 0)
            {
                _f.Mul(ref s, in s, in ratios[j - 1]);
            }
        }

        return true;
    }
}

// The constant-time scalar split of secp256k1's GLV endomorphism (Gallant, Lambert and Vanstone, CRYPTO 2001;
// Guide to Elliptic Curve Cryptography §3.5, Alg. 3.74) for a secret scalar (ECDH). Alg. 3.74 rounds
// c1 = round(b2 k / n) and c2 = round(-b1 k / n), a division this file replaces by a fixed-point multiplication by
// the precomputed g1 = round(2^384 b2 / n), g2 = round(2^384 (-b1) / n) and a shift by 384 (the device libsecp256k1
// uses; the code here is written from the algebra below), all in straight-line limb arithmetic.
//
// Bounds. With x1 = b2 k / n, x2 = -b1 k / n the real solution of (k, 0) = x1 (a1, b1) + x2 (a2, b2) (the basis has
// determinant a1 b2 - a2 b1 = n), the split is (k1, k2) = (x1 - c1)(a1, b1) + (x2 - c2)(a2, b2). The computed c_i
// differ from x_i by at most 1/2 (the rounding) plus k |g_i - 2^384 b / n| / 2^384 <= 2^256 (1/2) / 2^384 = 2^-129,
// so |k1| <= (1/2 + 2^-129)(|a1| + |a2|) < 0.6354 2^128 and |k2| <= (1/2 + 2^-129)(|b1| + |b2|) < 0.5407 2^128:
// both magnitudes fit two limbs. c1 < b2 < 2^126 and c2 < -b1 < 2^128 fit two limbs as well.
// Exactness. k1 = k - c1 a1 - c2 a2 and k2 = c1 (-b1) - c2 b2 are integers of magnitude below 2^128, so computing
// them modulo 2^192 in two's complement (the low three limbs of every product) gives them exactly, bit 191 being
// the sign; k1 + k2 lambda = k - c1 (a1 + b1 lambda) - c2 (a2 + b2 lambda) = k (mod n).

using System;
using System.Diagnostics;
using System.Numerics;
using System.Runtime.CompilerServices;
using Panicode.Crypto.Ec;

namespace Panicode.Crypto.Unsafe.Ec;

internal static unsafe class GlvSplit
{
    // g1 (4 limbs), g2 (4), then a1, a2, -b1 as three limbs each (little-endian limbs); public constants.
    private static readonly ulong[] s_split = CreateSplitConstants();

    /// <summary>
    /// k = k1 + k2 lambda (mod n) for a secret k &lt; n (four little-endian limbs), in constant time: the
    /// magnitudes |k1|, |k2| &lt; 2^128 into two limbs each and their signs as masks (all ones when negative).
    /// </summary>
    [MethodImpl(Hot.Optimize)]
    public static void SplitSecret(ulong* k, ulong* k1, ulong* k2, out ulong negative1, out ulong negative2)
    {
        ulong* t = stackalloc ulong[16];
        ulong* c1 = t;          // 2 limbs
        ulong* c2 = t + 2;      // 2 limbs
        ulong* u = t + 4;       // 3 limbs
        ulong* v = t + 7;       // 3 limbs
        ulong* w = t + 10;      // 3 limbs
        ulong* r = t + 13;      // 3 limbs
        fixed (ulong* s = s_split)
        {
            ulong* a1 = s + 8;
            ulong* a2 = s + 11;
            ulong* minusB1 = s + 14;
            MulShiftRound(k, s, c1);
            MulShiftRound(k, s + 4, c2);

            // k1 = k - c1 a1 - c2 a2 (mod 2^192).
            MulLow3(c1, a1, u);
            MulLow3(c2, a2, v);
            ulong borrow = 0;
            for (int i = 0; i < 3; i++)
            {
                w[i] = Wide.Sbb(k[i], u[i], ref borrow);
            }

            borrow = 0;
            for (int i = 0; i < 3; i++)
            {
                r[i] = Wide.Sbb(w[i], v[i], ref borrow);
            }

            negative1 = Abs3(r, k1);

            // k2 = c1 (-b1) - c2 b2 (mod 2^192), b2 = a1.
            MulLow3(c1, minusB1, u);
            MulLow3(c2, a1, v);
            borrow = 0;
            for (int i = 0; i < 3; i++)
            {
                r[i] = Wide.Sbb(u[i], v[i], ref borrow);
            }

            negative2 = Abs3(r, k2);
        }

        Limb.Clear(t, 16);
    }

    /// <summary>SplitSecret on spans (tests): k in four limbs, the magnitudes of k1 and k2 in two limbs each.</summary>
    public static void SplitSecret(ReadOnlySpan<ulong> k, Span<ulong> k1, Span<ulong> k2, out ulong negative1, out ulong negative2)
    {
        Debug.Assert(k.Length == 4 && k1.Length == 2 && k2.Length == 2);
        fixed (ulong* pk = k, p1 = k1, p2 = k2)
        {
            SplitSecret(pk, p1, p2, out negative1, out negative2);
        }
    }

    /// <summary>
    /// c = floor((k g + 2^383) / 2^384) = round(k g / 2^384) for a 4-limb k and g: the full 8-limb schoolbook
    /// product (k g + 2^383 &lt; 2^512), limbs 6 and 7 (the callers' c_i are below 2^128, so limb 7 is the top).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void MulShiftRound(ulong* k, ulong* g, ulong* c)
    {
        ulong* p = stackalloc ulong[8];
        Limb.Clear(p, 8);
        for (int i = 0; i < 4; i++)
        {
            ulong carry = 0;
            for (int j = 0; j < 4; j++)
            {
                carry = Wide.MulAdd(k[i], g[j], p[i + j], carry, out p[i + j]);
            }

            p[i + 4] = carry;
        }

        ulong cy = 0;
        p[5] = Wide.Adc(p[5], 1UL << 63, ref cy);
        p[6] = Wide.Adc(p[6], 0, ref cy);
        p[7] = Wide.Adc(p[7], 0, ref cy);
        Debug.Assert(cy == 0);
        c[0] = p[6];
        c[1] = p[7];
        Limb.Clear(p, 8);
    }

    /// <summary>r = x y mod 2^192 for a 2-limb x and a 3-limb y (carries out of limb 2 dropped).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void MulLow3(ulong* x, ulong* y, ulong* r)
    {
        r[0] = 0;
        r[1] = 0;
        r[2] = 0;
        for (int i = 0; i < 2; i++)
        {
            ulong carry = 0;
            for (int j = 0; i + j < 3; j++)
            {
                carry = Wide.MulAdd(x[i], y[j], r[i + j], carry, out r[i + j]);
            }
        }
    }

    /// <summary>
    /// |r| of a 3-limb two's complement r with |r| &lt; 2^128 into two limbs, without a branch: with the sign mask
    /// s, |r| = (r xor s) + (s and 1). Returns s.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong Abs3(ulong* r, ulong* magnitude)
    {
        ulong sign = 0UL - (r[2] >> 63);
        ulong c = sign & 1;
        magnitude[0] = Wide.Adc(r[0] ^ sign, 0, ref c);
        magnitude[1] = Wide.Adc(r[1] ^ sign, 0, ref c);
        ulong top = Wide.Adc(r[2] ^ sign, 0, ref c);
        Debug.Assert(top == 0);
        return sign;
    }

    private static ulong[] CreateSplitConstants()
    {
        BigInteger n = Glv.Secp256k1Order;
        ulong[] s = new ulong[17];
        Limb.Write(RoundedQuotient(Glv.B2 << 384, n), s, 0, 4);
        Limb.Write(RoundedQuotient(-Glv.B1 << 384, n), s, 4, 4);
        Limb.Write(Glv.A1, s, 8, 3);
        Limb.Write(Glv.A2, s, 11, 3);
        Limb.Write(-Glv.B1, s, 14, 3);
        return s;
    }

    private static BigInteger RoundedQuotient(BigInteger x, BigInteger n) => (x + (n >> 1)) / n;
}

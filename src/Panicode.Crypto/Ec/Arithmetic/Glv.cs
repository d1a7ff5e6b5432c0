// secp256k1's GLV endomorphism (Gallant, Lambert and Vanstone, CRYPTO 2001; Guide to Elliptic Curve Cryptography
// §3.5): its constants and the one scalar split of both flavours, in constant time (the point engine's verification
// and the Unsafe flavour's constant-time ECDH call it). Guide Alg. 3.74 rounds
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

namespace Panicode.Crypto.Ec;

/// <summary>
/// secp256k1's GLV endomorphism data (SEC 2 v2 §2.4.1 curve; the constants as published for it, checked here
/// against their defining relations): beta, a cube root of unity mod p, and lambda, one mod n, with
/// lambda (x, y) = (beta x, y); and the short basis (a1, b1), (a2, b2) of the lattice {(x, y): x + y lambda = 0 mod n}
/// for the decomposition of Guide Alg. 3.74.
/// </summary>
internal static class Glv
{
    public static readonly BigInteger Beta = Hex("7AE96A2B657C07106E64479EAC3434E99CF0497512F58995C1396C28719501EE");
    public static readonly BigInteger Lambda = Hex("5363AD4CC05C30E0A5261C028812645A122E22EA20816678DF02967C1B23BD72");
    /// <summary>The order n of secp256k1's base point (SEC 2 v2 §2.4.1): the split needs this n, not only the prime.</summary>
    public static readonly BigInteger Secp256k1Order = Hex("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141");
    internal static readonly BigInteger A1 = Hex("3086D221A7D46BCDE86C90E49284EB15");
    internal static readonly BigInteger B1 = -Hex("E4437ED6010E88286F547FA90ABFE4C3");
    internal static readonly BigInteger A2 = Hex("114CA50F7A8E2F3F657C1108D9D44CFD8");
    internal static readonly BigInteger B2 = A1;

    // g1 (4 limbs), g2 (4), then a1, a2, -b1 as three limbs each (little-endian limbs); public constants.
    private static readonly ulong[] s_split = CreateSplitConstants();

    /// <summary>
    /// k = k1 + k2 lambda (mod n) for k &lt; 2^256 (four little-endian limbs), in constant time: the magnitudes
    /// |k1|, |k2| &lt; 2^128 into two limbs each and their signs as masks (all ones when negative).
    /// </summary>
    [MethodImpl(Hot.Optimize)]
    public static void SplitSecret(ReadOnlySpan<ulong> k, Span<ulong> k1, Span<ulong> k2, out ulong negative1, out ulong negative2)
    {
        Debug.Assert(k.Length == 4 && k1.Length == 2 && k2.Length == 2);
        ReadOnlySpan<ulong> s = s_split;
        ReadOnlySpan<ulong> a1 = s.Slice(8, 3);
        ReadOnlySpan<ulong> a2 = s.Slice(11, 3);
        ReadOnlySpan<ulong> minusB1 = s.Slice(14, 3);
        Span<ulong> t = stackalloc ulong[13];
        Span<ulong> c1 = t.Slice(0, 2);
        Span<ulong> c2 = t.Slice(2, 2);
        Span<ulong> u = t.Slice(4, 3);
        Span<ulong> v = t.Slice(7, 3);
        Span<ulong> r = t.Slice(10, 3);
        MulShiftRound(k, s.Slice(0, 4), c1);
        MulShiftRound(k, s.Slice(4, 4), c2);

        // k1 = k - c1 a1 - c2 a2 (mod 2^192).
        MulLow3(c1, a1, u);
        MulLow3(c2, a2, v);
        ulong borrow = 0;
        ulong borrow2 = 0;
        for (int i = 0; i < 3; i++)
        {
            r[i] = Wide.Sbb(Wide.Sbb(k[i], u[i], ref borrow), v[i], ref borrow2);
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
        t.Clear();
    }

    /// <summary>
    /// c = floor((k g + 2^383) / 2^384) = round(k g / 2^384) for a 4-limb k and g: the full 8-limb schoolbook
    /// product (k g + 2^383 &lt; 2^512), limbs 6 and 7 (the callers' c_i are below 2^128, so limb 7 is the top).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void MulShiftRound(ReadOnlySpan<ulong> k, ReadOnlySpan<ulong> g, Span<ulong> c)
    {
        Span<ulong> p = stackalloc ulong[8];
        p.Clear();
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
        p.Clear();
    }

    /// <summary>r = x y mod 2^192 for a 2-limb x and a 3-limb y (carries out of limb 2 dropped).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void MulLow3(ReadOnlySpan<ulong> x, ReadOnlySpan<ulong> y, Span<ulong> r)
    {
        r.Clear();
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
    private static ulong Abs3(ReadOnlySpan<ulong> r, Span<ulong> magnitude)
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
        Debug.Assert(BigInteger.ModPow(Lambda, 3, Secp256k1Order).IsOne && !Lambda.IsOne);
        Debug.Assert(((A1 + (B1 * Lambda)) % Secp256k1Order).IsZero && ((A2 + (B2 * Lambda)) % Secp256k1Order).IsZero);
        BigInteger n = Secp256k1Order;
        ulong[] s = new ulong[17];
        Write(RoundedQuotient(B2 << 384, n), s, 0, 4);
        Write(RoundedQuotient(-B1 << 384, n), s, 4, 4);
        Write(A1, s, 8, 3);
        Write(A2, s, 11, 3);
        Write(-B1, s, 14, 3);
        return s;
    }

    private static BigInteger RoundedQuotient(BigInteger x, BigInteger n) => (x + (n >> 1)) / n;

    private static void Write(BigInteger value, ulong[] dst, int offset, int m)
    {
        for (int i = 0; i < m; i++)
        {
            dst[offset + i] = (ulong)(value & ulong.MaxValue);
            value >>= 64;
        }
    }

    private static BigInteger Hex(string s) => BigInteger.Parse("0" + s, System.Globalization.NumberStyles.HexNumber, System.Globalization.CultureInfo.InvariantCulture);
}

// k P for a secret k on secp256k1 (ECDH) with the GLV endomorphism (Gallant, Lambert and Vanstone, CRYPTO 2001;
// Guide to Elliptic Curve Cryptography §3.5), in constant time.
//
// lambda (x, y) = (beta x, y), so with k = k1 + k2 lambda (mod n) split in constant time (GlvSplit.cs; |k1| < 0.6354
// 2^128, |k2| < 0.5407 2^128) k P = k1 P1 + k2 P2 for P1 = s1 P and P2 = s2 lambda P, where s_i = -1 when k_i < 0:
// the signs go into the points (masked selects of y or -y), the magnitudes through 32 fixed 4-bit windows from the
// top, each window four shared doublings and two whole-table scans with a mixed addition (AddSelected). Against
// the plain ladder: 128 doublings instead of 256, the same 64 additions; the lambda table costs 15 multiplications.
//
// No addition meets its doubling case. Before an addition of d P1 (d in 1..15) the accumulator is
// u1 P1 + u2 P2 with 0 <= u1 <= |k1|, 0 <= u2 <= |k2| (prefixes of the magnitudes); it equals +-d P1 exactly when
// (s1 (u1 -+ d), s2 u2) lies in the lattice L = {(x, y): x + y lambda = 0 mod n} (P has order n), and likewise for
// d P2. Write a lattice vector in the short basis (a1, b1), (a2, b2) (determinant n): (x, y) = i (a1, b1) + j (a2, b2)
// with i = (b2 x - a2 y) / n and j = (-b1 x + a1 y) / n. For |x| <= 0.6354 2^128 + 16 and |y| <= 0.5407 2^128 + 16
// (the bounds above plus a digit) |i| <= 0.705 and |j| <= 0.670 (the numbers are checked in UnsafeEcInternalsTests),
// so i = j = 0: the only lattice point in reach is (0, 0). So an addition of d P1 is exceptional only when u2 = 0 and
// u1 = d; but after the doublings u1 = 16 v is 0 or at least 16 > d. With u1 = 0 and u2 = 0 the accumulator is the
// point at infinity, which AddSelected handles by masks (qInf: every digit so far zero); the case of d P2 is the
// same with the roles swapped. The same lattice argument shows the accumulator is never infinity otherwise.

using System;
using System.Runtime.CompilerServices;
using Panicode.Crypto.Ec;

namespace Panicode.Crypto.Unsafe.Ec;

internal sealed unsafe partial class FastEcGroup<TF>
{
    /// <summary>Fixed 4-bit windows over halves below 2^128.</summary>
    private const int GlvWindows = 32;

    /// <summary>
    /// k P for the reduced secret k (big-endian <paramref name="kb"/>) and the affine table P..15P of a public P
    /// (which this call overwrites with the signed table and clears): x and y of the result, false for infinity.
    /// </summary>
    [MethodImpl(Hot.Optimize)]
    private bool MultiplyGlv(ReadOnlySpan<byte> kb, Span<byte> x, Span<byte> y, ulong* table)
    {
        int m = _m;
        int n2 = 2 * m;
        Glv glv = _glv!;
        ulong* k = stackalloc ulong[4];
        ulong* halves = stackalloc ulong[4];
        Clear(k, 4);
        for (int i = 0; i < kb.Length; i++)
        {
            int bit = 8 * (kb.Length - 1 - i);
            k[bit >> 6] |= (ulong)kb[i] << (bit & 63);
        }

        glv.SplitSecret(k, halves, halves + 2, out ulong negative1, out ulong negative2);

        // The two tables: j P1 = (x_j, s1 y_j) and j P2 = (beta x_j, s2 y_j), the signs by masked selects.
        ulong* lambdaTable = stackalloc ulong[Entries * n2];
        ulong* negY = stackalloc ulong[m];
        fixed (ulong* beta = glv.BetaMont)
        {
            for (int j = 0; j < Entries; j++)
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
        for (int i = GlvWindows - 1; i >= 0; i--)
        {
            for (int s = 0; s < Window; s++)
            {
                Dbl(q, q);
            }

            qInf = AddSelected(q, sum, lifted, table, HalfDigit(halves, i), qInf);
            qInf = AddSelected(q, sum, lifted, lambdaTable, HalfDigit(halves + 2, i), qInf);
        }

        bool finite = ToAffine(q, qInf, x, y);
        Clear(q, 3 * m);
        Clear(sum, 3 * m);
        Clear(lifted, n2);
        Clear(k, 4);
        Clear(halves, 4);
        Clear(negY, m);
        Clear(table, Entries * n2);
        Clear(lambdaTable, Entries * n2);
        return finite;
    }

    /// <summary>4-bit digit i (public position) of a two-limb magnitude.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong HalfDigit(ulong* half, int i) => (half[i >> 4] >> (4 * (i & 15))) & 0xF;
}

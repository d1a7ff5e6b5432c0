// Limb loops of the Unsafe flavour's scalar field mod n (UnsafeMontgomeryField): Montgomery multiplication by CIOS
// (Koç, Acar and Kaliski, "Analyzing and comparing Montgomery multiplication algorithms", IEEE Micro 16(3), 1996, §4),
// on pointers. Nothing here branches or indexes memory on element values.

using System.Runtime.CompilerServices;
using Panicode.Crypto.Ec;

namespace Panicode.Crypto.Unsafe.Ec;

/// <summary>The limb loop of the scalar field mod n (CIOS) and the clearing of temporaries.</summary>
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

    /// <summary>
    /// r = a b R^-1 mod p on m limbs (a, b &lt; p; r may alias a or b) by CIOS: for each limb b_i, t += a b_i, then
    /// t += q p with q = t_0 m0 mod 2^64 so the low limb vanishes, and t shifts down one limb. t stays below 2p, so
    /// one masked subtraction of p ends it.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void MontMul(ulong* r, ulong* a, ulong* b, ulong* p, ulong m0, int m)
    {
        // stackalloc bound: m <= CurveParameters.MaxOrderLimbs64 (11), checked here, so t is 13 limbs at most.
        if ((uint)m > CurveParameters.MaxOrderLimbs64)
        {
            throw new System.ArgumentOutOfRangeException(nameof(m));
        }

        ulong* t = stackalloc ulong[CurveParameters.MaxOrderLimbs64 + 2];
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
            c = Wide.MulAddP(q, p[0], t[0], 0, out _);
            for (int j = 1; j < m; j++)
            {
                c = Wide.MulAddP(q, p[j], t[j], c, out t[j - 1]);
            }

            s = t[m] + c;
            t[m - 1] = s;
            t[m] = t[m + 1] + Wide.Carry(t[m], c, s);
        }

        // t < 2p: subtract p when t overflowed m limbs or t >= p.
        ulong borrow = 0;
        for (int j = 0; j < m; j++)
        {
            r[j] = Wide.Sbb(t[j], p[j], ref borrow);
        }

        ulong keep = 0UL - (borrow & (t[m] ^ 1));
        for (int j = 0; j < m; j++)
        {
            r[j] ^= keep & (r[j] ^ t[j]);
            t[j] = 0;
        }
    }
}

// Consistency checks of an imported private key (RFC 8017 §3.2): p q = n, the CRT exponents and coefficient agree
// with p, q and d, and e d = 1 modulo p - 1 and q - 1 (hence modulo λ(n) = lcm(p - 1, q - 1)). They run once, at
// import, in a few modular multiplications; the work depends on the lengths and on the number of trailing zero bits of
// p - 1 and q - 1 only.

using System;
using Panicode.Crypto.Ec;
using Panicode.Crypto.Modular;

namespace Panicode.Crypto.Rsa;

internal sealed partial class RsaKey
{
    private bool CheckPrivate()
    {
        Modulus n = _n, p = _p!, q = _q!;
        ulong ok = 1;

        ulong[] pq = new ulong[p.Limbs + q.Limbs];
        Limbs64.Multiply(pq, p.N, q.N);
        ulong diff = 0;
        for (int i = 0; i < pq.Length; i++)
        {
            diff |= pq[i] ^ (i < n.Limbs ? n.N[i] : 0);
        }

        ok &= diff == 0 ? 1UL : 0UL;
        if (pq.Length < n.Limbs)
        {
            return false;
        }

        ulong[] d = ToLimbs(_d!, n.Limbs);
        ok &= Limbs64.LessThan(d, n.N);
        Array.Clear(d, 0, d.Length);

        // qInv q = 1 mod p, with qInv < p.
        ulong[] qInv = ToLimbs(_qInv!, p.Limbs);
        ok &= Limbs64.LessThan(qInv, p.N);
        ulong[] t = new ulong[p.Limbs];
        _arith.ReduceToMontgomery(p, t, q.N);          // q R mod p
        _arith.Multiply(p, t, t, qInv);                 // q qInv mod p
        t[0] ^= 1;
        ok &= Limbs64.IsZero(t);
        Array.Clear(qInv, 0, qInv.Length);

        ok &= IsInverseOfE(_dp!, p, requireBelow: true);
        ok &= IsInverseOfE(_dq!, q, requireBelow: true);
        ok &= IsInverseOfE(_d!, p, requireBelow: false);
        ok &= IsInverseOfE(_d!, q, requireBelow: false);
        return ok == 1;
    }

    // 1 when e x = 1 mod (m - 1) (and x < m - 1 if asked). With m - 1 = 2^s t, t odd: the low s bits of e x - 1 are
    // zero and e x - 1 = 0 mod t (by the Montgomery layer, t being odd).
    private ulong IsInverseOfE(byte[] xBytes, Modulus m, bool requireBelow)
    {
        int k = m.Limbs;
        ulong[] mMinus1 = (ulong[])m.N.Clone();
        mMinus1[0] ^= 1;    // m is odd
        ulong[] x = ToLimbs(xBytes, (xBytes.Length + 7) / 8 + 1);
        ulong[] e = ToLimbs(_e, (_e.Length + 7) / 8);
        ulong[] ex = new ulong[x.Length + e.Length];
        try
        {
            ulong ok = 1;
            if (requireBelow)
            {
                ulong[] xk = new ulong[Math.Max(k, x.Length)];
                ulong[] mk = new ulong[xk.Length];
                x.CopyTo(xk, 0);
                mMinus1.CopyTo(mk, 0);
                ok &= Limbs64.LessThan(xk, mk);
                Array.Clear(xk, 0, xk.Length);
            }

            Limbs64.Multiply(ex, x, e);
            ok &= Limbs64.IsZero(ex) ^ 1;
            ulong borrow = 1;
            for (int i = 0; i < ex.Length; i++)
            {
                ex[i] = Wide.Sbb(ex[i], 0, ref borrow);
            }

            int s = TrailingZeros(mMinus1);
            for (int i = 0; i < s; i++)
            {
                ok &= ((ex[i >> 6] >> (i & 63)) & 1) ^ 1;
            }

            ShiftRight(mMinus1, s);
            if (!(mMinus1[0] == 1 && Limbs64.IsZero(mMinus1.AsSpan(1)) == 1))
            {
                byte[] tBytes = new byte[8 * k];
                Limbs64.ToBigEndian(mMinus1, tBytes);
                using Modulus t = Modulus.FromBigEndian(tBytes);
                ulong[] r = new ulong[t.Limbs];
                _arith.ReduceToMontgomery(t, r, ex);
                ok &= Limbs64.IsZero(r);
                Array.Clear(tBytes, 0, tBytes.Length);
            }

            return ok;
        }
        finally
        {
            Array.Clear(x, 0, x.Length);
            Array.Clear(ex, 0, ex.Length);
            Array.Clear(mMinus1, 0, mMinus1.Length);
        }
    }

    private static int TrailingZeros(ulong[] a)
    {
        int s = 0;
        for (int i = 0; i < a.Length; i++)
        {
            ulong w = a[i];
            if (w == 0)
            {
                s += 64;
                continue;
            }

            while ((w & 1) == 0)
            {
                w >>= 1;
                s++;
            }

            break;
        }

        return s;
    }

    private static void ShiftRight(ulong[] a, int s)
    {
        int words = s >> 6, bits = s & 63;
        for (int i = 0; i < a.Length; i++)
        {
            ulong lo = i + words < a.Length ? a[i + words] : 0;
            ulong hi = i + words + 1 < a.Length ? a[i + words + 1] : 0;
            a[i] = bits == 0 ? lo : (lo >> bits) | (hi << (64 - bits));
        }
    }
}

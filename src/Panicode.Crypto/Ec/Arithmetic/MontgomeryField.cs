// GF(p) for any odd prime p in Montgomery representation x R mod p, R = 2^(32 n): coarsely integrated
// operand scanning (CIOS), Koç, Acar and Kaliski, "Analyzing and Comparing Montgomery Multiplication
// Algorithms", IEEE Micro 1996, §4. The field and the scalar field of JacobianGroup, the general group for the
// explicit curves the point engine does not take.

using System;
using System.Diagnostics;
using System.Numerics;
using System.Runtime.CompilerServices;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto.Ec;

internal sealed class MontgomeryField : PrimeField
{
    private readonly uint[] _p;
    private readonly uint _m0;     // -p^-1 mod 2^32
    private readonly uint[] _one;  // R mod p
    private readonly uint[] _r2;   // R^2 mod p

    public MontgomeryField(uint[] modulus)
        : base(modulus)
    {
        _p = modulus;

        // Newton's iteration x = x (2 - p x) doubles the number of correct low bits of p^-1 mod 2^32 each time;
        // x = p is right to 3 bits for odd p (p * p = 1 mod 8), so four steps give 48 >= 32 bits.
        uint p0 = modulus[0];
        uint inv = p0;
        for (int i = 0; i < 4; i++)
        {
            inv *= 2 - (p0 * inv);
        }

        Debug.Assert(inv * p0 == 1);
        _m0 = 0u - inv;

        // R mod p and R^2 mod p depend only on the public modulus.
        BigInteger p = ToBigInteger(modulus);
        BigInteger r = BigInteger.One << (32 * modulus.Length);
        _one = FromBigInteger(r % p, modulus.Length);
        _r2 = FromBigInteger(r * r % p, modulus.Length);
    }

    public override ReadOnlySpan<uint> One => _one;

    /// <summary>
    /// r = a b R^-1 mod p. Invariant after each outer step: t &lt; 2p (inputs below p), so t fits n limbs plus
    /// one bit and a single conditional subtraction brings the result below p.
    /// </summary>
    [MethodImpl(Hot.Optimize)]
    public override void Mul(Span<uint> r, ReadOnlySpan<uint> a, ReadOnlySpan<uint> b)
    {
        int n = _p.Length;
        Span<uint> t = stackalloc uint[n + 2];
        t.Clear();
        for (int i = 0; i < n; i++)
        {
            ulong bi = b[i];
            ulong c = 0;
            for (int j = 0; j < n; j++)
            {
                c += t[j] + (a[j] * bi);
                t[j] = (uint)c;
                c >>= 32;
            }

            c += t[n];
            t[n] = (uint)c;
            t[n + 1] = (uint)(c >> 32);

            // m makes t + m p divisible by 2^32; the division is the shift by one limb.
            ulong m = t[0] * _m0;
            c = (t[0] + (m * _p[0])) >> 32;
            for (int j = 1; j < n; j++)
            {
                c += t[j] + (m * _p[j]);
                t[j - 1] = (uint)c;
                c >>= 32;
            }

            c += t[n];
            t[n - 1] = (uint)c;
            t[n] = t[n + 1] + (uint)(c >> 32);
        }

        Span<uint> u = stackalloc uint[n];
        uint borrow = Limbs.Sub(u, t.Slice(0, n), _p);
        uint subtract = ConstantTime.Neq(t[n], 0) | ConstantTime.Not(borrow);
        t.Slice(0, n).CopyTo(r);
        ConstantTime.CCopy(subtract, r, u);
        t.Clear();
        u.Clear();
    }

    public override void ToInternal(Span<uint> r, ReadOnlySpan<uint> canonical) => Mul(r, canonical, _r2);

    public override void FromInternal(Span<uint> r, ReadOnlySpan<uint> a)
    {
        Span<uint> one = stackalloc uint[_p.Length];
        one.Clear();
        one[0] = 1;
        Mul(r, a, one);
    }

    internal static BigInteger ToBigInteger(ReadOnlySpan<uint> limbs)
    {
        BigInteger v = BigInteger.Zero;
        for (int i = limbs.Length - 1; i >= 0; i--)
        {
            v = (v << 32) | limbs[i];
        }

        return v;
    }

    internal static uint[] FromBigInteger(BigInteger v, int limbs)
    {
        uint[] r = new uint[limbs];
        for (int i = 0; i < limbs; i++)
        {
            r[i] = (uint)(v & uint.MaxValue);
            v >>= 32;
        }

        return r;
    }
}

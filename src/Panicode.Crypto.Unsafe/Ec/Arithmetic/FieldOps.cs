// The pointer contract of the Unsafe point code (FastEcGroup): elements are m little-endian-ordered ulong limbs in the
// field struct's form, fully reduced, reached through pointers; the group is generic over an IFieldOps struct, so the
// JIT compiles one copy of the point code per field with every field call direct. The field arithmetic itself is the
// Reference assembly's field structs, shared by both flavours and called through StructFieldOps; here remain the
// constants block and, for the sizes no struct covers, Montgomery multiplication by CIOS loops (Koç, Acar and Kaliski,
// "Analyzing and comparing Montgomery multiplication algorithms", IEEE Micro 16(3), 1996, §4). Nothing here branches
// or indexes memory on element values.

using System;
using System.Diagnostics;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Panicode.Crypto.Ec;

namespace Panicode.Crypto.Unsafe.Ec;

/// <summary>The field operations the point code needs; r may alias a or b in every method.</summary>
internal unsafe interface IFieldOps
{
    /// <summary>Number of 64-bit limbs m.</summary>
    int Limbs { get; }

    /// <summary>The constants block: p (m limbs), m0 = -p^-1 mod 2^64, R mod p (m limbs), R^2 mod p (m limbs).</summary>
    ulong* Constants { get; }

    void Mul(ulong* r, ulong* a, ulong* b);

    void Sqr(ulong* r, ulong* a);

    void Add(ulong* r, ulong* a, ulong* b);

    void Sub(ulong* r, ulong* a, ulong* b);
}

/// <summary>
/// The constants block of one modulus, in pinned memory that lives as long as the process (one per named curve,
/// a few per explicit curve; public data).
/// </summary>
internal static unsafe class FieldConstants
{
    public static ulong* Create(BigInteger p, int m) => Create(p, m, montgomery: true);

    /// <summary>
    /// The constants block of p on m limbs; with <paramref name="montgomery"/> false the radix R is 1 (R mod p and
    /// R^2 mod p are 1), for a field struct whose multiplication is the plain a b mod p (<see cref="Panicode.Crypto.Ec.Secp256k1Reduce4"/>):
    /// the point code's conversions (multiply by R^2, by 1, by R^3) then leave values unchanged.
    /// </summary>
    public static ulong* Create(BigInteger p, int m, bool montgomery)
    {
        Debug.Assert(!p.IsEven && p.Sign > 0);
        ulong[] block = new ulong[(3 * m) + 1];
        Write(p, block, 0, m);
        ulong p0 = block[0];

        // Newton's iteration x = x (2 - p x) doubles the correct low bits of p^-1 each step, from 3 bits (p p = 1 mod 8).
        ulong inv = p0;
        for (int i = 0; i < 5; i++)
        {
            inv *= 2 - (p0 * inv);
        }

        Debug.Assert(inv * p0 == 1);
        block[m] = 0UL - inv;
        BigInteger r = montgomery ? BigInteger.One << (64 * m) : BigInteger.One;
        Write(r % p, block, m + 1, m);
        Write(r * r % p, block, (2 * m) + 1, m);
        GCHandle handle = GCHandle.Alloc(block, GCHandleType.Pinned);
        return (ulong*)handle.AddrOfPinnedObject();
    }

    public static void Write(BigInteger value, ulong[] dst, int offset, int m)
    {
        BigInteger mask = ulong.MaxValue;
        for (int i = 0; i < m; i++)
        {
            dst[offset + i] = (ulong)(value & mask);
            value >>= 64;
        }
    }
}

/// <summary>Limb loops of the CIOS field (MontgomeryOps) and the scalar field, and the clearing of temporaries.</summary>
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
        ulong* t = stackalloc ulong[m + 2];
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

    /// <summary>r = a + b mod p on m limbs (a, b &lt; p).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void AddMod(ulong* r, ulong* a, ulong* b, ulong* p, int m)
    {
        ulong* t = stackalloc ulong[m];
        ulong c = 0;
        for (int i = 0; i < m; i++)
        {
            t[i] = Wide.Adc(a[i], b[i], ref c);
        }

        ulong borrow = 0;
        for (int i = 0; i < m; i++)
        {
            r[i] = Wide.Sbb(t[i], p[i], ref borrow);
        }

        // Keep the sum when it did not carry and subtracting p borrowed.
        ulong keep = 0UL - (borrow & (c ^ 1));
        for (int i = 0; i < m; i++)
        {
            r[i] ^= keep & (r[i] ^ t[i]);
        }
    }

    /// <summary>r = a - b mod p on m limbs (a, b &lt; p).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void SubMod(ulong* r, ulong* a, ulong* b, ulong* p, int m)
    {
        ulong borrow = 0;
        for (int i = 0; i < m; i++)
        {
            r[i] = Wide.Sbb(a[i], b[i], ref borrow);
        }

        ulong mask = 0UL - borrow;
        ulong c = 0;
        for (int i = 0; i < m; i++)
        {
            r[i] = Wide.Adc(r[i], p[i] & mask, ref c);
        }
    }
}

/// <summary>Montgomery arithmetic for any odd modulus on m limbs: CIOS with the loops over m.</summary>
internal readonly unsafe struct MontgomeryOps : IFieldOps
{
    private readonly ulong* _c;
    private readonly int _m;

    public MontgomeryOps(ulong* constants, int m)
    {
        _c = constants;
        _m = m;
    }

    public int Limbs => _m;

    public ulong* Constants => _c;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Mul(ulong* r, ulong* a, ulong* b) => Limb.MontMul(r, a, b, _c, _c[_m], _m);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Sqr(ulong* r, ulong* a) => Mul(r, a, a);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Add(ulong* r, ulong* a, ulong* b) => Limb.AddMod(r, a, b, _c, _m);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Sub(ulong* r, ulong* a, ulong* b) => Limb.SubMod(r, a, b, _c, _m);
}

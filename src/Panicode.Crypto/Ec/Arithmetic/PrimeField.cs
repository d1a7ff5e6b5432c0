// Arithmetic in GF(p) for an odd prime p on fixed-width 32-bit limbs (SEC 1 v2 §2.1.1, Guide to ECC §2.2).
// Elements are always kept fully reduced in [0, p) in the field's internal representation (x R mod p), so
// equality and zero tests are plain limb comparisons. Nothing here branches or indexes memory on element values.
// The contract of the scalar field mod n the ECDSA layer uses (ScalarField64, in both flavours); the tests put the
// field structs behind it too (Mul, Sqr, Add, Sub, Invert and Reduce are virtual).

using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto.Ec;

internal abstract class PrimeField
{
    private readonly uint[] _p;

    protected PrimeField(uint[] modulus)
    {
        Debug.Assert((modulus[0] & 1) == 1, "the modulus must be odd");
        _p = modulus;
        LimbCount = modulus.Length;
        Bits = Limbs.BitLengthPublic(modulus);
        ByteLength = (Bits + 7) / 8;
        Debug.Assert(modulus[LimbCount - 1] != 0, "no leading zero limb");
    }

    /// <summary>Number of 32-bit limbs of an element.</summary>
    public int LimbCount { get; }

    /// <summary>Bit length of p.</summary>
    public int Bits { get; }

    /// <summary>Length of the big-endian encoding of an element.</summary>
    public int ByteLength { get; }

    /// <summary>The modulus, as a plain integer.</summary>
    public ReadOnlySpan<uint> Modulus => _p;

    /// <summary>The element 1 in the internal representation.</summary>
    public abstract ReadOnlySpan<uint> One { get; }

    /// <summary>r = a * b mod p. r may alias a or b.</summary>
    public abstract void Mul(Span<uint> r, ReadOnlySpan<uint> a, ReadOnlySpan<uint> b);

    /// <summary>r = a^2 mod p. r may alias a.</summary>
    public virtual void Sqr(Span<uint> r, ReadOnlySpan<uint> a) => Mul(r, a, a);

    /// <summary>Converts a plain integer in [0, p) to the internal representation.</summary>
    public abstract void ToInternal(Span<uint> r, ReadOnlySpan<uint> canonical);

    /// <summary>Converts from the internal representation to a plain integer in [0, p).</summary>
    public abstract void FromInternal(Span<uint> r, ReadOnlySpan<uint> a);

    /// <summary>
    /// r = a + b mod p. With a, b &lt; p the sum is below 2p, so one conditional subtraction suffices; it is taken
    /// when the addition carried out of the top limb or when sum - p does not borrow.
    /// </summary>
    [MethodImpl(Hot.Optimize)]
    public virtual void Add(Span<uint> r, ReadOnlySpan<uint> a, ReadOnlySpan<uint> b)
    {
        Span<uint> t = stackalloc uint[LimbCount];
        uint carry = Limbs.Add(r, a, b);
        uint borrow = Limbs.Sub(t, r, _p);
        ConstantTime.CCopy(carry | ConstantTime.Not(borrow), r, t);
    }

    /// <summary>r = a - b mod p: p is added back exactly when the subtraction borrowed.</summary>
    [MethodImpl(Hot.Optimize)]
    public virtual void Sub(Span<uint> r, ReadOnlySpan<uint> a, ReadOnlySpan<uint> b)
    {
        uint borrow = Limbs.Sub(r, a, b);
        Limbs.CondAdd(borrow, r, _p);
    }

    /// <summary>r = -a mod p (0 stays 0).</summary>
    public void Neg(Span<uint> r, ReadOnlySpan<uint> a)
    {
        Span<uint> zero = stackalloc uint[LimbCount];
        Sub(r, zero, a);
    }

    /// <summary>1 when a is zero (in either representation zero is the all-zero limb string).</summary>
    public uint IsZero(ReadOnlySpan<uint> a) => Limbs.IsZero(a);

    /// <summary>1 when a == b.</summary>
    public uint Equal(ReadOnlySpan<uint> a, ReadOnlySpan<uint> b) => Limbs.Equal(a, b);

    /// <summary>
    /// r = a^-1 mod p for a public a (0 for a = 0), which may take time depending on a (ECDSA verification's s^-1);
    /// this base is <see cref="Invert"/>, a faster flavour may substitute a variable-time algorithm.
    /// </summary>
    public virtual void InvertPublic(Span<uint> r, ReadOnlySpan<uint> a) => Invert(r, a);

    /// <summary>r = a^-1 mod p in constant time, 0 for a = 0.</summary>
    public abstract void Invert(Span<uint> r, ReadOnlySpan<uint> a);

    /// <summary>
    /// Decodes a big-endian integer of at most <see cref="ByteLength"/> bytes into the internal representation.
    /// Returns false (and leaves r zero) when the value is not below p.
    /// </summary>
    public bool TryDecode(ReadOnlySpan<byte> bigEndian, Span<uint> r)
    {
        if (bigEndian.Length > 4 * LimbCount)
        {
            for (int i = 0; i < bigEndian.Length - (4 * LimbCount); i++)
            {
                if (bigEndian[i] != 0)
                {
                    r.Clear();
                    return false;
                }
            }

            bigEndian = bigEndian.Slice(bigEndian.Length - (4 * LimbCount));
        }

        Span<uint> t = stackalloc uint[LimbCount];
        Limbs.FromBigEndian(bigEndian, t);
        uint ok = Limbs.LessThan(t, _p);
        ToInternal(r, t);
        ConstantTime.CCopy(ConstantTime.Not(ok), r, stackalloc uint[LimbCount]);
        t.Clear();
        return ok == 1;
    }

    /// <summary>Writes a as a big-endian integer of exactly <see cref="ByteLength"/> bytes.</summary>
    public void Encode(ReadOnlySpan<uint> a, Span<byte> bigEndian)
    {
        Debug.Assert(bigEndian.Length == ByteLength);
        Span<uint> t = stackalloc uint[LimbCount];
        FromInternal(t, a);
        Limbs.ToBigEndian(t, bigEndian);
        t.Clear();
    }

    /// <summary>
    /// Reduces a big-endian integer of any length modulo p into the internal representation, in time that depends
    /// only on the input length.
    /// </summary>
    public abstract void Reduce(ReadOnlySpan<byte> bigEndian, Span<uint> r);
}

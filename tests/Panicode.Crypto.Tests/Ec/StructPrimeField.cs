using System;
using System.Numerics;
using Panicode.Crypto.Ec;

namespace Panicode.Crypto.Tests.Ec;

/// <summary>
/// A PrimeField face on a field struct (IStructField), so the Reference field contract's tests (against
/// System.Numerics.BigInteger and the Reference fields, on edge and random values) cover the arithmetic both flavours'
/// point engine runs. Test code: it only moves limbs between the 32-bit and 64-bit layouts, by shifts.
/// </summary>
internal sealed class StructPrimeField<TE, TF> : PrimeField
    where TE : unmanaged
    where TF : struct, IStructField<TE>
{
    private readonly int _n;
    private readonly BigInteger _p;
    private readonly uint[] _one;
    private readonly TE _r2;
    private readonly TE _plainOne;
    private TF _f;

    public StructPrimeField(TF f, BigInteger p, bool montgomery, uint[] modulus)
        : base(modulus)
    {
        _f = f;
        _p = p;
        _n = modulus.Length;
        BigInteger r = montgomery ? BigInteger.One << (64 * f.Limbs) : BigInteger.One;
        _r2 = Element(r * r % p);
        _plainOne = Element(BigInteger.One);
        _one = new uint[_n];
        Span<ulong> w = stackalloc ulong[f.Limbs];
        _f.Store(Element(r % p), w);
        Narrow(w, _one);
    }

    public override ReadOnlySpan<uint> One => _one;

    public override void Mul(Span<uint> r, ReadOnlySpan<uint> a, ReadOnlySpan<uint> b)
    {
        TE x = Widen(a), y = Widen(b), z = default;
        _f.Mul(ref z, in x, in y);
        Narrow(z, r);
    }

    public override void Sqr(Span<uint> r, ReadOnlySpan<uint> a)
    {
        TE x = Widen(a), z = default;
        _f.Sqr(ref z, in x);
        Narrow(z, r);
    }

    public override void Add(Span<uint> r, ReadOnlySpan<uint> a, ReadOnlySpan<uint> b)
    {
        TE x = Widen(a), y = Widen(b), z = default;
        _f.Add(ref z, in x, in y);
        Narrow(z, r);
    }

    public override void Sub(Span<uint> r, ReadOnlySpan<uint> a, ReadOnlySpan<uint> b)
    {
        TE x = Widen(a), y = Widen(b), z = default;
        _f.Sub(ref z, in x, in y);
        Narrow(z, r);
    }

    /// <summary>By Fermat on the struct's own Mul and Sqr (square-and-multiply over p - 2; test code, variable time).</summary>
    public override void Invert(Span<uint> r, ReadOnlySpan<uint> a)
    {
        TE x = Widen(a), acc = default;
        BigInteger e = _p - 2;
        bool started = false;
        for (int bit = (int)e.GetBitLength() - 1; bit >= 0; bit--)
        {
            if (started)
            {
                _f.Sqr(ref acc, in acc);
            }

            if (!(e >> bit).IsEven)
            {
                if (started)
                {
                    _f.Mul(ref acc, in acc, in x);
                }
                else
                {
                    acc = x;
                    started = true;
                }
            }
        }

        Narrow(acc, r);
    }

    /// <summary>Through BigInteger (test code): the value mod p, then into the struct's form.</summary>
    public override void Reduce(ReadOnlySpan<byte> bigEndian, Span<uint> r)
    {
        TE x = Element(new BigInteger(bigEndian, isUnsigned: true, isBigEndian: true) % _p), z = default;
        _f.Mul(ref z, in x, in _r2);
        Narrow(z, r);
    }

    public override void ToInternal(Span<uint> r, ReadOnlySpan<uint> canonical)
    {
        TE x = Widen(canonical), z = default;
        _f.Mul(ref z, in x, in _r2);
        Narrow(z, r);
    }

    public override void FromInternal(Span<uint> r, ReadOnlySpan<uint> a)
    {
        TE x = Widen(a), z = default;
        _f.Mul(ref z, in x, in _plainOne);
        Narrow(z, r);
    }

    private TE Element(BigInteger v)
    {
        ulong[] limbs = new ulong[_f.Limbs];
        for (int i = 0; i < limbs.Length; i++)
        {
            limbs[i] = (ulong)((v >> (64 * i)) & ulong.MaxValue);
        }

        return _f.Load(limbs);
    }

    /// <summary>32-bit limbs to the struct's 64-bit limbs by shifts (no byte-order assumption); the top half may be absent.</summary>
    private TE Widen(ReadOnlySpan<uint> src)
    {
        Span<ulong> w = stackalloc ulong[_f.Limbs];
        for (int i = 0; i < w.Length; i++)
        {
            ulong lo = 2 * i < _n ? src[2 * i] : 0;
            ulong hi = (2 * i) + 1 < _n ? src[(2 * i) + 1] : 0;
            w[i] = lo | (hi << 32);
        }

        return _f.Load(w);
    }

    private void Narrow(in TE a, Span<uint> dst)
    {
        Span<ulong> w = stackalloc ulong[_f.Limbs];
        _f.Store(in a, w);
        Narrow(w, dst);
    }

    private void Narrow(ReadOnlySpan<ulong> src, Span<uint> dst)
    {
        for (int i = 0; i < _n; i++)
        {
            dst[i] = (uint)(src[i >> 1] >> (32 * (i & 1)));
        }
    }
}

/// <summary>The field structs by shape, each behind its <see cref="PrimeField"/> face (tests, for any modulus).</summary>
internal static class FastFields
{
    internal enum Shape
    {
        /// <summary>Four limbs, Montgomery form, the P-256 reduction (p must be the P-256 prime).</summary>
        P256,

        /// <summary>Four limbs, plain form, the secp256k1 fold (p must be the secp256k1 prime).</summary>
        Secp256k1,

        /// <summary>Four limbs, Montgomery form, the P-224 reduction (p must be the P-224 prime).</summary>
        P224,

        /// <summary>Four limbs, Montgomery form, the generic reduction.</summary>
        Generic4,

        /// <summary>Six limbs, Montgomery form, written out.</summary>
        Six,

        /// <summary>Three limbs, Montgomery form, product scanning written out.</summary>
        Three,

        /// <summary>Three limbs, plain form, the P-192 word reduction (p must be the P-192 prime).</summary>
        P192,

        /// <summary>Five limbs, Montgomery form, product scanning written out.</summary>
        Five,

        /// <summary>Eight limbs, Montgomery form, product scanning written out.</summary>
        Eight,

        /// <summary>Nine limbs, plain form, the Mersenne fold (p must be 2^521 - 1).</summary>
        P521,
    }

    public static PrimeField Create(BigInteger p, Shape shape) => shape switch
    {
        Shape.P256 => Over<Fe4, Field4<P256Reduce4>>(new Field4<P256Reduce4>(p), p, true),
        Shape.Secp256k1 => Over<Fe4, Field4<Secp256k1Reduce4>>(new Field4<Secp256k1Reduce4>(p), p, false),
        Shape.P224 => Over<Fe4, Field4<P224Reduce4>>(new Field4<P224Reduce4>(p), p, true),
        Shape.Generic4 => Over<Fe4, Field4<GenericReduce4>>(new Field4<GenericReduce4>(p), p, true),
        Shape.Six => Over<Fe6, Field6>(new Field6(p), p, true),
        Shape.Three => Over<Fe3, Field3>(new Field3(p), p, true),
        Shape.P192 => Over<Fe3, P192Field>(new P192Field(p), p, false),
        Shape.Five => Over<Fe5, Field5>(new Field5(p), p, true),
        Shape.Eight => Over<Fe8, Field8>(new Field8(p), p, true),
        _ => Over<Fe9, P521Field>(default, p, false),
    };

    /// <summary>The field struct the curve table picks for the curve (the one both flavours' groups run on).</summary>
    public static PrimeField ForCurve(CurveParameters curve) => FieldStructs.Select(curve, Visitor.Instance);

    private static PrimeField Over<TE, TF>(TF field, BigInteger p, bool montgomery)
        where TE : unmanaged
        where TF : struct, IStructField<TE> => new StructPrimeField<TE, TF>(field, p, montgomery, Modulus(p));

    private static uint[] Modulus(BigInteger p)
    {
        uint[] modulus = new uint[((int)p.GetBitLength() + 31) / 32];
        BigInteger v = p;
        for (int i = 0; i < modulus.Length; i++)
        {
            modulus[i] = (uint)(v & uint.MaxValue);
            v >>= 32;
        }

        return modulus;
    }

    private sealed class Visitor : IFieldStructVisitor<PrimeField>
    {
        public static readonly Visitor Instance = new();

        public PrimeField Visit<TE, TF>(CurveParameters curve, TF field, bool montgomery)
            where TE : unmanaged
            where TF : struct, IStructField<TE> => Over<TE, TF>(field, CurveParameters.ToInteger(curve.P), montgomery);
    }
}

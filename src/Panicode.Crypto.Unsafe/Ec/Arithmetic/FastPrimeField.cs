// A PrimeField face on the 64-bit field structs (IFieldOps), so the Reference's field contract and its tests
// (against System.Numerics.BigInteger and the Reference fields, on edge and random values) cover the same
// arithmetic the Unsafe point code runs. Not on any hot path: the point code calls the structs directly.

using System;
using System.Runtime.CompilerServices;
using Panicode.Crypto.Ec;

namespace Panicode.Crypto.Unsafe.Ec;

[SkipLocalsInit]
internal sealed unsafe class FastPrimeField<TF> : PrimeField
    where TF : struct, IFieldOps
{
    // Not readonly: calling a member on a readonly field of a type parameter makes the compiler copy the struct first (it
    // cannot know TF's members are readonly), and the shared field structs carry p (up to 80 bytes): one copy per field
    // operation.
    private TF _f;
    private readonly int _n;
    private readonly uint[] _one;

    public FastPrimeField(TF f, uint[] modulus)
        : base(modulus)
    {
        _f = f;
        _n = modulus.Length;
        _one = new uint[_n];
        fixed (uint* one = _one)
        {
            Narrow(f.Constants + f.Limbs + 1, one);
        }
    }

    public override ReadOnlySpan<uint> One => _one;

    public override void Mul(Span<uint> r, ReadOnlySpan<uint> a, ReadOnlySpan<uint> b) => Binary(r, a, b, Operation.Mul);

    public override void Sqr(Span<uint> r, ReadOnlySpan<uint> a)
    {
        ulong* wa = stackalloc ulong[_f.Limbs];
        fixed (uint* pa = a, pr = r)
        {
            Widen(pa, wa);
            _f.Sqr(wa, wa);
            Narrow(wa, pr);
        }
    }

    public override void Add(Span<uint> r, ReadOnlySpan<uint> a, ReadOnlySpan<uint> b) => Binary(r, a, b, Operation.Add);

    public override void Sub(Span<uint> r, ReadOnlySpan<uint> a, ReadOnlySpan<uint> b) => Binary(r, a, b, Operation.Sub);

    public override void ToInternal(Span<uint> r, ReadOnlySpan<uint> canonical)
    {
        ulong* wa = stackalloc ulong[_f.Limbs];
        fixed (uint* pa = canonical, pr = r)
        {
            Widen(pa, wa);
            _f.Mul(wa, wa, _f.Constants + (2 * _f.Limbs) + 1);
            Narrow(wa, pr);
        }
    }

    public override void FromInternal(Span<uint> r, ReadOnlySpan<uint> a)
    {
        int m = _f.Limbs;
        ulong* wa = stackalloc ulong[m];
        ulong* one = stackalloc ulong[m];
        for (int i = 0; i < m; i++)
        {
            one[i] = 0;
        }

        one[0] = 1;
        fixed (uint* pa = a, pr = r)
        {
            Widen(pa, wa);
            _f.Mul(wa, wa, one);
            Narrow(wa, pr);
        }
    }

    private enum Operation
    {
        Mul,
        Add,
        Sub,
    }

    private void Binary(Span<uint> r, ReadOnlySpan<uint> a, ReadOnlySpan<uint> b, Operation op)
    {
        int m = _f.Limbs;
        ulong* wa = stackalloc ulong[m];
        ulong* wb = stackalloc ulong[m];
        fixed (uint* pa = a, pb = b, pr = r)
        {
            Widen(pa, wa);
            Widen(pb, wb);
            switch (op)
            {
                case Operation.Mul:
                    _f.Mul(wa, wa, wb);
                    break;
                case Operation.Add:
                    _f.Add(wa, wa, wb);
                    break;
                default:
                    _f.Sub(wa, wa, wb);
                    break;
            }

            Narrow(wa, pr);
        }
    }

    /// <summary>32-bit limbs to 64-bit limbs by shifts (no byte-order assumption); the top half may be absent.</summary>
    private void Widen(uint* src, ulong* dst)
    {
        for (int i = 0; i < _f.Limbs; i++)
        {
            ulong lo = src[2 * i];
            ulong hi = (2 * i) + 1 < _n ? src[(2 * i) + 1] : 0;
            dst[i] = lo | (hi << 32);
        }
    }

    private void Narrow(ulong* src, uint* dst)
    {
        for (int i = 0; i < _n; i++)
        {
            dst[i] = (uint)(src[i >> 1] >> (32 * (i & 1)));
        }
    }
}

/// <summary>The field structs by shape, each behind its <see cref="PrimeField"/> face (tests, for any modulus).</summary>
internal static unsafe class FastFields
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

        /// <summary>Any number of limbs, Montgomery form, loops.</summary>
        Loops,
    }

    public static PrimeField Create(System.Numerics.BigInteger p, Shape shape)
    {
        int bits = 0;
        for (System.Numerics.BigInteger t = p; !t.IsZero; t >>= 1)
        {
            bits++;
        }

        int m = (bits + 63) / 64;
        uint[] modulus = new uint[(bits + 31) / 32];
        System.Numerics.BigInteger v = p;
        for (int i = 0; i < modulus.Length; i++)
        {
            modulus[i] = (uint)(v & uint.MaxValue);
            v >>= 32;
        }

        return shape switch
        {
            Shape.P256 => Over<Fe4, Field4<P256Reduce4>>(new Field4<P256Reduce4>(p), p, true, modulus),
            Shape.Secp256k1 => Over<Fe4, Field4<Secp256k1Reduce4>>(new Field4<Secp256k1Reduce4>(p), p, false, modulus),
            Shape.P224 => Over<Fe4, Field4<P224Reduce4>>(new Field4<P224Reduce4>(p), p, true, modulus),
            Shape.Generic4 => Over<Fe4, Field4<GenericReduce4>>(new Field4<GenericReduce4>(p), p, true, modulus),
            Shape.Six => Over<Fe6, Field6>(new Field6(p), p, true, modulus),
            Shape.Three => Over<Fe3, Field3>(new Field3(p), p, true, modulus),
            Shape.P192 => Over<Fe3, P192Field>(new P192Field(p), p, false, modulus),
            Shape.Five => Over<Fe5, Field5>(new Field5(p), p, true, modulus),
            Shape.Eight => Over<Fe8, Field8>(new Field8(p), p, true, modulus),
            Shape.P521 => Over<Fe9, P521Field>(default, p, false, modulus),
            _ => new FastPrimeField<MontgomeryOps>(new(FieldConstants.Create(p, m), m), modulus),
        };
    }

    private static PrimeField Over<TE, TF>(TF field, System.Numerics.BigInteger p, bool montgomery, uint[] modulus)
        where TE : unmanaged
        where TF : struct, IStructField<TE> =>
        new FastPrimeField<StructFieldOps<TE, TF>>(new(field, FieldConstants.Create(p, field.Limbs, montgomery)), modulus);
}

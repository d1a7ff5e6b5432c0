// The field struct of the explicit curves no written-out struct covers: primes of nine to eleven limbs other than
// P-521's (up to CurveParameters.MaxFieldBits = 661 bits). Montgomery form x R mod p with R = 2^(64 Limbs); every
// operation moves the element's limbs into a stack buffer and runs Field64's loops over it (CIOS multiplication,
// masked addition, subtraction and halving), so this file adds no arithmetic of its own. Such curves come only from
// explicit parameters, so the copies cost little that matters; the point formulas are the engine's (StructEcGroup),
// as for every other curve. Nothing branches or indexes memory on element values.

using System;

namespace Panicode.Crypto.Ec;

/// <summary>A value of up to eleven 64-bit limbs (<see cref="CurveParameters.MaxFieldLimbs64"/>), L0 least significant.</summary>
internal struct FeN
{
    public ulong L0;
    public ulong L1;
    public ulong L2;
    public ulong L3;
    public ulong L4;
    public ulong L5;
    public ulong L6;
    public ulong L7;
    public ulong L8;
    public ulong L9;
    public ulong L10;
}

/// <summary>GF(p) on <see cref="Limbs"/> limbs (any count up to eleven) in Montgomery form, on Field64's loops.</summary>
internal readonly struct FieldN : IStructField<FeN>
{
    private const int Max = CurveParameters.MaxFieldLimbs64;

    private readonly Field64 _f;

    public FieldN(byte[] p) => _f = new Field64(p);

    public int Limbs => _f.N;

    public void Mul(ref FeN r, in FeN a, in FeN b)
    {
        Span<ulong> t = stackalloc ulong[2 * Max];
        Span<ulong> x = t.Slice(0, _f.N);
        Span<ulong> y = t.Slice(Max, _f.N);
        Store(in a, x);
        Store(in b, y);
        _f.Mul(x, x, y);
        r = Load(x);
        t.Clear();
    }

    public void Sqr(ref FeN r, in FeN a) => Mul(ref r, in a, in a);

    public void Add(ref FeN r, in FeN a, in FeN b)
    {
        Span<ulong> t = stackalloc ulong[2 * Max];
        Span<ulong> x = t.Slice(0, _f.N);
        Span<ulong> y = t.Slice(Max, _f.N);
        Store(in a, x);
        Store(in b, y);
        _f.Add(x, x, y);
        r = Load(x);
        t.Clear();
    }

    public void Sub(ref FeN r, in FeN a, in FeN b)
    {
        Span<ulong> t = stackalloc ulong[2 * Max];
        Span<ulong> x = t.Slice(0, _f.N);
        Span<ulong> y = t.Slice(Max, _f.N);
        Store(in a, x);
        Store(in b, y);
        _f.Sub(x, x, y);
        r = Load(x);
        t.Clear();
    }

    public void Half(ref FeN r, in FeN a)
    {
        Span<ulong> t = stackalloc ulong[Max];
        Span<ulong> x = t.Slice(0, _f.N);
        Store(in a, x);
        _f.Half(x);
        r = Load(x);
        t.Clear();
    }

    public void Move(ref FeN r, in FeN a, ulong mask)
    {
        r.L0 ^= mask & (r.L0 ^ a.L0);
        r.L1 ^= mask & (r.L1 ^ a.L1);
        r.L2 ^= mask & (r.L2 ^ a.L2);
        r.L3 ^= mask & (r.L3 ^ a.L3);
        r.L4 ^= mask & (r.L4 ^ a.L4);
        r.L5 ^= mask & (r.L5 ^ a.L5);
        r.L6 ^= mask & (r.L6 ^ a.L6);
        r.L7 ^= mask & (r.L7 ^ a.L7);
        r.L8 ^= mask & (r.L8 ^ a.L8);
        r.L9 ^= mask & (r.L9 ^ a.L9);
        r.L10 ^= mask & (r.L10 ^ a.L10);
    }

    public ulong IsZero(in FeN a) =>
        Wide.IsZero(a.L0 | a.L1 | a.L2 | a.L3 | a.L4 | a.L5 | a.L6 | a.L7 | a.L8 | a.L9 | a.L10);

    /// <summary>The limbs given (at most eleven), the rest zero.</summary>
    public FeN Load(ReadOnlySpan<ulong> limbs)
    {
        Span<ulong> t = stackalloc ulong[Max];
        t.Clear();
        limbs.CopyTo(t);
        FeN r;
        r.L0 = t[0];
        r.L1 = t[1];
        r.L2 = t[2];
        r.L3 = t[3];
        r.L4 = t[4];
        r.L5 = t[5];
        r.L6 = t[6];
        r.L7 = t[7];
        r.L8 = t[8];
        r.L9 = t[9];
        r.L10 = t[10];
        t.Clear();
        return r;
    }

    /// <summary>The low limbs.Length limbs of a.</summary>
    public void Store(in FeN a, Span<ulong> limbs)
    {
        Span<ulong> t = stackalloc ulong[Max];
        t[0] = a.L0;
        t[1] = a.L1;
        t[2] = a.L2;
        t[3] = a.L3;
        t[4] = a.L4;
        t[5] = a.L5;
        t[6] = a.L6;
        t[7] = a.L7;
        t[8] = a.L8;
        t[9] = a.L9;
        t[10] = a.L10;
        t.Slice(0, limbs.Length).CopyTo(limbs);
        t.Clear();
    }
}

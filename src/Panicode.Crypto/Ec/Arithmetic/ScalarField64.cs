// Arithmetic modulo the group order n for the point engine of both flavours: the PrimeField contract (32-bit limbs,
// as the ECDSA layer sees them) over Field64's 64-bit Montgomery multiplication. Elements are stored as
// x R mod n with R = 2^(64 ceil(limbs / 2)); each operation packs the 32-bit limbs into 64-bit ones with
// shifts (byte-order independent) and back.

using System;
using System.Runtime.CompilerServices;
using Panicode.Crypto.Modular;

namespace Panicode.Crypto.Ec;

internal sealed class ScalarField64 : PrimeField
{
    private readonly Field64 _f;
    private readonly uint[] _one;

    public ScalarField64(byte[] orderBigEndian)
        : base(ReferenceBackend.ToLimbs(orderBigEndian))
    {
        _f = new Field64(orderBigEndian);
        _one = new uint[LimbCount];
        Unpack(_f.One, _one);
    }

    public override ReadOnlySpan<uint> One => _one;

    [MethodImpl(Hot.Optimize)]
    public override void Mul(Span<uint> r, ReadOnlySpan<uint> a, ReadOnlySpan<uint> b)
    {
        int n = _f.N;
        Span<ulong> t = stackalloc ulong[3 * CurveParameters.MaxOrderLimbs64].Slice(0, 3 * n);   // stackalloc bound: the 661-bit cap and Hasse
        Pack(a, t.Slice(0, n));
        Pack(b, t.Slice(n, n));
        _f.Mul(t.Slice(2 * n, n), t.Slice(0, n), t.Slice(n, n));
        Unpack(t.Slice(2 * n, n), r);
        t.Clear();
    }

    public override void ToInternal(Span<uint> r, ReadOnlySpan<uint> canonical)
    {
        int n = _f.N;
        Span<ulong> t = stackalloc ulong[2 * CurveParameters.MaxOrderLimbs64].Slice(0, 2 * n);   // stackalloc bound: the 661-bit cap and Hasse
        Pack(canonical, t.Slice(0, n));
        _f.Mul(t.Slice(n, n), t.Slice(0, n), _f.R2);
        Unpack(t.Slice(n, n), r);
        t.Clear();
    }

    public override void FromInternal(Span<uint> r, ReadOnlySpan<uint> a)
    {
        int n = _f.N;
        Span<ulong> t = stackalloc ulong[2 * CurveParameters.MaxOrderLimbs64].Slice(0, 2 * n);   // stackalloc bound: the 661-bit cap and Hasse
        Pack(a, t.Slice(0, n));
        t[n] = 1;
        _f.Mul(t.Slice(0, n), t.Slice(0, n), t.Slice(n, n));
        Unpack(t.Slice(0, n), r);
        t.Clear();
    }

    /// <summary>a^-1 by divsteps on the 64-bit limbs (Field64.Invert, constant time).</summary>
    public override void Invert(Span<uint> r, ReadOnlySpan<uint> a)
    {
        int n = _f.N;
        Span<ulong> t = stackalloc ulong[CurveParameters.MaxOrderLimbs64].Slice(0, n);   // stackalloc bound: the 661-bit cap and Hasse (CurveParameters)
        Pack(a, t);
        _f.Invert(t, t);
        Unpack(t, r);
        t.Clear();
    }

    /// <summary>
    /// a^-1 for a public a (the s of a signature being verified) by Field64's binary extended Euclid in variable
    /// time: it inverts the stored a R to (a R)^-1, and the Montgomery product with R^3 gives a^-1 R.
    /// </summary>
    public override void InvertPublic(Span<uint> r, ReadOnlySpan<uint> a)
    {
        int n = _f.N;
        Span<ulong> t = stackalloc ulong[CurveParameters.MaxOrderLimbs64].Slice(0, n);   // stackalloc bound: the 661-bit cap and Hasse (CurveParameters)
        Pack(a, t);
        _f.InvertVar(t, t);
        _f.Mul(t, t, _f.R3);
        Unpack(t, r);
    }

    /// <summary>
    /// Any input length: the Montgomery layer's Horner reduction over chunks of N limbs (ModularArithmetic
    /// .ReduceToMontgomery on this modulus), in time that depends only on the length.
    /// </summary>
    public override void Reduce(ReadOnlySpan<byte> bigEndian, Span<uint> r)
    {
        int n = _f.N;
        ulong[] x = new ulong[Math.Max(1, (bigEndian.Length + 7) / 8)];
        Limbs64.FromBigEndian(bigEndian, x);
        Span<ulong> t = stackalloc ulong[CurveParameters.MaxOrderLimbs64].Slice(0, n);   // stackalloc bound: the 661-bit cap and Hasse (CurveParameters)
        ReferenceModular.Instance.ReduceToMontgomery(_f.Modulus, t, x);
        Unpack(t, r);
        t.Clear();
        Array.Clear(x, 0, x.Length);
    }

    private static void Pack(ReadOnlySpan<uint> src, Span<ulong> dst)
    {
        for (int i = 0; i < dst.Length; i++)
        {
            ulong low = 2 * i < src.Length ? src[2 * i] : 0;
            ulong high = (2 * i) + 1 < src.Length ? src[(2 * i) + 1] : 0;
            dst[i] = low | (high << 32);
        }
    }

    private static void Unpack(ReadOnlySpan<ulong> src, Span<uint> dst)
    {
        for (int i = 0; i < dst.Length; i++)
        {
            dst[i] = (uint)(src[i >> 1] >> ((i & 1) * 32));
        }
    }
}

using System;
using System.Numerics;
using Panicode.Crypto.Ec;

namespace Panicode.Crypto.Tests.Ec;

/// <summary>
/// GF(m) on System.Numerics.BigInteger behind the PrimeField contract, elements in plain form: the independent side
/// the field structs and the scalar field are compared with (EcArithmeticTests.CompareFields). Test code only.
/// </summary>
internal sealed class BigIntegerField : PrimeField
{
    private readonly BigInteger _m;
    private readonly uint[] _one;

    public BigIntegerField(byte[] modulusBigEndian)
        : base(ToLimbs(CurveParameters.ToInteger(modulusBigEndian)))
    {
        _m = CurveParameters.ToInteger(modulusBigEndian);
        _one = new uint[LimbCount];
        _one[0] = 1;
    }

    public override ReadOnlySpan<uint> One => _one;

    public override void Mul(Span<uint> r, ReadOnlySpan<uint> a, ReadOnlySpan<uint> b) => Write(Value(a) * Value(b) % _m, r);

    public override void Invert(Span<uint> r, ReadOnlySpan<uint> a) => Write(BigInteger.ModPow(Value(a), _m - 2, _m), r);

    public override void Reduce(ReadOnlySpan<byte> bigEndian, Span<uint> r) =>
        Write(new BigInteger(bigEndian, isUnsigned: true, isBigEndian: true) % _m, r);

    public override void ToInternal(Span<uint> r, ReadOnlySpan<uint> canonical) => canonical.CopyTo(r);

    public override void FromInternal(Span<uint> r, ReadOnlySpan<uint> a) => a.CopyTo(r);

    private static BigInteger Value(ReadOnlySpan<uint> limbs)
    {
        BigInteger v = BigInteger.Zero;
        for (int i = limbs.Length - 1; i >= 0; i--)
        {
            v = (v << 32) | limbs[i];
        }

        return v;
    }

    private static void Write(BigInteger v, Span<uint> r)
    {
        for (int i = 0; i < r.Length; i++)
        {
            r[i] = (uint)(v & uint.MaxValue);
            v >>= 32;
        }
    }

    private static uint[] ToLimbs(BigInteger m)
    {
        uint[] r = new uint[((int)m.GetBitLength() + 31) / 32];
        Write(m, r);
        return r;
    }
}

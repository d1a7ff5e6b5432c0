// The one point engine of both flavours, generic over a field element struct TE (Fe3 .. Fe9) and a field struct TF,
// so the JIT compiles the point code once per curve shape with direct field calls and the elements live in locals:
// no arrays, spans or bounds checks in the formulas. The Reference flavour runs it as it is; the Unsafe flavour's
// FastEcGroup derives from it and adds strategies only (the constant-time GLV ECDH, the per-key verification cache,
// a vector table scan), calling these formulas.
// Jacobian coordinates (X : Y : Z) ~ (X/Z^2, Y/Z^3), Z = 0 at infinity (Guide to Elliptic Curve Cryptography,
// Hankerson, Menezes and Vanstone, §3.2.2); formulas from the Explicit-Formulas Database: dbl-2001-b (a = -3) and
// dbl-2009-l (a = 0) with Y doubled first (see Dbl), dbl-2007-bl (any a), add-2007-bl; mixed addition Guide Alg. 3.22.
// - k G (signing, key generation; secret k): per 4-bit window i the affine j 16^i G, j = 1..15 (built once per
//   curve), one whole-row scan and one mixed addition, no doublings. With k reduced mod n the running sum m and
//   the window's point d 16^i G never coincide up to sign (m < 16^i <= d 16^i and m + d 16^i <= k < n), so the
//   addition never meets its doubling case; infinity and zero digits are handled by masks.
// - k P (ECDH; secret k): the affine j P, j = 1..15, then 4-bit fixed windows from the top: four doublings, a
//   whole-table scan and a mixed addition per window (prefix v and digit d: 16 v + d <= k < n and 16 v > d).
//   Both arguments need G and P of prime order n (the EC layer checks n P = O when the cofactor is not 1).
// - u1 G + u2 Q (verification; public, variable time): u1 G by direct lookups in the base table, u2 Q by width-5
//   wNAF (Guide Alg. 3.35/3.36) over Q, 3Q, ..., 15Q made affine with one batched inversion; on secp256k1
//   u2 = k1 + k2 lambda (GLV, Guide §3.5) with one shared chain of about 129 doublings instead of 256.
// - Inversion: Fermat with 4-bit windows on the public exponent (constant time; on secp256k1 an addition chain) for
//   anything derived from a secret; binary extended Euclid (variable time, Guide Alg. 2.22) for public points.

using System;
using System.Diagnostics;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Security.Cryptography;
using System.Threading;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Modular;

namespace Panicode.Crypto.Ec;

/// <summary>A Jacobian point (X : Y : Z) of field elements.</summary>
internal struct JacobianPoint<TE>
    where TE : unmanaged
{
    public TE X;
    public TE Y;
    public TE Z;
}

/// <summary>An affine point (x, y) of field elements.</summary>
internal struct AffinePoint<TE>
    where TE : unmanaged
{
    public TE X;
    public TE Y;
}

/// <summary>Builds the group on the field struct FieldStructs picks for the curve.</summary>
internal static class StructEcGroup
{
    /// <summary>
    /// Overwrites 8 KiB of stack below the caller's frame. The point formulas and field structs keep their
    /// temporaries in struct locals; clearing them one by one would cost a store per value per call, so the secret
    /// operations (k G, k P, the signature's scalar arithmetic) call this once at their end instead, and those
    /// temporaries do not outlive the operation in dead stack frames (the deepest chain, Multiply - Dbl - a nine-limb
    /// Mul, is well under 8 KiB). Not inlined, so the buffer lies below the caller.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    internal static void ScrubStack()
    {
        Span<byte> stack = stackalloc byte[8192];
        stack.Clear();
    }

    /// <summary>v = default through a call the JIT cannot see past, so the store is not dropped as a dead one.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    internal static void Wipe<T>(ref T v)
        where T : struct => v = default;

    /// <summary>Nibble i of a big-endian scalar, counting from the least significant; i is public.</summary>
    internal static uint Nibble(ReadOnlySpan<byte> k, int i)
    {
        byte b = k[k.Length - 1 - (i >> 1)];
        return (uint)((i & 1) == 0 ? b & 0xF : b >> 4);
    }

    public static EcGroup Create(CurveParameters curve) => FieldStructs.Select(curve, Factory.Instance);

    /// <summary>A StructEcGroup on the field struct of the curve table.</summary>
    private sealed class Factory : IFieldStructVisitor<EcGroup>
    {
        public static readonly Factory Instance = new();

        public EcGroup Visit<TE, TF>(CurveParameters curve, TF field, bool montgomery)
            where TE : unmanaged
            where TF : struct, IStructField<TE> => new StructEcGroup<TE, TF>(curve, field, montgomery);
    }
}

/// <summary>
/// The point engine on the field struct <typeparamref name="TF"/>: the Reference flavour's group, and the base of the
/// Unsafe flavour's (which overrides <see cref="Multiply"/>,
/// <see cref="MultiplyAddPublic"/> and <see cref="Select"/> with its extra strategies).
/// </summary>
internal class StructEcGroup<TE, TF> : EcGroup
    where TE : unmanaged
    where TF : struct, IStructField<TE>
{
    /// <summary>Digits 1..15 of a 4-bit window; digit 0 selects nothing.</summary>
    protected const int Entries = 15;
    private const int Window = 4;

    // Not readonly: calling a member on a readonly field of a type parameter makes the compiler copy the struct first (it
    // cannot know TF's members are readonly), and the shared field structs carry p (up to 80 bytes): one copy per field
    // operation.
    protected TF _f;
    protected readonly TE _one;         // R mod p: 1 in the field's form
    protected readonly AffinePoint<TE> _g;
    protected readonly bool _glv;       // secp256k1's endomorphism (EcStrategies.Glv)
    protected readonly TE _beta;        // GLV's cube root of unity, in the field's form
    private readonly int _m;
    private readonly int _windows;
    private readonly int _aKind;        // 1: a = -3, 2: a = 0, 0: any other a
    private readonly ulong[] _p;        // p, plain limbs
    private readonly Field64 _publicInverter;   // its binary extended Euclid inverts public elements
    private readonly ulong[] _pMinus2;  // the Fermat exponent, plain limbs
    private readonly TE _r2;            // R^2 mod p: Mul(x, R2) converts plain x to the field's form
    private readonly TE _r3;            // R^3 mod p: Mul((x R)^-1, R3) = x^-1 R
    private readonly TE _plainOne;      // 1 as limbs: Mul(x, plainOne) converts back to plain
    private readonly TE _a;
    private readonly TE _b;
    private AffinePoint<TE>[]? _baseTable;

    /// <summary>
    /// The group of <paramref name="curve"/> on <paramref name="f"/> (Montgomery form with R = 2^(64 Limbs) when
    /// <paramref name="montgomery"/>, else R = 1), with <see cref="ScalarField64"/> as its arithmetic mod n.
    /// </summary>
    public StructEcGroup(CurveParameters curve, TF f, bool montgomery)
        : base(curve, new ScalarField64(curve.N))
    {
        _f = f;
        _m = f.Limbs;
        _windows = (curve.OrderBits + Window - 1) / Window;
        BigInteger p = CurveParameters.ToInteger(curve.P);
        BigInteger a = CurveParameters.ToInteger(curve.A);
        BigInteger r = montgomery ? BigInteger.One << (64 * _m) : BigInteger.One;
        _p = ToLimbs(p);
        _publicInverter = new Field64(curve.P);
        _pMinus2 = ToLimbs(p - 2);
        _one = Element(r % p);
        _r2 = Element(r * r % p);
        _r3 = Element(r * r * r % p);
        _plainOne = Element(BigInteger.One);
        _a = Element(a * r % p);
        _b = Element(CurveParameters.ToInteger(curve.B) * r % p);
        _g.X = Element(CurveParameters.ToInteger(curve.Gx) * r % p);
        _g.Y = Element(CurveParameters.ToInteger(curve.Gy) * r % p);
        _aKind = a == p - 3 ? 1 : a.IsZero ? 2 : 0;
        if ((curve.Strategies & EcStrategies.Glv) != 0)
        {
            _glv = true;
            _beta = Element(Glv.Beta * r % p);
        }
    }

    // ---------------------------------------------------------------- EcGroup members

    public override bool IsOnCurve(ReadOnlySpan<byte> x, ReadOnlySpan<byte> y)
    {
        if (x.Length != FieldBytes || y.Length != FieldBytes || !Decode(x, out TE px) || !Decode(y, out TE py))
        {
            return false;
        }

        // y^2 - ((x^2 + a) x + b) = 0
        TE lhs = default;
        TE rhs = default;
        _f.Sqr(ref lhs, in py);
        _f.Sqr(ref rhs, in px);
        _f.Add(ref rhs, in rhs, in _a);
        _f.Mul(ref rhs, in rhs, in px);
        _f.Add(ref rhs, in rhs, in _b);
        _f.Sub(ref lhs, in lhs, in rhs);
        return _f.IsZero(in lhs) == 1;
    }

    [MethodImpl(Hot.Optimize)]
    public override bool MultiplyBase(ReadOnlySpan<byte> k, Span<byte> x, Span<byte> y)
    {
        Debug.Assert(k.Length == OrderBytes);
        AffinePoint<TE>[] table = BaseTable();
        Span<byte> kr = stackalloc byte[OrderBytes];
        ReduceScalar(k, kr);

        JacobianPoint<TE> q = default;
        ulong qInf = ulong.MaxValue;
        for (int i = 0; i < _windows; i++)
        {
            qInf = AddSelected(ref q, table.AsSpan(i * Entries, Entries), StructEcGroup.Nibble(kr, i), qInf);
        }

        bool finite = ToAffine(in q, qInf, x, y, publicData: false);
        StructEcGroup.Wipe(ref q);
        kr.Clear();
        StructEcGroup.ScrubStack();
        return finite;
    }

    [MethodImpl(Hot.Optimize)]
    public override bool Multiply(in AffineBytes point, ReadOnlySpan<byte> k, Span<byte> x, Span<byte> y)
    {
        Debug.Assert(k.Length == OrderBytes);
        Span<AffinePoint<TE>> table = stackalloc AffinePoint<TE>[Entries];
        DecodeTable(point, table, odd: false);

        Span<byte> kr = stackalloc byte[OrderBytes];
        ReduceScalar(k, kr);
        JacobianPoint<TE> q = default;
        ulong qInf = ulong.MaxValue;
        for (int i = _windows - 1; i >= 0; i--)
        {
            Dbl(ref q, in q);
            Dbl(ref q, in q);
            Dbl(ref q, in q);
            Dbl(ref q, in q);
            qInf = AddSelected(ref q, table, StructEcGroup.Nibble(kr, i), qInf);
        }

        bool finite = ToAffine(in q, qInf, x, y, publicData: false);
        StructEcGroup.Wipe(ref q);
        table.Clear();
        kr.Clear();
        StructEcGroup.ScrubStack();
        return finite;
    }

    [MethodImpl(Hot.Optimize)]
    public override bool MultiplyAddPublic(ReadOnlySpan<byte> u1, ReadOnlySpan<byte> u2, in AffineBytes q, Span<byte> x)
    {
        JacobianPoint<TE> accG = default;
        JacobianPoint<TE> accQ = default;
        bool gInf = true;
        bool qInf = true;

        // u1 G: one mixed addition per non-zero window digit, looked up directly in the base table.
        if (!IsZeroBytes(u1))
        {
            AffinePoint<TE>[] table = BaseTable();
            for (int i = 0; i < _windows; i++)
            {
                int digit = (int)StructEcGroup.Nibble(u1, i);
                if (digit != 0)
                {
                    AddAffineVar(ref accG, ref gInf, in table[(i * Entries) + digit - 1]);
                }
            }
        }

        // u2 Q: width-5 wNAF over Q, 3Q, ..., 15Q (affine); on secp256k1 split by its endomorphism.
        if (!IsZeroBytes(u2))
        {
            Span<AffinePoint<TE>> table = stackalloc AffinePoint<TE>[8];
            DecodeTable(q, table, odd: true);

            if (_glv)
            {
                MultiplyGlvVar(ref accQ, ref qInf, u2, table);
            }
            else
            {
                Span<sbyte> naf = stackalloc sbyte[(8 * u2.Length) + 1];
                int length = Wnaf(u2, naf);
                MultiplyWnafVar(ref accQ, ref qInf, naf.Slice(0, length), table);
            }
        }

        if (gInf && qInf)
        {
            return false;
        }

        JacobianPoint<TE> sum = gInf ? accQ : accG;
        if (!gInf && !qInf && !AddVar(ref sum, in accG, in accQ))
        {
            return false;
        }

        return ToAffine(in sum, 0, x, Span<byte>.Empty, publicData: true);
    }

    // ---------------------------------------------------------------- scalar multiplication on public data

    /// <summary>acc = k Q for the wNAF digits of k (least significant first) over the affine odd multiples Q..15Q.</summary>
    private void MultiplyWnafVar(ref JacobianPoint<TE> acc, ref bool inf, ReadOnlySpan<sbyte> naf, ReadOnlySpan<AffinePoint<TE>> table)
    {
        for (int i = naf.Length - 1; i >= 0; i--)
        {
            if (!inf)
            {
                Dbl(ref acc, in acc);
            }

            if (naf[i] != 0)
            {
                AddDigitVar(ref acc, ref inf, table, naf[i]);
            }
        }
    }

    /// <summary>
    /// acc = k Q with secp256k1's endomorphism (Gallant, Lambert and Vanstone, CRYPTO 2001; Guide §3.5):
    /// (x, y) -> (beta x, y) is multiplication by lambda, so with k = k1 + k2 lambda (mod n) and |k1|, |k2| about
    /// 2^128, k Q = k1 Q + k2 (lambda Q) takes one shared chain of about 129 doublings instead of 256. Public data.
    /// </summary>
    private void MultiplyGlvVar(ref JacobianPoint<TE> acc, ref bool inf, ReadOnlySpan<byte> k, ReadOnlySpan<AffinePoint<TE>> table)
    {
        // The halves' magnitudes in limbs 0-1 and 3-4, each with a zero limb above for the recoding's carry.
        Span<ulong> scalar = stackalloc ulong[4];
        Span<ulong> halves = stackalloc ulong[6];
        Limbs64.FromBigEndian(k, scalar);
        halves.Clear();
        Glv.SplitSecret(scalar, halves.Slice(0, 2), halves.Slice(3, 2), out ulong negative1, out ulong negative2);
        Span<AffinePoint<TE>> lambdaTable = stackalloc AffinePoint<TE>[8];
        for (int j = 0; j < table.Length; j++)
        {
            _f.Mul(ref lambdaTable[j].X, in table[j].X, in _beta);
            lambdaTable[j].Y = table[j].Y;
        }

        Span<sbyte> naf1 = stackalloc sbyte[(64 * 3) + 1];
        Span<sbyte> naf2 = stackalloc sbyte[(64 * 3) + 1];
        int len1 = Wnaf(halves.Slice(0, 3), naf1, 5);
        int len2 = Wnaf(halves.Slice(3, 3), naf2, 5);

        // A negative half multiplies -Q (or -lambda Q): its digit d takes the point of digit -d.
        int sign1 = negative1 != 0 ? -1 : 1;
        int sign2 = negative2 != 0 ? -1 : 1;
        for (int i = Math.Max(len1, len2) - 1; i >= 0; i--)
        {
            if (!inf)
            {
                Dbl(ref acc, in acc);
            }

            if (i < len1 && naf1[i] != 0)
            {
                AddDigitVar(ref acc, ref inf, table, sign1 * naf1[i]);
            }

            if (i < len2 && naf2[i] != 0)
            {
                AddDigitVar(ref acc, ref inf, lambdaTable, sign2 * naf2[i]);
            }
        }
    }

    /// <summary>acc += d P for an odd digit d from a table of P, 3P, ..., 15P (negative d: y negated).</summary>
    protected void AddDigitVar(ref JacobianPoint<TE> acc, ref bool inf, ReadOnlySpan<AffinePoint<TE>> table, int d)
    {
        ref readonly AffinePoint<TE> entry = ref table[(d < 0 ? -d : d) >> 1];
        if (d > 0)
        {
            AddAffineVar(ref acc, ref inf, in entry);
            return;
        }

        AffinePoint<TE> e = default;
        TE zero = default;
        e.X = entry.X;
        _f.Sub(ref e.Y, in zero, in entry.Y);
        AddAffineVar(ref acc, ref inf, in e);
    }

    // ---------------------------------------------------------------- point formulas

    /// <summary>
    /// One constant-time window step: q += table[digit - 1] (every entry scanned), with q at infinity when qInf is
    /// all ones and nothing added for digit 0. Returns the new qInf mask.
    /// </summary>
    [MethodImpl(Hot.Optimize)]
    protected ulong AddSelected(ref JacobianPoint<TE> q, ReadOnlySpan<AffinePoint<TE>> table, uint digit, ulong qInf)
    {
        AffinePoint<TE> e = default;
        Select(ref e, table, digit);
        ulong result = AddLifted(ref q, in e, Wide.Mask(Wide.IsZero(digit)), qInf);
        e = default;
        return result;
    }

    /// <summary>
    /// e = table[digit - 1], or zeros for digit 0, reading every entry (constant time in digit). Virtual so a flavour
    /// can scan with vectors; called once per window.
    /// </summary>
    protected virtual void Select(ref AffinePoint<TE> e, ReadOnlySpan<AffinePoint<TE>> table, uint digit)
    {
        e = default;
        for (int j = 0; j < table.Length; j++)
        {
            ulong hit = Wide.Mask(Wide.IsZero(digit ^ (uint)(j + 1)));
            _f.Move(ref e.X, in table[j].X, hit);
            _f.Move(ref e.Y, in table[j].Y, hit);
        }
    }

    /// <summary>
    /// The rest of a window step once the entry is in e (dZero all ones when the digit is 0): q += e in constant time,
    /// with q at infinity when qInf is all ones and nothing added when dZero is. Returns the new qInf mask.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    protected ulong AddLifted(ref JacobianPoint<TE> q, in AffinePoint<TE> e, ulong dZero, ulong qInf)
    {
        JacobianPoint<TE> sum = default;
        AddMixed(ref sum, in q, in e);

        // q = qInf ? (e, Z = [digit != 0]) : dZero ? q : sum.
        _f.Move(ref q.X, in sum.X, ~dZero);
        _f.Move(ref q.Y, in sum.Y, ~dZero);
        _f.Move(ref q.Z, in sum.Z, ~dZero);
        TE z = default;
        _f.Move(ref z, in _one, ~dZero);
        _f.Move(ref q.X, in e.X, qInf);
        _f.Move(ref q.Y, in e.Y, qInf);
        _f.Move(ref q.Z, in z, qInf);
        sum = default;
        return qInf & dZero;
    }

    /// <summary>r = 2 p (r may alias p); infinity (Z = 0) doubles to Z = 0.</summary>
    [MethodImpl(Hot.Optimize)]
    protected void Dbl(ref JacobianPoint<TE> r, in JacobianPoint<TE> p)
    {
        TE t0 = default, t1 = default, t2 = default, t3 = default, t4 = default;
        if (_aKind == 1)
        {
            // dbl-2001-b with Y doubled first: with Y' = 2 Y, gamma' = Y'^2 = 4 gamma and beta' = X gamma' = 4 beta,
            // so X3 = alpha^2 - 2 beta', Z3 = Y' Z (= (Y + Z)^2 - gamma - delta), Y3 = alpha (beta' - X3) - gamma'^2 / 2
            // (= 8 gamma^2): 4M + 4S and ten additions, subtractions or halvings instead of 3M + 5S and sixteen.
            // r may alias p: Z1 is read last by Z3, X1 last by beta' and alpha, Y1 only by Y'.
            _f.Add(ref t0, in p.Y, in p.Y);     // Y'
            _f.Sqr(ref t1, in t0);              // gamma'
            _f.Mul(ref t2, in p.X, in t1);      // beta'
            _f.Sqr(ref t3, in p.Z);             // delta
            _f.Mul(ref r.Z, in t0, in p.Z);     // Z3 = Y' Z
            _f.Sub(ref t4, in p.X, in t3);
            _f.Add(ref t3, in p.X, in t3);
            _f.Mul(ref t4, in t4, in t3);
            _f.Add(ref t3, in t4, in t4);
            _f.Add(ref t4, in t3, in t4);       // alpha = 3 (X - delta)(X + delta)
            _f.Sqr(ref t0, in t4);
            _f.Sub(ref t0, in t0, in t2);
            _f.Sub(ref r.X, in t0, in t2);      // X3 = alpha^2 - 2 beta'
            _f.Sub(ref t2, in t2, in r.X);
            _f.Mul(ref t2, in t2, in t4);
            _f.Sqr(ref t1, in t1);
            _f.Half(ref t1, in t1);             // gamma'^2 / 2 = 8 gamma^2
            _f.Sub(ref r.Y, in t2, in t1);      // Y3 = alpha (beta' - X3) - 8 gamma^2
        }
        else if (_aKind == 2)
        {
            // dbl-2009-l (a = 0) with Y doubled first: B' = (2 Y)^2 = 4 B, D = X B' (= 2 ((X + B)^2 - A - C)),
            // E = 3 A, X3 = E^2 - 2 D, Y3 = E (D - X3) - B'^2 / 2 (= 8 C), Z3 = 2 Y Z. r may alias p, as above.
            _f.Add(ref t0, in p.Y, in p.Y);     // 2 Y
            _f.Sqr(ref t1, in t0);              // B'
            _f.Mul(ref t2, in p.X, in t1);      // D
            _f.Sqr(ref t3, in p.X);             // A
            _f.Mul(ref r.Z, in t0, in p.Z);     // Z3 = 2 Y Z
            _f.Add(ref t4, in t3, in t3);
            _f.Add(ref t3, in t4, in t3);       // E = 3 A
            _f.Sqr(ref t0, in t3);
            _f.Sub(ref t0, in t0, in t2);
            _f.Sub(ref r.X, in t0, in t2);      // X3 = E^2 - 2 D
            _f.Sub(ref t2, in t2, in r.X);
            _f.Mul(ref t2, in t2, in t3);
            _f.Sqr(ref t1, in t1);
            _f.Half(ref t1, in t1);             // B'^2 / 2 = 8 C
            _f.Sub(ref r.Y, in t2, in t1);      // Y3 = E (D - X3) - 8 C
        }
        else
        {
            // dbl-2007-bl (any a): A = X^2, B = Y^2, C = B^2, D = 2 ((X + B)^2 - A - C),
            // E = 3 A + a Z^4, X3 = E^2 - 2 D, Y3 = E (D - X3) - 8 C, Z3 = 2 Y Z.
            _f.Sqr(ref t0, in p.X);             // A
            _f.Sqr(ref t1, in p.Y);             // B
            _f.Add(ref t2, in p.X, in t1);
            _f.Sqr(ref t2, in t2);
            _f.Sqr(ref t1, in t1);              // C
            _f.Sub(ref t2, in t2, in t0);
            _f.Sub(ref t2, in t2, in t1);
            _f.Add(ref t2, in t2, in t2);       // D
            _f.Add(ref t3, in t0, in t0);
            _f.Add(ref t3, in t3, in t0);       // 3 A
            _f.Sqr(ref t4, in p.Z);
            _f.Sqr(ref t4, in t4);
            _f.Mul(ref t4, in t4, in _a);
            _f.Add(ref t3, in t3, in t4);       // E = 3 A + a Z^4
            _f.Mul(ref t4, in p.Y, in p.Z);
            _f.Add(ref r.Z, in t4, in t4);      // Z3 = 2 Y Z (after the last read of Z1 and Y1)
            _f.Sqr(ref t0, in t3);
            _f.Sub(ref t0, in t0, in t2);
            _f.Sub(ref r.X, in t0, in t2);      // X3 = E^2 - 2 D
            _f.Sub(ref t2, in t2, in r.X);
            _f.Mul(ref t2, in t2, in t3);
            _f.Add(ref t1, in t1, in t1);
            _f.Add(ref t1, in t1, in t1);
            _f.Add(ref t1, in t1, in t1);       // 8 C
            _f.Sub(ref r.Y, in t2, in t1);      // Y3 = E (D - X3) - 8 C
        }
    }

    /// <summary>
    /// r = p + (qx, qy, 1) by the mixed Jacobian-affine addition of Guide Alg. 3.22 (8M + 3S), for p finite and
    /// p != +-q (callers select around the other cases). r must not alias p. Returns the flags H = 0 (bit 0) and
    /// R = 0 (bit 1), which callers on public data use to detect p = +-q; constant-time callers ignore them.
    /// </summary>
    [MethodImpl(Hot.Optimize)]
    protected ulong AddMixed(ref JacobianPoint<TE> r, in JacobianPoint<TE> p, in AffinePoint<TE> q)
    {
        TE z1z1 = default, u2 = default, s2 = default, h = default, hh = default;
        _f.Sqr(ref z1z1, in p.Z);
        _f.Mul(ref u2, in q.X, in z1z1);        // U2 = x2 Z1^2
        _f.Mul(ref s2, in p.Z, in z1z1);
        _f.Mul(ref s2, in s2, in q.Y);          // S2 = y2 Z1^3
        _f.Sub(ref h, in u2, in p.X);           // H = U2 - X1
        _f.Sub(ref s2, in s2, in p.Y);          // R = S2 - Y1
        ulong flags = _f.IsZero(in h) | (_f.IsZero(in s2) << 1);
        _f.Mul(ref r.Z, in p.Z, in h);          // Z3 = Z1 H
        _f.Sqr(ref hh, in h);
        _f.Mul(ref z1z1, in h, in hh);          // H^3
        _f.Mul(ref u2, in p.X, in hh);          // V = X1 H^2
        _f.Sqr(ref r.X, in s2);                 // X3 = R^2 - H^3 - 2 V
        _f.Sub(ref r.X, in r.X, in z1z1);
        _f.Sub(ref r.X, in r.X, in u2);
        _f.Sub(ref r.X, in r.X, in u2);
        _f.Sub(ref u2, in u2, in r.X);          // Y3 = R (V - X3) - Y1 H^3
        _f.Mul(ref u2, in s2, in u2);
        _f.Mul(ref z1z1, in p.Y, in z1z1);
        _f.Sub(ref r.Y, in u2, in z1z1);
        return flags;
    }

    /// <summary>acc += q (affine) on public data, with branches on infinity and on acc = +-q.</summary>
    protected void AddAffineVar(ref JacobianPoint<TE> acc, ref bool inf, in AffinePoint<TE> q)
    {
        if (inf)
        {
            acc.X = q.X;
            acc.Y = q.Y;
            acc.Z = _one;
            inf = false;
            return;
        }

        JacobianPoint<TE> sum = default;
        ulong flags = AddMixed(ref sum, in acc, in q);
        if ((flags & 1) == 0)
        {
            acc = sum;
        }
        else if (flags == 3)
        {
            Dbl(ref acc, in acc);               // acc = q
        }
        else
        {
            inf = true;                         // acc = -q
        }
    }

    /// <summary>r = p + q (Jacobian, both finite) by add-2007-bl on public data; false when the sum is infinity. r may alias p.</summary>
    protected bool AddVar(ref JacobianPoint<TE> r, in JacobianPoint<TE> p, in JacobianPoint<TE> q)
    {
        TE z1z1 = default, z2z2 = default, u1 = default, u2 = default, s1 = default, s2 = default, h = default;
        _f.Sqr(ref z1z1, in p.Z);
        _f.Sqr(ref z2z2, in q.Z);
        _f.Mul(ref u1, in p.X, in z2z2);
        _f.Mul(ref u2, in q.X, in z1z1);
        _f.Mul(ref s1, in p.Y, in q.Z);
        _f.Mul(ref s1, in s1, in z2z2);
        _f.Mul(ref s2, in q.Y, in p.Z);
        _f.Mul(ref s2, in s2, in z1z1);
        _f.Sub(ref h, in u2, in u1);
        _f.Sub(ref s2, in s2, in s1);
        if (_f.IsZero(in h) == 1)
        {
            if (_f.IsZero(in s2) == 0)
            {
                return false;
            }

            Dbl(ref r, in p);
            return true;
        }

        // Z3 = ((Z1 + Z2)^2 - Z1Z1 - Z2Z2) H
        TE z3 = default;
        _f.Add(ref z3, in p.Z, in q.Z);
        _f.Sqr(ref z3, in z3);
        _f.Sub(ref z3, in z3, in z1z1);
        _f.Sub(ref z3, in z3, in z2z2);
        _f.Mul(ref r.Z, in z3, in h);
        _f.Add(ref s2, in s2, in s2);           // rr = 2 (S2 - S1)
        _f.Add(ref z1z1, in h, in h);
        _f.Sqr(ref z1z1, in z1z1);              // I = (2 H)^2
        _f.Mul(ref z2z2, in h, in z1z1);        // J = H I
        _f.Mul(ref u1, in u1, in z1z1);         // V = U1 I
        _f.Sqr(ref r.X, in s2);                 // X3 = rr^2 - J - 2 V
        _f.Sub(ref r.X, in r.X, in z2z2);
        _f.Sub(ref r.X, in r.X, in u1);
        _f.Sub(ref r.X, in r.X, in u1);
        _f.Sub(ref u1, in u1, in r.X);          // Y3 = rr (V - X3) - 2 S1 J
        _f.Mul(ref u1, in s2, in u1);
        _f.Mul(ref s1, in s1, in z2z2);
        _f.Add(ref s1, in s1, in s1);
        _f.Sub(ref r.Y, in u1, in s1);
        return true;
    }

    // ---------------------------------------------------------------- tables

    /// <summary>
    /// From the affine P in table[0], fills table with the affine j P for j = 1..15 (odd false) or the odd
    /// j = 1, 3, ..., 15 (entry (j - 1) / 2, odd true), computed in Jacobian coordinates and normalised with one
    /// batched inversion. P is public. False when P has small order (only possible off a prime-order group).
    /// </summary>
    protected bool BuildTable(Span<AffinePoint<TE>> table, bool odd)
    {
        int count = table.Length;
        Span<JacobianPoint<TE>> jac = stackalloc JacobianPoint<TE>[count];
        jac[0].X = table[0].X;
        jac[0].Y = table[0].Y;
        jac[0].Z = _one;
        JacobianPoint<TE> twoP = default;
        Dbl(ref twoP, in jac[0]);
        if (_f.IsZero(in twoP.Z) == 1)
        {
            return false;
        }

        for (int i = 1; i < count; i++)
        {
            // (i + 1) P = i P + P, or (2i + 1) P = (2i - 1) P + 2P: never a doubling or infinity for j <= 15 < n.
            if (!odd && i == 1)
            {
                jac[1] = twoP;
            }
            else if (!AddVar(ref jac[i], in jac[i - 1], odd ? twoP : jac[0]))
            {
                return false;
            }
        }

        Normalize(jac, table);
        return true;
    }

    /// <summary>
    /// The base table: for every window i, the affine j 16^i G for j = 1..15, built once per curve in Jacobian
    /// coordinates (16^(i+1) G = 2 (8 16^i G)) and made affine with one batched inversion.
    /// </summary>
    protected AffinePoint<TE>[] BaseTable()
    {
        AffinePoint<TE>[]? table = Volatile.Read(ref _baseTable);
        if (table != null)
        {
            return table;
        }

        int count = _windows * Entries;
        JacobianPoint<TE>[] jac = new JacobianPoint<TE>[count];
        JacobianPoint<TE> p = default;
        p.X = _g.X;
        p.Y = _g.Y;
        p.Z = _one;
        for (int i = 0; i < _windows; i++)
        {
            int w = i * Entries;
            jac[w] = p;
            Dbl(ref jac[w + 1], in p);
            for (int j = 2; j < Entries; j++)
            {
                bool finite = AddVar(ref jac[w + j], in jac[w + j - 1], in p);
                Debug.Assert(finite);
            }

            Dbl(ref p, in jac[w + 7]);
        }

        table = new AffinePoint<TE>[count];
        Normalize(jac, table);
        return Interlocked.CompareExchange(ref _baseTable, table, null) ?? table;
    }

    /// <summary>
    /// dst[i] = the affine (x, y) of the finite Jacobian jac[i], with one inversion (Montgomery's trick, Guide
    /// §2.2.5: prefix products of the Z, one inverse, walked back). Public data.
    /// </summary>
    protected void Normalize(ReadOnlySpan<JacobianPoint<TE>> jac, Span<AffinePoint<TE>> dst)
    {
        int count = jac.Length;
        Span<TE> prefix = count <= Entries ? stackalloc TE[count] : new TE[count];
        prefix[0] = jac[0].Z;
        for (int i = 1; i < count; i++)
        {
            _f.Mul(ref prefix[i], in prefix[i - 1], in jac[i].Z);
        }

        TE inv = default, zi = default, zz = default;
        InvertPublic(ref inv, in prefix[count - 1]);
        for (int i = count - 1; i >= 0; i--)
        {
            if (i > 0)
            {
                _f.Mul(ref zi, in inv, in prefix[i - 1]);   // 1 / Z_i
                _f.Mul(ref inv, in inv, in jac[i].Z);       // 1 / (Z_0 ... Z_(i-1))
            }
            else
            {
                zi = inv;
            }

            _f.Sqr(ref zz, in zi);
            _f.Mul(ref dst[i].X, in jac[i].X, in zz);
            _f.Mul(ref zz, in zz, in zi);
            _f.Mul(ref dst[i].Y, in jac[i].Y, in zz);
        }
    }

    // ---------------------------------------------------------------- inversion, conversions

    /// <summary>
    /// r = a^(p-2) = a^-1 (0 for 0) by 4-bit fixed windows over the public exponent: the operation sequence depends
    /// only on p (zero windows of p - 2 skip their multiplication), so the time does not depend on a.
    /// </summary>
    [MethodImpl(Hot.Optimize)]
    protected void Invert(ref TE r, in TE a)
    {
        if (_glv)
        {
            InvertSecp256k1(ref r, in a);
            return;
        }

        Span<TE> table = stackalloc TE[16];
        table[0] = _one;
        table[1] = a;
        for (int i = 2; i < 16; i++)
        {
            _f.Mul(ref table[i], in table[i - 1], in a);
        }

        int top = ((Curve.FieldBits + 3) / 4) - 1;
        TE acc = table[ExponentNibble(top)];
        for (int w = top - 1; w >= 0; w--)
        {
            _f.Sqr(ref acc, in acc);
            _f.Sqr(ref acc, in acc);
            _f.Sqr(ref acc, in acc);
            _f.Sqr(ref acc, in acc);
            int digit = ExponentNibble(w);
            if (digit != 0)
            {
                _f.Mul(ref acc, in acc, in table[digit]);
            }
        }

        r = acc;
        table.Clear();
        acc = default;
    }

    /// <summary>
    /// r = a^(p - 2) = a^-1 (0 for 0) on secp256k1, constant time, by an addition chain on the public exponent:
    /// p - 2 = 2^256 - 2^32 - 979 has the bits (from the top) 223 ones, 0, 22 ones, 0000, 1, 0, 11, 0, 1. With
    /// x_k = a^(2^k - 1) built as x_(i+j) = x_i^(2^j) x_j (x2, x3, x6, x9, x11, x22, x44, x88, x176, x220, x223), the
    /// tail is x223^(2^23) x22, then ^(2^5) a, ^(2^3) x2, ^(2^2) a: 255 squarings and 15 multiplications, against
    /// about 60 more multiplications for the 4-bit windows of Invert.
    /// </summary>
    private void InvertSecp256k1(ref TE r, in TE a)
    {
        TE x2 = default, x3 = default, x11 = default, x22 = default, x44 = default, acc = default;
        SqrMul(ref x2, in a, 1, in a);
        SqrMul(ref x3, in x2, 1, in a);
        SqrMul(ref acc, in x3, 3, in x3);       // x6
        SqrMul(ref acc, in acc, 3, in x3);      // x9
        SqrMul(ref x11, in acc, 2, in x2);
        SqrMul(ref x22, in x11, 11, in x11);
        SqrMul(ref x44, in x22, 22, in x22);
        SqrMul(ref acc, in x44, 44, in x44);    // x88
        SqrMul(ref acc, in acc, 88, in acc);    // x176 = x88^(2^88) x88
        SqrMul(ref acc, in acc, 44, in x44);    // x220
        SqrMul(ref acc, in acc, 3, in x3);      // x223
        SqrMul(ref acc, in acc, 23, in x22);
        SqrMul(ref acc, in acc, 5, in a);
        SqrMul(ref acc, in acc, 3, in x2);
        SqrMul(ref r, in acc, 2, in a);
        x2 = default;
        x3 = default;
        x11 = default;
        x22 = default;
        x44 = default;
        acc = default;
    }

    /// <summary>r = a^(2^count) b, count &gt;= 1; b is copied first, so r may alias a and b.</summary>
    private void SqrMul(ref TE r, in TE a, int count, in TE b)
    {
        TE t = b;
        _f.Sqr(ref r, in a);
        for (int i = 1; i < count; i++)
        {
            _f.Sqr(ref r, in r);
        }

        _f.Mul(ref r, in r, in t);
        t = default;
    }

    private int ExponentNibble(int w) => (int)((_pMinus2[w >> 4] >> (4 * (w & 15))) & 0xF);

    /// <summary>
    /// r = a^-1 for a public a (field form in and out; 0 for 0) by Field64's binary extended Euclid in variable
    /// time: it inverts the limbs a R to (a R)^-1, and the product with R^3 gives a^-1 R (R = 1 for a plain field).
    /// </summary>
    protected void InvertPublic(ref TE r, in TE a)
    {
        Span<ulong> limbs = stackalloc ulong[_m];
        _f.Store(in a, limbs);

        // A prime shorter than the struct (P-192 on four limbs) leaves the top limbs zero; Field64 has just enough.
        Span<ulong> used = limbs.Slice(0, _publicInverter.N);
        _publicInverter.InvertVar(used, used);
        r = _f.Load(limbs);
        _f.Mul(ref r, in r, in _r3);
    }

    /// <summary>(x, y) of a Jacobian point as big-endian bytes; false (and zeros) when inf is all ones. y may be empty.</summary>
    protected bool ToAffine(in JacobianPoint<TE> p, ulong inf, Span<byte> x, Span<byte> y, bool publicData)
    {
        TE zi = default, zz = default, v = default;
        if (publicData)
        {
            InvertPublic(ref zi, in p.Z);
        }
        else
        {
            Invert(ref zi, in p.Z);
        }

        _f.Sqr(ref zz, in zi);
        _f.Mul(ref v, in p.X, in zz);
        Encode(in v, x);
        if (!y.IsEmpty)
        {
            _f.Mul(ref zz, in zz, in zi);
            _f.Mul(ref v, in p.Y, in zz);
            Encode(in v, y);
        }

        zi = default;
        zz = default;
        v = default;

        // Whether the point is infinity is the result itself (k = 0 mod n), not a secret kept from the caller.
        if (inf != 0)
        {
            x.Clear();
            y.Clear();
            return false;
        }

        return true;
    }

    /// <summary>
    /// Decodes the public point into table[0] and fills the table (BuildTable); CryptographicException for a point
    /// with a coordinate not below p or of small order.
    /// </summary>
    protected void DecodeTable(in AffineBytes point, Span<AffinePoint<TE>> table, bool odd)
    {
        if (!Decode(point.X, out table[0].X) || !Decode(point.Y, out table[0].Y))
        {
            throw new CryptographicException(ErrorMessages.EcPointNotOnCurve);
        }

        if (!BuildTable(table, odd))
        {
            throw new CryptographicException(ErrorMessages.EcPointOrder);
        }
    }

    /// <summary>Big-endian bytes to the field's form; false when the value is not below p (public data).</summary>
    protected bool Decode(ReadOnlySpan<byte> bytes, out TE r)
    {
        r = default;
        Span<ulong> limbs = stackalloc ulong[_m];
        if (bytes.Length > 8 * _m)
        {
            return false;
        }

        Limbs64.FromBigEndian(bytes, limbs);
        if (Limbs64.LessThan(limbs, _p) == 0)
        {
            return false;
        }

        r = _f.Load(limbs);
        _f.Mul(ref r, in r, in _r2);
        return true;
    }

    /// <summary>The field's form to big-endian bytes (the length of <paramref name="bytes"/>).</summary>
    private void Encode(in TE a, Span<byte> bytes)
    {
        TE plain = default;
        _f.Mul(ref plain, in a, in _plainOne);
        Span<ulong> limbs = stackalloc ulong[_m];
        _f.Store(in plain, limbs);
        Limbs64.ToBigEndian(limbs, bytes);
        limbs.Clear();
        plain = default;
    }

    private TE Element(BigInteger v)
    {
        return _f.Load(ToLimbs(v));
    }

    private ulong[] ToLimbs(BigInteger v)
    {
        ulong[] r = new ulong[_m];
        for (int i = 0; i < r.Length; i++)
        {
            r[i] = (ulong)((v >> (64 * i)) & ulong.MaxValue);
        }

        return r;
    }

    /// <summary>kr = k mod n in constant time, so the loops see a scalar below n (the exception-free additions rely on it).</summary>
    protected void ReduceScalar(ReadOnlySpan<byte> k, Span<byte> kr)
    {
        Span<uint> t = stackalloc uint[Scalars.LimbCount];
        Scalars.Reduce(k, t);
        Scalars.Encode(t, kr);
        t.Clear();
    }

    // ---------------------------------------------------------------- variable-time helpers (public data)

    /// <summary>
    /// Width-5 NAF of a public big-endian scalar (Guide Alg. 3.35) into naf: odd digits in [-15, 15] or 0, least
    /// significant first, at most one non-zero in any five consecutive; returns the digit count. naf needs
    /// 8 k.Length + 1 entries.
    /// </summary>
    protected static int Wnaf(ReadOnlySpan<byte> k, Span<sbyte> naf)
    {
        Span<ulong> v = stackalloc ulong[((k.Length + 7) / 8) + 1];
        Limbs64.FromBigEndian(k, v);
        return Wnaf(v, naf, 5);
    }

    /// <summary>
    /// Width-w NAF of the public little-endian v (overwritten; its top limb must leave room for the carry): odd
    /// digits in [-(2^(w-1) - 1), 2^(w-1) - 1] or 0, least significant first; returns the digit count.
    /// </summary>
    protected static int Wnaf(Span<ulong> v, Span<sbyte> naf, int width)
    {
        int mask = (1 << width) - 1;
        int half = 1 << (width - 1);
        int length = 0;
        while (!IsZero(v))
        {
            int d = 0;
            if ((v[0] & 1) != 0)
            {
                d = (int)(v[0] & (ulong)mask);
                if (d >= half)
                {
                    d -= 2 * half;
                }

                // v -= d: a positive d is v's low w bits, so only limb 0 changes; a negative one adds |d|.
                if (d > 0)
                {
                    v[0] -= (ulong)d;
                }
                else
                {
                    ulong add = (ulong)(-d);
                    for (int i = 0; i < v.Length && add != 0; i++)
                    {
                        ulong sum = v[i] + add;
                        add = sum < add ? 1UL : 0UL;
                        v[i] = sum;
                    }
                }
            }

            naf[length++] = (sbyte)d;
            ShiftRight1(v);
        }

        return length;
    }

    protected static bool IsZeroBytes(ReadOnlySpan<byte> s)
    {
        foreach (byte b in s)
        {
            if (b != 0)
            {
                return false;
            }
        }

        return true;
    }

    private static bool IsZero(ReadOnlySpan<ulong> a)
    {
        foreach (ulong w in a)
        {
            if (w != 0)
            {
                return false;
            }
        }

        return true;
    }

    private static void ShiftRight1(Span<ulong> a)
    {
        for (int i = 0; i < a.Length - 1; i++)
        {
            a[i] = (a[i] >> 1) | (a[i + 1] << 63);
        }

        a[a.Length - 1] >>= 1;
    }
}

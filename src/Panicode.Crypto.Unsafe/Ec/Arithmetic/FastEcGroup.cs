// Point arithmetic of the Unsafe flavour (SEC 1 v2 §2.2.1; Hankerson, Menezes and Vanstone, Guide to Elliptic
// Curve Cryptography, Springer 2004, §3.2-3.3), generic over a 64-bit field struct so every field call is direct.
// Jacobian coordinates (X, Y, Z) for x = X/Z^2, y = Y/Z^3, Z = 0 at infinity; formulas from the Explicit-Formulas
// Database (Bernstein and Lange): dbl-2001-b (a = -3) and dbl-2009-l (a = 0), both with Y doubled first (see Dbl),
// dbl-2007-bl (any a), add-2007-bl; mixed additions by Guide Alg. 3.22.
// - k G (signing, key generation; secret k): for every 4-bit window i the affine points j 16^i G, j = 1..15, built
//   once per curve and normalised with one batched inversion; per window one constant-time scan of all 15
//   entries and one mixed addition, no doublings. With k reduced mod n, the sum m of the lower windows and the
//   window's point d 16^i G never coincide up to sign (m < 16^i <= d 16^i and m + d 16^i <= k < n), so the
//   addition never meets its doubling case; infinity and zero digits are handled by masks.
// - k P (ECDH; secret k): the affine points j P, j = 1..15, then 4-bit fixed windows from the top: four doublings,
//   a whole-table scan and a mixed addition per window (the prefix v and digit d give 16 v + d <= k < n and
//   16 v > d for v > 0, so again no doubling case). On secp256k1 instead: the constant-time GLV split
//   k = k1 + k2 lambda and signed 5-bit windows over both halves, sharing 130 doublings (FastEcGroup.Glv.cs).
// - u1 G + u2 Q (verification; public): u1 G by direct lookups in the base table, u2 Q by width-5 wNAF (Guide
//   Alg. 3.35/3.36) over the odd multiples Q..15 Q made affine with one batched inversion; variable time. On
//   secp256k1, u2 = k1 + k2 lambda with half-length k1, k2 (GLV, Guide §3.5) and one shared doubling chain.
//   A public key verified with before takes the cached 4-chunk path instead (FastEcGroup.KeyCache.cs).
// - Inversion: Fermat (x^(p-2)) with 4-bit fixed windows on the public exponent, constant time, for anything
//   derived from a secret; the binary extended Euclidean algorithm, variable time, for public points (the tables
//   of public points, the verification result).

using System;
using System.Diagnostics;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
#if NET
using System.Runtime.Intrinsics;
#endif
using System.Security.Cryptography;
using System.Threading;
using Panicode.Crypto.Ec;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto.Unsafe.Ec;

/// <summary>The non-generic face of <see cref="FastEcGroup{TF}"/>: its field as a <see cref="PrimeField"/> (tests).</summary>
internal abstract class FastEcGroup : EcGroup
{
    protected FastEcGroup(CurveParameters curve, PrimeField scalars)
        : base(curve, scalars)
    {
    }

    public abstract PrimeField Field { get; }

    /// <summary>
    /// The group for a curve on the field struct the curve table picks (FieldStructs, shared with the Reference
    /// flavour), called through <see cref="StructFieldOps{TE, TF}"/>; CIOS loops for the sizes no struct covers.
    /// </summary>
    public static unsafe FastEcGroup Create(CurveParameters curve, PrimeField scalars) =>
        FieldStructs.Select(curve, new Factory(scalars)) ??
        new FastEcGroup<MontgomeryOps>(curve, scalars, new MontgomeryOps(FieldConstants.Create(CurveParameters.ToInteger(curve.P), curve.FieldLimbs64), curve.FieldLimbs64));

    private sealed class Factory : IFieldStructVisitor<FastEcGroup>
    {
        private readonly PrimeField _scalars;

        public Factory(PrimeField scalars) => _scalars = scalars;

        public unsafe FastEcGroup Visit<TE, TF>(CurveParameters curve, TF field, bool montgomery)
            where TE : unmanaged
            where TF : struct, IStructField<TE>
        {
            ulong* constants = FieldConstants.Create(CurveParameters.ToInteger(curve.P), field.Limbs, montgomery);
            return new FastEcGroup<StructFieldOps<TE, TF>>(curve, _scalars, new StructFieldOps<TE, TF>(field, constants));
        }
    }
}

[SkipLocalsInit]
internal sealed unsafe partial class FastEcGroup<TF> : FastEcGroup
    where TF : struct, IFieldOps
{
    private const int Entries = 15;
    private const int Window = 4;

    // Not readonly: calling a member on a readonly field of a type parameter makes the compiler copy the struct first (it
    // cannot know TF's members are readonly), and the shared field structs carry p (up to 80 bytes): one copy per field
    // operation.
    private TF _f;
    private readonly int _m;
    private readonly int _windows;
    private readonly int _aKind;        // 1: a = -3, 2: a = 0, 0: any other a
    private readonly ulong* _k;         // a, b (Montgomery), p - 2 (plain), G (affine, Montgomery), R^3 mod p
    private readonly FastPrimeField<TF> _field;
    private readonly Glv? _glv;         // secp256k1's endomorphism, for verification
    private ulong[]? _baseTable;

    public FastEcGroup(CurveParameters curve, PrimeField scalars, TF f)
        : base(curve, scalars)
    {
        _f = f;
        _m = f.Limbs;
        _windows = (scalars.Bits + Window - 1) / Window;
        _field = new FastPrimeField<TF>(f, ReferenceBackend.ToLimbs(curve.P));

        int m = _m;
        BigInteger p = CurveParameters.ToInteger(curve.P);
        BigInteger a = CurveParameters.ToInteger(curve.A);
        ulong[] block = new ulong[6 * m];
        FieldConstants.Write(a, block, 0, m);
        FieldConstants.Write(CurveParameters.ToInteger(curve.B), block, m, m);
        FieldConstants.Write(p - 2, block, 2 * m, m);
        FieldConstants.Write(CurveParameters.ToInteger(curve.Gx), block, 3 * m, m);
        FieldConstants.Write(CurveParameters.ToInteger(curve.Gy), block, 4 * m, m);
        // R as the field struct defines it (2^(64 m) for Montgomery form, 1 for a plain one): R mod p is its one.
        BigInteger r = BigInteger.Zero;
        for (int i = m - 1; i >= 0; i--)
        {
            r = (r << 64) | f.Constants[m + 1 + i];
        }

        FieldConstants.Write(r * r * r % p, block, 5 * m, m);
        _k = (ulong*)GCHandle.Alloc(block, GCHandleType.Pinned).AddrOfPinnedObject();
        ToMont(A, A);
        ToMont(B, B);
        ToMont(Gx, Gx);
        ToMont(Gx + m, Gx + m);
        _aKind = a == p - 3 ? 1 : a.IsZero ? 2 : 0;
        if ((curve.Strategies & EcStrategies.Glv) != 0)
        {
            _glv = new Glv(CurveParameters.ToInteger(curve.N));
            FieldConstants.Write(Glv.Beta, _glv.BetaMont, 0, m);
            fixed (ulong* beta = _glv.BetaMont)
            {
                ToMont(beta, beta);
            }
        }
    }

    public override PrimeField Field => _field;

    private ulong* A => _k;

    private ulong* B => _k + _m;

    private ulong* PMinus2 => _k + (2 * _m);

    private ulong* Gx => _k + (3 * _m);

    private ulong* R3 => _k + (5 * _m);

    private ulong* R2 => _f.Constants + (2 * _m) + 1;

    private ulong* MontOne => _f.Constants + _m + 1;

    // ---------------------------------------------------------------- EcGroup members

    public override bool IsOnCurve(ReadOnlySpan<byte> x, ReadOnlySpan<byte> y)
    {
        int m = _m;
        ulong* t = stackalloc ulong[4 * m];
        ulong* px = t;
        ulong* py = t + m;
        ulong* lhs = t + (2 * m);
        ulong* rhs = t + (3 * m);
        if (!Decode(x, px) || !Decode(y, py))
        {
            return false;
        }

        _f.Sqr(lhs, py);
        _f.Sqr(rhs, px);
        _f.Add(rhs, rhs, A);
        _f.Mul(rhs, rhs, px);
        _f.Add(rhs, rhs, B);
        return EqualVar(lhs, rhs);
    }

    [MethodImpl(Hot.Optimize)]
    public override bool MultiplyBase(ReadOnlySpan<byte> k, Span<byte> x, Span<byte> y)
    {
        Debug.Assert(k.Length == OrderBytes);
        int m = _m;
        int n2 = 2 * m;
        Span<byte> kb = stackalloc byte[Scalars.ByteLength];
        ReduceScalar(k, kb);

        ulong* q = stackalloc ulong[3 * m];
        ulong* sum = stackalloc ulong[3 * m];
        ulong* lifted = stackalloc ulong[n2];
        Clear(q, 3 * m);
        ulong qInf = ulong.MaxValue;
        fixed (ulong* table = BaseTable())
        {
            for (int i = 0; i < _windows; i++)
            {
                qInf = AddSelected(q, sum, lifted, table + (i * Entries * n2), Digit(kb, i), qInf);
            }
        }

        bool finite = ToAffine(q, qInf, x, y);
        Clear(q, 3 * m);
        Clear(sum, 3 * m);
        Clear(lifted, n2);
        kb.Clear();
        return finite;
    }

    [MethodImpl(Hot.Optimize)]
    public override bool Multiply(in AffineBytes point, ReadOnlySpan<byte> k, Span<byte> x, Span<byte> y)
    {
        int m = _m;
        int n2 = 2 * m;
        ulong* table = stackalloc ulong[Entries * n2];
        if (!Decode(point.X, table) || !Decode(point.Y, table + m))
        {
            throw new CryptographicException(ErrorMessages.EcPointNotOnCurve);
        }

        if (_glv != null)
        {
            return MultiplyGlv(k, x, y, table);
        }

        if (!BuildOddTable(table, all: true))
        {
            throw new CryptographicException(ErrorMessages.EcPointOrder);
        }

        Span<byte> kb = stackalloc byte[Scalars.ByteLength];
        ReduceScalar(k, kb);

        ulong* q = stackalloc ulong[3 * m];
        ulong* sum = stackalloc ulong[3 * m];
        ulong* lifted = stackalloc ulong[n2];
        Clear(q, 3 * m);
        ulong qInf = ulong.MaxValue;
        for (int i = _windows - 1; i >= 0; i--)
        {
            for (int s = 0; s < Window; s++)
            {
                Dbl(q, q);
            }

            qInf = AddSelected(q, sum, lifted, table, Digit(kb, i), qInf);
        }

        bool finite = ToAffine(q, qInf, x, y);
        Clear(q, 3 * m);
        Clear(sum, 3 * m);
        Clear(lifted, n2);
        kb.Clear();
        return finite;
    }

    [MethodImpl(Hot.Optimize)]
    public override bool MultiplyAddPublic(ReadOnlySpan<byte> u1, ReadOnlySpan<byte> u2, in AffineBytes q, Span<byte> x)
    {
        int m = _m;
        int n2 = 2 * m;
        ulong* accG = stackalloc ulong[3 * m];
        ulong* accQ = stackalloc ulong[3 * m];
        ulong* tmp = stackalloc ulong[3 * m];
        bool gInf = true;
        bool qInf = true;

        // A public key seen before: both products by 4-chunk splitting from cached tables (FastEcGroup.KeyCache.cs).
        if (_glv == null && !IsZeroBytes(u2) && TryMultiplyAddCached(u1, u2, q, x, out bool cachedFinite))
        {
            return cachedFinite;
        }

        // u1 G: one mixed addition per non-zero window digit, straight from the base table.
        if (!IsZeroBytes(u1))
        {
            fixed (ulong* table = BaseTable())
            {
                for (int i = 0; i < _windows; i++)
                {
                    int digit = (int)Digit(u1, i);
                    if (digit != 0)
                    {
                        ulong* e = table + (((i * Entries) + digit - 1) * n2);
                        AddAffineVar(accG, ref gInf, e, e + m, tmp);
                    }
                }
            }
        }

        // u2 Q: width-5 wNAF over Q, 3Q, ..., 15Q (affine); on secp256k1 split by its endomorphism (GLV).
        if (!IsZeroBytes(u2))
        {
            ulong* table = stackalloc ulong[8 * n2];
            if (!Decode(q.X, table) || !Decode(q.Y, table + m))
            {
                throw new CryptographicException(ErrorMessages.EcPointNotOnCurve);
            }

            if (!BuildOddTable(table, all: false))
            {
                throw new CryptographicException(ErrorMessages.EcPointOrder);
            }

            if (_glv != null)
            {
                MultiplyGlvVar(accQ, ref qInf, u2, table, tmp);
            }
            else
            {
                MultiplyWnafVar(accQ, ref qInf, u2, table, tmp);
            }
        }

        if (gInf && qInf)
        {
            return false;
        }

        ulong* r = gInf ? accQ : accG;
        if (!gInf && !qInf)
        {
            if (!AddVar(tmp, accG, accQ))
            {
                return false;
            }

            r = tmp;
        }

        return ToAffine(r, 0, x, Span<byte>.Empty, publicData: true);
    }

    /// <summary>acc = k Q on public data by width-5 wNAF over the odd multiples Q..15Q (affine) in <paramref name="table"/>.</summary>
    private void MultiplyWnafVar(ulong* acc, ref bool inf, ReadOnlySpan<byte> k, ulong* table, ulong* tmp)
    {
        ulong* negY = stackalloc ulong[_m];
        sbyte* naf = stackalloc sbyte[(8 * k.Length) + 1];
        int len = Wnaf(k, naf);
        for (int i = len - 1; i >= 0; i--)
        {
            if (!inf)
            {
                Dbl(acc, acc);
            }

            int d = naf[i];
            if (d != 0)
            {
                AddOddMultipleVar(acc, ref inf, table, d, negY, tmp);
            }
        }
    }

    /// <summary>
    /// acc += d P on public data for an odd wNAF digit d from a table of the affine P, 3P, 5P, ... (entry (|d| - 1) / 2;
    /// y negated into negY, m limbs of scratch, for d &lt; 0).
    /// </summary>
    private void AddOddMultipleVar(ulong* acc, ref bool inf, ulong* table, int d, ulong* negY, ulong* tmp)
    {
        int m = _m;
        ulong* e = table + (((d < 0 ? -d : d) >> 1) * 2 * m);
        ulong* ey = e + m;
        if (d < 0)
        {
            Clear(negY, m);
            _f.Sub(negY, negY, ey);
            ey = negY;
        }

        AddAffineVar(acc, ref inf, e, ey, tmp);
    }

    /// <summary>
    /// acc = k Q on public data with secp256k1's endomorphism (Gallant, Lambert and Vanstone, CRYPTO 2001; Guide
    /// §3.5): (x, y) -> (beta x, y) is multiplication by lambda, so with k = k1 + k2 lambda (mod n) and |k1|, |k2|
    /// about 2^128, k Q = k1 Q + k2 (lambda Q) takes one shared chain of about 129 doublings instead of 256. Both
    /// halves go through width-5 wNAF over the odd multiples: <paramref name="table"/> holds Q..15Q (affine), the
    /// lambda table is the same points with x times beta, and a negative half negates its points' y. Variable time.
    /// </summary>
    private void MultiplyGlvVar(ulong* acc, ref bool inf, ReadOnlySpan<byte> k, ulong* table, ulong* tmp)
    {
        int m = _m;
        int n2 = 2 * m;
        Glv glv = _glv!;
        glv.Split(CurveParameters.ToInteger(k.ToArray()), out BigInteger k1, out BigInteger k2);

        // The lambda table and the negated y of both tables (public points).
        ulong* lambdaTable = stackalloc ulong[8 * n2];
        ulong* negY = stackalloc ulong[16 * m];
        fixed (ulong* beta = glv.BetaMont)
        {
            for (int j = 0; j < 8; j++)
            {
                _f.Mul(lambdaTable + (j * n2), table + (j * n2), beta);
                Copy(lambdaTable + (j * n2) + m, table + (j * n2) + m, m);
            }
        }

        for (int j = 0; j < 8; j++)
        {
            Clear(negY + (j * m), m);
            _f.Sub(negY + (j * m), negY + (j * m), table + (j * n2) + m);
        }

        int bytes = (Math.Max(Glv.ByteLength(k1), Glv.ByteLength(k2)) + 1);
        Span<byte> buffer = stackalloc byte[bytes];
        sbyte* naf1 = stackalloc sbyte[(8 * bytes) + 1];
        sbyte* naf2 = stackalloc sbyte[(8 * bytes) + 1];
        Glv.Write(BigInteger.Abs(k1), buffer);
        int len1 = Wnaf(buffer, naf1);
        Glv.Write(BigInteger.Abs(k2), buffer);
        int len2 = Wnaf(buffer, naf2);

        // A negative half multiplies -Q (or -lambda Q): its digit d takes the point of digit -d.
        int sign1 = k1.Sign < 0 ? -1 : 1;
        int sign2 = k2.Sign < 0 ? -1 : 1;
        for (int i = Math.Max(len1, len2) - 1; i >= 0; i--)
        {
            if (!inf)
            {
                Dbl(acc, acc);
            }

            if (i < len1 && naf1[i] != 0)
            {
                AddWnafDigit(acc, ref inf, table, negY, sign1 * naf1[i], tmp);
            }

            if (i < len2 && naf2[i] != 0)
            {
                AddWnafDigit(acc, ref inf, lambdaTable, negY, sign2 * naf2[i], tmp);
            }
        }
    }

    /// <summary>acc += d P for an odd wNAF digit d from a table of P, 3P, ..., 15P (negY: the tables' shared -y).</summary>
    private void AddWnafDigit(ulong* acc, ref bool inf, ulong* table, ulong* negY, int d, ulong* tmp)
    {
        int m = _m;
        int j = (d < 0 ? -d : d) >> 1;
        ulong* e = table + (j * 2 * m);
        AddAffineVar(acc, ref inf, e, d < 0 ? negY + (j * m) : e + m, tmp);
    }

    // ---------------------------------------------------------------- point formulas

    /// <summary>
    /// One constant-time window step: q += entry digit of a 15-entry affine table (scanned whole), with q at
    /// infinity when qInf is all ones and nothing added for digit 0. Returns the new qInf mask. sum and lifted are
    /// scratch (3m and 2m limbs).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private ulong AddSelected(ulong* q, ulong* sum, ulong* lifted, ulong* table, ulong digit, ulong qInf)
    {
        Select(lifted, table, digit, 2 * _m);
        return AddLifted(q, sum, lifted, IsZeroWord(digit), qInf);
    }

    /// <summary>
    /// The rest of a window step, once the entry is in <paramref name="lifted"/> (affine; dZero all ones when the digit
    /// is 0): q += lifted in constant time, with the infinity cases of <see cref="AddSelected"/> by masks.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private ulong AddLifted(ulong* q, ulong* sum, ulong* lifted, ulong dZero, ulong qInf)
    {
        int m = _m;
        int n2 = 2 * m;
        AddMixed(sum, q, lifted, lifted + m);

        // q = qInf ? (lifted, Z = [digit != 0]) : dZero ? q : sum.
        Move(q, sum, 3 * m, ~dZero);
        Move(q, lifted, n2, qInf);
        ulong* z = q + n2;
        for (int w = 0; w < m; w++)
        {
            z[w] ^= qInf & (z[w] ^ (MontOne[w] & ~dZero));
        }

        return qInf & dZero;
    }

    /// <summary>r = 2 p (r may alias p); infinity (Z = 0) doubles to Z = 0.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void Dbl(ulong* r, ulong* p)
    {
        int m = _m;
        ulong* t = stackalloc ulong[5 * m];
        ulong* t0 = t;
        ulong* t1 = t + m;
        ulong* t2 = t + (2 * m);
        ulong* t3 = t + (3 * m);
        ulong* t4 = t + (4 * m);
        ulong* x1 = p;
        ulong* y1 = p + m;
        ulong* z1 = p + (2 * m);
        if (_aKind == 1)
        {
            // dbl-2001-b with Y doubled first: with Y' = 2 Y, gamma' = Y'^2 = 4 gamma and beta' = X gamma' = 4 beta,
            // so X3 = alpha^2 - 2 beta', Z3 = Y' Z (= (Y + Z)^2 - gamma - delta), Y3 = alpha (beta' - X3) - gamma'^2 / 2
            // (= 8 gamma^2): 4M + 4S and ten additions, subtractions or halvings instead of 3M + 5S and sixteen.
            // r may alias p: Z1 is read last by Z3, X1 last by beta' and alpha, Y1 only by Y'.
            _f.Add(t0, y1, y1);          // Y'
            _f.Sqr(t1, t0);              // gamma'
            _f.Mul(t2, x1, t1);          // beta'
            _f.Sqr(t3, z1);              // delta
            _f.Mul(r + (2 * m), t0, z1); // Z3 = Y' Z
            _f.Sub(t4, x1, t3);
            _f.Add(t3, x1, t3);
            _f.Mul(t4, t4, t3);
            _f.Add(t3, t4, t4);
            _f.Add(t4, t3, t4);          // alpha = 3 (X - delta)(X + delta)
            _f.Sqr(t0, t4);
            _f.Sub(t0, t0, t2);
            _f.Sub(r, t0, t2);           // X3 = alpha^2 - 2 beta'
            _f.Sub(t2, t2, r);
            _f.Mul(t2, t2, t4);
            _f.Sqr(t1, t1);
            Half(t1, t1);                // gamma'^2 / 2 = 8 gamma^2
            _f.Sub(r + m, t2, t1);       // Y3 = alpha (beta' - X3) - 8 gamma^2
        }
        else if (_aKind == 2)
        {
            // dbl-2009-l (a = 0) with Y doubled first: B' = (2 Y)^2 = 4 B, D = X B' (= 2 ((X + B)^2 - A - C)),
            // E = 3 A, X3 = E^2 - 2 D, Y3 = E (D - X3) - B'^2 / 2 (= 8 C), Z3 = 2 Y Z: 3M + 4S and eight additions,
            // subtractions or halvings instead of 2M + 5S and fourteen. r may alias p, as above.
            _f.Add(t0, y1, y1);          // 2 Y
            _f.Sqr(t1, t0);              // B'
            _f.Mul(t2, x1, t1);          // D
            _f.Sqr(t3, x1);              // A
            _f.Mul(r + (2 * m), t0, z1); // Z3 = 2 Y Z
            _f.Add(t4, t3, t3);
            _f.Add(t3, t4, t3);          // E = 3 A
            _f.Sqr(t0, t3);
            _f.Sub(t0, t0, t2);
            _f.Sub(r, t0, t2);           // X3 = E^2 - 2 D
            _f.Sub(t2, t2, r);
            _f.Mul(t2, t2, t3);
            _f.Sqr(t1, t1);
            Half(t1, t1);                // B'^2 / 2 = 8 C
            _f.Sub(r + m, t2, t1);       // Y3 = E (D - X3) - 8 C
        }
        else
        {
            // dbl-2007-bl (any a): A = X^2, B = Y^2, C = B^2, D = 2 ((X + B)^2 - A - C),
            // E = 3 A + a Z^4, X3 = E^2 - 2 D, Y3 = E (D - X3) - 8 C, Z3 = 2 Y Z.
            _f.Sqr(t0, x1);              // A
            _f.Sqr(t1, y1);              // B
            _f.Add(t2, x1, t1);
            _f.Sqr(t2, t2);
            _f.Sqr(t1, t1);              // C
            _f.Sub(t2, t2, t0);
            _f.Sub(t2, t2, t1);
            _f.Add(t2, t2, t2);          // D
            _f.Add(t3, t0, t0);
            _f.Add(t3, t3, t0);          // 3 A
            _f.Sqr(t4, z1);
            _f.Sqr(t4, t4);
            _f.Mul(t4, t4, A);
            _f.Add(t3, t3, t4);          // E = 3 A + a Z^4

            _f.Mul(t4, y1, z1);
            _f.Add(r + (2 * m), t4, t4); // Z3 = 2 Y Z
            _f.Sqr(t0, t3);
            _f.Sub(t0, t0, t2);
            _f.Sub(r, t0, t2);           // X3
            _f.Sub(t2, t2, r);
            _f.Mul(t2, t2, t3);
            _f.Add(t1, t1, t1);
            _f.Add(t1, t1, t1);
            _f.Add(t1, t1, t1);          // 8 C
            _f.Sub(r + m, t2, t1);       // Y3
        }

        Clear(t, 5 * m);
    }

    /// <summary>
    /// r = a / 2 mod p (r may alias a), constant time: a + p when a is odd (by mask), then one bit right with the
    /// carry of the sum as the new top bit; (a + p) / 2 &lt; p for a &lt; p. Halving x R gives (x / 2) R, so any form.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void Half(ulong* r, ulong* a)
    {
        int m = _m;
        ulong* p = _f.Constants;
        ulong mask = 0UL - (a[0] & 1);
        ulong c = 0;
        ulong prev = Wide.Adc(a[0], p[0] & mask, ref c);
        for (int i = 1; i < m; i++)
        {
            ulong s = Wide.Adc(a[i], p[i] & mask, ref c);
            r[i - 1] = (prev >> 1) | (s << 63);
            prev = s;
        }

        r[m - 1] = (prev >> 1) | (c << 63);
    }

    /// <summary>
    /// r = p + (qx, qy, 1) by the mixed Jacobian-affine addition of Guide Alg. 3.22 (8M + 3S and seven additions or
    /// subtractions; madd-2007-bl's 7M + 4S needs fifteen, which cost more here than the squaring it saves), for p
    /// finite and p != +-q (callers select around the other cases).
    /// r must not alias p. Returns the flags H = 0 (bit 0) and S2 = Y1 (bit 1), which callers on public data use
    /// to detect p = +-q; constant-time callers ignore them.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private ulong AddMixed(ulong* r, ulong* p, ulong* qx, ulong* qy)
    {
        int m = _m;
        ulong* t = stackalloc ulong[5 * m];
        ulong* z1z1 = t;
        ulong* u2 = t + m;
        ulong* s2 = t + (2 * m);
        ulong* h = t + (3 * m);
        ulong* hh = t + (4 * m);
        ulong* x1 = p;
        ulong* y1 = p + m;
        ulong* z1 = p + (2 * m);
        ulong* x3 = r;
        ulong* y3 = r + m;
        ulong* z3 = r + (2 * m);

        _f.Sqr(z1z1, z1);
        _f.Mul(u2, qx, z1z1);            // U2 = x2 Z1^2
        _f.Mul(s2, z1, z1z1);
        _f.Mul(s2, s2, qy);              // S2 = y2 Z1^3
        _f.Sub(h, u2, x1);               // H = U2 - X1
        _f.Sub(s2, s2, y1);              // R = S2 - Y1
        ulong flags = (IsZeroWord(Or(h)) & 1) | (IsZeroWord(Or(s2)) & 2);
        _f.Mul(z3, z1, h);               // Z3 = Z1 H
        _f.Sqr(hh, h);
        _f.Mul(z1z1, h, hh);             // H^3
        _f.Mul(u2, x1, hh);              // V = X1 H^2
        _f.Sqr(x3, s2);                  // X3 = R^2 - H^3 - 2 V
        _f.Sub(x3, x3, z1z1);
        _f.Sub(x3, x3, u2);
        _f.Sub(x3, x3, u2);
        _f.Sub(u2, u2, x3);              // Y3 = R (V - X3) - Y1 H^3
        _f.Mul(u2, s2, u2);
        _f.Mul(z1z1, y1, z1z1);
        _f.Sub(y3, u2, z1z1);
        Clear(t, 5 * m);
        return flags;
    }

    /// <summary>acc += (qx, qy) on public data, with branches on infinity and on acc = +-q. tmp: 3m scratch.</summary>
    private void AddAffineVar(ulong* acc, ref bool inf, ulong* qx, ulong* qy, ulong* tmp)
    {
        int m = _m;
        if (inf)
        {
            Copy(acc, qx, m);
            Copy(acc + m, qy, m);
            Copy(acc + (2 * m), MontOne, m);
            inf = false;
            return;
        }

        ulong flags = AddMixed(tmp, acc, qx, qy);
        if ((flags & 1) == 0)
        {
            Copy(acc, tmp, 3 * m);
        }
        else if (flags == 3)
        {
            Dbl(acc, acc);              // acc = q
        }
        else
        {
            inf = true;                 // acc = -q
        }
    }

    /// <summary>r = p + q (Jacobian, both finite) by add-2007-bl on public data; false when the sum is infinity.</summary>
    private bool AddVar(ulong* r, ulong* p, ulong* q)
    {
        int m = _m;
        ulong* t = stackalloc ulong[7 * m];
        ulong* z1z1 = t;
        ulong* z2z2 = t + m;
        ulong* u1 = t + (2 * m);
        ulong* u2 = t + (3 * m);
        ulong* s1 = t + (4 * m);
        ulong* s2 = t + (5 * m);
        ulong* h = t + (6 * m);
        _f.Sqr(z1z1, p + (2 * m));
        _f.Sqr(z2z2, q + (2 * m));
        _f.Mul(u1, p, z2z2);
        _f.Mul(u2, q, z1z1);
        _f.Mul(s1, p + m, q + (2 * m));
        _f.Mul(s1, s1, z2z2);
        _f.Mul(s2, q + m, p + (2 * m));
        _f.Mul(s2, s2, z1z1);
        _f.Sub(h, u2, u1);
        _f.Sub(s2, s2, s1);
        if (IsZeroWord(Or(h)) != 0)
        {
            if (IsZeroWord(Or(s2)) == 0)
            {
                return false;
            }

            Dbl(r, p);
            return true;
        }

        // Z3 = ((Z1 + Z2)^2 - Z1Z1 - Z2Z2) H
        _f.Add(r + (2 * m), p + (2 * m), q + (2 * m));
        _f.Sqr(r + (2 * m), r + (2 * m));
        _f.Sub(r + (2 * m), r + (2 * m), z1z1);
        _f.Sub(r + (2 * m), r + (2 * m), z2z2);
        _f.Mul(r + (2 * m), r + (2 * m), h);
        _f.Add(s2, s2, s2);              // rr = 2 (S2 - S1)
        _f.Add(z1z1, h, h);
        _f.Sqr(z1z1, z1z1);              // I = (2 H)^2
        _f.Mul(z2z2, h, z1z1);           // J = H I
        _f.Mul(u1, u1, z1z1);            // V = U1 I
        _f.Sqr(r, s2);                   // X3 = rr^2 - J - 2 V
        _f.Sub(r, r, z2z2);
        _f.Sub(r, r, u1);
        _f.Sub(r, r, u1);
        _f.Sub(u1, u1, r);               // Y3 = rr (V - X3) - 2 S1 J
        _f.Mul(u1, s2, u1);
        _f.Mul(s1, s1, z2z2);
        _f.Add(s1, s1, s1);
        _f.Sub(r + m, u1, s1);
        return true;
    }

    // ---------------------------------------------------------------- tables

    /// <summary>
    /// From the affine P in table[0], fills table with the affine j P for j = 1..15 (all) or the odd j = 1, 3, ..., 15
    /// (entry (j - 1) / 2), computed in Jacobian coordinates and normalised with one batched inversion. P is public.
    /// </summary>
    private bool BuildOddTable(ulong* table, bool all)
    {
        int m = _m;
        int n2 = 2 * m;
        int count = all ? Entries : 8;
        ulong* jac = stackalloc ulong[Entries * 3 * m];
        ulong* twoP = stackalloc ulong[3 * m];
        Copy(jac, table, n2);
        Copy(jac + n2, MontOne, m);
        Dbl(twoP, jac);
        for (int i = 1; i < count; i++)
        {
            ulong* prev = jac + ((i - 1) * 3 * m);
            ulong* cur = jac + (i * 3 * m);
            if (all && i == 1)
            {
                Copy(cur, twoP, 3 * m);
            }
            else
            {
                // (i + 1) P = i P + P, or (2i + 1) P = (2i - 1) P + 2P: never a doubling or infinity for j <= 15 < n
                // when P has order n; a point of small order (possible only on a curve with a cofactor) is refused.
                if (IsZeroWord(Or(twoP + (2 * m))) != 0 || !AddVar(cur, prev, all ? jac : twoP))
                {
                    Clear(jac, Entries * 3 * m);
                    return false;
                }
            }
        }

        Normalize(jac, table, count);
        Clear(jac, Entries * 3 * m);
        return true;
    }

    /// <summary>
    /// The base table: for every window i, the affine j 16^i G for j = 1..15 (Montgomery form), built once per
    /// curve in Jacobian coordinates (16^(i+1) G = 2 (8 16^i G)) and made affine with one batched inversion.
    /// </summary>
    private ulong[] BaseTable()
    {
        ulong[]? table = Volatile.Read(ref _baseTable);
        if (table != null)
        {
            return table;
        }

        int m = _m;
        int n2 = 2 * m;
        int count = _windows * Entries;
        table = new ulong[count * n2];
        ulong[] jacobian = new ulong[count * 3 * m];
        fixed (ulong* jac = jacobian, dst = table)
        {
            ulong* p = stackalloc ulong[3 * m];
            Copy(p, Gx, n2);
            Copy(p + n2, MontOne, m);
            for (int i = 0; i < _windows; i++)
            {
                ulong* w = jac + (i * Entries * 3 * m);
                Copy(w, p, 3 * m);
                Dbl(w + (3 * m), p);
                for (int j = 2; j < Entries; j++)
                {
                    bool finite = AddVar(w + (j * 3 * m), w + ((j - 1) * 3 * m), p);
                    Debug.Assert(finite);
                }

                Dbl(p, w + (7 * 3 * m));
            }

            Normalize(jac, dst, count);
        }

        return Interlocked.CompareExchange(ref _baseTable, table, null) ?? table;
    }

    /// <summary>
    /// Affine (x, y) of count finite Jacobian points into dst (2m limbs each) with one inversion (Montgomery's
    /// trick: prefix products of the Z, one inverse, walked back). Public data.
    /// </summary>
    private void Normalize(ulong* jac, ulong* dst, int count)
    {
        int m = _m;
        ulong[] prefixArray = new ulong[count * m];
        ulong* t = stackalloc ulong[3 * m];
        ulong* inv = t;
        ulong* zi = t + m;
        ulong* zz = t + (2 * m);
        fixed (ulong* prefix = prefixArray)
        {
            Copy(prefix, jac + (2 * m), m);
            for (int i = 1; i < count; i++)
            {
                _f.Mul(prefix + (i * m), prefix + ((i - 1) * m), jac + (i * 3 * m) + (2 * m));
            }

            InvertPublic(inv, prefix + ((count - 1) * m));
            for (int i = count - 1; i >= 0; i--)
            {
                ulong* point = jac + (i * 3 * m);
                if (i > 0)
                {
                    _f.Mul(zi, inv, prefix + ((i - 1) * m));   // 1 / Z_i
                    _f.Mul(inv, inv, point + (2 * m));          // 1 / (Z_0 ... Z_(i-1))
                }
                else
                {
                    Copy(zi, inv, m);
                }

                _f.Sqr(zz, zi);
                _f.Mul(dst + (i * 2 * m), point, zz);
                _f.Mul(zz, zz, zi);
                _f.Mul(dst + (i * 2 * m) + m, point + m, zz);
            }
        }
    }

    // ---------------------------------------------------------------- field helpers

    /// <summary>
    /// r = a^(p-2) = a^-1 (0 for 0), 4-bit fixed windows over the public exponent; constant time in a (the
    /// operation sequence depends only on p).
    /// </summary>
    private void Invert(ulong* r, ulong* a)
    {
        if (_glv != null)
        {
            InvertSecp256k1(r, a);   // secp256k1: an addition chain (FastEcGroup.Glv.cs)
            return;
        }

        int m = _m;
        ulong* table = stackalloc ulong[16 * m];
        ulong* acc = stackalloc ulong[m];
        Copy(table, MontOne, m);
        Copy(table + m, a, m);
        for (int i = 2; i < 16; i++)
        {
            _f.Mul(table + (i * m), table + ((i - 1) * m), a);
        }

        // The exponent p - 2 is public: its top window starts acc, and zero windows skip their multiplication.
        ulong* e = PMinus2;
        int top = ((Curve.FieldBits + 3) / 4) - 1;
        Copy(acc, table + ((int)((e[top >> 4] >> (4 * (top & 15))) & 0xF) * m), m);
        for (int w = top - 1; w >= 0; w--)
        {
            _f.Sqr(acc, acc);
            _f.Sqr(acc, acc);
            _f.Sqr(acc, acc);
            _f.Sqr(acc, acc);
            int digit = (int)((e[w >> 4] >> (4 * (w & 15))) & 0xF);
            if (digit != 0)
            {
                _f.Mul(acc, acc, table + (digit * m));
            }
        }

        Copy(r, acc, m);
        Clear(table, 16 * m);
        Clear(acc, m);
    }

    /// <summary>
    /// r = a^-1 for a public, non-zero a (Montgomery form in and out), by the binary extended Euclidean algorithm
    /// (Guide Alg. 2.22) in variable time: with u = a R, v = p and the invariants x1 a R = u, x2 a R = v (mod p) it
    /// ends with x1 = (a R)^-1 when u = 1 (or x2 when v = 1); a Montgomery multiplication by R^3 gives a^-1 R.
    /// </summary>
    private void InvertPublic(ulong* r, ulong* a)
    {
        int m = _m;
        ulong* p = _f.Constants;
        ulong* t = stackalloc ulong[4 * m];
        ulong* u = t;
        ulong* v = t + m;
        ulong* x1 = t + (2 * m);
        ulong* x2 = t + (3 * m);
        Copy(u, a, m);
        Copy(v, p, m);
        Clear(x1, m);
        Clear(x2, m);
        x1[0] = 1;
        while (!IsOneVar(u) && !IsOneVar(v))
        {
            // u = 0 only for a = 0 or a common factor with p (never for a prime p and a != 0): no inverse; stop.
            if (IsZeroWord(Or(u)) != 0 || IsZeroWord(Or(v)) != 0)
            {
                Clear(r, m);
                return;
            }

            while ((u[0] & 1) == 0)
            {
                HalveMod(u, x1, p);
            }

            while ((v[0] & 1) == 0)
            {
                HalveMod(v, x2, p);
            }

            if (GreaterOrEqualVar(u, v))
            {
                SubPlain(u, v);
                _f.Sub(x1, x1, x2);
            }
            else
            {
                SubPlain(v, u);
                _f.Sub(x2, x2, x1);
            }
        }

        _f.Mul(r, IsOneVar(u) ? x1 : x2, R3);
    }

    /// <summary>w /= 2 (w even) and x = x / 2 mod p.</summary>
    private void HalveMod(ulong* w, ulong* x, ulong* p)
    {
        int m = _m;
        for (int i = 0; i < m - 1; i++)
        {
            w[i] = (w[i] >> 1) | (w[i + 1] << 63);
        }

        w[m - 1] >>= 1;
        ulong top = 0;
        if ((x[0] & 1) != 0)
        {
            ulong c = 0;
            for (int i = 0; i < m; i++)
            {
                x[i] = Wide.Adc(x[i], p[i], ref c);
            }

            top = c;
        }

        for (int i = 0; i < m - 1; i++)
        {
            x[i] = (x[i] >> 1) | (x[i + 1] << 63);
        }

        x[m - 1] = (x[m - 1] >> 1) | (top << 63);
    }

    private bool IsOneVar(ulong* a)
    {
        ulong acc = a[0] ^ 1;
        for (int i = 1; i < _m; i++)
        {
            acc |= a[i];
        }

        return acc == 0;
    }

    private bool GreaterOrEqualVar(ulong* a, ulong* b)
    {
        for (int i = _m - 1; i >= 0; i--)
        {
            if (a[i] != b[i])
            {
                return a[i] > b[i];
            }
        }

        return true;
    }

    /// <summary>a -= b (a &gt;= b), plain integers.</summary>
    private void SubPlain(ulong* a, ulong* b)
    {
        ulong borrow = 0;
        for (int i = 0; i < _m; i++)
        {
            a[i] = Wide.Sbb(a[i], b[i], ref borrow);
        }
    }

    /// <summary>
    /// (x, y) of a Jacobian point into big-endian bytes; false (and zeros) when inf is set. y may be empty. The
    /// inversion is constant-time unless the point is public (verification).
    /// </summary>
    private bool ToAffine(ulong* p, ulong inf, Span<byte> x, Span<byte> y, bool publicData = false)
    {
        int m = _m;
        ulong* t = stackalloc ulong[3 * m];
        ulong* zi = t;
        ulong* zz = t + m;
        ulong* v = t + (2 * m);
        if (publicData)
        {
            InvertPublic(zi, p + (2 * m));
        }
        else
        {
            Invert(zi, p + (2 * m));
        }

        _f.Sqr(zz, zi);
        _f.Mul(v, p, zz);
        Encode(v, x);
        if (!y.IsEmpty)
        {
            _f.Mul(zz, zz, zi);
            _f.Mul(v, p + m, zz);
            Encode(v, y);
        }

        Clear(t, 3 * m);
        if (inf != 0)
        {
            x.Clear();
            y.Clear();
            return false;
        }

        return true;
    }

    private void ToMont(ulong* r, ulong* a) => _f.Mul(r, a, R2);

    /// <summary>Big-endian bytes (at most FieldBytes long) to Montgomery form; false when the value is not below p.</summary>
    private bool Decode(ReadOnlySpan<byte> bytes, ulong* r)
    {
        int m = _m;
        if (bytes.Length > 8 * m)
        {
            return false;
        }

        Clear(r, m);
        for (int i = 0; i < bytes.Length; i++)
        {
            int bit = 8 * (bytes.Length - 1 - i);
            r[bit >> 6] |= (ulong)bytes[i] << (bit & 63);
        }

        // r < p, compared from the top limb (public data).
        ulong* p = _f.Constants;
        for (int i = m - 1; i >= 0; i--)
        {
            if (r[i] != p[i])
            {
                if (r[i] > p[i])
                {
                    return false;
                }

                break;
            }

            if (i == 0)
            {
                return false;
            }
        }

        ToMont(r, r);
        return true;
    }

    /// <summary>Montgomery form to big-endian bytes (the length of <paramref name="bytes"/>).</summary>
    private void Encode(ulong* a, Span<byte> bytes)
    {
        int m = _m;
        ulong* plain = stackalloc ulong[2 * m];
        ulong* one = plain + m;
        Clear(one, m);
        one[0] = 1;
        _f.Mul(plain, a, one);
        for (int i = 0; i < bytes.Length; i++)
        {
            int bit = 8 * (bytes.Length - 1 - i);
            bytes[i] = (byte)(plain[bit >> 6] >> (bit & 63));
        }

        Clear(plain, m);
    }

    // ---------------------------------------------------------------- scalars and constant-time helpers

    /// <summary>k mod n as canonical big-endian bytes, in constant time (the scalar field's Montgomery round trip).</summary>
    private void ReduceScalar(ReadOnlySpan<byte> k, Span<byte> kb)
    {
        PrimeField sf = Scalars;
        Span<uint> kr = stackalloc uint[sf.LimbCount];
        Limbs.FromBigEndian(k, kr);
        sf.ToInternal(kr, kr);
        sf.Encode(kr, kb);
        kr.Clear();
    }

    /// <summary>4-bit digit i (from the least significant) of a big-endian scalar; i is public.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong Digit(ReadOnlySpan<byte> k, int i)
    {
        int index = k.Length - 1 - (i >> 1);
        return index < 0 ? 0 : (ulong)(k[index] >> (4 * (i & 1))) & 0xF;
    }

    /// <summary>dst = entry digit - 1 of a table of 15 (or count) entries of width limbs (zeros for digit 0), scanning every entry.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Select(ulong* dst, ulong* table, ulong digit, int width, int count = Entries)
    {
#if NET
        // With 256-bit vectors, four limbs per AND and OR: the same whole scan with the mask broadcast (the branch
        // tests only the public width and the CPU). (The scans' share of an ECDH: docs/benchmarks.md, secp256k1 GLV section.)
        if (EcIntrinsics.Vector256Scan && (width & 3) == 0)
        {
            for (int w = 0; w < width; w += 4)
            {
                Vector256<ulong> acc = Vector256<ulong>.Zero;
                for (int e = 0; e < count; e++)
                {
                    Vector256<ulong> mask = Vector256.Create(IsZeroWord(digit ^ (ulong)(e + 1)));
                    acc |= mask & Vector256.Load(table + (e * width) + w);
                }

                acc.Store(dst + w);
            }

            return;
        }
#endif

        Clear(dst, width);
        for (int e = 0; e < count; e++)
        {
            ulong mask = IsZeroWord(digit ^ (ulong)(e + 1));
            ulong* entry = table + (e * width);
            for (int w = 0; w < width; w++)
            {
                dst[w] |= mask & entry[w];
            }
        }
    }

    /// <summary>All ones when x = 0, else 0, without a branch.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong IsZeroWord(ulong x) => 0UL - ((~x & (x - 1)) >> 63);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private ulong Or(ulong* a)
    {
        ulong acc = 0;
        for (int i = 0; i < _m; i++)
        {
            acc |= a[i];
        }

        return acc;
    }

    /// <summary>dst = src where mask is all ones (mask is 0 or all ones).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Move(ulong* dst, ulong* src, int count, ulong mask)
    {
        for (int i = 0; i < count; i++)
        {
            dst[i] ^= mask & (dst[i] ^ src[i]);
        }
    }

    private bool EqualVar(ulong* a, ulong* b)
    {
        for (int i = 0; i < _m; i++)
        {
            if (a[i] != b[i])
            {
                return false;
            }
        }

        return true;
    }

    private static bool IsZeroBytes(ReadOnlySpan<byte> s)
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

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Copy(ulong* dst, ulong* src, int count)
    {
        for (int i = 0; i < count; i++)
        {
            dst[i] = src[i];
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Clear(ulong* t, int count)
    {
        for (int i = 0; i < count; i++)
        {
            t[i] = 0;
        }
    }

    /// <summary>
    /// Width-5 NAF of a public big-endian scalar (Guide Alg. 3.35): odd digits in [-15, 15], least significant
    /// first; returns the digit count.
    /// </summary>
    private static int Wnaf(ReadOnlySpan<byte> k, sbyte* naf)
    {
        int limbs = (k.Length + 7) / 8 + 1;
        ulong* v = stackalloc ulong[limbs];
        Clear(v, limbs);
        for (int i = 0; i < k.Length; i++)
        {
            int bit = 8 * (k.Length - 1 - i);
            v[bit >> 6] |= (ulong)k[i] << (bit & 63);
        }

        return WnafCore(v, limbs, naf, 5);
    }

    /// <summary>
    /// Width-w NAF of the public little-endian v (overwritten; its top limb must leave room for the carry): odd
    /// digits in [-(2^(w-1) - 1), 2^(w-1) - 1], least significant first; returns the digit count.
    /// </summary>
    private static int WnafCore(ulong* v, int limbs, sbyte* naf, int width)
    {
        ulong mask = (1UL << width) - 1;
        int half = 1 << (width - 1);
        int len = 0;
        while (true)
        {
            bool zero = true;
            for (int i = 0; i < limbs; i++)
            {
                zero &= v[i] == 0;
            }

            if (zero)
            {
                return len;
            }

            int d = 0;
            if ((v[0] & 1) != 0)
            {
                d = (int)(v[0] & mask);
                if (d >= half)
                {
                    d -= 2 * half;
                }

                // v -= d
                if (d > 0)
                {
                    v[0] -= (ulong)d;   // v[0] >= d: its low w bits are d
                }
                else
                {
                    ulong c = (ulong)(-d);
                    for (int i = 0; i < limbs && c != 0; i++)
                    {
                        ulong s = v[i] + c;
                        c = s < c ? 1UL : 0UL;
                        v[i] = s;
                    }
                }
            }

            naf[len++] = (sbyte)d;
            for (int i = 0; i < limbs - 1; i++)
            {
                v[i] = (v[i] >> 1) | (v[i + 1] << 63);
            }

            v[limbs - 1] >>= 1;
        }
    }
}

// The seam between the ECDSA/ECDH layer and the arithmetic: an EcGroup does point arithmetic and scalar
// multiplication on one curve, with all inputs and outputs as big-endian byte strings, so a faster flavour
// (the Unsafe assembly) substitutes its own group and field code through an EcBackend without touching the
// signature or key-agreement logic. Scalar arithmetic mod n is a PrimeField the group also supplies.

using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Security.Cryptography;

namespace Panicode.Crypto.Ec;

internal abstract class EcGroup
{
    protected EcGroup(CurveParameters curve, PrimeField scalars)
    {
        Curve = curve;
        Scalars = scalars;
    }

    public CurveParameters Curve { get; }

    /// <summary>Arithmetic modulo the group order n.</summary>
    public PrimeField Scalars { get; }

    public int FieldBytes => Curve.FieldBytes;

    public int OrderBytes => Curve.OrderBytes;

    /// <summary>
    /// True when (x, y), each exactly <see cref="FieldBytes"/> long, are both below p and satisfy the curve
    /// equation (SEC 1 v2 §3.2.2.1 steps 2-3). Public data; may run in variable time.
    /// </summary>
    public abstract bool IsOnCurve(ReadOnlySpan<byte> x, ReadOnlySpan<byte> y);

    /// <summary>
    /// (x, y) = k G for a secret scalar k of <see cref="OrderBytes"/> bytes, in constant time. Returns false when
    /// the result is the point at infinity (k = 0 mod n); x and y are then zero. y may be empty.
    /// </summary>
    public abstract bool MultiplyBase(ReadOnlySpan<byte> k, Span<byte> x, Span<byte> y);

    /// <summary>
    /// (x, y) = k P for a validated point P and a secret scalar k, in constant time. Returns false at infinity.
    /// y may be empty.
    /// </summary>
    public abstract bool Multiply(in AffineBytes p, ReadOnlySpan<byte> k, Span<byte> x, Span<byte> y);

    /// <summary>
    /// x = the x-coordinate of u1 G + u2 Q for public scalars (verification; variable time allowed).
    /// Returns false when the sum is the point at infinity.
    /// </summary>
    public abstract bool MultiplyAddPublic(ReadOnlySpan<byte> u1, ReadOnlySpan<byte> u2, in AffineBytes q, Span<byte> x);

    /// <summary>True when n Q is the point at infinity (needed only when the cofactor is not 1).</summary>
    public bool HasOrderN(ReadOnlySpan<byte> qx, ReadOnlySpan<byte> qy)
    {
        byte[] zero = new byte[OrderBytes];
        return !MultiplyAddPublic(zero, Curve.N, new AffineBytes(qx, qy), new byte[FieldBytes]);
    }
}

/// <summary>
/// An affine point as its two big-endian coordinates, passed by reference so that no virtual member of
/// <see cref="EcGroup"/> takes more than four arguments besides <c>this</c>: Mono 6.8 on s390x corrupts a span
/// passed as the sixth argument of an instance call (it arrived with a garbage length, so verification returned
/// false or threw NullReferenceException), while the first five arguments travel in registers and are safe.
/// </summary>
internal readonly ref struct AffineBytes
{
    public AffineBytes(ReadOnlySpan<byte> x, ReadOnlySpan<byte> y)
    {
        X = x;
        Y = y;
    }

    public ReadOnlySpan<byte> X { get; }

    public ReadOnlySpan<byte> Y { get; }
}

/// <summary>
/// Creates the groups of one flavour. A group (with its precomputed base-point tables) is built once per named
/// curve and shared; explicit curves are validated once (n G = O) and the last few are kept as well.
/// </summary>
internal abstract class EcBackend
{
    private const int ExplicitCacheSize = 8;

    private readonly ConcurrentDictionary<CurveParameters, EcGroup> _named = new();
    private readonly List<EcGroup> _explicit = new();

    public EcGroup GetGroup(CurveParameters curve)
    {
        // Before any field code is compiled, so that the JIT sees the intrinsic switches as constants.
        EcIntrinsics.EnsureInitialized();
        if (curve.IsNamed)
        {
            return _named.GetOrAdd(curve, CreateGroup);
        }

        lock (_explicit)
        {
            foreach (EcGroup cached in _explicit)
            {
                if (cached.Curve.SameDomain(curve))
                {
                    return cached;
                }
            }
        }

        EcGroup group = CreateGroup(curve);
        if (!group.IsOnCurve(curve.Gx, curve.Gy) || !group.HasOrderN(curve.Gx, curve.Gy))
        {
            throw new CryptographicException("The explicit curve's generator does not have the given order.");
        }

        lock (_explicit)
        {
            if (_explicit.Count == ExplicitCacheSize)
            {
                _explicit.RemoveAt(0);
            }

            _explicit.Add(group);
        }

        return group;
    }

    protected abstract EcGroup CreateGroup(CurveParameters curve);
}

/// <summary>The Reference flavour: safe code; the point engine (StructEcGroup) on the curve table's field struct, for every curve.</summary>
internal sealed class ReferenceBackend : EcBackend
{
    public static readonly ReferenceBackend Instance = new();

    private ReferenceBackend()
    {
    }

    protected override EcGroup CreateGroup(CurveParameters curve) => StructEcGroup.Create(curve);

    internal static uint[] ToLimbs(byte[] bigEndian)
    {
        uint[] r = new uint[Limbs.ForBits(Limbs.BitLengthPublic(bigEndian))];
        Limbs.FromBigEndian(bigEndian.AsSpan(bigEndian.Length - Math.Min(bigEndian.Length, 4 * r.Length)), r);
        return r;
    }
}

// The one table from a curve's shape (CurveParameters.Shape, the curve table) to its field struct, read by both
// flavours: the Reference flavour builds the point engine (StructEcGroup) on the struct, the Unsafe flavour its
// FastEcGroup, the same engine with its extra strategies. A visitor receives the struct with its type arguments, so each flavour
// gets a group specialised for it (direct field calls, no interface dispatch per operation).

using System.Numerics;

namespace Panicode.Crypto.Ec;

/// <summary>Receives the field struct chosen for a curve and builds a flavour's group on it.</summary>
internal interface IFieldStructVisitor<TResult>
{
    /// <summary>
    /// A group on <paramref name="field"/>; <paramref name="montgomery"/> tells its form: R = 2^(64 Limbs), or R = 1
    /// for the structs whose product is reduced directly (secp256k1, P-192, P-521).
    /// </summary>
    TResult Visit<TE, TF>(CurveParameters curve, TF field, bool montgomery)
        where TE : unmanaged
        where TF : struct, IStructField<TE>;
}

internal static class FieldStructs
{
    /// <summary>
    /// The visitor's group on the field struct for the curve's shape: every curve has one. (The point engine's
    /// exception-free tables need n above the window digits, j 16^i G and j P for j up to 15 never infinity; every
    /// accepted curve has n &gt; 100, as the MOV check of CurveParameters refuses any smaller prime order.)
    /// </summary>
    public static TResult Select<TResult>(CurveParameters curve, IFieldStructVisitor<TResult> visitor)
    {
        BigInteger p = CurveParameters.ToInteger(curve.P);
        switch (curve.Shape)
        {
            case FieldShape.Secp256k1:
                return visitor.Visit<Fe4, Field4<Secp256k1Reduce4>>(curve, new Field4<Secp256k1Reduce4>(p), montgomery: false);
            case FieldShape.NistP192:
                return visitor.Visit<Fe3, P192Field>(curve, new P192Field(p), montgomery: false);
            case FieldShape.NistP224:
                return visitor.Visit<Fe4, Field4<P224Reduce4>>(curve, new Field4<P224Reduce4>(p), montgomery: true);
            case FieldShape.NistP256:
                return visitor.Visit<Fe4, Field4<P256Reduce4>>(curve, new Field4<P256Reduce4>(p), montgomery: true);
            case FieldShape.NistP521:
                return visitor.Visit<Fe9, P521Field>(curve, default, montgomery: false);
        }

        // Montgomery form needs only p < R: a 449..512-bit prime runs on eight limbs whatever its size (7 or 8), and a
        // prime of one or two limbs (explicit toy curves) on three.
        return curve.FieldLimbs64 switch
        {
            <= 3 => visitor.Visit<Fe3, Field3>(curve, new Field3(p), montgomery: true),
            4 => visitor.Visit<Fe4, Field4<GenericReduce4>>(curve, new Field4<GenericReduce4>(p), montgomery: true),
            5 => visitor.Visit<Fe5, Field5>(curve, new Field5(p), montgomery: true),
            6 => visitor.Visit<Fe6, Field6>(curve, new Field6(p), montgomery: true),
            7 or 8 => visitor.Visit<Fe8, Field8>(curve, new Field8(p), montgomery: true),
            _ => visitor.Visit<FeN, FieldN>(curve, new FieldN(curve.P), montgomery: true),
        };
    }
}

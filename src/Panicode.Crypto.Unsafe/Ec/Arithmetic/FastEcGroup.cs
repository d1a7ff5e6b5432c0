// The Unsafe flavour's group: the one point engine (StructEcGroup, shared with the Reference flavour: the formulas, the
// fixed-base comb, wNAF verification, the constant-time window ladder) on the same field structs, plus the strategies
// only this flavour ships, written on the engine's formulas:
// - k P on secp256k1 by the constant-time GLV split (FastEcGroup.Glv.cs);
// - u1 G + u2 Q for a public key seen before by 8/16-chunk fixed-base splitting from cached tables
//   (FastEcGroup.KeyCache.cs);
// - the whole-table scans of the constant-time ladders with 256-bit vectors (Select).

using System;
using System.Runtime.CompilerServices;
#if NET
using System.Runtime.Intrinsics;
#endif
using Panicode.Crypto.Ec;

namespace Panicode.Crypto.Unsafe.Ec;

/// <summary>Builds the Unsafe flavour's group on the field struct of the curve table.</summary>
internal static class FastEcGroup
{
    /// <summary>The group for a curve on the field struct the curve table picks (FieldStructs, shared with the Reference flavour).</summary>
    public static EcGroup Create(CurveParameters curve) => FieldStructs.Select(curve, Factory.Instance);

    /// <summary>True for a group of this flavour (tests).</summary>
    public static bool Is(EcGroup group) =>
        group.GetType().IsGenericType && group.GetType().GetGenericTypeDefinition() == typeof(FastEcGroup<,>);

    private sealed class Factory : IFieldStructVisitor<EcGroup>
    {
        public static readonly Factory Instance = new();

        public EcGroup Visit<TE, TF>(CurveParameters curve, TF field, bool montgomery)
            where TE : unmanaged
            where TF : struct, IStructField<TE> => new FastEcGroup<TE, TF>(curve, field, montgomery);
    }
}

[SkipLocalsInit]
internal sealed unsafe partial class FastEcGroup<TE, TF> : StructEcGroup<TE, TF>
    where TE : unmanaged
    where TF : struct, IStructField<TE>
{
    public FastEcGroup(CurveParameters curve, TF f, bool montgomery)
        : base(curve, f, montgomery)
    {
    }

    /// <inheritdoc/>
    public override bool Multiply(in AffineBytes point, ReadOnlySpan<byte> k, Span<byte> x, Span<byte> y) =>
        _glv ? MultiplyGlv(point, k, x, y) : base.Multiply(point, k, x, y);

    /// <inheritdoc/>
    public override bool MultiplyAddPublic(ReadOnlySpan<byte> u1, ReadOnlySpan<byte> u2, in AffineBytes q, Span<byte> x)
    {
        // A public key seen before: both products by chunk splitting from cached tables (FastEcGroup.KeyCache.cs).
        if (!_glv && !IsZeroBytes(u2) && TryMultiplyAddCached(u1, u2, q, x, out bool cachedFinite))
        {
            return cachedFinite;
        }

        return base.MultiplyAddPublic(u1, u2, q, x);
    }

    /// <summary>
    /// The engine's whole-table scan, with 256-bit vectors when the hardware has them: four limbs per AND and OR, the
    /// mask broadcast (the branches test only the public entry width and the CPU). The scans' share of an ECDH:
    /// docs/benchmarks.md, secp256k1 GLV section.
    /// </summary>
    protected override void Select(ref AffinePoint<TE> e, ReadOnlySpan<AffinePoint<TE>> table, uint digit)
    {
#if NET
        int width = sizeof(AffinePoint<TE>) / sizeof(ulong);
        if (EcIntrinsics.Vector256Scan && (width & 3) == 0)
        {
            fixed (AffinePoint<TE>* t = table)
            fixed (AffinePoint<TE>* dst = &e)
            {
                ulong* words = (ulong*)t;
                for (int w = 0; w < width; w += 4)
                {
                    Vector256<ulong> acc = Vector256<ulong>.Zero;
                    for (int j = 0; j < table.Length; j++)
                    {
                        Vector256<ulong> mask = Vector256.Create(Wide.Mask(Wide.IsZero(digit ^ (uint)(j + 1))));
                        acc |= mask & Vector256.Load(words + (j * width) + w);
                    }

                    acc.Store((ulong*)dst + w);
                }
            }

            return;
        }
#endif

        base.Select(ref e, table, digit);
    }
}

// The Unsafe flavour's arithmetic behind the same ECDSA/ECDH layer: the pointer/stackalloc fields of this folder
// under the Reference's point code (JacobianGroup: constant-time fixed windows for ECDH, interleaved wNAF for
// verification), with k G replaced by UnsafeEcGroup's affine table and mixed additions. On a big-endian machine, where the 64-bit view of the 32-bit limbs
// would be wrong, it uses the Reference fields.

using System;
using Panicode.Crypto.Ec;

namespace Panicode.Crypto.Unsafe.Ec;

internal sealed class UnsafeEcBackend : EcBackend
{
    public static readonly UnsafeEcBackend Instance = new();

    private UnsafeEcBackend()
    {
    }

    protected override EcGroup CreateGroup(CurveParameters curve)
    {
        if (!BitConverter.IsLittleEndian)
        {
            return ReferenceBackend.Instance.GetGroup(curve);
        }

        PrimeField field = curve.Kind switch
        {
            FieldKind.NistP192 => new UnsafeP192Field(),
            FieldKind.NistP256 => new UnsafeP256Field(),
            _ => new UnsafeMontgomeryField(ReferenceBackend.ToLimbs(curve.P)),
        };

        return new UnsafeEcGroup(new JacobianGroup(curve, field, new UnsafeMontgomeryField(ReferenceBackend.ToLimbs(curve.N))));
    }
}

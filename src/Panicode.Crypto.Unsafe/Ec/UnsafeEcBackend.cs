// The Unsafe flavour's arithmetic behind the same ECDSA/ECDH layer: FastEcGroup (64-bit Montgomery fields as
// generic struct policies, affine base tables, wNAF verification) with the pointer CIOS field mod n for scalars.
// On a big-endian machine, where the scalar field's 64-bit view of its 32-bit limbs would be wrong, it uses the
// Reference groups.

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

        // Toy explicit curves (tests of the validation paths) keep the Reference code: the table arguments above
        // need a prime n larger than the window digits.
        if (curve.OrderBits < 32)
        {
            return ReferenceBackend.Instance.GetGroup(curve);
        }

        return FastEcGroup.Create(curve, new UnsafeMontgomeryField(ReferenceBackend.ToLimbs(curve.N)));
    }
}

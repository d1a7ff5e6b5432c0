// The Unsafe flavour's arithmetic behind the same ECDSA/ECDH layer: FastEcGroup (the shared point engine on the shared
// field structs, plus this flavour's strategies) with the pointer CIOS field mod n for scalars.

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
        // On a big-endian machine the scalar field's 64-bit view of its 32-bit limbs would be wrong; explicit curves no
        // field struct covers (FieldStructs.Select) have only the Reference's general group.
        if (!BitConverter.IsLittleEndian)
        {
            return ReferenceBackend.Instance.GetGroup(curve);
        }

        return FastEcGroup.Create(curve, new UnsafeMontgomeryField(ReferenceBackend.ToLimbs(curve.N))) ??
            ReferenceBackend.Instance.GetGroup(curve);
    }
}

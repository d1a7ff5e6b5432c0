// The Unsafe flavour's arithmetic behind the same ECDSA/ECDH layer: FastEcGroup, the shared point engine on the shared
// field structs plus this flavour's strategies, for every curve.

using Panicode.Crypto.Ec;

namespace Panicode.Crypto.Unsafe.Ec;

internal sealed class UnsafeEcBackend : EcBackend
{
    public static readonly UnsafeEcBackend Instance = new();

    private UnsafeEcBackend()
    {
    }

    protected override EcGroup CreateGroup(CurveParameters curve) => FastEcGroup.Create(curve);
}

namespace Panicode.Crypto.Unsafe.Modular;

/// <summary>Finite-field Diffie-Hellman on the Unsafe Montgomery arithmetic.</summary>
internal sealed class UnsafeManagedDiffieHellman : ManagedDiffieHellman
{
    public UnsafeManagedDiffieHellman(FfdhGroup group)
        : base(UnsafeModular.Instance, group)
    {
    }

    public static ManagedDiffieHellman Create(ManagedDiffieHellman dh, DiffieHellmanParameters parameters) => Initialize(dh, parameters);
}

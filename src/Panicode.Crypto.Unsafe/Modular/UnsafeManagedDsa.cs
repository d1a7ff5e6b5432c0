using System.Security.Cryptography;

namespace Panicode.Crypto.Unsafe.Modular;

/// <summary>DSA on the Unsafe Montgomery arithmetic.</summary>
internal sealed class UnsafeManagedDsa : ManagedDsa
{
    public UnsafeManagedDsa()
        : base(UnsafeModular.Instance)
    {
    }

    public static ManagedDsa Create(ManagedDsa dsa, int keySizeInBits) => Initialize(dsa, keySizeInBits);

    public static ManagedDsa Create(ManagedDsa dsa, DSAParameters parameters) => Initialize(dsa, parameters);
}

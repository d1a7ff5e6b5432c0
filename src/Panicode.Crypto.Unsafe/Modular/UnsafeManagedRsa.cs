using System.Security.Cryptography;

namespace Panicode.Crypto.Unsafe.Modular;

/// <summary>RSA on the Unsafe Montgomery arithmetic.</summary>
internal sealed class UnsafeManagedRsa : ManagedRsa
{
    public UnsafeManagedRsa()
        : base(UnsafeModular.Instance)
    {
    }

    public static ManagedRsa Create(ManagedRsa rsa, int keySizeInBits) => Initialize(rsa, keySizeInBits);

    public static ManagedRsa Create(ManagedRsa rsa, RSAParameters parameters) => Initialize(rsa, parameters);
}

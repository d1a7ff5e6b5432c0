using System.Security.Cryptography;
using Panicode.Crypto.Unsafe.Modular;

namespace Panicode.Crypto.Unsafe;

public static partial class UnsafeCrypto
{
    /// <summary>Creates a <see cref="ManagedDiffieHellman"/> on the Unsafe Montgomery arithmetic; a key in ffdhe2048 is generated on first use.</summary>
    /// <returns>The key-agreement object.</returns>
    public static ManagedDiffieHellman CreateDiffieHellman() => new UnsafeManagedDiffieHellman(FfdhGroup.Ffdhe2048);

    /// <summary>Creates a <see cref="ManagedDiffieHellman"/> on the Unsafe Montgomery arithmetic; a key in <paramref name="group"/> is generated on first use.</summary>
    /// <param name="group">The group.</param>
    /// <returns>The key-agreement object.</returns>
    public static ManagedDiffieHellman CreateDiffieHellman(FfdhGroup group) => new UnsafeManagedDiffieHellman(group);

    /// <summary>Creates the Unsafe flavour of <see cref="ManagedDiffieHellman"/> holding the given key.</summary>
    /// <param name="parameters">The key.</param>
    /// <returns>The key-agreement object.</returns>
    /// <exception cref="System.ArgumentException">P or G is missing, or both X and Y are.</exception>
    /// <exception cref="CryptographicException">The parameters are not a valid group or key.</exception>
    public static ManagedDiffieHellman CreateDiffieHellman(DiffieHellmanParameters parameters) =>
        UnsafeManagedDiffieHellman.Create(new UnsafeManagedDiffieHellman(FfdhGroup.Ffdhe2048), parameters);
}

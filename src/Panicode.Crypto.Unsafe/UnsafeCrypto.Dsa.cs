using System.Security.Cryptography;
using Panicode.Crypto.Unsafe.Modular;

namespace Panicode.Crypto.Unsafe;

public static partial class UnsafeCrypto
{
    /// <summary>
    /// Creates a <see cref="ManagedDsa"/> on the Unsafe Montgomery arithmetic (pointer loops; MULX where the CPU has
    /// BMI2), with a 2,048-bit key (q of 256 bits) generated on first use.
    /// </summary>
    /// <returns>The DSA object.</returns>
    public static ManagedDsa CreateDsa() => new UnsafeManagedDsa();

    /// <summary>Creates the Unsafe flavour of <see cref="ManagedDsa"/>; a key of <paramref name="keySizeInBits"/> bits is generated on first use.</summary>
    /// <param name="keySizeInBits">1,024, 2,048 or 3,072.</param>
    /// <returns>The DSA object.</returns>
    /// <exception cref="CryptographicException">The size is not supported.</exception>
    public static ManagedDsa CreateDsa(int keySizeInBits) => UnsafeManagedDsa.Create(new UnsafeManagedDsa(), keySizeInBits);

    /// <summary>Creates the Unsafe flavour of <see cref="ManagedDsa"/> holding the given key.</summary>
    /// <param name="parameters">The key.</param>
    /// <returns>The DSA object.</returns>
    /// <exception cref="System.ArgumentException">P, Q, G or Y is missing.</exception>
    /// <exception cref="CryptographicException">The parameters are not a valid key.</exception>
    public static ManagedDsa CreateDsa(DSAParameters parameters) => UnsafeManagedDsa.Create(new UnsafeManagedDsa(), parameters);
}

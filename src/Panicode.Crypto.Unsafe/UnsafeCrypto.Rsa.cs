using System.Security.Cryptography;
using Panicode.Crypto.Unsafe.Modular;

namespace Panicode.Crypto.Unsafe;

public static partial class UnsafeCrypto
{
    /// <summary>
    /// Creates a <see cref="ManagedRsa"/> on the Unsafe Montgomery arithmetic (pointer loops; MULX where the CPU has
    /// BMI2), with a 2,048-bit key generated on first use.
    /// </summary>
    /// <returns>The RSA object.</returns>
    public static ManagedRsa CreateRsa() => new UnsafeManagedRsa();

    /// <summary>Creates the Unsafe flavour of <see cref="ManagedRsa"/>; a key of <paramref name="keySizeInBits"/> bits is generated on first use.</summary>
    /// <param name="keySizeInBits">1,024 to 16,384, a multiple of 8.</param>
    /// <returns>The RSA object.</returns>
    /// <exception cref="CryptographicException">The size is not supported.</exception>
    public static ManagedRsa CreateRsa(int keySizeInBits) => UnsafeManagedRsa.Create(new UnsafeManagedRsa(), keySizeInBits);

    /// <summary>Creates the Unsafe flavour of <see cref="ManagedRsa"/> holding the given key.</summary>
    /// <param name="parameters">The key.</param>
    /// <returns>The RSA object.</returns>
    /// <exception cref="CryptographicException">The parameters are not a valid key.</exception>
    public static ManagedRsa CreateRsa(RSAParameters parameters) => UnsafeManagedRsa.Create(new UnsafeManagedRsa(), parameters);
}

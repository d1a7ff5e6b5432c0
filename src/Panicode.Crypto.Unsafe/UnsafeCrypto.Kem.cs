using System.Security.Cryptography;
using Panicode.Crypto.Unsafe.Ec;

namespace Panicode.Crypto.Unsafe;

public static partial class UnsafeCrypto
{
    /// <summary>Creates a <see cref="PrimeEciesKem"/> on the Unsafe EC arithmetic; a key on nistP256 is generated at first use.</summary>
    /// <returns>The KEM object.</returns>
    public static PrimeEciesKem CreateEciesKem() => new UnsafePrimeEciesKem();

    /// <summary>Creates the Unsafe flavour of <see cref="PrimeEciesKem"/> with a new key on <paramref name="curve"/>.</summary>
    /// <param name="curve">A curve of cofactor 1.</param>
    /// <returns>The KEM object.</returns>
    public static PrimeEciesKem CreateEciesKem(ECCurve curve) => UnsafePrimeEciesKem.Create(k => k.GenerateKey(curve));

    /// <summary>Creates the Unsafe flavour of <see cref="PrimeEciesKem"/> with a new key on a named curve, as <see cref="PrimeEciesKem.Create(string)"/>.</summary>
    /// <param name="curveName">The curve's name or OID.</param>
    /// <returns>The KEM object.</returns>
    public static PrimeEciesKem CreateEciesKem(string curveName) => CreateEciesKem(PrimeEcdh.NamedCurve(curveName));

    /// <summary>Creates the Unsafe flavour of <see cref="PrimeEciesKem"/> holding the given key.</summary>
    /// <param name="parameters">The key.</param>
    /// <returns>The KEM object.</returns>
    public static PrimeEciesKem CreateEciesKem(ECParameters parameters) => UnsafePrimeEciesKem.Create(k => k.ImportParameters(parameters));

    /// <summary>Creates a <see cref="PrimePsecKem"/> on the Unsafe EC arithmetic; a key on nistP256 is generated at first use.</summary>
    /// <returns>The KEM object.</returns>
    public static PrimePsecKem CreatePsecKem() => new UnsafePrimePsecKem();

    /// <summary>Creates the Unsafe flavour of <see cref="PrimePsecKem"/> with a new key on <paramref name="curve"/>.</summary>
    /// <param name="curve">A curve of cofactor 1.</param>
    /// <returns>The KEM object.</returns>
    public static PrimePsecKem CreatePsecKem(ECCurve curve) => UnsafePrimePsecKem.Create(k => k.GenerateKey(curve));

    /// <summary>Creates the Unsafe flavour of <see cref="PrimePsecKem"/> with a new key on a named curve, as <see cref="PrimePsecKem.Create(string)"/>.</summary>
    /// <param name="curveName">The curve's name or OID.</param>
    /// <returns>The KEM object.</returns>
    public static PrimePsecKem CreatePsecKem(string curveName) => CreatePsecKem(PrimeEcdh.NamedCurve(curveName));

    /// <summary>Creates the Unsafe flavour of <see cref="PrimePsecKem"/> holding the given key.</summary>
    /// <param name="parameters">The key.</param>
    /// <returns>The KEM object.</returns>
    public static PrimePsecKem CreatePsecKem(ECParameters parameters) => UnsafePrimePsecKem.Create(k => k.ImportParameters(parameters));
}

using System;
using System.Collections.Generic;
using System.Linq;
using Panicode.Crypto.Registry;
using Panicode.Crypto.Vectors.Ec;

namespace Panicode.Crypto.MonoRunner;

/// <summary>
/// The runner's view of the flavour registry (<see cref="Families"/>, project Panicode.Crypto.Registry): the flavours
/// of a catalog's family, bound to the subject type its suites take. A delegate subject (<c>Func&lt;SymmetricAlgorithm&gt;</c>
/// for the ciphers) takes the flavour's factory as it is; the EC suites' abstract <c>EcdsaSubject</c>/<c>EcdhSubject</c>
/// get the adapters of EcSubjects.cs. Any other subject type fails the catalog with that reason instead of being skipped.
/// </summary>
internal static class Flavours
{
    /// <summary>Every flavour of <paramref name="family"/>; empty for a family the registry does not know.</summary>
    public static IEnumerable<Flavour> Of(string family) => Families.Find(family)?.AllFlavours ?? Enumerable.Empty<Flavour>();

    /// <summary>The subject the suites of <paramref name="subjectType"/> run over, or null and the reason.</summary>
    public static object? Bind(Flavour flavour, Type subjectType, out string reason)
    {
        reason = string.Empty;
        if (subjectType == typeof(EcdsaSubject) && flavour.Factory is Func<PrimeEcdsa> ecdsa)
        {
            return new RunnerEcdsaSubject(flavour.Name, ecdsa);
        }

        if (subjectType == typeof(EcdhSubject) && flavour.Factory is Func<PrimeEcdh> ecdh)
        {
            return new RunnerEcdhSubject(flavour.Name, ecdh);
        }

        if (subjectType == typeof(Vectors.Rsa.RsaSubject) && flavour.Factory is Func<ManagedRsa> rsa)
        {
            return new RunnerRsaSubject(flavour.Name, rsa);
        }

        if (subjectType == typeof(Vectors.Dsa.DsaSubject) && flavour.Factory is Func<ManagedDsa> dsa)
        {
            return new RunnerDsaSubject(flavour.Name, dsa);
        }

        if (subjectType == typeof(Vectors.Dh.DhSubject) && flavour.Factory is Func<ManagedDiffieHellman> dh)
        {
            return new ManagedDhSubject(flavour.Name, dh);
        }

        // Func<out T> is covariant: a Func<RijndaelCipher> is a Func<SymmetricAlgorithm>.
        if (subjectType.IsInstanceOfType(flavour.Factory))
        {
            return flavour.Factory;
        }

        reason = $"the suites' subject type {subjectType} is not one the runner can make from {flavour}'s {flavour.Factory.GetType()}";
        return null;
    }
}

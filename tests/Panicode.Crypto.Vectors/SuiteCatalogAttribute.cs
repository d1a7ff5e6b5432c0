using System;

namespace Panicode.Crypto.Vectors;

/// <summary>
/// Marks a public static method that returns every <see cref="VectorSuite{TSubject}"/> of one
/// algorithm family (an <c>IEnumerable&lt;VectorSuite&lt;T&gt;&gt;</c>). The Mono runner finds the catalogs by
/// this attribute and runs each suite over every flavour registered for the family, so the xUnit
/// tests and the runner execute the same suites.
/// </summary>
[AttributeUsage(AttributeTargets.Method, AllowMultiple = false)]
public sealed class SuiteCatalogAttribute : Attribute
{
    public SuiteCatalogAttribute(string family)
    {
        Family = family;
    }

    /// <summary>"Rijndael", "Camellia", "Ecdsa" or "Ecdh".</summary>
    public string Family { get; }

    /// <summary>
    /// At most this many cases per suite in an emulated (--subset) run, when below the runner's limit; 0 keeps the
    /// runner's. For catalogs whose every case costs whole big-number exponentiations (DSA, DH).
    /// </summary>
    public int EmulatedSubsetLimit { get; set; }
}

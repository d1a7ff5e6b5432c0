using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.Unsafe;

namespace Panicode.Crypto.Tests.Infrastructure;

/// <summary>One flavour of an algorithm, as the suites see it: a name and a factory.</summary>
public sealed class Implementation<T>
{
    public Implementation(string name, Func<T> create)
    {
        Name = name;
        Create = create;
    }

    public string Name { get; }

    public Func<T> Create { get; }

    public override string ToString() => Name;
}

/// <summary>
/// The registry every suite runs over (in the spirit of Go's cryptotest.TestAllImplementations):
/// add a flavour here and every vector, differential and bad-input test runs over it.
/// </summary>
public static class Implementations
{
    public static readonly IReadOnlyList<Implementation<SymmetricAlgorithm>> Rijndael = new[]
    {
        new Implementation<SymmetricAlgorithm>("Reference", () => RijndaelCipher.Create()),

        // AES-NI for 128-bit blocks where the CPU has it (and PANICODE_FORCE_PORTABLE is not 1), else portable.
        new Implementation<SymmetricAlgorithm>("Unsafe", () => UnsafeCrypto.CreateRijndael()),
        new Implementation<SymmetricAlgorithm>("Unsafe-Portable", () => UnsafeCrypto.CreateRijndael(forcePortable: true)),
    };

    public static TheoryData<Implementation<SymmetricAlgorithm>> RijndaelData => ToTheoryData(Rijndael);

    public static readonly IReadOnlyList<Implementation<SymmetricAlgorithm>> Camellia = new[]
    {
        new Implementation<SymmetricAlgorithm>("Reference", () => CamelliaCipher.Create()),
        new Implementation<SymmetricAlgorithm>("Unsafe", () => UnsafeCrypto.CreateCamellia()),
    };

    public static TheoryData<Implementation<SymmetricAlgorithm>> CamelliaData => ToTheoryData(Camellia);

    /// <summary>
    /// Every flavour of every block cipher ("Rijndael Reference", "Camellia Reference", ...), for the suites that
    /// hold for any block cipher behind SymmetricAlgorithm; they take block sizes from LegalBlockSizes.
    /// </summary>
    public static readonly IReadOnlyList<Implementation<SymmetricAlgorithm>> BlockCiphers =
        Qualified("Rijndael", Rijndael).Concat(Qualified("Camellia", Camellia)).ToArray();

    public static TheoryData<Implementation<SymmetricAlgorithm>> BlockCipherData => ToTheoryData(BlockCiphers);

    // Each EC factory returns an object whose key the suite then imports or generates.
    public static readonly IReadOnlyList<Implementation<PrimeEcdsa>> Ecdsa = new[]
    {
        new Implementation<PrimeEcdsa>("Reference", () => PrimeEcdsa.Create()),
    };

    public static readonly IReadOnlyList<Implementation<PrimeEcdh>> Ecdh = new[]
    {
        new Implementation<PrimeEcdh>("Reference", () => PrimeEcdh.Create()),
    };

    public static TheoryData<Implementation<T>> ToTheoryData<T>(IEnumerable<Implementation<T>> implementations)
    {
        TheoryData<Implementation<T>> data = new();
        foreach (Implementation<T> implementation in implementations)
        {
            data.Add(implementation);
        }

        return data;
    }

    private static IEnumerable<Implementation<T>> Qualified<T>(string family, IEnumerable<Implementation<T>> implementations)
        => implementations.Select(i => new Implementation<T>(family + " " + i.Name, i.Create));
}

using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.Registry;
using Xunit.Sdk;

namespace Panicode.Crypto.Tests.Infrastructure;

/// <summary>
/// One flavour of an algorithm as a theory row: a registry <see cref="Flavour{T}"/> that xUnit can serialize
/// (as family + name, looked up in <see cref="Families"/> again), so every row is a test case of its own.
/// </summary>
public sealed class Implementation<T> : IXunitSerializable
    where T : class
{
    private Flavour<T>? _flavour;

    public Implementation(Flavour<T> flavour) => _flavour = flavour;

    /// <summary>For the xUnit de-serializer only.</summary>
    [Obsolete("Called by the xUnit de-serializer; use the other constructor.")]
    public Implementation()
    {
    }

    private Flavour<T> Flavour => _flavour ?? throw new InvalidOperationException("The implementation was not de-serialized.");

    /// <summary>The family ("Rijndael", "Camellia", ...).</summary>
    public string Family => Flavour.Family;

    /// <summary>"Reference", "Unsafe" or "Unsafe-Portable".</summary>
    public string Name => Flavour.Name;

    public Func<T> Create => Flavour.Create;

    /// <summary>"Rijndael Reference", the name a theory row shows.</summary>
    public override string ToString() => Flavour.ToString();

    void IXunitSerializable.Serialize(IXunitSerializationInfo info)
    {
        info.AddValue(nameof(Family), Family);
        info.AddValue(nameof(Name), Name);
    }

    void IXunitSerializable.Deserialize(IXunitSerializationInfo info) =>
        _flavour = Implementations.Find<T>(info.GetValue<string>(nameof(Family))!, info.GetValue<string>(nameof(Name))!);
}

/// <summary>
/// The registry (<see cref="Families"/>, project Panicode.Crypto.Registry) as theory data. A suite over one family
/// takes <c>Implementations.Data(Families.X)</c>; a suite over every 128-bit block cipher takes
/// <see cref="BlockCipher128Data"/>. Nothing here needs an edit when a family is added.
/// </summary>
public static class Implementations
{
    public static IReadOnlyList<Implementation<SymmetricAlgorithm>> Rijndael => Of(Families.Rijndael);

    public static TheoryData<Implementation<SymmetricAlgorithm>> RijndaelData => Data(Families.Rijndael);

    public static IReadOnlyList<Implementation<SymmetricAlgorithm>> Camellia => Of(Families.Camellia);

    public static TheoryData<Implementation<SymmetricAlgorithm>> CamelliaData => Data(Families.Camellia);

    public static IReadOnlyList<Implementation<SymmetricAlgorithm>> Clefia => Of(Families.Clefia);

    public static TheoryData<Implementation<SymmetricAlgorithm>> ClefiaData => Data(Families.Clefia);

    public static IReadOnlyList<Implementation<SymmetricAlgorithm>> Sc2000 => Of(Families.Sc2000);

    public static TheoryData<Implementation<SymmetricAlgorithm>> Sc2000Data => Data(Families.Sc2000);

    public static IReadOnlyList<Implementation<SymmetricAlgorithm>> Hierocrypt3 => Of(Families.Hierocrypt3);

    public static TheoryData<Implementation<SymmetricAlgorithm>> Hierocrypt3Data => Data(Families.Hierocrypt3);

    public static IReadOnlyList<Implementation<SymmetricAlgorithm>> CipherUnicornA => Of(Families.CipherUnicornA);

    public static TheoryData<Implementation<SymmetricAlgorithm>> CipherUnicornAData => Data(Families.CipherUnicornA);

    public static IReadOnlyList<Implementation<SymmetricAlgorithm>> HierocryptL1 => Of(Families.HierocryptL1);

    public static TheoryData<Implementation<SymmetricAlgorithm>> HierocryptL1Data => Data(Families.HierocryptL1);

    public static IReadOnlyList<Implementation<SymmetricAlgorithm>> Misty1 => Of(Families.Misty1);

    public static IReadOnlyList<Implementation<SymmetricAlgorithm>> CipherUnicornE => Of(Families.CipherUnicornE);

    public static TheoryData<Implementation<SymmetricAlgorithm>> Misty1Data => Data(Families.Misty1);

    public static IReadOnlyList<Implementation<SymmetricAlgorithm>> TripleDes => Of(Families.TripleDes);

    public static TheoryData<Implementation<SymmetricAlgorithm>> TripleDesData => Data(Families.TripleDes);

    /// <summary>Every flavour of every cipher with 64-bit blocks (<see cref="Families.BlockCiphers64"/>).</summary>
    public static TheoryData<Implementation<SymmetricAlgorithm>> BlockCipher64Data => ToTheoryData(Families.BlockCiphers64.SelectMany(Of));

    /// <summary>
    /// Every flavour of every block cipher ("Rijndael Reference", "Camellia Reference", ...), for the suites that
    /// hold for any block cipher behind SymmetricAlgorithm; they take block sizes from LegalBlockSizes.
    /// </summary>
    public static IReadOnlyList<Implementation<SymmetricAlgorithm>> BlockCiphers => Families.BlockCiphers.SelectMany(Of).ToArray();

    public static TheoryData<Implementation<SymmetricAlgorithm>> BlockCipherData => ToTheoryData(BlockCiphers);

    /// <summary>Every flavour of every block cipher with 128-bit blocks (the ciphers GCM, CCM and CMAC take).</summary>
    public static TheoryData<Implementation<SymmetricAlgorithm>> BlockCipher128Data =>
        ToTheoryData(Families.BlockCiphersWithBlockSize(128).SelectMany(Of));

    public static TheoryData<Implementation<StreamCipher>> KCipher2Data => Data(Families.KCipher2);

    public static IReadOnlyList<Implementation<PrimeEcdsa>> Ecdsa => Of(Families.Ecdsa);

    public static IReadOnlyList<Implementation<PrimeEcdh>> Ecdh => Of(Families.Ecdh);

    /// <summary>
    /// False for a flavour that <c>PANICODE_TEST_ROWS</c> leaves out of the flavour-by-flavour theory rows (these and
    /// <see cref="SuiteAssert.Rows{T}"/>). Unset, every flavour is kept. The ARM64 leg (scripts/arm64-leg.sh) sets it to
    /// <c>Rijndael/Unsafe</c> (comma-separated Family/Flavour pairs) so that under qemu the AES vector files and the
    /// AEAD suites run through the Unsafe flavour, the one whose cores are the ARM64 ones, and not through the other
    /// ciphers and flavours, which the x86 legs run.
    /// </summary>
    public static bool Kept<T>(Implementation<T> implementation)
        where T : class
        => s_rows is null || s_rows.Contains(implementation.Family + "/" + implementation.Name);

    /// <summary>
    /// False for a family none of whose flavours <c>PANICODE_TEST_ROWS</c> keeps: the core-by-core rows of the registry
    /// suites (<c>UnsafeCoreContractTests</c>) take the cores of the kept families only. Unset, every family is kept.
    /// </summary>
    public static bool KeptFamily(string family)
        => s_rows is null || s_rows.Any(row => row.StartsWith(family + "/", StringComparison.Ordinal));

    private static readonly string[]? s_rows = Environment.GetEnvironmentVariable("PANICODE_TEST_ROWS")?.Split(',');

    /// <summary>Every flavour of <paramref name="family"/>.</summary>
    public static IReadOnlyList<Implementation<T>> Of<T>(Family<T> family)
        where T : class
        => family.Flavours.Select(f => new Implementation<T>(f)).ToArray();

    /// <summary>Every flavour of <paramref name="family"/> as theory data.</summary>
    public static TheoryData<Implementation<T>> Data<T>(Family<T> family)
        where T : class
        => ToTheoryData(Of(family));

    public static TheoryData<Implementation<T>> ToTheoryData<T>(IEnumerable<Implementation<T>> implementations)
        where T : class
    {
        TheoryData<Implementation<T>> data = new();
        foreach (Implementation<T> implementation in implementations.Where(Kept))
        {
            data.Add(implementation);
        }

        return data;
    }

    /// <summary>The flavour <paramref name="name"/> of the family <paramref name="family"/>.</summary>
    public static Flavour<T> Find<T>(string family, string name)
        where T : class
        => (Families.Find(family) as Family<T> ?? throw new ArgumentException($"No family '{family}' of {typeof(T).Name} is registered.", nameof(family)))[name];
}

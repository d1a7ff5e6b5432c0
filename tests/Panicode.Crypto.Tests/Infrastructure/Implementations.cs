using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using System.Security.Cryptography;
using Panicode.Crypto.Unsafe;
using Xunit.Abstractions;

namespace Panicode.Crypto.Tests.Infrastructure;

/// <summary>
/// One flavour of an algorithm, as the suites see it: its family (the registry list it is declared in, for example
/// "Rijndael"), its name and a factory. xUnit serializes it as family + name and looks the factory up in
/// <see cref="Implementations"/> again, so every theory row is a test case of its own in discovery.
/// </summary>
public sealed class Implementation<T> : IXunitSerializable, IFamilyMember
{
    private Func<T>? _create;

    public Implementation(string name, Func<T> create)
    {
        Family = string.Empty;
        Name = name;
        _create = create;
    }

    /// <summary>For the xUnit de-serializer only.</summary>
    [Obsolete("Called by the xUnit de-serializer; use the other constructor.")]
    public Implementation()
    {
        Family = Name = string.Empty;
    }

    /// <summary>The registry list this flavour is declared in ("Rijndael", "Camellia", ...).</summary>
    public string Family { get; private set; }

    public string Name { get; private set; }

    public Func<T> Create => _create ?? throw new InvalidOperationException($"Implementation '{this}' has no factory.");

    /// <summary>"Rijndael Reference", the name a theory row shows.</summary>
    public override string ToString() => Family.Length == 0 ? Name : Family + " " + Name;

    void IFamilyMember.JoinFamily(string family)
    {
        if (Family.Length == 0)
        {
            Family = family;
        }
    }

    void IXunitSerializable.Serialize(IXunitSerializationInfo info)
    {
        info.AddValue(nameof(Family), Family);
        info.AddValue(nameof(Name), Name);
    }

    void IXunitSerializable.Deserialize(IXunitSerializationInfo info)
    {
        Implementation<T> registered = Implementations.Find<T>(info.GetValue<string>(nameof(Family)), info.GetValue<string>(nameof(Name)));
        Family = registered.Family;
        Name = registered.Name;
        _create = registered._create;
    }
}

/// <summary>Lets the registry name the family of the flavours declared in each of its lists.</summary>
internal interface IFamilyMember
{
    void JoinFamily(string family);
}

/// <summary>
/// The registry every suite runs over (in the spirit of Go's cryptotest.TestAllImplementations):
/// add a flavour here and every vector, differential and bad-input test runs over it.
/// Each public list is a family named after its field; <see cref="BlockCiphers"/> only gathers other lists.
/// </summary>
public static class Implementations
{
    public static readonly IReadOnlyList<Implementation<SymmetricAlgorithm>> Rijndael = new[]
    {
        new Implementation<SymmetricAlgorithm>("Reference", () => RijndaelCipher.Create()),

        // AES-NI for 128- and 256-bit blocks where the CPU has it (and PANICODE_FORCE_PORTABLE is not 1), else portable.
        new Implementation<SymmetricAlgorithm>("Unsafe", () => UnsafeCrypto.CreateRijndael()),
        new Implementation<SymmetricAlgorithm>("Unsafe-Portable", () => UnsafeCrypto.CreateRijndael(forcePortable: true)),
    };

    public static TheoryData<Implementation<SymmetricAlgorithm>> RijndaelData => ToTheoryData(Rijndael);

    public static readonly IReadOnlyList<Implementation<SymmetricAlgorithm>> Camellia = new[]
    {
        new Implementation<SymmetricAlgorithm>("Reference", () => CamelliaCipher.Create()),

        // Byte-sliced GFNI where the CPU has it (and PANICODE_FORCE_PORTABLE is not 1), else the portable table core.
        new Implementation<SymmetricAlgorithm>("Unsafe", () => UnsafeCrypto.CreateCamellia()),
        new Implementation<SymmetricAlgorithm>("Unsafe-Portable", () => UnsafeCrypto.CreateCamellia(forcePortable: true)),
    };

    public static TheoryData<Implementation<SymmetricAlgorithm>> CamelliaData => ToTheoryData(Camellia);

    // --- CRYPTREC 128-bit ciphers, part b (Hierocrypt-3, CIPHERUNICORN-A) ---
    public static readonly IReadOnlyList<Implementation<SymmetricAlgorithm>> Hierocrypt3 = new[]
    {
        new Implementation<SymmetricAlgorithm>("Reference", () => Hierocrypt3Cipher.Create()),

        // GFNI where the CPU has it (and PANICODE_FORCE_PORTABLE is not 1), else the portable table core.
        new Implementation<SymmetricAlgorithm>("Unsafe", () => UnsafeCrypto.CreateHierocrypt3()),
        new Implementation<SymmetricAlgorithm>("Unsafe-Portable", () => UnsafeCrypto.CreateHierocrypt3(forcePortable: true)),
    };

    public static TheoryData<Implementation<SymmetricAlgorithm>> Hierocrypt3Data => ToTheoryData(Hierocrypt3);

    public static readonly IReadOnlyList<Implementation<SymmetricAlgorithm>> CipherUnicornA = new[]
    {
        new Implementation<SymmetricAlgorithm>("Reference", () => CipherUnicornACipher.Create()),

        // No intrinsic core: Unsafe and Unsafe-Portable are the same portable table core.
        new Implementation<SymmetricAlgorithm>("Unsafe", () => UnsafeCrypto.CreateCipherUnicornA()),
        new Implementation<SymmetricAlgorithm>("Unsafe-Portable", () => UnsafeCrypto.CreateCipherUnicornA(forcePortable: true)),
    };

    public static TheoryData<Implementation<SymmetricAlgorithm>> CipherUnicornAData => ToTheoryData(CipherUnicornA);

    // Hierocrypt-L1 (64-bit block, issue 17): Reference flavour only so far. Not in BlockCiphers: those suites assume
    // blocks of 128 bits and more; HierocryptL1ModeTests checks the modes with its 64-bit block instead.
    public static readonly IReadOnlyList<Implementation<SymmetricAlgorithm>> HierocryptL1 = new[]
    {
        new Implementation<SymmetricAlgorithm>("Reference", () => HierocryptL1Cipher.Create()),
    };

    public static TheoryData<Implementation<SymmetricAlgorithm>> HierocryptL1Data => ToTheoryData(HierocryptL1);
    // --- end of part b ---

    /// <summary>
    /// Every flavour of every block cipher ("Rijndael Reference", "Camellia Reference", ...), for the suites that
    /// hold for any block cipher behind SymmetricAlgorithm; they take block sizes from LegalBlockSizes.
    /// </summary>
    public static readonly IReadOnlyList<Implementation<SymmetricAlgorithm>> BlockCiphers = Rijndael.Concat(Camellia)
        .Concat(Hierocrypt3).Concat(CipherUnicornA) // CRYPTREC part b
        .ToArray();

    public static TheoryData<Implementation<SymmetricAlgorithm>> BlockCipherData => ToTheoryData(BlockCiphers);

    // Each EC factory returns an object whose key the suite then imports or generates.
    public static readonly IReadOnlyList<Implementation<PrimeEcdsa>> Ecdsa = new[]
    {
        new Implementation<PrimeEcdsa>("Reference", () => PrimeEcdsa.Create()),
        new Implementation<PrimeEcdsa>("Unsafe", () => UnsafeCrypto.CreateEcdsa()),
    };

    public static readonly IReadOnlyList<Implementation<PrimeEcdh>> Ecdh = new[]
    {
        new Implementation<PrimeEcdh>("Reference", () => PrimeEcdh.Create()),
        new Implementation<PrimeEcdh>("Unsafe", () => UnsafeCrypto.CreateEcdh()),
    };

    static Implementations()
    {
        foreach (FieldInfo field in Families())
        {
            foreach (IFamilyMember member in (IEnumerable<IFamilyMember>)field.GetValue(null)!)
            {
                member.JoinFamily(field.Name);
            }
        }
    }

    public static TheoryData<Implementation<T>> ToTheoryData<T>(IEnumerable<Implementation<T>> implementations)
    {
        TheoryData<Implementation<T>> data = new();
        foreach (Implementation<T> implementation in implementations)
        {
            data.Add(implementation);
        }

        return data;
    }

    /// <summary>The flavour <paramref name="name"/> of the family <paramref name="family"/>.</summary>
    public static Implementation<T> Find<T>(string family, string name)
        => Families().Where(f => f.Name == family).Select(f => f.GetValue(null)).OfType<IEnumerable<Implementation<T>>>()
            .SelectMany(list => list).SingleOrDefault(i => i.Name == name)
            ?? throw new ArgumentException($"No implementation '{name}' of family '{family}' is registered.", nameof(name));

    // The lists that define a family: every public static list of implementations except the ones that gather others.
    private static IEnumerable<FieldInfo> Families()
        => typeof(Implementations).GetFields(BindingFlags.Public | BindingFlags.Static)
            .Where(f => f.Name != nameof(BlockCiphers) && typeof(IEnumerable<IFamilyMember>).IsAssignableFrom(f.FieldType));
}

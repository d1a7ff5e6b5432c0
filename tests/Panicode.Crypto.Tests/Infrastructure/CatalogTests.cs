using System;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.Registry;
using Panicode.Crypto.Unsafe;

namespace Panicode.Crypto.Tests.Infrastructure;

/// <summary>The public view of the catalogue (<see cref="CryptoCatalog"/>) against the library and the test registry.</summary>
public sealed class CatalogTests
{
    public static TheoryData<string> Flavours => new() { "Reference", "Unsafe" };

    private static CryptoCatalog Of(string flavour) => flavour == "Reference" ? CryptoCatalog.Reference : UnsafeCrypto.Catalog;

    [Fact]
    public void EveryPublicAlgorithmTypeOfBothAssembliesIsInTheCatalogue()
    {
        Type[] bases = { typeof(SymmetricAlgorithm), typeof(StreamCipher), typeof(HashAlgorithm), typeof(AsymmetricAlgorithm) };
        string[] types = typeof(CryptoCatalog).Assembly.GetExportedTypes()
            .Where(t => bases.Any(b => b.IsAssignableFrom(t)) && t != typeof(BlockCipherAlgorithm) && t != typeof(StreamCipher))
            .Where(t => t.Name != nameof(ManagedRijndael) && t.Name != nameof(ManagedTripleDes) && t.Name != "PrimeEcdhBase")
            .Select(t => t.FullName!).OrderBy(n => n, StringComparer.Ordinal).ToArray();
        string[] listed = CryptoCatalog.Reference.Algorithms.Select(a => a.TypeName).Where(types.Contains).Distinct()
            .OrderBy(n => n, StringComparer.Ordinal).ToArray();
        Assert.Equal(types, listed);
        Assert.All(CryptoCatalog.Reference.Algorithms, a => Assert.NotNull(typeof(CryptoCatalog).Assembly.GetType(a.TypeName)));
    }

    [Theory]
    [MemberData(nameof(Flavours))]
    public void EveryRegistryFamilyIsInTheCatalogueAndCreatesItsType(string flavour)
    {
        CryptoCatalog catalog = Of(flavour);
        Assert.Equal(flavour, catalog.Flavour);
        foreach (Family family in Families.All)
        {
            AlgorithmInfo? info = catalog.Find(family.Name);
            Assert.True(info is not null, $"{family.Name} is not in the {flavour} catalogue");
            Assert.Equal(family.Name, info!.Id);
            using IDisposable created = (IDisposable)info.Create();
            Assert.Equal(info.TypeName, TypeNameOf(created.GetType()));
            Assert.NotEqual(AlgorithmKind.Mode, info.Kind);
        }

        Assert.All(catalog.OfKind(AlgorithmKind.Mode), m => Assert.Throws<NotSupportedException>(() => m.Create()));
    }

    [Theory]
    [MemberData(nameof(Flavours))]
    public void BlockCipherSizesAndCoresAreTheLibrarysOwn(string flavour)
    {
        foreach (BlockCipherFamily family in Families.BlockCiphers)
        {
            AlgorithmInfo info = Of(flavour).Find(family.Name)!;
            Assert.Equal(AlgorithmKind.BlockCipher, info.Kind);
            using SymmetricAlgorithm algorithm = flavour == "Reference" ? family.Reference.Create() : family.Unsafe.Create();
            Assert.Equal(Describe(algorithm.LegalKeySizes), Describe(info.LegalKeySizes));
            Assert.Equal(Describe(algorithm.LegalBlockSizes), Describe(info.LegalBlockSizes));
            string[] cores = flavour == "Reference" ? new[] { family.ReferenceCore.Name } : family.Cores.Select(c => c.Name).ToArray();
            Assert.Equal(cores, info.Cores.Select(c => c.Name));

            // The core each legal block size uses is the one the view marks in use, and nothing else is.
            BlockCipherAlgorithm cipher = (BlockCipherAlgorithm)algorithm;
            string[] used = family.BlockSizes.Select(bits =>
            {
                cipher.BlockSize = bits;
                return cipher.CoreName;
            }).Distinct().OrderBy(n => n, StringComparer.Ordinal).ToArray();
            Assert.Equal(used, info.Cores.Where(c => c.IsInUse).Select(c => c.Name).OrderBy(n => n, StringComparer.Ordinal));
            Assert.All(info.Cores.Where(c => c.IsInUse), c => Assert.True(c.IsSupported));
        }
    }

    [Fact]
    public void TheUnsafeViewShowsTheCpuFeaturesOfEachCoreAndWhichRunHere()
    {
        AlgorithmInfo aes = UnsafeCrypto.Catalog.Find("AES")!;
        Assert.Equal("Rijndael", aes.Id);
#if NET
        CoreInfo aesNi = aes.Cores.Single(c => c.Name == "AesNi");
        Assert.Equal(new[] { "aes" }, aesNi.CpuFeatures);
        Assert.Equal(new[] { 128 }, aesNi.BlockSizes);
        Assert.Equal(System.Runtime.Intrinsics.X86.Aes.IsSupported, aesNi.IsSupported);
        Assert.Equal(aesNi.IsSupported && Unsafe.Internal.CpuFeatures.IntrinsicsAllowed, aesNi.IsInUse);
#endif
        Assert.Empty(aes.Cores.Single(c => c.Name == "Portable").CpuFeatures);
        Assert.Equal(new[] { "Portable" }, CryptoCatalog.Reference.Find("GCM")!.Cores.Select(c => c.Name));
        Assert.Contains("Portable", UnsafeCrypto.Catalog.Find("GCM")!.Cores.Select(c => c.Name));
    }

    [Fact]
    public void NamesAndOidsFindTheirAlgorithms()
    {
        CryptoCatalog catalog = CryptoCatalog.Reference;
        Assert.Equal("Camellia", catalog.Find("1.2.392.200011.61.1.1.1.2")!.Id);
        Assert.Equal("Misty1", catalog.Find("1.2.392.200011.61.1.1.1.1")!.Id);
        Assert.Equal("Rijndael", catalog.Find("2.16.840.1.101.3.4.1.46")!.Id);
        Assert.Equal("Ripemd160", catalog.Find("ripemd-160")!.Id);
        Assert.Equal("HmacRipemd160", catalog.Find("HMAC-RIPEMD-160")!.Id);
        Assert.Equal("Gcm", catalog.Find("gcm")!.Id);
        Assert.Null(catalog.Find("DES"));
        Assert.Throws<ArgumentNullException>(() => catalog.Find(null!));
        Assert.Equal(catalog.Algorithms.Count, catalog.Algorithms.Select(a => a.Id).Distinct().Count());
        Assert.All(catalog.Algorithms, a => Assert.False(string.IsNullOrEmpty(a.Specification)));
    }

    [Fact]
    public void EveryCurveIsAcceptedByNameAndOidWithItsFieldSizeAsKeySize()
    {
        string[] expected =
        {
            "nistP192", "nistP224", "nistP256", "nistP384", "nistP521", "secp256k1", "brainpoolP160r1", "wap-wsg-idm-ecid-wtls7",
            "brainpoolP224r1", "brainpoolP256r1", "brainpoolP320r1", "brainpoolP384r1", "brainpoolP512r1",
        };
        Assert.Equal(expected.OrderBy(n => n, StringComparer.Ordinal), CryptoCatalog.Reference.Curves.Select(c => c.Name).OrderBy(n => n, StringComparer.Ordinal));
        foreach (CurveInfo curve in CryptoCatalog.Reference.Curves)
        {
            foreach (string name in curve.Names.Concat(new[] { curve.Oid }))
            {
                Assert.Equal(PrimeEcdh.NamedCurve(curve.Name).Oid.Value, PrimeEcdh.NamedCurve(name).Oid.Value);
            }

            using PrimeEcdsa ecdsa = PrimeEcdsa.Create(curve.Name);
            Assert.Equal(curve.FieldBits, ecdsa.KeySize);
        }
    }

    private static string TypeNameOf(Type type)
    {
        // The flavours are internal subclasses of the public type.
        while (!type.IsPublic)
        {
            type = type.BaseType!;
        }

        return type.FullName!;
    }

    private static string Describe(KeySizes[] sizes) => string.Join(";", sizes.Select(s => $"{s.MinSize}-{s.MaxSize}/{s.SkipSize}"));
}

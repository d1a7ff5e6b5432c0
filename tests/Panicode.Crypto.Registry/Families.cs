using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using System.Security.Cryptography;
using Panicode.Crypto.Catalog;
using Panicode.Crypto.Unsafe;
using Panicode.Crypto.Unsafe.Catalog;

namespace Panicode.Crypto.Registry;

/// <summary>
/// The one flavour registry (in the spirit of Go's cryptotest.TestAllImplementations): every algorithm family,
/// its flavours and, for block ciphers, the cores of its Unsafe flavour. The xUnit suites
/// (tests/Panicode.Crypto.Tests/Infrastructure/Implementations.cs), the Mono runner and the benchmarks all read it.
/// <para>
/// <b>Adding a family is one entry here</b>: a <c>public static readonly</c> field. A block cipher is a
/// <see cref="BlockCipherFamily"/> (the Reference factory; the Unsafe factory and the same with
/// <c>forcePortable: true</c>; its core lists in the library's catalogue, whose family name is the name the
/// <c>[SuiteCatalog]</c> attributes spell and which say which cores exist and which a CPU runs); any other family is a
/// <see cref="Family{T}"/> of (name, factory) pairs. Nothing else to update: <see cref="All"/>,
/// <see cref="BlockCiphers"/> and <see cref="BlockCiphersWithBlockSize"/> find fields by reflection, so a new
/// cipher joins every suite over "every block cipher" (the core contract, bad input, ...) and, with 128-bit blocks,
/// those over "every 128-bit block cipher" (GCM, CCM, CMAC, ...) by itself.
/// </para>
/// <para>
/// One naming scheme everywhere: flavours "Reference", "Unsafe" (intrinsics where the CPU has them) and
/// "Unsafe-Portable" (intrinsics off); cores "Portable", "AesNi", ... A flavour only appears when it can be built:
/// no row that can never bind.
/// </para>
/// </summary>
public static class Families
{
    // Block ciphers: the two public factories; the cores (and whether an Unsafe-Portable row exists) come from the
    // library's catalogue (src/Panicode.Crypto/Catalog/ReferenceCores.cs, src/Panicode.Crypto.Unsafe/Catalog/UnsafeCores.cs).
    public static readonly BlockCipherFamily Rijndael = new(
        RijndaelCipher.Create, UnsafeCrypto.CreateRijndael, () => UnsafeCrypto.CreateRijndael(forcePortable: true), ReferenceCores.Rijndael, UnsafeCores.Rijndael);

    public static readonly BlockCipherFamily Camellia = new(
        CamelliaCipher.Create, UnsafeCrypto.CreateCamellia, () => UnsafeCrypto.CreateCamellia(forcePortable: true), ReferenceCores.Camellia, UnsafeCores.Camellia);

    public static readonly BlockCipherFamily Clefia = new(
        ClefiaCipher.Create, UnsafeCrypto.CreateClefia, () => UnsafeCrypto.CreateClefia(forcePortable: true), ReferenceCores.Clefia, UnsafeCores.Clefia);

    public static readonly BlockCipherFamily Sc2000 = new(
        Sc2000Cipher.Create, UnsafeCrypto.CreateSc2000, UnsafeCrypto.CreateSc2000, ReferenceCores.Sc2000, UnsafeCores.Sc2000);

    public static readonly BlockCipherFamily Hierocrypt3 = new(
        Hierocrypt3Cipher.Create, UnsafeCrypto.CreateHierocrypt3, () => UnsafeCrypto.CreateHierocrypt3(forcePortable: true), ReferenceCores.Hierocrypt3, UnsafeCores.Hierocrypt3);

    public static readonly BlockCipherFamily CipherUnicornA = new(
        CipherUnicornACipher.Create, UnsafeCrypto.CreateCipherUnicornA, UnsafeCrypto.CreateCipherUnicornA, ReferenceCores.CipherUnicornA, UnsafeCores.CipherUnicornA);

    // The 64-bit block ciphers.
    public static readonly BlockCipherFamily HierocryptL1 = new(
        HierocryptL1Cipher.Create, UnsafeCrypto.CreateHierocryptL1, UnsafeCrypto.CreateHierocryptL1, ReferenceCores.HierocryptL1, UnsafeCores.HierocryptL1);

    public static readonly BlockCipherFamily Misty1 = new(
        Misty1Cipher.Create, UnsafeCrypto.CreateMisty1, UnsafeCrypto.CreateMisty1, ReferenceCores.Misty1, UnsafeCores.Misty1);

    public static readonly BlockCipherFamily CipherUnicornE = new(
        CipherUnicornECipher.Create, UnsafeCrypto.CreateCipherUnicornE, UnsafeCrypto.CreateCipherUnicornE, ReferenceCores.CipherUnicornE, UnsafeCores.CipherUnicornE);

    public static readonly BlockCipherFamily TripleDes = new(
        TripleDesCipher.Create, UnsafeCrypto.CreateTripleDes, UnsafeCrypto.CreateTripleDes, ReferenceCores.TripleDes, UnsafeCores.TripleDes);

    // Every other family: the two flavours as the library's catalogue creates them (CryptoCatalog.Reference and
    // UnsafeCrypto.Catalog: AlgorithmInfo.Create). None has an intrinsic path worth a row of its own, hence no
    // Unsafe-Portable flavour: the EC arithmetic and the Montgomery layer (RSA, DSA, DH) test their portable kernels
    // directly (EcForcePortableTests, ModularArithmeticTests). Each EC, RSA, DSA and DH object comes with a lazily
    // generated key that the suites import over or replace; HMAC's random key is replaced likewise.
    public static readonly Family<PrimeEcdsa> Ecdsa = FromCatalogue<PrimeEcdsa>("Ecdsa");

    public static readonly Family<PrimeEcdh> Ecdh = FromCatalogue<PrimeEcdh>("Ecdh");

    public static readonly Family<ManagedRsa> Rsa = FromCatalogue<ManagedRsa>("Rsa");

    public static readonly Family<ManagedDsa> Dsa = FromCatalogue<ManagedDsa>("Dsa");

    public static readonly Family<ManagedDiffieHellman> Dh = FromCatalogue<ManagedDiffieHellman>("Dh");

    public static readonly Family<PrimeEciesKem> EciesKem = FromCatalogue<PrimeEciesKem>("EciesKem");

    public static readonly Family<PrimePsecKem> PsecKem = FromCatalogue<PrimePsecKem>("PsecKem");

    public static readonly Family<HashAlgorithm> Ripemd160 = FromCatalogue<HashAlgorithm>("Ripemd160");

    public static readonly Family<KeyedHashAlgorithm> HmacRipemd160 = FromCatalogue<KeyedHashAlgorithm>("HmacRipemd160");

    public static readonly Family<StreamCipher> KCipher2 = FromCatalogue<StreamCipher>("KCipher2");

    public static readonly Family<StreamCipher> Enocoro128v2 = FromCatalogue<StreamCipher>("Enocoro128v2");

    public static readonly Family<StreamCipher> Mugi = FromCatalogue<StreamCipher>("Mugi");

    public static readonly Family<StreamCipher> Panama = FromCatalogue<StreamCipher>("Panama");

    public static readonly Family<HashAlgorithm> PanamaHash = FromCatalogue<HashAlgorithm>("PanamaHash");

    // RC4, obsolete for users (PANICODE001): tested as every other stream cipher.
#pragma warning disable CS0618, PANICODE001
    public static readonly Family<StreamCipher> Rc4 = new("Rc4", ("Reference", Crypto.Rc4Cipher.Create), ("Unsafe", UnsafeCrypto.CreateRc4));
#pragma warning restore CS0618, PANICODE001

    private static Family[]? s_all;

    /// <summary>Every family, in declaration order.</summary>
    public static IReadOnlyList<Family> All => s_all ??= typeof(Families).GetFields(BindingFlags.Public | BindingFlags.Static)
        .Where(f => typeof(Family).IsAssignableFrom(f.FieldType))
        .OrderBy(f => f.MetadataToken)
        .Select(f => (Family)f.GetValue(null)!)
        .ToArray();

    /// <summary>Every block cipher.</summary>
    public static IEnumerable<BlockCipherFamily> BlockCiphers => All.OfType<BlockCipherFamily>();

    /// <summary>Every block cipher that has <paramref name="bits"/>-bit blocks, e.g. 128 for GCM, CCM and CMAC.</summary>
    public static IEnumerable<BlockCipherFamily> BlockCiphersWithBlockSize(int bits) => BlockCiphers.Where(f => f.BlockSizes.Contains(bits));

    /// <summary>Every block cipher with 64-bit blocks (Hierocrypt-L1, MISTY1, CIPHERUNICORN-E, Triple DES).</summary>
    public static IEnumerable<BlockCipherFamily> BlockCiphers64 => BlockCiphersWithBlockSize(64);

    private static Family<T> FromCatalogue<T>(string id)
        where T : class
    {
        AlgorithmInfo reference = CryptoCatalog.Reference.Find(id) ?? throw new ArgumentException($"The catalogue has no {id}.", nameof(id));
        AlgorithmInfo @unsafe = UnsafeCrypto.Catalog.Find(id)!;
        return new Family<T>(id, (CryptoCatalog.Reference.Flavour, () => (T)reference.Create()), (UnsafeCrypto.Catalog.Flavour, () => (T)@unsafe.Create()));
    }

    /// <summary>The family called <paramref name="name"/> (case-insensitive), or null.</summary>
    public static Family? Find(string name) => All.SingleOrDefault(f => string.Equals(f.Name, name, StringComparison.OrdinalIgnoreCase));
}

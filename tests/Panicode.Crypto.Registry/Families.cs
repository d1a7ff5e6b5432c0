using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using System.Security.Cryptography;
using Panicode.Crypto.BlockCiphers.Rijndael;
using Panicode.Crypto.Unsafe;
using Panicode.Crypto.BlockCiphers.Clefia;
using Panicode.Crypto.BlockCiphers.Sc2000;
using Panicode.Crypto.Unsafe.BlockCiphers.CipherUnicorn;
using Panicode.Crypto.Unsafe.BlockCiphers.Hierocrypt;
using Panicode.Crypto.Unsafe.BlockCiphers.Camellia;
using Panicode.Crypto.Unsafe.BlockCiphers.Clefia;
using Panicode.Crypto.Unsafe.BlockCiphers.Sc2000;
using Panicode.Crypto.Unsafe.BlockCiphers.Rijndael;

namespace Panicode.Crypto.Registry;

/// <summary>
/// The one flavour registry (in the spirit of Go's cryptotest.TestAllImplementations): every algorithm family,
/// its flavours and, for block ciphers, the cores of its Unsafe flavour. The xUnit suites
/// (tests/Panicode.Crypto.Tests/Infrastructure/Implementations.cs), the Mono runner and the benchmarks all read it.
/// <para>
/// <b>Adding a family is one entry here</b>: a <c>public static readonly</c> field. A block cipher is a
/// <see cref="BlockCipherFamily"/> (name as its <c>[SuiteCatalog]</c> spells it; the Reference factory; the Unsafe
/// factory and the same with <c>forcePortable: true</c>; its Unsafe cores, intrinsic ones inside <c>#if NET</c> with
/// the reason they cannot run when the CPU lacks the instructions); any other family is a
/// <see cref="Family{T}"/> of (name, factory) pairs. Nothing else to update: <see cref="All"/>,
/// <see cref="BlockCiphers"/> and <see cref="BlockCiphersWithBlockSize"/> find fields by reflection, so a new
/// 128-bit cipher joins every suite over "every 128-bit block cipher" (GCM, CCM, CMAC, ...) by itself.
/// </para>
/// <para>
/// One naming scheme everywhere: flavours "Reference", "Unsafe" (intrinsics where the CPU has them) and
/// "Unsafe-Portable" (intrinsics off); cores "Portable", "AesNi", ... A flavour only appears when it can be built:
/// no row that can never bind.
/// </para>
/// </summary>
public static class Families
{
    public static readonly BlockCipherFamily Rijndael = new(
        "Rijndael",
        RijndaelCipher.Create,
        UnsafeCrypto.CreateRijndael,
        () => UnsafeCrypto.CreateRijndael(forcePortable: true),
        new BlockCipherCore("Portable", (key, blockBytes) => new RijndaelPortableCore(key, blockBytes))
#if NET
        ,
        new BlockCipherCore("AesNi", (key, _) => new RijndaelAesNiCore(key), new[] { 128 }, Unavailable(RijndaelAesNiCore.IsSupported, "AES-NI")),
        new BlockCipherCore("AesNi256", (key, _) => new RijndaelAesNi256Core(key), new[] { 256 }, Unavailable(RijndaelAesNi256Core.IsSupported, "AES-NI with SSSE3 and SSE4.1")),
        new BlockCipherCore("AesNiWide", (key, blockBytes) => new RijndaelAesNiWideCore(key, blockBytes), new[] { 160, 192, 224 }, Unavailable(RijndaelAesNiWideCore.IsSupported, "AES-NI with SSSE3 and SSE4.1"))
#endif
        );

    public static readonly BlockCipherFamily Camellia = new(
        "Camellia",
        CamelliaCipher.Create,
        UnsafeCrypto.CreateCamellia,
        () => UnsafeCrypto.CreateCamellia(forcePortable: true),
        new BlockCipherCore("Portable", (key, _) => new CamelliaPortableCore(key))
#if NET
        ,
        CamelliaGfni(512),
        CamelliaGfni(256),
        CamelliaGfni(128),
        new BlockCipherCore(
            "Sliced-AesNi",
            (key, _) => new CamelliaSlicedCore(key, CamelliaSBoxUnit.AesNi),
            skipReason: Unavailable(CamelliaSlicedCore.IsSupported(CamelliaSBoxUnit.AesNi), "AES-NI with SSSE3")),

        // The one/two-block table-free GFNI core alone (the Sliced-Gfni rows send their leftovers to the tables; the
        // Unsafe flavour's GFNI core sends them here), and the sliced core in the Unsafe flavour's GFNI form.
        new BlockCipherCore("Serial-Gfni", (key, _) => new CamelliaGfniSerialCore(key), skipReason: Unavailable(CamelliaGfniSerialCore.IsSupported, "GFNI with SSSE3")),
        new BlockCipherCore(
            "Sliced-Gfni-ConstantTime",
            (key, _) => new CamelliaSlicedCore(key, CamelliaSBoxUnit.Gfni, constantTime: true),
            skipReason: Unavailable(CamelliaGfniSerialCore.IsSupported, "GFNI with SSSE3"))
#endif
        );

    public static readonly BlockCipherFamily Clefia = new(
        "Clefia",
        ClefiaCipher.Create,
        UnsafeCrypto.CreateClefia,
        () => UnsafeCrypto.CreateClefia(forcePortable: true),
        new BlockCipherCore("Portable", (key, _) => new ClefiaPortableCore(key))
#if NET
        ,
        new BlockCipherCore("Gfni", (key, _) => new ClefiaGfniCore(key), skipReason: Unavailable(ClefiaGfniCore.IsSupported, "GFNI"))
#endif
        );

    // SC2000's Unsafe flavour has one core (joined S/M tables, bitsliced B) and no intrinsic path: no Unsafe-Portable row.
    public static readonly BlockCipherFamily Sc2000 = new(
        "Sc2000",
        Sc2000Cipher.Create,
        UnsafeCrypto.CreateSc2000,
        null,
        new BlockCipherCore("Portable", (key, _) => new Sc2000PortableCore(key)));

    public static readonly BlockCipherFamily Hierocrypt3 = new(
        "Hierocrypt3",
        Hierocrypt3Cipher.Create,
        UnsafeCrypto.CreateHierocrypt3,
        () => UnsafeCrypto.CreateHierocrypt3(forcePortable: true),
        new BlockCipherCore("Portable", (key, _) => new Hierocrypt3PortableCore(key))
#if NET
        ,
        new BlockCipherCore("Gfni", (key, _) => new Hierocrypt3GfniCore(key), skipReason: Unavailable(Hierocrypt3GfniCore.IsSupported, "GFNI with SSSE3"))
#endif
        );

    // CIPHERUNICORN-A's Unsafe flavour has one core (the four Tn functions as one pointer table) and no intrinsic path.
    public static readonly BlockCipherFamily CipherUnicornA = new(
        "CipherUnicornA",
        CipherUnicornACipher.Create,
        UnsafeCrypto.CreateCipherUnicornA,
        null,
        new BlockCipherCore("Portable", (key, _) => new CipherUnicornAPortableCore(key)));

    // Hierocrypt-L1 (64-bit block): the Unsafe flavour has one core (pointer tables) and no intrinsic path. It is a plain
    // family, not a BlockCipherFamily, so the suites over every block cipher (written for blocks of 128 bits and more)
    // leave it out; Block64ModeTests checks the modes with the 8-byte block of every family in BlockCiphers64.
    public static readonly Family<SymmetricAlgorithm> HierocryptL1 = new(
        "HierocryptL1", ("Reference", HierocryptL1Cipher.Create), ("Unsafe", UnsafeCrypto.CreateHierocryptL1));

    // MISTY1 (64-bit block) is a plain family for the same reason.
    public static readonly Family<SymmetricAlgorithm> Misty1 = new("Misty1", ("Reference", Misty1Cipher.Create), ("Unsafe", UnsafeCrypto.CreateMisty1));

    // CIPHERUNICORN-E (64-bit block) likewise; its Unsafe flavour has one core (each T function as one pointer table).
    public static readonly Family<SymmetricAlgorithm> CipherUnicornE = new(
        "CipherUnicornE", ("Reference", CipherUnicornECipher.Create), ("Unsafe", UnsafeCrypto.CreateCipherUnicornE));

    // Each EC factory returns an object whose key the suite then imports or generates. The Unsafe EC arithmetic has
    // no intrinsic path, hence no Unsafe-Portable flavour.
    public static readonly Family<PrimeEcdsa> Ecdsa = new("Ecdsa", ("Reference", PrimeEcdsa.Create), ("Unsafe", UnsafeCrypto.CreateEcdsa));

    public static readonly Family<PrimeEcdh> Ecdh = new("Ecdh", ("Reference", PrimeEcdh.Create), ("Unsafe", UnsafeCrypto.CreateEcdh));

    // RSA: each factory returns an object with a lazily generated key, which the suite then imports or replaces. The
    // Unsafe flavour's portable kernel is tested directly (ModularArithmeticTests), hence no Unsafe-Portable row here.
    public static readonly Family<ManagedRsa> Rsa = new("Rsa", ("Reference", ManagedRsa.Create), ("Unsafe", UnsafeCrypto.CreateRsa));

    // DSA: on the same Montgomery layer as RSA, hence no Unsafe-Portable row either.
    public static readonly Family<ManagedDsa> Dsa = new("Dsa", ("Reference", ManagedDsa.Create), ("Unsafe", UnsafeCrypto.CreateDsa));

    // RIPEMD-160: the Unsafe flavour unrolls the compression function and has no intrinsic path (no Unsafe-Portable row).
    public static readonly Family<HashAlgorithm> Ripemd160 = new("Ripemd160", ("Reference", Crypto.Ripemd160.Create), ("Unsafe", UnsafeCrypto.CreateRipemd160));

    // HMAC-RIPEMD-160: one class (RFC 2104 written once) over either flavour's hash; each suite replaces the random key.
    public static readonly Family<KeyedHashAlgorithm> HmacRipemd160 = new(
        "HmacRipemd160", ("Reference", () => new HmacRipemd160()), ("Unsafe", UnsafeCrypto.CreateHmacRipemd160));
    // Stream ciphers: a Reference and an Unsafe flavour (no intrinsic path, hence no Unsafe-Portable).
    public static readonly Family<StreamCipher> KCipher2 = new("KCipher2", ("Reference", Crypto.KCipher2.Create), ("Unsafe", UnsafeCrypto.CreateKCipher2));

    public static readonly Family<StreamCipher> Enocoro128v2 = new("Enocoro128v2", ("Reference", Crypto.Enocoro128v2.Create), ("Unsafe", UnsafeCrypto.CreateEnocoro128v2));

    public static readonly Family<StreamCipher> Mugi = new("Mugi", ("Reference", Crypto.Mugi.Create), ("Unsafe", UnsafeCrypto.CreateMugi));

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

    /// <summary>
    /// Every plain <see cref="SymmetricAlgorithm"/> family whose cipher has 64-bit blocks (Hierocrypt-L1, MISTY1): outside
    /// <see cref="BlockCiphers"/>, whose suites assume blocks of 128 bits and more.
    /// </summary>
    public static IEnumerable<Family<SymmetricAlgorithm>> BlockCiphers64 => All.OfType<Family<SymmetricAlgorithm>>()
        .Where(f => f is not BlockCipherFamily && Has64BitBlocks(f.Flavours[0]));

    /// <summary>The family called <paramref name="name"/> (case-insensitive), or null.</summary>
    public static Family? Find(string name) => All.SingleOrDefault(f => string.Equals(f.Name, name, StringComparison.OrdinalIgnoreCase));

    private static string? Unavailable(bool supported, string instructions) =>
        supported ? null : $"{instructions} not available on this CPU (or switched off with a DOTNET_Enable* setting)";

#if NET
    // The GFNI core batches 64, 32 or 16 blocks at the widest width this process has (512, 256 or 128 bits) and runs
    // the narrower widths for remainders only. One row per width, so a width this process cannot batch at shows as
    // a skip; .ci/run runs the core suites again with AVX-512 and AVX2 switched off to batch at the others.
    private static BlockCipherCore CamelliaGfni(int width)
    {
        string? skip = Unavailable(CamelliaSlicedCore.IsSupported(CamelliaSBoxUnit.Gfni), "GFNI");
        if (skip is null && CamelliaSlicedCore.GfniWidth != width)
        {
            skip = width > CamelliaSlicedCore.GfniWidth
                ? $"{width}-bit GFNI ({(width == 512 ? "AVX-512BW" : "AVX2")}) not available on this CPU (or switched off with a DOTNET_Enable* setting); this process batches at {CamelliaSlicedCore.GfniWidth} bits"
                : $"this process batches GFNI at {CamelliaSlicedCore.GfniWidth} bits and runs {width} bits only for remainders; whole {width}-bit batches run with the wider instruction sets switched off (a .ci/run leg)";
        }

        return new BlockCipherCore("Sliced-Gfni" + width, (key, _) => new CamelliaSlicedCore(key, CamelliaSBoxUnit.Gfni), skipReason: skip);
    }
#endif

    private static bool Has64BitBlocks(Flavour<SymmetricAlgorithm> flavour)
    {
        using SymmetricAlgorithm algorithm = flavour.Create();
        return algorithm.BlockSize == 64;
    }
}

using Panicode.Crypto.Catalog;
using Panicode.Crypto.Unsafe.Aead;
using Panicode.Crypto.Unsafe.BlockCiphers.Camellia;
using Panicode.Crypto.Unsafe.BlockCiphers.CipherUnicorn;
using Panicode.Crypto.Unsafe.BlockCiphers.Clefia;
using Panicode.Crypto.Unsafe.BlockCiphers.Hierocrypt;
using Panicode.Crypto.Unsafe.BlockCiphers.Misty1;
using Panicode.Crypto.Unsafe.BlockCiphers.Rijndael;
using Panicode.Crypto.Unsafe.BlockCiphers.Sc2000;
using Panicode.Crypto.Unsafe.BlockCiphers.TripleDes;
using Panicode.Crypto.Unsafe.Internal;
using Core = Panicode.Crypto.Catalog.CoreCandidate<Panicode.Crypto.Catalog.BlockCipherFactory>;

namespace Panicode.Crypto.Unsafe.Catalog;

/// <summary>
/// The cores of the Unsafe flavour, best first, per family: the one place that says which cores exist, what CPU
/// features each needs and which one a CPU runs (the library takes the first selectable candidate this process can
/// run; see <see cref="CoreList{T}.Choose"/>). Intrinsic cores exist on .NET only; on netstandard2.0 each list is
/// its portable core alone. The tests, the Mono runner, dudect, the benchmarks, the browser demo and <c>.ci/run</c>'s
/// expected-core check all read these lists.
/// </summary>
internal static class UnsafeCores
{
    public static readonly CoreList<BlockCipherFactory> Rijndael = new(
        "Rijndael",
#if NET
        new Core("AesNi", (key, _) => new RijndaelAesNiCore(key), "aes", () => RijndaelAesNiCore.IsSupported, new[] { 128 }),
        new Core("AesNi256", (key, _) => new RijndaelAesNi256Core(key), "aes ssse3 sse4_1", () => RijndaelAesNi256Core.IsSupported, new[] { 256 }),
        new Core("AesNiWide", (key, blockBytes) => new RijndaelAesNiWideCore(key, blockBytes), "aes ssse3 sse4_1", () => RijndaelAesNiWideCore.IsSupported, new[] { 160, 192, 224 }),
        new Core("ArmAes", (key, _) => new RijndaelArmAesCore(key), "asimd aes", () => RijndaelArmAesCore.IsSupported, new[] { 128 }),
        new Core("ArmAesWide", (key, blockBytes) => new RijndaelArmAesWideCore(key, blockBytes), "asimd aes", () => RijndaelArmAesWideCore.IsSupported, new[] { 160, 192, 224, 256 }),
#endif
        new Core("Portable", (key, blockBytes) => new RijndaelPortableCore(key, blockBytes)));

    // Camellia with GFNI: the byte-sliced core batches at the widest width this process has and sends what its batches
    // leave (one or two blocks: CBC encryption, CFB, OFB, short tails) and its key schedule to the table-free serial
    // core, which also measured faster than the tables there (docs/benchmarks.md, "Camellia's serial paths on GFNI").
    // The parts after it are registered so each runs alone in the tests: the serial core, and the sliced core at each
    // width with table leftovers (a width runs whole batches only where no wider one exists: .ci/run switches the
    // wider instruction sets off to reach the others).
    public static readonly CoreList<BlockCipherFactory> Camellia = new(
        "Camellia",
#if NET
        new Core("Sliced-Gfni-ConstantTime", (key, _) => new CamelliaSlicedCore(key, CamelliaSBoxUnit.Gfni, constantTime: true), "gfni ssse3",
            () => CamelliaSlicedCore.IsSupported(CamelliaSBoxUnit.Gfni) && CamelliaGfniSerialCore.IsSupported),
        new Core("Sliced-AesNi", (key, _) => new CamelliaSlicedCore(key, CamelliaSBoxUnit.AesNi), "aes ssse3", () => CamelliaSlicedCore.IsSupported(CamelliaSBoxUnit.AesNi)),
        new Core("Serial-Gfni", (key, _) => new CamelliaGfniSerialCore(key), "gfni ssse3", () => CamelliaGfniSerialCore.IsSupported, selectable: false),
        CamelliaGfni(512, "gfni avx512bw"),
        CamelliaGfni(256, "gfni avx2 !avx512bw"),
        CamelliaGfni(128, "gfni !avx2"),
#endif
        new Core("Portable", (key, _) => new CamelliaPortableCore(key)));

    public static readonly CoreList<BlockCipherFactory> Clefia = new(
        "Clefia",
#if NET
        new Core("Gfni", (key, _) => new ClefiaGfniCore(key), "gfni ssse3", () => ClefiaGfniCore.IsSupported),
#endif
        new Core("Portable", (key, _) => new ClefiaPortableCore(key)));

    // SC2000 has no S-box an x86 instruction computes: one core (joined S/M tables, bitsliced B).
    public static readonly CoreList<BlockCipherFactory> Sc2000 = new("Sc2000", new Core("Portable", (key, _) => new Sc2000PortableCore(key)));

    public static readonly CoreList<BlockCipherFactory> Hierocrypt3 = new(
        "Hierocrypt3",
#if NET
        new Core("Gfni", (key, _) => new Hierocrypt3GfniCore(key), "gfni ssse3", () => Hierocrypt3GfniCore.IsSupported),
#endif
        new Core("Portable", (key, _) => new Hierocrypt3PortableCore(key)));

    public static readonly CoreList<BlockCipherFactory> CipherUnicornA = new(
        "CipherUnicornA", new Core("Portable", (key, _) => new CipherUnicornAPortableCore(key)));

    public static readonly CoreList<BlockCipherFactory> HierocryptL1 = new(
        "HierocryptL1", new Core("Portable", (key, _) => new HierocryptL1PortableCore(key)));

    public static readonly CoreList<BlockCipherFactory> Misty1 = new(
        "Misty1", new Core("Portable", (key, _) => new Misty1PortableCore(key)));

    public static readonly CoreList<BlockCipherFactory> CipherUnicornE = new(
        "CipherUnicornE", new Core("Portable", (key, _) => new CipherUnicornEPortableCore(key)));

    // Triple DES: bitsliced batches as wide as the CPU allows (the S-boxes as circuits), the table core for
    // the serial paths and short calls. Each width is also a core of its own so the tests run every one.
    public static readonly CoreList<BlockCipherFactory> TripleDes = new(
        "TripleDes",
#if NET
        new Core("Bitsliced512", (key, _) => new TripleDesBitslicedCore(key, 512), "avx512f", () => TripleDesBitslicedCore.IsSupported(512)),
        new Core("Bitsliced256", (key, _) => new TripleDesBitslicedCore(key, 256), "avx2", () => TripleDesBitslicedCore.IsSupported(256)),
        new Core("Bitsliced128", (key, _) => new TripleDesBitslicedCore(key, 128), "sse2", () => TripleDesBitslicedCore.IsSupported(128)),
        new Core("Bitsliced128-AdvSimd", (key, _) => new TripleDesBitslicedCore(key, 128), "asimd", () => TripleDesBitslicedCore.IsSupportedOnArm64),
        new Core("Bitsliced-EveryBlock", (key, _) => new TripleDesBitslicedCore(key, 128, batchEveryBlock: true), "sse2", () => TripleDesBitslicedCore.IsSupported(128), selectable: false),
#endif
        new Core("Portable", (key, _) => new TripleDesPortableCore(key)));

    /// <summary>
    /// GHASH: carry-less multiplication where the CPU has it (PCLMULQDQ on x86, PMULL on ARM64: one class,
    /// Aead/GHashClmul.cs), else the Reference flavour's constant-time integer code
    /// (a table-driven GHASH would be faster but index memory by H).
    /// </summary>
    public static readonly CoreList<GHashFactory> GHash = new(
        "GHASH",
#if NET
        new CoreCandidate<GHashFactory>("Clmul", h => new GHashClmul(h), "pclmulqdq ssse3", () => GHashClmul.IsSupportedOnX86),
        new CoreCandidate<GHashFactory>("Pmull", h => new GHashClmul(h), "asimd pmull", () => GHashClmul.IsSupportedOnArm64),
#endif
        ReferenceCores.GHash.Candidates[0]);

    /// <summary>Every block-cipher list, in the order of <see cref="ReferenceCores.BlockCiphers"/>.</summary>
    public static readonly CoreList<BlockCipherFactory>[] BlockCiphers =
    {
        Rijndael, Camellia, Clefia, Sc2000, Hierocrypt3, CipherUnicornA, HierocryptL1, Misty1, CipherUnicornE, TripleDes,
    };

    /// <summary>The Unsafe flavour of a family: its cores, the Unsafe GHASH and one-pass GCM loop.</summary>
    /// <param name="cores">The family's list above.</param>
    /// <param name="allowIntrinsics">False for the portable cores only (tests, benchmarks, <c>PANICODE_FORCE_PORTABLE=1</c>).</param>
    public static CipherCores Flavour(CoreList<BlockCipherFactory> cores, bool allowIntrinsics) =>
        new(cores, GHash, allowIntrinsics && CpuFeatures.IntrinsicsAllowed, UnsafeGHash.CreateBulk);

#if NET
    private static Core CamelliaGfni(int width, string features) => new(
        "Sliced-Gfni" + width,
        (key, _) => new CamelliaSlicedCore(key, CamelliaSBoxUnit.Gfni),
        features,
        () => CamelliaSlicedCore.IsSupported(CamelliaSBoxUnit.Gfni) && CamelliaSlicedCore.GfniWidth == width,
        selectable: false);
#endif
}

using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.BlockCiphers.Camellia;
using Panicode.Crypto.Modes;
using Panicode.Crypto.Registry;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Unsafe.BlockCiphers.Camellia;
using Panicode.Crypto.Ablation.Camellia;

namespace Panicode.Crypto.Tests.Camellia;

/// <summary>
/// The Unsafe Camellia flavours against the Reference one: through the public API, at the core (the portable core,
/// the sliced GFNI/AES-NI cores this machine can run, every ablation variant) and at the key schedule.
/// </summary>
public sealed class UnsafeCamelliaTests
{
    private static readonly int[] s_keySizes = { 16, 24, 32 };

    // Around the GFNI core's batches (16, 32 or 64 blocks): partial, whole, whole plus remainder, several.
    private static readonly int[] s_blockCounts = { 0, 1, 2, 5, 15, 16, 17, 31, 32, 33, 47, 48, 63, 64, 65, 96, 127, 128, 129, 200 };

    public static TheoryData<string> AblationVariants => new(AllVariants().Select(v => v.ToString()));

    /// <summary>
    /// The ablation variants as cores (benchmark research code); the catalogue's cores run in the one core-contract
    /// suite (BlockCiphers/UnsafeCoreContractTests.cs).
    /// </summary>
    public static TheoryData<string> Cores => new(CoreFactories().Keys.Where(k => k.StartsWith("Ablation-", StringComparison.Ordinal)));

    [Theory]
    [MemberData(nameof(AblationVariants))]
    public void AblationVariantMatchesReferenceInEveryModeAndPadding(string name)
    {
        CamelliaAblation variant = (CamelliaAblation)Enum.Parse(typeof(CamelliaAblation), name);
        int cases = UnsafeDifferential.RunModesAndPaddings(
            CamelliaCipher.Create, () => CamelliaAblationCore.CreateAlgorithm(variant), new[] { 16 }, s_keySizes, new Random(9 + (int)variant));
        Assert.Equal(3 * 6 * 5, cases);
    }

    [Theory]
    [MemberData(nameof(Cores))]
    public void BatchOf101BlocksEqualsSingleBlockCallsAndReference(string core) =>
        ForEveryKeySize(core, new Random(8), UnsafeDifferential.BatchEqualsSinglesAndReference);

    [Theory]
    [MemberData(nameof(Cores))]
    public void CallsOfEveryLengthAroundTheBatchSizesMatchReference(string core) =>
        ForEveryKeySize(core, new Random(9), (reference, candidate, random, label) =>
            UnsafeDifferential.LengthsMatchReference(reference, candidate, random, s_blockCounts, label));

    [Fact]
    public void AutoFlavourUsesTheSlicedCoreExactlyWhenTheCpuHasGfniOrAesNiAndIntrinsicsAreAllowed()
    {
        bool allowed = Environment.GetEnvironmentVariable("PANICODE_FORCE_PORTABLE") != "1";
        Assert.Equal(allowed, Unsafe.Internal.CpuFeatures.IntrinsicsAllowed);
        bool hardware = CamelliaSlicedCore.IsSupported(CamelliaSBoxUnit.Gfni) || CamelliaSlicedCore.IsSupported(CamelliaSBoxUnit.AesNi);
        using BlockCipher auto = UnsafeCamellia.CreateCore(new byte[16], allowed);
        Assert.Equal(hardware && allowed, auto is CamelliaSlicedCore);
        if (auto is CamelliaSlicedCore sliced)
        {
            Assert.Equal(CamelliaSlicedCore.IsSupported(CamelliaSBoxUnit.Gfni) ? CamelliaSBoxUnit.Gfni : CamelliaSBoxUnit.AesNi, sliced.Unit);
        }

        using BlockCipher portable = UnsafeCamellia.CreateCore(new byte[16], allowIntrinsics: false);
        Assert.IsType<CamelliaPortableCore>(portable);
    }

    [Theory]
    [MemberData(nameof(Cores))]
    public void EmptyCbcKeepsTheChainAndADisposedCoreThrows(string core)
    {
        Random random = new(11);
        foreach (bool used in new[] { false, true })
        {
            using BlockCipher cipher = Core(core)(UnsafeDifferential.Bytes(random, 16));
            UnsafeDifferential.EdgesOfTheContract(cipher, used, random, $"Camellia {core}, used {used}");
        }
    }

    [Fact]
    public void TheUnsafeCoresDeclareTheirCbcLoop()
    {
        // See Modes/Cbc.cs: a core's own CBC encryption loop is a declared capability that only this test notices.
        Assert.True(typeof(ICbcEncryptor).IsAssignableFrom(typeof(CamelliaPortableCore)));
        Assert.True(typeof(ICbcEncryptor).IsAssignableFrom(typeof(CamelliaSlicedCore)));
    }

    [Fact]
    public void EveryAblationVariantIsAnEnumValueWithACore()
    {
        // The enum documents six variants (no NoStackalloc: Camellia's state lives in registers).
        Assert.Equal(6, AllVariants().Length);
        Assert.Equal(AllVariants().Length, CoreFactories().Keys.Count(name => name.StartsWith("Ablation-", StringComparison.Ordinal)));
    }

    [Fact]
    public void UnsafeKeyScheduleEqualsReferenceScheduleForRandomKeys()
    {
        Random random = new(10);
        int compared = 0;
        foreach (int keySize in s_keySizes)
        {
            for (int i = 0; i < 200; i++)
            {
                byte[] key = UnsafeDifferential.Bytes(random, keySize);
                ulong[] expected = CamelliaCore.ExpandKey(key);
                ulong[] actual = CamelliaKeySchedule.Expand(key);
                Assert.True(expected.AsSpan().SequenceEqual(actual), $"key {Convert.ToHexString(key)}");
                compared++;
            }
        }

        Assert.Equal(600, compared);
    }

    private static CamelliaAblation[] AllVariants() => (CamelliaAblation[])Enum.GetValues(typeof(CamelliaAblation));

    private static void ForEveryKeySize(string core, Random random, Action<BlockCipher, BlockCipher, Random, string> check)
    {
        foreach (int keySize in s_keySizes)
        {
            byte[] key = UnsafeDifferential.Bytes(random, keySize);
            using BlockCipher reference = new CamelliaCore(key);
            using BlockCipher candidate = Core(core)(key);
            check(reference, candidate, random, $"Camellia {core}, key {keySize * 8}");
        }
    }

    // The factory of a core row; a core this process cannot run skips the test with the registry's reason.
    private static Func<byte[], BlockCipher> Core(string name)
    {
        CoreRows.SkipUnlessRunnable(Families.Camellia, name);
        return CoreFactories()[name];
    }

    // Every core of the registry (Families.Camellia.Cores; a row this process cannot run is skipped with the registry's
    // reason, see SkipUnlessRunnable), then the ablation variants (benchmark research code).
    private static Dictionary<string, Func<byte[], BlockCipher>> CoreFactories()
    {
        Dictionary<string, Func<byte[], BlockCipher>> cores = Families.Camellia.Cores
            .ToDictionary(c => c.Name, c => (Func<byte[], BlockCipher>)(key => c.Create(key, 16)));
        foreach (CamelliaAblation variant in AllVariants())
        {
            cores["Ablation-" + variant] = key => new CamelliaAblationCore(key, variant);
        }

        return cores;
    }
}

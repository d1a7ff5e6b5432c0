using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.Modes;
using Panicode.Crypto.BlockCiphers.Rijndael;
using Panicode.Crypto.Registry;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Unsafe.BlockCiphers.Rijndael;
using Panicode.Crypto.Ablation.Rijndael;

namespace Panicode.Crypto.Tests.Rijndael;

/// <summary>
/// The Unsafe Rijndael flavours against the Reference one: randomized differential tests through the
/// public API over every block size, key size, mode and padding, and core-level tests (a batch of
/// blocks equals the same blocks one call at a time) over every optimized core and ablation variant.
/// </summary>
public sealed class UnsafeRijndaelTests
{
    private static readonly int[] s_sizes = { 16, 20, 24, 28, 32 };

    public static TheoryData<Implementation<SymmetricAlgorithm>> UnsafeFlavours =>
        Implementations.ToTheoryData(Implementations.Rijndael.Where(i => i.Name != "Reference"));

    /// <summary>
    /// The ablation variants as cores (benchmark research code); the catalogue's cores run in the one core-contract
    /// suite (BlockCiphers/UnsafeCoreContractTests.cs).
    /// </summary>
    public static TheoryData<string> Cores => new(CoreFactories().Keys.Where(k => k.StartsWith("Ablation-", StringComparison.Ordinal)));

    /// <summary>The ablation variants by name (the enum is internal to the Unsafe assembly).</summary>
    public static TheoryData<string> AblationVariants => new(Enum.GetNames(typeof(RijndaelAblation)));

    [Theory]
    [MemberData(nameof(UnsafeFlavours))]
    public void OneShotMethodsMatchReference(Implementation<SymmetricAlgorithm> flavour)
    {
        Random random = new(5);
        foreach (int blockSize in s_sizes)
        foreach (int keySize in s_sizes)
        {
            byte[] key = UnsafeDifferential.Bytes(random, keySize);
            byte[] iv = UnsafeDifferential.Bytes(random, blockSize);
            byte[] plaintext = UnsafeDifferential.Bytes(random, random.Next(0, 40 * blockSize));
            using SymmetricAlgorithm reference = UnsafeDifferential.Configure(RijndaelCipher.Create(), key, iv, blockSize, CipherMode.CBC, blockSize, PaddingMode.PKCS7);
            using SymmetricAlgorithm candidate = UnsafeDifferential.Configure(flavour.Create(), key, iv, blockSize, CipherMode.CBC, blockSize, PaddingMode.PKCS7);
            byte[] ecb = reference.EncryptEcb(plaintext, PaddingMode.PKCS7);
            byte[] cbc = reference.EncryptCbc(plaintext, iv, PaddingMode.PKCS7);
            Assert.Equal(ecb, candidate.EncryptEcb(plaintext, PaddingMode.PKCS7));
            Assert.Equal(cbc, candidate.EncryptCbc(plaintext, iv, PaddingMode.PKCS7));
            Assert.Equal(plaintext, candidate.DecryptEcb(ecb, PaddingMode.PKCS7));
            Assert.Equal(plaintext, candidate.DecryptCbc(cbc, iv, PaddingMode.PKCS7));
        }
    }

    [Theory]
    [MemberData(nameof(Cores))]
    public void EmptyCbcKeepsTheChainAndADisposedCoreThrows(string core)
    {
        Random random = new(102);
        foreach (int blockSize in BlockSizes(core))
        foreach (bool used in new[] { false, true })
        {
            using BlockCipher cipher = Core(core)(UnsafeDifferential.Bytes(random, 16), blockSize);
            UnsafeDifferential.EdgesOfTheContract(cipher, used, random, $"{core}, block {blockSize * 8}, used {used}");
        }
    }

    [Theory]
    [MemberData(nameof(Cores))]
    public void BatchOf101BlocksEqualsSingleBlockCallsAndReference(string core)
    {
        Func<byte[], int, BlockCipher> create = Core(core);
        Random random = new(101);
        foreach (int blockSize in BlockSizes(core))
        foreach (int keySize in s_sizes)
        {
            byte[] key = UnsafeDifferential.Bytes(random, keySize);
            using BlockCipher reference = new RijndaelCore(key, blockSize);
            using BlockCipher candidate = create(key, blockSize);
            UnsafeDifferential.BatchEqualsSinglesAndReference(reference, candidate, random, $"{core}, block {blockSize * 8}, key {keySize * 8}");
        }
    }

    // Around the batch widths of the AES-NI cores (8 blocks; 8 and 4 for the two-register cores), in place and out.
    [Theory]
    [MemberData(nameof(Cores))]
    public void CallsOfEveryLengthAroundTheBatchSizesMatchReference(string core)
    {
        Func<byte[], int, BlockCipher> create = Core(core);
        Random random = new(102);
        int[] blockCounts = { 0, 1, 2, 3, 4, 5, 7, 8, 9, 11, 12, 13, 15, 16, 17, 23, 24, 25, 31, 32, 33 };
        foreach (int blockSize in BlockSizes(core))
        foreach (int keySize in s_sizes)
        {
            byte[] key = UnsafeDifferential.Bytes(random, keySize);
            using BlockCipher reference = new RijndaelCore(key, blockSize);
            using BlockCipher candidate = create(key, blockSize);
            UnsafeDifferential.LengthsMatchReference(reference, candidate, random, blockCounts, $"{core}, block {blockSize * 8}, key {keySize * 8}");
        }
    }

    [Theory]
    [MemberData(nameof(AblationVariants))]
    public void EveryAblationVariantMatchesReferenceInEveryModeAndPadding(string name)
    {
        RijndaelAblation variant = (RijndaelAblation)Enum.Parse(typeof(RijndaelAblation), name);
        int cases = UnsafeDifferential.RunModesAndPaddings(
            RijndaelCipher.Create, () => RijndaelAblationCore.CreateAlgorithm(variant), s_sizes, s_sizes, new Random(6 + (int)variant));

        // 25 size pairs x 6 modes x 5 paddings.
        Assert.Equal(25 * 6 * 5, cases);
    }

    [Fact]
    public void EveryAblationVariantIsListed()
    {
        RijndaelAblation[] variants = (RijndaelAblation[])Enum.GetValues(typeof(RijndaelAblation));

        // The four techniques out one at a time, plus the baseline with all of them.
        Assert.Equal(5, variants.Length);
        Assert.Equal(variants.Length, AblationVariants.Count);
        foreach (RijndaelAblation variant in variants)
        {
            Assert.Contains("Ablation-" + variant, CoreFactories().Keys);
        }
    }

    [Fact]
    public void AblationBaselineIsTheShippingCoreAndEachVariantSwapsExactlyOneTechnique()
    {
        using BlockCipher baseline = RijndaelAblationCore.Create(new byte[16], 16, RijndaelAblation.AllTechniques);
        Assert.IsType<RijndaelPortableCore>(baseline);
        Type[] shipping = PolicyArguments(baseline);

        // Positions of the policy type arguments: 0, 1 = tables (encryption, decryption), 2 = bytes. Technique 2
        // (stackalloc temporaries) is not a policy of the shipped rounds: its variant is a core of its own.
        Dictionary<RijndaelAblation, int[]> swapped = new()
        {
            [RijndaelAblation.NoPointers] = new[] { 0, 1 },
            [RijndaelAblation.MaskInsteadOfCast] = new[] { 2 },
            [RijndaelAblation.StaticFieldTables] = new[] { 0, 1 },
        };
        Assert.Equal(Enum.GetValues(typeof(RijndaelAblation)).Length - 2, swapped.Count);
        using (BlockCipher heapState = RijndaelAblationCore.Create(new byte[16], 16, RijndaelAblation.NoStackalloc))
        {
            Assert.IsType<RijndaelHeapStateCore>(heapState);
        }

        HashSet<string> tablePolicies = new();
        foreach ((RijndaelAblation variant, int[] positions) in swapped)
        {
            using BlockCipher core = RijndaelAblationCore.Create(new byte[16], 16, variant);
            Type[] policies = PolicyArguments(core);
            int[] differing = Enumerable.Range(0, 3).Where(i => policies[i] != shipping[i]).ToArray();
            Assert.True(positions.SequenceEqual(differing), $"{variant} swaps policies [{string.Join(", ", differing)}], expected [{string.Join(", ", positions)}]");
            if (positions[0] == 0)
            {
                Assert.True(tablePolicies.Add(policies[0].GetGenericTypeDefinition().Name), $"{variant} reuses another variant's table policy");
            }
        }

        Assert.Throws<ArgumentOutOfRangeException>(() => RijndaelAblationCore.Create(new byte[16], 16, (RijndaelAblation)99));
    }

    [Fact]
    public void TheAesNiCoresDeclareTheirCbcLoop()
    {
        // The fused CBC loop is a declared capability (Modes/Cbc.cs); without the declaration Cbc.Encrypt would fall
        // back to one core call per block and every result would stay correct, so only this test notices.
        Assert.True(typeof(ICbcEncryptor).IsAssignableFrom(typeof(RijndaelAesNiCore)));
        Assert.True(typeof(ICbcEncryptor).IsAssignableFrom(typeof(RijndaelAesNi256Core)));
        Assert.True(typeof(ICbcEncryptor).IsAssignableFrom(typeof(RijndaelArmAesCore)));
        Assert.True(typeof(ICbcEncryptor).IsAssignableFrom(typeof(RijndaelArmAesWideCore)));
        Assert.False(typeof(ICbcEncryptor).IsAssignableFrom(typeof(RijndaelPortableCore)));
    }

    [Fact]
    public void AutoFlavourUsesAesNiExactlyWhenTheCpuHasItAndIntrinsicsAreAllowed()
    {
        bool allowed = Environment.GetEnvironmentVariable("PANICODE_FORCE_PORTABLE") != "1";
        Assert.Equal(allowed, Unsafe.Internal.CpuFeatures.IntrinsicsAllowed);
        foreach (int blockSize in s_sizes)
        {
            bool hardware = blockSize switch
            {
                16 => RijndaelAesNiCore.IsSupported || RijndaelArmAesCore.IsSupported,
                32 => RijndaelAesNi256Core.IsSupported || RijndaelArmAesWideCore.IsSupported,
                _ => RijndaelAesNiWideCore.IsSupported || RijndaelArmAesWideCore.IsSupported,
            };
            using BlockCipher auto = UnsafeRijndael.CreateCore(new byte[16], blockSize, allowed);
            Assert.Equal(hardware && allowed, auto is not RijndaelPortableCore);
            using BlockCipher portable = UnsafeRijndael.CreateCore(new byte[16], blockSize, allowIntrinsics: false);
            Assert.IsType<RijndaelPortableCore>(portable);
        }
    }

    // The factory of a core row; a core this process cannot run skips the test with the registry's reason.
    private static Func<byte[], int, BlockCipher> Core(string name)
    {
        CoreRows.SkipUnlessRunnable(Families.Rijndael, name);
        return CoreFactories()[name];
    }

    // Every core of the registry (Families.Rijndael.Cores; a row this process cannot run is skipped with the registry's
    // reason, see SkipUnlessRunnable), then the ablation variants (benchmark research code).
    private static Dictionary<string, Func<byte[], int, BlockCipher>> CoreFactories()
    {
        Dictionary<string, Func<byte[], int, BlockCipher>> cores = Families.Rijndael.Cores
            .ToDictionary(c => c.Name, c => c.Create);
        foreach (RijndaelAblation variant in (RijndaelAblation[])Enum.GetValues(typeof(RijndaelAblation)))
        {
            cores["Ablation-" + variant] = (key, blockSize) => RijndaelAblationCore.Create(key, blockSize, variant);
        }

        return cores;
    }

    // The policy type arguments of the RijndaelTableCore a core derives from.
    private static Type[] PolicyArguments(BlockCipher core)
    {
        Type type = core.GetType();
        while (!type.IsGenericType || type.GetGenericTypeDefinition() != typeof(RijndaelTableCore<,,>))
        {
            type = type.BaseType ?? throw new InvalidOperationException($"{core.GetType()} is not a RijndaelTableCore.");
        }

        return type.GetGenericArguments();
    }

    private static IReadOnlyList<int> BlockSizes(string core) =>
        Families.Rijndael.Cores.FirstOrDefault(c => c.Name == core)?.BlockBytes ?? s_sizes;
}

using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.Modes;
using Panicode.Crypto.Registry;
using Panicode.Crypto.Tests.Infrastructure;

namespace Panicode.Crypto.Tests.BlockCiphers;

/// <summary>
/// The core contract, one suite over every block cipher of the registry (<see cref="Families.BlockCiphers"/>, whose
/// cores are the library's catalogue): the Unsafe flavours against the Reference ones through the public API in every
/// mode and padding, and every core (the Reference one included) at every block and key size it takes: a batch of 101
/// blocks equals 101 single-block calls and the Reference core; calls of every length around the batch widths; the
/// edges of the contract after use and after Dispose. A core this process cannot run is skipped with the catalogue's
/// reason. Rijndael and Camellia add their ablation variants in their own suites; key-schedule facts stay with each
/// cipher's tests.
/// </summary>
public sealed class UnsafeCoreContractTests
{
    // Around every batch width of the cores: 2 (the shortest padded batch), 4 (blocks in flight of the table cores),
    // 16/32/64 (the GFNI batches), and remainders on either side.
    private static readonly int[] s_blockCounts = { 0, 1, 2, 3, 4, 5, 7, 8, 9, 12, 13, 15, 16, 17, 31, 32, 33, 47, 48, 63, 64, 65, 67, 96, 101, 127, 128, 129, 200 };

    public static TheoryData<Implementation<SymmetricAlgorithm>> UnsafeFlavours =>
        Implementations.ToTheoryData(Families.BlockCiphers.SelectMany(Implementations.Of).Where(i => i.Name != "Reference"));

    /// <summary>
    /// (family, core) for every Unsafe core of every block cipher (of those <c>PANICODE_TEST_ROWS</c> keeps), those this
    /// process cannot run included.
    /// </summary>
    public static TheoryData<string, string> Cores => Rows(KeptFamilies.SelectMany(f => f.Cores));

    /// <summary>(family, core) for every core, the Reference ones included.</summary>
    public static TheoryData<string, string> AllCores =>
        Rows(KeptFamilies.SelectMany(f => new[] { f.ReferenceCore }.Concat(f.Cores)));

    private static IEnumerable<BlockCipherFamily> KeptFamilies => Families.BlockCiphers.Where(f => Implementations.KeptFamily(f.Name));

    [Fact]
    public void EveryBlockCipherIsRegisteredWithItsCores()
    {
        string[] names = Families.BlockCiphers.Select(f => f.Name).ToArray();
        Assert.Equal(new[] { "Rijndael", "Camellia", "Clefia", "Sc2000", "Hierocrypt3", "CipherUnicornA", "HierocryptL1", "Misty1", "CipherUnicornE", "TripleDes" }, names);
        Assert.All(Families.BlockCiphers, f => Assert.Equal("Portable", f.Cores[f.Cores.Count - 1].Name));
        Assert.Equal(new[] { "HierocryptL1", "Misty1", "CipherUnicornE", "TripleDes" }, Families.BlockCiphers64.Select(f => f.Name));
    }

    [Theory]
    [MemberData(nameof(UnsafeFlavours))]
    public void MatchesReferenceOnRandomInputsInEveryModeAndPadding(Implementation<SymmetricAlgorithm> flavour)
    {
        BlockCipherFamily family = Family(flavour.Family);
        int[] blockBytes = family.BlockSizes.Select(b => b / 8).ToArray();
        int[] keyBytes = family.KeySizes.Select(b => b / 8).ToArray();
        int cases = UnsafeDifferential.RunModesAndPaddings(family.Reference.Create, flavour.Create, blockBytes, keyBytes, new Random(31));

        // block sizes x key sizes x 6 modes x 5 paddings.
        Assert.Equal(blockBytes.Length * keyBytes.Length * 6 * 5, cases);
    }

    [Theory]
    [MemberData(nameof(Cores))]
    public void BatchOf101BlocksEqualsSingleBlockCallsAndReference(string family, string core) =>
        ForEverySize(family, core, new Random(32), UnsafeDifferential.BatchEqualsSinglesAndReference);

    [Theory]
    [MemberData(nameof(Cores))]
    public void CallsOfEveryLengthAroundTheBatchSizesMatchReference(string family, string core) =>
        ForEverySize(family, core, new Random(33), (reference, candidate, random, label) =>
            UnsafeDifferential.LengthsMatchReference(reference, candidate, random, s_blockCounts, label));

    /// <summary>
    /// CTR over every core at every block size against CTR spelled out over the Reference core's single-block calls
    /// (<see cref="UnsafeDifferential.CtrMatchesSingleBlocks"/>); the cores that batch must take their own CTR loop
    /// (counter blocks made in registers, or fed to the batches with the data XORed in as they are stored). The CI legs
    /// with AVX-512, AVX2 or GFNI switched off run this for the narrower batches of each core.
    /// </summary>
    [Theory]
    [MemberData(nameof(Cores))]
    public void CtrAtEveryLengthInAndOutOfPlaceEqualsSingleBlockCounters(string family, string core)
    {
        BlockCipherFamily subject = Family(family);
        BlockCipherCore tested = Runnable(subject, core);
        Random random = new(35);
        bool batches = family switch
        {
            "Rijndael" => core.StartsWith("AesNi", StringComparison.Ordinal) || core.StartsWith("ArmAes", StringComparison.Ordinal),
            "Camellia" => core.StartsWith("Sliced", StringComparison.Ordinal),
            "Clefia" or "Hierocrypt3" => core == "Gfni",
            _ => false,
        };
        int expected = 0, cases = 0;
        for (int i = 0; i < tested.BlockBytes.Count; i++)
        {
            int blockBytes = tested.BlockBytes[i];
            byte[] key = UnsafeDifferential.Bytes(random, subject.KeySizes[i % subject.KeySizes.Count] / 8);
            using BlockCipher reference = subject.ReferenceCore.Create(key, blockBytes);
            using BlockCipher candidate = tested.Create(key, blockBytes);
            Assert.True(!batches || candidate is ICtrCore || candidate is ICtrBatchCore, $"{tested}, block {blockBytes * 8}: CTR in the batch loop");
            cases += UnsafeDifferential.CtrMatchesSingleBlocks(reference, candidate, random, $"{tested}, block {blockBytes * 8}, key {key.Length * 8}");
            expected += UnsafeDifferential.CtrLengths(blockBytes).Count;
        }

        // Every length ran: 0..300 and at least the lengths around the 64-block batch, all above 300 bytes.
        Assert.Equal(expected, cases);
        Assert.True(cases >= 309 * tested.BlockBytes.Count, $"{cases} cases");
    }

    [Theory]
    [MemberData(nameof(AllCores))]
    public void EmptyCbcKeepsTheChainAndADisposedCoreThrows(string family, string core)
    {
        BlockCipherFamily subject = Family(family);
        BlockCipherCore tested = Runnable(subject, core);
        Random random = new(34);
        foreach (int blockBytes in tested.BlockBytes)
        foreach (bool used in new[] { false, true })
        {
            using BlockCipher cipher = tested.Create(UnsafeDifferential.Bytes(random, subject.KeySizes[0] / 8), blockBytes);
            Assert.Equal(blockBytes, cipher.BlockSize);
            UnsafeDifferential.EdgesOfTheContract(cipher, used, random, $"{tested}, block {blockBytes * 8}, used {used}");
        }
    }

    private static void ForEverySize(string family, string core, Random random, Action<BlockCipher, BlockCipher, Random, string> check)
    {
        BlockCipherFamily subject = Family(family);
        BlockCipherCore tested = Runnable(subject, core);
        int[] keyBytes = subject.KeySizes.Select(b => b / 8).ToArray();
        foreach (int blockBytes in tested.BlockBytes)
        {
            UnsafeDifferential.ForEveryKeySize(
                keyBytes, random, key => subject.ReferenceCore.Create(key, blockBytes), key => tested.Create(key, blockBytes), $"{tested}, block {blockBytes * 8}", check);
        }
    }

    private static BlockCipherCore Runnable(BlockCipherFamily family, string core)
    {
        if (core == family.ReferenceCore.Name)
        {
            return family.ReferenceCore;
        }

        CoreRows.SkipUnlessRunnable(family, core);
        return family.Core(core);
    }

    private static TheoryData<string, string> Rows(IEnumerable<BlockCipherCore> cores)
    {
        TheoryData<string, string> data = new();
        foreach (BlockCipherCore core in cores)
        {
            data.Add(core.Family, core.Name);
        }

        return data;
    }

    private static BlockCipherFamily Family(string name) => (BlockCipherFamily)Families.Find(name)!;
}

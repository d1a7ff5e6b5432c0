using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.BlockCiphers.CipherUnicorn;
using Panicode.Crypto.BlockCiphers.Clefia;
using Panicode.Crypto.BlockCiphers.Hierocrypt;
using Panicode.Crypto.BlockCiphers.Sc2000;
using Panicode.Crypto.Modes;
using Panicode.Crypto.Registry;
using Panicode.Crypto.Tests.Infrastructure;

namespace Panicode.Crypto.Tests.BlockCiphers;

/// <summary>
/// The Unsafe flavours of the CRYPTREC 128-bit ciphers (CLEFIA, SC2000, Hierocrypt-3, CIPHERUNICORN-A) against their
/// Reference ones, one suite over the registry (<see cref="Families"/>): through the public API in every mode and
/// padding, and at every core of each family (a batch of 101 blocks equals 101 single-block calls and the Reference
/// core; calls of every length around the batch widths; the edges of the core contract). A core this process cannot
/// run is skipped with the registry's reason. Rijndael and Camellia have their own suites (they add the ablation
/// variants and Rijndael's block sizes). Key-schedule and core-selection facts stay with each cipher's tests.
/// </summary>
public sealed class UnsafeCoreContractTests
{
    private static readonly int[] s_keySizes = { 16, 24, 32 };

    // Around every batch width of these cores: 2 (the shortest padded batch), 4 (blocks in flight of the table cores),
    // 16/32/64 (the GFNI batches), and remainders on either side.
    private static readonly int[] s_blockCounts = { 0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 47, 48, 63, 64, 65, 96, 101, 127, 128, 129, 200 };

    // The Reference core of each family: the definition every Unsafe core is checked against.
    private static readonly Dictionary<string, Func<byte[], BlockCipher>> s_referenceCores = new()
    {
        [Families.Clefia.Name] = key => new ClefiaCore(key),
        [Families.Sc2000.Name] = key => new Sc2000Core(key),
        [Families.Hierocrypt3.Name] = key => new Hierocrypt3Core(key),
        [Families.CipherUnicornA.Name] = key => new CipherUnicornACore(key),
    };

    private static IEnumerable<BlockCipherFamily> Subjects =>
        new[] { Families.Clefia, Families.Sc2000, Families.Hierocrypt3, Families.CipherUnicornA };

    public static TheoryData<Implementation<SymmetricAlgorithm>> UnsafeFlavours =>
        Implementations.ToTheoryData(Subjects.SelectMany(Implementations.Of).Where(i => i.Name != "Reference"));

    /// <summary>(family, core) for every core of every subject family, those this process cannot run included.</summary>
    public static TheoryData<string, string> Cores
    {
        get
        {
            TheoryData<string, string> data = new();
            foreach (BlockCipherCore core in Subjects.SelectMany(f => f.Cores))
            {
                data.Add(core.Family, core.Name);
            }

            return data;
        }
    }

    [Fact]
    public void EverySubjectHasAReferenceCoreAndEvery128BitFamilyIsCoveredHereOrInItsOwnSuite()
    {
        Assert.Equal(s_referenceCores.Keys.OrderBy(k => k), Subjects.Select(f => f.Name).OrderBy(k => k));
        string[] ownSuites = { Families.Rijndael.Name, Families.Camellia.Name };
        Assert.All(Families.BlockCiphers, f => Assert.True(s_referenceCores.ContainsKey(f.Name) || ownSuites.Contains(f.Name), $"{f.Name} has no Unsafe core suite"));
    }

    [Theory]
    [MemberData(nameof(UnsafeFlavours))]
    public void MatchesReferenceOnRandomInputsInEveryModeAndPadding(Implementation<SymmetricAlgorithm> flavour)
    {
        BlockCipherFamily family = Family(flavour.Family);
        int cases = UnsafeDifferential.RunModesAndPaddings(family.Reference.Create, flavour.Create, new[] { 16 }, s_keySizes, new Random(31));

        // 3 key sizes x 6 modes x 5 paddings.
        Assert.Equal(3 * 6 * 5, cases);
    }

    [Theory]
    [MemberData(nameof(Cores))]
    public void BatchOf101BlocksEqualsSingleBlockCallsAndReference(string family, string core) =>
        ForEveryKeySize(family, core, new Random(32), UnsafeDifferential.BatchEqualsSinglesAndReference);

    [Theory]
    [MemberData(nameof(Cores))]
    public void CallsOfEveryLengthAroundTheBatchSizesMatchReference(string family, string core) =>
        ForEveryKeySize(family, core, new Random(33), (reference, candidate, random, label) =>
            UnsafeDifferential.LengthsMatchReference(reference, candidate, random, s_blockCounts, label));

    [Theory]
    [MemberData(nameof(Cores))]
    public void EmptyCbcKeepsTheChainAndADisposedCoreThrows(string family, string core)
    {
        BlockCipherCore subject = Runnable(family, core);
        Random random = new(34);
        foreach (bool used in new[] { false, true })
        {
            using BlockCipher cipher = subject.Create(UnsafeDifferential.Bytes(random, 16), 16);
            UnsafeDifferential.EdgesOfTheContract(cipher, used, random, $"{subject}, used {used}");
        }
    }

    private static void ForEveryKeySize(string family, string core, Random random, Action<BlockCipher, BlockCipher, Random, string> check)
    {
        BlockCipherCore subject = Runnable(family, core);
        UnsafeDifferential.ForEveryKeySize(s_keySizes, random, s_referenceCores[family], key => subject.Create(key, 16), subject.ToString(), check);
    }

    private static BlockCipherCore Runnable(string family, string core)
    {
        BlockCipherFamily subject = Family(family);
        CoreRows.SkipUnlessRunnable(subject, core);
        return subject.Core(core);
    }

    private static BlockCipherFamily Family(string name) => (BlockCipherFamily)Families.Find(name)!;
}

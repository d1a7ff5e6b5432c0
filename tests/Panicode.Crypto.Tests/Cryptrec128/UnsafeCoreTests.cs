using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.BlockCiphers.Clefia;
using Panicode.Crypto.BlockCiphers.Sc2000;
using Panicode.Crypto.Modes;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Unsafe.BlockCiphers.Clefia;
using Panicode.Crypto.Unsafe.BlockCiphers.Sc2000;

namespace Panicode.Crypto.Tests.Cryptrec128;

/// <summary>
/// The Unsafe CLEFIA and SC2000 flavours against the Reference ones: through the public API in every mode and padding,
/// at the core (every core this machine can run: a batch of 101 blocks equals 101 single-block calls and the Reference
/// core, calls of every length around the batch widths, the edges of the core contract) and at the key schedule.
/// </summary>
public sealed class UnsafeCoreTests
{
    private static readonly int[] s_keySizes = { 16, 24, 32 };

    // Around the GFNI batches (16, 32, 64 blocks) and the padded-tail threshold (2 blocks).
    private static readonly int[] s_blockCounts = { 0, 1, 2, 3, 4, 5, 15, 16, 17, 31, 32, 33, 47, 48, 63, 64, 65, 96, 112, 127, 128, 129, 200 };

    public static TheoryData<Implementation<SymmetricAlgorithm>> UnsafeFlavours =>
        Implementations.ToTheoryData(Implementations.Clefia.Concat(Implementations.Sc2000).Where(i => i.Name != "Reference"));

    /// <summary>Every optimized core this machine can run, by name.</summary>
    public static TheoryData<string> Cores => new(CoreFactories().Keys);

    [Theory]
    [MemberData(nameof(UnsafeFlavours))]
    public void MatchesReferenceOnRandomInputsInEveryModeAndPadding(Implementation<SymmetricAlgorithm> flavour)
    {
        Func<SymmetricAlgorithm> reference = flavour.Family == nameof(Implementations.Clefia) ? ClefiaCipher.Create : Sc2000Cipher.Create;
        int cases = UnsafeDifferential.RunModesAndPaddings(reference, flavour.Create, new[] { 16 }, s_keySizes, new Random(31));

        // 3 key sizes x 6 modes x 5 paddings.
        Assert.Equal(3 * 6 * 5, cases);
    }

    [Theory]
    [MemberData(nameof(Cores))]
    public void BatchOf101BlocksEqualsSingleBlockCallsAndReference(string core) =>
        ForEveryKeySize(core, new Random(32), UnsafeDifferential.BatchEqualsSinglesAndReference);

    [Theory]
    [MemberData(nameof(Cores))]
    public void CallsOfEveryLengthAroundTheBatchSizesMatchReference(string core) =>
        ForEveryKeySize(core, new Random(33), (reference, candidate, random, label) =>
            UnsafeDifferential.LengthsMatchReference(reference, candidate, random, s_blockCounts, label));

    [Theory]
    [MemberData(nameof(Cores))]
    public void EmptyCbcKeepsTheChainAndADisposedCoreThrows(string core)
    {
        Random random = new(34);
        foreach (bool used in new[] { false, true })
        {
            using BlockCipher cipher = CoreFactories()[core](UnsafeDifferential.Bytes(random, 16));
            UnsafeDifferential.EdgesOfTheContract(cipher, used, random, $"{core}, used {used}");
        }
    }

    [Fact]
    public void ClefiaUsesTheGfniCoreExactlyWhenTheCpuHasGfniAndIntrinsicsAreAllowed()
    {
        bool allowed = Environment.GetEnvironmentVariable("PANICODE_FORCE_PORTABLE") != "1";
        Assert.Equal(allowed, Unsafe.Internal.CpuFeatures.IntrinsicsAllowed);
        using BlockCipher auto = UnsafeClefia.CreateCore(new byte[16], allowed);
        Assert.Equal(ClefiaGfniCore.IsSupported && allowed, auto is ClefiaGfniCore);
        using BlockCipher portable = UnsafeClefia.CreateCore(new byte[16], allowIntrinsics: false);
        Assert.IsType<ClefiaPortableCore>(portable);
    }

    [Fact]
    public void Sc2000KeyScheduleEqualsReferenceScheduleForRandomKeys()
    {
        Random random = new(35);
        int compared = 0;
        foreach (int keySize in s_keySizes)
        {
            for (int i = 0; i < 200; i++)
            {
                byte[] key = UnsafeDifferential.Bytes(random, keySize);
                Assert.True(Sc2000Core.ExpandKey(key).AsSpan().SequenceEqual(Sc2000KeySchedule.Expand(key)), $"key {Convert.ToHexString(key)}");
                compared++;
            }
        }

        Assert.Equal(600, compared);
    }

    private static void ForEveryKeySize(string core, Random random, Action<BlockCipher, BlockCipher, Random, string> check)
    {
        foreach (int keySize in s_keySizes)
        {
            byte[] key = UnsafeDifferential.Bytes(random, keySize);
            using BlockCipher reference = core.StartsWith("Clefia", StringComparison.Ordinal) ? new ClefiaCore(key) : new Sc2000Core(key);
            using BlockCipher candidate = CoreFactories()[core](key);
            check(reference, candidate, random, $"{core}, key {keySize * 8}");
        }
    }

    private static Dictionary<string, Func<byte[], BlockCipher>> CoreFactories()
    {
        Dictionary<string, Func<byte[], BlockCipher>> cores = new()
        {
            ["Clefia-Portable"] = key => new ClefiaPortableCore(key),
            ["Sc2000-Portable"] = key => new Sc2000PortableCore(key),
        };
        if (ClefiaGfniCore.IsSupported)
        {
            cores["Clefia-Gfni"] = key => new ClefiaGfniCore(key);
        }

        return cores;
    }
}

using System;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.BlockCiphers.Hierocrypt;
using Panicode.Crypto.Modes;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Unsafe.BlockCiphers.Hierocrypt;

namespace Panicode.Crypto.Tests.Hierocrypt;

/// <summary>The Unsafe Hierocrypt-3 flavours against the Reference one: public API, core contract, key schedule.</summary>
public sealed class UnsafeHierocrypt3Tests
{
    private static readonly int[] s_keySizes = { 16, 24, 32 };
    private static readonly int[] s_blockCounts = { 0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 33, 64, 65, 101 };

    public static TheoryData<Implementation<SymmetricAlgorithm>> UnsafeFlavours =>
        Implementations.ToTheoryData(Implementations.Hierocrypt3.Where(i => i.Name != "Reference"));

    [Theory]
    [MemberData(nameof(UnsafeFlavours))]
    public void MatchesReferenceOnRandomInputsInEveryModeAndPadding(Implementation<SymmetricAlgorithm> flavour)
    {
        int cases = UnsafeDifferential.RunModesAndPaddings(Hierocrypt3Cipher.Create, flavour.Create, new[] { 16 }, s_keySizes, new Random(31));

        // 3 key sizes x 6 modes x 5 paddings.
        Assert.Equal(3 * 6 * 5, cases);
    }

    /// <summary>Every core this machine can run, by name.</summary>
    public static TheoryData<string> Cores => new(CoreFactories().Select(c => c.Name));

    [Theory]
    [MemberData(nameof(Cores))]
    public void BatchOf101BlocksEqualsSingleBlockCallsAndReference(string core) =>
        ForEveryKeySize(core, new Random(32), UnsafeDifferential.BatchEqualsSinglesAndReference);

    [Theory]
    [MemberData(nameof(Cores))]
    public void CallsOfEveryLengthMatchReference(string core) =>
        ForEveryKeySize(core, new Random(33), (reference, candidate, random, label) =>
            UnsafeDifferential.LengthsMatchReference(reference, candidate, random, s_blockCounts, label));

    [Theory]
    [MemberData(nameof(Cores))]
    public void EmptyCbcKeepsTheChainAndADisposedCoreThrows(string core)
    {
        Random random = new(34);
        foreach (bool used in new[] { false, true })
        {
            using BlockCipher cipher = Create(core, UnsafeDifferential.Bytes(random, 16));
            UnsafeDifferential.EdgesOfTheContract(cipher, used, random, $"Hierocrypt-3 {core}, used {used}");
        }
    }

    [Fact]
    public void AutoFlavourUsesTheGfniCoreExactlyWhenTheCpuHasGfniAndIntrinsicsAreAllowed()
    {
        bool allowed = Environment.GetEnvironmentVariable("PANICODE_FORCE_PORTABLE") != "1";
        using BlockCipher auto = UnsafeHierocrypt3.CreateCore(new byte[16], allowed);
        Assert.Equal(allowed && Hierocrypt3GfniCore.IsSupported, auto is Hierocrypt3GfniCore);
        using BlockCipher portable = UnsafeHierocrypt3.CreateCore(new byte[16], allowIntrinsics: false);
        Assert.IsType<Hierocrypt3PortableCore>(portable);
    }

    [Fact]
    public void UnsafeKeyScheduleEqualsReferenceScheduleForRandomKeys() =>
        Assert.Equal(600, UnsafeDifferential.CompareKeySchedules(s_keySizes, 200, new Random(35), key => Hierocrypt3Core.ExpandKey(key), key => Hierocrypt3KeySchedule.Expand(key)));

    private static void ForEveryKeySize(string core, Random random, Action<BlockCipher, BlockCipher, Random, string> check) =>
        UnsafeDifferential.ForEveryKeySize(s_keySizes, random, key => new Hierocrypt3Core(key), key => Create(core, key), "Hierocrypt-3 " + core, check);

    private static BlockCipher Create(string core, byte[] key) => CoreFactories().Single(c => c.Name == core).Create(key);

    private static (string Name, Func<byte[], BlockCipher> Create)[] CoreFactories() => Hierocrypt3GfniCore.IsSupported
        ? new (string, Func<byte[], BlockCipher>)[] { ("Portable", key => new Hierocrypt3PortableCore(key)), ("Gfni", key => new Hierocrypt3GfniCore(key)) }
        : new (string, Func<byte[], BlockCipher>)[] { ("Portable", key => new Hierocrypt3PortableCore(key)) };
}

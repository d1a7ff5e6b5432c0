using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.Camellia;
using Panicode.Crypto.Modes;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Unsafe.Camellia;
using Panicode.Crypto.Unsafe.Camellia.Ablation;

namespace Panicode.Crypto.Tests.Camellia;

/// <summary>
/// The Unsafe Camellia flavour against the Reference one: through the public API, at the core (the shipping
/// core and every ablation variant) and at the key schedule.
/// </summary>
public sealed class UnsafeCamelliaTests
{
    private static readonly int[] s_keySizes = { 16, 24, 32 };

    public static TheoryData<Implementation<SymmetricAlgorithm>> UnsafeFlavours =>
        Implementations.ToTheoryData(Implementations.Camellia.Where(i => i.Name != "Reference"));

    public static TheoryData<string> AblationVariants => new(AllVariants().Select(v => v.ToString()));

    public static TheoryData<string> Cores => new(CoreFactories().Keys);

    [Theory]
    [MemberData(nameof(UnsafeFlavours))]
    public void MatchesReferenceOnRandomInputsInEveryModeAndPadding(Implementation<SymmetricAlgorithm> flavour)
    {
        int cases = UnsafeDifferential.RunModesAndPaddings(CamelliaCipher.Create, flavour.Create, new[] { 16 }, s_keySizes, new Random(7));

        // 3 key sizes x 6 modes x 5 paddings.
        Assert.Equal(3 * 6 * 5, cases);
    }

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
    public void BatchOf101BlocksEqualsSingleBlockCallsAndReference(string core)
    {
        Func<byte[], BlockCipher> create = CoreFactories()[core];
        Random random = new(8);
        foreach (int keySize in s_keySizes)
        {
            byte[] key = UnsafeDifferential.Bytes(random, keySize);
            using BlockCipher reference = new CamelliaCore(key);
            using BlockCipher candidate = create(key);
            UnsafeDifferential.BatchEqualsSinglesAndReference(reference, candidate, random, $"Camellia {core}, key {keySize * 8}");
        }
    }

    [Fact]
    public void EveryAblationVariantIsAnEnumValueWithACore()
    {
        // The enum documents six variants (no NoStackalloc: Camellia's state lives in registers).
        Assert.Equal(6, AllVariants().Length);
        Assert.Equal(AllVariants().Length + 1, CoreFactories().Count);
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

    private static Dictionary<string, Func<byte[], BlockCipher>> CoreFactories()
    {
        Dictionary<string, Func<byte[], BlockCipher>> cores = new()
        {
            ["Portable"] = key => new CamelliaPortableCore(key),
        };
        foreach (CamelliaAblation variant in AllVariants())
        {
            cores["Ablation-" + variant] = key => new CamelliaAblationCore(key, variant);
        }

        return cores;
    }
}

using System;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.BlockCiphers.CipherUnicorn;
using Panicode.Crypto.Modes;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Unsafe.BlockCiphers.CipherUnicorn;

namespace Panicode.Crypto.Tests.CipherUnicorn;

/// <summary>The Unsafe CIPHERUNICORN-A flavours against the Reference one: public API, core contract, key schedule.</summary>
public sealed class UnsafeCipherUnicornATests
{
    private static readonly int[] s_keySizes = { 16, 24, 32 };
    private static readonly int[] s_blockCounts = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 16, 17, 101 };

    public static TheoryData<Implementation<SymmetricAlgorithm>> UnsafeFlavours =>
        Implementations.ToTheoryData(Implementations.CipherUnicornA.Where(i => i.Name != "Reference"));

    [Theory]
    [MemberData(nameof(UnsafeFlavours))]
    public void MatchesReferenceOnRandomInputsInEveryModeAndPadding(Implementation<SymmetricAlgorithm> flavour)
    {
        int cases = UnsafeDifferential.RunModesAndPaddings(CipherUnicornACipher.Create, flavour.Create, new[] { 16 }, s_keySizes, new Random(41));

        // 3 key sizes x 6 modes x 5 paddings.
        Assert.Equal(3 * 6 * 5, cases);
    }

    [Fact]
    public void BatchOf101BlocksEqualsSingleBlockCallsAndReference() =>
        ForEveryKeySize(new Random(42), UnsafeDifferential.BatchEqualsSinglesAndReference);

    [Fact]
    public void CallsOfEveryLengthMatchReference() =>
        ForEveryKeySize(new Random(43), (reference, candidate, random, label) =>
            UnsafeDifferential.LengthsMatchReference(reference, candidate, random, s_blockCounts, label));

    [Fact]
    public void EmptyCbcKeepsTheChainAndADisposedCoreThrows()
    {
        Random random = new(34);
        foreach (bool used in new[] { false, true })
        {
            using BlockCipher cipher = UnsafeCipherUnicornA.CreateCore(UnsafeDifferential.Bytes(random, 16));
            UnsafeDifferential.EdgesOfTheContract(cipher, used, random, $"CIPHERUNICORN-A, used {used}");
        }
    }

    [Fact]
    public void UnsafeKeyScheduleEqualsReferenceScheduleForRandomKeys() =>
        Assert.Equal(600, UnsafeDifferential.CompareKeySchedules(s_keySizes, 200, new Random(45), key => CipherUnicornACore.ExpandKey(key), key => CipherUnicornAPortableCore.ExpandKey(key)));

    private static void ForEveryKeySize(Random random, Action<BlockCipher, BlockCipher, Random, string> check) =>
        UnsafeDifferential.ForEveryKeySize(s_keySizes, random, key => new CipherUnicornACore(key), key => UnsafeCipherUnicornA.CreateCore(key), "CIPHERUNICORN-A", check);
}

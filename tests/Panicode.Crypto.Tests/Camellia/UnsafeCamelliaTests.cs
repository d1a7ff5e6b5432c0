using System;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.Camellia;
using Panicode.Crypto.Modes;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Unsafe.Camellia;

namespace Panicode.Crypto.Tests.Camellia;

/// <summary>The Unsafe Camellia flavour against the Reference one, through the public API and at the core.</summary>
public sealed class UnsafeCamelliaTests
{
    private static readonly int[] s_keySizes = { 16, 24, 32 };

    public static TheoryData<Implementation<SymmetricAlgorithm>> UnsafeFlavours =>
        Implementations.ToTheoryData(Implementations.Camellia.Where(i => i.Name != "Reference"));

    [Theory]
    [MemberData(nameof(UnsafeFlavours))]
    public void MatchesReferenceOnRandomInputsInEveryModeAndPadding(Implementation<SymmetricAlgorithm> flavour)
    {
        int cases = UnsafeDifferential.RunModesAndPaddings(CamelliaCipher.Create, flavour.Create, new[] { 16 }, s_keySizes, new Random(7));

        // 3 key sizes x 6 modes x 5 paddings.
        Assert.Equal(3 * 6 * 5, cases);
    }

    [Fact]
    public void BatchOf101BlocksEqualsSingleBlockCallsAndReference()
    {
        Random random = new(8);
        foreach (int keySize in s_keySizes)
        {
            byte[] key = UnsafeDifferential.Bytes(random, keySize);
            using BlockCipher reference = new CamelliaCore(key);
            using BlockCipher candidate = new CamelliaPortableCore(key);
            UnsafeDifferential.BatchEqualsSinglesAndReference(reference, candidate, random, $"Camellia portable, key {keySize * 8}");
        }
    }
}

using System.Security.Cryptography;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Vectors.Hierocrypt;

namespace Panicode.Crypto.Tests.Hierocrypt;

/// <summary>Every Hierocrypt-3 vector file (<see cref="Hierocrypt3Suites"/>) over every Hierocrypt-3 implementation.</summary>
public sealed class Hierocrypt3VectorTests
{
    public static TheoryData<Implementation<SymmetricAlgorithm>, string> Files => SuiteAssert.Rows(Implementations.Hierocrypt3, Hierocrypt3Suites.All);

    [Theory]
    [MemberData(nameof(Files))]
    public void VectorFile(Implementation<SymmetricAlgorithm> implementation, string file)
        => SuiteAssert.AllPass(Hierocrypt3Suites.Get(file), implementation.Create);
}

/// <summary>Every Hierocrypt-L1 vector file (<see cref="HierocryptL1Suites"/>) over every Hierocrypt-L1 implementation.</summary>
public sealed class HierocryptL1VectorTests
{
    public static TheoryData<Implementation<SymmetricAlgorithm>, string> Files => SuiteAssert.Rows(Implementations.HierocryptL1, HierocryptL1Suites.All);

    [Theory]
    [MemberData(nameof(Files))]
    public void VectorFile(Implementation<SymmetricAlgorithm> implementation, string file)
        => SuiteAssert.AllPass(HierocryptL1Suites.Get(file), implementation.Create);
}

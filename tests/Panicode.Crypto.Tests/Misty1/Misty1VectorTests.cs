using System.Security.Cryptography;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Vectors.Misty1;

namespace Panicode.Crypto.Tests.Misty1;

/// <summary>Every MISTY1 vector file (<see cref="Misty1Suites"/>) over every MISTY1 implementation (Reference, Unsafe).</summary>
public sealed class Misty1VectorTests
{
    public static TheoryData<Implementation<SymmetricAlgorithm>, string> Files => SuiteAssert.Rows(Implementations.Misty1, Misty1Suites.All);

    [Theory]
    [MemberData(nameof(Files))]
    public void VectorFile(Implementation<SymmetricAlgorithm> implementation, string file)
        => SuiteAssert.AllPass(Misty1Suites.Get(file), implementation.Create);
}

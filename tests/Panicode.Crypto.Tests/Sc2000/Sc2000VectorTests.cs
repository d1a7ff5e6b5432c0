using System.Security.Cryptography;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Vectors.Sc2000;

namespace Panicode.Crypto.Tests.Sc2000;

/// <summary>Every SC2000 vector file (<see cref="Sc2000Suites"/>) over every SC2000 implementation.</summary>
public sealed class Sc2000VectorTests
{
    public static TheoryData<Implementation<SymmetricAlgorithm>, string> Files => SuiteAssert.Rows(Implementations.Sc2000, Sc2000Suites.All);

    [Theory]
    [MemberData(nameof(Files))]
    public void VectorFile(Implementation<SymmetricAlgorithm> implementation, string file)
        => SuiteAssert.AllPass(Sc2000Suites.Get(file), implementation.Create);
}

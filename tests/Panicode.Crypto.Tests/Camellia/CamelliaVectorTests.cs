using System.Security.Cryptography;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Vectors.Camellia;

namespace Panicode.Crypto.Tests.Camellia;

/// <summary>Every Camellia vector file (<see cref="CamelliaSuites"/>) over every Camellia implementation.</summary>
public sealed class CamelliaVectorTests
{
    public static TheoryData<Implementation<SymmetricAlgorithm>, string> Files => SuiteAssert.Rows(Implementations.Camellia, CamelliaSuites.All);

    [Theory]
    [MemberData(nameof(Files))]
    public void VectorFile(Implementation<SymmetricAlgorithm> implementation, string file)
        => SuiteAssert.AllPass(CamelliaSuites.Get(file), implementation.Create);
}

using System.Security.Cryptography;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Vectors.Clefia;

namespace Panicode.Crypto.Tests.Clefia;

/// <summary>Every CLEFIA vector file (<see cref="ClefiaSuites"/>) over every CLEFIA implementation.</summary>
public sealed class ClefiaVectorTests
{
    public static TheoryData<Implementation<SymmetricAlgorithm>, string> Files => SuiteAssert.Rows(Implementations.Clefia, ClefiaSuites.All);

    [Theory]
    [MemberData(nameof(Files))]
    public void VectorFile(Implementation<SymmetricAlgorithm> implementation, string file)
        => SuiteAssert.AllPass(ClefiaSuites.Get(file), implementation.Create);
}

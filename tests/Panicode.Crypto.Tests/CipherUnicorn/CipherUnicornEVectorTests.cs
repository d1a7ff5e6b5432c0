using System.Security.Cryptography;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Vectors.CipherUnicorn;

namespace Panicode.Crypto.Tests.CipherUnicorn;

/// <summary>
/// Every CIPHERUNICORN-E vector file (<see cref="CipherUnicornESuites"/>) over every CIPHERUNICORN-E implementation
/// (Reference, Unsafe).
/// </summary>
public sealed class CipherUnicornEVectorTests
{
    public static TheoryData<Implementation<SymmetricAlgorithm>, string> Files => SuiteAssert.Rows(Implementations.CipherUnicornE, CipherUnicornESuites.All);

    [Theory]
    [MemberData(nameof(Files))]
    public void VectorFile(Implementation<SymmetricAlgorithm> implementation, string file)
        => SuiteAssert.AllPass(CipherUnicornESuites.Get(file), implementation.Create);
}

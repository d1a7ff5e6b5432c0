using System.Security.Cryptography;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Vectors.Rijndael;

namespace Panicode.Crypto.Tests.Rijndael;

public class DerivedVectorTests
{
    [Theory]
    [MemberData(nameof(Implementations.RijndaelData), MemberType = typeof(Implementations))]
    public void AllBlockAndKeySizes(Implementation<SymmetricAlgorithm> impl)
    {
        SuiteAssert.AllPass(DerivedVectors.Suite(), impl.Create, DerivedVectors.ExpectedCount);
    }
}

using System.Security.Cryptography;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Vectors.Aead;

namespace Panicode.Crypto.Tests.Aead;

/// <summary>Every GCM, CCM, GMAC, CMAC, key-wrap and CTR vector file (<see cref="AeadSuites"/>) over every flavour of its cipher.</summary>
public sealed class AeadVectorTests
{
    public static TheoryData<Implementation<SymmetricAlgorithm>, string> AesFiles => SuiteAssert.Rows(Implementations.Rijndael, AeadSuites.Aes);

    public static TheoryData<Implementation<SymmetricAlgorithm>, string> CamelliaFiles => SuiteAssert.Rows(Implementations.Camellia, AeadSuites.Camellia);

    [Theory]
    [MemberData(nameof(AesFiles))]
    public void AesVectorFile(Implementation<SymmetricAlgorithm> implementation, string file)
        => SuiteAssert.AllPass(AeadSuites.Get(file), implementation.Create);

    [Theory]
    [MemberData(nameof(CamelliaFiles))]
    public void CamelliaVectorFile(Implementation<SymmetricAlgorithm> implementation, string file)
        => SuiteAssert.AllPass(AeadSuites.Get(file), implementation.Create);
}

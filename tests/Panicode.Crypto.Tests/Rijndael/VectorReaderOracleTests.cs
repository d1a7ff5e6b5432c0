using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Vectors.Rijndael;

namespace Panicode.Crypto.Tests.Rijndael;

/// <summary>
/// Validates the vector readers and Monte-Carlo procedures themselves by running every file that
/// only needs AES-128-block ECB/CBC/CFB8/CFB128 against the built-in <see cref="Aes"/>: a reader
/// that mis-parses a field or a wrong chaining rule fails here, independently of our cipher.
/// Not a flavour of the registry: the built-in Aes is the oracle, not a subject.
/// </summary>
public class VectorReaderOracleTests
{
    public static TheoryData<string> AesFiles =>
        new(RijndaelVectorCatalog.All.Where(e => e.BuiltInAesCanRun).Select(e => e.Name));

    [Theory]
    [MemberData(nameof(AesFiles))]
    public void BuiltInAesPassesFile(string file)
    {
        VectorFileEntry entry = RijndaelVectorCatalog.Find(file);
        SuiteAssert.AllPass(entry.Load(), Aes.Create, entry.ExpectedCases);
    }
}

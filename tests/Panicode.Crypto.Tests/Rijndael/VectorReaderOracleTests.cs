using System;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.Vectors;
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
    // The one place the built-in Aes and our flavours differ on purpose: its decrypting transforms return nothing for an
    // empty final block, where ours throw as .NET Framework's RijndaelManaged does. The Wycheproof "empty ciphertext"
    // cases (one per key size) are therefore the only cases the oracle may fail, and only on the transform path.
    private const string EmptyCiphertextCase = "(invalid: empty ciphertext)";
    private const string TransformDidNotThrow = "decrypting through a transform: expected CryptographicException, nothing was thrown";
    private const int EmptyCiphertextCases = 3;

    public static TheoryData<string> AesFiles =>
        new(RijndaelVectorCatalog.All.Where(RijndaelVectorCatalog.BuiltInAesCanRun).Select(e => e.Name));

    [Theory]
    [MemberData(nameof(AesFiles))]
    public void BuiltInAesPassesFile(string file)
    {
        VectorSuiteSource<Func<SymmetricAlgorithm>> entry = RijndaelVectorCatalog.Find(file);
        SuiteResult result = entry.Load().Run(Aes.Create);
        string[] unexpected = result.Failures.Where(f => !(f.Contains(EmptyCiphertextCase) && f.EndsWith(TransformDidNotThrow, StringComparison.Ordinal))).ToArray();
        Assert.True(unexpected.Length == 0, $"{unexpected.Length} failed:\n" + string.Join("\n", unexpected.Take(20)));

        int tolerated = result.Failures.Count;
        Assert.Equal(file == RijndaelVectorCatalog.WycheproofAesCbcPkcs5 ? EmptyCiphertextCases : 0, tolerated);
        Assert.Equal(entry.ExpectedCount, result.Passed + tolerated);
    }

    [Fact]
    public void BuiltInAesDecryptsAnEmptyCiphertextToNothingThroughTransformsOnly()
    {
        // What the tolerance above accepts, checked explicitly: no plaintext comes out, and the one-shot rejects it.
        using Aes aes = Aes.Create();
        aes.Key = new byte[16];
        aes.IV = new byte[16];
        using ICryptoTransform decryptor = aes.CreateDecryptor();
        Assert.Empty(decryptor.TransformFinalBlock(Array.Empty<byte>(), 0, 0));
        Assert.Throws<CryptographicException>(() => aes.DecryptCbc(Array.Empty<byte>(), aes.IV, PaddingMode.PKCS7));
    }
}

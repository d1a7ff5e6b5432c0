using System.Security.Cryptography;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Vectors.Formats;
using Panicode.Crypto.Vectors.Rijndael;

namespace Panicode.Crypto.Tests.Rijndael;

/// <summary>Theory rows: every registered Rijndael flavour x every vector file of a group of <see cref="RijndaelVectorCatalog"/>.</summary>
public static class RijndaelVectorRows
{
    public static TheoryData<Implementation<SymmetricAlgorithm>, string> For(string group)
        => SuiteAssert.Rows(Implementations.Rijndael, RijndaelVectorCatalog.OfGroup(group));

    /// <summary>Runs one file over one flavour: every case must pass, and there must be exactly as many as the file holds.</summary>
    public static void Run(Implementation<SymmetricAlgorithm> implementation, string file)
        => SuiteAssert.AllPass(RijndaelVectorCatalog.Find(file), implementation.Create);
}

// One class per group so xUnit runs the groups (and their Monte-Carlo loops) in parallel.
public class AesavsVectorTests
{
    public static TheoryData<Implementation<SymmetricAlgorithm>, string> Rows => RijndaelVectorRows.For(RijndaelVectorCatalog.Aesavs);

    [Theory]
    [MemberData(nameof(Rows))]
    public void VectorFile(Implementation<SymmetricAlgorithm> implementation, string file) => RijndaelVectorRows.Run(implementation, file);
}

public class RijndaelSubmissionVectorTests
{
    public static TheoryData<Implementation<SymmetricAlgorithm>, string> Rows => RijndaelVectorRows.For(RijndaelVectorCatalog.Submission);

    [Theory]
    [MemberData(nameof(Rows))]
    public void VectorFile(Implementation<SymmetricAlgorithm> implementation, string file) => RijndaelVectorRows.Run(implementation, file);
}

public class GladmanVectorTests
{
    public static TheoryData<Implementation<SymmetricAlgorithm>, string> Rows => RijndaelVectorRows.For(RijndaelVectorCatalog.Gladman);

    [Theory]
    [MemberData(nameof(Rows))]
    public void VectorFile(Implementation<SymmetricAlgorithm> implementation, string file) => RijndaelVectorRows.Run(implementation, file);
}

public class NessieRijndaelVectorTests
{
    public static TheoryData<Implementation<SymmetricAlgorithm>, string> Rows => RijndaelVectorRows.For(RijndaelVectorCatalog.Nessie);

    [Theory]
    [MemberData(nameof(Rows))]
    public void VectorFile(Implementation<SymmetricAlgorithm> implementation, string file) => RijndaelVectorRows.Run(implementation, file);
}

public class RijndaelMiscVectorTests
{
    public static TheoryData<Implementation<SymmetricAlgorithm>, string> Rows => RijndaelVectorRows.For(RijndaelVectorCatalog.Misc);

    [Theory]
    [MemberData(nameof(Rows))]
    public void VectorFile(Implementation<SymmetricAlgorithm> implementation, string file) => RijndaelVectorRows.Run(implementation, file);

    [Fact]
    public void ModesFileSkipsOnlyCtrAndXts()
    {
        // 44 records in modes/aes.txt: the 23 run above and 21 CTR/XTS records skipped by name.
        CryptoPPTestVectors.Read(RijndaelVectorCatalog.Sp80038A, "AES", RijndaelVectorCatalog.SkippedSp80038ANames, out int skipped);
        Assert.Equal(21, skipped);
    }
}

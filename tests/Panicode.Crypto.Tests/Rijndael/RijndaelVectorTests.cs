using System.Security.Cryptography;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Vectors.Rijndael;

namespace Panicode.Crypto.Tests.Rijndael;

/// <summary>Theory rows: every registered Rijndael flavour x every vector file of a family.</summary>
public static class RijndaelVectorRows
{
    public static TheoryData<Implementation<SymmetricAlgorithm>, string> For(string family)
    {
        TheoryData<Implementation<SymmetricAlgorithm>, string> rows = new();
        foreach (Implementation<SymmetricAlgorithm> implementation in Implementations.Rijndael)
        {
            foreach (VectorFileEntry entry in RijndaelVectorCatalog.OfFamily(family))
            {
                rows.Add(implementation, entry.Name);
            }
        }

        return rows;
    }

    /// <summary>Runs one file over one flavour: every case must pass, and there must be exactly as many as the file holds.</summary>
    public static void Run(Implementation<SymmetricAlgorithm> implementation, string file)
    {
        VectorFileEntry entry = RijndaelVectorCatalog.Find(file);
        SuiteAssert.AllPass(entry.Load(), implementation.Create, entry.ExpectedCases);
    }
}

// One class per family so xUnit runs the families (and their Monte-Carlo loops) in parallel.
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
        MiscVectors.LoadSp80038A(out int skipped);
        Assert.Equal(21, skipped);
    }
}

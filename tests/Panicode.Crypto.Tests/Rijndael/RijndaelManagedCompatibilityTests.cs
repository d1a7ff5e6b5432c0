using System.Security.Cryptography;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Vectors.Rijndael;

namespace Panicode.Crypto.Tests.Rijndael;

/// <summary>
/// Byte-for-byte and exception-for-exception agreement with .NET Framework's RijndaelManaged, as recorded
/// from Mono (vectors/rijndael/rijndaelmanaged/SOURCE.md); Mono is not needed to run this.
/// </summary>
public sealed class RijndaelManagedCompatibilityTests
{
    public static TheoryData<Implementation<SymmetricAlgorithm>, string> Rows => RijndaelVectorRows.For(RijndaelVectorCatalog.RijndaelManaged);

    [Theory]
    [MemberData(nameof(Rows))]
    public void MatchesMonoRijndaelManaged(Implementation<SymmetricAlgorithm> implementation, string file) => RijndaelVectorRows.Run(implementation, file);
}

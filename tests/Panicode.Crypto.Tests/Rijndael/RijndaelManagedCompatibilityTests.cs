using System;
using System.Security.Cryptography;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Vectors;
using Panicode.Crypto.Vectors.Rijndael;

namespace Panicode.Crypto.Tests.Rijndael;

/// <summary>
/// Byte-for-byte and exception-for-exception agreement with .NET Framework's RijndaelManaged, as recorded
/// from Mono (vectors/rijndael/rijndaelmanaged/SOURCE.md); Mono is not needed to run this.
/// </summary>
public sealed class RijndaelManagedCompatibilityTests
{
    // Records in mono-rijndaelmanaged.txt (generate.sh prints the count when it rewrites the file).
    private const int RecordCount = 9695;

    private static readonly Lazy<VectorSuite<Func<SymmetricAlgorithm>>> s_suite = new(() => RijndaelManagedVectors.Load());

    [Theory]
    [MemberData(nameof(Implementations.RijndaelData), MemberType = typeof(Implementations))]
    public void MatchesMonoRijndaelManaged(Implementation<SymmetricAlgorithm> implementation)
    {
        SuiteAssert.AllPass(s_suite.Value, implementation.Create, RecordCount);
    }
}

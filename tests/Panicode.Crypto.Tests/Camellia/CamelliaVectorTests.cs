using System;
using System.Security.Cryptography;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Vectors;
using Panicode.Crypto.Vectors.Camellia;

namespace Panicode.Crypto.Tests.Camellia;

/// <summary>Every Camellia vector file (<see cref="CamelliaSuites"/>) over every Camellia implementation.</summary>
public sealed class CamelliaVectorTests
{
    public static TheoryData<string, Implementation<SymmetricAlgorithm>> Files
    {
        get
        {
            TheoryData<string, Implementation<SymmetricAlgorithm>> data = new();
            foreach (VectorSuiteSource<Func<SymmetricAlgorithm>> source in CamelliaSuites.All)
            {
                foreach (Implementation<SymmetricAlgorithm> implementation in Implementations.Camellia)
                {
                    data.Add(source.Name, implementation);
                }
            }

            return data;
        }
    }

    [Theory]
    [MemberData(nameof(Files))]
    public void VectorFile(string file, Implementation<SymmetricAlgorithm> implementation)
    {
        VectorSuiteSource<Func<SymmetricAlgorithm>> source = CamelliaSuites.Get(file);
        SuiteAssert.AllPass(source.Load(), implementation.Create, source.ExpectedCount);
    }
}

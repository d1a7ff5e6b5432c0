using System;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.Registry;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Vectors.Hashing;

namespace Panicode.Crypto.Tests.Hashing;

/// <summary>Every RIPEMD-160 and HMAC-RIPEMD-160 vector file (<see cref="Ripemd160Suites"/>) over every flavour.</summary>
public sealed class Ripemd160VectorTests
{
    public static TheoryData<Implementation<HashAlgorithm>, string> HashFiles => Rows(Families.Ripemd160, Ripemd160Suites.Hash.Select(s => s.Name));

    public static TheoryData<Implementation<KeyedHashAlgorithm>, string> HmacFiles => Rows(Families.HmacRipemd160, Ripemd160Suites.Hmac.Select(s => s.Name));

    [Theory]
    [MemberData(nameof(HashFiles))]
    public void HashVectorFile(Implementation<HashAlgorithm> implementation, string file)
        => SuiteAssert.AllPass(Ripemd160Suites.GetHash(file), implementation.Create);

    [Theory]
    [MemberData(nameof(HmacFiles))]
    public void HmacVectorFile(Implementation<KeyedHashAlgorithm> implementation, string file)
        => SuiteAssert.AllPass(Ripemd160Suites.GetHmac(file), implementation.Create);

    private static TheoryData<Implementation<T>, string> Rows<T>(Family<T> family, System.Collections.Generic.IEnumerable<string> files)
        where T : class
    {
        TheoryData<Implementation<T>, string> rows = new();
        foreach (Implementation<T> implementation in Implementations.Of(family))
        {
            foreach (string file in files)
            {
                rows.Add(implementation, file);
            }
        }

        return rows;
    }
}

using System.Collections.Generic;
using System.IO;
using System.Linq;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Vectors;

namespace Panicode.Crypto.Tests.Ec;

internal static class EcTestData
{
    /// <summary>One row per (Wycheproof file matching <paramref name="pattern"/>, flavour).</summary>
    public static TheoryData<string, Implementation<T>> WycheproofFiles<T>(string pattern, IEnumerable<Implementation<T>> implementations)
    {
        TheoryData<string, Implementation<T>> data = new();
        foreach (string file in Directory.GetFiles(Path.Combine(VectorFiles.Root, "wycheproof"), pattern).OrderBy(f => f))
        {
            foreach (Implementation<T> implementation in implementations)
            {
                data.Add("wycheproof/" + Path.GetFileName(file), implementation);
            }
        }

        return data;
    }
}

using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;

namespace Panicode.Crypto.Vectors.StreamCiphers;

/// <summary>
/// The MUGI vector file (vectors/mugi/SOURCE.md): Examples 1 and 2 of the specification Ver. 1.2, Appendix C, eight
/// 64-bit output units each. The count was taken from the file with grep.
/// </summary>
public static class MugiSuites
{
    public const string Group = "Mugi";

    public const string File = "mugi/mugi_spec_v1.2_examples.txt";

    public static IReadOnlyList<VectorSuiteSource<Func<StreamCipher>>> All { get; } = new[]
    {
        new VectorSuiteSource<Func<StreamCipher>>(Group, File, 2, () => Read(File)),
    };

    /// <summary>Every MUGI suite, loaded (each load checks its case count), for the Mono runner.</summary>
    [SuiteCatalog("Mugi")]
    public static IEnumerable<VectorSuite<Func<StreamCipher>>> Catalog() => All.Select(source => source.Load());

    public static VectorSuiteSource<Func<StreamCipher>> Get(string name) => All.Single(s => s.Name == name);

    /// <summary>Records "EXAMPLE = n", "K = ", "IV = ", "OUT[i] = " in order, separated by blank lines.</summary>
    private static IReadOnlyList<VectorCase<Func<StreamCipher>>> Read(string relativePath)
    {
        List<VectorCase<Func<StreamCipher>>> cases = new();
        string? example = null, key = null, iv = null;
        StringBuilder units = new();
        int count = 0;

        void Flush()
        {
            if (example == null)
            {
                return;
            }

            if (key == null || iv == null || count == 0)
            {
                throw new FormatException($"{relativePath}: example {example} is incomplete.");
            }

            cases.Add(StreamCipherChecks.KeystreamCase("example " + example, Hex.Decode(key), Hex.Decode(iv), Hex.Decode(units.ToString())));
            example = key = iv = null;
            units.Clear();
            count = 0;
        }

        foreach (string raw in System.IO.File.ReadLines(VectorFiles.Path(relativePath)))
        {
            string text = raw.Trim();
            if (text.Length == 0 || text.StartsWith("#", StringComparison.Ordinal))
            {
                continue;
            }

            int eq = text.IndexOf('=');
            string name = text.Substring(0, eq).Trim(), value = text.Substring(eq + 1).Trim();
            switch (name)
            {
                case "EXAMPLE":
                    Flush();
                    example = value;
                    break;
                case "K":
                    key = value;
                    break;
                case "IV":
                    iv = value;
                    break;
                default:
                    if (name != $"OUT[{count}]" || value.Length != 16)
                    {
                        throw new FormatException($"{relativePath}: unexpected '{text}'.");
                    }

                    units.Append(value);
                    count++;
                    break;
            }
        }

        Flush();
        return cases;
    }
}

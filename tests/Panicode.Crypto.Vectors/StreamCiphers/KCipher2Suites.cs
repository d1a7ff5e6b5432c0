using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text;

namespace Panicode.Crypto.Vectors.StreamCiphers;

/// <summary>
/// The KCipher-2 vector file (vectors/kcipher2/SOURCE.md): RFC 7008 Appendix C.1 (three key/IV pairs, eight 64-bit
/// key-stream words each) and the first three words of C.2. The count was taken from the file with grep.
/// </summary>
public static class KCipher2Suites
{
    public const string Group = "KCipher2";

    public const string File = "kcipher2/rfc7008_appendixC_keystream.txt";

    public static IReadOnlyList<VectorSuiteSource<Func<StreamCipher>>> All { get; } = new[]
    {
        new VectorSuiteSource<Func<StreamCipher>>(Group, File, 4, () => Read(File)),
    };

    /// <summary>Every KCipher-2 suite, loaded (each load checks its case count), for the Mono runner.</summary>
    [SuiteCatalog("KCipher2")]
    public static IEnumerable<VectorSuite<Func<StreamCipher>>> Catalog() => All.Select(source => source.Load());

    public static VectorSuiteSource<Func<StreamCipher>> Get(string name) => All.Single(s => s.Name == name);

    /// <summary>
    /// Records of <c>K</c>, <c>IV</c> and <c>S(i)</c> lines separated by blank lines; the key stream is the S(i) words
    /// in order (the file's <c>KS</c> line, when present, must be the same bytes).
    /// </summary>
    private static IReadOnlyList<VectorCase<Func<StreamCipher>>> Read(string relativePath)
    {
        List<VectorCase<Func<StreamCipher>>> cases = new();
        string? key = null, iv = null, ks = null;
        StringBuilder words = new();
        int line = 0, start = 0;

        void Flush()
        {
            if (key == null)
            {
                return;
            }

            byte[] expected = Hex.Decode(words.ToString());
            if (iv == null || expected.Length == 0 || (ks != null && !Hex.Decode(ks).AsSpan().SequenceEqual(expected)))
            {
                throw new FormatException($"{relativePath} line {start}: incomplete record or KS differs from the S(i) words.");
            }

            cases.Add(StreamCipherChecks.KeystreamCase($"line {start}", Hex.Decode(key), Hex.Decode(iv), expected));
            key = iv = ks = null;
            words.Clear();
        }

        foreach (string raw in System.IO.File.ReadLines(VectorFiles.Path(relativePath)))
        {
            line++;
            string text = raw.Trim();
            if (text.Length == 0)
            {
                Flush();
                continue;
            }

            if (text.StartsWith("#", StringComparison.Ordinal))
            {
                continue;
            }

            int eq = text.IndexOf('=');
            if (eq < 0)
            {
                throw new FormatException($"{relativePath} line {line}: '{text}'");
            }

            string name = text.Substring(0, eq).Trim(), value = text.Substring(eq + 1).Trim();
            if (name == "K")
            {
                Flush();
                key = value;
                start = line;
            }
            else if (name == "IV")
            {
                iv = value;
            }
            else if (name == "KS")
            {
                ks = value;
            }
            else if (name == $"S({words.Length / 16})")
            {
                words.Append(value);
            }
            else
            {
                throw new FormatException($"{relativePath} line {line}: unexpected '{name}'");
            }
        }

        Flush();
        return cases;
    }
}

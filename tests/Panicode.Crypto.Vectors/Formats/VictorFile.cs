using System;
using System.Collections.Generic;
using Panicode.Crypto.Vectors.Symmetric;

namespace Panicode.Crypto.Vectors.Formats;

/// <summary>
/// Jither/cryptopunk's "victor" files (<c>*.vectors</c>): header lines <c>name : value</c> (<c>mode</c>, <c>encrypt</c>,
/// <c>decrypt</c>, <c>k-format</c>, <c>p-format</c>, <c>c-format</c>), <c>option : name = value</c> lines that hold
/// for the records after them, <c>title :</c> lines, <c>#</c> comments, and records of <c>k:</c>, <c>p:</c> and
/// <c>c:</c> lines (in any order) separated by blank lines. Every record read is returned; a line the reader does not
/// understand is an error rather than something skipped.
/// </summary>
public static class VictorFile
{
    /// <summary>
    /// The ECB records of <paramref name="relativePath"/> (block size = plaintext length), only those under the
    /// option <paramref name="option"/> ("variant = 3") when it is given.
    /// </summary>
    public static List<CipherVector> Read(string relativePath, string? option = null)
    {
        List<CipherVector> vectors = new();
        Dictionary<string, string> options = new(StringComparer.Ordinal);
        string? wantedName = null, wantedValue = null;
        if (option is not null)
        {
            SplitOption(option, out wantedName, out wantedValue);
        }

        string? k = null, p = null, c = null;
        TextLine start = default;

        void Flush()
        {
            if (k is null && p is null && c is null)
            {
                return;
            }

            if (k is null || p is null || c is null)
            {
                throw start.Error("a record needs k, p and c.");
            }

            bool selected = wantedName is null || (options.TryGetValue(wantedName, out string? value) && value == wantedValue);
            if (selected)
            {
                byte[] plaintext = Hex.Decode(p);
                vectors.Add(CipherVector.Ecb(start.Location, Hex.Decode(k), plaintext, Hex.Decode(c), plaintext.Length * 8));
            }

            k = p = c = null;
        }

        foreach (TextLine line in TextLine.Read(relativePath))
        {
            if (line.IsBlank)
            {
                Flush();
                continue;
            }

            if (line.Text[0] == '#')
            {
                continue;
            }

            if (!line.TrySplit(':', out string name, out string text))
            {
                throw line.Error("expected 'name : value'.");
            }

            switch (name)
            {
                case "k":
                case "p":
                case "c":
                    if (k is null && p is null && c is null)
                    {
                        start = line;
                    }

                    ref string? field = ref name == "k" ? ref k : ref name == "p" ? ref p : ref c;
                    if (field is not null)
                    {
                        throw line.Error($"'{name}' given twice in one record.");
                    }

                    field = text;
                    break;
                case "mode":
                case "encrypt":
                case "decrypt":
                case "title":
                    break;
                case "k-format":
                case "p-format":
                case "c-format":
                    if (text != "hex")
                    {
                        throw line.Error($"only hex fields are read, not '{text}'.");
                    }

                    break;
                case "option":
                    Flush();
                    SplitOption(text, out string optionName, out string optionValue);
                    options[optionName] = optionValue;
                    break;
                default:
                    throw line.Error($"unknown field '{name}'.");
            }
        }

        Flush();
        return vectors;
    }

    private static void SplitOption(string option, out string name, out string value)
    {
        int at = option.IndexOf('=');
        if (at < 0)
        {
            throw new FormatException($"option '{option}' is not 'name = value'.");
        }

        name = option.Substring(0, at).Trim();
        value = option.Substring(at + 1).Trim();
    }
}

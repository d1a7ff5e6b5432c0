using System;
using System.Collections.Generic;
using System.Globalization;

namespace Panicode.Crypto.Vectors.Formats;

/// <summary>A trimmed line of a vector file with its 1-based number, for messages a human can follow to the file.</summary>
public readonly struct TextLine
{
    public TextLine(string file, int number, string text)
    {
        File = file;
        Number = number;
        Text = text;
    }

    public string File { get; }

    public int Number { get; }

    public string Text { get; }

    public bool IsBlank => Text.Length == 0;

    /// <summary>"file:line", the identifier the vector cases carry.</summary>
    public string Location => File + ":" + Number.ToString(CultureInfo.InvariantCulture);

    public FormatException Error(string message) => new($"{Location}: {message}");

    /// <summary>Splits "name SEP value" at the first <paramref name="separator"/>; false when there is none.</summary>
    public bool TrySplit(char separator, out string name, out string value)
    {
        int at = Text.IndexOf(separator);
        if (at < 0)
        {
            name = value = string.Empty;
            return false;
        }

        name = Text.Substring(0, at).Trim();
        value = Text.Substring(at + 1).Trim();
        return true;
    }

    /// <summary>Reads every line of <paramref name="relativePath"/> (under vectors/), trimmed.</summary>
    public static IEnumerable<TextLine> Read(string relativePath)
    {
        string[] lines = System.IO.File.ReadAllLines(VectorFiles.Path(relativePath));
        for (int i = 0; i < lines.Length; i++)
        {
            yield return new TextLine(relativePath, i + 1, lines[i].Trim());
        }
    }
}

using System;
using System.Collections.Generic;
using System.IO;

namespace Panicode.Crypto.Vectors.Formats;

/// <summary>One record of a <c>NAME = value</c> vector file, with the defaults of its section folded in.</summary>
public sealed class TextRecord
{
    private readonly Dictionary<string, string> _fields;

    internal TextRecord(string file, string section, int line, Dictionary<string, string> fields)
    {
        File = file;
        Section = section;
        Line = line;
        _fields = fields;
    }

    public string File { get; }

    public string Section { get; }

    public int Line { get; }

    /// <summary>The record after this one in the same section (a Monte-Carlo record checks its chaining against it), or null.</summary>
    public TextRecord? Next { get; internal set; }

    public bool Has(string name) => _fields.ContainsKey(name);

    public string Text(string name) =>
        _fields.TryGetValue(name, out string? value)
            ? value
            : throw new FormatException($"{File} line {Line}: field {name} is missing");

    public byte[] Bytes(string name) => Hex.Decode(Text(name));

    public int Int(string name) => int.Parse(Text(name), System.Globalization.CultureInfo.InvariantCulture);
}

/// <summary>
/// Reader for the line formats of NIST CAVP (<c>[ENCRYPT]</c>, <c>COUNT = 0</c>, <c>KEY = ...</c>),
/// the Rijndael AES-submission files (<c>KEYSIZE=128</c>, <c>I=1</c>, <c>KEY=...</c>) and
/// Gladman's files (<c>BLOCKSIZE=128</c>, <c>TEST= 0</c>, <c>KEY=  ...</c>).
/// </summary>
/// <remarks>
/// A record starts at its counter field (<c>COUNT</c>, <c>I</c> or <c>TEST</c>). Fields that
/// appear after a section line and before the first record of that section (the submission's
/// <c>PT=</c> in ecb_vk.txt, Gladman's <c>KEY=</c> in ecbvt44.txt, the block and key size) are
/// defaults for the records that follow until given again. Only upper-case field names count,
/// so the prose around the data (file banners, table descriptions) is never mistaken for data.
/// Given <c>onlyFields</c>, the reader is strict instead: every line other than a blank, a comment or a
/// section must be one of those fields inside a record.
/// </remarks>
public static class TextRecordReader
{
    public static List<TextRecord> Read(string relativePath, string recordKey, string? sectionKey = null, string[]? onlyFields = null)
    {
        string path = VectorFiles.Path(relativePath);
        string file = System.IO.Path.GetFileName(path);
        List<TextRecord> records = new();
        Dictionary<string, string> defaults = new(StringComparer.Ordinal);
        Dictionary<string, string>? current = null;
        string section = "";
        int lineNumber = 0;
        foreach (string raw in File.ReadLines(path))
        {
            lineNumber++;
            string line = raw.Trim();
            if (line.Length == 0 || line[0] == '#')
            {
                continue;
            }

            if (line[0] == '[' && line[line.Length - 1] == ']')
            {
                section = line.Substring(1, line.Length - 2);
                current = null;
                continue;
            }

            int equals = line.IndexOf('=');
            string name = equals > 0 ? line.Substring(0, equals).Trim() : string.Empty;
            if (onlyFields != null && name != recordKey && (Array.IndexOf(onlyFields, name) < 0 || current == null))
            {
                throw new FormatException($"{relativePath}:{lineNumber}: not a field of a {recordKey} record: {line}");
            }

            // In strict mode every field was checked against onlyFields above (pyca's TDES files spell one "KEYs").
            if (equals <= 0 || (onlyFields == null && !IsFieldName(name)))
            {
                continue;
            }

            string value = line.Substring(equals + 1).Trim();
            if (name == recordKey)
            {
                current = new Dictionary<string, string>(defaults, StringComparer.Ordinal) { [name] = value };
                TextRecord record = new(file, section, lineNumber, current);
                if (records.Count > 0 && records[records.Count - 1].Section == section)
                {
                    records[records.Count - 1].Next = record;
                }

                records.Add(record);
            }
            else if (name == sectionKey)
            {
                section = name + "=" + value;
                defaults[name] = value;
                current = null;
            }
            else if (current == null)
            {
                defaults[name] = value;
            }
            else
            {
                current[name] = value;
            }
        }

        return records;
    }

    private static bool IsFieldName(string name)
    {
        foreach (char c in name)
        {
            if (!(c is >= 'A' and <= 'Z' or >= '0' and <= '9'))
            {
                return false;
            }
        }

        return true;
    }
}

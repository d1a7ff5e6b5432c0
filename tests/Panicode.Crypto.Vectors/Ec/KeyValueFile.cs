using System;
using System.Collections.Generic;
using System.IO;

namespace Panicode.Crypto.Vectors.Ec;

/// <summary>One block of "Key = Value" lines from a NIST .rsp/.txt/.fax or Botan .vec file.</summary>
public sealed class KeyValueRecord
{
    public KeyValueRecord(string section, int line, Dictionary<string, string> fields, HashSet<string> ownKeys)
    {
        Section = section;
        Line = line;
        Fields = fields;
        OwnKeys = ownKeys;
    }

    /// <summary>The text inside the last section header ("[P-256,SHA-384]" gives "P-256,SHA-384").</summary>
    public string Section { get; }

    /// <summary>Line number (1-based) where the block starts, to find the case in the file.</summary>
    public int Line { get; }

    public Dictionary<string, string> Fields { get; }

    /// <summary>The keys written in this block itself (not carried over from earlier blocks).</summary>
    public HashSet<string> OwnKeys { get; }

    public bool Has(string key) => Fields.ContainsKey(key);

    public string this[string key] =>
        Fields.TryGetValue(key, out string? v) ? v : throw new FormatException($"line {Line}: no field '{key}'");

    public byte[] Bytes(string key) => HexOf(this[key]);

    /// <summary>Hex with an optional 0x prefix and an odd number of digits allowed.</summary>
    public static byte[] HexOf(string value)
    {
        string v = value.StartsWith("0x", StringComparison.OrdinalIgnoreCase) ? value.Substring(2) : value;
        return Hex.Decode(v.Length % 2 == 1 ? "0" + v : v);
    }
}

/// <summary>
/// Reads blocks of "Key = Value" lines separated by blank lines, under "[...]" section headers; '#' starts a comment.
/// With <c>carryOver</c> (Botan's syntax) a field not repeated in a block keeps its value from the blocks before it
/// in the same section.
/// </summary>
public static class KeyValueFile
{
    public static List<KeyValueRecord> Read(string path, Func<string, bool> isSection, bool carryOver = false)
    {
        List<KeyValueRecord> records = new();
        string section = string.Empty;
        Dictionary<string, string> carried = new();
        Dictionary<string, string>? current = null;
        HashSet<string> own = new();
        int start = 0;
        int lineNo = 0;

        void Flush()
        {
            if (current != null)
            {
                records.Add(new KeyValueRecord(section, start, current, own));
                current = null;
                own = new HashSet<string>();
            }
        }

        foreach (string raw in File.ReadLines(path))
        {
            lineNo++;
            string line = raw.Trim();
            if (line.StartsWith("#", StringComparison.Ordinal))
            {
                continue;
            }

            if (line.Length == 0)
            {
                Flush();
                continue;
            }

            if (line.StartsWith("[", StringComparison.Ordinal) && line.EndsWith("]", StringComparison.Ordinal))
            {
                string header = line.Substring(1, line.Length - 2).Trim();
                if (isSection(header))
                {
                    Flush();
                    section = header;
                    carried.Clear();
                }

                continue;
            }

            int eq = line.IndexOf('=');
            if (eq < 0)
            {
                continue;
            }

            if (current == null)
            {
                current = carryOver ? new Dictionary<string, string>(carried) : new Dictionary<string, string>();
                start = lineNo;
            }

            string key = line.Substring(0, eq).Trim();
            string value = line.Substring(eq + 1).Trim();
            current[key] = value;
            own.Add(key);
            carried[key] = value;
        }

        Flush();
        return records;
    }
}

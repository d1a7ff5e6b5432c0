using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Text;

namespace Panicode.Crypto.Vectors.Ec;

/// <summary>
/// A small JSON reader (RFC 8259) for the Wycheproof files, with no package dependency so it runs on
/// netstandard2.0 and Mono. Objects become <see cref="JsonObject"/>, arrays List&lt;object?&gt;, integers long, other numbers double.
/// </summary>
public static class Json
{
    public static JsonObject ReadFile(string path) => (JsonObject)Parse(File.ReadAllText(path))!;

    public static object? Parse(string text)
    {
        int pos = 0;
        object? value = ReadValue(text, ref pos);
        SkipWhitespace(text, ref pos);
        if (pos != text.Length)
        {
            throw new FormatException("Trailing data after JSON value at " + pos);
        }

        return value;
    }

    private static object? ReadValue(string s, ref int pos)
    {
        SkipWhitespace(s, ref pos);
        char c = s[pos];
        switch (c)
        {
            case '{':
                pos++;
                JsonObject obj = new();
                SkipWhitespace(s, ref pos);
                if (s[pos] == '}')
                {
                    pos++;
                    return obj;
                }

                while (true)
                {
                    SkipWhitespace(s, ref pos);
                    string key = ReadString(s, ref pos);
                    SkipWhitespace(s, ref pos);
                    Expect(s, ref pos, ':');
                    obj[key] = ReadValue(s, ref pos);
                    SkipWhitespace(s, ref pos);
                    if (s[pos] == ',')
                    {
                        pos++;
                        continue;
                    }

                    Expect(s, ref pos, '}');
                    return obj;
                }

            case '[':
                pos++;
                List<object?> list = new();
                SkipWhitespace(s, ref pos);
                if (s[pos] == ']')
                {
                    pos++;
                    return list;
                }

                while (true)
                {
                    list.Add(ReadValue(s, ref pos));
                    SkipWhitespace(s, ref pos);
                    if (s[pos] == ',')
                    {
                        pos++;
                        continue;
                    }

                    Expect(s, ref pos, ']');
                    return list;
                }

            case '"':
                return ReadString(s, ref pos);
            case 't':
                pos += 4;
                return true;
            case 'f':
                pos += 5;
                return false;
            case 'n':
                pos += 4;
                return null;
            default:
                int start = pos;
                while (pos < s.Length && "+-0123456789.eE".IndexOf(s[pos]) >= 0)
                {
                    pos++;
                }

                // Integers stay integers: Mono 6.8 on ppc64el (under qemu) converts a double to int as 0.
                string number = s.Substring(start, pos - start);
                return long.TryParse(number, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out long integer)
                    ? (object)integer
                    : double.Parse(number, CultureInfo.InvariantCulture);
        }
    }

    private static string ReadString(string s, ref int pos)
    {
        Expect(s, ref pos, '"');
        StringBuilder sb = new();
        while (s[pos] != '"')
        {
            char c = s[pos++];
            if (c != '\\')
            {
                sb.Append(c);
                continue;
            }

            char e = s[pos++];
            switch (e)
            {
                case 'n': sb.Append('\n'); break;
                case 't': sb.Append('\t'); break;
                case 'r': sb.Append('\r'); break;
                case 'b': sb.Append('\b'); break;
                case 'f': sb.Append('\f'); break;
                case 'u':
                    sb.Append((char)int.Parse(s.Substring(pos, 4), NumberStyles.HexNumber, CultureInfo.InvariantCulture));
                    pos += 4;
                    break;
                default: sb.Append(e); break;
            }
        }

        pos++;
        return sb.ToString();
    }

    private static void SkipWhitespace(string s, ref int pos)
    {
        while (pos < s.Length && char.IsWhiteSpace(s[pos]))
        {
            pos++;
        }
    }

    private static void Expect(string s, ref int pos, char c)
    {
        if (s[pos] != c)
        {
            throw new FormatException($"Expected '{c}' at {pos}, found '{s[pos]}'");
        }

        pos++;
    }
}

/// <summary>A JSON object with typed accessors that fail loudly on a missing member.</summary>
public sealed class JsonObject : Dictionary<string, object?>
{
    public string Str(string key) => (string)(this[key] ?? throw new FormatException(key + " is null"));

    public int Int(string key) => this[key] is long value
        ? checked((int)value)
        : throw new FormatException($"JSON member '{key}' is not an integer.");

    public JsonObject Obj(string key) => (JsonObject)this[key]!;

    public List<object?> Arr(string key) => (List<object?>)this[key]!;

    public IEnumerable<JsonObject> Objects(string key)
    {
        foreach (object? o in Arr(key))
        {
            yield return (JsonObject)o!;
        }
    }

    public IEnumerable<string> Strings(string key)
    {
        if (TryGetValue(key, out object? v) && v is List<object?> list)
        {
            foreach (object? o in list)
            {
                yield return (string)o!;
            }
        }
    }
}

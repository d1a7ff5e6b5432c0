using System;
using System.Collections.Generic;
using System.Globalization;
using System.Security.Cryptography;
using System.Text;
using Panicode.Crypto.Vectors.Symmetric;

namespace Panicode.Crypto.Vectors.Formats;

/// <summary>
/// Crypto++ <c>TestVectors/*.txt</c> for a block cipher in ECB, CBC, CFB or OFB (<c>modes/aes.txt</c>,
/// <c>camellia/camellia.txt</c>): <c>Name: value</c> lines, a record ends at <c>Test: Encrypt</c>, and a field
/// keeps its value for the following records until given again (the reader starts afresh at each
/// <c>AlgorithmType:</c>). Values are hex (spaces allowed; an odd last digit is dropped, as Crypto++ does),
/// <c>0x</c>hex, <c>"text"</c> or <c>r&lt;N&gt; hex</c> (repeated N times), concatenated; a trailing backslash
/// continues the value on the next line. <c>FeedbackSize</c> is in bytes. A field, test or algorithm the reader
/// does not know is an error, except the algorithm names the caller lists as skipped (counted).
/// </summary>
public static class CryptoPPTestVectors
{
    private static readonly string[] s_fields = { "AlgorithmType", "Name", "Source", "Comment", "Key", "IV", "Plaintext", "Ciphertext", "FeedbackSize" };

    public static List<CipherVector> Read(string relativePath, string algorithm) => Read(relativePath, algorithm, Array.Empty<string>(), out _);

    /// <summary>Reads every record of <paramref name="algorithm"/>; records named in <paramref name="skippedNames"/> are counted in <paramref name="skipped"/>.</summary>
    public static List<CipherVector> Read(string relativePath, string algorithm, string[] skippedNames, out int skipped)
    {
        List<CipherVector> vectors = new();
        Dictionary<string, string> fields = new(StringComparer.Ordinal);
        int skippedCount = 0;
        string? pendingName = null;
        StringBuilder pendingValue = new();
        foreach (TextLine line in TextLine.Read(relativePath))
        {
            if (pendingName != null)
            {
                AppendContinued(line.Text);
                continue;
            }

            if (line.IsBlank || line.Text[0] == '#')
            {
                continue;
            }

            if (!line.TrySplit(':', out string name, out string value) || name.Length == 0)
            {
                throw line.Error("not a 'Name: value' line.");
            }

            if (name == "AlgorithmType")
            {
                fields.Clear();
            }

            if (name != "Test")
            {
                if (Array.IndexOf(s_fields, name) < 0)
                {
                    throw line.Error("unsupported field " + name);
                }

                pendingName = name;
                pendingValue.Clear();
                AppendContinued(value);
                continue;
            }

            if (value != "Encrypt")
            {
                throw line.Error("unsupported Test: " + value);
            }

            string fullName = fields.TryGetValue("Name", out string? n) ? n : throw line.Error("a test before any Name.");
            if (Array.IndexOf(skippedNames, fullName) >= 0)
            {
                skippedCount++;
                continue;
            }

            vectors.Add(ToVector(algorithm, fullName, fields, line));
        }

        skipped = skippedCount;
        return vectors;

        void AppendContinued(string text)
        {
            bool continues = text.EndsWith("\\", StringComparison.Ordinal);
            pendingValue.Append(' ').Append(continues ? text.Substring(0, text.Length - 1) : text);
            if (!continues)
            {
                fields[pendingName!] = pendingValue.ToString().Trim();
                pendingName = null;
            }
        }
    }

    private static CipherVector ToVector(string algorithm, string fullName, Dictionary<string, string> fields, TextLine line)
    {
        string comment = fields.TryGetValue("Comment", out string? c) ? c : fields.TryGetValue("Source", out string? source) ? source : string.Empty;
        string id = $"{line.Location} ({fullName} {comment})";
        int feedbackBytes = fields.TryGetValue("FeedbackSize", out string? fb) ? int.Parse(fb, CultureInfo.InvariantCulture) : 16;
        CipherSetup setup = fullName.Substring(fullName.IndexOf('/') + 1) switch
        {
            _ when !fullName.StartsWith(algorithm + "/", StringComparison.Ordinal) => throw line.Error("expected a Name of " + algorithm),
            "ECB" => new CipherSetup(CipherMode.ECB),
            "CBC" => new CipherSetup(CipherMode.CBC),
            "CFB" => new CipherSetup(CipherMode.CFB, 128, feedbackBytes * 8),
            "OFB" => new CipherSetup(CipherMode.OFB),
            _ => throw line.Error("unsupported algorithm " + fullName),
        };
        byte[]? iv = setup.Mode == CipherMode.ECB ? null : Value(fields, "IV", line);
        return new CipherVector(id, setup, Value(fields, "Key", line), iv, Value(fields, "Plaintext", line), Value(fields, "Ciphertext", line));
    }

    private static byte[] Value(Dictionary<string, string> fields, string name, TextLine line)
        => fields.TryGetValue(name, out string? value) ? Decode(value) : throw line.Error($"field {name} was never given.");

    /// <summary>Decodes a Crypto++ TestVectors value.</summary>
    public static byte[] Decode(string text)
    {
        List<byte> bytes = new();
        int i = 0;
        int repeat = 1;
        while (i < text.Length)
        {
            if (char.IsWhiteSpace(text[i]))
            {
                i++;
                continue;
            }

            if (text[i] == '"')
            {
                int end = text.IndexOf('"', i + 1);
                // r<N> repeats the next value, a string as well as hex (PANAMA's million-'a' message).
                byte[] ascii = Encoding.ASCII.GetBytes(text.Substring(i + 1, end - i - 1));
                for (int r = 0; r < repeat; r++)
                {
                    bytes.AddRange(ascii);
                }

                repeat = 1;
                i = end + 1;
                continue;
            }

            int start = i;
            while (i < text.Length && !char.IsWhiteSpace(text[i]))
            {
                i++;
            }

            string token = text.Substring(start, i - start);
            if (token[0] == 'r' && token.Length > 1 && char.IsDigit(token[1]))
            {
                repeat = int.Parse(token.Substring(1), CultureInfo.InvariantCulture);
                continue;
            }

            if (token.StartsWith("0x", StringComparison.OrdinalIgnoreCase))
            {
                token = token.Substring(2);
            }

            // Crypto++'s HexDecoder drops a dangling last digit; the SP 800-38A F.3.7 plaintext
            // in aes.txt has one (37 digits for the 18 bytes of the standard).
            byte[] chunk = Hex.Decode(token.Length % 2 == 0 ? token : token.Substring(0, token.Length - 1));
            for (int r = 0; r < repeat; r++)
            {
                bytes.AddRange(chunk);
            }

            repeat = 1;
        }

        return bytes.ToArray();
    }
}

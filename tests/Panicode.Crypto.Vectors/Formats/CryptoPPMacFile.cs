using System;
using System.Collections.Generic;
using System.Globalization;

namespace Panicode.Crypto.Vectors.Formats;

/// <summary>One MAC known answer: key, message and the expected MAC (possibly truncated to its first bytes).</summary>
public sealed class MacVector
{
    public MacVector(string id, byte[] key, byte[] message, byte[] mac)
    {
        Id = id;
        Key = key;
        Message = message;
        Mac = mac;
    }

    public string Id { get; }

    public byte[] Key { get; }

    public byte[] Message { get; }

    /// <summary>The expected MAC; shorter than the full MAC for a truncated test.</summary>
    public byte[] Mac { get; }
}

/// <summary>
/// The MAC records of a Crypto++ <c>TestVectors/*.txt</c> file (<c>hmac.txt</c>): <c>Name: value</c> lines, a record
/// ends at <c>Test: Verify</c> or <c>Test: VerifyTruncated</c> (with <c>#TruncatedSize</c> bytes of the MAC), fields
/// keep their values for the following records until given again, and each <c>AlgorithmType:</c> starts afresh.
/// Values are decoded as <see cref="CryptoPPTestVectors.Decode"/> does. Only the records of one <c>Name</c> are
/// returned; a field or test the reader does not know is an error.
/// </summary>
public static class CryptoPPMacFile
{
    private static readonly string[] s_fields = { "AlgorithmType", "Name", "Source", "Comment", "Key", "Message", "MAC", "#TruncatedSize" };

    public static List<MacVector> Read(string relativePath, string name)
    {
        List<MacVector> vectors = new();
        Dictionary<string, string> fields = new(StringComparer.Ordinal);
        foreach (TextLine line in TextLine.Read(relativePath))
        {
            if (line.IsBlank)
            {
                continue;
            }

            if (!line.TrySplit(':', out string field, out string value) || field.Length == 0)
            {
                throw line.Error("not a 'Name: value' line.");
            }

            if (field == "AlgorithmType")
            {
                fields.Clear();
            }

            if (field != "Test")
            {
                if (Array.IndexOf(s_fields, field) < 0 || value.EndsWith("\\", StringComparison.Ordinal))
                {
                    throw line.Error("unsupported field or continued value: " + field);
                }

                fields[field] = value.Trim();
                continue;
            }

            if (!fields.TryGetValue("Name", out string? recordName) || recordName != name)
            {
                continue;
            }

            byte[] mac = Value(fields, "MAC", line);
            if (value == "VerifyTruncated")
            {
                int size = int.Parse(fields.TryGetValue("#TruncatedSize", out string? t) ? t : throw line.Error("no #TruncatedSize"), CultureInfo.InvariantCulture);
                if (mac.Length != size)
                {
                    throw line.Error($"the truncated MAC has {mac.Length} bytes, #TruncatedSize says {size}");
                }
            }
            else if (value != "Verify")
            {
                throw line.Error("unsupported Test: " + value);
            }

            string comment = fields.TryGetValue("Comment", out string? c) ? c : string.Empty;
            vectors.Add(new MacVector($"{line.Location} ({name} {comment}, {value})", Value(fields, "Key", line), Value(fields, "Message", line), mac));
        }

        return vectors;
    }

    private static byte[] Value(Dictionary<string, string> fields, string name, TextLine line)
        => fields.TryGetValue(name, out string? value) ? CryptoPPTestVectors.Decode(value) : throw line.Error($"field {name} was never given.");
}

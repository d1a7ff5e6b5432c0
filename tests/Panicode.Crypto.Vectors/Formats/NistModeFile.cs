using System;
using System.Collections.Generic;
using System.Security.Cryptography;
using Panicode.Crypto.Vectors.Symmetric;

namespace Panicode.Crypto.Vectors.Formats;

/// <summary>
/// NIST-style response files as pyca's cryptography_vectors writes them: "[ENCRYPT]"/"[DECRYPT]" sections and
/// "COUNT = n" records of "KEY", "IV", "PLAINTEXT", "CIPHERTEXT" (hex); '#' starts a comment. Every record is one
/// known answer in the mode the caller names (the file does not say it), without padding.
/// </summary>
public static class NistModeFile
{
    public static List<CipherVector> Read(string relativePath, CipherMode mode, int feedbackSizeInBits = 0)
    {
        List<CipherVector> vectors = new();
        Dictionary<string, string> record = new(StringComparer.Ordinal);
        TextLine start = default;

        void Flush()
        {
            if (record.Count == 0)
            {
                return;
            }

            byte[] plaintext = Field(record, "PLAINTEXT", start);
            byte[] ciphertext = Field(record, "CIPHERTEXT", start);
            vectors.Add(new CipherVector(
                $"{start.Location} (COUNT = {record["COUNT"]})",
                Field(record, "KEY", start),
                mode == CipherMode.ECB ? null : Field(record, "IV", start),
                mode,
                PaddingMode.None,
                plaintext,
                ciphertext,
                VectorDirection.Both,
                feedbackSizeInBits));
            record.Clear();
        }

        foreach (TextLine line in TextLine.Read(relativePath))
        {
            if (line.IsBlank || line.Text[0] == '#')
            {
                continue;
            }

            if (line.Text == "[ENCRYPT]" || line.Text == "[DECRYPT]")
            {
                Flush();
                continue;
            }

            if (!line.TrySplit('=', out string name, out string value))
            {
                throw line.Error("cannot read this line.");
            }

            switch (name)
            {
                case "COUNT":
                    Flush();
                    start = line;
                    record[name] = value;
                    break;
                case "KEY":
                case "IV":
                case "PLAINTEXT":
                case "CIPHERTEXT":
                    if (record.Count == 0)
                    {
                        throw line.Error(name + " before COUNT.");
                    }

                    record[name] = value;
                    break;
                default:
                    throw line.Error("unknown field " + name);
            }
        }

        Flush();
        return vectors;
    }

    private static byte[] Field(Dictionary<string, string> record, string name, TextLine start)
        => record.TryGetValue(name, out string? value) ? Hex.Decode(value) : throw start.Error($"field {name} is missing.");
}

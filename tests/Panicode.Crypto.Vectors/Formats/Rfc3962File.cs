using System;
using System.Collections.Generic;
using System.Security.Cryptography;
using Panicode.Crypto.Vectors.Symmetric;

namespace Panicode.Crypto.Vectors.Formats;

/// <summary>
/// RFC 3962 Appendix B (<c>modes/rfc3962_cts.txt</c>): the key is given once, then IV / Input / Output / Next IV
/// per vector with hex lines prefixed by an offset ("0010:"). Each vector is a CTS known answer. Next IV (the CBC
/// chaining value Kerberos carries to the next message) is not observable through SymmetricAlgorithm and is not checked.
/// </summary>
public static class Rfc3962File
{
    public static List<CipherVector> Read(string relativePath)
    {
        List<CipherVector> vectors = new();
        Dictionary<string, List<byte>> fields = new(StringComparer.Ordinal);
        string? label = null;
        TextLine record = default;
        foreach (TextLine line in TextLine.Read(relativePath))
        {
            string text = line.Text;
            if (line.IsBlank || text[0] == '#')
            {
                continue;
            }

            if (text.Length > 5 && text[4] == ':' && IsHexDigits(text.Substring(0, 4)))
            {
                if (label == null)
                {
                    throw line.Error("hex line before any label.");
                }

                fields[label].AddRange(Hex.Decode(text.Substring(5)));
                continue;
            }

            if (text.EndsWith(":", StringComparison.Ordinal))
            {
                label = text.Substring(0, text.Length - 1);
                if (label == "IV")
                {
                    Flush();
                    record = line;
                }

                fields[label] = new List<byte>();
                continue;
            }

            label = null;
        }

        Flush();
        return vectors;

        void Flush()
        {
            if (!fields.ContainsKey("Output"))
            {
                return;
            }

            byte[] input = fields["Input"].ToArray();
            vectors.Add(new CipherVector(
                $"{record.Location} ({input.Length}-byte input)",
                new CipherSetup(CipherMode.CTS),
                fields["AES 128-bit key"].ToArray(),
                fields["IV"].ToArray(),
                input,
                fields["Output"].ToArray()));
            fields.Remove("Output");
        }
    }

    private static bool IsHexDigits(string text)
    {
        foreach (char c in text)
        {
            if (!Uri.IsHexDigit(c))
            {
                return false;
            }
        }

        return true;
    }
}

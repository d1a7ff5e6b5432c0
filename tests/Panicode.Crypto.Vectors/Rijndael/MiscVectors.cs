// Smaller vector files for Rijndael and AES modes:
// - aes/misc/aes.vec (Botan): FIPS-197 Appendix C examples first, then AESAVS / rijndael-vals
//   known answers and a few long multi-block ECB vectors; [AES-128]/[AES-192]/[AES-256] sections
//   with Key / In / Out records.
// - aes/misc/rijndael.dat (Crypto++): "KEY PT CT" per line, AES ECB.
// - rijndael/derived/gladman_rijndael_all_block_key_sizes.txt: the 25 block x key combinations
//   (FIPS-197 key and plaintext prefixes), records of "Name = hex".
// - modes/aes.txt (Crypto++ TestVectors): NIST SP 800-38A Appendix F ECB/CBC/CFB8/CFB128/OFB
//   examples, RFC 3602 AES-CBC cases and Crypto++'s long ECB/CBC/CFB/OFB vectors; the CTR and XTS
//   records are skipped by algorithm name (the library has no CTR or XTS mode).
// - modes/rfc3962_cts.txt: RFC 3962 Appendix B, AES-128 CBC with ciphertext stealing (CS3).
using System;
using System.Collections.Generic;
using System.IO;
using System.Security.Cryptography;
using System.Text;

namespace Panicode.Crypto.Vectors.Rijndael;

public static class MiscVectors
{
    public const string BotanAes = "aes/misc/aes.vec";
    public const string CryptoppRijndael = "aes/misc/rijndael.dat";
    public const string Derived = "rijndael/derived/gladman_rijndael_all_block_key_sizes.txt";
    public const string Sp80038A = "modes/aes.txt";
    public const string Rfc3962 = "modes/rfc3962_cts.txt";

    /// <summary>Crypto++ algorithm names in modes/aes.txt that this library does not implement.</summary>
    public static readonly string[] SkippedAlgorithms = { "AES/CTR", "AES/XTS" };

    /// <summary>Botan .vec: one case per Key/In/Out record.</summary>
    public static VectorSuite<Func<SymmetricAlgorithm>> LoadBotanAes()
    {
        List<VectorCase<Func<SymmetricAlgorithm>>> cases = new();
        string section = "";
        string? key = null;
        string? input = null;
        int lineNumber = 0;
        foreach (string raw in File.ReadLines(VectorFiles.Path(BotanAes)))
        {
            lineNumber++;
            string line = raw.Trim();
            if (line.Length == 0 || line[0] == '#')
            {
                continue;
            }

            if (line[0] == '[')
            {
                section = line.Trim('[', ']');
                continue;
            }

            int equals = line.IndexOf('=');
            string name = line.Substring(0, equals).Trim();
            string value = line.Substring(equals + 1).Trim();
            switch (name)
            {
                case "Key":
                    key = value;
                    break;
                case "In":
                    input = value;
                    break;
                case "Out":
                    int keyBits = section switch
                    {
                        "AES-128" => 128,
                        "AES-192" => 192,
                        "AES-256" => 256,
                        _ => throw new FormatException($"{BotanAes} line {lineNumber}: unknown section [{section}]"),
                    };
                    byte[] k = Hex.Decode(key!);
                    byte[] plain = Hex.Decode(input!);
                    byte[] cipher = Hex.Decode(value);
                    cases.Add(new VectorCase<Func<SymmetricAlgorithm>>(
                        $"[{section}] line {lineNumber}",
                        factory =>
                        {
                            Expect.True(k.Length * 8 == keyBits, $"key of {k.Length * 8} bits in [{section}]");
                            KnownAnswer.Check(factory, new CipherSetup(CipherMode.ECB), k, null, plain, cipher);
                        }));
                    break;
                default:
                    throw new FormatException($"{BotanAes} line {lineNumber}: unknown field {name}");
            }
        }

        return new VectorSuite<Func<SymmetricAlgorithm>>(BotanAes, cases);
    }

    /// <summary>Crypto++ rijndael.dat: one case per line.</summary>
    public static VectorSuite<Func<SymmetricAlgorithm>> LoadCryptoppRijndael()
    {
        List<VectorCase<Func<SymmetricAlgorithm>>> cases = new();
        int lineNumber = 0;
        foreach (string raw in File.ReadLines(VectorFiles.Path(CryptoppRijndael)))
        {
            lineNumber++;
            string[] parts = raw.Split(new[] { ' ', '\t' }, StringSplitOptions.RemoveEmptyEntries);
            if (parts.Length == 0)
            {
                continue;
            }

            if (parts.Length != 3)
            {
                throw new FormatException($"{CryptoppRijndael} line {lineNumber}: expected KEY PT CT");
            }

            byte[] key = Hex.Decode(parts[0]);
            byte[] plain = Hex.Decode(parts[1]);
            byte[] cipher = Hex.Decode(parts[2]);
            cases.Add(new VectorCase<Func<SymmetricAlgorithm>>(
                $"line {lineNumber}",
                factory => KnownAnswer.Check(factory, new CipherSetup(CipherMode.ECB), key, null, plain, cipher)));
        }

        return new VectorSuite<Func<SymmetricAlgorithm>>(CryptoppRijndael, cases);
    }

    /// <summary>The derived 25-vector table: one case per block x key size.</summary>
    public static VectorSuite<Func<SymmetricAlgorithm>> LoadDerived()
    {
        List<VectorCase<Func<SymmetricAlgorithm>>> cases = new();
        Dictionary<string, string> fields = new(StringComparer.Ordinal);
        int lineNumber = 0;
        foreach (string raw in File.ReadLines(VectorFiles.Path(Derived)))
        {
            lineNumber++;
            string line = raw.Trim();
            if (line.Length == 0 || line[0] == '#')
            {
                continue;
            }

            int equals = line.IndexOf('=');
            string name = line.Substring(0, equals).Trim();
            fields[name] = line.Substring(equals + 1).Trim();
            if (name != "Ciphertext")
            {
                continue;
            }

            int blockBits = int.Parse(fields["BlockBits"], System.Globalization.CultureInfo.InvariantCulture);
            int keyBits = int.Parse(fields["KeyBits"], System.Globalization.CultureInfo.InvariantCulture);
            byte[] key = Hex.Decode(fields["Key"]);
            byte[] plain = Hex.Decode(fields["Plaintext"]);
            byte[] cipher = Hex.Decode(fields["Ciphertext"]);
            fields.Clear();
            cases.Add(new VectorCase<Func<SymmetricAlgorithm>>(
                $"block {blockBits} key {keyBits} (line {lineNumber})",
                factory =>
                {
                    Expect.True(key.Length * 8 == keyBits && plain.Length * 8 == blockBits, "record sizes agree with BlockBits/KeyBits");
                    KnownAnswer.Check(factory, new CipherSetup(CipherMode.ECB, blockBits), key, null, plain, cipher);
                }));
        }

        return new VectorSuite<Func<SymmetricAlgorithm>>(Derived, cases);
    }

    /// <summary>
    /// Crypto++ TestVectors: <c>Name: value</c> lines, a record ends at <c>Test:</c>; a field
    /// keeps its value for the following records until given again (this reader starts afresh at
    /// each <c>AlgorithmType:</c>, which every record here satisfies). Values are hex (spaces
    /// allowed; an odd last digit is dropped, as Crypto++ does), <c>0x</c>hex, <c>"text"</c> or
    /// <c>r&lt;N&gt; hex</c> (repeated N times), concatenated;
    /// a trailing backslash continues the value on the next line. <c>FeedbackSize</c> is in bytes.
    /// </summary>
    public static VectorSuite<Func<SymmetricAlgorithm>> LoadSp80038A() => LoadSp80038A(out _);

    public static VectorSuite<Func<SymmetricAlgorithm>> LoadSp80038A(out int skipped)
    {
        List<VectorCase<Func<SymmetricAlgorithm>>> cases = new();
        Dictionary<string, string> fields = new(StringComparer.Ordinal);
        skipped = 0;
        int lineNumber = 0;
        string? pendingName = null;
        StringBuilder pendingValue = new();
        foreach (string raw in File.ReadLines(VectorFiles.Path(Sp80038A)))
        {
            lineNumber++;
            string line = raw.Trim();
            if (pendingName != null)
            {
                AppendContinued(line);
                continue;
            }

            if (line.Length == 0 || line[0] == '#')
            {
                continue;
            }

            int colon = line.IndexOf(':');
            if (colon <= 0)
            {
                throw new FormatException($"{Sp80038A} line {lineNumber}: not a 'Name: value' line");
            }

            string name = line.Substring(0, colon).Trim();
            string value = line.Substring(colon + 1).Trim();
            if (name == "AlgorithmType")
            {
                fields.Clear();
            }

            if (name != "Test")
            {
                pendingName = name;
                pendingValue.Clear();
                AppendContinued(value);
                continue;
            }

            string algorithm = fields["Name"];
            if (Array.IndexOf(SkippedAlgorithms, algorithm) >= 0)
            {
                skipped++;
                continue;
            }

            cases.Add(CryptoppCase(algorithm, new Dictionary<string, string>(fields), lineNumber, value));
        }

        return new VectorSuite<Func<SymmetricAlgorithm>>(Sp80038A, cases);

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

    private static VectorCase<Func<SymmetricAlgorithm>> CryptoppCase(string algorithm, Dictionary<string, string> fields, int lineNumber, string test)
    {
        string comment = fields.TryGetValue("Comment", out string? c) ? c : fields["Source"];
        string id = $"{algorithm} {comment} (line {lineNumber})";
        if (test != "Encrypt")
        {
            throw new FormatException($"{Sp80038A} line {lineNumber}: unexpected Test: {test}");
        }

        byte[] key = CryptoppValue(fields["Key"]);
        byte[]? iv = fields.TryGetValue("IV", out string? ivText) ? CryptoppValue(ivText) : null;
        byte[] plain = CryptoppValue(fields["Plaintext"]);
        byte[] cipher = CryptoppValue(fields["Ciphertext"]);
        int feedbackBytes = fields.TryGetValue("FeedbackSize", out string? fb) ? int.Parse(fb, System.Globalization.CultureInfo.InvariantCulture) : 16;
        CipherSetup setup = algorithm switch
        {
            "AES/ECB" => new CipherSetup(CipherMode.ECB),
            "AES/CBC" => new CipherSetup(CipherMode.CBC),
            "AES/CFB" => new CipherSetup(CipherMode.CFB, 128, feedbackBytes * 8),
            "AES/OFB" => new CipherSetup(CipherMode.OFB),
            _ => throw new FormatException($"{Sp80038A} line {lineNumber}: unknown algorithm {algorithm}"),
        };
        bool partial = plain.Length % 16 != 0 && !(setup.Mode == CipherMode.CFB && setup.FeedbackSize == 8);
        return new VectorCase<Func<SymmetricAlgorithm>>(
            id,
            factory =>
            {
                if (partial)
                {
                    KnownAnswer.CheckStreamPrefix(factory, setup, key, iv!, plain, cipher);
                }
                else
                {
                    KnownAnswer.Check(factory, setup, key, iv, plain, cipher);
                }
            });
    }

    /// <summary>Decodes a Crypto++ TestVectors value.</summary>
    public static byte[] CryptoppValue(string text)
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
                bytes.AddRange(Encoding.ASCII.GetBytes(text.Substring(i + 1, end - i - 1)));
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
                repeat = int.Parse(token.Substring(1), System.Globalization.CultureInfo.InvariantCulture);
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

    /// <summary>
    /// RFC 3962 Appendix B: the key is given once, then IV / Input / Output / Next IV per vector
    /// with hex lines prefixed by an offset ("0010:"). Next IV (the CBC chaining value Kerberos
    /// carries to the next message) is not observable through SymmetricAlgorithm and is not checked.
    /// </summary>
    public static VectorSuite<Func<SymmetricAlgorithm>> LoadRfc3962()
    {
        List<VectorCase<Func<SymmetricAlgorithm>>> cases = new();
        Dictionary<string, List<byte>> fields = new(StringComparer.Ordinal);
        string? label = null;
        int lineNumber = 0;
        int recordLine = 0;
        foreach (string raw in File.ReadLines(VectorFiles.Path(Rfc3962)))
        {
            lineNumber++;
            string line = raw.Trim();
            if (line.Length == 0 || line[0] == '#')
            {
                continue;
            }

            if (line.Length > 5 && line[4] == ':' && IsHexDigits(line.Substring(0, 4)))
            {
                if (label == null)
                {
                    throw new FormatException($"{Rfc3962} line {lineNumber}: hex line before any label");
                }

                fields[label].AddRange(Hex.Decode(line.Substring(5)));
                continue;
            }

            if (line.EndsWith(":", StringComparison.Ordinal))
            {
                label = line.Substring(0, line.Length - 1);
                if (label == "IV")
                {
                    Flush();
                    recordLine = lineNumber;
                }

                fields[label] = new List<byte>();
                continue;
            }

            label = null;
        }

        Flush();
        return new VectorSuite<Func<SymmetricAlgorithm>>(Rfc3962, cases);

        void Flush()
        {
            if (!fields.ContainsKey("Output"))
            {
                return;
            }

            byte[] key = fields["AES 128-bit key"].ToArray();
            byte[] iv = fields["IV"].ToArray();
            byte[] input = fields["Input"].ToArray();
            byte[] output = fields["Output"].ToArray();
            fields.Remove("Output");
            cases.Add(new VectorCase<Func<SymmetricAlgorithm>>(
                $"{input.Length}-byte input (line {recordLine})",
                factory => KnownAnswer.Check(factory, new CipherSetup(CipherMode.CTS), key, iv, input, output)));
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

// NESSIE test vectors for Rijndael with a 256-bit key and 128-, 192- and 256-bit blocks
// (rijndael-256-<block>.unverified.test-vectors, NESSIE extended-parameter annex).
// Sets 1-4 give key, plain, cipher, decrypted and the results of encrypting the plaintext
// 100 and 1000 times in a row (x[i+1] = E_K(x[i])); sets 5-8 give key, cipher, plain, encrypted.
// Values longer than 128 bits continue on the following lines and are concatenated.
using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Security.Cryptography;

namespace Panicode.Crypto.Vectors.Rijndael;

/// <summary>Suites for the NESSIE Rijndael files: one case per "Set N, vector# M" record.</summary>
public static class NessieVectors
{
    public const string Folder = "rijndael/nessie/";

    public static readonly string[] Files =
    {
        "rijndael-256-128.unverified.test-vectors",
        "rijndael-256-192.unverified.test-vectors",
        "rijndael-256-256.unverified.test-vectors",
    };

    public static VectorSuite<Func<SymmetricAlgorithm>> Load(string fileName)
    {
        string path = VectorFiles.Path(Folder + fileName);
        List<VectorCase<Func<SymmetricAlgorithm>>> cases = new();
        int blockSize = 0;
        Dictionary<string, string>? current = null;
        string? currentName = null;
        string? lastField = null;
        int lineNumber = 0;
        foreach (string raw in File.ReadLines(path))
        {
            lineNumber++;
            string line = raw.Trim();
            if (line.StartsWith("Block size:", StringComparison.Ordinal))
            {
                blockSize = int.Parse(line.Substring(11).Replace("bits", "").Trim(), CultureInfo.InvariantCulture);
                continue;
            }

            if (line.StartsWith("Set ", StringComparison.Ordinal) && line.Contains("vector#"))
            {
                Flush();
                current = new Dictionary<string, string>(StringComparer.Ordinal);
                currentName = $"{line.TrimEnd(':')} (line {lineNumber})";
                lastField = null;
                continue;
            }

            int equals = line.IndexOf('=');
            if (current != null && equals > 0)
            {
                lastField = line.Substring(0, equals).Trim();
                current[lastField] = line.Substring(equals + 1).Trim();
            }
            else if (current != null && lastField != null && line.Length > 0 && IsHex(line))
            {
                current[lastField] += line;
            }
            else
            {
                // Headers, "=====" rules and blank lines end the value being continued.
                lastField = null;
            }
        }

        Flush();
        return new VectorSuite<Func<SymmetricAlgorithm>>(fileName, cases);

        void Flush()
        {
            if (current == null)
            {
                return;
            }

            if (blockSize == 0)
            {
                throw new FormatException($"{fileName}: no 'Block size:' header before the first vector");
            }

            Dictionary<string, string> fields = current;
            CipherSetup setup = new(CipherMode.ECB, blockSize);
            cases.Add(new VectorCase<Func<SymmetricAlgorithm>>(currentName!, factory => Check(factory, setup, fields)));
            current = null;
        }
    }

    private static void Check(Func<SymmetricAlgorithm> factory, CipherSetup setup, Dictionary<string, string> fields)
    {
        byte[] key = Field(fields, "key");
        byte[] plain = Field(fields, "plain");
        byte[] cipher = Field(fields, "cipher");
        Expect.True(key.Length == 32, "NESSIE Rijndael files use 256-bit keys");
        KnownAnswer.Check(factory, setup, key, null, plain, cipher);
        if (fields.ContainsKey("decrypted"))
        {
            Expect.Equal(Field(fields, "decrypted"), CipherRun.Transform(factory, setup, false, key, null, cipher), "decrypted");
        }

        if (fields.ContainsKey("encrypted"))
        {
            Expect.Equal(Field(fields, "encrypted"), CipherRun.Transform(factory, setup, true, key, null, plain), "encrypted");
        }

        if (fields.ContainsKey("Iterated 100 times"))
        {
            byte[] after100 = Field(fields, "Iterated 100 times");
            byte[] after1000 = Field(fields, "Iterated 1000 times");
            using SymmetricAlgorithm algorithm = CipherRun.Create(factory, setup);
            using ICryptoTransform encryptor = CipherRun.CreateTransform(algorithm, true, key, null);
            byte[] x = (byte[])plain.Clone();
            byte[] y = new byte[x.Length];
            for (int i = 1; i <= 1000; i++)
            {
                CipherRun.Blocks(encryptor, x, 0, x.Length, y, 0);
                (x, y) = (y, x);
                if (i == 100)
                {
                    Expect.Equal(after100, x, "iterated 100 times");
                }
            }

            Expect.Equal(after1000, x, "iterated 1000 times");
        }
    }

    private static byte[] Field(Dictionary<string, string> fields, string name) =>
        fields.TryGetValue(name, out string? value) ? Hex.Decode(value) : throw new FormatException("NESSIE record without " + name);

    private static bool IsHex(string text)
    {
        foreach (char c in text)
        {
            if (!(c is >= '0' and <= '9' or >= 'A' and <= 'F' or >= 'a' and <= 'f'))
            {
                return false;
            }
        }

        return true;
    }
}

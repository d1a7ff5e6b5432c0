// NESSIE test-vector files (for example the Rijndael extended-parameter annex,
// rijndael-256-<block>.unverified.test-vectors: a 256-bit key and 128-, 192- and 256-bit blocks).
// Sets 1-4 give key, plain, cipher, decrypted and the results of encrypting the plaintext
// 100 and 1000 times in a row (x[i+1] = E_K(x[i])); sets 5-8 give key, cipher, plain, encrypted.
// Values longer than 128 bits continue on the following lines and are concatenated.
using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Security.Cryptography;
using Panicode.Crypto.Vectors.Symmetric;

namespace Panicode.Crypto.Vectors.Formats;

/// <summary>A NESSIE block-cipher test-vector file: one case per "Set N, vector# M" record, all with keys of <c>keyBits</c>.</summary>
public static class NessieFile
{
    public static List<VectorCase<Func<SymmetricAlgorithm>>> Read(string relativePath, int keyBits)
    {
        string path = VectorFiles.Path(relativePath);
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
        return cases;

        void Flush()
        {
            if (current == null)
            {
                return;
            }

            if (blockSize == 0)
            {
                throw new FormatException($"{relativePath}: no 'Block size:' header before the first vector");
            }

            Dictionary<string, string> fields = current;
            CipherSetup setup = new(CipherMode.ECB, blockSize);
            string id = currentName!;
            cases.Add(new VectorCase<Func<SymmetricAlgorithm>>(id, factory => Check(factory, setup, keyBits, id, fields)));
            current = null;
        }
    }

    private static void Check(Func<SymmetricAlgorithm> factory, CipherSetup setup, int keyBits, string id, Dictionary<string, string> fields)
    {
        byte[] key = Field(fields, "key");
        byte[] plain = Field(fields, "plain");
        byte[] cipher = Field(fields, "cipher");
        Expect.True(key.Length * 8 == keyBits, $"this NESSIE file uses {keyBits}-bit keys");
        CipherChecks.CheckKnownAnswer(factory, new CipherVector(id, setup, key, null, plain, cipher));
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

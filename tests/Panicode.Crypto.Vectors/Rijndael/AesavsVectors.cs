// NIST CAVP "The Advanced Encryption Standard Algorithm Validation Suite (AESAVS)", 2002:
// section 6.2 (GFSbox, KeySbox, VarKey, VarTxt known-answer tests), 6.3 (Multiblock Message
// Test) and 6.4 (Monte Carlo Test), for ECB, CBC, CFB8, CFB128 and OFB with 128/192/256-bit keys.
// Files: vectors/aes/aesavs/<MODE><TEST><KEYBITS>.rsp (CAVS 11.1 response files).
using System;
using System.Collections.Generic;
using System.Security.Cryptography;

namespace Panicode.Crypto.Vectors.Rijndael;

/// <summary>Suites for the AESAVS response files: one case per COUNT record of both sections.</summary>
public static class AesavsVectors
{
    public const string Folder = "aes/aesavs/";

    /// <summary>Mode prefixes of the file names, in the order the files are listed.</summary>
    public static readonly string[] Modes = { "ECB", "CBC", "CFB8", "CFB128", "OFB" };

    /// <summary>Test kinds of the file names.</summary>
    public static readonly string[] Tests = { "GFSbox", "KeySbox", "VarKey", "VarTxt", "MMT", "MCT" };

    public static readonly int[] KeySizes = { 128, 192, 256 };

    /// <summary>Loads <paramref name="fileName"/> (for example <c>CFB8MCT192.rsp</c>).</summary>
    public static VectorSuite<Func<SymmetricAlgorithm>> Load(string fileName)
    {
        CipherSetup setup = SetupFor(fileName);
        bool monteCarlo = fileName.Contains("MCT");
        List<TextRecord> records = TextRecordReader.Read(Folder + fileName, "COUNT");
        List<VectorCase<Func<SymmetricAlgorithm>>> cases = new();
        for (int i = 0; i < records.Count; i++)
        {
            TextRecord record = records[i];
            TextRecord? next = i + 1 < records.Count && records[i + 1].Section == record.Section ? records[i + 1] : null;
            string id = $"[{record.Section}] COUNT={record.Text("COUNT")} (line {record.Line})";
            bool encrypt = record.Section switch
            {
                "ENCRYPT" => true,
                "DECRYPT" => false,
                _ => throw new FormatException($"{fileName} line {record.Line}: unknown section [{record.Section}]"),
            };
            cases.Add(new VectorCase<Func<SymmetricAlgorithm>>(
                id,
                monteCarlo ? factory => CheckMonteCarlo(factory, setup, encrypt, record, next) : factory => CheckKnownAnswer(factory, setup, record)));
        }

        return new VectorSuite<Func<SymmetricAlgorithm>>(fileName, cases);
    }

    /// <summary>Every file name of the set: mode x test x key size.</summary>
    public static IEnumerable<string> FileNames()
    {
        foreach (string mode in Modes)
        {
            foreach (string test in Tests)
            {
                foreach (int keySize in KeySizes)
                {
                    yield return $"{mode}{test}{keySize}.rsp";
                }
            }
        }
    }

    public static CipherSetup SetupFor(string fileName)
    {
        if (fileName.StartsWith("CFB128", StringComparison.Ordinal))
        {
            return new CipherSetup(CipherMode.CFB, 128, 128);
        }

        if (fileName.StartsWith("CFB8", StringComparison.Ordinal))
        {
            return new CipherSetup(CipherMode.CFB, 128, 8);
        }

        if (fileName.StartsWith("ECB", StringComparison.Ordinal))
        {
            return new CipherSetup(CipherMode.ECB);
        }

        if (fileName.StartsWith("CBC", StringComparison.Ordinal))
        {
            return new CipherSetup(CipherMode.CBC);
        }

        if (fileName.StartsWith("OFB", StringComparison.Ordinal))
        {
            return new CipherSetup(CipherMode.OFB);
        }

        throw new ArgumentException("Not an AESAVS file name: " + fileName, nameof(fileName));
    }

    private static void CheckKnownAnswer(Func<SymmetricAlgorithm> factory, CipherSetup setup, TextRecord record)
    {
        byte[]? iv = setup.Mode == CipherMode.ECB ? null : record.Bytes("IV");
        KnownAnswer.Check(factory, setup, record.Bytes("KEY"), iv, record.Bytes("PLAINTEXT"), record.Bytes("CIPHERTEXT"));
    }

    private static void CheckMonteCarlo(Func<SymmetricAlgorithm> factory, CipherSetup setup, bool encrypt, TextRecord record, TextRecord? next)
    {
        string inputField = encrypt ? "PLAINTEXT" : "CIPHERTEXT";
        string outputField = encrypt ? "CIPHERTEXT" : "PLAINTEXT";
        byte[] key = record.Bytes("KEY");
        byte[] input = record.Bytes(inputField);
        MctResult result;
        if (setup.Mode == CipherMode.ECB)
        {
            result = MonteCarlo.Chained(factory, setup, encrypt, key, null, input, 1000, MctChaining.Ecb);
            result.Verify(record.Bytes(outputField), next, "KEY", null, inputField);
            return;
        }

        byte[] iv = record.Bytes("IV");
        result = setup.Mode == CipherMode.CFB && setup.FeedbackSize == 8
            ? MonteCarlo.Cfb8(factory, encrypt, key, iv, input)
            : MonteCarlo.Chained(factory, setup, encrypt, key, iv, input, 1000, MctChaining.PreviousOutput);
        result.Verify(record.Bytes(outputField), next, "KEY", "IV", inputField);
    }
}

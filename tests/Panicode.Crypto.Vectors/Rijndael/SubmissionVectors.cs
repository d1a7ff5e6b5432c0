// The Rijndael AES-submission known-answer and Monte-Carlo files (Daemen and Rijmen, 1999-2000,
// rijndael-vals: ecb_tbl, ecb_vk, ecb_vt, ecb_e_m, ecb_d_m, cbc_e_m, cbc_d_m; procedures of the
// NIST AES "katmct" document) and Brian Gladman's "Extended Rijndael" files that follow the same
// definitions (ecbvk/ecbvt/ecbnk/ecbnt known-answer and ecbme/ecbmd/cbcme/cbcmd Monte-Carlo files,
// suffix 44/46/48 = 128-bit block with 128/192/256-bit key).
// ecb_iv.txt (intermediate values after each round) is not run: round states are not observable
// through SymmetricAlgorithm, so a black-box suite cannot check them; the round function is covered
// by every other file here.
using System;
using System.Collections.Generic;
using System.Security.Cryptography;

namespace Panicode.Crypto.Vectors.Rijndael;

/// <summary>Suites for the AES-submission and Gladman files: one case per I= / TEST= record.</summary>
public static class SubmissionVectors
{
    public const string SubmissionFolder = "rijndael/aes-submission/";
    public const string GladmanFolder = "rijndael/gladman/";

    /// <summary>The AES-submission files that are run.</summary>
    public static readonly string[] SubmissionFiles =
    {
        "ecb_tbl.txt", "ecb_vk.txt", "ecb_vt.txt", "ecb_e_m.txt", "ecb_d_m.txt", "cbc_e_m.txt", "cbc_d_m.txt",
    };

    /// <summary>Gladman's files: kind x key size (in 32-bit words, block always 4 words).</summary>
    public static IEnumerable<string> GladmanFiles()
    {
        foreach (string kind in new[] { "ecbvk", "ecbvt", "ecbnk", "ecbnt", "ecbme", "ecbmd", "cbcme", "cbcmd" })
        {
            foreach (string size in new[] { "44", "46", "48" })
            {
                yield return kind + size + ".txt";
            }
        }
    }

    public static VectorSuite<Func<SymmetricAlgorithm>> LoadSubmission(string fileName) =>
        Load(SubmissionFolder + fileName, fileName, "I");

    public static VectorSuite<Func<SymmetricAlgorithm>> LoadGladman(string fileName) =>
        Load(GladmanFolder + fileName, fileName, "TEST");

    private static VectorSuite<Func<SymmetricAlgorithm>> Load(string relativePath, string fileName, string recordKey)
    {
        // Submission: ecb_tbl/ecb_vk/ecb_vt (known answer), {ecb,cbc}_{e,d}_m (Monte Carlo).
        // Gladman: ecb{vk,vt,nk,nt}BK (known answer), {ecb,cbc}m{e,d}BK (Monte Carlo).
        string kind = fileName.Substring(0, fileName.IndexOf(fileName.Contains("_") ? '.' : '4'));
        (bool cbc, bool monteCarlo, bool encrypt) = kind switch
        {
            "ecb_tbl" or "ecb_vk" or "ecb_vt" or "ecbvk" or "ecbvt" or "ecbnk" or "ecbnt" => (false, false, true),
            "ecb_e_m" or "ecbme" => (false, true, true),
            "ecb_d_m" or "ecbmd" => (false, true, false),
            "cbc_e_m" or "cbcme" => (true, true, true),
            "cbc_d_m" or "cbcmd" => (true, true, false),
            _ => throw new ArgumentException("Not an AES-submission or Gladman file name: " + fileName, nameof(fileName)),
        };
        List<TextRecord> records = TextRecordReader.Read(relativePath, recordKey, "KEYSIZE");
        List<VectorCase<Func<SymmetricAlgorithm>>> cases = new();
        for (int i = 0; i < records.Count; i++)
        {
            TextRecord record = records[i];
            TextRecord? next = i + 1 < records.Count && records[i + 1].Section == record.Section ? records[i + 1] : null;
            int blockSize = record.Has("BLOCKSIZE") ? record.Int("BLOCKSIZE") : 128;
            CipherSetup setup = new(cbc ? CipherMode.CBC : CipherMode.ECB, blockSize);
            string id = $"{record.Section} {recordKey}={record.Text(recordKey)} (line {record.Line})";
            cases.Add(new VectorCase<Func<SymmetricAlgorithm>>(
                id,
                monteCarlo
                    ? factory => CheckMonteCarlo(factory, setup, encrypt, record, next)
                    : factory => KnownAnswer.Check(factory, setup, record.Bytes("KEY"), null, record.Bytes("PT"), record.Bytes("CT"))));
        }

        return new VectorSuite<Func<SymmetricAlgorithm>>(fileName, cases);
    }

    /// <summary>
    /// katmct: 10,000 inner iterations. CBC encryption feeds the IV, then the output before the
    /// last, as plaintext; CBC decryption feeds each plaintext back as the next ciphertext, and the
    /// next IV is the last ciphertext fed in.
    /// </summary>
    private static void CheckMonteCarlo(Func<SymmetricAlgorithm> factory, CipherSetup setup, bool encrypt, TextRecord record, TextRecord? next)
    {
        const int Iterations = 10000;
        string inputField = encrypt ? "PT" : "CT";
        string outputField = encrypt ? "CT" : "PT";
        byte[] key = record.Bytes("KEY");
        byte[] input = record.Bytes(inputField);
        if (setup.Mode == CipherMode.ECB)
        {
            MonteCarlo.Chained(factory, setup, encrypt, key, null, input, Iterations, MctChaining.Ecb)
                .Verify(record.Bytes(outputField), next, "KEY", null, inputField);
        }
        else
        {
            MctChaining chaining = encrypt ? MctChaining.PreviousOutput : MctChaining.LastOutput;
            MonteCarlo.Chained(factory, setup, encrypt, key, record.Bytes("IV"), input, Iterations, chaining)
                .Verify(record.Bytes(outputField), next, "KEY", "IV", inputField);
        }
    }
}

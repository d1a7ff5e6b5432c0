using System.Collections.Generic;
using System.Security.Cryptography;
using Panicode.Crypto.Vectors.Symmetric;

namespace Panicode.Crypto.Vectors.Formats;

/// <summary>
/// NIST-style response files as pyca's cryptography_vectors writes them: "[ENCRYPT]"/"[DECRYPT]" sections and
/// "COUNT = n" records of "KEY", "IV", "PLAINTEXT", "CIPHERTEXT" (hex); '#' starts a comment. Every record is one
/// known answer in the mode and block size the caller names (the file does not say them), without padding. Any other line is an error.
/// </summary>
public static class NistModeFile
{
    private static readonly string[] s_fields = { "KEY", "IV", "PLAINTEXT", "CIPHERTEXT" };

    public static List<CipherVector> Read(string relativePath, CipherMode mode, int feedbackSizeInBits = 0, int blockSize = 128)
    {
        List<CipherVector> vectors = new();
        foreach (TextRecord record in TextRecordReader.Read(relativePath, "COUNT", onlyFields: s_fields))
        {
            if (record.Section is not ("" or "ENCRYPT" or "DECRYPT"))
            {
                throw new System.FormatException($"{relativePath}:{record.Line}: unexpected section [{record.Section}].");
            }

            vectors.Add(new CipherVector(
                $"{relativePath}:{record.Line} (COUNT = {record.Text("COUNT")})",
                new CipherSetup(mode, blockSize, feedbackSizeInBits),
                record.Bytes("KEY"),
                mode == CipherMode.ECB ? null : record.Bytes("IV"),
                record.Bytes("PLAINTEXT"),
                record.Bytes("CIPHERTEXT")));
        }

        return vectors;
    }
}

using System;
using System.Collections.Generic;
using System.IO;
using System.Security.Cryptography;
using System.Text.Json;
using Panicode.Crypto.Vectors.Symmetric;

namespace Panicode.Crypto.Vectors.Formats;

/// <summary>
/// Wycheproof files of schema <c>ind_cpa_test_schema_v1.json</c> (for example <c>camellia_cbc_pkcs5_test.json</c>,
/// <c>aes_cbc_pkcs5_test.json</c>): groups of tests with key, iv, msg, ct and a result. A "valid" test is a known
/// answer both ways; an "invalid" one is a ciphertext decryption must reject with a CryptographicException.
/// "acceptable" does not occur in these files and is refused, so a new file cannot be half-run.
/// </summary>
public static class WycheproofIndCpa
{
    public static List<VectorCase<Func<SymmetricAlgorithm>>> Read(string relativePath, CipherMode mode, PaddingMode padding)
    {
        using JsonDocument document = JsonDocument.Parse(File.ReadAllText(VectorFiles.Path(relativePath)));
        JsonElement root = document.RootElement;
        if (root.GetProperty("schema").GetString() != "ind_cpa_test_schema_v1.json")
        {
            throw new FormatException($"{relativePath}: unexpected schema.");
        }

        List<VectorCase<Func<SymmetricAlgorithm>>> cases = new();
        foreach (JsonElement group in root.GetProperty("testGroups").EnumerateArray())
        {
            foreach (JsonElement test in group.GetProperty("tests").EnumerateArray())
            {
                int tcId = test.GetProperty("tcId").GetInt32();
                string id = $"{relativePath} tcId {tcId} ({test.GetProperty("comment").GetString()})";
                byte[] key = Hex.Decode(test.GetProperty("key").GetString()!);
                byte[] iv = Hex.Decode(test.GetProperty("iv").GetString()!);
                byte[] msg = Hex.Decode(test.GetProperty("msg").GetString()!);
                byte[] ct = Hex.Decode(test.GetProperty("ct").GetString()!);

                switch (test.GetProperty("result").GetString())
                {
                    case "valid":
                        cases.Add(CipherChecks.KnownAnswer(new CipherVector(id, key, iv, mode, padding, msg, ct)));
                        break;
                    case "invalid":
                        cases.Add(CipherChecks.DecryptionFails(id, key, iv, mode, padding, ct));
                        break;
                    default:
                        throw new FormatException($"{id}: unsupported result {test.GetProperty("result").GetString()}.");
                }
            }
        }

        int declared = root.GetProperty("numberOfTests").GetInt32();
        if (declared != cases.Count)
        {
            throw new FormatException($"{relativePath}: numberOfTests is {declared} but {cases.Count} tests were read.");
        }

        return cases;
    }
}

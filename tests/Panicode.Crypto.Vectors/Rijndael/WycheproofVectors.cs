// Project Wycheproof aes_cbc_pkcs5_test.json (C2SP/wycheproof, schema ind_cpa_test_schema_v1):
// AES-CBC with PKCS#5/#7 padding, 128/192/256-bit keys. "valid" cases must decrypt to msg and
// encrypt to ct; "invalid" cases (bad padding, empty ciphertext) must be rejected on decryption
// with a CryptographicException (through the transforms an empty ciphertext may instead give an
// empty result, as the built-in Aes does).
using System;
using System.Collections.Generic;
using System.IO;
using System.Security.Cryptography;
using System.Text.Json;

namespace Panicode.Crypto.Vectors.Rijndael;

public static class WycheproofVectors
{
    public const string AesCbcPkcs5 = "wycheproof/aes_cbc_pkcs5_test.json";

    /// <summary>One case per test; the file's numberOfTests must agree with what was read.</summary>
    public static VectorSuite<Func<SymmetricAlgorithm>> LoadAesCbcPkcs5()
    {
        List<VectorCase<Func<SymmetricAlgorithm>>> cases = new();
        using JsonDocument document = JsonDocument.Parse(File.ReadAllText(VectorFiles.Path(AesCbcPkcs5)));
        JsonElement root = document.RootElement;
        foreach (JsonElement group in root.GetProperty("testGroups").EnumerateArray())
        {
            int keySize = group.GetProperty("keySize").GetInt32();
            foreach (JsonElement test in group.GetProperty("tests").EnumerateArray())
            {
                int tcId = test.GetProperty("tcId").GetInt32();
                byte[] key = Hex.Decode(test.GetProperty("key").GetString()!);
                byte[] iv = Hex.Decode(test.GetProperty("iv").GetString()!);
                byte[] msg = Hex.Decode(test.GetProperty("msg").GetString()!);
                byte[] ct = Hex.Decode(test.GetProperty("ct").GetString()!);
                string result = test.GetProperty("result").GetString()!;
                string comment = test.GetProperty("comment").GetString()!;
                if (key.Length * 8 != keySize)
                {
                    throw new FormatException($"{AesCbcPkcs5} tcId {tcId}: key of {key.Length * 8} bits in a {keySize}-bit group");
                }

                string id = $"tcId {tcId} ({result}: {comment})";
                cases.Add(result switch
                {
                    "valid" => new VectorCase<Func<SymmetricAlgorithm>>(id, factory => CheckValid(factory, key, iv, msg, ct)),
                    "invalid" => new VectorCase<Func<SymmetricAlgorithm>>(id, factory => CheckInvalid(factory, key, iv, ct)),
                    _ => throw new FormatException($"{AesCbcPkcs5} tcId {tcId}: unexpected result '{result}'"),
                });
            }
        }

        int declared = root.GetProperty("numberOfTests").GetInt32();
        if (declared != cases.Count)
        {
            throw new FormatException($"{AesCbcPkcs5}: numberOfTests is {declared} but {cases.Count} tests were read");
        }

        return new VectorSuite<Func<SymmetricAlgorithm>>(AesCbcPkcs5, cases);
    }

    private static readonly CipherSetup s_cbcPkcs7 = new(CipherMode.CBC, 128, 0, PaddingMode.PKCS7);

    private static void CheckValid(Func<SymmetricAlgorithm> factory, byte[] key, byte[] iv, byte[] msg, byte[] ct) =>
        KnownAnswer.Check(factory, s_cbcPkcs7, key, iv, msg, ct);

    private static void CheckInvalid(Func<SymmetricAlgorithm> factory, byte[] key, byte[] iv, byte[] ct)
    {
        if (ct.Length == 0)
        {
            // The built-in decrypting transforms return no output for an empty final block (so a
            // CryptoStream over an empty stream decrypts to nothing); rejecting it is equally fine.
            // Either way no plaintext comes out. The one-shot method below must reject it.
            try
            {
                byte[] output = CipherRun.Transform(factory, s_cbcPkcs7, false, key, iv, ct);
                Expect.True(output.Length == 0, $"an empty ciphertext decrypted to {output.Length} bytes");
            }
            catch (CryptographicException)
            {
            }
        }
        else
        {
            Expect.Throws<CryptographicException>(
                () => CipherRun.Transform(factory, s_cbcPkcs7, false, key, iv, ct),
                "TransformFinalBlock must reject the ciphertext");
        }

#if NET
        Expect.Throws<CryptographicException>(
            () => CipherRun.OneShot(factory, s_cbcPkcs7, false, key, iv, ct),
            "DecryptCbc must reject the ciphertext");
#endif
    }
}

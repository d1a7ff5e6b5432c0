using System;
using System.Collections.Generic;
using System.Security.Cryptography;
using Panicode.Crypto.Vectors.Formats;
using Panicode.Crypto.Vectors.Symmetric;

namespace Panicode.Crypto.Vectors.Camellia;

/// <summary>
/// Mbed TLS <c>test_suite_camellia.data</c>: blocks of a description line, optional "depends_on:" line and a call
/// "function:arg:arg:...:result" with quoted hex arguments. The data-carrying functions map to our modes:
/// camellia_{encrypt,decrypt}_ecb(key, src, dst, rc), camellia_{encrypt,decrypt}_cbc(key, iv, src, dst, rc) and
/// camellia_{encrypt,decrypt}_cfb128(key, iv, src, dst); each decrypts or encrypts src and expects dst.
/// MBEDTLS_ERR_CAMELLIA_BAD_INPUT_DATA (a bad key) and MBEDTLS_ERR_CAMELLIA_INVALID_INPUT_LENGTH (a partial
/// block without padding) become checks that the operation throws a CryptographicException.
/// </summary>
public static class MbedTlsCamelliaData
{
    // Tests of Mbed TLS's own C API (NULL-pointer parameter checks, its built-in self test): they carry no data.
    private static readonly string[] s_apiOnlyFunctions = { "camellia_valid_param", "camellia_invalid_param", "camellia_selftest" };

    public static List<VectorCase<Func<SymmetricAlgorithm>>> Read(string relativePath)
    {
        List<VectorCase<Func<SymmetricAlgorithm>>> cases = new();
        string description = string.Empty;

        foreach (TextLine line in TextLine.Read(relativePath))
        {
            if (line.IsBlank || line.Text.StartsWith("depends_on:", StringComparison.Ordinal))
            {
                continue;
            }

            if (!line.Text.StartsWith("camellia_", StringComparison.Ordinal))
            {
                description = line.Text;
                continue;
            }

            string[] parts = line.Text.Split(':');
            string function = parts[0];
            if (Array.IndexOf(s_apiOnlyFunctions, function) >= 0)
            {
                continue;
            }

            string id = $"{line.Location} ({description})";
            bool encrypt = function.StartsWith("camellia_encrypt_", StringComparison.Ordinal);
            if (!encrypt && !function.StartsWith("camellia_decrypt_", StringComparison.Ordinal))
            {
                throw line.Error("unknown function " + function);
            }

            string modeName = function.Substring("camellia_encrypt_".Length);
            (CipherMode mode, int feedback, int dataArguments) = modeName switch
            {
                "ecb" => (CipherMode.ECB, 0, 3),
                "cbc" => (CipherMode.CBC, 0, 4),
                "cfb128" => (CipherMode.CFB, 128, 4),
                _ => throw line.Error("unknown mode " + modeName),
            };

            // The cfb128 functions take no result argument; the others end with 0 or an error name.
            bool hasResult = mode != CipherMode.CFB;
            if (parts.Length != 1 + dataArguments + (hasResult ? 1 : 0))
            {
                throw line.Error($"expected {dataArguments} data arguments for {function}.");
            }

            byte[] key = Quoted(parts[1], line);
            byte[]? iv = mode == CipherMode.ECB ? null : Quoted(parts[2], line);
            byte[] source = Quoted(parts[dataArguments - 1], line);
            byte[] expected = Quoted(parts[dataArguments], line);
            string result = hasResult ? parts[dataArguments + 1] : "0";

            switch (result)
            {
                case "0":
                    cases.Add(CipherChecks.KnownAnswer(encrypt
                        ? new CipherVector(id, key, iv, mode, PaddingMode.None, source, expected, VectorDirection.Both, feedback)
                        : new CipherVector(id, key, iv, mode, PaddingMode.None, expected, source, VectorDirection.Decrypt, feedback)));
                    break;
                case "MBEDTLS_ERR_CAMELLIA_BAD_INPUT_DATA":
                    cases.Add(CipherChecks.KeyRejected(id, key));
                    break;
                case "MBEDTLS_ERR_CAMELLIA_INVALID_INPUT_LENGTH":
                    cases.Add(encrypt
                        ? CipherChecks.EncryptionFails(id, key, iv, mode, PaddingMode.None, source, feedback)
                        : CipherChecks.DecryptionFails(id, key, iv, mode, PaddingMode.None, source, feedback));
                    break;
                default:
                    throw line.Error("unknown expected result " + result);
            }
        }

        return cases;
    }

    private static byte[] Quoted(string argument, TextLine line)
    {
        if (argument.Length < 2 || argument[0] != '"' || argument[argument.Length - 1] != '"')
        {
            throw line.Error("expected a quoted hex argument, got " + argument);
        }

        return Hex.Decode(argument.Substring(1, argument.Length - 2));
    }
}

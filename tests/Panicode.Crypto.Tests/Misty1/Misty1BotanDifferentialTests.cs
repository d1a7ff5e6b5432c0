using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Security.Cryptography;
using System.Text;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Vectors;

namespace Panicode.Crypto.Tests.Misty1;

/// <summary>
/// MISTY1 against an independent implementation, Botan 2 (Debian's python3-botan; Botan 3 dropped MISTY1): random keys,
/// IVs and messages in ECB, CBC (no padding and PKCS#7), CFB8, CFB64, OFB, CTR, CTS and CMAC, each flavour's output
/// compared with what tools/differential/misty1_botan.py computes for the same case. Without /usr/bin/python3 or
/// the botan2 module the test reports itself skipped with the reason, or fails when PANICODE_REQUIRE_BOTAN=1.
/// </summary>
public sealed class Misty1BotanDifferentialTests
{
    private const string Python = "/usr/bin/python3";
    private const int Block = 8;
    private const int CasesPerOperation = 40;

    private static readonly Lazy<string?> s_unavailable = new(FindUnavailableReason);

    public static TheoryData<Implementation<SymmetricAlgorithm>> Flavours => Implementations.Misty1Data;

    private static string Script => Path.Combine(Path.GetDirectoryName(VectorFiles.Root.TrimEnd('/', '\\'))!, "tools", "differential", "misty1_botan.py");

    [Theory]
    [MemberData(nameof(Flavours))]
    public void EveryModeAndCmacAgreeWithBotan(Implementation<SymmetricAlgorithm> implementation)
    {
        RequireBotan();
        Random random = new(71);
        List<(string Line, byte[] Expected, string Label)> cases = new();
        using BlockCipherAlgorithm cipher = (BlockCipherAlgorithm)implementation.Create();

        void Add(string operation, byte[] key, byte[]? iv, byte[] input, byte[] ours) =>
            cases.Add(($"{operation} {Hex(key)} {(iv is null ? "-" : Hex(iv))} {Hex(input)}", ours, $"{operation} #{cases.Count} ({input.Length} bytes)"));

        for (int i = 0; i < CasesPerOperation; i++)
        {
            byte[] key = UnsafeDifferential.Bytes(random, 16);
            byte[] iv = UnsafeDifferential.Bytes(random, Block);
            cipher.Key = key;
            byte[] blocks = UnsafeDifferential.Bytes(random, random.Next(1, 41) * Block);
            byte[] message = UnsafeDifferential.Bytes(random, random.Next(0, 70));
            byte[] longMessage = UnsafeDifferential.Bytes(random, random.Next(Block + 1, 70));

            Add("ecb-enc", key, null, blocks, cipher.EncryptEcb(blocks, PaddingMode.None));
            Add("ecb-dec", key, null, blocks, cipher.DecryptEcb(blocks, PaddingMode.None));
            Add("cbc-enc", key, iv, blocks, cipher.EncryptCbc(blocks, iv, PaddingMode.None));
            Add("cbc-dec", key, iv, blocks, cipher.DecryptCbc(blocks, iv, PaddingMode.None));
            byte[] padded = cipher.EncryptCbc(message, iv, PaddingMode.PKCS7);
            Add("cbc-pkcs7-enc", key, iv, message, padded);
            Add("cbc-pkcs7-dec", key, iv, padded, cipher.DecryptCbc(padded, iv, PaddingMode.PKCS7));
            Add("cfb8-enc", key, iv, message, cipher.EncryptCfb(message, iv, PaddingMode.None, 8));
            Add("cfb64-enc", key, iv, blocks, cipher.EncryptCfb(blocks, iv, PaddingMode.None, 64));
            Add("ofb", key, iv, blocks, Transform(cipher, CipherMode.OFB, iv, blocks, encrypt: true));
            Add("ctr", key, iv, message, cipher.EncryptCtr(message, iv));
            byte[] stolen = Transform(cipher, CipherMode.CTS, iv, longMessage, encrypt: true);
            Add("cts-enc", key, iv, longMessage, stolen);
            Add("cts-dec", key, iv, stolen, Transform(cipher, CipherMode.CTS, iv, stolen, encrypt: false));
            using Cmac cmac = cipher.CreateCmac(key);
            Add("cmac", key, null, message, cmac.ComputeHash(message));
        }

        StringBuilder input = new();
        foreach ((string line, _, _) in cases)
        {
            input.Append(line).Append('\n');
        }

        string[] outputs = RunScript(input.ToString());
        Assert.Equal(cases.Count, outputs.Length);
        for (int i = 0; i < cases.Count; i++)
        {
            Assert.True(Hex(cases[i].Expected) == outputs[i], $"{implementation} {cases[i].Label}: ours {Hex(cases[i].Expected)}, Botan {outputs[i]}");
        }

        Assert.Equal(13 * CasesPerOperation, cases.Count);
    }

    private static byte[] Transform(SymmetricAlgorithm cipher, CipherMode mode, byte[] iv, byte[] input, bool encrypt)
    {
        cipher.Mode = mode;
        cipher.Padding = PaddingMode.None;
        cipher.IV = iv;
        using ICryptoTransform transform = encrypt ? cipher.CreateEncryptor() : cipher.CreateDecryptor();
        return transform.TransformFinalBlock(input, 0, input.Length);
    }

    private static void RequireBotan()
    {
        string? reason = s_unavailable.Value;
        if (reason is null)
        {
            return;
        }

        if (Environment.GetEnvironmentVariable("PANICODE_REQUIRE_BOTAN") == "1")
        {
            Assert.Fail(reason + ", but PANICODE_REQUIRE_BOTAN=1 requires the Botan differential test (apt-get install python3-botan).");
        }

        Assert.Skip(reason + " (apt-get install python3-botan; PANICODE_REQUIRE_BOTAN=1 turns this skip into a failure).");
    }

    private static string? FindUnavailableReason()
    {
        if (!File.Exists(Python))
        {
            return Python + " does not exist";
        }

        (int exitCode, string output, string error) = Run("--version", string.Empty);
        return exitCode switch
        {
            0 when output.StartsWith("Botan 2.", StringComparison.Ordinal) => null,
            0 => "the botan2 module is not Botan 2: " + output.Trim(),
            3 => "the Python module botan2 is not importable by " + Python,
            _ => $"{Script} --version failed with exit code {exitCode}: {error.Trim()}",
        };
    }

    private static string[] RunScript(string input)
    {
        (int exitCode, string output, string error) = Run(string.Empty, input);
        Assert.True(exitCode == 0, $"{Script} failed with exit code {exitCode}: {error}");
        return output.Split(new[] { '\n' }, StringSplitOptions.RemoveEmptyEntries);
    }

    private static (int ExitCode, string Output, string Error) Run(string arguments, string input)
    {
        ProcessStartInfo start = new(Python, $"\"{Script}\" {arguments}")
        {
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        using Process process = Process.Start(start)!;
        System.Threading.Tasks.Task<string> error = process.StandardError.ReadToEndAsync();
        System.Threading.Tasks.Task<string> output = process.StandardOutput.ReadToEndAsync();
        try
        {
            process.StandardInput.Write(input);
            process.StandardInput.Close();
        }
        catch (IOException)
        {
            // The script stopped reading (it failed): its exit code and standard error say why.
        }

        process.WaitForExit();
        return (process.ExitCode, output.Result, error.Result);
    }

    private static string Hex(byte[] bytes) => bytes.Length == 0 ? "-" : Convert.ToHexString(bytes).ToLowerInvariant();
}

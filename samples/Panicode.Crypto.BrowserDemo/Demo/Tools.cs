using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;
using System.Text;
using Panicode.Crypto.Unsafe;

namespace Panicode.Crypto.BrowserDemo.Demo;

/// <summary>Input the page cannot use. Its message is written for the person at the page and is shown as it is.</summary>
public sealed class DemoInputException : Exception
{
    public DemoInputException(string message)
        : base(message)
    {
    }
}

/// <summary>Hex in and out. The runtime's own parser reports a resource key in a trimmed WebAssembly app, so the page checks first.</summary>
public static class Hex
{
    public static byte[] Parse(string field, string? text)
    {
        string digits = new((text ?? "").Where(c => !char.IsWhiteSpace(c)).ToArray());
        for (int i = 0; i < digits.Length; i++)
        {
            if (!Uri.IsHexDigit(digits[i]))
            {
                throw new DemoInputException($"{field}: '{digits[i]}' (character {i + 1}) is not a hex digit; use 0-9 and a-f.");
            }
        }

        if (digits.Length % 2 != 0)
        {
            throw new DemoInputException($"{field}: {digits.Length} hex digits, an odd number; each byte takes two.");
        }

        return Convert.FromHexString(digits);
    }

    public static string Format(ReadOnlySpan<byte> bytes) => Convert.ToHexStringLower(bytes);
}

/// <summary>
/// What the page's tools do, apart from the page: encryption in every mode (authenticated ones included), hashing and
/// MACs, signatures with imported or new keys, and ECDH. Every failure reaches the page through <see cref="Describe"/>.
/// </summary>
public static class Tools
{
    public const string StreamMode = "stream";

    /// <summary>Every cipher the encryption tool offers: the block ciphers, then the stream ciphers.</summary>
    public static IReadOnlyList<string> CipherNames { get; } = Catalog.Ciphers.Select(c => c.Name).Concat(Catalog.Streams.Select(s => s.Name)).ToList();

    /// <summary>The modes a cipher takes: authenticated modes (GCM, CCM) need a 128-bit block; a stream cipher has none.</summary>
    public static IReadOnlyList<string> Modes(string cipher)
    {
        CipherEntry? block = Catalog.Ciphers.FirstOrDefault(c => c.Name == cipher);
        if (block is null)
        {
            return new[] { StreamMode };
        }

        return block.BlockBits == 128 ? new[] { "GCM", "CCM", "CBC", "CTR", "CFB8", "ECB" } : new[] { "CBC", "CTR", "CFB8", "ECB" };
    }

    /// <summary>A random key of the cipher's demo size and an IV or nonce of the length the mode takes.</summary>
    public static (byte[] Key, byte[] IV) NewKey(string cipher, string mode)
    {
        CipherEntry? block = Catalog.Ciphers.FirstOrDefault(c => c.Name == cipher);
        if (block is not null)
        {
            // CCM: an 11-byte nonce leaves a 4-byte length field, messages up to 4 GiB (SP 800-38C A.2.1); 13 would cap them at 64 KiB.
            int ivBytes = mode switch { "GCM" => 12, "CCM" => 11, "ECB" => 0, _ => block.BlockBits / 8 };
            return (RandomNumberGenerator.GetBytes(block.KeyBits / 8), RandomNumberGenerator.GetBytes(ivBytes));
        }

        using StreamCipher stream = Stream(cipher).Reference();
        return (RandomNumberGenerator.GetBytes(stream.KeySize / 8), RandomNumberGenerator.GetBytes(stream.IVSize / 8));
    }

    /// <summary>What the IV field means in a mode.</summary>
    public static string IVLabel(string mode) => mode switch
    {
        "GCM" => "Nonce (hex, 12 bytes recommended)",
        "CCM" => "Nonce (hex, 7 to 13 bytes; 15 − length bytes hold the message length, so 13 allows 64 KiB, 11 allows 4 GiB)",
        "CTR" => "Initial counter block (hex, one block)",
        "ECB" => "IV (not used by ECB)",
        StreamMode => "IV (hex)",
        _ => "IV (hex, one block)",
    };

    /// <summary>Encrypts; GCM and CCM append their 16-byte tag to the ciphertext.</summary>
    public static byte[] Encrypt(string cipher, string flavour, string mode, byte[] key, byte[] iv, byte[] associatedData, byte[] plaintext) =>
        Transform(cipher, flavour, mode, key, iv, associatedData, plaintext, encrypt: true);

    /// <summary>Decrypts; for GCM and CCM the input ends with the tag, and a wrong tag releases nothing.</summary>
    public static byte[] Decrypt(string cipher, string flavour, string mode, byte[] key, byte[] iv, byte[] associatedData, byte[] ciphertext) =>
        Transform(cipher, flavour, mode, key, iv, associatedData, ciphertext, encrypt: false);

    private static byte[] Transform(string cipher, string flavour, string mode, byte[] key, byte[] iv, byte[] associatedData, byte[] input, bool encrypt)
    {
        CipherEntry? block = Catalog.Ciphers.FirstOrDefault(c => c.Name == cipher);
        if (block is null)
        {
            StreamEntry entry = Stream(cipher);
            using StreamCipher stream = flavour == "Unsafe" ? entry.Unsafe() : entry.Reference();
            using ICryptoTransform transform = encrypt ? stream.CreateEncryptor(key, iv) : stream.CreateDecryptor(key, iv);
            return transform.TransformFinalBlock(input, 0, input.Length);
        }

        using SymmetricAlgorithm algorithm = (flavour == "Unsafe" && block.Unsafe is not null ? block.Unsafe : block.Reference)();
        algorithm.Key = key;
        switch (mode)
        {
            case "GCM":
            case "CCM":
                return Aead((BlockCipherAlgorithm)algorithm, mode, key, iv, associatedData, input, encrypt);
            case "CTR":
                BlockCipherAlgorithm ctr = (BlockCipherAlgorithm)algorithm;
                return encrypt ? ctr.EncryptCtr(input, iv) : ctr.DecryptCtr(input, iv);
            case "ECB":
                return encrypt ? algorithm.EncryptEcb(input, PaddingMode.PKCS7) : algorithm.DecryptEcb(input, PaddingMode.PKCS7);
            case "CFB8":
                return encrypt ? algorithm.EncryptCfb(input, iv, PaddingMode.None, 8) : algorithm.DecryptCfb(input, iv, PaddingMode.None, 8);
            default:
                return encrypt ? algorithm.EncryptCbc(input, iv, PaddingMode.PKCS7) : algorithm.DecryptCbc(input, iv, PaddingMode.PKCS7);
        }
    }

    private const int TagBytes = 16;

    private static byte[] Aead(BlockCipherAlgorithm algorithm, string mode, byte[] key, byte[] nonce, byte[] associatedData, byte[] input, bool encrypt)
    {
        if (!encrypt && input.Length < TagBytes)
        {
            throw new DemoInputException($"The ciphertext is {input.Length} bytes; {mode} input ends with a {TagBytes}-byte tag.");
        }

        int textBytes = encrypt ? input.Length : input.Length - TagBytes;
        byte[] output = new byte[encrypt ? input.Length + TagBytes : textBytes];
        if (mode == "GCM")
        {
            using Gcm gcm = algorithm.CreateGcm(key, TagBytes);
            if (encrypt)
            {
                gcm.Encrypt(nonce, input, output.AsSpan(0, textBytes), output.AsSpan(textBytes), associatedData);
            }
            else
            {
                gcm.Decrypt(nonce, input.AsSpan(0, textBytes), input.AsSpan(textBytes), output, associatedData);
            }
        }
        else
        {
            using Ccm ccm = algorithm.CreateCcm(key);
            if (encrypt)
            {
                ccm.Encrypt(nonce, input, output.AsSpan(0, textBytes), output.AsSpan(textBytes), associatedData);
            }
            else
            {
                ccm.Decrypt(nonce, input.AsSpan(0, textBytes), input.AsSpan(textBytes), output, associatedData);
            }
        }

        return output;
    }

    private static StreamEntry Stream(string name) =>
        Catalog.Streams.FirstOrDefault(s => s.Name == name) ?? throw new DemoInputException($"No cipher is called {name}.");

    /// <summary>The hashes and MACs the page offers: the library's, then the runtime's SHA-2 for comparison.</summary>
    public static IReadOnlyList<string> HashNames { get; } = new[] { "RIPEMD-160", "HMAC-RIPEMD-160" }
        .Concat(Catalog.Ciphers.Where(c => c.BlockBits == 128).Select(c => "CMAC-" + c.Name))
        .Concat(new[] { "SHA-256 (runtime)", "HMAC-SHA-256 (runtime)" })
        .ToList();

    public static bool NeedsKey(string hash) => hash.StartsWith("HMAC-", StringComparison.Ordinal) || hash.StartsWith("CMAC-", StringComparison.Ordinal);

    public static byte[] Hash(string hash, string flavour, byte[] key, byte[] message)
    {
        bool @unsafe = flavour == "Unsafe";
        switch (hash)
        {
            case "RIPEMD-160":
                using (HashAlgorithm ripemd = @unsafe ? UnsafeCrypto.CreateRipemd160() : Ripemd160.Create())
                {
                    return ripemd.ComputeHash(message);
                }

            case "HMAC-RIPEMD-160":
                using (KeyedHashAlgorithm hmac = @unsafe ? UnsafeCrypto.CreateHmacRipemd160(key) : HmacRipemd160.Create(key))
                {
                    return hmac.ComputeHash(message);
                }

            case "SHA-256 (runtime)":
                return SHA256.HashData(message);
            case "HMAC-SHA-256 (runtime)":
                return HMACSHA256.HashData(key, message);
        }

        string cipher = hash.Substring("CMAC-".Length);
        CipherEntry block = Catalog.Ciphers.FirstOrDefault(c => c.Name == cipher) ?? throw new DemoInputException($"No MAC is called {hash}.");
        using SymmetricAlgorithm algorithm = (@unsafe && block.Unsafe is not null ? block.Unsafe : block.Reference)();
        using KeyedHashAlgorithm cmac = ((BlockCipherAlgorithm)algorithm).CreateCmac(key);
        return cmac.ComputeHash(message);
    }

    public static readonly string[] SignatureAlgorithms = { "ECDSA", "RSA PKCS#1 v1.5", "RSA-PSS", "DSA" };

    /// <summary>A new key object of the algorithm and flavour, with no key yet (or a new one: <see cref="NewSigningKey"/>).</summary>
    public static AsymmetricAlgorithm EmptySigningKey(string algorithm, string flavour) => (algorithm, flavour == "Unsafe") switch
    {
        ("ECDSA", true) => UnsafeCrypto.CreateEcdsa(),
        ("ECDSA", false) => PrimeEcdsa.Create(),
        ("DSA", true) => UnsafeCrypto.CreateDsa(),
        ("DSA", false) => ManagedDsa.Create(),
        (_, true) => UnsafeCrypto.CreateRsa(),
        _ => ManagedRsa.Create(),
    };

    public static AsymmetricAlgorithm NewSigningKey(string algorithm, string flavour, string curve) => (algorithm, flavour == "Unsafe") switch
    {
        ("ECDSA", true) => UnsafeCrypto.CreateEcdsa(curve),
        ("ECDSA", false) => PrimeEcdsa.Create(curve),
        ("DSA", true) => UnsafeCrypto.CreateDsa(2048),
        ("DSA", false) => ManagedDsa.Create(2048),
        (_, true) => UnsafeCrypto.CreateRsa(2048),
        _ => ManagedRsa.Create(2048),
    };

    /// <summary>Imports a PEM key (private or public: PKCS#8, SEC 1, PKCS#1 or SubjectPublicKeyInfo) into a new key object.</summary>
    public static AsymmetricAlgorithm ImportSigningKey(string algorithm, string flavour, string pem)
    {
        if (!pem.Contains("-----BEGIN ", StringComparison.Ordinal))
        {
            throw new DemoInputException("Paste a PEM key: a block that starts with \"-----BEGIN\", e.g. from `openssl genpkey` or `openssl pkey -pubout`.");
        }

        AsymmetricAlgorithm key = EmptySigningKey(algorithm, flavour);
        try
        {
            key.ImportFromPem(pem);
            return key;
        }
        catch
        {
            key.Dispose();
            throw;
        }
    }

    /// <summary>"a 256-bit ECDSA private key", from what the key object holds.</summary>
    public static string DescribeKey(AsymmetricAlgorithm key, string algorithm) =>
        $"a {key.KeySize}-bit {algorithm.Split(' ')[0]} {(HasPrivateKey(key) ? "private" : "public")} key";

    public static bool HasPrivateKey(AsymmetricAlgorithm key)
    {
        try
        {
            switch (key)
            {
                case ECDsa ecdsa:
                    ecdsa.ExportParameters(true);
                    return true;
                case RSA rsa:
                    rsa.ExportParameters(true);
                    return true;
                case DSA dsa:
                    dsa.ExportParameters(true);
                    return true;
            }
        }
        catch (CryptographicException)
        {
        }

        return false;
    }

    /// <summary>Signs; <paramref name="deterministic"/> asks ECDSA for RFC 6979 nonces (the library's default is random ones).</summary>
    public static byte[] Sign(AsymmetricAlgorithm key, string algorithm, HashAlgorithmName hash, byte[] message, bool deterministic)
    {
        if (key is PrimeEcdsa prime)
        {
            prime.DeterministicNonces = deterministic;
        }

        return Sign(key, algorithm, hash, message);
    }

    private static byte[] Sign(AsymmetricAlgorithm key, string algorithm, HashAlgorithmName hash, byte[] message) => key switch
    {
        ECDsa ecdsa => ecdsa.SignData(message, hash),
        DSA dsa => dsa.SignData(message, hash),
        RSA rsa => rsa.SignData(message, hash, algorithm == "RSA-PSS" ? RSASignaturePadding.Pss : RSASignaturePadding.Pkcs1),
        _ => throw new DemoInputException("Import or create a key first."),
    };

    public static bool Verify(AsymmetricAlgorithm key, string algorithm, HashAlgorithmName hash, byte[] message, byte[] signature) => key switch
    {
        ECDsa ecdsa => ecdsa.VerifyData(message, signature, hash),
        DSA dsa => dsa.VerifyData(message, signature, hash),
        RSA rsa => rsa.VerifyData(message, signature, hash, algorithm == "RSA-PSS" ? RSASignaturePadding.Pss : RSASignaturePadding.Pkcs1),
        _ => throw new DemoInputException("Import or create a key first."),
    };

    /// <summary>The raw shared secret Z (SP 800-56A: the x-coordinate, fixed length) of our private key and the peer's public key.</summary>
    public static byte[] Agree(string flavour, string ourPem, string peerPem)
    {
        if (!ourPem.Contains("-----BEGIN ", StringComparison.Ordinal) || !peerPem.Contains("-----BEGIN ", StringComparison.Ordinal))
        {
            throw new DemoInputException("Both keys are PEM blocks: your private key (or press \"New key pair\") and the other party's public key.");
        }

        using PrimeEcdh ours = flavour == "Unsafe" ? UnsafeCrypto.CreateEcdh() : PrimeEcdh.Create();
        using PrimeEcdh peer = flavour == "Unsafe" ? UnsafeCrypto.CreateEcdh() : PrimeEcdh.Create();
        ours.ImportFromPem(ourPem);
        peer.ImportFromPem(peerPem);
        string? ourCurve = ours.ExportParameters(false).Curve.Oid?.Value, peerCurve = peer.ExportParameters(false).Curve.Oid?.Value;
        if (ourCurve is not null && peerCurve is not null && ourCurve != peerCurve)
        {
            throw new DemoInputException($"Your key is on the curve {ourCurve} and the other party's on {peerCurve}: both must use the same curve.");
        }

        using ECDiffieHellmanPublicKey peerPublic = peer.PublicKey;
        return ours.DeriveRawSecretAgreement(peerPublic);
    }

    /// <summary>The one place a failure becomes the page's message: our own input messages as they are, the library's with their kind.</summary>
    public static string Describe(Exception e) => e switch
    {
        DemoInputException => e.Message,
        AuthenticationTagMismatchException => "The tag does not match: the ciphertext, nonce, associated data or key is not the one that was sealed. Nothing was decrypted.",
        CryptographicException => "Refused by the library: " + e.Message,
        ArgumentException => "Not usable here: " + e.Message,
        _ => e.GetType().Name + ": " + e.Message,
    };

    public static byte[] Bytes(string text, bool hex, string field) => hex ? Hex.Parse(field, text) : Encoding.UTF8.GetBytes(text ?? "");

    public static string Text(byte[] bytes, bool hex) => hex ? Hex.Format(bytes) : Encoding.UTF8.GetString(bytes);
}

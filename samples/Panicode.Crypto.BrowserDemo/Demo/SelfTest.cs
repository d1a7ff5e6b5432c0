using System;
using System.Collections.Generic;
using System.Security.Cryptography;
using System.Text;

namespace Panicode.Crypto.BrowserDemo.Demo;

/// <summary>One check of the self-test.</summary>
public sealed record CheckResult(string Algorithm, string Flavour, string Check, bool Passed, string Detail);

/// <summary>
/// The page's self-test: for every cipher and curve of <see cref="Catalog"/>, in every flavour, a known answer from the
/// specification, round trips through the modes, and agreement with the Reference flavour on random inputs. It runs
/// on whatever runtime hosts the page (in the browser: Mono's WebAssembly interpreter with no hardware intrinsics), so
/// a pass here says the library computes the right values there, not only on CoreCLR.
/// </summary>
public static class SelfTest
{
    /// <summary>Runs every check, yielding each result as it is known (the page shows them as they come).</summary>
    public static IEnumerable<CheckResult> Run()
    {
        foreach (CipherEntry cipher in Catalog.Ciphers)
        {
            foreach ((string flavour, Func<SymmetricAlgorithm> create) in cipher.Flavours())
            {
                yield return Check(cipher.Name, flavour, "known answer (" + cipher.KnownAnswer.Source + ")", () => KnownAnswer(cipher, create));
                foreach ((string mode, CipherMode cipherMode, int feedbackBits) in ModesOf(cipher))
                {
                    yield return Check(cipher.Name, flavour, mode + " round trip, equal to Reference", () => ModeAgreement(cipher, create, cipherMode, feedbackBits));
                }

                if (cipher.BlockBits == 128)
                {
                    yield return Check(cipher.Name, flavour, "GCM seal/open, forged tag rejected, equal to Reference", () => Gcm(cipher, create));
                    yield return Check(cipher.Name, flavour, "CTR and CMAC equal to Reference", () => CtrAndCmac(cipher, create));
                }
            }
        }

        yield return Check("AES (Rijndael)", "Unsafe", "GCM known answer (McGrew-Viega test case 2)", AesGcmKnownAnswer);

        foreach (StreamEntry stream in Catalog.Streams)
        {
            foreach ((string flavour, Func<StreamCipher> create) in new[] { ("Reference", stream.Reference), ("Unsafe", stream.Unsafe) })
            {
                yield return Check(stream.Name, flavour, "known key stream (" + stream.KnownAnswer.Source + "), equal to Reference in pieces", () => StreamKnownAnswer(stream, create));
            }
        }

        foreach (HashEntry hash in Catalog.Hashes)
        {
            foreach ((string flavour, Func<HashAlgorithm> create, Func<byte[], KeyedHashAlgorithm> hmac) in new[] { ("Reference", hash.Reference, hash.ReferenceHmac), ("Unsafe", hash.Unsafe, hash.UnsafeHmac) })
            {
                yield return Check(hash.Name, flavour, "known digest (" + hash.KnownAnswer.Source + "), pieces equal one call", () => HashKnownAnswer(hash, create));
                yield return Check("HMAC-" + hash.Name, flavour, "known MAC (" + hash.HmacKnownAnswer.Source + ")", () => HmacKnownAnswer(hash, hmac));
            }
        }

        foreach (string curve in Catalog.Curves)
        {
            foreach ((string flavour, Func<string, PrimeEcdsa> create) in Catalog.EcdsaFlavours())
            {
                yield return Check("ECDSA " + curve, flavour, "sign, verify here and in the other flavour, reject a changed message", () => EcdsaRoundTrip(curve, create));
            }

            foreach ((string flavour, Func<string, PrimeEcdh> create) in Catalog.EcdhFlavours())
            {
                yield return Check("ECDH " + curve, flavour, "agreement with a Reference peer, both ways", () => EcdhAgreement(curve, create));
            }
        }

        foreach ((string flavour, Func<string, PrimeEcdsa> create) in Catalog.EcdsaFlavours())
        {
            yield return Check("ECDSA nistP256", flavour, "verifies RFC 6979 A.2.5 (SHA-256, \"sample\")", () => Rfc6979Verify(create));
        }
    }

    private static CheckResult Check(string algorithm, string flavour, string name, Func<string?> body)
    {
        try
        {
            string? failure = body();
            return new CheckResult(algorithm, flavour, name, failure is null, failure ?? "ok");
        }
        catch (Exception e)
        {
            return new CheckResult(algorithm, flavour, name, false, e.GetType().Name + ": " + e.Message);
        }
    }

    private static IEnumerable<(string Name, CipherMode Mode, int FeedbackBits)> ModesOf(CipherEntry cipher)
    {
        yield return ("CBC/PKCS7", CipherMode.CBC, 0);
        yield return ("CFB8", CipherMode.CFB, 8);
        yield return ("CFB" + cipher.BlockBits, CipherMode.CFB, cipher.BlockBits);
        yield return ("OFB", CipherMode.OFB, cipher.BlockBits);
        yield return ("CTS", CipherMode.CTS, 0);
    }

    private static string? KnownAnswer(CipherEntry cipher, Func<SymmetricAlgorithm> create)
    {
        using SymmetricAlgorithm algorithm = create();
        algorithm.Key = Convert.FromHexString(cipher.KnownAnswer.Key);
        byte[] plaintext = Convert.FromHexString(cipher.KnownAnswer.Plaintext);
        byte[] ciphertext = algorithm.EncryptEcb(plaintext, PaddingMode.None);
        string got = Convert.ToHexStringLower(ciphertext);
        if (got != cipher.KnownAnswer.Ciphertext)
        {
            return $"encrypt gave {got}, expected {cipher.KnownAnswer.Ciphertext}";
        }

        byte[] back = algorithm.DecryptEcb(ciphertext, PaddingMode.None);
        return back.AsSpan().SequenceEqual(plaintext) ? null : "decrypt did not give the plaintext back";
    }

    private static string? ModeAgreement(CipherEntry cipher, Func<SymmetricAlgorithm> create, CipherMode mode, int feedbackBits)
    {
        Random random = new(cipher.Name.Length * 31 + (int)mode * 7 + feedbackBits);
        byte[] key = Bytes(random, cipher.KeyBits / 8);
        byte[] iv = Bytes(random, cipher.BlockBits / 8);
        // CBC is padded (PKCS7) and CTS takes any length above one block; CFB and OFB run unpadded, so the length is a
        // whole number of feedback units.
        int unit = mode == CipherMode.CBC || mode == CipherMode.CTS ? 1 : Math.Max(1, feedbackBits / 8);
        int length = (cipher.BlockBits / 8 + 1 + random.Next(300)) / unit * unit;
        byte[] plaintext = Bytes(random, length);

        byte[] ciphertext = Encrypt(create, key, iv, mode, feedbackBits, plaintext);
        byte[] reference = Encrypt(cipher.Reference, key, iv, mode, feedbackBits, plaintext);
        if (!ciphertext.AsSpan().SequenceEqual(reference))
        {
            return "ciphertext differs from the Reference flavour's";
        }

        using SymmetricAlgorithm algorithm = Configure(create(), key, iv, mode, feedbackBits);
        using ICryptoTransform decryptor = algorithm.CreateDecryptor();
        byte[] back = decryptor.TransformFinalBlock(ciphertext, 0, ciphertext.Length);
        return back.AsSpan().SequenceEqual(plaintext) ? null : "decryption did not give the plaintext back";
    }

    private static byte[] Encrypt(Func<SymmetricAlgorithm> create, byte[] key, byte[] iv, CipherMode mode, int feedbackBits, byte[] plaintext)
    {
        using SymmetricAlgorithm algorithm = Configure(create(), key, iv, mode, feedbackBits);
        using ICryptoTransform encryptor = algorithm.CreateEncryptor();
        return encryptor.TransformFinalBlock(plaintext, 0, plaintext.Length);
    }

    private static SymmetricAlgorithm Configure(SymmetricAlgorithm algorithm, byte[] key, byte[] iv, CipherMode mode, int feedbackBits)
    {
        algorithm.Key = key;
        algorithm.IV = iv;
        algorithm.Mode = mode;
        algorithm.Padding = mode == CipherMode.CBC ? PaddingMode.PKCS7 : PaddingMode.None;
        if (feedbackBits != 0)
        {
            algorithm.FeedbackSize = feedbackBits;
        }

        return algorithm;
    }

    private static string? Gcm(CipherEntry cipher, Func<SymmetricAlgorithm> create)
    {
        Random random = new(cipher.Name.Length);
        byte[] key = Bytes(random, cipher.KeyBits / 8);
        byte[] nonce = Bytes(random, 12);
        byte[] associated = Bytes(random, 20);
        byte[] plaintext = Bytes(random, 100);
        (byte[] ciphertext, byte[] tag) = Seal(create, key, nonce, plaintext, associated);
        (byte[] referenceCiphertext, byte[] referenceTag) = Seal(cipher.Reference, key, nonce, plaintext, associated);
        if (!ciphertext.AsSpan().SequenceEqual(referenceCiphertext) || !tag.AsSpan().SequenceEqual(referenceTag))
        {
            return "ciphertext or tag differs from the Reference flavour's";
        }

        using BlockCipherAlgorithm algorithm = (BlockCipherAlgorithm)create();
        using Gcm gcm = algorithm.CreateGcm(key);
        byte[] opened = new byte[plaintext.Length];
        gcm.Decrypt(nonce, ciphertext, tag, opened, associated);
        if (!opened.AsSpan().SequenceEqual(plaintext))
        {
            return "opening did not give the plaintext back";
        }

        tag[0] ^= 1;
        try
        {
            gcm.Decrypt(nonce, ciphertext, tag, opened, associated);
            return "a forged tag was accepted";
        }
        catch (CryptographicException)
        {
            return opened.AsSpan().IndexOfAnyExcept((byte)0) < 0 ? null : "the plaintext buffer was not cleared after a forged tag";
        }
    }

    private static (byte[] Ciphertext, byte[] Tag) Seal(Func<SymmetricAlgorithm> create, byte[] key, byte[] nonce, byte[] plaintext, byte[] associated)
    {
        using BlockCipherAlgorithm algorithm = (BlockCipherAlgorithm)create();
        using Gcm gcm = algorithm.CreateGcm(key);
        byte[] ciphertext = new byte[plaintext.Length];
        byte[] tag = new byte[16];
        gcm.Encrypt(nonce, plaintext, ciphertext, tag, associated);
        return (ciphertext, tag);
    }

    private static string? AesGcmKnownAnswer()
    {
        using BlockCipherAlgorithm algorithm = (BlockCipherAlgorithm)Catalog.Ciphers[0].Unsafe!();
        using Gcm gcm = algorithm.CreateGcm(new byte[16]);
        byte[] ciphertext = new byte[16];
        byte[] tag = new byte[16];
        gcm.Encrypt(new byte[12], new byte[16], ciphertext, tag);
        string got = Convert.ToHexStringLower(ciphertext) + Convert.ToHexStringLower(tag);
        const string Expected = "0388dace60b6a392f328c2b971b2fe78" + "ab6e47d42cec13bdf53a67b21257bddf";
        return got == Expected ? null : $"got {got}, expected {Expected}";
    }

    private static string? StreamKnownAnswer(StreamEntry entry, Func<StreamCipher> create)
    {
        using StreamCipher cipher = create();
        cipher.Key = Convert.FromHexString(entry.KnownAnswer.Key);
        cipher.IV = Convert.FromHexString(entry.KnownAnswer.IV);
        byte[] keyStream = cipher.Encrypt(new byte[entry.KnownAnswer.KeyStream.Length / 2]);
        string got = Convert.ToHexStringLower(keyStream);
        if (got != entry.KnownAnswer.KeyStream)
        {
            return $"key stream {got}, expected {entry.KnownAnswer.KeyStream}";
        }

        // 1,000 random bytes encrypted in pieces of 1..100 bytes equal the Reference flavour's single call.
        Random random = new(11);
        byte[] key = Bytes(random, cipher.KeySize / 8);
        byte[] iv = Bytes(random, cipher.IVSize / 8);
        byte[] message = Bytes(random, 1000);
        using StreamCipher reference = entry.Reference();
        reference.Key = key;
        reference.IV = iv;
        byte[] expected = reference.Encrypt(message);
        cipher.Key = key;
        cipher.IV = iv;
        byte[] pieces = new byte[message.Length];
        for (int offset = 0; offset < message.Length;)
        {
            int piece = Math.Min(message.Length - offset, 1 + random.Next(100));
            cipher.Encrypt(message.AsSpan(offset, piece), pieces.AsSpan(offset, piece));
            offset += piece;
        }

        return pieces.AsSpan().SequenceEqual(expected) ? null : "encryption in pieces differs from the Reference flavour's";
    }

    private static string? HashKnownAnswer(HashEntry entry, Func<HashAlgorithm> create)
    {
        using HashAlgorithm hash = create();
        string got = Convert.ToHexStringLower(hash.ComputeHash(Encoding.ASCII.GetBytes(entry.KnownAnswer.Message)));
        if (got != entry.KnownAnswer.Digest)
        {
            return $"digest {got}, expected {entry.KnownAnswer.Digest}";
        }

        // 1,000 random bytes in pieces of 1..100 bytes give the digest of one call.
        Random random = new(7);
        byte[] message = Bytes(random, 1000);
        byte[] whole = hash.ComputeHash(message);
        for (int offset = 0; offset < message.Length;)
        {
            int piece = Math.Min(message.Length - offset, 1 + random.Next(100));
            hash.TransformBlock(message, offset, piece, null, 0);
            offset += piece;
        }

        hash.TransformFinalBlock(Array.Empty<byte>(), 0, 0);
        return hash.Hash.AsSpan().SequenceEqual(whole) ? null : "hashing in pieces gave another digest";
    }

    private static string? HmacKnownAnswer(HashEntry entry, Func<byte[], KeyedHashAlgorithm> create)
    {
        using KeyedHashAlgorithm hmac = create(Convert.FromHexString(entry.HmacKnownAnswer.Key));
        string got = Convert.ToHexStringLower(hmac.ComputeHash(Encoding.ASCII.GetBytes(entry.HmacKnownAnswer.Message)));
        return got == entry.HmacKnownAnswer.Mac ? null : $"MAC {got}, expected {entry.HmacKnownAnswer.Mac}";
    }

    private static string? CtrAndCmac(CipherEntry cipher, Func<SymmetricAlgorithm> create)
    {
        Random random = new(cipher.Name.Length + 5);
        byte[] key = Bytes(random, cipher.KeyBits / 8);
        byte[] counter = Bytes(random, 16);
        byte[] message = Bytes(random, 333);
        (byte[] ctr, byte[] mac) = CtrAndMac(create, key, counter, message);
        (byte[] referenceCtr, byte[] referenceMac) = CtrAndMac(cipher.Reference, key, counter, message);
        if (!ctr.AsSpan().SequenceEqual(referenceCtr))
        {
            return "CTR output differs from the Reference flavour's";
        }

        return mac.AsSpan().SequenceEqual(referenceMac) ? null : "CMAC differs from the Reference flavour's";
    }

    private static (byte[] Ctr, byte[] Mac) CtrAndMac(Func<SymmetricAlgorithm> create, byte[] key, byte[] counter, byte[] message)
    {
        using BlockCipherAlgorithm algorithm = (BlockCipherAlgorithm)create();
        algorithm.Key = key;
        byte[] ctr = algorithm.EncryptCtr(message, counter);
        using Cmac cmac = algorithm.CreateCmac(key);
        return (ctr, cmac.ComputeHash(message));
    }

    private static string? EcdsaRoundTrip(string curve, Func<string, PrimeEcdsa> create)
    {
        byte[] message = Encoding.UTF8.GetBytes("Signed in the browser on " + curve);
        using PrimeEcdsa signer = create(curve);
        HashAlgorithmName hash = Catalog.HashFor(signer.KeySize);
        byte[] signature = signer.SignData(message, hash);
        if (!signer.VerifyData(message, signature, hash))
        {
            return "the signer rejected its own signature";
        }

        ECParameters publicKey = signer.ExportParameters(includePrivateParameters: false);
        foreach ((string flavour, Func<string, PrimeEcdsa> other) in Catalog.EcdsaFlavours())
        {
            using PrimeEcdsa verifier = other(curve);
            verifier.ImportParameters(publicKey);
            if (!verifier.VerifyData(message, signature, hash))
            {
                return $"the {flavour} flavour rejected the signature";
            }
        }

        message[0] ^= 1;
        return signer.VerifyData(message, signature, hash) ? "a signature over a changed message verified" : null;
    }

    private static string? EcdhAgreement(string curve, Func<string, PrimeEcdh> create)
    {
        using PrimeEcdh alice = create(curve);
        using PrimeEcdh bob = PrimeEcdh.Create(curve);
        byte[] aliceSecret = alice.DeriveKeyMaterial(bob.PublicKey);
        byte[] bobSecret = bob.DeriveKeyMaterial(alice.PublicKey);
        return aliceSecret.AsSpan().SequenceEqual(bobSecret) ? null : "the two sides derived different secrets";
    }

    // RFC 6979, A.2.5: the P-256 key and its SHA-256 signature of "sample" (deterministic k). Verifying a signature made
    // elsewhere checks the curve arithmetic against an outside answer, not only against the other flavour.
    private static string? Rfc6979Verify(Func<string, PrimeEcdsa> create)
    {
        using PrimeEcdsa verifier = create("nistP256");
        verifier.ImportParameters(new ECParameters
        {
            Curve = ECCurve.NamedCurves.nistP256,
            Q = new ECPoint
            {
                X = Convert.FromHexString("60FED4BA255A9D31C961EB74C6356D68C049B8923B61FA6CE669622E60F29FB6"),
                Y = Convert.FromHexString("7903FE1008B8BC99A41AE9E95628BC64F2F1B20C2D7E9F5177A3C294D4462299"),
            },
        });
        byte[] signature = Convert.FromHexString(
            "EFD48B2AACB6A8FD1140DD9CD45E81D69D2C877B56AAF991C34D0EA84EAF3716" +
            "F7CB1C942D657C41D436C7A1B6E29F65F3E900DBB9AFF4064DC4AB2F843ACDA8");
        byte[] message = Encoding.ASCII.GetBytes("sample");
        if (!verifier.VerifyData(message, signature, HashAlgorithmName.SHA256))
        {
            return "the RFC 6979 signature did not verify";
        }

        signature[^1] ^= 1;
        return verifier.VerifyData(message, signature, HashAlgorithmName.SHA256) ? "a changed signature verified" : null;
    }

    private static byte[] Bytes(Random random, int length)
    {
        byte[] bytes = new byte[length];
        random.NextBytes(bytes);
        return bytes;
    }
}

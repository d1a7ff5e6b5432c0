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
            foreach ((string flavour, Func<HashAlgorithm> create, Func<byte[], KeyedHashAlgorithm>? hmac) in new[] { ("Reference", hash.Reference, hash.ReferenceHmac), ("Unsafe", hash.Unsafe, hash.UnsafeHmac) })
            {
                yield return Check(hash.Name, flavour, "known digest (" + hash.KnownAnswer.Source + "), pieces equal one call", () => HashKnownAnswer(hash, create));
                if (hmac is not null && hash.HmacKnownAnswer is { } answer)
                {
                    yield return Check("HMAC-" + hash.Name, flavour, "known MAC (" + answer.Source + ")", () => HmacKnownAnswer(answer, hmac));
                }
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

        foreach ((string flavour, Func<ManagedRsa> create) in RsaFlavours())
        {
            yield return Check("RSA-2048", flavour, "JWT RS256 and PS256 made by OpenSSL verify against the PEM public key; a changed payload does not", () => JwtVerify(create));
            yield return Check("RSA-2048", flavour, "sign PKCS#1 v1.5 and PSS, verify in both flavours; OAEP-SHA-256 round trip", () => RsaRoundTrip(create));
        }

        foreach ((string flavour, Func<ManagedDsa> dsa, Func<DiffieHellmanParameters, ManagedDiffieHellman> dh) in new (string, Func<ManagedDsa>, Func<DiffieHellmanParameters, ManagedDiffieHellman>)[]
        {
            ("Reference", ManagedDsa.Create, ManagedDiffieHellman.Create),
            ("Unsafe", Panicode.Crypto.Unsafe.UnsafeCrypto.CreateDsa, Panicode.Crypto.Unsafe.UnsafeCrypto.CreateDiffieHellman),
        })
        {
            yield return Check("DSA-1024", flavour, "RFC 6979 A.2.1 deterministic signature (SHA-256, \"sample\"); a changed message does not verify", () => DsaKnownAnswer(dsa));
            yield return Check("DH RFC 5114 1024/160", flavour, "shared secret Z of RFC 5114 Appendix A.1", () => DhKnownAnswer(dh));
        }

        foreach ((string flavour, Func<PrimeEciesKem> ecies, Func<PrimePsecKem> psec) in new (string, Func<PrimeEciesKem>, Func<PrimePsecKem>)[]
        {
            ("Reference", PrimeEciesKem.Create, PrimePsecKem.Create),
            ("Unsafe", Panicode.Crypto.Unsafe.UnsafeCrypto.CreateEciesKem, Panicode.Crypto.Unsafe.UnsafeCrypto.CreatePsecKem),
        })
        {
            yield return Check("ECIES-KEM nistP192", flavour, "decapsulates ISO/IEC 18033-2 Annex C.2.2 (KDF1-SHA-1, 128 bytes)", () => EciesKnownAnswer(ecies));
            yield return Check("PSEC-KEM nistP256", flavour, "decapsulates a record of tools/psec-kem (no official vector exists); a changed byte is rejected", () => PsecKnownAnswer(psec));
        }
    }

    // RFC 6979 A.2.1 (DSA, 1,024 bits, SHA-256, message "sample"; vectors/dsa/dsa_rfc6979.txt): the deterministic signature.
    private static string? DsaKnownAnswer(Func<ManagedDsa> create)
    {
        using ManagedDsa dsa = create();
        dsa.ImportParameters(new DSAParameters
        {
            P = Convert.FromHexString("86f5ca03dcfeb225063ff830a0c769b9dd9d6153ad91d7ce27f787c43278b447e6533b86b18bed6e8a48b784a14c252c5be0dbf60b86d6385bd2f12fb763ed8873abfd3f5ba2e0a8c0a59082eac056935e529daf7c610467899c77adedfc846c881870b7b19b2b58f9be0521a17002e3bdd6b86685ee90b3d9a1b02b782b1779"),
            Q = Convert.FromHexString("996f967f6c8e388d9e28d01e205fba957a5698b1"),
            G = Convert.FromHexString("07b0f92546150b62514bb771e2a0c0ce387f03bda6c56b505209ff25fd3c133d89bbcd97e904e09114d9a7defdeadfc9078ea544d2e401aeecc40bb9fbbf78fd87995a10a1c27cb7789b594ba7efb5c4326a9fe59a070e136db77175464adca417be5dce2f40d10a46a3a3943f26ab7fd9c0398ff8c76ee0a56826a8a88f1dbd"),
            Y = Convert.FromHexString("5df5e01ded31d0297e274e1691c192fe5868fef9e19a84776454b100cf16f65392195a38b90523e2542ee61871c0440cb87c322fc4b4d2ec5e1e7ec766e1be8d4ce935437dc11c3c8fd426338933ebfe739cb3465f4d3668c5e473508253b1e682f65cbdc4fae93c2ea212390e54905a86e2223170b44eaa7da5dd9ffcfb7f3b"),
            X = Convert.FromHexString("411602cb19a6ccc34494d79d98ef1e7ed5af25f7"),
        });
        byte[] message = Encoding.UTF8.GetBytes("sample");
        string signature = Convert.ToHexStringLower(dsa.SignData(message, HashAlgorithmName.SHA256));
        if (signature != "81f2f5850be5bc123c43f71a3033e9384611c5454cdd914b65eb6c66a8aaad27299bee6b035f5e89")
        {
            return "signature " + signature;
        }

        message[0] ^= 1;
        return dsa.VerifyData(message, Convert.FromHexString(signature), HashAlgorithmName.SHA256) ? "a changed message verified" : null;
    }

    // RFC 5114 Appendix A.1 (1,024-bit MODP group with a 160-bit subgroup; vectors/dh/RFC5114.txt): the IUT's key, the
    // CAVS party's public value and the shared secret Z.
    private static string? DhKnownAnswer(Func<DiffieHellmanParameters, ManagedDiffieHellman> create)
    {
        byte[] p = Convert.FromHexString("b10b8f96a080e01dde92de5eae5d54ec52c99fbcfb06a3c69a6a9dca52d23b616073e28675a23d189838ef1e2ee652c013ecb4aea906112324975c3cd49b83bfaccbdd7d90c4bd7098488e9c219a73724effd6fae5644738faa31a4ff55bccc0a151af5f0dc8b4bd45bf37df365c1a65e68cfda76d4da708df1fb2bc2e4a4371");
        byte[] q = Convert.FromHexString("f518aa8781a8df278aba4e7d64b7cb9d49462353");
        byte[] g = Convert.FromHexString("a4d1cbd5c3fd34126765a442efb99905f8104dd258ac507fd6406cff14266d31266fea1e5c41564b777e690f5504f213160217b4b01b886a5e91547f9e2749f4d7fbd7d3b9a92ee1909d0d2263f80a76a6a24c087a091f531dbf0a0169b6a28ad662a4d18e73afa32d779d5918d08bc8858f4dcef97c2a24855e6eeb22b3b2e5");
        using ManagedDiffieHellman iut = create(new DiffieHellmanParameters
        {
            P = p,
            Q = q,
            G = g,
            Y = Convert.FromHexString("717a6cb053371ff4a3b932941c1e5663f861a1d6ad34ae66576dfb98f6c6cbf9ddd5a56c7833f6bcfdff095582ad868e440e8d09fd769e3ceccdc3d3b1e4cfa057776caaf9739b6a9fee8e7411f8d6dac09d6a4edb46cc2b5d5203090eae6126311e53fd2c14b574e6a3109a3da1be41bdceaa186f5ce06716a2b6a07b3c33fe"),
            X = Convert.FromHexString("9392c9f9eb6a7a6a9022f7d83e7223c6835bbdda"),
        });
        ManagedDiffieHellmanPublicKey peer = new(new DiffieHellmanParameters { P = p, Q = q, G = g, Y = Convert.FromHexString("2a853b3d92197501b9015b2deb3ed84f5e021dcc3e52f109d3273d2b7521281cbabe0e76ff5727fa8acce26956ba9a1fca26f20228d8693feb10841d84a7360054ece5a7f5b7a61ad3dfb3c60d2e43106d8727da37df9cce95b478755d06bcea8f9d45965f75a5f3d1df3701165fc9e50c4279ceb07f989540ae96d5d88ed776") });
        string z = Convert.ToHexStringLower(iut.DeriveRawSecretAgreement(peer));
        return z == "5c804f454d30d9c4df85271f93528c91df6b48ab5f80b3b59caac1b28f8acba9cd3e39f3cb614525d9521d2e644c53b807b810f340062f257d7d6fbfe8d5e8f072e9b6e9afda9413eafb2e8b0699b1fb5a0caceddeaead7e9cfbb36ae2b420835bd83a19fb0b5e96bf8fa4d09e345525167ecd9155416f46f408ed31b63c6e6d" ? null : "Z " + z;
    }

    // ISO/IEC 18033-2 Annex C.2.2 (vectors/ecies-kem/ecies-18033.vec): the P-192 key, C0 and K.
    private static string? EciesKnownAnswer(Func<PrimeEciesKem> create)
    {
        using PrimeEciesKem kem = create();
        kem.ImportParameters(new ECParameters
        {
            Curve = ECCurve.CreateFromFriendlyName("nistP192"),
            D = Convert.FromHexString("b67048c28d2d26a73f713d5ebb994ac92588464e7fe7d3f3"),
            Q = new ECPoint { X = Convert.FromHexString("1cbc74a41b4e84a1509f935e2328a0bb06104d8dbb8d2130"), Y = Convert.FromHexString("7b2ab1f10d76fde1ea046a4ad5fb903734190151bb30cec2") },
        });
        kem.KdfHash = HashAlgorithmName.SHA1;
        kem.Kdf = Iso18033Kdf.Kdf1;
        kem.SharedSecretSizeInBytes = 128;
        string k = Convert.ToHexStringLower(kem.Decapsulate(Convert.FromHexString("04ccc9ea07b8b71d25646b22b0e251362a3fa9e993042315df047b2e07dd2ffb89359945f3d22ca8757874be2536e0f924")));
        return k == "9a709adeb6c7590ccfc7d594670dd2d74fcdda3f8622f2dbcf0f0c02966d5d9002db578c989bf4a5cc896d2a11d74e0c51efc1f8ee784897ab9b865a7232b5661b7cac87cf4150bdf23b015d7b525b797cf6d533e9f6ad49a4c6de5e7089724c9cadf0adf13ee51b41be6713653fc1cb2c95a1d1b771cc7429189861d7a829f3"
            ? null
            : "K " + k;
    }

    // The secp256r1 KDF2-SHA-256 compressed record of vectors/psec-kem/psec-kem.vec (from the independent Python implementation).
    private static string? PsecKnownAnswer(Func<PrimePsecKem> create)
    {
        using PrimePsecKem kem = create();
        kem.ImportParameters(new ECParameters
        {
            Curve = ECCurve.NamedCurves.nistP256,
            D = Convert.FromHexString("f7a436232731de356a5679ce33de28f95f190bdea291399c5c59b7ebde82114d"),
            Q = new ECPoint { X = Convert.FromHexString("4f3f8acba563ad9aef46e121c44efc23dffa60e1432d2d8bc400007f2fc05843"), Y = Convert.FromHexString("93ff14ea95b937751b1af89889a35382d6f34b6693da7e4b4f70dedcdd004e79") },
        });
        kem.PointEncoding = EcPointEncoding.Compressed;
        byte[] c0 = Convert.FromHexString("039aad93567d05740f757dd56742121d090835d5a6a6c0257e4c9e28a1ad0f59d737045930d6cdb4d37f4e43fc1693f9b120ef371619940f0c611a08a938e6738a");
        string k = Convert.ToHexStringLower(kem.Decapsulate(c0));
        if (k != "e0dc173af07c78a85ed37366d37a9ad70e6ec80a55e9ebaf76bff13c303609a2")
        {
            return "K " + k;
        }

        c0[40] ^= 1;
        try
        {
            kem.Decapsulate(c0);
            return "a changed ciphertext was not rejected";
        }
        catch (CryptographicException)
        {
            return null;
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

    private static string? HmacKnownAnswer((string Key, string Message, string Mac, string Source) answer, Func<byte[], KeyedHashAlgorithm> create)
    {
        using KeyedHashAlgorithm hmac = create(Convert.FromHexString(answer.Key));
        string got = Convert.ToHexStringLower(hmac.ComputeHash(Encoding.ASCII.GetBytes(answer.Message)));
        return got == answer.Mac ? null : $"MAC {got}, expected {answer.Mac}";
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

    private static IEnumerable<(string Flavour, Func<ManagedRsa> Create)> RsaFlavours()
    {
        yield return ("Reference", ManagedRsa.Create);
        yield return ("Unsafe", Panicode.Crypto.Unsafe.UnsafeCrypto.CreateRsa);
    }

    // A 2,048-bit key made by OpenSSL (`openssl genpkey`), its public key, and two JWTs over one payload signed by
    // OpenSSL with it: RS256 (RSASSA-PKCS1-v1_5, SHA-256) and PS256 (RSASSA-PSS, SHA-256, salt 32). Test data only.
    private const string RsaPrivateKeyPem =
        "-----BEGIN PRIVATE KEY-----\n" +
        "MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQDcLRhUJevPA+dE\n" +
        "FakDfP2f8bzpl9cKFh+anjyXK9+d7Q0F8OJKrwuLVKW6i3LQEdmu/DgaVU+8+mSO\n" +
        "rsuhk9nQEAGlDFZh1zLns41PFT7PuoUWs36vmQdTb277xHoQhFQK1eaDNOEGvg5F\n" +
        "iRBeUdH/tHRzB2qbazsvzFRX2jHrCbcLBJ34cWDgtocxIuqVLjFGk2TpfV5TYXxP\n" +
        "NfXFWpBQ7lqUqesz9owgW3u6zIiumEe/5nFUihsjRj5CjuodCygcAAc0IfrRVpdc\n" +
        "fXOgMRpGR4ZI60rRjC9y7V5oe6wXm8/SvdqF7q45kVsseE2wXp6CCcU0Sf8nGjaH\n" +
        "WmuQUdOJAgMBAAECggEABEX7yuZRhVsWCgRBm4e5hHk0qXQBAHkdc+rOUkDPvkjz\n" +
        "j8H1Im3zU2j5Ln22ZMNz7imHDTvKqGhTu1E5MpGkEJ2+6m0q4AtFOaoKfBZ1eaKt\n" +
        "IpupQc8+jSgEh25w0BFBcFRmfPVxyKe3rzHR14LPCJ+AAxuJvip+o5bbrDjX7y/f\n" +
        "3lJh8nWWnUtromVJlN6zOTNZD7yV/z9lSnTF6T2FQijN0xqujbR88hKmlMse03Au\n" +
        "ECU9XV781Ll8w5iXbHooHRMNHu8+nkOHPksuavNVDNKWYKFgwxdN1WhWcfMz4Yia\n" +
        "mb63Z4CSIS8OH7ncozlQehEBJmB6xh8O/z+TAHbngQKBgQDt1df7AidjSTPb1NKc\n" +
        "QAwOKQ3QGRxgZu3uVl7EfZkrnxAg8aJKsZ6aYLsnJrLZCNusJURu568jQ93Kr5kk\n" +
        "WXHHYw+lCsjyPXHe49Dj1x0NDI65YNUZc8Ulv97H8BSA6BTQykgn7AFwdaVpm6Bu\n" +
        "euadguvfEnL1aGwPSq5KY18BDQKBgQDs/fqrpeEe0qxYE6zjolwUpQ37PLoAX0pj\n" +
        "vNpWtii9UAtPZCKqF3ectG/lmJaK5/MMPjHOYLV+XvEB2LmXqYUiFa+KA3ARISWf\n" +
        "9Ckyxx22QDwueQqkZDRWCMIjsgicjAIjl32ERJkwiBxig/cx6JkSBt51jWLhxlye\n" +
        "uO9Mo7WlbQKBgQCJllEo45kXpex7OwZP3/lZY8Sa4zv4RPNWEt8l+qbWhmFVPZQu\n" +
        "c8yV8Gm0f32tcqNqVfDd2+gElalELQuB7MCWoScWykNvZ75tPAvHEtW6i84xTeRZ\n" +
        "ohCmAvaFYczqudf45VySw8QdY+G6U46e+zhYXLnJRan9cFg7DHABlrUKLQKBgQDB\n" +
        "IqZDdnbFKMldKgOuq2VBSdXgFng6z22PZJvHKMKArZfaBnAdj+xhn8bFJJoi765q\n" +
        "HtF2L+gY6YSdjaKKT5N42JVq8yxEOXAxL8jXYd/749NnyCr9F9BzAMY+UtujwJIJ\n" +
        "sW6P+Vuiano/au5sFPOR9lkbEbMw7fgTPgF+wrfI7QKBgF2RhgqkhBI2XzVgbQdL\n" +
        "qinhloA6Do3PzedFHnI2QDEe9oNP+u4a5ZhDbKE9YEFjkM7wrsf/+LPuR1Q/7kvm\n" +
        "YRUUpMCPd+uwp+vwyH3DXUbhnO+VekQy8V8k0i7a+nXgLT16AYPNIPQ7lTgBHtnu\n" +
        "xwu0JQfhRjbPJcNpfSLx1x/j\n" +
        "-----END PRIVATE KEY-----\n";

    private const string RsaPublicKeyPem =
        "-----BEGIN PUBLIC KEY-----\n" +
        "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA3C0YVCXrzwPnRBWpA3z9\n" +
        "n/G86ZfXChYfmp48lyvfne0NBfDiSq8Li1Sluoty0BHZrvw4GlVPvPpkjq7LoZPZ\n" +
        "0BABpQxWYdcy57ONTxU+z7qFFrN+r5kHU29u+8R6EIRUCtXmgzThBr4ORYkQXlHR\n" +
        "/7R0cwdqm2s7L8xUV9ox6wm3CwSd+HFg4LaHMSLqlS4xRpNk6X1eU2F8TzX1xVqQ\n" +
        "UO5alKnrM/aMIFt7usyIrphHv+ZxVIobI0Y+Qo7qHQsoHAAHNCH60VaXXH1zoDEa\n" +
        "RkeGSOtK0Ywvcu1eaHusF5vP0r3ahe6uOZFbLHhNsF6eggnFNEn/Jxo2h1prkFHT\n" +
        "iQIDAQAB\n" +
        "-----END PUBLIC KEY-----\n";

    private const string JwtRs256 = "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJwYW5pY29kZSIsIm5hbWUiOiJCcm93c2VyIGNoZWNrIiwiaWF0IjoxNzY0MTE1MjAwfQ.UQ75fbXgCZPLQjp6lnvqH5qKeYICCsLEzgmZXqbExvfDHGMZMVR2h3qKQJ40w7Q3ruE53cMHfV5E1jXDXFbDuP-mx60atoJkFr3IigQQ5ytsuImY70hRlzzmMAn3BshGtuxwiXWkenDeincGwGk2hcY2ffeDeJVaw99kGj0XU8kZWgBRFicYOvePG4ZaVtzeox4C6NgI9nrR-zY0XOWFpkr5fE6rXsEmUPpMbqmO8TmjFsB-8JSF35VgLaX0WVfRsuKIqudXtGXk9tXgJr-SzkHVamGIirwJzyT4BwirJuNqcXAdWJpUZUi5QOi6MNS4-wHE71V-25seMm0-XD34Hw";

    private const string JwtPs256 = "eyJhbGciOiJQUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJwYW5pY29kZSIsIm5hbWUiOiJCcm93c2VyIGNoZWNrIiwiaWF0IjoxNzY0MTE1MjAwfQ.GO4y_PB9UrSKSP2jJoV-MLnoHmwBUQn_rcf78hm4rVOxwaOa4yuT6C4X1T4J4VCjWxLeieVzVlZBl77iGn6_Rnkq5eE2Cu3xNPA0Y-Inji1zU7-tuDGTcCHUmsWY834tApzFArHw-YGC1Q31bQ7TpdRgUig0HjfHIqKi6ilsmNR7942dS6Zz4c6odln7MRX_dvN5nJHSNZG1Yuv_QCuB7vvtgQjq6yXVEcE880nGoKViGAi-Nf6zEWNgYxNDWY5YCfg_aV2_8ru7SxrQ_erHCYlArT3DUs6Mz1T2tduVNZa65x_3Wg4AZZN8N4KyB1Lb3I2cbRFYvy7T3swhJ5Teng";

    // RFC 7519 §7.2 / RFC 7515 §5.2: the signature is over the ASCII of "header.payload", base64url without padding.
    private static string? JwtVerify(Func<ManagedRsa> create)
    {
        using ManagedRsa rsa = create();
        rsa.ImportFromPem(RsaPublicKeyPem);
        foreach ((string token, RSASignaturePadding padding) in new[] { (JwtRs256, RSASignaturePadding.Pkcs1), (JwtPs256, RSASignaturePadding.Pss) })
        {
            string[] parts = token.Split('.');
            byte[] signed = Encoding.ASCII.GetBytes(parts[0] + "." + parts[1]);
            byte[] signature = Base64Url(parts[2]);
            if (!rsa.VerifyData(signed, signature, HashAlgorithmName.SHA256, padding))
            {
                return $"the {padding.Mode} JWT did not verify";
            }

            signed[signed.Length - 1] ^= 1;
            if (rsa.VerifyData(signed, signature, HashAlgorithmName.SHA256, padding))
            {
                return $"a changed {padding.Mode} JWT verified";
            }
        }

        return null;
    }

    private static string? RsaRoundTrip(Func<ManagedRsa> create)
    {
        using ManagedRsa signer = create();
        signer.ImportFromPem(RsaPrivateKeyPem);
        byte[] message = Encoding.UTF8.GetBytes("Signed in the browser with RSA");
        foreach (RSASignaturePadding padding in new[] { RSASignaturePadding.Pkcs1, RSASignaturePadding.Pss })
        {
            byte[] signature = signer.SignData(message, HashAlgorithmName.SHA256, padding);
            foreach ((string flavour, Func<ManagedRsa> other) in RsaFlavours())
            {
                using ManagedRsa verifier = other();
                verifier.ImportFromPem(RsaPublicKeyPem);
                if (!verifier.VerifyData(message, signature, HashAlgorithmName.SHA256, padding))
                {
                    return $"the {flavour} flavour rejected the {padding.Mode} signature";
                }
            }
        }

        byte[] secret = Encoding.UTF8.GetBytes("a 32-byte content-encryption key");
        byte[] plain = signer.Decrypt(signer.Encrypt(secret, RSAEncryptionPadding.OaepSHA256), RSAEncryptionPadding.OaepSHA256);
        return plain.AsSpan().SequenceEqual(secret) ? null : "the OAEP round trip changed the message";
    }

    private static byte[] Base64Url(string text)
    {
        string base64 = text.Replace('-', '+').Replace('_', '/');
        return Convert.FromBase64String(base64.PadRight(base64.Length + ((4 - (base64.Length % 4)) % 4), '='));
    }
}

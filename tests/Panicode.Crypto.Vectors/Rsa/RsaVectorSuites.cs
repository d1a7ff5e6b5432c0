using System;
using System.Collections.Generic;
using System.IO;
using System.Security.Cryptography;
using Panicode.Crypto.Vectors.Ec;

namespace Panicode.Crypto.Vectors.Rsa;

/// <summary>
/// RSA known-answer suites: RSA Laboratories' PKCS #1 files (pkcs1v15sign, pkcs1v15crypt, pss-vect, oaep-vect), the
/// pyca OAEP files with other hashes and a label, NIST CAVP FIPS 186-2/186-3 SigGen and SigVer (PKCS#1 v1.5, PSS) and
/// the Wycheproof rsa_* files.
/// </summary>
public static class RsaVectorSuites
{
    // ---- RSA Laboratories' format: "# Label:" lines followed by hex lines; keys, then examples. ----

    /// <summary>pkcs1v15sign-vectors.txt: SHA-1 PKCS#1 v1.5 signatures are exactly the listed ones and verify.</summary>
    public static VectorSuite<RsaSubject> Pkcs1v15Sign(string path) => Labs(path, "Signature", (c, key) => s =>
    {
        using RSA rsa = s.Import(key);
        byte[] hash = s.Hash("SHA1", c.Fields["Message to be signed"]);
        Expect.Equal(c.Fields["Signature"], rsa.SignHash(hash, HashAlgorithmName.SHA1, RSASignaturePadding.Pkcs1), "signature");
        Expect.True(rsa.VerifyHash(hash, c.Fields["Signature"], HashAlgorithmName.SHA1, RSASignaturePadding.Pkcs1), "verifies");
    });

    /// <summary>pss-vect.txt: with the listed salt, SHA-1/MGF1-SHA-1 PSS gives the listed signature, which verifies.</summary>
    public static VectorSuite<RsaSubject> PssVect(string path) => Labs(path, "Signature", (c, key) => s =>
    {
        using RSA rsa = s.Import(key);
        byte[] hash = s.Hash("SHA1", c.Fields["Message to be signed"]);
        byte[] salt = c.Fields["Salt"];
        Expect.Equal(c.Fields["Signature"], s.SignPss(rsa, hash, "SHA1", "SHA1", salt), "signature");
        Expect.True(s.VerifyPss(rsa, hash, c.Fields["Signature"], "SHA1", "SHA1", salt.Length), "verifies with sLen");
        Expect.True(rsa.VerifyHash(hash, c.Fields["Signature"], HashAlgorithmName.SHA1, RSASignaturePadding.Pss), "verifies through the RSA API");
    });

    /// <summary>oaep-vect.txt: with the listed seed, SHA-1 OAEP gives the listed ciphertext, which decrypts.</summary>
    public static VectorSuite<RsaSubject> OaepVect(string path) => Labs(path, "Encryption", (c, key) => s =>
    {
        using RSA rsa = s.Import(key);
        Expect.Equal(c.Fields["Encryption"], s.EncryptOaep(rsa, c.Fields["Message"], "SHA1", "SHA1", Array.Empty<byte>(), c.Fields["Seed"]), "ciphertext");
        Expect.Equal(c.Fields["Message"], rsa.Decrypt(c.Fields["Encryption"], RSAEncryptionPadding.OaepSHA1), "message");
    });

    /// <summary>pkcs1v15crypt-vectors.txt: each ciphertext decrypts to the listed message.</summary>
    public static VectorSuite<RsaSubject> Pkcs1v15Crypt(string path) => Labs(path, "Encryption", (c, key) => s =>
    {
        using RSA rsa = s.Import(key);
        Expect.Equal(c.Fields["Message"], rsa.Decrypt(c.Fields["Encryption"], RSAEncryptionPadding.Pkcs1), "message");
    });

    /// <summary>oaep-custom/*.txt (pyca): OAEP with the hash and MGF1 hash of each example's header decrypts to the message.</summary>
    public static VectorSuite<RsaSubject> OaepCustom(string path) => Labs(path, "Encryption", (c, key) => s =>
    {
        using RSA rsa = s.Import(key);
        Expect.Equal(c.Fields["Message"], s.DecryptOaep(rsa, c.Fields["Encryption"], c.Hash!, c.MgfHash!, Array.Empty<byte>()), "message");
    });

    /// <summary>oaep-label.txt (BoringSSL's case): OAEP-SHA-512 with a label, key as PKCS#8.</summary>
    public static VectorSuite<RsaSubject> OaepLabel(string path)
    {
        List<VectorCase<RsaSubject>> cases = new();
        foreach (KeyValueRecord r in KeyValueFile.Read(VectorFiles.Path(path), _ => false))
        {
            string hash = r["OAEPDigest"];
            string output = r["Output"].Trim('"');
            cases.Add(new VectorCase<RsaSubject>($"{path} COUNT {r["COUNT"]}", s =>
            {
                using RSA rsa = s.ImportEncoded(r.Bytes("KEY"), isPrivate: true);
                byte[] plain = s.DecryptOaep(rsa, r.Bytes("Input"), hash, hash, r.Bytes("OAEPLabel"));
                Expect.Equal(System.Text.Encoding.ASCII.GetBytes(output), plain, "message");
            }));
        }

        return new VectorSuite<RsaSubject>(path, cases);
    }

    // ---- NIST CAVP ----

    /// <summary>SigGen15_186-2.txt and SigGenPSS_186-2.txt (n, e, d, and for PSS the salt): our signature is the listed one.</summary>
    public static VectorSuite<RsaSubject> CavpSigGenWithKey(string path) => Cavp(path, r => s =>
    {
        RSAParameters key = CompletedKey(r["n"], r["e"], r["d"]);
        using RSA rsa = s.Import(key);
        string hashName = r["SHAAlg"];
        byte[] hash = s.Hash(hashName, r.Bytes("Msg"));
        byte[] expected = Fit(r.Bytes("S"), key.Modulus!.Length);
        byte[] actual = r.Has("SaltVal")
            ? s.SignPss(rsa, hash, hashName, hashName, SaltOf(r))
            : rsa.SignHash(hash, new HashAlgorithmName(hashName), RSASignaturePadding.Pkcs1);
        Expect.Equal(expected, actual, "signature");
    });

    /// <summary>SigGen15_186-3.rsp and SigGenPSS_186-3.rsp (n, e only): the listed signature verifies (PSS with the header's salt length).</summary>
    public static VectorSuite<RsaSubject> CavpSigGenVerify(string path)
    {
        int saltLength = SaltLengthHeader(path);
        return Cavp(path, r => s =>
        {
            using RSA rsa = s.Import(PublicKey(r));
            string hashName = r["SHAAlg"];
            byte[] hash = s.Hash(hashName, r.Bytes("Msg"));
            byte[] sig = Fit(r.Bytes("S"), RsaKeyMath.Trim(r.Bytes("n")).Length);
            bool ok = saltLength < 0
                ? rsa.VerifyHash(hash, sig, new HashAlgorithmName(hashName), RSASignaturePadding.Pkcs1)
                : s.VerifyPss(rsa, hash, sig, hashName, hashName, saltLength);
            Expect.True(ok, "the listed signature verifies");
            hash[0] ^= 1;
            bool forged = saltLength < 0
                ? rsa.VerifyHash(hash, sig, new HashAlgorithmName(hashName), RSASignaturePadding.Pkcs1)
                : s.VerifyPss(rsa, hash, sig, hashName, hashName, saltLength);
            Expect.True(!forged, "a changed hash does not verify");
        });
    }

    /// <summary>SigVer15_186-3.rsp and SigVerPSS_186-3.rsp: verification succeeds exactly when Result = P.</summary>
    public static VectorSuite<RsaSubject> CavpSigVer(string path)
    {
        int saltLength = SaltLengthHeader(path);
        return Cavp(path, r => s =>
        {
            bool expected = r["Result"].StartsWith("P", StringComparison.Ordinal);
            using RSA rsa = s.Import(PublicKey(r));
            string hashName = r["SHAAlg"];
            byte[] hash = s.Hash(hashName, r.Bytes("Msg"));
            byte[] sig = Fit(r.Bytes("S"), RsaKeyMath.Trim(r.Bytes("n")).Length);
            bool verified = saltLength < 0
                ? rsa.VerifyHash(hash, sig, new HashAlgorithmName(hashName), RSASignaturePadding.Pkcs1)
                : s.VerifyPss(rsa, hash, sig, hashName, hashName, saltLength);
            Expect.True(verified == expected, $"verified = {verified}, expected {r["Result"]}");
        });
    }

    // ---- Wycheproof ----

    public static int WycheproofCount(string path) => Json.ReadFile(VectorFiles.Path(path)).Int("numberOfTests");

    /// <summary>
    /// A Wycheproof rsa_* file, by its schema: PKCS#1 v1.5 and PSS verification ("valid" verifies, "invalid" does
    /// not), PKCS#1 v1.5 signature generation (the deterministic signature is the listed one), PKCS#1 v1.5 and OAEP
    /// decryption ("valid" gives the message, "invalid" throws CryptographicException). "acceptable" cases pass either
    /// way. Three-prime keys are not supported: their PKCS#8 import must fail with CryptographicException.
    /// </summary>
    public static VectorSuite<RsaSubject> Wycheproof(string path)
    {
        JsonObject file = Json.ReadFile(VectorFiles.Path(path));
        string schema = file.Str("schema");
        bool threePrimes = Path.GetFileName(path).StartsWith("rsa_three_primes", StringComparison.Ordinal);
        List<VectorCase<RsaSubject>> cases = new();
        foreach (object? g in file.Arr("testGroups"))
        {
            JsonObject group = (JsonObject)g!;
            string hashName = group.ContainsKey("sha") ? BclHash(group.Str("sha")) : "SHA256";
            string mgfHash = group.ContainsKey("mgfSha") ? BclHash(group.Str("mgfSha")) : hashName;
            int sLen = group.ContainsKey("sLen") ? group.Int("sLen") : -1;
            foreach (object? t in group.Arr("tests"))
            {
                JsonObject test = (JsonObject)t!;
                string result = test.Str("result");
                string id = $"{path} tcId {test.Int("tcId")} ({test.Str("comment")})";
                byte[] msg = Hex.Decode(test.Str("msg"));
                Action<RsaSubject> check;
                if (threePrimes)
                {
                    byte[] pkcs8 = Hex.Decode(group.Str("privateKeyPkcs8"));
                    check = s => Expect.Throws<CryptographicException>(() => s.ImportEncoded(pkcs8, isPrivate: true).Dispose(), "three-prime key rejected");
                }
                else if (schema.StartsWith("rsassa_pkcs1_verify", StringComparison.Ordinal) || schema.StartsWith("rsassa_pss", StringComparison.Ordinal))
                {
                    bool pss = schema.StartsWith("rsassa_pss", StringComparison.Ordinal);
                    RSAParameters key = JsonPublicKey(group.Obj("publicKey"));
                    byte[] sig = Hex.Decode(test.Str("sig"));
                    check = s =>
                    {
                        bool verified;
                        using (RSA rsa = s.Import(key))
                        {
                            byte[] hash = s.Hash(hashName, msg);
                            verified = pss
                                ? s.VerifyPss(rsa, hash, sig, hashName, mgfHash, sLen)
                                : rsa.VerifyHash(hash, sig, new HashAlgorithmName(hashName), RSASignaturePadding.Pkcs1);
                        }

                        ExpectOutcome(result, verified, $"verified = {verified}");
                    };
                }
                else if (schema.StartsWith("rsassa_pkcs1_generate", StringComparison.Ordinal))
                {
                    RSAParameters key = JsonPrivateKey(group.Obj("privateKey"));
                    byte[] sig = Hex.Decode(test.Str("sig"));
                    check = s =>
                    {
                        using RSA rsa = s.Import(key);
                        byte[] actual = rsa.SignHash(s.Hash(hashName, msg), new HashAlgorithmName(hashName), RSASignaturePadding.Pkcs1);
                        Expect.Equal(sig, actual, "signature");
                    };
                }
                else if (schema.StartsWith("rsaes_pkcs1_decrypt", StringComparison.Ordinal) || schema.StartsWith("rsaes_oaep_decrypt", StringComparison.Ordinal))
                {
                    bool oaep = schema.StartsWith("rsaes_oaep", StringComparison.Ordinal);
                    RSAParameters key = JsonPrivateKey(group.Obj("privateKey"));
                    byte[] ct = Hex.Decode(test.Str("ct"));
                    byte[] label = oaep ? Hex.Decode(test.Str("label")) : Array.Empty<byte>();
                    check = s =>
                    {
                        using RSA rsa = s.Import(key);
                        byte[]? plain = null;
                        try
                        {
                            plain = oaep ? s.DecryptOaep(rsa, ct, hashName, mgfHash, label) : rsa.Decrypt(ct, RSAEncryptionPadding.Pkcs1);
                        }
                        catch (CryptographicException)
                        {
                        }

                        bool ok = plain != null && Hex.Encode(plain) == Hex.Encode(msg);
                        ExpectOutcome(result, ok, plain is null ? "decryption failed" : "decrypted to " + Hex.Encode(plain));
                    };
                }
                else
                {
                    throw new FormatException($"{path}: unknown schema {schema}");
                }

                cases.Add(new VectorCase<RsaSubject>(id, check));
            }
        }

        return new VectorSuite<RsaSubject>(path, cases);
    }

    private static void ExpectOutcome(string result, bool succeeded, string what)
    {
        if (result == "valid")
        {
            Expect.True(succeeded, what + ", expected valid");
        }
        else if (result == "invalid")
        {
            Expect.True(!succeeded, what + ", expected invalid");
        }
    }

    // Wycheproof's "SHA-256" and "SHA3-256" as the BCL names them ("SHA256", "SHA3-256").
    private static string BclHash(string wycheproofName) =>
        wycheproofName.StartsWith("SHA-", StringComparison.Ordinal) ? "SHA" + wycheproofName.Substring(4) : wycheproofName;

    private static RSAParameters JsonPublicKey(JsonObject key) => new()
    {
        Modulus = RsaKeyMath.Trim(Hex.Decode(key.Str("modulus"))),
        Exponent = RsaKeyMath.Trim(Hex.Decode(key.Str("publicExponent"))),
    };

    private static RSAParameters JsonPrivateKey(JsonObject key)
    {
        if (!key.ContainsKey("prime1"))
        {
            // The sig_gen files list n, e and d only: the primes follow from them.
            return RsaKeyMath.FromPrivateExponent(Hex.Decode(key.Str("modulus")), Hex.Decode(key.Str("publicExponent")), Hex.Decode(key.Str("privateExponent")));
        }

        byte[] n = RsaKeyMath.Trim(Hex.Decode(key.Str("modulus")));
        int h = (n.Length + 1) / 2;
        return new RSAParameters
        {
            Modulus = n,
            Exponent = RsaKeyMath.Trim(Hex.Decode(key.Str("publicExponent"))),
            D = Fit(Hex.Decode(key.Str("privateExponent")), n.Length),
            P = Fit(Hex.Decode(key.Str("prime1")), h),
            Q = Fit(Hex.Decode(key.Str("prime2")), h),
            DP = Fit(Hex.Decode(key.Str("exponent1")), h),
            DQ = Fit(Hex.Decode(key.Str("exponent2")), h),
            InverseQ = Fit(Hex.Decode(key.Str("coefficient")), h),
        };
    }

    /// <summary>The value as exactly <paramref name="length"/> bytes (leading zeros added or dropped).</summary>
    public static byte[] Fit(byte[] value, int length)
    {
        byte[] trimmed = RsaKeyMath.Trim(value);
        if (trimmed.Length > length)
        {
            return trimmed;
        }

        byte[] result = new byte[length];
        Array.Copy(trimmed, 0, result, length - trimmed.Length, trimmed.Length);
        return result;
    }

    // The CAVP sections share one key over many records: factor n once per key.
    private static readonly System.Collections.Concurrent.ConcurrentDictionary<string, RSAParameters> s_completed = new();

    private static RSAParameters CompletedKey(string n, string e, string d) => s_completed.GetOrAdd(
        n + "/" + e + "/" + d,
        _ => RsaKeyMath.FromPrivateExponent(KeyValueRecord.HexOf(n), KeyValueRecord.HexOf(e), KeyValueRecord.HexOf(d)));

    private static RSAParameters PublicKey(KeyValueRecord r) => new()
    {
        Modulus = RsaKeyMath.Trim(r.Bytes("n")),
        Exponent = RsaKeyMath.Trim(r.Bytes("e")),
    };

    private static byte[] SaltOf(KeyValueRecord r)
    {
        string salt = r["SaltVal"];
        return salt == "00" ? Array.Empty<byte>() : r.Bytes("SaltVal");
    }

    // "# Salt len: N" in a CAVP PSS header; -1 for a PKCS#1 v1.5 file.
    private static int SaltLengthHeader(string path)
    {
        foreach (string line in File.ReadLines(VectorFiles.Path(path)))
        {
            if (line.StartsWith("# Salt len:", StringComparison.Ordinal))
            {
                return int.Parse(line.Substring("# Salt len:".Length).Trim(), System.Globalization.CultureInfo.InvariantCulture);
            }
        }

        return -1;
    }

    private static VectorSuite<RsaSubject> Cavp(string path, Func<KeyValueRecord, Action<RsaSubject>> check)
    {
        List<VectorCase<RsaSubject>> cases = new();
        foreach (KeyValueRecord r in KeyValueFile.Read(VectorFiles.Path(path), h => h.StartsWith("mod", StringComparison.Ordinal), carryOver: true))
        {
            if (!r.OwnKeys.Contains("S"))
            {
                continue;
            }

            cases.Add(new VectorCase<RsaSubject>($"{path} line {r.Line} [{r.Section}] {r["SHAAlg"]}", check(r)));
        }

        return new VectorSuite<RsaSubject>(path, cases);
    }

    /// <summary>One example of an RSA Laboratories file: its fields by label, and the hashes of a pyca OAEP header.</summary>
    public sealed class LabsCase
    {
        public Dictionary<string, byte[]> Fields { get; } = new();

        public string? Hash { get; set; }

        public string? MgfHash { get; set; }

        public int Line { get; set; }
    }

    private static VectorSuite<RsaSubject> Labs(string path, string lastLabel, Func<LabsCase, RSAParameters, Action<RsaSubject>> check)
    {
        List<VectorCase<RsaSubject>> cases = new();
        Dictionary<string, byte[]> key = new();
        bool inPrivate = false;
        LabsCase current = new();
        string? label = null;
        System.Text.StringBuilder hex = new();
        string? hash = null, mgf = null;
        int lineNo = 0;

        void Finish()
        {
            if (label is null)
            {
                return;
            }

            string digits = hex.ToString();
            byte[] value = Hex.Decode(digits.Length % 2 == 1 ? "0" + digits : digits);
            hex.Clear();
            string l = label;
            label = null;
            switch (l)
            {
                case "Modulus":
                    if (key.ContainsKey("Coefficient"))
                    {
                        key = new Dictionary<string, byte[]>();
                        inPrivate = false;
                    }

                    key["n"] = value;
                    return;
                case "Public exponent":
                    inPrivate = true;
                    key["e"] = value;
                    return;
                case "Exponent":
                    key[inPrivate ? "d" : "e"] = value;
                    return;
                case "Prime 1":
                case "Prime 2":
                case "Prime exponent 1":
                case "Prime exponent 2":
                case "Coefficient":
                    key[l] = value;
                    return;
            }

            current.Fields[l] = value;
            if (l == lastLabel)
            {
                LabsCase done = current;
                done.Hash = hash;
                done.MgfHash = mgf;
                RSAParameters parameters = LabsKey(key);
                cases.Add(new VectorCase<RsaSubject>($"{path} line {done.Line}", check(done, parameters)));
                current = new LabsCase();
            }
        }

        foreach (string raw in File.ReadLines(VectorFiles.Path(path)))
        {
            lineNo++;
            string line = raw.Trim();
            if (line.StartsWith("#", StringComparison.Ordinal))
            {
                Finish();
                string text = line.TrimStart('#').Trim();
                int alg = text.IndexOf("alg=", StringComparison.Ordinal);
                if (alg >= 0)
                {
                    string[] parts = text.Substring(alg).Split(' ');
                    hash = parts[0].Substring(4).ToUpperInvariant();
                    mgf = parts[1].Substring(5).ToUpperInvariant();
                }

                if (text.EndsWith(":", StringComparison.Ordinal) && !text.Contains("Example"))
                {
                    label = text.Substring(0, text.Length - 1).Trim();
                    if (current.Fields.Count == 0)
                    {
                        current.Line = lineNo;
                    }
                }

                continue;
            }

            if (label != null && line.Length > 0)
            {
                hex.Append(line.Replace(" ", string.Empty));
            }
        }

        Finish();
        return new VectorSuite<RsaSubject>(path, cases);
    }

    private static RSAParameters LabsKey(Dictionary<string, byte[]> key)
    {
        byte[] n = RsaKeyMath.Trim(key["n"]);
        int h = (n.Length + 1) / 2;
        return new RSAParameters
        {
            Modulus = n,
            Exponent = RsaKeyMath.Trim(key["e"]),
            D = Fit(key["d"], n.Length),
            P = Fit(key["Prime 1"], h),
            Q = Fit(key["Prime 2"], h),
            DP = Fit(key["Prime exponent 1"], h),
            DQ = Fit(key["Prime exponent 2"], h),
            InverseQ = Fit(key["Coefficient"], h),
        };
    }
}

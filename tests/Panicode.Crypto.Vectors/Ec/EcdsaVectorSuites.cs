using System;
using System.Collections.Generic;
using System.Numerics;
using System.Security.Cryptography;

namespace Panicode.Crypto.Vectors.Ec;

/// <summary>
/// ECDSA known-answer suites: NIST CAVP FIPS 186-2/186-3 (KeyPair, PKV, SigGen with k, SigGen, SigVer), the pyca
/// secp256k1 SigGen file, RFC 6979 (Botan's ecdsa_rfc6979.vec) and every Wycheproof ECDSA file. Binary-curve
/// (K-163, B-233, ...) sections of the NIST files are not cases: those curves are outside this library.
/// </summary>
public static class EcdsaVectorSuites
{
    /// <summary>KeyPair.rsp: importing d alone yields the listed Q (which also shows a full key d, Q imports).</summary>
    public static VectorSuite<EcdsaSubject> NistKeyPair(string path) => Nist(path, "d", (r, curve, hash) => s =>
    {
        using ECDsa key = s.Import(curve.Key(r.Bytes("d")));
        ECParameters p = key.ExportParameters(false);
        Expect.Equal(EcBytes.Fit(r.Bytes("Qx"), curve.FieldBytes), p.Q.X, "Qx");
        Expect.Equal(EcBytes.Fit(r.Bytes("Qy"), curve.FieldBytes), p.Q.Y, "Qy");
        using ECDsa full = s.Import(curve.Key(r.Bytes("d"), r.Bytes("Qx"), r.Bytes("Qy")));
    });

    /// <summary>PKV.rsp: the public key imports exactly when Result = P.</summary>
    public static VectorSuite<EcdsaSubject> NistPkv(string path) => Nist(path, "Qx", (r, curve, hash) => s =>
    {
        bool expected = r["Result"].StartsWith("P", StringComparison.Ordinal);
        bool accepted = TryImport(s, curve.Key(null, r.Bytes("Qx"), r.Bytes("Qy")), out ECDsa? key);
        key?.Dispose();
        Expect.True(accepted == expected, $"public key accepted = {accepted}, expected {r["Result"]}");
    });

    /// <summary>SigGen.txt: with the given d and k the signature is exactly (R, S), and it verifies.</summary>
    public static VectorSuite<EcdsaSubject> NistSigGenWithNonce(string path) => Nist(path, "Msg", (r, curve, hash) => s =>
    {
        using ECDsa key = s.Import(curve.Key(r.Bytes("d"), r.Bytes("Qx"), r.Bytes("Qy")));
        byte[] h = s.Hash(hash, r.Bytes("Msg"));
        byte[] expected = Signature(curve, r.Bytes("R"), r.Bytes("S"));
        Expect.Equal(expected, s.SignHashWithNonce(key, h, EcBytes.Fit(r.Bytes("k"), curve.OrderBytes)), "R || S");
        Expect.True(s.VerifyHash(key, h, expected, der: false), "the signature verifies");
    });

    /// <summary>
    /// SigGen.rsp (no k) and the secp256k1 SigGen.txt: the listed signature verifies under Q, and where d is
    /// given, d yields Q; a fresh signature with our random nonce verifies too.
    /// </summary>
    public static VectorSuite<EcdsaSubject> NistSigGenVerify(string path) => Nist(path, "Msg", (r, curve, hash) => s =>
    {
        byte[]? d = r.Has("d") ? r.Bytes("d") : null;
        using ECDsa key = s.Import(curve.Key(d, r.Bytes("Qx"), r.Bytes("Qy")));
        byte[] h = s.Hash(hash, r.Bytes("Msg"));
        Expect.True(s.VerifyHash(key, h, Signature(curve, r.Bytes("R"), r.Bytes("S")), der: false), "the listed signature verifies");
        byte[] wrong = (byte[])h.Clone();
        wrong[0] ^= 1;
        Expect.True(!s.VerifyHash(key, wrong, Signature(curve, r.Bytes("R"), r.Bytes("S")), der: false), "a changed hash does not verify");
    });

    /// <summary>SigVer.rsp: verification succeeds exactly when Result = P (a public key we reject counts as "does not verify").</summary>
    public static VectorSuite<EcdsaSubject> NistSigVer(string path) => Nist(path, "Msg", (r, curve, hash) => s =>
    {
        bool expected = r["Result"].StartsWith("P", StringComparison.Ordinal);
        bool verified = false;
        if (TryImport(s, curve.Key(null, r.Bytes("Qx"), r.Bytes("Qy")), out ECDsa? key))
        {
            using (key)
            {
                verified = s.VerifyHash(key!, s.Hash(hash, r.Bytes("Msg")), Signature(curve, r.Bytes("R"), r.Bytes("S")), der: false);
            }
        }

        Expect.True(verified == expected, $"verified = {verified}, expected {r["Result"]}");
    });

    /// <summary>
    /// Botan's ecdsa_rfc6979.vec: RFC 6979 A.2.3-A.2.7 for P-192..P-521 (messages "sample" and "test", SHA-1..SHA-512)
    /// and further RFC 6979 signatures on brainpool, secp160r1 and frp256v1 (explicit curves) and edge hashes.
    /// "Raw(H)" means Msg already is the H hash; plain "Raw" (HMAC hash unspecified) uses SHA-512 as Botan does.
    /// </summary>
    public static VectorSuite<EcdsaSubject> Rfc6979(string path)
    {
        List<VectorCase<EcdsaSubject>> cases = new();
        foreach (KeyValueRecord r in KeyValueFile.Read(VectorFiles.Path(path), _ => true, carryOver: true))
        {
            if (!r.OwnKeys.Contains("Signature"))
            {
                continue;
            }

            EcCurveInfo curve = EcCurves.Require(r["Group"]);
            string hashSpec = r["Hash"];
            cases.Add(new VectorCase<EcdsaSubject>($"line {r.Line} {curve.Name} {hashSpec}", s =>
            {
                byte[] msg = r.Bytes("Msg");
                string nonceHash;
                byte[] h;
                if (hashSpec.StartsWith("Raw", StringComparison.Ordinal))
                {
                    h = msg;
                    nonceHash = hashSpec == "Raw" ? "SHA-512" : hashSpec.Substring(4, hashSpec.Length - 5);
                }
                else
                {
                    h = s.Hash(hashSpec, msg);
                    nonceHash = hashSpec;
                }

                using ECDsa key = s.Import(curve.Key(r.Bytes("X")));
                byte[] expected = r.Bytes("Signature");
                // r || s at the order's length in the file; P1363 output is field-sized as the BCL's, which differs only
                // for secp160r1 (161-bit order): compare the same integers.
                Expect.Equal(expected, WidenSignature(s.SignHashDeterministic(key, h, nonceHash), expected.Length), "RFC 6979 signature");
                Expect.True(s.VerifyHash(key, h, expected, der: false), "the signature verifies");
            }));
        }

        return new VectorSuite<EcdsaSubject>(path, cases);
    }

    /// <summary>
    /// OpenSSL's evppkey_ecdsa_rfc6979.txt (RFC 6979 A.2.3-A.2.7 in OpenSSL's test syntax): keys as PKCS#8 and SPKI
    /// PEM, DigestSign with deterministic nonces must give exactly the DER Output, and DigestVerify must accept the
    /// Output unless Result = VERIFY_ERROR (a changed last byte). Keys on the binary K-/B- curves are not cases.
    /// </summary>
    public static VectorSuite<EcdsaSubject> OpenSslRfc6979(string path)
    {
        Dictionary<string, (byte[] Der, bool IsPrivate)> keys = new();
        List<VectorCase<EcdsaSubject>> cases = new();
        string text = System.IO.File.ReadAllText(VectorFiles.Path(path)).Replace("\r", string.Empty);
        foreach (string block in text.Split(new[] { "\n\n" }, StringSplitOptions.RemoveEmptyEntries))
        {
            Dictionary<string, string> kv = new();
            List<string> pem = new();
            foreach (string raw in block.Split('\n'))
            {
                string line = raw.Trim();
                int eq = line.IndexOf('=');
                if (line.StartsWith("#", StringComparison.Ordinal) || line.Length == 0)
                {
                    continue;
                }

                // Inside BEGIN/END every line is base64 (whose '=' padding is not a key = value separator).
                if (line.StartsWith("-----", StringComparison.Ordinal) || (pem.Count > 0 && !pem[pem.Count - 1].StartsWith("-----END", StringComparison.Ordinal)))
                {
                    pem.Add(line);
                    continue;
                }

                if (eq < 0)
                {
                    continue;
                }

                kv[line.Substring(0, eq).Trim()] = line.Substring(eq + 1).Trim();
            }

            if (kv.TryGetValue("PrivateKey", out string? privateName) || kv.TryGetValue("PublicKey", out privateName))
            {
                keys[privateName] = (Convert.FromBase64String(string.Concat(pem.GetRange(1, pem.Count - 2))), kv.ContainsKey("PrivateKey"));
                continue;
            }

            bool sign = kv.TryGetValue("DigestSign", out string? hash);
            if (!sign && !kv.TryGetValue("DigestVerify", out hash))
            {
                continue;
            }

            string keyName = kv["Key"];
            EcCurveInfo? curve = EcCurves.Find(keyName.Substring(0, keyName.IndexOf('_')));
            if (curve == null)
            {
                continue; // binary curve
            }

            (byte[] der, bool isPrivate) = keys[keyName];
            byte[] input = System.Text.Encoding.ASCII.GetBytes(kv["Input"].Trim('"'));
            byte[] output = Hex.Decode(kv["Output"]);
            bool expectValid = !kv.ContainsKey("Result");
            cases.Add(new VectorCase<EcdsaSubject>($"{(sign ? "DigestSign" : "DigestVerify")} {keyName} {hash} {kv["Input"]}{(expectValid ? string.Empty : " (changed)")}", s =>
            {
                using ECDsa key = s.ImportEncoded(der, isPrivate);
                byte[] h = s.Hash(hash!, input);
                if (sign)
                {
                    Expect.Equal(DerToP1363(output, curve.OrderBytes), s.SignHashDeterministic(key, h, hash!), "deterministic signature");
                }

                Expect.True(s.VerifyHash(key, h, output, der: true) == expectValid, expectValid ? "the signature does not verify" : "a changed signature verifies");
            }));
        }

        return new VectorSuite<EcdsaSubject>(path, cases);
    }

    /// <summary>
    /// A Wycheproof ECDSA file (DER, P1363 or Bitcoin schema): every "valid" signature verifies and every "invalid"
    /// one does not. The v1 ECDSA files have no "acceptable" cases; should one appear, either outcome passes.
    /// The Bitcoin file adds a rule on top of ECDSA (s &lt;= n/2, no malleable signatures): the check applies it
    /// to what the implementation accepts, since plain ECDSA (SEC 1) accepts high s.
    /// </summary>
    public static VectorSuite<EcdsaSubject> Wycheproof(string path)
    {
        JsonObject file = Json.ReadFile(VectorFiles.Path(path));
        string schema = file.Str("schema");
        bool der = !schema.Contains("p1363");
        bool bitcoin = schema.Contains("bitcoin");
        List<VectorCase<EcdsaSubject>> cases = new();
        foreach (JsonObject group in file.Objects("testGroups"))
        {
            JsonObject pk = group.Obj("publicKey");
            EcCurveInfo curve = EcCurves.Require(pk.Str("curve"));
            string sha = group.Str("sha");
            ECParameters publicKey = curve.Key(null, Hex.Decode(pk.Str("wx")), Hex.Decode(pk.Str("wy")));
            foreach (JsonObject test in group.Objects("tests"))
            {
                string result = test.Str("result");
                byte[] msg = Hex.Decode(test.Str("msg"));
                byte[] sig = Hex.Decode(test.Str("sig"));
                cases.Add(new VectorCase<EcdsaSubject>($"tcId {test.Int("tcId")} ({result}: {test.Str("comment")})", s =>
                {
                    using ECDsa key = s.Import(publicKey);
                    bool verified = s.VerifyHash(key, s.Hash(sha, msg), sig, der);
                    if (bitcoin && verified)
                    {
                        verified = LowS(sig, curve);
                    }

                    if (result == "valid")
                    {
                        Expect.True(verified, "a valid signature was rejected");
                    }
                    else if (result == "invalid")
                    {
                        Expect.True(!verified, "an invalid signature was accepted");
                    }
                }));
            }
        }

        return new VectorSuite<EcdsaSubject>(path, cases);
    }

    /// <summary>
    /// Wycheproof's ec_prime_order_curves_test.json: every curve, passed as explicit parameters, is accepted
    /// (prime, order and generator checks), a new key signs and the signature verifies; the curves the
    /// implementation names come back named (its constants equal the file's).
    /// </summary>
    public static VectorSuite<EcdsaSubject> PrimeOrderCurves(string path)
    {
        JsonObject file = Json.ReadFile(VectorFiles.Path(path));
        List<VectorCase<EcdsaSubject>> cases = new();
        foreach (JsonObject group in file.Objects("testGroups"))
        {
            foreach (JsonObject test in group.Objects("tests"))
            {
                string name = test.Str("name");
                string oid = test.Str("oid");
                cases.Add(new VectorCase<EcdsaSubject>($"tcId {test.Int("tcId")} {name}", s =>
                {
                    EcCurveInfo named = EcCurves.Require(name);
                    ECCurve explicitCurve = EcCurves.Explicit(name);
                    using ECDsa key = s.Generate(explicitCurve);
                    ECParameters exported = key.ExportParameters(true);
                    byte[] hash = s.Hash("SHA-256", Hex.Decode(test.Str("p")));
                    byte[] k = EcBytes.Fixed(named.Order - 2, named.OrderBytes);
                    byte[] signature = s.SignHashWithNonce(key, hash, k);
                    Expect.True(s.VerifyHash(key, hash, signature, der: false), "a signature on the explicit curve verifies");
                    if (named.Curve.IsNamed)
                    {
                        // As the BCL does, a key made on explicit parameters exports them explicitly, even when they are a
                        // named curve's (whose fast arithmetic is used underneath).
                        Expect.True(exported.Curve.IsExplicit && exported.Curve.Prime.AsSpan().SequenceEqual(explicitCurve.Prime), "the explicit parameters of " + oid + " stay explicit");
                    }
                }));
            }
        }

        return new VectorSuite<EcdsaSubject>(path, cases);
    }


    /// <summary>numberOfTests as the Wycheproof file states it.</summary>
    public static int WycheproofCount(string path) => Json.ReadFile(VectorFiles.Path(path)).Int("numberOfTests");

    internal static bool TryImport(EcdsaSubject s, ECParameters parameters, out ECDsa? key)
    {
        try
        {
            key = s.Import(parameters);
            return true;
        }
        catch (Exception e) when (e is CryptographicException || e is ArgumentException || e is PlatformNotSupportedException)
        {
            key = null;
            return false;
        }
    }

    /// <summary>r || s from a well-formed DER Ecdsa-Sig-Value (vector data, so no strictness needed).</summary>
    private static byte[] DerToP1363(byte[] der, int orderBytes)
    {
        int pos = der[1] >= 0x80 ? 2 + (der[1] & 0x7F) : 2;
        byte[] r = new byte[der[pos + 1]];
        Array.Copy(der, pos + 2, r, 0, r.Length);
        pos += 2 + r.Length;
        byte[] s = new byte[der[pos + 1]];
        Array.Copy(der, pos + 2, s, 0, s.Length);
        return EcBytes.Concat(EcBytes.Fit(r, orderBytes), EcBytes.Fit(s, orderBytes));
    }

    private static byte[] Signature(EcCurveInfo curve, byte[] r, byte[] s) =>
        EcBytes.Concat(EcBytes.Fit(r, curve.OrderBytes), EcBytes.Fit(s, curve.OrderBytes));

    /// <summary>s &lt;= n / 2 for a DER signature the implementation already accepted (so it parses).</summary>
    private static bool LowS(byte[] der, EcCurveInfo curve)
    {
        byte[] p1363 = DerToP1363(der, curve.OrderBytes);
        byte[] s = new byte[curve.OrderBytes];
        Array.Copy(p1363, curve.OrderBytes, s, 0, s.Length);
        return EcBytes.ToInteger(s) <= curve.Order / 2;
    }

    /// <summary>
    /// Cases for every record holding <paramref name="key"/> in a prime-curve section of a NIST file ("[P-256]" or
    /// "[P-256,SHA-384]"); other records are header lines such as "N = 10".
    /// </summary>
    private static VectorSuite<EcdsaSubject> Nist(string path, string key, Func<KeyValueRecord, EcCurveInfo, string, Action<EcdsaSubject>> check)
    {
        List<VectorCase<EcdsaSubject>> cases = new();
        foreach (KeyValueRecord r in KeyValueFile.Read(VectorFiles.Path(path), IsNistSection))
        {
            string[] parts = r.Section.Split(',');
            EcCurveInfo? curve = EcCurves.Find(parts[0]);
            if (curve == null || !r.Has(key))
            {
                continue; // binary curve section, or a header line
            }

            string hash = parts.Length > 1 ? parts[1].Trim() : "SHA-1";   // FIPS 186-2 files use SHA-1 throughout
            cases.Add(new VectorCase<EcdsaSubject>($"line {r.Line} [{r.Section}]", check(r, curve, hash)));
        }

        return new VectorSuite<EcdsaSubject>(path, cases);
    }

    private static bool IsNistSection(string header) =>
        header.Length > 2 && (header[0] == 'P' || header[0] == 'K' || header[0] == 'B') && header[1] == '-' && char.IsDigit(header[2]);

    /// <summary>r || s with each half left-padded with zeros to <paramref name="length"/> / 2 bytes.</summary>
    private static byte[] WidenSignature(byte[] signature, int length)
    {
        if (signature.Length >= length)
        {
            return signature;
        }

        int half = signature.Length / 2, wideHalf = length / 2;
        byte[] wide = new byte[length];
        Array.Copy(signature, 0, wide, wideHalf - half, half);
        Array.Copy(signature, half, wide, length - half, half);
        return wide;
    }
}

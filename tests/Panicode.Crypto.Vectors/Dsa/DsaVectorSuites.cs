using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.Vectors.Ec;

namespace Panicode.Crypto.Vectors.Dsa;

/// <summary>
/// DSA known-answer suites: NIST CAVP FIPS 186-2/186-3 KeyPair, SigGen (with X and K), SigVer, PQGGen (A.1.1.2,
/// A.2.3) and PQGVer (A.1.1.3, A.2.4); RFC 6979 A.2.1/A.2.2 in Crypto++'s file; every Wycheproof dsa_* file.
/// </summary>
public static class DsaVectorSuites
{
    // ---- NIST CAVP ----

    /// <summary>KeyPair.rsp: the listed (x, y) is accepted as a key pair of the section's domain (g^x = y is checked on import).</summary>
    public static VectorSuite<DsaSubject> CavpKeyPair(string path) => Cavp(path, "X", r => s =>
    {
        using DSA dsa = s.Import(Parameters(r, withPrivate: true));
        DSAParameters back = dsa.ExportParameters(true);
        Expect.Equal(Trim(r.Bytes("Y")), Trim(back.Y!), "y");
        DSAParameters wrong = Parameters(r, withPrivate: true);
        wrong.Y = (byte[])wrong.Y!.Clone();
        wrong.Y[wrong.Y.Length - 1] ^= 1;
        Expect.Throws<CryptographicException>(() => s.Import(wrong).Dispose(), "a changed y is rejected");
    });

    /// <summary>SigGen.txt (X and K given): the signature with that k is the listed (R, S), and it verifies.</summary>
    public static VectorSuite<DsaSubject> CavpSigGen(string path) => Cavp(path, "Msg", r => s =>
    {
        using DSA dsa = s.Import(Parameters(r, withPrivate: true));
        string hashName = SectionHash(r.Section);
        byte[] hash = s.Hash(hashName, r.Bytes("Msg"));
        int qLen = Trim(r.Bytes("Q")).Length;
        byte[] expected = Fit(r.Bytes("R"), qLen).Concat(Fit(r.Bytes("S"), qLen)).ToArray();
        Expect.Equal(expected, s.SignWithNonce(dsa, hash, Fit(r.Bytes("K"), qLen)), "signature");
        Expect.True(dsa.VerifySignature(hash, expected), "verifies");
    });

    /// <summary>SigVer.rsp: verification succeeds exactly when Result = P.</summary>
    public static VectorSuite<DsaSubject> CavpSigVer(string path) => Cavp(path, "Msg", r => s =>
    {
        bool expected = r["Result"].StartsWith("P", StringComparison.Ordinal);
        string hashName = SectionHash(r.Section);
        byte[] hash = s.Hash(hashName, r.Bytes("Msg"));
        int qLen = Trim(r.Bytes("Q")).Length;
        byte[] rr = Trim(r.Bytes("R")), ss = Trim(r.Bytes("S"));
        bool verified = VerifyOrRejectKey(() => s.Import(Parameters(r, withPrivate: false)), dsa =>
            rr.Length <= qLen && ss.Length <= qLen && dsa.VerifySignature(hash, Fit(rr, qLen).Concat(Fit(ss, qLen)).ToArray()));
        Expect.True(verified == expected, $"verified = {verified}, expected {r["Result"]}");
    });

    /// <summary>
    /// PQGGen.rsp: A.1.1.2 from the listed seed gives the listed p, q and counter; A.2.3 from the seed and index gives
    /// the listed g. The Shawe-Taylor (A.1.2.1) and unverifiable-g (A.2.1) sections are not offered and not counted.
    /// </summary>
    public static VectorSuite<DsaSubject> CavpPqgGen(string path, int maxL) => Appendix(path, maxL, (a, r) =>
    {
        if (a.StartsWith("A.1.1.2", StringComparison.Ordinal) && r.Has("counter"))
        {
            return s =>
            {
                (int l, int n, string hashName) = ModSection(r.Section);
                var result = s.PrimesFromSeed(l, n, hashName, r.Bytes("domain_parameter_seed"));
                Expect.True(result != null, "the seed gives primes");
                Expect.Equal(Trim(r.Bytes("P")), Trim(result!.Value.P), "p");
                Expect.Equal(Trim(r.Bytes("Q")), Trim(result.Value.Q), "q");
                Expect.True(result.Value.Counter == int.Parse(r["counter"]), $"counter {result.Value.Counter}, expected {r["counter"]}");
            };
        }

        if (a.StartsWith("A.2.3", StringComparison.Ordinal) && r.Has("G") && r.Has("domain_parameter_seed"))
        {
            return s =>
            {
                (_, _, string hashName) = ModSection(r.Section);
                byte[]? g = s.CanonicalGenerator(r.Bytes("P"), r.Bytes("Q"), r.Bytes("domain_parameter_seed"), r.Bytes("index")[0], hashName);
                Expect.True(g != null, "g found");
                Expect.Equal(Trim(r.Bytes("G")), Trim(g!), "g");
            };
        }

        return null;
    });

    /// <summary>PQGVer.rsp: A.1.1.3 and A.2.4 accept exactly the records with Result = P (the other sections are not offered).</summary>
    public static VectorSuite<DsaSubject> CavpPqgVer(string path, int maxL) => Appendix(path, maxL, (a, r) =>
    {
        bool expected = r.Has("Result") && r["Result"].StartsWith("P", StringComparison.Ordinal);
        if (a.StartsWith("A.1.1.3", StringComparison.Ordinal) && r.Has("Result"))
        {
            return s =>
            {
                (_, _, string hashName) = ModSection(r.Section);
                bool ok = s.ValidatePrimes(r.Bytes("P"), r.Bytes("Q"), r.Bytes("Seed"), int.Parse(r["c"]), hashName);
                Expect.True(ok == expected, $"valid = {ok}, expected {r["Result"]}");
            };
        }

        if (a.StartsWith("A.2.4", StringComparison.Ordinal) && r.Has("Result"))
        {
            return s =>
            {
                (_, _, string hashName) = ModSection(r.Section);
                bool ok = s.ValidateGenerator(r.Bytes("P"), r.Bytes("Q"), r.Bytes("G"), r.Bytes("domain_parameter_seed"), r.Bytes("index")[0], hashName);
                Expect.True(ok == expected, $"valid = {ok}, expected {r["Result"]}");
            };
        }

        return null;
    });

    // ---- RFC 6979 (Crypto++ TestVectors/dsa_rfc6979.txt) ----

    /// <summary>
    /// Crypto++'s RFC 6979 A.2.1/A.2.2 file: "DeterministicSign" records sign to the listed r || s with k from RFC 6979
    /// over the record's hash; "Verify" records verify; "PublicKeyValid"/"KeyPairValidAndConsistent" import.
    /// </summary>
    public static VectorSuite<DsaSubject> Rfc6979(string path)
    {
        List<VectorCase<DsaSubject>> cases = new();
        Dictionary<string, string> fields = new();
        string? last = null;
        int line = 0;
        foreach (string raw in File.ReadLines(VectorFiles.Path(path)))
        {
            line++;
            if (raw.Trim().Length == 0)
            {
                fields.Clear();
                continue;
            }

            if (char.IsWhiteSpace(raw[0]) && last != null)
            {
                fields[last] += raw.Trim().TrimEnd('\\');
                continue;
            }

            int colon = raw.IndexOf(':');
            string key = raw.Substring(0, colon).Trim();
            string value = raw.Substring(colon + 1).Trim().TrimEnd('\\');
            if (key != "Test")
            {
                fields[key] = value;
                last = key;
                continue;
            }

            Dictionary<string, string> f = new(fields);
            string hashName = "SHA" + f["Name"].Substring(f["Name"].IndexOf("SHA-", StringComparison.Ordinal) + 4);
            string id = $"{path} line {line} ({value}, {f["Comment"]})";
            cases.Add(new VectorCase<DsaSubject>(id, Rfc6979Check(value, f, hashName)));
        }

        return new VectorSuite<DsaSubject>(path, cases);
    }

    private static Action<DsaSubject> Rfc6979Check(string test, Dictionary<string, string> f, string hashName)
    {
        DSAParameters key = new()
        {
            P = CryptoppHex(f["Modulus"]),
            Q = CryptoppHex(f["SubgroupOrder"]),
            G = CryptoppHex(f["SubgroupGenerator"]),
            Y = CryptoppHex(f["PublicElement"]),
            X = f.ContainsKey("PrivateExponent") ? CryptoppHex(f["PrivateExponent"]) : null,
        };
        switch (test)
        {
            case "PublicKeyValid":
            case "KeyPairValidAndConsistent":
                return s => s.Import(key).Dispose();
            case "Verify":
                return s =>
                {
                    using DSA dsa = s.Import(key);
                    byte[] hash = s.Hash(hashName, CryptoppHex(f["Message"]));
                    byte[] sig = CryptoppHex(f["Signature"]);
                    Expect.True(dsa.VerifySignature(hash, sig), "verifies");
                    sig[sig.Length - 1] ^= 1;
                    Expect.True(!dsa.VerifySignature(hash, sig), "a changed s does not verify");
                };
            case "DeterministicSign":
                return s =>
                {
                    using DSA dsa = s.Import(key);
                    byte[] hash = s.Hash(hashName, CryptoppHex(f["Message"]));
                    Expect.Equal(CryptoppHex(f["Signature"]), s.SignDeterministic(dsa, hash, hashName), "signature");
                };
            default:
                throw new FormatException("unknown test " + test);
        }
    }

    // Crypto++ reads hex digits and skips everything else; the file's 2048-bit PrivateExponent carries a stray 'H'
    // (RFC 6979 A.2.2 prints x = 69C7...933F0E4DBC), which the same rule drops.
    private static byte[] CryptoppHex(string value) =>
        KeyValueRecord.HexOf(new string(value.Where(Uri.IsHexDigit).ToArray()));

    // ---- Wycheproof ----

    public static int WycheproofCount(string path) => Json.ReadFile(VectorFiles.Path(path)).Int("numberOfTests");

    /// <summary>
    /// A Wycheproof dsa_* file (DER or P1363 by its schema): "valid" verifies, "invalid" does not (or its key is
    /// rejected on import), "acceptable" passes either way. The DER files import the key from its SubjectPublicKeyInfo
    /// (publicKeyDer), the P1363 files from its parameters.
    /// </summary>
    public static VectorSuite<DsaSubject> Wycheproof(string path)
    {
        JsonObject file = Json.ReadFile(VectorFiles.Path(path));
        bool p1363 = file.Str("schema").StartsWith("dsa_p1363", StringComparison.Ordinal);
        List<VectorCase<DsaSubject>> cases = new();
        foreach (JsonObject group in file.Objects("testGroups"))
        {
            JsonObject pk = group.Obj("publicKey");
            DSAParameters key = new()
            {
                P = Trim(Hex.Decode(pk.Str("p"))),
                Q = Trim(Hex.Decode(pk.Str("q"))),
                G = Trim(Hex.Decode(pk.Str("g"))),
                Y = Trim(Hex.Decode(pk.Str("y"))),
            };
            byte[] spki = Hex.Decode(group.Str("publicKeyDer"));
            string hashName = "SHA" + group.Str("sha").Substring(4);
            foreach (JsonObject test in group.Objects("tests"))
            {
                string result = test.Str("result");
                byte[] msg = Hex.Decode(test.Str("msg"));
                byte[] sig = Hex.Decode(test.Str("sig"));
                string id = $"{path} tcId {test.Int("tcId")} ({test.Str("comment")})";
                cases.Add(new VectorCase<DsaSubject>(id, s =>
                {
                    byte[] hash = s.Hash(hashName, msg);
                    bool verified = p1363
                        ? VerifyOrRejectKey(() => s.Import(key), dsa => dsa.VerifySignature(hash, sig))
                        : VerifyOrRejectKey(() => s.ImportSubjectPublicKeyInfo(spki), dsa => s.VerifyDer(dsa, hash, sig));
                    if (result == "valid")
                    {
                        Expect.True(verified, "verified = false, expected valid");
                    }
                    else if (result == "invalid")
                    {
                        Expect.True(!verified, "verified = true, expected invalid");
                    }
                }));
            }
        }

        return new VectorSuite<DsaSubject>(path, cases);
    }

    // ---- helpers ----

    // A public key the implementation rejects on import (CryptographicException: y not in the subgroup, say) verifies nothing.
    private static bool VerifyOrRejectKey(Func<DSA> import, Func<DSA, bool> verify)
    {
        DSA dsa;
        try
        {
            dsa = import();
        }
        catch (CryptographicException)
        {
            return false;
        }

        using (dsa)
        {
            return verify(dsa);
        }
    }

    private static VectorSuite<DsaSubject> Cavp(string path, string recordKey, Func<KeyValueRecord, Action<DsaSubject>> check)
    {
        List<VectorCase<DsaSubject>> cases = new();
        foreach (KeyValueRecord r in KeyValueFile.Read(VectorFiles.Path(path), h => h.StartsWith("mod", StringComparison.Ordinal), carryOver: true))
        {
            if (r.OwnKeys.Contains(recordKey))
            {
                cases.Add(new VectorCase<DsaSubject>($"{path} line {r.Line}", check(r)));
            }
        }

        return new VectorSuite<DsaSubject>(path, cases);
    }

    // PQGGen/PQGVer: records under "[A.x ...]" headers, each with "[mod = L=.., N=.., SHA-..]" sections; only L up to maxL.
    private static VectorSuite<DsaSubject> Appendix(string path, int maxL, Func<string, KeyValueRecord, Action<DsaSubject>?> check)
    {
        string full = VectorFiles.Path(path);
        List<(int Line, string Header)> appendices = new();
        int lineNo = 0;
        foreach (string raw in File.ReadLines(full))
        {
            lineNo++;
            if (raw.StartsWith("[A.", StringComparison.Ordinal))
            {
                appendices.Add((lineNo, raw.Trim('[', ']', ' ')));
            }
        }

        List<VectorCase<DsaSubject>> cases = new();
        foreach (KeyValueRecord r in KeyValueFile.Read(full, h => h.StartsWith("mod", StringComparison.Ordinal) || h.StartsWith("A.", StringComparison.Ordinal)))
        {
            if (!r.Section.StartsWith("mod", StringComparison.Ordinal) || ModSection(r.Section).L > maxL)
            {
                continue;
            }

            string appendix = appendices.Last(a => a.Line < r.Line).Header;
            Action<DsaSubject>? c = check(appendix, r);
            if (c != null)
            {
                cases.Add(new VectorCase<DsaSubject>($"{path} line {r.Line} ({appendix.Substring(0, appendix.IndexOf(' '))})", c));
            }
        }

        return new VectorSuite<DsaSubject>(path, cases);
    }

    /// <summary>"mod = L=2048, N=224, SHA-256" gives (2048, 224, "SHA256"); FIPS 186-2's "mod = 1024" is (1024, 160, SHA1).</summary>
    public static (int L, int N, string Hash) ModSection(string section)
    {
        string body = section.Substring(section.IndexOf('=') + 1).Trim();
        if (!body.StartsWith("L=", StringComparison.Ordinal))
        {
            return (int.Parse(body), 160, "SHA1");
        }

        string[] parts = body.Split(',');
        int l = int.Parse(parts[0].Trim().Substring(2));
        int n = int.Parse(parts[1].Trim().Substring(2));
        string hash = parts.Length > 2 ? "SHA" + parts[2].Trim().Substring(4) : "SHA1";
        return (l, n, hash);
    }

    private static string SectionHash(string section) => ModSection(section).Hash;

    private static DSAParameters Parameters(KeyValueRecord r, bool withPrivate)
    {
        byte[] p = Trim(r.Bytes("P")), q = Trim(r.Bytes("Q"));
        return new DSAParameters
        {
            P = p,
            Q = q,
            G = Fit(r.Bytes("G"), p.Length),
            Y = Fit(r.Bytes("Y"), p.Length),
            X = withPrivate ? Fit(r.Bytes("X"), q.Length) : null,
        };
    }

    public static byte[] Trim(byte[] value)
    {
        int start = 0;
        while (start < value.Length - 1 && value[start] == 0)
        {
            start++;
        }

        return value.AsSpan(start).ToArray();
    }

    /// <summary>The value as exactly <paramref name="length"/> bytes (leading zeros added or dropped; longer values stay long).</summary>
    public static byte[] Fit(byte[] value, int length)
    {
        byte[] trimmed = Trim(value);
        if (trimmed.Length >= length)
        {
            return trimmed;
        }

        byte[] result = new byte[length];
        Array.Copy(trimmed, 0, result, length - trimmed.Length, trimmed.Length);
        return result;
    }
}

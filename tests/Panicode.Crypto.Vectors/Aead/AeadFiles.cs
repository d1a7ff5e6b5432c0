using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Security.Cryptography;
using System.Text.Json;
using Panicode.Crypto.Vectors.Formats;

namespace Panicode.Crypto.Vectors.Aead;

/// <summary>Readers of the GCM, CCM, CMAC, GMAC, key-wrap and CTR vector files (each maps a record to an <see cref="AeadChecks"/> case).</summary>
public static class AeadFiles
{
    /// <summary>Wycheproof <c>aead_test_schema_v1.json</c> (aes_gcm, aes_ccm, camellia_ccm).</summary>
    public static List<VectorCase<Func<SymmetricAlgorithm>>> WycheproofAead(string path, AeadChecks.Mode mode)
    {
        List<VectorCase<Func<SymmetricAlgorithm>>> cases = new();
        foreach ((string id, string result, JsonElement t) in Wycheproof(path, "aead_test_schema_v1.json"))
        {
            byte[] key = Bytes(t, "key"), iv = Bytes(t, "iv"), aad = Bytes(t, "aad"), msg = Bytes(t, "msg"), ct = Bytes(t, "ct"), tag = Bytes(t, "tag");
            cases.Add(result == "valid"
                ? AeadChecks.Valid(id, mode, key, iv, aad, msg, ct, tag)
                : AeadChecks.Invalid(id, mode, key, iv, aad, ct, tag));
        }

        return cases;
    }

    /// <summary>Wycheproof <c>mac_test_schema_v1.json</c> (aes_cmac, camellia_cmac).</summary>
    public static List<VectorCase<Func<SymmetricAlgorithm>>> WycheproofCmac(string path)
    {
        List<VectorCase<Func<SymmetricAlgorithm>>> cases = new();
        foreach ((string id, string result, JsonElement t) in Wycheproof(path, "mac_test_schema_v1.json"))
        {
            cases.Add(AeadChecks.Cmac(id, result == "valid", Bytes(t, "key"), Bytes(t, "msg"), Bytes(t, "tag")));
        }

        return cases;
    }

    /// <summary>Wycheproof <c>mac_with_iv_test_schema_v1.json</c> (aes_gmac).</summary>
    public static List<VectorCase<Func<SymmetricAlgorithm>>> WycheproofGmac(string path)
    {
        List<VectorCase<Func<SymmetricAlgorithm>>> cases = new();
        foreach ((string id, string result, JsonElement t) in Wycheproof(path, "mac_with_iv_test_schema_v1.json"))
        {
            cases.Add(AeadChecks.Gmac(id, result == "valid", Bytes(t, "key"), Bytes(t, "iv"), Bytes(t, "msg"), Bytes(t, "tag")));
        }

        return cases;
    }

    /// <summary>Wycheproof <c>keywrap_test_schema_v1.json</c> (aes_wrap, aes_kwp, camellia_wrap).</summary>
    public static List<VectorCase<Func<SymmetricAlgorithm>>> WycheproofKeyWrap(string path, bool padded)
    {
        List<VectorCase<Func<SymmetricAlgorithm>>> cases = new();
        foreach ((string id, string result, JsonElement t) in Wycheproof(path, "keywrap_test_schema_v1.json"))
        {
            cases.Add(AeadChecks.KeyWrap(id, result, padded, Bytes(t, "key"), Bytes(t, "msg"), Bytes(t, "ct")));
        }

        return cases;
    }

    /// <summary>
    /// NIST CAVP GCM (gcmEncryptExtIV*.rsp, gcmDecrypt*.rsp): Key, IV, PT, AAD, CT, Tag per record, lengths in bits in
    /// the section headers; a decryption record with a FAIL line instead of PT must be rejected.
    /// </summary>
    public static List<VectorCase<Func<SymmetricAlgorithm>>> CavpGcm(string path)
    {
        List<VectorCase<Func<SymmetricAlgorithm>>> cases = new();
        foreach (Record r in Rsp(path))
        {
            byte[] key = r.Bytes("Key"), iv = r.Bytes("IV"), aad = r.Bytes("AAD"), ct = r.Bytes("CT"), tag = r.Bytes("Tag");
            if (r.Int("Taglen") != tag.Length * 8 || r.Int("IVlen") != iv.Length * 8 || r.Int("PTlen") != ct.Length * 8)
            {
                throw new FormatException($"{r.Id}: lengths disagree with the section header.");
            }

            cases.Add(r.Has("FAIL")
                ? AeadChecks.Invalid(r.Id, AeadChecks.Mode.Gcm, key, iv, aad, ct, tag)
                : AeadChecks.Valid(r.Id, AeadChecks.Mode.Gcm, key, iv, aad, r.Bytes("PT"), ct, tag));
        }

        return cases;
    }

    /// <summary>
    /// NIST CAVP CCM (DVPT, VADT, VNT, VPT, VTT): Key, Nonce, Adata, Payload, CT = ciphertext || tag, with Alen, Plen,
    /// Nlen and Tlen (bytes) in the headers; a zero length is written as "00". DVPT records with Result = Fail must be
    /// rejected.
    /// </summary>
    public static List<VectorCase<Func<SymmetricAlgorithm>>> CavpCcm(string path)
    {
        List<VectorCase<Func<SymmetricAlgorithm>>> cases = new();
        foreach (Record r in Rsp(path))
        {
            int alen = r.Int("Alen"), plen = r.Int("Plen"), tlen = r.Int("Tlen");
            byte[] key = r.Bytes("Key"), nonce = r.Bytes("Nonce"), all = r.Bytes("CT");
            byte[] aad = alen == 0 ? Array.Empty<byte>() : r.Bytes("Adata");
            if (nonce.Length != r.Int("Nlen") || aad.Length != alen || all.Length != plen + tlen)
            {
                throw new FormatException($"{r.Id}: lengths disagree with the headers.");
            }

            byte[] ct = all.AsSpan(0, plen).ToArray(), tag = all.AsSpan(plen).ToArray();
            bool fail = r.Has("Result") && r.Text("Result").StartsWith("Fail", StringComparison.Ordinal);
            if (fail)
            {
                cases.Add(AeadChecks.Invalid(r.Id, AeadChecks.Mode.Ccm, key, nonce, aad, ct, tag));
            }
            else
            {
                byte[] payload = plen == 0 ? Array.Empty<byte>() : r.Bytes("Payload");
                cases.Add(AeadChecks.Valid(r.Id, AeadChecks.Mode.Ccm, key, nonce, aad, payload, ct, tag));
            }
        }

        return cases;
    }

    /// <summary>RFC 5528 §4.1 (CTR, 32-bit counter) and §4.2 (CCM) records of the derived file.</summary>
    public static List<VectorCase<Func<SymmetricAlgorithm>>> Rfc5528(string path)
    {
        List<VectorCase<Func<SymmetricAlgorithm>>> cases = new();
        foreach (Record r in Rsp(path, recordKey: "Key"))
        {
            if (r.Has("CounterBlock1"))
            {
                cases.Add(AeadChecks.Ctr(r.Id, r.Bytes("Key"), r.Bytes("CounterBlock1"), 4, r.Bytes("Plaintext"), r.Bytes("Ciphertext")));
            }
            else
            {
                byte[] tag = r.Bytes("Tag");
                if (tag.Length != r.Int("TagLength"))
                {
                    throw new FormatException($"{r.Id}: TagLength disagrees with Tag.");
                }

                cases.Add(AeadChecks.Valid(r.Id, AeadChecks.Mode.Ccm, r.Bytes("Key"), r.Bytes("Nonce"), r.Bytes("AAD"), r.Bytes("Plaintext"), r.Bytes("Ciphertext"), tag));
            }
        }

        return cases;
    }

    /// <summary>
    /// Mbed TLS <c>test_suite_gcm.camellia.data</c>: gcm_encrypt_and_tag(id, key, pt, iv, aad, ct, tagbits, tag, 0) and
    /// gcm_decrypt_and_verify(id, key, ct, iv, aad, tagbits, tag, "FAIL" or "", pt, 0), plus their buffer-overlap
    /// variants, which Mbed TLS runs in place (as does <see cref="AeadChecks.Valid"/>).
    /// </summary>
    public static List<VectorCase<Func<SymmetricAlgorithm>>> MbedTlsGcm(string path)
    {
        List<VectorCase<Func<SymmetricAlgorithm>>> cases = new();
        string description = string.Empty;
        foreach (TextLine line in TextLine.Read(path))
        {
            if (line.IsBlank || line.Text.StartsWith("depends_on:", StringComparison.Ordinal))
            {
                continue;
            }

            if (!line.Text.StartsWith("gcm_", StringComparison.Ordinal))
            {
                description = line.Text;
                continue;
            }

            string[] p = line.Text.Split(':');
            string id = $"{line.Location} ({description})";
            bool encrypt = p[0].StartsWith("gcm_encrypt", StringComparison.Ordinal);
            byte[] key = Quoted(p[2]), iv = Quoted(p[4]), aad = Quoted(p[5]);
            if (encrypt)
            {
                byte[] tag = Quoted(p[8]);
                Check(int.Parse(p[7], CultureInfo.InvariantCulture) == tag.Length * 8, line);
                cases.Add(AeadChecks.Valid(id, AeadChecks.Mode.Gcm, key, iv, aad, Quoted(p[3]), Quoted(p[6]), tag));
            }
            else
            {
                byte[] tag = Quoted(p[7]);
                Check(int.Parse(p[6], CultureInfo.InvariantCulture) == tag.Length * 8, line);
                cases.Add(p[8] == "\"FAIL\""
                    ? AeadChecks.Invalid(id, AeadChecks.Mode.Gcm, key, iv, aad, Quoted(p[3]), tag)
                    : AeadChecks.Valid(id, AeadChecks.Mode.Gcm, key, iv, aad, Quoted(p[9]), Quoted(p[3]), tag));
            }
        }

        return cases;
    }

    private static void Check(bool condition, TextLine line)
    {
        if (!condition)
        {
            throw line.Error("the tag length disagrees with the tag.");
        }
    }

    private static byte[] Quoted(string value) => Hex.Decode(value.Trim('"'));

    private static byte[] Bytes(JsonElement test, string name) => Hex.Decode(test.GetProperty(name).GetString()!);

    private static IEnumerable<(string Id, string Result, JsonElement Test)> Wycheproof(string path, string schema)
    {
        using JsonDocument document = JsonDocument.Parse(File.ReadAllText(VectorFiles.Path(path)));
        JsonElement root = document.RootElement;
        if (root.GetProperty("schema").GetString() != schema)
        {
            throw new FormatException($"{path}: unexpected schema.");
        }

        List<(string, string, JsonElement)> tests = new();
        foreach (JsonElement group in root.GetProperty("testGroups").EnumerateArray())
        {
            foreach (JsonElement test in group.GetProperty("tests").EnumerateArray())
            {
                string result = test.GetProperty("result").GetString()!;
                if (result is not ("valid" or "invalid" or "acceptable"))
                {
                    throw new FormatException($"{path}: unknown result {result}.");
                }

                string id = $"{path} tcId {test.GetProperty("tcId").GetInt32()} ({result}: {test.GetProperty("comment").GetString()})";
                tests.Add((id, result, test.Clone()));
            }
        }

        return tests;
    }

    /// <summary>One "Name = value" record with the values of its section headers and preamble folded in.</summary>
    private sealed class Record
    {
        private readonly Dictionary<string, string> _own;
        private readonly Dictionary<string, string> _inherited;

        public Record(string id, Dictionary<string, string> own, Dictionary<string, string> inherited)
        {
            Id = id;
            _own = own;
            _inherited = inherited;
        }

        public string Id { get; }

        public bool Has(string name) => _own.ContainsKey(name) || _inherited.ContainsKey(name);

        public string Text(string name) =>
            _own.TryGetValue(name, out string? v) || _inherited.TryGetValue(name, out v) ? v : throw new FormatException($"{Id}: no {name}.");

        public byte[] Bytes(string name) => Hex.Decode(Text(name));

        public int Int(string name) => int.Parse(Text(name), CultureInfo.InvariantCulture);
    }

    /// <summary>
    /// CAVP-style records: "[A = 1, B = 2]" headers and "Name = value" lines before a record set defaults; a record
    /// starts at <paramref name="recordKey"/> and holds the lines up to the next record or header. A bare word (FAIL)
    /// is a field with an empty value.
    /// </summary>
    private static List<Record> Rsp(string path, string recordKey = "Count")
    {
        List<Record> records = new();
        Dictionary<string, string> state = new(StringComparer.Ordinal);
        Dictionary<string, string>? own = null;
        string id = string.Empty;

        void Flush()
        {
            if (own != null)
            {
                records.Add(new Record(id, own, new Dictionary<string, string>(state, StringComparer.Ordinal)));
                own = null;
            }
        }

        foreach (TextLine line in TextLine.Read(path))
        {
            string text = line.Text.Trim();
            if (text.Length == 0 || text.StartsWith("#", StringComparison.Ordinal))
            {
                continue;
            }

            if (text.StartsWith("[", StringComparison.Ordinal))
            {
                Flush();
                foreach (string part in text.Trim('[', ']').Split(','))
                {
                    int eq = part.IndexOf('=');
                    if (eq > 0)
                    {
                        state[part.Substring(0, eq).Trim()] = part.Substring(eq + 1).Trim();
                    }
                }

                continue;
            }

            int equals = text.IndexOf('=');
            string name = equals < 0 ? text : text.Substring(0, equals).Trim();
            string value = equals < 0 ? string.Empty : text.Substring(equals + 1).Trim();
            if (name == recordKey)
            {
                Flush();
                own = new Dictionary<string, string>(StringComparer.Ordinal);
                id = $"{line.Location}";
            }

            (own ?? state)[name] = value;
        }

        Flush();
        return records;
    }
}

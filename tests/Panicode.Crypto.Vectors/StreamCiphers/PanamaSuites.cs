using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.Vectors.Formats;

namespace Panicode.Crypto.Vectors.StreamCiphers;

/// <summary>
/// Crypto++'s PANAMA vectors (vectors/panama/SOURCE.md), little- and big-endian: the hash records (the designers'
/// reference implementation and Crypto++ 5.2.1's million-'a' message), the "MAC" records (Crypto++'s PanamaMAC is the
/// hash of key || message, so they run through the hash as such) and the stream-cipher records. The counts were taken
/// from the file with grep: 6 digests, 8 MACs, 2 ciphertexts.
/// </summary>
public static class PanamaSuites
{
    public const string Group = "Panama";

    public const string File = "panama/panama.txt";

    private static readonly string[] s_fields = { "AlgorithmType", "Name", "Source", "Key", "IV", "Message", "Digest", "MAC", "Plaintext", "Ciphertext" };

    public static IReadOnlyList<VectorSuiteSource<Func<HashAlgorithm>>> Hash { get; } = new[]
    {
        new VectorSuiteSource<Func<HashAlgorithm>>(Group, File + " [MessageDigest]", 6, () => HashCases("MessageDigest", "Digest")),
        new VectorSuiteSource<Func<HashAlgorithm>>(Group, File + " [MAC = hash of key || message]", 8, () => HashCases("MAC", "MAC")),
    };

    public static IReadOnlyList<VectorSuiteSource<Func<StreamCipher>>> Cipher { get; } = new[]
    {
        new VectorSuiteSource<Func<StreamCipher>>(Group, File + " [SymmetricCipher]", 2, CipherCases),
    };

    [SuiteCatalog("PanamaHash")]
    public static IEnumerable<VectorSuite<Func<HashAlgorithm>>> HashCatalog() => Hash.Select(source => source.Load());

    [SuiteCatalog("Panama")]
    public static IEnumerable<VectorSuite<Func<StreamCipher>>> CipherCatalog() => Cipher.Select(source => source.Load());

    public static VectorSuiteSource<Func<HashAlgorithm>> GetHash(string name) => Hash.Single(s => s.Name == name);

    public static VectorSuiteSource<Func<StreamCipher>> GetCipher(string name) => Cipher.Single(s => s.Name == name);

    /// <summary>The file's records: at each <c>Test:</c> line, the fields given so far (they carry over until <c>AlgorithmType</c>).</summary>
    public static List<(string Id, Dictionary<string, string> Fields)> Records()
    {
        List<(string, Dictionary<string, string>)> records = new();
        Dictionary<string, string> fields = new(StringComparer.Ordinal);
        foreach (TextLine line in TextLine.Read(File))
        {
            if (line.IsBlank || line.Text[0] == '#')
            {
                continue;
            }

            if (!line.TrySplit(':', out string name, out string value))
            {
                throw line.Error("not a 'Name: value' line.");
            }

            if (name == "AlgorithmType")
            {
                fields.Clear();
            }

            if (name == "Test")
            {
                if (value is not ("Verify" or "Encrypt"))
                {
                    throw line.Error("unsupported Test: " + value);
                }

                records.Add((line.Location, new Dictionary<string, string>(fields, StringComparer.Ordinal)));
                continue;
            }

            if (Array.IndexOf(s_fields, name) < 0)
            {
                throw line.Error("unsupported field " + name);
            }

            fields[name] = value;
        }

        return records;
    }

    /// <summary>"Panama-LE" or "Panama-BE".</summary>
    public static PanamaByteOrder ByteOrder(string name) => name switch
    {
        "Panama-LE" => PanamaByteOrder.LittleEndian,
        "Panama-BE" => PanamaByteOrder.BigEndian,
        _ => throw new FormatException("unknown PANAMA variant " + name),
    };

    private static IReadOnlyList<VectorCase<Func<HashAlgorithm>>> HashCases(string type, string outputField) =>
        Records().Where(r => r.Fields["AlgorithmType"] == type).Select(r =>
        {
            PanamaByteOrder order = ByteOrder(r.Fields["Name"]);
            byte[] key = r.Fields.TryGetValue("Key", out string? k) ? CryptoPPTestVectors.Decode(k) : Array.Empty<byte>();
            byte[] message = key.Concat(CryptoPPTestVectors.Decode(r.Fields["Message"])).ToArray();
            byte[] expected = CryptoPPTestVectors.Decode(r.Fields[outputField]);
            return new VectorCase<Func<HashAlgorithm>>($"{r.Id} ({r.Fields["Name"]}, {message.Length} bytes)", create => CheckHash(create, order, message, expected));
        }).ToList();

    private static IReadOnlyList<VectorCase<Func<StreamCipher>>> CipherCases() =>
        Records().Where(r => r.Fields["AlgorithmType"] == "SymmetricCipher").Select(r =>
        {
            PanamaByteOrder order = ByteOrder(r.Fields["Name"]);
            byte[] key = CryptoPPTestVectors.Decode(r.Fields["Key"]), iv = CryptoPPTestVectors.Decode(r.Fields["IV"]);
            byte[] plaintext = CryptoPPTestVectors.Decode(r.Fields["Plaintext"]), ciphertext = CryptoPPTestVectors.Decode(r.Fields["Ciphertext"]);
            return new VectorCase<Func<StreamCipher>>($"{r.Id} ({r.Fields["Name"]})", create => CheckCipher(create, order, key, iv, plaintext, ciphertext));
        }).ToList();

    /// <summary>The digest by ComputeHash, by TransformBlock in two pieces, and again after switching the byte order away and back.</summary>
    private static void CheckHash(Func<HashAlgorithm> create, PanamaByteOrder order, byte[] message, byte[] expected)
    {
        using HashAlgorithm hash = create();
        PanamaHash panama = (PanamaHash)hash;
        panama.ByteOrder = order;
        Expect.Equal(expected, hash.ComputeHash(message), "ComputeHash");

        int third = message.Length / 3;
        hash.TransformBlock(message, 0, third, null, 0);
        hash.TransformFinalBlock(message, third, message.Length - third);
        Expect.Equal(expected, hash.Hash, "TransformBlock + TransformFinalBlock");

        panama.ByteOrder = order == PanamaByteOrder.LittleEndian ? PanamaByteOrder.BigEndian : PanamaByteOrder.LittleEndian;
        Expect.True(!expected.AsSpan().SequenceEqual(hash.ComputeHash(message)), "the other byte order gives another digest");
        panama.ByteOrder = order;
        Expect.Equal(expected, hash.ComputeHash(message), "after switching back");
    }

    /// <summary>Encryption in one call and byte by byte, and decryption back.</summary>
    private static void CheckCipher(Func<StreamCipher> create, PanamaByteOrder order, byte[] key, byte[] iv, byte[] plaintext, byte[] ciphertext)
    {
        using StreamCipher cipher = create();
        ((PanamaCipher)cipher).ByteOrder = order;
        cipher.Key = key;
        cipher.IV = iv;
        byte[] output = new byte[plaintext.Length];
        cipher.Encrypt(plaintext, output);
        Expect.Equal(ciphertext, output, "Encrypt");

        cipher.Reset();
        for (int i = 0; i < plaintext.Length; i++)
        {
            cipher.Encrypt(plaintext.AsSpan(i, 1), output.AsSpan(i, 1));
        }

        Expect.Equal(ciphertext, output, "Encrypt byte by byte");
        byte[] back = new byte[ciphertext.Length];
        cipher.Decrypt(ciphertext, back);
        Expect.Equal(plaintext, back, "Decrypt");
    }
}

using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.Vectors.Formats;

namespace Panicode.Crypto.Vectors.StreamCiphers;

/// <summary>
/// The RC4 vector files (vectors/rc4/SOURCE.md): RFC 6229's key streams for keys of 40 to 256 bits and pyca's 160-bit
/// file, each record 16 key-stream bytes at an offset. The counts were taken from the files with grep -c '^COUNT'.
/// </summary>
public static class Rc4Suites
{
    public const string Group = "Rc4";

    private static readonly string[] s_fields = { "KEY", "OFFSET", "PLAINTEXT", "CIPHERTEXT" };

    public static IReadOnlyList<VectorSuiteSource<Func<StreamCipher>>> All { get; } =
        new[] { "40", "56", "64", "80", "128", "192", "256" }.Select(bits => $"rc4/rfc-6229-{bits}.txt").Append("rc4/arc4.txt")
            .Select(file => new VectorSuiteSource<Func<StreamCipher>>(Group, file, 36, () => Read(file))).ToArray();

    /// <summary>Every RC4 suite, loaded (each load checks its case count), for the Mono runner.</summary>
    [SuiteCatalog("Rc4")]
    public static IEnumerable<VectorSuite<Func<StreamCipher>>> Catalog() => All.Select(source => source.Load());

    public static VectorSuiteSource<Func<StreamCipher>> Get(string name) => All.Single(s => s.Name == name);

    private static IReadOnlyList<VectorCase<Func<StreamCipher>>> Read(string path)
    {
        List<VectorCase<Func<StreamCipher>>> cases = new();
        foreach (TextRecord record in TextRecordReader.Read(path, "COUNT", onlyFields: s_fields))
        {
            // The RFC 6229 files have an [ENCRYPT] section; arc4.txt has none.
            if (record.Section is not ("ENCRYPT" or ""))
            {
                throw new FormatException($"{path}:{record.Line}: unexpected section [{record.Section}].");
            }

            string id = $"{path}:{record.Line} (COUNT = {record.Text("COUNT")})";
            byte[] key = record.Bytes("KEY");
            int offset = record.Int("OFFSET");
            byte[] plaintext = record.Bytes("PLAINTEXT");
            byte[] ciphertext = record.Bytes("CIPHERTEXT");
            cases.Add(new VectorCase<Func<StreamCipher>>(id, create => Check(create, id, key, offset, plaintext, ciphertext)));
        }

        return cases;
    }

    /// <summary>
    /// The record's bytes sit at <paramref name="offset"/> of the key stream: encrypted after that many other bytes in
    /// one call, in a second call that continues the first, through an encryptor, and decrypted back.
    /// </summary>
    private static void Check(Func<StreamCipher> create, string id, byte[] key, int offset, byte[] plaintext, byte[] ciphertext)
    {
        using StreamCipher cipher = create();
        cipher.Key = key;
        byte[] message = new byte[offset + plaintext.Length];
        plaintext.CopyTo(message, offset);
        Expect.Equal(ciphertext, cipher.Encrypt(message).AsSpan(offset), id + " one call");

        cipher.Key = key;
        cipher.Encrypt(new byte[offset]);
        Expect.Equal(ciphertext, cipher.Encrypt(plaintext), id + " after " + offset + " bytes in another call");

        using (ICryptoTransform encryptor = cipher.CreateEncryptor(key, Array.Empty<byte>()))
        {
            Expect.Equal(ciphertext, encryptor.TransformFinalBlock(message, 0, message.Length).AsSpan(offset), id + " encryptor");
        }

        cipher.Key = key;
        byte[] encrypted = cipher.Encrypt(message);
        cipher.Key = key;
        Expect.Equal(message, cipher.Decrypt(encrypted), id + " decryption");
    }
}

// Reader for vectors/rijndael/derived/gladman_rijndael_all_block_key_sizes.txt: one known answer for each of the
// 25 block x key size combinations of the original Rijndael (AES proposal v2, section 4), from Gladman's aestst.cpp.
using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Security.Cryptography;

namespace Panicode.Crypto.Vectors.Rijndael;

/// <summary>One record of the derived file: block and key size in bits, key, plaintext and ciphertext.</summary>
public sealed class DerivedVector
{
    public DerivedVector(int line, int blockBits, int keyBits, byte[] key, byte[] plaintext, byte[] ciphertext)
    {
        Line = line;
        BlockBits = blockBits;
        KeyBits = keyBits;
        Key = key;
        Plaintext = plaintext;
        Ciphertext = ciphertext;
    }

    /// <summary>The line of the record's first field, so a failure can be found in the file.</summary>
    public int Line { get; }

    public int BlockBits { get; }

    public int KeyBits { get; }

    public byte[] Key { get; }

    public byte[] Plaintext { get; }

    public byte[] Ciphertext { get; }

    public string Id => $"block {BlockBits} key {KeyBits} (line {Line})";
}

/// <summary>
/// Reads the derived all-sizes file (blank-line separated records of <c>Name = value</c> fields, <c>#</c> comments)
/// and turns each record into an ECB check in both directions.
/// </summary>
public static class DerivedVectors
{
    /// <summary>The file, relative to <c>vectors/</c>.</summary>
    public const string FileName = "rijndael/derived/gladman_rijndael_all_block_key_sizes.txt";

    /// <summary>The file holds one record per (block size, key size) pair, each 128..256 in steps of 32.</summary>
    public const int ExpectedCount = 25;

    /// <summary>Reads every record; throws <see cref="FormatException"/> on a malformed or inconsistent record.</summary>
    public static List<DerivedVector> Read(string path)
    {
        List<DerivedVector> vectors = new();
        Dictionary<string, string> fields = new(StringComparer.Ordinal);
        int recordLine = 0;
        int lineNumber = 0;
        foreach (string raw in File.ReadLines(path))
        {
            lineNumber++;
            string line = raw.Trim();
            if (line.Length == 0)
            {
                AddRecord(vectors, fields, recordLine);
                continue;
            }

            if (line[0] == '#')
            {
                continue;
            }

            int equals = line.IndexOf('=');
            if (equals <= 0)
            {
                throw new FormatException($"{path}:{lineNumber}: expected 'Name = value', got '{line}'.");
            }

            if (fields.Count == 0)
            {
                recordLine = lineNumber;
            }

            fields[line.Substring(0, equals).Trim()] = line.Substring(equals + 1).Trim();
        }

        AddRecord(vectors, fields, recordLine);
        return vectors;
    }

    /// <summary>
    /// The suite of the derived file for <see cref="SymmetricAlgorithm"/> factories; fails to load when the file does
    /// not hold exactly <see cref="ExpectedCount"/> records covering every size pair once.
    /// </summary>
    public static VectorSuite<Func<SymmetricAlgorithm>> Suite()
    {
        List<DerivedVector> vectors = Read(VectorFiles.Path(FileName));
        HashSet<(int, int)> sizes = new();
        foreach (DerivedVector v in vectors)
        {
            sizes.Add((v.BlockBits, v.KeyBits));
        }

        if (vectors.Count != ExpectedCount || sizes.Count != ExpectedCount)
        {
            throw new FormatException(
                $"{FileName}: expected {ExpectedCount} records over {ExpectedCount} size pairs, read {vectors.Count} over {sizes.Count}.");
        }

        List<VectorCase<Func<SymmetricAlgorithm>>> cases = new();
        foreach (DerivedVector v in vectors)
        {
            cases.Add(new VectorCase<Func<SymmetricAlgorithm>>(v.Id, create => Check(create, v)));
        }

        return new VectorSuite<Func<SymmetricAlgorithm>>(FileName, cases);
    }

    /// <summary>
    /// Every Rijndael suite the Vectors library holds so far (the derived file and the RijndaelManaged records), for
    /// the Mono runner; the full Rijndael catalog replaces this one when it lands.
    /// </summary>
    [SuiteCatalog("Rijndael")]
    public static IEnumerable<VectorSuite<Func<SymmetricAlgorithm>>> Catalog()
    {
        yield return Suite();
        yield return RijndaelManagedVectors.Load();
    }

    private static void Check(Func<SymmetricAlgorithm> create, DerivedVector v)
    {
        using SymmetricAlgorithm algorithm = create();
        algorithm.BlockSize = v.BlockBits;
        algorithm.Mode = CipherMode.ECB;
        algorithm.Padding = PaddingMode.None;
        algorithm.Key = v.Key;
        using (ICryptoTransform encryptor = algorithm.CreateEncryptor())
        {
            Expect.Equal(v.Ciphertext, encryptor.TransformFinalBlock(v.Plaintext, 0, v.Plaintext.Length), "encrypt " + v.Id);
        }

        using ICryptoTransform decryptor = algorithm.CreateDecryptor();
        Expect.Equal(v.Plaintext, decryptor.TransformFinalBlock(v.Ciphertext, 0, v.Ciphertext.Length), "decrypt " + v.Id);
    }

    private static void AddRecord(List<DerivedVector> vectors, Dictionary<string, string> fields, int line)
    {
        if (fields.Count == 0)
        {
            return;
        }

        int blockBits = int.Parse(Field(fields, "BlockBits", line), NumberStyles.None, CultureInfo.InvariantCulture);
        int keyBits = int.Parse(Field(fields, "KeyBits", line), NumberStyles.None, CultureInfo.InvariantCulture);
        byte[] key = Hex.Decode(Field(fields, "Key", line));
        byte[] plaintext = Hex.Decode(Field(fields, "Plaintext", line));
        byte[] ciphertext = Hex.Decode(Field(fields, "Ciphertext", line));
        if (key.Length * 8 != keyBits || plaintext.Length * 8 != blockBits || ciphertext.Length * 8 != blockBits)
        {
            throw new FormatException($"Record at line {line}: field lengths disagree with BlockBits={blockBits}, KeyBits={keyBits}.");
        }

        vectors.Add(new DerivedVector(line, blockBits, keyBits, key, plaintext, ciphertext));
        fields.Clear();
    }

    private static string Field(Dictionary<string, string> fields, string name, int line) =>
        fields.TryGetValue(name, out string? value) ? value : throw new FormatException($"Record at line {line} has no '{name}' field.");
}

using System;
using System.Collections.Generic;
using System.Globalization;
using Panicode.Crypto.Vectors.Symmetric;

namespace Panicode.Crypto.Vectors.Formats;

/// <summary>
/// Readers of ECB known-answer files of any block cipher (see the SOURCE.md of vectors/camellia, vectors/aes and vectors/rijndael
/// for each format): every vector read is returned, and a line the reader does not understand is an error rather than
/// something skipped.
/// </summary>
public static class EcbKatFiles
{
    // The key size of a Botan section without "-bits": the cipher's only one, not checked here.
    private const int AnyKeySize = -1;

    /// <summary>Crypto++ <c>TestData/*.dat</c>: one vector per line, "KEY PT CT" in hex.</summary>
    public static List<CipherVector> ReadKeyPlainCipherLines(string relativePath)
    {
        List<CipherVector> vectors = new();
        foreach (TextLine line in TextLine.Read(relativePath))
        {
            if (line.IsBlank)
            {
                continue;
            }

            string[] fields = line.Text.Split(new[] { ' ', '\t' }, StringSplitOptions.RemoveEmptyEntries);
            if (fields.Length != 3)
            {
                throw line.Error("expected KEY PT CT.");
            }

            vectors.Add(CipherVector.Ecb(line.Location, Hex.Decode(fields[0]), Hex.Decode(fields[1]), Hex.Decode(fields[2])));
        }

        return vectors;
    }

    /// <summary>
    /// Botan <c>.vec</c>: "[Algorithm-bits]" sections (or one "[Algorithm]" section, a cipher of one key size) of
    /// "Key = / In = / Out =" records separated by blank lines; a field keeps its value until given again; In/Out may
    /// span several blocks of <paramref name="blockSize"/> bits.
    /// </summary>
    public static List<CipherVector> ReadBotanVec(string relativePath, string algorithm, int blockSize = 128)
    {
        List<CipherVector> vectors = new();
        int keyBits = 0;
        string? key = null, input = null, output = null;
        TextLine start = default;
        bool pending = false;

        void Flush()
        {
            if (!pending)
            {
                return;
            }

            byte[] k = Require(key, "Key", start);
            if (keyBits != AnyKeySize && k.Length * 8 != keyBits)
            {
                throw start.Error($"a {k.Length * 8}-bit key in a {keyBits}-bit section.");
            }

            vectors.Add(CipherVector.Ecb(start.Location, k, Require(input, "In", start), Require(output, "Out", start), blockSize));
            pending = false;
        }

        foreach (TextLine line in TextLine.Read(relativePath))
        {
            if (line.IsBlank)
            {
                Flush();
            }
            else if (line.Text[0] == '#')
            {
                // A comment, or a "#test cpuid" directive of Botan's harness (not data).
            }
            else if (line.Text[0] == '[')
            {
                Flush();
                if (line.Text == "[" + algorithm + "]")
                {
                    keyBits = AnyKeySize;
                    continue;
                }

                string prefix = "[" + algorithm + "-";
                if (!line.Text.StartsWith(prefix, StringComparison.Ordinal) || !line.Text.EndsWith("]", StringComparison.Ordinal))
                {
                    throw line.Error("unexpected section " + line.Text);
                }

                keyBits = int.Parse(line.Text.Substring(prefix.Length, line.Text.Length - prefix.Length - 1), CultureInfo.InvariantCulture);
            }
            else if (line.TrySplit('=', out string name, out string value))
            {
                if (!pending)
                {
                    start = line;
                    pending = true;
                }

                switch (name)
                {
                    case "Key": key = value; break;
                    case "In": input = value; break;
                    case "Out": output = value; break;
                    default: throw line.Error("unknown field " + name);
                }
            }
            else
            {
                throw line.Error("cannot read this line.");
            }
        }

        Flush();
        return vectors;
    }

    /// <summary>
    /// NTT's <c>t_camellia.txt</c> (and pyca's per-key-size copies): "Camellia with N-bit key" sections;
    /// "K No.nnn : hex bytes" sets the key, "P No.nnn :" then "C No.nnn :" give a pair. '#' starts a comment.
    /// </summary>
    public static List<CipherVector> ReadNttKat(string relativePath)
    {
        List<CipherVector> vectors = new();
        int keyBits = 0;
        byte[]? key = null;
        string keyNo = string.Empty;
        byte[]? plaintext = null;
        string plaintextNo = string.Empty;

        foreach (TextLine line in TextLine.Read(relativePath))
        {
            if (line.IsBlank)
            {
                continue;
            }

            // pyca's copies carry the section header as a comment ("# Camellia with 128-bit key").
            string text = line.Text.TrimStart('#', ' ');
            if (text.StartsWith("Camellia with ", StringComparison.Ordinal))
            {
                string bits = text.Substring("Camellia with ".Length).Replace("-bit key", string.Empty);
                keyBits = int.Parse(bits, CultureInfo.InvariantCulture);
                key = null;
                continue;
            }

            if (line.Text[0] == '#')
            {
                continue;
            }

            if (!line.TrySplit(':', out string label, out string value) || !label.StartsWith("K No.", StringComparison.Ordinal)
                && !label.StartsWith("P No.", StringComparison.Ordinal) && !label.StartsWith("C No.", StringComparison.Ordinal))
            {
                throw line.Error("cannot read this line.");
            }

            string number = label.Substring("K No.".Length);
            byte[] bytes = Hex.Decode(value);
            switch (label[0])
            {
                case 'K':
                    if (bytes.Length * 8 != keyBits)
                    {
                        throw line.Error($"a {bytes.Length * 8}-bit key in a {keyBits}-bit section.");
                    }

                    key = bytes;
                    keyNo = number;
                    plaintext = null;
                    break;
                case 'P':
                    plaintext = bytes;
                    plaintextNo = number;
                    break;
                default:
                    if (key is null || plaintext is null || plaintextNo != number)
                    {
                        throw line.Error("a ciphertext without its key or plaintext.");
                    }

                    vectors.Add(CipherVector.Ecb($"{line.Location} ({keyBits}-bit K No.{keyNo} P No.{number})", key, plaintext, bytes));
                    plaintext = null;
                    break;
            }
        }

        return vectors;
    }

    /// <summary>
    /// A table of single blocks (<c>rijndael/derived/*.txt</c>): "Name = value" lines; each record gives
    /// BlockBits, KeyBits, Key, Plaintext and ends at Ciphertext. '#' starts a comment.
    /// </summary>
    public static List<CipherVector> ReadBlockKeyTable(string relativePath)
    {
        List<CipherVector> vectors = new();
        Dictionary<string, string> fields = new(StringComparer.Ordinal);
        foreach (TextLine line in TextLine.Read(relativePath))
        {
            if (line.IsBlank || line.Text[0] == '#')
            {
                continue;
            }

            if (!line.TrySplit('=', out string name, out string value))
            {
                throw line.Error("cannot read this line.");
            }

            fields[name] = value;
            if (name != "Ciphertext")
            {
                continue;
            }

            int blockBits = int.Parse(fields["BlockBits"], CultureInfo.InvariantCulture);
            int keyBits = int.Parse(fields["KeyBits"], CultureInfo.InvariantCulture);
            byte[] key = Require(fields["Key"], "Key", line);
            byte[] plaintext = Require(fields["Plaintext"], "Plaintext", line);
            if (key.Length * 8 != keyBits || plaintext.Length * 8 != blockBits)
            {
                throw line.Error("record sizes disagree with BlockBits/KeyBits.");
            }

            vectors.Add(CipherVector.Ecb($"{line.Location} (block {blockBits} key {keyBits})", key, plaintext, Hex.Decode(value), blockBits));
            fields.Clear();
        }

        return vectors;
    }

    /// <summary>
    /// AES-submission style variable-text KAT (krb5 <c>camellia-expect-vt.txt</c>): "KEYSIZE=n", "KEY=", then
    /// records "I=", "PT=", "CT=".
    /// </summary>
    public static List<CipherVector> ReadVariableTextKat(string relativePath)
    {
        List<CipherVector> vectors = new();
        int keyBits = 0;
        byte[]? key = null;
        string? index = null;
        byte[]? plaintext = null;

        foreach (TextLine line in TextLine.Read(relativePath))
        {
            if (line.IsBlank || line.Text.StartsWith("=", StringComparison.Ordinal))
            {
                continue;
            }

            if (!line.TrySplit('=', out string name, out string value))
            {
                throw line.Error("cannot read this line.");
            }

            switch (name)
            {
                case "KEYSIZE":
                    keyBits = int.Parse(value, CultureInfo.InvariantCulture);
                    key = null;
                    break;
                case "KEY":
                    key = Hex.Decode(value);
                    if (key.Length * 8 != keyBits)
                    {
                        throw line.Error($"a {key.Length * 8}-bit key under KEYSIZE={keyBits}.");
                    }

                    break;
                case "I":
                    index = value;
                    plaintext = null;
                    break;
                case "PT":
                    plaintext = Hex.Decode(value);
                    break;
                case "CT":
                    if (key is null || plaintext is null || index is null)
                    {
                        throw line.Error("CT without KEY, I and PT before it.");
                    }

                    vectors.Add(CipherVector.Ecb($"{line.Location} (KEYSIZE={keyBits} I={index})", key, plaintext, Hex.Decode(value)));
                    plaintext = null;
                    index = null;
                    break;
                default:
                    throw line.Error("unknown field " + name);
            }
        }

        return vectors;
    }

    private static byte[] Require(string? value, string field, TextLine record)
        => value is null ? throw record.Error($"field {field} is missing.") : Hex.Decode(value);
}

using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Security.Cryptography;

namespace Panicode.Crypto.Vectors.Rijndael;

/// <summary>
/// Reads <c>rijndael/rijndaelmanaged/mono-rijndaelmanaged.txt</c>, the behaviour of .NET Framework's
/// <c>RijndaelManaged</c> (Mono 6.8, reference-source code) recorded by <c>tools/rijndaelmanaged-oracle</c>,
/// and checks a <see cref="SymmetricAlgorithm"/> against it through the properties,
/// <c>CreateEncryptor</c>/<c>CreateDecryptor</c> and <c>TransformFinalBlock</c>. The format is in the
/// folder's SOURCE.md.
/// </summary>
public static class RijndaelManagedVectors
{
    public const string RelativePath = "rijndael/rijndaelmanaged/mono-rijndaelmanaged.txt";

    /// <summary>One case per record of the file (comment and blank lines are not records).</summary>
    public static List<VectorCase<Func<SymmetricAlgorithm>>> Load()
    {
        string path = VectorFiles.Path(RelativePath);
        List<VectorCase<Func<SymmetricAlgorithm>>> cases = new();
        int lineNumber = 0;
        foreach (string line in File.ReadLines(path))
        {
            lineNumber++;
            if (line.Length == 0 || line[0] == '#')
            {
                continue;
            }

            Record record = Record.Parse(line, lineNumber);
            cases.Add(new VectorCase<Func<SymmetricAlgorithm>>(record.Id, subject => record.Check(subject)));
        }

        return cases;
    }

    private sealed class Record
    {
        private char _kind;
        private int _blockSize;
        private int _keySize;
        private CipherMode _mode;
        private int? _feedbackSize;
        private PaddingMode _padding;
        private byte[] _key = Array.Empty<byte>();
        private byte[]? _iv;
        private byte[]? _plaintext;
        private byte[]? _ciphertext;
        private byte[]? _decrypted;
        private string? _throws;

        public string Id { get; private set; } = string.Empty;

        public static Record Parse(string line, int lineNumber)
        {
            string[] tokens = line.Split(' ');
            Record r = new() { _kind = tokens[0].Length == 1 ? tokens[0][0] : '?' };
            if (r._kind is not ('E' or 'R' or 'D'))
            {
                throw new FormatException($"Line {lineNumber}: unknown record kind '{tokens[0]}'.");
            }

            HashSet<string> seen = new();
            for (int i = 1; i < tokens.Length; i++)
            {
                int eq = tokens[i].IndexOf('=');
                string name = eq > 0 ? tokens[i].Substring(0, eq) : throw new FormatException($"Line {lineNumber}: '{tokens[i]}' is not NAME=VALUE.");
                string value = tokens[i].Substring(eq + 1);
                if (!seen.Add(name))
                {
                    throw new FormatException($"Line {lineNumber}: {name} given twice.");
                }

                switch (name)
                {
                    case "B": r._blockSize = int.Parse(value, CultureInfo.InvariantCulture); break;
                    case "K": r._keySize = int.Parse(value, CultureInfo.InvariantCulture); break;
                    case "M": r._mode = ParseEnum<CipherMode>(value, lineNumber); break;
                    case "F": r._feedbackSize = int.Parse(value, CultureInfo.InvariantCulture); break;
                    case "P": r._padding = ParseEnum<PaddingMode>(value, lineNumber); break;
                    case "KEY": r._key = Hex.Decode(value); break;
                    case "IV": r._iv = Hex.Decode(value); break;
                    case "PT": r._plaintext = Hex.Decode(value); break;
                    case "CT": r._ciphertext = Hex.Decode(value); break;
                    case "DT": r._decrypted = Hex.Decode(value); break;
                    case "THROWS": r._throws = value; break;
                    default: throw new FormatException($"Line {lineNumber}: unknown field {name}.");
                }
            }

            r.Validate(lineNumber);
            int length = (r._kind == 'D' ? r._ciphertext : r._plaintext)!.Length;
            r.Id = $"line {lineNumber} ({r._kind} B={r._blockSize} K={r._keySize} M={r._mode}"
                + (r._feedbackSize is int f ? $" F={f}" : string.Empty) + $" P={r._padding} len={length}"
                + (r._throws != null ? " throws" : string.Empty) + ")";
            return r;
        }

        private void Validate(int lineNumber)
        {
            bool ok = _blockSize > 0 && _keySize == _key.Length * 8 && (_mode == CipherMode.ECB) == (_iv == null)
                && (_iv == null || _iv.Length * 8 == _blockSize);
            ok &= _kind switch
            {
                'E' => _plaintext != null && (_ciphertext == null) != (_throws == null) && (_throws == null || _decrypted == null),
                'R' => _plaintext != null && _ciphertext != null && _throws == null && _decrypted == null,
                _ => _plaintext == null && _ciphertext != null && (_decrypted == null) != (_throws == null),
            };
            if (!ok)
            {
                throw new FormatException($"Line {lineNumber}: inconsistent or missing fields.");
            }
        }

        private static T ParseEnum<T>(string value, int lineNumber)
            where T : struct
            => Enum.TryParse(value, out T result) && Enum.IsDefined(typeof(T), result)
                ? result
                : throw new FormatException($"Line {lineNumber}: unknown {typeof(T).Name} '{value}'.");

        public void Check(Func<SymmetricAlgorithm> subject)
        {
            if (_throws != null && WiderCfbPadding(subject) is byte[] expected)
            {
                // Where RijndaelManaged refuses CFB padding longer than the feedback unit, this library accepts padding
                // of up to a block, as the built-in Aes does in CFB8 (see SOURCE.md): the tail, decrypted without
                // depadding, must be such padding, and the result is the rest.
                Expect.Equal(expected, Transform(subject, _padding, encrypt: false, _ciphertext!), "decrypt (padding longer than the feedback unit)");
                return;
            }

            if (_throws != null)
            {
                // The exception may come from any step (configuration, CreateXxx or the transform), as long as
                // its type is the one RijndaelManaged threw.
                byte[] input = _kind == 'D' ? _ciphertext! : _plaintext!;
                ExpectThrows(_throws, () => Transform(subject, _padding, _kind != 'D', input));
                return;
            }

            switch (_kind)
            {
                case 'E':
                    Expect.Equal(_ciphertext, Transform(subject, _padding, encrypt: true, _plaintext!), "encrypt");
                    Expect.Equal(_decrypted ?? _plaintext, Transform(subject, _padding, encrypt: false, _ciphertext!), "decrypt");
                    break;
                case 'R':
                    CheckRandomPadding(subject);
                    break;
                default:
                    Expect.Equal(_decrypted, Transform(subject, _padding, encrypt: false, _ciphertext!), "decrypt");
                    break;
            }
        }

        // For a D record in CFB with a feedback unit shorter than the block and a removable padding: the message
        // without its padding when its last byte v is a padding length RijndaelManaged refused (longer than the unit)
        // that is at most a block and the message, with the bytes before it as the padding mode asks (PKCS7: all v;
        // ANSI X9.23: zeros; ISO 10126: anything). Null for every other record.
        private byte[]? WiderCfbPadding(Func<SymmetricAlgorithm> subject)
        {
            int unit = (_feedbackSize ?? _blockSize) / 8;
            int block = _blockSize / 8;
            if (_kind != 'D' || _mode != CipherMode.CFB || unit >= block || _padding is PaddingMode.None or PaddingMode.Zeros
                || _ciphertext!.Length == 0 || _ciphertext.Length % unit != 0)
            {
                return null;
            }

            byte[] raw = Transform(subject, PaddingMode.None, encrypt: false, _ciphertext);
            int v = raw[raw.Length - 1];
            if (v <= unit || v > Math.Min(block, raw.Length))
            {
                return null;
            }

            for (int i = raw.Length - v; i < raw.Length - 1; i++)
            {
                if ((_padding == PaddingMode.PKCS7 && raw[i] != v) || (_padding == PaddingMode.ANSIX923 && raw[i] != 0))
                {
                    return null;
                }
            }

            return raw.AsSpan(0, raw.Length - v).ToArray();
        }

        // ISO 10126 fills the padding with random bytes, so the recorded ciphertext cannot be reproduced: it must
        // decrypt to the plaintext, and our own ciphertext must have its length, decrypt to the plaintext, and
        // carry the same padded plaintext except for the random fill (seen by decrypting both without padding).
        private void CheckRandomPadding(Func<SymmetricAlgorithm> subject)
        {
            byte[] plaintext = _plaintext!;
            byte[] recorded = _ciphertext!;
            Expect.Equal(plaintext, Transform(subject, _padding, encrypt: false, recorded), "decrypt of the recorded ciphertext");

            byte[] ours = Transform(subject, _padding, encrypt: true, plaintext);
            Expect.True(ours.Length == recorded.Length, $"encrypt: length {ours.Length}, expected {recorded.Length}");
            Expect.Equal(plaintext, Transform(subject, _padding, encrypt: false, ours), "decrypt of our ciphertext");

            byte[] recordedPadded = Transform(subject, PaddingMode.None, encrypt: false, recorded);
            byte[] ourPadded = Transform(subject, PaddingMode.None, encrypt: false, ours);
            for (int i = plaintext.Length; i < recordedPadded.Length - 1; i++)
            {
                recordedPadded[i] = 0;
                ourPadded[i] = 0;
            }

            Expect.Equal(recordedPadded, ourPadded, "padded plaintext outside the random fill");
        }

        private byte[] Transform(Func<SymmetricAlgorithm> subject, PaddingMode padding, bool encrypt, byte[] input)
        {
            using SymmetricAlgorithm algorithm = subject();

            // Block size first: changing it resets the IV.
            algorithm.BlockSize = _blockSize;
            if (_feedbackSize is int feedbackSize)
            {
                algorithm.FeedbackSize = feedbackSize;
            }

            algorithm.Mode = _mode;
            algorithm.Padding = padding;
            algorithm.Key = _key;
            if (_iv != null)
            {
                algorithm.IV = _iv;
            }

            using ICryptoTransform transform = encrypt ? algorithm.CreateEncryptor() : algorithm.CreateDecryptor();
            return transform.TransformFinalBlock(input, 0, input.Length);
        }

        private static void ExpectThrows(string typeName, Action action)
        {
            try
            {
                action();
            }
            catch (Exception e) when (e is not VectorMismatchException)
            {
                Expect.True(e.GetType().FullName == typeName, $"expected {typeName}, got {e.GetType().FullName}: {e.Message}");
                return;
            }

            throw new VectorMismatchException($"expected {typeName}, nothing was thrown");
        }
    }
}

using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;

namespace Panicode.Crypto.Vectors.StreamCiphers;

/// <summary>
/// Hitachi's Enocoro-128v2 test-vector file (enocoro_tv_20100202): tests "---- TESTn ----" of an internal-state trace
/// ("round = r", "state : a0 a1", "buffer : 32 bytes", from round -97, the state before init, to the last key-stream
/// round), then "Key", "IV" and "Test Vector" (the key stream), each followed by lines of space-separated hex bytes.
/// </summary>
public sealed class EnocoroFile
{
    private EnocoroFile(string name, byte[] key, byte[] iv, byte[] keystream, IReadOnlyList<(int Round, byte[] State, byte[] Buffer)> trace)
    {
        Name = name;
        Key = key;
        IV = iv;
        Keystream = keystream;
        Trace = trace;
    }

    /// <summary>"TEST1".</summary>
    public string Name { get; }

    public byte[] Key { get; }

    public byte[] IV { get; }

    public byte[] Keystream { get; }

    /// <summary>The state (a0, a1) and the buffer as the file prints them, round by round.</summary>
    public IReadOnlyList<(int Round, byte[] State, byte[] Buffer)> Trace { get; }

    public static IReadOnlyList<EnocoroFile> Read(string relativePath)
    {
        List<EnocoroFile> tests = new();
        string[] lines = File.ReadAllLines(VectorFiles.Path(relativePath));
        string? name = null;
        List<(int, byte[], byte[])> trace = new();
        byte[]? key = null, iv = null;
        for (int i = 0; i < lines.Length; i++)
        {
            string line = lines[i].Trim();
            if (line.StartsWith("---- TEST", StringComparison.Ordinal))
            {
                name = line.Trim('-', ' ');
                trace = new();
                key = iv = null;
            }
            else if (line.StartsWith("round = ", StringComparison.Ordinal))
            {
                int round = int.Parse(line.Substring(8), NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture);
                byte[] state = Field(lines[i + 1], "state");
                byte[] buffer = Field(lines[i + 2], "buffer");
                if (state.Length != 2 || buffer.Length != 32)
                {
                    throw new FormatException($"{relativePath} line {i + 1}: a state of 2 bytes and a buffer of 32 expected.");
                }

                trace.Add((round, state, buffer));
                i += 2;
            }
            else if (line.StartsWith("Key", StringComparison.Ordinal))
            {
                key = Hex.Decode(lines[++i]);
            }
            else if (line.StartsWith("IV", StringComparison.Ordinal))
            {
                iv = Hex.Decode(lines[++i]);
            }
            else if (line.StartsWith("Test Vector", StringComparison.Ordinal))
            {
                List<byte> keystream = new();
                while (i + 1 < lines.Length && lines[i + 1].Trim().Length > 0 && !lines[i + 1].StartsWith("----", StringComparison.Ordinal))
                {
                    keystream.AddRange(Hex.Decode(lines[++i]));
                }

                if (name == null || key == null || iv == null || keystream.Count == 0)
                {
                    throw new FormatException($"{relativePath} line {i + 1}: a test without its name, key or IV.");
                }

                tests.Add(new EnocoroFile(name, key, iv, keystream.ToArray(), trace));
            }
        }

        return tests;
    }

    private static byte[] Field(string line, string name)
    {
        int colon = line.IndexOf(':');
        if (colon < 0 || line.Substring(0, colon).Trim() != name)
        {
            throw new FormatException($"'{name} :' expected, got '{line}'.");
        }

        return Hex.Decode(line.Substring(colon + 1));
    }
}

/// <summary>The Enocoro-128v2 vector file (vectors/enocoro128v2/SOURCE.md). The count was taken from the file with grep.</summary>
public static class EnocoroSuites
{
    public const string Group = "Enocoro128v2";

    public const string File = "enocoro128v2/official_test_vectors.txt";

    public static IReadOnlyList<VectorSuiteSource<Func<StreamCipher>>> All { get; } = new[]
    {
        new VectorSuiteSource<Func<StreamCipher>>(Group, File, 10, () => EnocoroFile.Read(File)
            .Select(t => StreamCipherChecks.KeystreamCase(t.Name, t.Key, t.IV, t.Keystream))
            .ToArray()),
    };

    /// <summary>Every Enocoro-128v2 suite, loaded (each load checks its case count), for the Mono runner.</summary>
    [SuiteCatalog("Enocoro128v2")]
    public static IEnumerable<VectorSuite<Func<StreamCipher>>> Catalog() => All.Select(source => source.Load());

    public static VectorSuiteSource<Func<StreamCipher>> Get(string name) => All.Single(s => s.Name == name);
}

using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using Panicode.Crypto.BlockCiphers.Clefia;
using Panicode.Crypto.Vectors;
using Panicode.Crypto.Vectors.Clefia;
using Panicode.Crypto.Vectors.Formats;
using Panicode.Crypto.Vectors.Symmetric;

namespace Panicode.Crypto.Tests.Clefia;

/// <summary>
/// The CLEFIA key schedule against RFC 6114's own tables, read from vectors/clefia/rfc6114.txt: the constants CON_k
/// (Tables 7-9) and the intermediate keys, whitening keys and round keys of Appendix B; and the structure of Sony's
/// Monte-Carlo chains in clefia.vectors.
/// </summary>
public sealed class ClefiaSpecTests
{
    private static readonly Lazy<string[]> s_rfc = new(() => File.ReadAllLines(VectorFiles.Path("clefia/rfc6114.txt")));

    [Theory]
    [InlineData(128, 60)]
    [InlineData(192, 84)]
    [InlineData(256, 92)]
    public void ConstantsEqualTheRfcTables(int keyBits, int count)
    {
        List<uint> expected = new();
        Regex row = new($@"^\s+CON_{keyBits}\[i\]((?:\s+[0-9a-f]{{8}})+)\s*$");
        foreach (string line in s_rfc.Value)
        {
            Match match = row.Match(line);
            if (match.Success)
            {
                expected.AddRange(Words(match.Groups[1].Value));
            }
        }

        Assert.Equal(count, expected.Count);
        Assert.Equal(expected, ClefiaSpec.Constants(keyBits / 8).ToArray());
    }

    [Theory]
    [InlineData(128, 36)]
    [InlineData(192, 44)]
    [InlineData(256, 52)]
    public void KeyScheduleReproducesAppendixB(int keyBits, int roundKeys)
    {
        // Appendix B: the section of this key size, from "<n>-bit key:" to the next such heading.
        string[] lines = s_rfc.Value;
        int appendix = Array.FindIndex(lines, l => l.StartsWith("Appendix B.", StringComparison.Ordinal));
        int start = Array.FindIndex(lines, appendix, l => l.Trim() == $"{keyBits}-bit key:");
        int end = Array.FindIndex(lines, start + 1, l => l.Trim().EndsWith("-bit key:", StringComparison.Ordinal));
        string[] section = lines.Skip(start).Take((end < 0 ? lines.Length : end) - start).ToArray();

        byte[] key = Hex.Decode(Field(section, "key") + (keyBits > 128 ? section[Array.FindIndex(section, l => l.TrimStart().StartsWith("key", StringComparison.Ordinal)) + 1] : string.Empty));
        Assert.Equal(keyBits / 8, key.Length);

        uint[] expectedIntermediate = keyBits == 128
            ? Words(Field(section, "L")).ToArray()
            : Words(Field(section, "LL")).Concat(Words(Field(section, "LR"))).ToArray();
        List<uint> expectedKeys = new(Words(Field(section, "WK_{0,1,2,3}")));
        for (int i = 0; i < roundKeys; i += 4)
        {
            expectedKeys.AddRange(Words(Field(section, $"RK_{{{i},{i + 1},{i + 2},{i + 3}}}")));
        }

        uint[] intermediate = new uint[expectedIntermediate.Length];
        uint[] keys = ClefiaCore.ExpandKey(key, intermediate);
        Assert.Equal(expectedIntermediate, intermediate);
        Assert.Equal(4 + roundKeys, expectedKeys.Count);
        Assert.Equal(expectedKeys, keys);
    }

    [Fact]
    public void MonteCarloRecordsFormThirtyChainsOf128Steps()
    {
        List<CipherVector> records = VictorFile.Read("clefia/clefia.vectors");
        Assert.Equal(ClefiaSuites.MonteCarloStart + (ClefiaSuites.MonteCarloChains * ClefiaSuites.MonteCarloChainLength), records.Count);

        int[] keyBits = { 128, 192, 256 };
        for (int chain = 0; chain < ClefiaSuites.MonteCarloChains; chain++)
        {
            int first = ClefiaSuites.MonteCarloStart + (chain * ClefiaSuites.MonteCarloChainLength);
            Assert.Equal(keyBits[chain / 10] / 8, records[first].Key.Length);

            // Each step encrypts the previous step's ciphertext under the chain's key; every step is also checked on
            // its own by the vector suite, so a chain cannot pass with one wrong link.
            for (int step = 1; step < ClefiaSuites.MonteCarloChainLength; step++)
            {
                CipherVector previous = records[first + step - 1];
                CipherVector current = records[first + step];
                Assert.Equal(previous.Key, current.Key);
                Assert.Equal(previous.Ciphertext, current.Plaintext);
            }

            // The next chain starts over, from a zero plaintext.
            Assert.Equal(new byte[16], records[first].Plaintext);
        }
    }

    private static string Field(string[] section, string name)
    {
        string line = section.First(l => l.TrimStart().StartsWith(name + " ", StringComparison.Ordinal));
        return line.Trim().Substring(name.Length).Trim();
    }

    private static IEnumerable<uint> Words(string text) =>
        text.Split(new[] { ' ' }, StringSplitOptions.RemoveEmptyEntries).Select(w => uint.Parse(w, NumberStyles.HexNumber, CultureInfo.InvariantCulture));
}

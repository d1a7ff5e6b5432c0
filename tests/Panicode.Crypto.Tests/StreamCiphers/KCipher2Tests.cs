using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using Panicode.Crypto.BlockCiphers.Rijndael;
using Panicode.Crypto.Registry;
using Panicode.Crypto.StreamCiphers.KCipher2;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Unsafe.StreamCiphers.KCipher2;
using Panicode.Crypto.Vectors;
using Panicode.Crypto.Vectors.StreamCiphers;

namespace Panicode.Crypto.Tests.StreamCiphers;

/// <summary>
/// KCipher-2: every vector of RFC 7008 Appendix C over every flavour, the Reference core against the RFC's state trace
/// (C.2, read from vectors/kcipher2/rfc7008.txt) and the Unsafe core against the Reference core.
/// </summary>
public sealed class KCipher2Tests
{
    public static TheoryData<Implementation<StreamCipher>, string> Files => SuiteAssert.Rows(Implementations.Of(Families.KCipher2), KCipher2Suites.All);

    [Theory]
    [MemberData(nameof(Files))]
    public void VectorFile(Implementation<StreamCipher> implementation, string file)
        => SuiteAssert.AllPass(KCipher2Suites.Get(file), implementation.Create);

    [Fact]
    public void ReferenceCoreFollowsTheStateTraceOfAppendixC2()
    {
        string[] lines = File.ReadAllLines(VectorFiles.Path("kcipher2/rfc7008.txt"));
        int c2 = Array.FindIndex(lines, l => l.StartsWith("C.2.  Another Key Stream", StringComparison.Ordinal));
        Assert.True(c2 > 0);

        // The states in order: after setup, after init(1)..init(24) (= S(0)), S(1), S(2), ... each 20 words. One word of
        // this copy of the RFC is damaged (A[4] after init(11) reads "983D37."): it is left out here and checked all
        // the same, as A[3] after init(12), A[2] after init(13), ... (FSR-A shifts it along).
        Regex word = new(@"(A\[\d\]|B\[\s*\d+\]\s*|L1|R1|L2|R2)\s*:\s*([0-9A-F.]+)");
        List<uint?> words = new();
        List<string> keystreams = new();
        Regex keystream = new(@"Key stream at S\((\d+)\) : ([0-9A-F]{16})");
        foreach (string line in lines.Skip(c2))
        {
            foreach (Match m in word.Matches(line))
            {
                string value = m.Groups[2].Value;
                words.Add(value.Length == 8 && uint.TryParse(value, NumberStyles.HexNumber, CultureInfo.InvariantCulture, out uint w) ? w : null);
            }

            Match k = keystream.Match(line);
            if (k.Success)
            {
                Assert.Equal(keystreams.Count, int.Parse(k.Groups[1].Value, CultureInfo.InvariantCulture));
                keystreams.Add(k.Groups[2].Value);
            }
        }

        Assert.Equal(1, words.Count(w => w == null));
        Assert.Equal(0, words.Count % KCipher2Core.StateWords);
        int states = words.Count / KCipher2Core.StateWords;
        Assert.True(states >= 1 + 24 + 2, $"only {states} states in the trace");
        Assert.True(keystreams.Count >= 3);

        byte[] key = Hex.Decode("0F1E2D3C4B5A69788796A5B4C3D2E1F0");
        byte[] iv = Hex.Decode("F0E0D0C0B0A090807060504030201000");
        using KCipher2Core core = new();
        uint[] state = new uint[KCipher2Core.StateWords];
        core.Setup(key, iv);
        for (int i = 0; i < states; i++)
        {
            core.CopyState(state);
            for (int j = 0; j < KCipher2Core.StateWords; j++)
            {
                uint? expected = words[(i * KCipher2Core.StateWords) + j];
                Assert.True(expected == null || expected == state[j], $"state {i}, word {j}: expected {expected:X8}, got {state[j]:X8}");
            }
            int cycle = i - 24; // i = 24 is S(0)
            if (cycle >= 0 && cycle < keystreams.Count)
            {
                // stream() at S(cycle): the key stream word, then the core is at S(cycle + 1).
                byte[] z = new byte[8];
                core.XorBlocks(z, z);
                Assert.Equal(keystreams[cycle], Hex.Encode(z), ignoreCase: true);
            }
            else
            {
                core.Next(init: i < 24);
            }
        }
    }

    [Fact]
    public void SubK2IsTheAesTTableSum()
    {
        // sub_K2 (§2.4.2) is S_box then the AES MixColumn; the Unsafe core uses the AES T-tables for it.
        foreach (uint w in new uint[] { 0, 1, 0x00000100, 0x00010000, 0x01000000, 0xDEADBEEF, 0xFFFFFFFF, 0x63636363 })
        {
            uint viaTables = RijndaelTables.Te0[w & 0xFF] ^ RijndaelTables.Te1[(w >> 8) & 0xFF]
                ^ RijndaelTables.Te2[(w >> 16) & 0xFF] ^ RijndaelTables.Te3[w >> 24];
            Assert.Equal(KCipher2Core.SubK2(w), viaTables);
        }

        // From the trace: sub_K2(0) = 0x63636363 (L2 and R2 after init(1)).
        Assert.Equal(0x63636363u, KCipher2Core.SubK2(0));
    }

    [Fact]
    public void UnsafeCoreEqualsReferenceCoreForRandomKeysAndLengths() =>
        CoreDifferential.Compare(() => new KCipher2Core(), () => new KCipher2UnsafeCore(), 16, 16, 100, 7008);

    [Fact]
    public void LimitIsTwoToThe64BitsPerKeyAndIV()
    {
        Assert.Equal(1UL << 58, KCipher2Spec.MaxWords);
        Assert.Equal(1UL << 58, new KCipher2Core().MaxBlocks);
        Assert.Equal(1UL << 58, new KCipher2UnsafeCore().MaxBlocks);
    }
}

using System;
using Panicode.Crypto.BlockCiphers.Sc2000;

namespace Panicode.Crypto.Tests.Sc2000;

/// <summary>The bitsliced B and B^-1 of the cores against the table definition of the specification (3.5).</summary>
public sealed class Sc2000SpecTests
{
    [Fact]
    public void BitslicedBEqualsS4OnEveryNibbleOfRandomWords()
    {
        Random random = new(20);
        for (int trial = 0; trial < 500; trial++)
        {
            uint[] input = { NextWord(random), NextWord(random), NextWord(random), NextWord(random) };
            uint a = input[0], b = input[1], c = input[2], d = input[3];
            Sc2000Core.B(ref a, ref b, ref c, ref d);
            Assert.Equal(ByTable(input, Sc2000Spec.S4), new[] { a, b, c, d });

            uint[] output = { a, b, c, d };
            Sc2000Core.BInverse(ref a, ref b, ref c, ref d);
            Assert.Equal(ByTable(output, Sc2000Spec.S4Inverse), new[] { a, b, c, d });
            Assert.Equal(input, new[] { a, b, c, d });
        }
    }

    [Fact]
    public void S4InverseIsTheInverseOfS4()
    {
        for (int x = 0; x < 16; x++)
        {
            Assert.Equal(x, Sc2000Spec.S4Inverse[Sc2000Spec.S4[x]]);
        }
    }

    /// <summary>T, then the 4-bit S-box on (a_i, b_i, c_i, d_i) with a_i the most significant bit, then T^-1.</summary>
    private static uint[] ByTable(uint[] words, ReadOnlySpan<byte> box)
    {
        uint[] result = new uint[4];
        for (int bit = 0; bit < 32; bit++)
        {
            int nibble = 0;
            for (int j = 0; j < 4; j++)
            {
                nibble = (nibble << 1) | (int)((words[j] >> bit) & 1);
            }

            int y = box[nibble];
            for (int j = 0; j < 4; j++)
            {
                result[j] |= (uint)((y >> (3 - j)) & 1) << bit;
            }
        }

        return result;
    }

    private static uint NextWord(Random random) => (uint)random.Next() ^ ((uint)random.Next() << 16);
}

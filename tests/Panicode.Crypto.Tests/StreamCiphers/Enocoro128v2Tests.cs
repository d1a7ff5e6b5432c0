using System;
using System.Collections.Generic;
using System.Linq;
using Panicode.Crypto.Registry;
using Panicode.Crypto.StreamCiphers.Enocoro;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Unsafe.StreamCiphers.Enocoro;
using Panicode.Crypto.Vectors;
using Panicode.Crypto.Vectors.StreamCiphers;

namespace Panicode.Crypto.Tests.StreamCiphers;

/// <summary>
/// Enocoro-128v2: Hitachi's ten official tests (1,024 key-stream bytes each) over every flavour, the Reference core
/// against every round of their internal-state traces, the S-box against its construction (§3.2.2) and the Unsafe
/// core against the Reference core.
/// </summary>
public sealed class Enocoro128v2Tests
{
    public static TheoryData<Implementation<StreamCipher>, string> Files => SuiteAssert.Rows(Implementations.Of(Families.Enocoro128v2), EnocoroSuites.All);

    [Theory]
    [MemberData(nameof(Files))]
    public void VectorFile(Implementation<StreamCipher> implementation, string file)
        => SuiteAssert.AllPass(EnocoroSuites.Get(file), implementation.Create);

    [Fact]
    public void EveryTestHas1024KeystreamBytesAndTheSpecAppendixBVectorsAreAmongThem()
    {
        IReadOnlyList<EnocoroFile> tests = EnocoroFile.Read(EnocoroSuites.File);
        Assert.All(tests, t => Assert.Equal(1024, t.Keystream.Length));

        // Appendix B of the specification: key 0, IV 0; and key 00..0f, IV 00 10 .. 70.
        Assert.Contains(tests, t => t.Key.All(b => b == 0) && t.IV.All(b => b == 0)
            && Hex.Encode(t.Keystream.AsSpan(0, 16)) == "63d7da6b55737fcf5734b6773ae772e8");
        Assert.Contains(tests, t => Hex.Encode(t.Key) == "000102030405060708090a0b0c0d0e0f" && Hex.Encode(t.IV) == "0010203040506070"
            && Hex.Encode(t.Keystream.AsSpan(0, 16)) == "c8c8ee433b0dc040e53bc506ea21ad82");
    }

    [Fact]
    public void ReferenceCoreFollowsEveryRoundOfTheTraces()
    {
        // The file prints the buffer as the physical bytes of a ring buffer that does not move: after t updates the
        // logical b_i is printed at position (i - t) mod 32. "round = r" is the state after update r + 97 (round -97 is
        // before init; -1 is S(0); round t >= 0 is S(t + 1), after key-stream byte t).
        int rounds = 0;
        foreach (EnocoroFile test in EnocoroFile.Read(EnocoroSuites.File))
        {
            using EnocoroCore core = new();
            core.Setup(test.Key, test.IV);
            byte[] state = new byte[2 + EnocoroSpec.BufferBytes];
            int ctr = 1;
            for (int k = 0; k < test.Trace.Count; k++)
            {
                (int round, byte[] expectedA, byte[] printed) = test.Trace[k];
                int updates = round + 97;
                Assert.Equal(k, updates);
                core.CopyState(state);
                Assert.Equal(expectedA, state.Take(2));
                byte[] logical = new byte[EnocoroSpec.BufferBytes];
                for (int i = 0; i < logical.Length; i++)
                {
                    logical[i] = printed[((i - updates) % 32 + 32) % 32];
                }

                Assert.True(logical.AsSpan().SequenceEqual(state.AsSpan(2)), $"{test.Name} round {round}: buffer");
                rounds++;
                if (k + 1 == test.Trace.Count)
                {
                    break;
                }

                if (updates < EnocoroSpec.InitRounds)
                {
                    // Init (§4.2): b31 ^= ctr, ctr = ctr * 2, Next.
                    core.InitRound(ctr);
                    ctr = EnocoroSpec.Times2(ctr);
                }
                else
                {
                    byte[] z = new byte[1];
                    core.XorBlocks(z, z);
                    Assert.Equal(test.Keystream[updates - EnocoroSpec.InitRounds], z[0]);
                }
            }
        }

        Assert.Equal(11210, rounds);
    }

    [Fact]
    public void SBoxIsBuiltFromS4AndL()
    {
        // §3.2.2: y0 = s4[s4[x0] ^ e·s4[x1] ^ 0xa], y1 = s4[e·s4[x0] ^ s4[x1] ^ 0x5], e = 4 in GF(2^4) mod x^4 + x + 1;
        // s8[x] = (y0 || y1) <<< 1, with x0 the high nibble of x.
        static int Mul4(int a, int b)
        {
            int r = 0;
            for (int i = 0; i < 4; i++)
            {
                if (((b >> i) & 1) != 0)
                {
                    r ^= a << i;
                }
            }

            for (int i = 7; i >= 4; i--)
            {
                if (((r >> i) & 1) != 0)
                {
                    r ^= 0x13 << (i - 4);
                }
            }

            return r;
        }

        byte[] s4 = EnocoroSpec.S4;
        for (int x = 0; x < 256; x++)
        {
            int x0 = x >> 4, x1 = x & 15;
            int y0 = s4[s4[x0] ^ Mul4(4, s4[x1]) ^ 0xA];
            int y1 = s4[Mul4(4, s4[x0]) ^ s4[x1] ^ 0x5];
            int y = (y0 << 4) | y1;
            Assert.Equal((byte)((y << 1) | (y >> 7)), EnocoroSpec.S8[x]);
        }
    }

    [Fact]
    public void UnsafeCoreEqualsReferenceCoreForRandomKeysAndLengths() =>
        CoreDifferential.Compare(() => new EnocoroCore(), () => new EnocoroUnsafeCore(), 16, 8, 1200, 2010);
}

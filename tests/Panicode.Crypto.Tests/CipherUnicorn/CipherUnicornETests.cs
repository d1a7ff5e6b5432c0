using System;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.BlockCiphers.CipherUnicorn;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Unsafe;
using Panicode.Crypto.Unsafe.BlockCiphers.CipherUnicorn;

namespace Panicode.Crypto.Tests.CipherUnicorn;

/// <summary>
/// CIPHERUNICORN-E beyond its vector file: the facts of NEC's specification Ver.3 the code relies on, and the Unsafe
/// flavour against the Reference in every mode, padding and batch length. The modes themselves (over both flavours)
/// are in BlockCiphers/Block64ModeTests.cs.
/// </summary>
public sealed class CipherUnicornETests
{
    private static readonly int[] s_keySizes = { 16 };

    [Fact]
    public void EveryTFunctionIsAPermutationOfItsInputByte()
    {
        // 3.5: T(n) sends byte n through S3 and XORs the other S-boxes of that byte into the other bytes, so with the
        // other bytes fixed it permutes the 256 values of byte n (and so the 2^32 words).
        for (int n = 0; n < 4; n++)
        {
            bool[] seen = new bool[256];
            for (uint b = 0; b < 256; b++)
            {
                seen[(CipherUnicornECore.T(n, b << (24 - (8 * n))) >> (24 - (8 * n))) & 0xFF] = true;
            }

            Assert.All(seen, Assert.True);
        }
    }

    [Fact]
    public void ShRowsHoldInputNumbersAndAllButRow15ArePermutations()
    {
        Assert.Equal(64, CipherUnicornESpec.Sh.Length);
        Assert.All(CipherUnicornESpec.Sh.ToArray(), n => Assert.InRange(n, 0, 3));
        for (int row = 0; row < 16; row++)
        {
            byte[] values = CipherUnicornESpec.Sh.ToArray().Skip(4 * row).Take(4).OrderBy(n => n).ToArray();
            if (row == 15)
            {
                // The reference implementation's row (see CipherUnicornESpec.Sh), which the 81 generated vectors need.
                Assert.Equal(new byte[] { 0, 2, 2, 3 }, values);
            }
            else
            {
                Assert.Equal(new byte[] { 0, 1, 2, 3 }, values);
            }
        }
    }

    [Fact]
    public void ScheduleHolds2624BitsAndDiffersPerKey()
    {
        Random random = new(71);
        uint[] a = CipherUnicornECore.ExpandKey(UnsafeDifferential.Bytes(random, 16));
        uint[] b = CipherUnicornECore.ExpandKey(UnsafeDifferential.Bytes(random, 16));
        Assert.Equal(2624, 32 * a.Length);
        Assert.NotEqual(a, b);
    }

    [Fact]
    public void CoresRejectOtherKeySizesAndTheCipherOtherSizes()
    {
        Assert.Throws<ArgumentException>(() => new CipherUnicornECore(new byte[24]));
        using SymmetricAlgorithm cipher = UnsafeCrypto.CreateCipherUnicornE();
        Assert.Throws<CryptographicException>(() => cipher.Key = new byte[8]);
        Assert.Throws<CryptographicException>(() => cipher.BlockSize = 128);
        Assert.Equal(64, cipher.BlockSize);
        Assert.Equal(128, cipher.KeySize);
    }
}

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
    public void UnsafeFlavourEqualsReferenceInEveryModeAndPadding() =>
        Assert.True(UnsafeDifferential.RunModesAndPaddings(CipherUnicornECipher.Create, UnsafeCrypto.CreateCipherUnicornE, new[] { 8 }, s_keySizes, new Random(73)) > 0);

    [Fact]
    public void UnsafeCoreBatchesEqualSinglesAndReference() => UnsafeDifferential.ForEveryKeySize(
        s_keySizes, new Random(74), key => new CipherUnicornECore(key), key => new CipherUnicornEPortableCore(key), "CIPHERUNICORN-E Unsafe", UnsafeDifferential.BatchEqualsSinglesAndReference);

    [Fact]
    public void UnsafeCoreHandlesEveryLengthAroundItsFourBlockLanes() => UnsafeDifferential.ForEveryKeySize(
        s_keySizes,
        new Random(75),
        key => new CipherUnicornECore(key),
        key => new CipherUnicornEPortableCore(key),
        "CIPHERUNICORN-E Unsafe",
        (reference, candidate, random, label) => UnsafeDifferential.LengthsMatchReference(reference, candidate, random, new[] { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 13, 64, 67 }, label));

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void BothCoresKeepTheContractAfterDispose(bool used)
    {
        Random random = new(76);
        UnsafeDifferential.EdgesOfTheContract(new CipherUnicornECore(UnsafeDifferential.Bytes(random, 16)), used, random, "CIPHERUNICORN-E Reference");
        UnsafeDifferential.EdgesOfTheContract(new CipherUnicornEPortableCore(UnsafeDifferential.Bytes(random, 16)), used, random, "CIPHERUNICORN-E Unsafe");
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

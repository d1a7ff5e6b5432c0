using System;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.BlockCiphers.Misty1;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Unsafe;
using Panicode.Crypto.Unsafe.BlockCiphers.Misty1;

namespace Panicode.Crypto.Tests.Misty1;

/// <summary>
/// MISTY1 beyond its vector files: the facts of RFC 2994 the code relies on, the Unsafe core's merged FI tables against
/// the Reference FI on every input, and the Unsafe flavour against the Reference in every mode, padding and batch
/// length. The modes themselves (over both flavours) are in BlockCiphers/Block64ModeTests.cs.
/// </summary>
public sealed class Misty1Tests
{
    private static readonly int[] s_keySizes = { 16 };

    [Fact]
    public void S7AndS9ArePermutations()
    {
        Assert.Equal(Enumerable.Range(0, 128), Misty1Spec.S7.Select(x => (int)x).OrderBy(x => x));
        Assert.Equal(Enumerable.Range(0, 512), Misty1Spec.S9.Select(x => (int)x).OrderBy(x => x));
    }

    [Fact]
    public void FlInverseUndoesFlForEveryIndex()
    {
        Random random = new(61);
        ushort[] ek = Misty1Core.ExpandKey(UnsafeDifferential.Bytes(random, 16));
        for (int k = 0; k < Misty1Spec.Rounds + 2; k++)
        {
            for (int i = 0; i < 1000; i++)
            {
                uint x = (uint)random.Next() ^ ((uint)random.Next() << 16);
                Assert.Equal(x, Misty1Core.FLInverse(ek, Misty1Core.FL(ek, x, k), k));
            }
        }
    }

    [Fact]
    public void UnsafeFiEqualsReferenceFiOnEveryInput()
    {
        Random random = new(62);
        foreach (ushort key in new ushort[] { 0, 0xFFFF, (ushort)random.Next(65536), (ushort)random.Next(65536) })
        {
            for (int x = 0; x < 65536; x++)
            {
                ushort expected = Misty1Core.FI((ushort)x, key);
                ushort actual = Misty1PortableCore.FI((ushort)x, key);
                if (expected != actual)
                {
                    Assert.Fail($"FI({x:X4}, {key:X4}) = {actual:X4}, expected {expected:X4}");
                }
            }
        }
    }

    [Fact]
    public void FiIsAPermutationForAKey()
    {
        bool[] seen = new bool[65536];
        for (int x = 0; x < 65536; x++)
        {
            seen[Misty1Core.FI((ushort)x, 0x1234)] = true;
        }

        Assert.All(seen, Assert.True);
    }

    [Fact]
    public void CoresRejectOtherKeySizesAndTheCipherOtherSizes()
    {
        Assert.Throws<ArgumentException>(() => new Misty1Core(new byte[24]));
        using SymmetricAlgorithm cipher = UnsafeCrypto.CreateMisty1();
        Assert.Throws<CryptographicException>(() => cipher.Key = new byte[8]);
        Assert.Throws<CryptographicException>(() => cipher.BlockSize = 128);
    }
}

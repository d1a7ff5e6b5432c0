using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.Tests.Infrastructure;

namespace Panicode.Crypto.Tests.Rijndael;

/// <summary>A mode/feedback/padding/block-size combination the transform-behaviour suites iterate over.</summary>
public sealed record CipherCase(int BlockSize, CipherMode Mode, int FeedbackSize, PaddingMode Padding)
{
    public int BlockBytes => BlockSize / 8;

    /// <summary>What padding None needs whole: one feedback segment in CFB, otherwise one block.</summary>
    public int UnitBytes => Mode == CipherMode.CFB ? FeedbackSize / 8 : BlockBytes;

    public bool Randomized => Padding == PaddingMode.ISO10126 && Mode != CipherMode.CTS;

    /// <summary>True when a plaintext of <paramref name="length"/> bytes is legal input for encryption.</summary>
    public bool Accepts(int length) => Mode == CipherMode.CTS
        ? length >= BlockBytes
        : Padding != PaddingMode.None || length % UnitBytes == 0;

    public SymmetricAlgorithm Configure(SymmetricAlgorithm algorithm, byte[] key, byte[] iv)
    {
        algorithm.BlockSize = BlockSize;
        algorithm.Mode = Mode;
        algorithm.Padding = Padding;
        if (Mode == CipherMode.CFB)
        {
            algorithm.FeedbackSize = FeedbackSize;
        }

        algorithm.Key = key;
        algorithm.IV = iv;
        return algorithm;
    }

    public override string ToString() =>
        $"block {BlockSize} {Mode}{(Mode == CipherMode.CFB ? FeedbackSize.ToString() : "")} {Padding}";

    public static readonly int[] BlockSizes = { 128, 160, 192, 224, 256 };

    public static readonly PaddingMode[] Paddings =
    {
        PaddingMode.None, PaddingMode.PKCS7, PaddingMode.Zeros, PaddingMode.ANSIX923, PaddingMode.ISO10126,
    };

    /// <summary>
    /// Every block size with ECB, CBC, CFB8, CFB32, full-block CFB and OFB in every padding, and
    /// CTS (which takes no padding).
    /// </summary>
    public static IEnumerable<CipherCase> All() => All(BlockSizes);

    /// <summary>The cases of <see cref="All()"/> at the block sizes <paramref name="implementation"/> supports.</summary>
    public static IEnumerable<CipherCase> All(Implementation<SymmetricAlgorithm> implementation) => All(BlockSizesOf(implementation));

    /// <summary>Which of <see cref="BlockSizes"/> the algorithm's LegalBlockSizes allow (all five for Rijndael, 128 for Camellia).</summary>
    public static int[] BlockSizesOf(Implementation<SymmetricAlgorithm> implementation)
    {
        using SymmetricAlgorithm algorithm = implementation.Create();
        return BlockSizes.Where(size => algorithm.LegalBlockSizes.Any(legal => size >= legal.MinSize && size <= legal.MaxSize
            && (legal.SkipSize == 0 ? size == legal.MinSize : (size - legal.MinSize) % legal.SkipSize == 0))).ToArray();
    }

    /// <summary><paramref name="preferredBytes"/> if that key size is legal for the implementation, else 16.</summary>
    public static int KeyBytes(Implementation<SymmetricAlgorithm> implementation, int preferredBytes)
    {
        using SymmetricAlgorithm algorithm = implementation.Create();
        return algorithm.ValidKeySize(preferredBytes * 8) ? preferredBytes : 16;
    }

    private static IEnumerable<CipherCase> All(int[] blockSizes)
    {
        foreach (int blockSize in blockSizes)
        {
            foreach (PaddingMode padding in Paddings)
            {
                yield return new CipherCase(blockSize, CipherMode.ECB, blockSize, padding);
                yield return new CipherCase(blockSize, CipherMode.CBC, blockSize, padding);
                yield return new CipherCase(blockSize, CipherMode.CFB, 8, padding);
                yield return new CipherCase(blockSize, CipherMode.CFB, 32, padding);
                yield return new CipherCase(blockSize, CipherMode.CFB, blockSize, padding);
                yield return new CipherCase(blockSize, CipherMode.OFB, blockSize, padding);
            }

            yield return new CipherCase(blockSize, CipherMode.CTS, blockSize, PaddingMode.None);
        }
    }
}

/// <summary>Small helpers shared by the transform-behaviour suites.</summary>
internal static class CipherTest
{
    public static byte[] Bytes(Random random, int count)
    {
        byte[] bytes = new byte[count];
        random.NextBytes(bytes);
        return bytes;
    }

    /// <summary>One TransformFinalBlock call on <paramref name="transform"/>, which is then disposed.</summary>
    public static byte[] Final(ICryptoTransform transform, byte[] input)
    {
        using (transform)
        {
            return transform.TransformFinalBlock(input, 0, input.Length);
        }
    }

    public static void AssertBytes(byte[] expected, byte[] actual, string what) =>
        Assert.True(expected.AsSpan().SequenceEqual(actual), $"{what}: expected {Convert.ToHexString(expected)}, got {Convert.ToHexString(actual)}");
}

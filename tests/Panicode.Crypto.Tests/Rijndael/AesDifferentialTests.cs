using System;
using System.Collections.Generic;
using System.Security.Cryptography;
using Panicode.Crypto.Tests.Infrastructure;
using static Panicode.Crypto.Tests.Rijndael.CipherTest;

namespace Panicode.Crypto.Tests.Rijndael;

/// <summary>
/// Randomized differential test against the built-in <see cref="Aes"/> for 128-bit blocks, in every
/// mode and padding both support: ECB, CBC, CFB8 and CFB128 with None, PKCS7, Zeros, ANSIX923 and
/// ISO10126; 128/192/256-bit keys, random IVs, lengths 0..1000; encryption and decryption through
/// CreateEncryptor/CreateDecryptor and through the one-shot methods. The seed is fixed so a
/// failure reproduces, and is printed in the message.
/// </summary>
public class AesDifferentialTests
{
    private const int Seed = 20261121;
    private const int LengthsPerCombination = 24;

    public static IEnumerable<(CipherMode Mode, int Feedback)> Modes()
    {
        yield return (CipherMode.ECB, 128);
        yield return (CipherMode.CBC, 128);
        yield return (CipherMode.CFB, 8);
        yield return (CipherMode.CFB, 128);
    }

    public static readonly PaddingMode[] Paddings =
    {
        PaddingMode.None, PaddingMode.PKCS7, PaddingMode.Zeros, PaddingMode.ANSIX923, PaddingMode.ISO10126,
    };

    [Theory]
    [MemberData(nameof(Implementations.RijndaelData), MemberType = typeof(Implementations))]
    public void MatchesBuiltInAes(Implementation<SymmetricAlgorithm> implementation)
    {
        Random random = new(Seed);
        int checkedCases = 0;
        foreach ((CipherMode mode, int feedback) in Modes())
        {
            foreach (PaddingMode padding in Paddings)
            {
                foreach (int keySize in new[] { 128, 192, 256 })
                {
                    // Unit = what None padding needs whole: one byte for CFB8, else one block.
                    int unit = mode == CipherMode.CFB && feedback == 8 ? 1 : 16;
                    foreach (int length in Lengths(random, padding == PaddingMode.None ? unit : 1))
                    {
                        byte[] key = Bytes(random, keySize / 8);
                        byte[] iv = Bytes(random, 16);
                        byte[] message = Bytes(random, length);
                        string what = $"seed {Seed}: {mode}{(mode == CipherMode.CFB ? feedback.ToString() : "")} {padding} key {keySize} length {length}";
                        CheckOne(implementation, mode, feedback, padding, unit, key, iv, message, what);
                        checkedCases++;
                    }
                }
            }
        }

        Assert.Equal(4 * 5 * 3 * LengthsPerCombination, checkedCases);
    }

    private static void CheckOne(
        Implementation<SymmetricAlgorithm> implementation,
        CipherMode mode,
        int feedback,
        PaddingMode padding,
        int unit,
        byte[] key,
        byte[] iv,
        byte[] message,
        string what)
    {
        using Aes aes = Aes.Create();
        Configure(aes, mode, feedback, padding, key, iv);
        using SymmetricAlgorithm ours = implementation.Create();
        Configure(ours, mode, feedback, padding, key, iv);

        byte[] expected = Final(aes.CreateEncryptor(), message);
        byte[] viaTransform = Final(ours.CreateEncryptor(), message);
        byte[] viaOneShot = EncryptOneShot(ours, mode, feedback, padding, iv, message);

        if (padding == PaddingMode.ISO10126)
        {
            // Random padding bytes: only the last unit may differ; each side decrypts the other.
            AssertSamePrefix(expected, viaTransform, unit, what + " (transform)");
            AssertSamePrefix(expected, viaOneShot, unit, what + " (one-shot)");
            Assert.Equal(Convert.ToHexString(message), Convert.ToHexString(Final(aes.CreateDecryptor(), viaTransform)));
            Assert.Equal(Convert.ToHexString(message), Convert.ToHexString(Final(aes.CreateDecryptor(), viaOneShot)));
        }
        else
        {
            AssertBytes(expected, viaTransform, what + " encrypt (transform)");
            AssertBytes(expected, viaOneShot, what + " encrypt (one-shot)");
        }

        // Decrypting the built-in Aes's ciphertext: Zeros padding is not removed, so compare with what Aes itself returns.
        byte[] expectedPlain = Final(aes.CreateDecryptor(), expected);
        AssertBytes(expectedPlain, Final(ours.CreateDecryptor(), expected), what + " decrypt (transform)");
        AssertBytes(expectedPlain, DecryptOneShot(ours, mode, feedback, padding, iv, expected), what + " decrypt (one-shot)");
    }

    private static IEnumerable<int> Lengths(Random random, int multipleOf)
    {
        // Edge lengths first, then random ones up to 1000, all multiples of what None padding needs.
        int[] edges = { 0, 1, 15, 16, 17, 31, 32, 33, 1000 };
        int produced = 0;
        foreach (int edge in edges)
        {
            if (edge % multipleOf == 0)
            {
                produced++;
                yield return edge;
            }
        }

        for (; produced < LengthsPerCombination; produced++)
        {
            yield return random.Next(0, 1001) / multipleOf * multipleOf;
        }
    }

    private static void Configure(SymmetricAlgorithm algorithm, CipherMode mode, int feedback, PaddingMode padding, byte[] key, byte[] iv)
    {
        algorithm.BlockSize = 128;
        algorithm.Mode = mode;
        algorithm.Padding = padding;
        algorithm.FeedbackSize = feedback;
        algorithm.Key = key;
        algorithm.IV = iv;
    }

    private static byte[] EncryptOneShot(SymmetricAlgorithm algorithm, CipherMode mode, int feedback, PaddingMode padding, byte[] iv, byte[] message) =>
        mode switch
        {
            CipherMode.ECB => algorithm.EncryptEcb(message, padding),
            CipherMode.CBC => algorithm.EncryptCbc(message, iv, padding),
            _ => algorithm.EncryptCfb(message, iv, padding, feedback),
        };

    private static byte[] DecryptOneShot(SymmetricAlgorithm algorithm, CipherMode mode, int feedback, PaddingMode padding, byte[] iv, byte[] ciphertext) =>
        mode switch
        {
            CipherMode.ECB => algorithm.DecryptEcb(ciphertext, padding),
            CipherMode.CBC => algorithm.DecryptCbc(ciphertext, iv, padding),
            _ => algorithm.DecryptCfb(ciphertext, iv, padding, feedback),
        };

    private static void AssertSamePrefix(byte[] expected, byte[] actual, int unit, string what)
    {
        Assert.True(expected.Length == actual.Length, $"{what}: length {actual.Length}, expected {expected.Length}");
        int prefix = expected.Length - unit;
        Assert.True(expected.AsSpan(0, prefix).SequenceEqual(actual.AsSpan(0, prefix)), $"{what}: differs before the last unit");
    }

}

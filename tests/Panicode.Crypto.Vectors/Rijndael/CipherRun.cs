using System;
using System.Security.Cryptography;

namespace Panicode.Crypto.Vectors.Rijndael;

/// <summary>How a vector drives a cipher: mode, block size, CFB feedback size and padding.</summary>
public sealed class CipherSetup
{
    public CipherSetup(CipherMode mode, int blockSize = 128, int feedbackSize = 0, PaddingMode padding = PaddingMode.None)
    {
        Mode = mode;
        BlockSize = blockSize;
        FeedbackSize = feedbackSize == 0 ? blockSize : feedbackSize;
        Padding = padding;
    }

    public CipherMode Mode { get; }

    /// <summary>Block size in bits.</summary>
    public int BlockSize { get; }

    /// <summary>CFB feedback size in bits (only applied in CFB mode).</summary>
    public int FeedbackSize { get; }

    public PaddingMode Padding { get; }

    public int BlockBytes => BlockSize / 8;

    public CipherSetup WithPadding(PaddingMode padding) => new(Mode, BlockSize, FeedbackSize, padding);

    public override string ToString() =>
        Mode == CipherMode.CFB ? $"CFB{FeedbackSize}/{BlockSize}/{Padding}" : $"{Mode}/{BlockSize}/{Padding}";
}

/// <summary>
/// Runs a cipher through the plain <see cref="SymmetricAlgorithm"/> surface, so the same checks
/// work for every flavour and for the built-in <c>Aes</c> used to validate the readers.
/// </summary>
public static class CipherRun
{
    /// <summary>Creates an algorithm from <paramref name="factory"/> and applies <paramref name="setup"/>.</summary>
    public static SymmetricAlgorithm Create(Func<SymmetricAlgorithm> factory, CipherSetup setup)
    {
        SymmetricAlgorithm algorithm = factory();
        try
        {
            // Block size first: a Rijndael implementation may tie FeedbackSize to it.
            algorithm.BlockSize = setup.BlockSize;
            algorithm.Mode = setup.Mode;
            algorithm.Padding = setup.Padding;
            if (setup.Mode == CipherMode.CFB)
            {
                algorithm.FeedbackSize = setup.FeedbackSize;
            }

            return algorithm;
        }
        catch
        {
            algorithm.Dispose();
            throw;
        }
    }

    /// <summary>
    /// An encryptor or decryptor for <paramref name="key"/>; ECB gets an all-zero IV so the
    /// vectors never depend on how an implementation treats a null IV (tested separately).
    /// </summary>
    public static ICryptoTransform CreateTransform(SymmetricAlgorithm algorithm, bool encrypt, byte[] key, byte[]? iv)
    {
        byte[] effectiveIv = iv ?? new byte[algorithm.BlockSize / 8];
        return encrypt ? algorithm.CreateEncryptor(key, effectiveIv) : algorithm.CreateDecryptor(key, effectiveIv);
    }

    /// <summary>Encrypts or decrypts <paramref name="input"/> in one <c>TransformFinalBlock</c> call.</summary>
    public static byte[] Transform(Func<SymmetricAlgorithm> factory, CipherSetup setup, bool encrypt, byte[] key, byte[]? iv, byte[] input)
    {
        using SymmetricAlgorithm algorithm = Create(factory, setup);
        using ICryptoTransform transform = CreateTransform(algorithm, encrypt, key, iv);
        return transform.TransformFinalBlock(input, 0, input.Length);
    }

    /// <summary>
    /// <c>TransformBlock</c> over whole blocks that must come back whole (no padding is held
    /// back when the padding is None), as the Monte-Carlo loops need.
    /// </summary>
    public static void Blocks(ICryptoTransform transform, byte[] input, int inputOffset, int count, byte[] output, int outputOffset)
    {
        int written = transform.TransformBlock(input, inputOffset, count, output, outputOffset);
        if (written != count)
        {
            throw new VectorMismatchException($"TransformBlock of {count} bytes wrote {written} bytes (padding None must not hold data back)");
        }
    }

#if NET
    /// <summary>
    /// The same operation through the .NET one-shot methods (EncryptEcb, DecryptCbc, EncryptCfb...),
    /// or null when the mode has none (OFB, CTS).
    /// </summary>
    public static byte[]? OneShot(Func<SymmetricAlgorithm> factory, CipherSetup setup, bool encrypt, byte[] key, byte[]? iv, byte[] input)
    {
        using SymmetricAlgorithm algorithm = Create(factory, setup);
        algorithm.Key = key;
        byte[] zeroIv = new byte[setup.BlockBytes];
        return setup.Mode switch
        {
            CipherMode.ECB => encrypt ? algorithm.EncryptEcb(input, setup.Padding) : algorithm.DecryptEcb(input, setup.Padding),
            CipherMode.CBC => encrypt
                ? algorithm.EncryptCbc(input, iv ?? zeroIv, setup.Padding)
                : algorithm.DecryptCbc(input, iv ?? zeroIv, setup.Padding),
            CipherMode.CFB => encrypt
                ? algorithm.EncryptCfb(input, iv ?? zeroIv, setup.Padding, setup.FeedbackSize)
                : algorithm.DecryptCfb(input, iv ?? zeroIv, setup.Padding, setup.FeedbackSize),
            _ => null,
        };
    }
#endif
}

/// <summary>The check every known-answer vector makes: both directions, through every API path.</summary>
public static class KnownAnswer
{
    /// <summary>
    /// Encrypting <paramref name="plaintext"/> gives <paramref name="ciphertext"/> and decrypting
    /// gives it back, via CreateEncryptor/CreateDecryptor and (on .NET) via the one-shot methods.
    /// </summary>
    public static void Check(Func<SymmetricAlgorithm> factory, CipherSetup setup, byte[] key, byte[]? iv, byte[] plaintext, byte[] ciphertext)
    {
        Expect.Equal(ciphertext, CipherRun.Transform(factory, setup, true, key, iv, plaintext), $"{setup} encrypt");
        Expect.Equal(plaintext, CipherRun.Transform(factory, setup, false, key, iv, ciphertext), $"{setup} decrypt");
#if NET
        byte[]? encrypted = CipherRun.OneShot(factory, setup, true, key, iv, plaintext);
        if (encrypted != null)
        {
            Expect.Equal(ciphertext, encrypted, $"{setup} one-shot encrypt");
            Expect.Equal(plaintext, CipherRun.OneShot(factory, setup, false, key, iv, ciphertext)!, $"{setup} one-shot decrypt");
        }
#endif
    }

    /// <summary>
    /// A vector for a stream-like mode (CFB with full-block feedback, OFB) whose length is not a
    /// whole number of blocks: the input is zero-extended to whole blocks and the output cut back,
    /// which is exact because each output byte depends only on the input bytes before it.
    /// </summary>
    public static void CheckStreamPrefix(Func<SymmetricAlgorithm> factory, CipherSetup setup, byte[] key, byte[] iv, byte[] plaintext, byte[] ciphertext)
    {
        int block = setup.BlockBytes;
        int whole = (plaintext.Length + block - 1) / block * block;
        byte[] paddedPlain = new byte[whole];
        byte[] paddedCipher = new byte[whole];
        Buffer.BlockCopy(plaintext, 0, paddedPlain, 0, plaintext.Length);
        Buffer.BlockCopy(ciphertext, 0, paddedCipher, 0, ciphertext.Length);
        byte[] encrypted = CipherRun.Transform(factory, setup, true, key, iv, paddedPlain);
        byte[] decrypted = CipherRun.Transform(factory, setup, false, key, iv, paddedCipher);
        Expect.Equal(ciphertext, encrypted.AsSpan(0, ciphertext.Length), $"{setup} encrypt (prefix)");
        Expect.Equal(plaintext, decrypted.AsSpan(0, plaintext.Length), $"{setup} decrypt (prefix)");
    }
}

using System;
using System.Security.Cryptography;

namespace Panicode.Crypto.Vectors.Symmetric;

/// <summary>How a vector drives a block cipher: mode, block size, CFB/OFB feedback size and padding.</summary>
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

    /// <summary>Feedback size in bits (applied in CFB and OFB mode; the block size unless given).</summary>
    public int FeedbackSize { get; }

    public PaddingMode Padding { get; }

    public int BlockBytes => BlockSize / 8;

    public CipherSetup WithPadding(PaddingMode padding) => new(Mode, BlockSize, FeedbackSize, padding);

    public override string ToString() =>
        Mode == CipherMode.CFB ? $"CFB{FeedbackSize}/{BlockSize}/{Padding}" : $"{Mode}/{BlockSize}/{Padding}";
}

/// <summary>
/// Runs a block cipher through the plain <see cref="SymmetricAlgorithm"/> surface, so the same checks
/// work for every algorithm and flavour and for the built-in <c>Aes</c> used to validate the readers.
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
            if (setup.Mode is CipherMode.CFB or CipherMode.OFB)
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
    /// <see cref="Create(Func{SymmetricAlgorithm}, CipherSetup)"/> with <paramref name="key"/> and (unless null)
    /// <paramref name="iv"/> set through the properties, so a check can expect an exception from the transform alone.
    /// </summary>
    public static SymmetricAlgorithm Create(Func<SymmetricAlgorithm> factory, CipherSetup setup, byte[] key, byte[]? iv)
    {
        SymmetricAlgorithm algorithm = Create(factory, setup);
        try
        {
            algorithm.Key = key;
            if (iv is not null)
            {
                algorithm.IV = iv;
            }

            return algorithm;
        }
        catch
        {
            algorithm.Dispose();
            throw;
        }
    }

    /// <summary>Encrypts or decrypts <paramref name="input"/> in one <c>TransformFinalBlock</c> with the algorithm's own Key and IV.</summary>
    public static byte[] Transform(SymmetricAlgorithm algorithm, bool encrypt, byte[] input)
    {
        using ICryptoTransform transform = encrypt ? algorithm.CreateEncryptor() : algorithm.CreateDecryptor();
        return transform.TransformFinalBlock(input, 0, input.Length);
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
    /// <summary>Whether .NET has one-shot methods for <paramref name="mode"/>.</summary>
    public static bool HasOneShot(CipherMode mode) => mode is CipherMode.ECB or CipherMode.CBC or CipherMode.CFB;

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

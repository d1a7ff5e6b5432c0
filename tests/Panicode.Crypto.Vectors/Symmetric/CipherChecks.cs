using System;
using System.Security.Cryptography;

namespace Panicode.Crypto.Vectors.Symmetric;

/// <summary>
/// Known-answer checks of a block cipher through the <see cref="SymmetricAlgorithm"/> surface: every vector is run
/// through <see cref="ICryptoTransform.TransformFinalBlock"/> and, where the framework has them, through the
/// one-shot methods, in each direction the vector claims.
/// </summary>
public static class CipherChecks
{
    /// <summary>The case that checks <paramref name="vector"/> against a fresh algorithm instance.</summary>
    public static VectorCase<Func<SymmetricAlgorithm>> KnownAnswer(CipherVector vector)
        => new(vector.Id, create => CheckKnownAnswer(create, vector));

    /// <summary>A case whose ciphertext must be rejected on decryption with a <see cref="CryptographicException"/>.</summary>
    public static VectorCase<Func<SymmetricAlgorithm>> DecryptionFails(
        string id, byte[] key, byte[]? iv, CipherMode mode, PaddingMode padding, byte[] ciphertext, int feedbackSizeInBits = 0)
        => new(id, create =>
        {
            using SymmetricAlgorithm algorithm = Configure(create(), key, iv, mode, padding, feedbackSizeInBits);
            Expect.Throws<CryptographicException>(() => Transform(algorithm, encrypt: false, ciphertext), "decrypting through a transform");
#if NET
            if (HasOneShot(mode))
            {
                Expect.Throws<CryptographicException>(() => OneShot(algorithm, encrypt: false, ciphertext), "one-shot decryption");
            }
#endif
        });

    /// <summary>A case whose plaintext must be rejected on encryption with a <see cref="CryptographicException"/>.</summary>
    public static VectorCase<Func<SymmetricAlgorithm>> EncryptionFails(
        string id, byte[] key, byte[]? iv, CipherMode mode, PaddingMode padding, byte[] plaintext, int feedbackSizeInBits = 0)
        => new(id, create =>
        {
            using SymmetricAlgorithm algorithm = Configure(create(), key, iv, mode, padding, feedbackSizeInBits);
            Expect.Throws<CryptographicException>(() => Transform(algorithm, encrypt: true, plaintext), "encrypting through a transform");
        });

    /// <summary>A case whose key must be refused, as the BCL refuses a key of an illegal size.</summary>
    public static VectorCase<Func<SymmetricAlgorithm>> KeyRejected(string id, byte[] key)
        => new(id, create =>
        {
            using SymmetricAlgorithm algorithm = create();
            Expect.Throws<CryptographicException>(() => algorithm.Key = key, $"setting a {key.Length}-byte key");
        });

    private static void CheckKnownAnswer(Func<SymmetricAlgorithm> create, CipherVector v)
    {
        using SymmetricAlgorithm algorithm = Configure(create(), v.Key, v.Iv, v.Mode, v.Padding, v.FeedbackSizeInBits);

        if (v.Direction == VectorDirection.Both)
        {
            Expect.Equal(v.Ciphertext, Transform(algorithm, encrypt: true, v.Plaintext), "encrypt (transform) " + v.Describe());
        }

        Expect.Equal(v.Plaintext, Transform(algorithm, encrypt: false, v.Ciphertext), "decrypt (transform) " + v.Describe());

#if NET
        if (HasOneShot(v.Mode))
        {
            if (v.Direction == VectorDirection.Both)
            {
                Expect.Equal(v.Ciphertext, OneShot(algorithm, encrypt: true, v.Plaintext), "encrypt (one-shot) " + v.Describe());
            }

            Expect.Equal(v.Plaintext, OneShot(algorithm, encrypt: false, v.Ciphertext), "decrypt (one-shot) " + v.Describe());
        }
#endif
    }

    private static SymmetricAlgorithm Configure(
        SymmetricAlgorithm algorithm, byte[] key, byte[]? iv, CipherMode mode, PaddingMode padding, int feedbackSizeInBits)
    {
        try
        {
            algorithm.Mode = mode;
            algorithm.Padding = padding;
            if (feedbackSizeInBits != 0)
            {
                algorithm.FeedbackSize = feedbackSizeInBits;
            }

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

    private static byte[] Transform(SymmetricAlgorithm algorithm, bool encrypt, byte[] input)
    {
        using ICryptoTransform transform = encrypt ? algorithm.CreateEncryptor() : algorithm.CreateDecryptor();
        return transform.TransformFinalBlock(input, 0, input.Length);
    }

#if NET
    private static bool HasOneShot(CipherMode mode) => mode is CipherMode.ECB or CipherMode.CBC or CipherMode.CFB;

    private static byte[] OneShot(SymmetricAlgorithm algorithm, bool encrypt, byte[] input) => (algorithm.Mode, encrypt) switch
    {
        (CipherMode.ECB, true) => algorithm.EncryptEcb(input, algorithm.Padding),
        (CipherMode.ECB, false) => algorithm.DecryptEcb(input, algorithm.Padding),
        (CipherMode.CBC, true) => algorithm.EncryptCbc(input, algorithm.IV, algorithm.Padding),
        (CipherMode.CBC, false) => algorithm.DecryptCbc(input, algorithm.IV, algorithm.Padding),
        (CipherMode.CFB, true) => algorithm.EncryptCfb(input, algorithm.IV, algorithm.Padding, algorithm.FeedbackSize),
        (CipherMode.CFB, false) => algorithm.DecryptCfb(input, algorithm.IV, algorithm.Padding, algorithm.FeedbackSize),
        _ => throw new NotSupportedException(algorithm.Mode + " has no one-shot method."),
    };
#endif
}

using System;
using System.Security.Cryptography;

namespace Panicode.Crypto.Vectors.Symmetric;

/// <summary>
/// Known-answer checks of a block cipher through the <see cref="SymmetricAlgorithm"/> surface: every vector is run
/// through <see cref="ICryptoTransform.TransformFinalBlock"/> and, where the framework has them, through the
/// one-shot methods, in each direction the vector claims. Every block cipher's vector files use these checks.
/// </summary>
public static class CipherChecks
{
    /// <summary>The case that checks <paramref name="vector"/> against fresh algorithm instances.</summary>
    public static VectorCase<Func<SymmetricAlgorithm>> KnownAnswer(CipherVector vector)
        => new(vector.Id, create => CheckKnownAnswer(create, vector));

    /// <summary>
    /// Encrypting the plaintext gives the ciphertext (when the vector claims that direction) and decrypting the
    /// ciphertext gives the plaintext, via CreateEncryptor/CreateDecryptor and (on .NET) via the one-shot methods.
    /// A vector of a stream-like mode (CFB or OFB with full-block feedback) whose length is not a whole number of
    /// blocks is checked as a prefix (see <see cref="CheckStreamPrefix"/>).
    /// </summary>
    public static void CheckKnownAnswer(Func<SymmetricAlgorithm> create, CipherVector v)
    {
        CipherSetup setup = v.Setup;
        if (IsStreamPrefix(v))
        {
            CheckStreamPrefix(create, v);
            return;
        }

        bool both = v.Direction == VectorDirection.Both;
        if (both)
        {
            Expect.Equal(v.Ciphertext, CipherRun.Transform(create, setup, true, v.Key, v.Iv, v.Plaintext), "encrypt (transform) " + v.Describe());
        }

        Expect.Equal(v.Plaintext, CipherRun.Transform(create, setup, false, v.Key, v.Iv, v.Ciphertext), "decrypt (transform) " + v.Describe());
#if NET
        if (CipherRun.HasOneShot(setup.Mode))
        {
            if (both)
            {
                Expect.Equal(v.Ciphertext, CipherRun.OneShot(create, setup, true, v.Key, v.Iv, v.Plaintext)!, "encrypt (one-shot) " + v.Describe());
            }

            Expect.Equal(v.Plaintext, CipherRun.OneShot(create, setup, false, v.Key, v.Iv, v.Ciphertext)!, "decrypt (one-shot) " + v.Describe());
        }
#endif
    }

    /// <summary>A case whose ciphertext must be rejected on decryption with a <see cref="CryptographicException"/>.</summary>
    public static VectorCase<Func<SymmetricAlgorithm>> DecryptionFails(string id, CipherSetup setup, byte[] key, byte[]? iv, byte[] ciphertext)
        => new(id, create =>
        {
            using (SymmetricAlgorithm algorithm = CipherRun.Create(create, setup, key, iv))
            {
                Expect.Throws<CryptographicException>(() => CipherRun.Transform(algorithm, false, ciphertext), "decrypting through a transform");
            }

#if NET
            if (CipherRun.HasOneShot(setup.Mode))
            {
                Expect.Throws<CryptographicException>(() => CipherRun.OneShot(create, setup, false, key, iv, ciphertext), "one-shot decryption");
            }
#endif
        });

    /// <summary>A case whose plaintext must be rejected on encryption with a <see cref="CryptographicException"/>.</summary>
    public static VectorCase<Func<SymmetricAlgorithm>> EncryptionFails(string id, CipherSetup setup, byte[] key, byte[]? iv, byte[] plaintext)
        => new(id, create =>
        {
            using SymmetricAlgorithm algorithm = CipherRun.Create(create, setup, key, iv);
            Expect.Throws<CryptographicException>(() => CipherRun.Transform(algorithm, true, plaintext), "encrypting through a transform");
        });

    /// <summary>A case whose key must be refused, as the BCL refuses a key of an illegal size.</summary>
    public static VectorCase<Func<SymmetricAlgorithm>> KeyRejected(string id, byte[] key)
        => new(id, create =>
        {
            using SymmetricAlgorithm algorithm = create();
            Expect.Throws<CryptographicException>(() => algorithm.Key = key, $"setting a {key.Length}-byte key");
        });

    /// <summary>
    /// A vector for a stream-like mode (CFB with full-block feedback, OFB) whose length is not a
    /// whole number of blocks: the input is zero-extended to whole blocks and the output cut back,
    /// which is exact because each output byte depends only on the input bytes before it.
    /// </summary>
    public static void CheckStreamPrefix(Func<SymmetricAlgorithm> create, CipherVector v)
    {
        CipherSetup setup = v.Setup;
        int block = setup.BlockBytes;
        int whole = (v.Plaintext.Length + block - 1) / block * block;
        byte[] paddedPlain = new byte[whole];
        byte[] paddedCipher = new byte[whole];
        Buffer.BlockCopy(v.Plaintext, 0, paddedPlain, 0, v.Plaintext.Length);
        Buffer.BlockCopy(v.Ciphertext, 0, paddedCipher, 0, v.Ciphertext.Length);
        byte[] encrypted = CipherRun.Transform(create, setup, true, v.Key, v.Iv, paddedPlain);
        byte[] decrypted = CipherRun.Transform(create, setup, false, v.Key, v.Iv, paddedCipher);
        Expect.Equal(v.Ciphertext, encrypted.AsSpan(0, v.Ciphertext.Length), "encrypt (prefix) " + v.Describe());
        Expect.Equal(v.Plaintext, decrypted.AsSpan(0, v.Plaintext.Length), "decrypt (prefix) " + v.Describe());
    }

    private static bool IsStreamPrefix(CipherVector v)
        => v.Setup.Mode is CipherMode.CFB or CipherMode.OFB
            && v.Setup.FeedbackSize == v.Setup.BlockSize
            && v.Setup.Padding == PaddingMode.None
            && v.Direction == VectorDirection.Both
            && v.Plaintext.Length % v.Setup.BlockBytes != 0;
}

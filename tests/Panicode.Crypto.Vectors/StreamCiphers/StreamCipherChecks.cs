using System;
using System.Security.Cryptography;

namespace Panicode.Crypto.Vectors.StreamCiphers;

/// <summary>One known key stream, checked through every way a <see cref="StreamCipher"/> produces it.</summary>
public static class StreamCipherChecks
{
    /// <summary>
    /// Checks that <paramref name="expected"/> is the start of the key stream of <paramref name="key"/> and
    /// <paramref name="iv"/>: as the encryption of zeros in one call, in one-byte calls, through the encryptor
    /// (<see cref="ICryptoTransform.TransformFinalBlock"/>), and that decrypting it gives the zeros back.
    /// </summary>
    public static VectorCase<Func<StreamCipher>> KeystreamCase(string id, byte[] key, byte[] iv, byte[] expected) =>
        new(id, create =>
        {
            using StreamCipher cipher = create();
            cipher.Key = key;
            cipher.IV = iv;
            byte[] zeros = new byte[expected.Length];
            Expect.Equal(expected, cipher.Encrypt(zeros), id + " one call");

            cipher.IV = iv;
            byte[] pieces = new byte[expected.Length];
            for (int i = 0; i < pieces.Length; i++)
            {
                cipher.Encrypt(zeros.AsSpan(i, 1), pieces.AsSpan(i, 1));
            }

            Expect.Equal(expected, pieces, id + " one-byte calls");

            using (ICryptoTransform encryptor = cipher.CreateEncryptor(key, iv))
            {
                Expect.Equal(expected, encryptor.TransformFinalBlock(zeros, 0, zeros.Length), id + " encryptor");
            }

            cipher.IV = iv;
            Expect.Equal(zeros, cipher.Decrypt(expected), id + " decryption");
        });
}

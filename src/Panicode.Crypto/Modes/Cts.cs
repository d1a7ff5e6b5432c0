using System;
using System.Security.Cryptography;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto.Modes;

/// <summary>
/// CBC with ciphertext stealing, variant CBC-CS3 of the NIST SP 800-38A addendum (the Kerberos
/// variant of RFC 3962): the last two ciphertext blocks are always swapped, and the stolen last
/// block is as long as the last plaintext piece. A message of exactly one block is plain CBC.
/// Messages shorter than one block cannot be encrypted. Operates on a whole message.
/// </summary>
internal static class Cts
{
    public static void Encrypt(BlockCipher cipher, Span<byte> chain, ReadOnlySpan<byte> input, Span<byte> output)
    {
        int bs = cipher.BlockSize;
        if (!Split(input.Length, bs, out int headLength, out int lastLength))
        {
            Cbc.Encrypt(cipher, chain, input, output);
            return;
        }

        Cbc.Encrypt(cipher, chain, input.Slice(0, headLength), output);

        // X = E(chain ^ P[n-1]); Y = E(X ^ (P[n] || 0)); output ... Y || X[0..d).
        Span<byte> x = stackalloc byte[bs];
        Span<byte> y = stackalloc byte[bs];
        Xor.Into(chain, input.Slice(headLength, bs), x);
        cipher.Encrypt(x, x);
        x.CopyTo(y);
        Xor.InPlace(y.Slice(0, lastLength), input.Slice(headLength + bs, lastLength));
        cipher.Encrypt(y, y);
        x.Slice(0, lastLength).CopyTo(output.Slice(headLength + bs, lastLength));
        y.CopyTo(output.Slice(headLength, bs));
        y.CopyTo(chain);
        Secret.Clear(x);
    }

    public static void Decrypt(BlockCipher cipher, Span<byte> chain, ReadOnlySpan<byte> input, Span<byte> output)
    {
        int bs = cipher.BlockSize;
        if (!Split(input.Length, bs, out int headLength, out int lastLength))
        {
            Cbc.Decrypt(cipher, chain, input, output);
            return;
        }

        Span<byte> y = stackalloc byte[bs];
        Span<byte> x = stackalloc byte[bs];
        input.Slice(headLength, bs).CopyTo(y);
        input.Slice(headLength + bs, lastLength).CopyTo(x);
        Cbc.Decrypt(cipher, chain, input.Slice(0, headLength), output);

        // D(Y) = X ^ (P[n] || 0): its tail completes X, its head XOR X gives P[n].
        Span<byte> d = stackalloc byte[bs];
        cipher.Decrypt(y, d);
        d.Slice(lastLength).CopyTo(x.Slice(lastLength));
        Xor.Into(d, x, output.Slice(headLength + bs, lastLength));
        cipher.Decrypt(x, d);
        Xor.Into(d, chain, output.Slice(headLength, bs));
        y.CopyTo(chain);
        Secret.Clear(d);
    }

    // Splits a message into the CBC head, the next-to-last block and the last piece of 1..bs bytes (a whole block
    // when the message is block aligned); false for a message of exactly one block, which is plain CBC.
    private static bool Split(int length, int bs, out int headLength, out int lastLength)
    {
        if (length < bs)
        {
            throw new CryptographicException(ErrorMessages.CtsTooShort);
        }

        lastLength = length % bs == 0 ? bs : length % bs;
        headLength = length - lastLength - bs;
        return headLength >= 0;
    }
}

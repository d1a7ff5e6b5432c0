using System;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto.Modes;

/// <summary>
/// Cipher block chaining, NIST SP 800-38A §6.2. <c>chain</c> holds the IV before the first call and
/// the last ciphertext block after each call, so a message may be processed in pieces.
/// Input and output may be the same buffer.
/// </summary>
internal static class Cbc
{
    // Decryption works in chunks so the ciphertext a chunk needs for its XOR survives an in-place call.
    private const int DecryptChunk = 512;

    public static void Encrypt(BlockCipher cipher, Span<byte> chain, ReadOnlySpan<byte> input, Span<byte> output)
    {
        int bs = cipher.BlockSize;
        for (int offset = 0; offset < input.Length; offset += bs)
        {
            Xor.InPlace(chain, input.Slice(offset, bs));
            cipher.Encrypt(chain, chain);
            chain.CopyTo(output.Slice(offset, bs));
        }
    }

    public static void Decrypt(BlockCipher cipher, Span<byte> chain, ReadOnlySpan<byte> input, Span<byte> output)
    {
        int bs = cipher.BlockSize;
        Span<byte> saved = stackalloc byte[DecryptChunk];
        int chunkSize = DecryptChunk - (DecryptChunk % bs);
        for (int offset = 0; offset < input.Length; offset += chunkSize)
        {
            int length = Math.Min(chunkSize, input.Length - offset);
            Span<byte> ciphertext = saved.Slice(0, length);
            input.Slice(offset, length).CopyTo(ciphertext);
            Span<byte> plaintext = output.Slice(offset, length);
            cipher.Decrypt(ciphertext, plaintext);
            Xor.InPlace(plaintext.Slice(0, bs), chain);
            Xor.InPlace(plaintext.Slice(bs), ciphertext.Slice(0, length - bs));
            ciphertext.Slice(length - bs).CopyTo(chain);
        }

        Secret.Clear(saved);
    }
}

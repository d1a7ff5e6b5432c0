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
    // In-place decryption works in chunks so the ciphertext a chunk needs for its XOR survives.
    private const int DecryptChunk = 512;

    // The chaining runs inside the core (BlockCipher.EncryptCbc): one argument check per call, not per block.
    public static void Encrypt(BlockCipher cipher, Span<byte> chain, ReadOnlySpan<byte> input, Span<byte> output) =>
        cipher.EncryptCbc(chain, input, output);

    public static void Decrypt(BlockCipher cipher, Span<byte> chain, ReadOnlySpan<byte> input, Span<byte> output)
    {
        int bs = cipher.BlockSize;
        if (input.Length == 0)
        {
            return;
        }

        if (!input.Overlaps(output.Slice(0, input.Length)))
        {
            // Disjoint buffers: the ciphertext stays readable, so every block goes to the core in one call (an
            // optimized core keeps several in flight) and no copy is needed.
            int last = input.Length - bs;
            cipher.Decrypt(input, output);
            Xor.InPlace(output.Slice(0, bs), chain);
            Xor.InPlace(output.Slice(bs, last), input.Slice(0, last));
            input.Slice(last).CopyTo(chain);
            return;
        }

        // In place: a short message needs only its own length of saved ciphertext, not a whole chunk to zero and clear.
        Span<byte> saved = stackalloc byte[Math.Min(DecryptChunk, input.Length)];
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

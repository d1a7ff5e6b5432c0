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

    /// <summary>
    /// CBC-encrypts <paramref name="input"/> (whole blocks) into <paramref name="output"/>: through the core's own
    /// loop when it has one (<see cref="ICbcEncryptor"/>), else one core call per block. <paramref name="chain"/>
    /// must not overlap the data.
    /// </summary>
    public static void Encrypt(BlockCipher cipher, Span<byte> chain, ReadOnlySpan<byte> input, Span<byte> output)
    {
        // One argument check per call, not per block.
        cipher.CheckArguments(input, output);
        if (chain.Length != cipher.BlockSize)
        {
            throw new ArgumentException(ErrorMessages.ChainNotOneBlock, nameof(chain));
        }

        if (chain.Overlaps(input) || chain.Overlaps(output))
        {
            throw new ArgumentException(ErrorMessages.ChainOverlapsData, nameof(chain));
        }

        output = output.Slice(0, input.Length);
        if (cipher is ICbcEncryptor fused)
        {
            fused.EncryptCbc(chain, input, output);
            return;
        }

        // XOR each plaintext block with the previous ciphertext block straight into the destination and encrypt it
        // there (in place works: block i is read before it is written, and the previous ciphertext block is never
        // part of block i).
        int bs = cipher.BlockSize;
        ReadOnlySpan<byte> previous = chain;
        for (int offset = 0; offset < input.Length; offset += bs)
        {
            Span<byte> block = output.Slice(offset, bs);
            Xor.Into(input.Slice(offset, bs), previous, block);
            cipher.EncryptBlock(block, block);
            previous = block;
        }

        if (input.Length > 0)
        {
            previous.CopyTo(chain);
        }
    }

    /// <summary>
    /// CBC-decrypts <paramref name="input"/> (whole blocks) into <paramref name="output"/> (the same memory or
    /// disjoint): through the core's own loop when it has one (<see cref="ICbcDecryptor"/>), else one batch call to
    /// the core and the XOR with the previous ciphertext blocks as a second pass.
    /// </summary>
    public static void Decrypt(BlockCipher cipher, Span<byte> chain, ReadOnlySpan<byte> input, Span<byte> output)
    {
        int bs = cipher.BlockSize;
        if (input.Length == 0)
        {
            return;
        }

        if (cipher is ICbcDecryptor fused)
        {
            cipher.CheckArguments(input, output);
            fused.DecryptCbc(chain, input, output.Slice(0, input.Length));
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
        // stackalloc bound: at most DecryptChunk bytes, whatever the input's length.
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

/// <summary>
/// A core's own CBC encryption loop (a declared capability, looked up by <see cref="Cbc.Encrypt"/>): CBC encryption
/// is serial, one block per core call, so a core that keeps the chaining value in registers and its key schedule
/// pinned across the blocks is faster than the generic loop.
/// </summary>
internal interface ICbcEncryptor
{
    /// <summary>
    /// CBC-encrypts whole blocks, arguments already checked by <see cref="Cbc.Encrypt"/>: <paramref name="source"/>
    /// and <paramref name="destination"/> have the same length, a multiple of the block size, and are the same
    /// memory or disjoint; <paramref name="chain"/> is one block, disjoint from the data, holding the IV on entry and
    /// the last ciphertext block on exit (unchanged for no blocks).
    /// </summary>
    void EncryptCbc(Span<byte> chain, ReadOnlySpan<byte> source, Span<byte> destination);
}

/// <summary>
/// A core's own CBC decryption loop (a declared capability, looked up by <see cref="Cbc.Decrypt"/>). CBC decryption is
/// parallel (P[i] = D(C[i]) XOR C[i-1]), so a core that decrypts a batch of blocks in registers and XORs each with the
/// ciphertext block before it, read before any output of the batch is stored, does it in one pass, in place or not,
/// at the speed of its ECB decryption; the generic path needs a second pass, and in place a copy of the ciphertext.
/// </summary>
internal interface ICbcDecryptor
{
    /// <summary>
    /// CBC-decrypts whole blocks, arguments already checked by <see cref="Cbc.Decrypt"/>: <paramref name="source"/>
    /// and <paramref name="destination"/> have the same length, a multiple of the block size, and are the same
    /// memory or disjoint; <paramref name="chain"/> is one block, disjoint from the data, holding the IV on entry and
    /// the last ciphertext block on exit.
    /// </summary>
    void DecryptCbc(Span<byte> chain, ReadOnlySpan<byte> source, Span<byte> destination);
}

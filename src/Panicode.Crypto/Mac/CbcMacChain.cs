using System;
using System.Diagnostics;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Modes;

namespace Panicode.Crypto.Mac;

/// <summary>
/// The CBC-MAC chain shared by CMAC (NIST SP 800-38B §6.2) and CCM (SP 800-38C §6.1): Y_i = E(Y_{i-1} ^ B_i) over
/// whole blocks, through the core's CBC encryption (one call per chunk, so a core that keeps the chaining value in
/// registers does so here too); the ciphertext blocks other than the last go to a scratch buffer and are cleared.
/// </summary>
internal static class CbcMacChain
{
    /// <summary>Absorbs whole blocks into <paramref name="chain"/> (one block, the running value Y).</summary>
    public static void Absorb(BlockCipher cipher, Span<byte> chain, ReadOnlySpan<byte> blocks)
    {
        Debug.Assert(blocks.Length % cipher.BlockSize == 0);
        if (blocks.Length == 0)
        {
            return;
        }

        Span<byte> scratch = stackalloc byte[Ctr.ChunkBytes];
        int chunk = Ctr.ChunkLength(cipher.BlockSize);
        for (int offset = 0; offset < blocks.Length; offset += chunk)
        {
            int length = Math.Min(chunk, blocks.Length - offset);
            Cbc.Encrypt(cipher, chain, blocks.Slice(offset, length), scratch.Slice(0, length));
        }

        Secret.Clear(scratch);
    }

    /// <summary>Absorbs <paramref name="data"/> followed by zeros up to a block boundary.</summary>
    public static void AbsorbPadded(BlockCipher cipher, Span<byte> chain, ReadOnlySpan<byte> data)
    {
        int bs = cipher.BlockSize;
        int whole = data.Length - data.Length % bs;
        Absorb(cipher, chain, data.Slice(0, whole));
        if (whole != data.Length)
        {
            // stackalloc bound: FinalBlock.MaxBlockSize (32 bytes, Rijndael's widest block); the slice throws if a
            // cipher's block were ever longer.
            Span<byte> last = stackalloc byte[FinalBlock.MaxBlockSize].Slice(0, bs);
            last.Clear();
            data.Slice(whole).CopyTo(last);
            Absorb(cipher, chain, last);
            Secret.Clear(last);
        }
    }
}

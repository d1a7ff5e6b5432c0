#if NET
using System;
using System.Diagnostics;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
using Panicode.Crypto.Modes;
using X86Aes = System.Runtime.Intrinsics.X86.Aes;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Rijndael;

/// <summary>
/// AES (Rijndael with 128-bit blocks, keys of 128..256 bits in steps of 32) on the x86 AES-NI
/// instructions. AESENC/AESDEC are one round each (FIPS 197 §5.1, §5.3); their latency is several
/// cycles but a new one can start every cycle, so multi-block calls keep eight independent blocks
/// in flight; the remainder goes one block at a time. Round keys come from <see cref="AesNiKeySchedule"/>.
/// CBC decryption is fused the same way (<see cref="ICbcDecryptor"/>): eight blocks in flight, each XORed with the
/// ciphertext block before it as the batch is stored.
/// </summary>
internal sealed unsafe class RijndaelAesNiCore : AesNiCore, ICbcDecryptor
{
    public RijndaelAesNiCore(ReadOnlySpan<byte> key)
        : base(key, 16)
    {
        Debug.Assert(IsSupported);
    }

    /// <summary>True where the CPU has AES-NI (and SSE2, which it implies).</summary>
    public static bool IsSupported => X86Aes.IsSupported;

    protected override void Encrypt(byte* src, byte* dst, int blocks, Vector128<byte>* keys, int rounds) =>
        Transform<AesNiEncryption>(src, dst, blocks, keys, rounds);

    protected override void Decrypt(byte* src, byte* dst, int blocks, Vector128<byte>* keys, int rounds) =>
        Transform<AesNiDecryption>(src, dst, blocks, keys, rounds);

    protected override void EncryptCbc(byte* chain, byte* src, byte* dst, int blocks, Vector128<byte>* keys, int rounds)
    {
        Vector128<byte> first = keys[0];
        Vector128<byte> last = keys[rounds];
        Vector128<byte> c = Sse2.LoadVector128(chain);
        for (; blocks > 0; blocks--, src += 16, dst += 16)
        {
            // The plaintext and whitening key are combined off the critical path, which is the chain of rounds.
            c ^= Sse2.LoadVector128(src) ^ first;
            for (int round = 1; round < rounds; round++)
            {
                c = X86Aes.Encrypt(c, keys[round]);
            }

            c = X86Aes.EncryptLast(c, last);
            Sse2.Store(dst, c);
        }

        Sse2.Store(chain, c);
    }

    void ICbcDecryptor.DecryptCbc(Span<byte> chain, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        fixed (byte* iv = chain)
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (Vector128<byte>* keys = DecryptionKeys)
        {
            DecryptCbc(iv, src, dst, source.Length / 16, keys, Rounds);
        }
    }

    // P[i] = D(C[i]) XOR C[i-1] (SP 800-38A §6.2). In place (src == dst) is safe: a batch reads all of its ciphertext
    // blocks, the eighth into the next batch's chaining value, before it stores its first plaintext block, and the
    // JIT does not move a load past a store through a pointer that may alias it.
    private static void DecryptCbc(byte* chain, byte* src, byte* dst, int blocks, Vector128<byte>* keys, int rounds)
    {
        Vector128<byte> first = keys[0];
        Vector128<byte> last = keys[rounds];
        Vector128<byte> previous = Sse2.LoadVector128(chain);
        for (; blocks >= 8; blocks -= 8, src += 128, dst += 128)
        {
            Vector128<byte> b0 = Sse2.LoadVector128(src) ^ first;
            Vector128<byte> b1 = Sse2.LoadVector128(src + 16) ^ first;
            Vector128<byte> b2 = Sse2.LoadVector128(src + 32) ^ first;
            Vector128<byte> b3 = Sse2.LoadVector128(src + 48) ^ first;
            Vector128<byte> b4 = Sse2.LoadVector128(src + 64) ^ first;
            Vector128<byte> b5 = Sse2.LoadVector128(src + 80) ^ first;
            Vector128<byte> b6 = Sse2.LoadVector128(src + 96) ^ first;
            Vector128<byte> b7 = Sse2.LoadVector128(src + 112) ^ first;
            for (int round = 1; round < rounds; round++)
            {
                Vector128<byte> k = keys[round];
                b0 = X86Aes.Decrypt(b0, k);
                b1 = X86Aes.Decrypt(b1, k);
                b2 = X86Aes.Decrypt(b2, k);
                b3 = X86Aes.Decrypt(b3, k);
                b4 = X86Aes.Decrypt(b4, k);
                b5 = X86Aes.Decrypt(b5, k);
                b6 = X86Aes.Decrypt(b6, k);
                b7 = X86Aes.Decrypt(b7, k);
            }

            // AESDECLAST ends with the XOR of its key operand, so the chaining XOR folds into the last round key, off
            // the critical path.
            b0 = X86Aes.DecryptLast(b0, last ^ previous);
            b1 = X86Aes.DecryptLast(b1, last ^ Sse2.LoadVector128(src));
            b2 = X86Aes.DecryptLast(b2, last ^ Sse2.LoadVector128(src + 16));
            b3 = X86Aes.DecryptLast(b3, last ^ Sse2.LoadVector128(src + 32));
            b4 = X86Aes.DecryptLast(b4, last ^ Sse2.LoadVector128(src + 48));
            b5 = X86Aes.DecryptLast(b5, last ^ Sse2.LoadVector128(src + 64));
            b6 = X86Aes.DecryptLast(b6, last ^ Sse2.LoadVector128(src + 80));
            b7 = X86Aes.DecryptLast(b7, last ^ Sse2.LoadVector128(src + 96));
            previous = Sse2.LoadVector128(src + 112);
            Sse2.Store(dst, b0);
            Sse2.Store(dst + 16, b1);
            Sse2.Store(dst + 32, b2);
            Sse2.Store(dst + 48, b3);
            Sse2.Store(dst + 64, b4);
            Sse2.Store(dst + 80, b5);
            Sse2.Store(dst + 96, b6);
            Sse2.Store(dst + 112, b7);
        }

        for (; blocks > 0; blocks--, src += 16, dst += 16)
        {
            Vector128<byte> c = Sse2.LoadVector128(src);
            Vector128<byte> b = c ^ first;
            for (int round = 1; round < rounds; round++)
            {
                b = X86Aes.Decrypt(b, keys[round]);
            }

            Sse2.Store(dst, X86Aes.DecryptLast(b, last ^ previous));
            previous = c;
        }

        Sse2.Store(chain, previous);
    }

    private static void Transform<TDirection>(byte* src, byte* dst, int blocks, Vector128<byte>* keys, int rounds)
        where TDirection : struct, IAesNiDirection
    {
        Vector128<byte> first = keys[0];
        Vector128<byte> last = keys[rounds];
        for (; blocks >= 8; blocks -= 8, src += 128, dst += 128)
        {
            Vector128<byte> b0 = Sse2.LoadVector128(src) ^ first;
            Vector128<byte> b1 = Sse2.LoadVector128(src + 16) ^ first;
            Vector128<byte> b2 = Sse2.LoadVector128(src + 32) ^ first;
            Vector128<byte> b3 = Sse2.LoadVector128(src + 48) ^ first;
            Vector128<byte> b4 = Sse2.LoadVector128(src + 64) ^ first;
            Vector128<byte> b5 = Sse2.LoadVector128(src + 80) ^ first;
            Vector128<byte> b6 = Sse2.LoadVector128(src + 96) ^ first;
            Vector128<byte> b7 = Sse2.LoadVector128(src + 112) ^ first;
            for (int round = 1; round < rounds; round++)
            {
                Vector128<byte> k = keys[round];
                b0 = default(TDirection).Round(b0, k);
                b1 = default(TDirection).Round(b1, k);
                b2 = default(TDirection).Round(b2, k);
                b3 = default(TDirection).Round(b3, k);
                b4 = default(TDirection).Round(b4, k);
                b5 = default(TDirection).Round(b5, k);
                b6 = default(TDirection).Round(b6, k);
                b7 = default(TDirection).Round(b7, k);
            }

            Sse2.Store(dst, default(TDirection).Last(b0, last));
            Sse2.Store(dst + 16, default(TDirection).Last(b1, last));
            Sse2.Store(dst + 32, default(TDirection).Last(b2, last));
            Sse2.Store(dst + 48, default(TDirection).Last(b3, last));
            Sse2.Store(dst + 64, default(TDirection).Last(b4, last));
            Sse2.Store(dst + 80, default(TDirection).Last(b5, last));
            Sse2.Store(dst + 96, default(TDirection).Last(b6, last));
            Sse2.Store(dst + 112, default(TDirection).Last(b7, last));
        }

        for (; blocks > 0; blocks--, src += 16, dst += 16)
        {
            Vector128<byte> b = Sse2.LoadVector128(src) ^ first;
            for (int round = 1; round < rounds; round++)
            {
                b = default(TDirection).Round(b, keys[round]);
            }

            Sse2.Store(dst, default(TDirection).Last(b, last));
        }
    }

}
#endif

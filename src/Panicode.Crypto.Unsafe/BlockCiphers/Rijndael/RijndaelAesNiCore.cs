#if NET
using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
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
/// ciphertext block before it as the batch is stored. CTR (<see cref="ICtrCore"/>) makes its counter blocks in
/// registers (<see cref="AesBatch.Ctr{TAes}"/>); CCM (<see cref="ICcmCore"/>) runs one CTR block beside each CBC-MAC block.
/// </summary>
internal sealed unsafe class RijndaelAesNiCore : AesCore, ICbcDecryptor, ICtrCore, ICcmCore
{
    public RijndaelAesNiCore(ReadOnlySpan<byte> key)
        : base(key, 16)
    {
        Debug.Assert(IsSupported);
    }

    /// <summary>True where the CPU has AES-NI (and SSE2, which it implies).</summary>
    public static bool IsSupported => X86Aes.IsSupported;

    protected override void Encrypt(byte* src, byte* dst, int blocks, Vector128<byte>* keys, int rounds) =>
        Transform<AesNiEncryption, Unchained>(null, src, dst, blocks, keys, rounds);

    protected override void Decrypt(byte* src, byte* dst, int blocks, Vector128<byte>* keys, int rounds) =>
        Transform<AesNiDecryption, Unchained>(null, src, dst, blocks, keys, rounds);

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
            Transform<AesNiDecryption, CbcDecryption>(iv, src, dst, source.Length / 16, keys, Rounds);
        }
    }

    void ICtrCore.TransformCtr(Span<byte> counter, int counterBytes, ReadOnlySpan<byte> source, Span<byte> destination) =>
        TransformCtr<AesNiRounds>(counter, counterBytes, source, destination);

    // CCM encryption: the MAC chain absorbs plaintext block i while the CTR block i runs through the same rounds.
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    void ICcmCore.SealCcm(Span<byte> mac, Span<byte> counter, int counterBytes, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        AesBatch.Counter count = new(counter, counterBytes);
        fixed (byte* m = mac)
        fixed (byte* start = source)
        fixed (byte* output = destination)
        fixed (Vector128<byte>* keys = EncryptionKeys)
        {
            int rounds = Rounds;
            Vector128<byte> first = keys[0];
            Vector128<byte> last = keys[rounds];
            Vector128<byte> y = Sse2.LoadVector128(m);
            byte* src = start;
            byte* dst = output;
            for (int blocks = source.Length / 16; blocks > 0; blocks--, src += 16, dst += 16)
            {
                Vector128<byte> p = Sse2.LoadVector128(src);
                y ^= p ^ first;
                Vector128<byte> c = count.Next() ^ first;
                MacAndCounter(ref y, ref c, keys, rounds);
                Sse2.Store(dst, X86Aes.EncryptLast(c, last ^ p));
            }

            Sse2.Store(m, y);
        }

        count.WriteTo(counter);
    }

    // CCM decryption: the MAC needs the plaintext, so the CTR block i + 1 runs beside the MAC step of block i.
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    void ICcmCore.OpenCcm(Span<byte> mac, Span<byte> counter, int counterBytes, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        int blocks = source.Length / 16;
        if (blocks == 0)
        {
            return;
        }

        AesBatch.Counter count = new(counter, counterBytes);
        fixed (byte* m = mac)
        fixed (byte* start = source)
        fixed (byte* output = destination)
        fixed (Vector128<byte>* keys = EncryptionKeys)
        {
            int rounds = Rounds;
            Vector128<byte> first = keys[0];
            Vector128<byte> last = keys[rounds];
            Vector128<byte> y = Sse2.LoadVector128(m);
            byte* src = start;
            byte* dst = output;

            // Block 0's keystream alone; then each step decrypts block i + 1 while the MAC absorbs block i.
            Vector128<byte> c = count.Next() ^ first;
            for (int round = 1; round < rounds; round++)
            {
                c = X86Aes.Encrypt(c, keys[round]);
            }

            Vector128<byte> p = X86Aes.EncryptLast(c, last ^ Sse2.LoadVector128(src));
            Sse2.Store(dst, p);
            for (blocks--; blocks > 0; blocks--)
            {
                src += 16;
                dst += 16;
                y ^= p ^ first;
                c = count.Next() ^ first;
                MacAndCounter(ref y, ref c, keys, rounds);
                p = X86Aes.EncryptLast(c, last ^ Sse2.LoadVector128(src));
                Sse2.Store(dst, p);
            }

            // The last plaintext block into the MAC.
            y ^= p ^ first;
            for (int round = 1; round < rounds; round++)
            {
                y = X86Aes.Encrypt(y, keys[round]);
            }

            Sse2.Store(m, X86Aes.EncryptLast(y, last));
        }

        count.WriteTo(counter);
    }

    /// <summary>
    /// One CBC-MAC step and one CTR block side by side: all the rounds of <paramref name="y"/> (whitened by the caller)
    /// and all but the last of <paramref name="c"/>, whose last round takes the data in its key.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void MacAndCounter(ref Vector128<byte> y, ref Vector128<byte> c, Vector128<byte>* keys, int rounds)
    {
        for (int round = 1; round < rounds; round++)
        {
            y = X86Aes.Encrypt(y, keys[round]);
            c = X86Aes.Encrypt(c, keys[round]);
        }

        y = X86Aes.EncryptLast(y, keys[rounds]);
    }

    // ECB in either direction, or CBC decryption (TChaining = CbcDecryption): P[i] = D(C[i]) XOR C[i-1] (SP 800-38A
    // §6.2), with the XOR folded into AESDECLAST's key operand (the instruction ends by XOR-ing it), off the critical
    // path. The chaining policy is a struct type argument, so the JIT compiles the ECB copies without any of it.
    // In place (src == dst) is safe: a batch loads all its blocks, and for CBC the ciphertext blocks its XORs need (the
    // eighth into the next batch's chaining value), before its first store, and the JIT does not move a load past a
    // store through a pointer that may alias it.
    private static void Transform<TDirection, TChaining>(byte* chain, byte* src, byte* dst, int blocks, Vector128<byte>* keys, int rounds)
        where TDirection : struct, IAesNiDirection
        where TChaining : struct, IChaining
    {
        bool cbc = default(TChaining).Cbc;
        Vector128<byte> first = keys[0];
        Vector128<byte> last = keys[rounds];
        Vector128<byte> previous = cbc ? Sse2.LoadVector128(chain) : default;
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

            b0 = default(TDirection).Last(b0, cbc ? last ^ previous : last);
            b1 = default(TDirection).Last(b1, cbc ? last ^ Sse2.LoadVector128(src) : last);
            b2 = default(TDirection).Last(b2, cbc ? last ^ Sse2.LoadVector128(src + 16) : last);
            b3 = default(TDirection).Last(b3, cbc ? last ^ Sse2.LoadVector128(src + 32) : last);
            b4 = default(TDirection).Last(b4, cbc ? last ^ Sse2.LoadVector128(src + 48) : last);
            b5 = default(TDirection).Last(b5, cbc ? last ^ Sse2.LoadVector128(src + 64) : last);
            b6 = default(TDirection).Last(b6, cbc ? last ^ Sse2.LoadVector128(src + 80) : last);
            b7 = default(TDirection).Last(b7, cbc ? last ^ Sse2.LoadVector128(src + 96) : last);
            if (cbc)
            {
                previous = Sse2.LoadVector128(src + 112);
            }

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
                b = default(TDirection).Round(b, keys[round]);
            }

            Sse2.Store(dst, default(TDirection).Last(b, cbc ? last ^ previous : last));
            previous = c;
        }

        if (cbc)
        {
            Sse2.Store(chain, previous);
        }
    }
}
#endif

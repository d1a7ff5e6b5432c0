#if NET
using System;
using System.Diagnostics;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Modes;
using Panicode.Crypto.Rijndael;
using X86Aes = System.Runtime.Intrinsics.X86.Aes;

namespace Panicode.Crypto.Unsafe.Rijndael;

/// <summary>
/// AES (Rijndael with 128-bit blocks, keys of 128..256 bits in steps of 32) on the x86 AES-NI
/// instructions. AESENC/AESDEC are one round each (FIPS 197 §5.1, §5.3); their latency is several
/// cycles but a new one can start every cycle, so multi-block calls keep eight independent blocks
/// in flight; the remainder goes one block at a time. Round keys come from the Reference key schedule; the decryption
/// keys of the equivalent inverse cipher (§5.3.5) are AESIMC (InvMixColumns) of encryption keys
/// 1 .. Nr-1 in reverse order.
/// </summary>
internal sealed unsafe class RijndaelAesNiCore : BlockCipher
{
    private readonly int _rounds;
    private readonly Vector128<byte>[] _encryptionKeys;
    private readonly Vector128<byte>[] _decryptionKeys;

    public RijndaelAesNiCore(ReadOnlySpan<byte> key)
        : base(16)
    {
        Debug.Assert(IsSupported);
        Debug.Assert(key.Length is 16 or 20 or 24 or 28 or 32);
        _rounds = RijndaelKeySchedule.Rounds(4, key.Length / 4);
        Span<uint> words = stackalloc uint[4 * (_rounds + 1)];
        RijndaelKeySchedule.ExpandEncryptionKey(key, words);
        _encryptionKeys = new Vector128<byte>[_rounds + 1];
        _decryptionKeys = new Vector128<byte>[_rounds + 1];

        // Column words are little-endian with row 0 lowest, which is the byte order of an XMM register
        // on x86 (always little-endian), so each round key is four words as they stand.
        for (int round = 0; round <= _rounds; round++)
        {
            _encryptionKeys[round] = Vector128.Create(words[4 * round], words[(4 * round) + 1], words[(4 * round) + 2], words[(4 * round) + 3]).AsByte();
        }

        Secret.Clear(System.Runtime.InteropServices.MemoryMarshal.AsBytes(words));
        _decryptionKeys[0] = _encryptionKeys[_rounds];
        for (int round = 1; round < _rounds; round++)
        {
            _decryptionKeys[round] = X86Aes.InverseMixColumns(_encryptionKeys[_rounds - round]);
        }

        _decryptionKeys[_rounds] = _encryptionKeys[0];
    }

    /// <summary>True where the CPU has AES-NI (and SSE2, which it implies).</summary>
    public static bool IsSupported => X86Aes.IsSupported;

    protected override void EncryptCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (Vector128<byte>* keys = _encryptionKeys)
        {
            Transform<Encryption>(src, dst, source.Length / 16, keys, _rounds);
        }
    }

    protected override void DecryptCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (Vector128<byte>* keys = _decryptionKeys)
        {
            Transform<Decryption>(src, dst, source.Length / 16, keys, _rounds);
        }
    }

    protected override void ClearKeySchedule()
    {
        Secret.Clear(_encryptionKeys);
        Secret.Clear(_decryptionKeys);
    }

    // One routine for both directions: the inverse cipher has the same shape with AESDEC/AESDECLAST.
    private static void Transform<TDirection>(byte* src, byte* dst, int blocks, Vector128<byte>* keys, int rounds)
        where TDirection : struct, IAesDirection
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

    private interface IAesDirection
    {
        Vector128<byte> Round(Vector128<byte> state, Vector128<byte> roundKey);

        Vector128<byte> Last(Vector128<byte> state, Vector128<byte> roundKey);
    }

    private readonly struct Encryption : IAesDirection
    {
        public Vector128<byte> Round(Vector128<byte> state, Vector128<byte> roundKey) => X86Aes.Encrypt(state, roundKey);

        public Vector128<byte> Last(Vector128<byte> state, Vector128<byte> roundKey) => X86Aes.EncryptLast(state, roundKey);
    }

    private readonly struct Decryption : IAesDirection
    {
        public Vector128<byte> Round(Vector128<byte> state, Vector128<byte> roundKey) => X86Aes.Decrypt(state, roundKey);

        public Vector128<byte> Last(Vector128<byte> state, Vector128<byte> roundKey) => X86Aes.DecryptLast(state, roundKey);
    }
}
#endif

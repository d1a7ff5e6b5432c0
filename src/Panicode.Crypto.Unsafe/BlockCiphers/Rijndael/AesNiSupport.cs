#if NET
using System;
using System.Diagnostics;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Modes;
using Panicode.Crypto.BlockCiphers.Rijndael;
using X86Aes = System.Runtime.Intrinsics.X86.Aes;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Rijndael;

/// <summary>
/// Round keys for the AES-NI cores, from the Reference key schedule (AES proposal v2 §4.3): one
/// XMM register per four columns, so Nb / 4 registers per round. Column words are little-endian
/// with row 0 lowest, which is the byte order of an XMM register on x86 (always little-endian).
/// The decryption keys of the equivalent inverse cipher (§5.3.3; FIPS 197 §5.3.5) are AESIMC
/// (InvMixColumns) of encryption round keys 1 .. Nr-1, rounds in reverse order.
/// </summary>
internal static class AesNiKeySchedule
{
    public static (int Rounds, Vector128<byte>[] Encryption, Vector128<byte>[] Decryption) Expand(ReadOnlySpan<byte> key, int nb)
    {
        Debug.Assert(nb is 4 or 8);
        int rounds = RijndaelKeySchedule.Rounds(nb, key.Length / 4);
        int halves = nb / 4;
        Span<uint> words = stackalloc uint[nb * (rounds + 1)];
        RijndaelKeySchedule.ExpandEncryptionKey(key, words);
        Vector128<byte>[] encryption = new Vector128<byte>[halves * (rounds + 1)];
        Vector128<byte>[] decryption = new Vector128<byte>[encryption.Length];
        for (int i = 0; i < encryption.Length; i++)
        {
            encryption[i] = Vector128.Create(words[4 * i], words[(4 * i) + 1], words[(4 * i) + 2], words[(4 * i) + 3]).AsByte();
        }

        Secret.Clear(MemoryMarshal.AsBytes(words));
        for (int round = 0; round <= rounds; round++)
        {
            for (int h = 0; h < halves; h++)
            {
                Vector128<byte> k = encryption[((rounds - round) * halves) + h];
                decryption[(round * halves) + h] = round == 0 || round == rounds ? k : X86Aes.InverseMixColumns(k);
            }
        }

        return (rounds, encryption, decryption);
    }
}

/// <summary>
/// One direction of the AES-NI round instructions, as a struct type parameter so one routine
/// serves both (the JIT compiles a copy per direction). For 256-bit Rijndael blocks it also gives
/// the byte blend and shuffle that make AES's own (Inv)ShiftRows on two 128-bit halves equal to
/// Rijndael-256's (see <see cref="RijndaelAesNi256Core"/>).
/// </summary>
internal interface IAesNiDirection
{
    Vector128<byte> Round(Vector128<byte> state, Vector128<byte> roundKey);

    Vector128<byte> Last(Vector128<byte> state, Vector128<byte> roundKey);

    /// <summary>Bytes (high bit set) that the first half takes from the second before the round.</summary>
    Vector128<byte> WideBlend { get; }

    /// <summary>PSHUFB control applied to both blended halves.</summary>
    Vector128<byte> WideShuffle { get; }
}

internal readonly struct AesNiEncryption : IAesNiDirection
{
    public Vector128<byte> WideBlend =>
        Vector128.Create((byte)0, 0xFF, 0xFF, 0xFF, 0, 0, 0xFF, 0xFF, 0, 0, 0xFF, 0xFF, 0, 0, 0, 0xFF);

    public Vector128<byte> WideShuffle =>
        Vector128.Create((byte)0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13, 2, 3);

    public Vector128<byte> Round(Vector128<byte> state, Vector128<byte> roundKey) => X86Aes.Encrypt(state, roundKey);

    public Vector128<byte> Last(Vector128<byte> state, Vector128<byte> roundKey) => X86Aes.EncryptLast(state, roundKey);
}

internal readonly struct AesNiDecryption : IAesNiDirection
{
    public Vector128<byte> WideBlend =>
        Vector128.Create((byte)0, 0, 0, 0xFF, 0, 0, 0xFF, 0xFF, 0, 0, 0xFF, 0xFF, 0, 0xFF, 0xFF, 0xFF);

    public Vector128<byte> WideShuffle =>
        Vector128.Create((byte)0, 1, 14, 15, 4, 5, 2, 3, 8, 9, 6, 7, 12, 13, 10, 11);

    public Vector128<byte> Round(Vector128<byte> state, Vector128<byte> roundKey) => X86Aes.Decrypt(state, roundKey);

    public Vector128<byte> Last(Vector128<byte> state, Vector128<byte> roundKey) => X86Aes.DecryptLast(state, roundKey);
}
/// <summary>
/// What the AES-NI cores share: the round keys of <see cref="AesNiKeySchedule"/>, pinned once per
/// call, and their clearing. Subclasses supply the block loops for their block size, and a CBC
/// encryption loop (serial: one block in flight, the chaining value kept in registers).
/// </summary>
internal abstract unsafe class AesNiCore : BlockCipher, ICbcEncryptor
{
    private readonly int _rounds;
    private readonly Vector128<byte>[] _encryptionKeys;
    private readonly Vector128<byte>[] _decryptionKeys;

    protected AesNiCore(ReadOnlySpan<byte> key, int blockSizeInBytes)
        : base(blockSizeInBytes)
    {
        Debug.Assert(key.Length is 16 or 20 or 24 or 28 or 32);
        (_rounds, _encryptionKeys, _decryptionKeys) = AesNiKeySchedule.Expand(key, blockSizeInBytes / 4);
    }

    protected sealed override void EncryptCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (Vector128<byte>* keys = _encryptionKeys)
        {
            Encrypt(src, dst, source.Length / BlockSize, keys, _rounds);
        }
    }

    // CBC encryption with the chaining value in a register across the blocks (the ICbcEncryptor capability).
    void ICbcEncryptor.EncryptCbc(Span<byte> chain, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        fixed (byte* iv = chain)
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (Vector128<byte>* keys = _encryptionKeys)
        {
            EncryptCbc(iv, src, dst, source.Length / BlockSize, keys, _rounds);
        }
    }

    protected sealed override void DecryptCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (Vector128<byte>* keys = _decryptionKeys)
        {
            Decrypt(src, dst, source.Length / BlockSize, keys, _rounds);
        }
    }

    protected sealed override void ClearKeySchedule()
    {
        Secret.Clear(_encryptionKeys);
        Secret.Clear(_decryptionKeys);
    }

    /// <summary>Encrypts <paramref name="blocks"/> blocks with <paramref name="rounds"/> rounds of <paramref name="keys"/>.</summary>
    protected abstract void Encrypt(byte* src, byte* dst, int blocks, Vector128<byte>* keys, int rounds);

    /// <summary>
    /// CBC-encrypts <paramref name="blocks"/> blocks, the chaining value read from and written back to
    /// <paramref name="chain"/> and held in registers in between.
    /// </summary>
    protected abstract void EncryptCbc(byte* chain, byte* src, byte* dst, int blocks, Vector128<byte>* keys, int rounds);

    /// <summary>Decrypts with the equivalent-inverse-cipher keys.</summary>
    protected abstract void Decrypt(byte* src, byte* dst, int blocks, Vector128<byte>* keys, int rounds);
}
#endif

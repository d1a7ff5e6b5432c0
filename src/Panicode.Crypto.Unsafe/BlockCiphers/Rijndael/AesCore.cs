#if NET
using System;
using System.Diagnostics;
using System.Runtime.Intrinsics;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Modes;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Rijndael;

/// <summary>
/// What the AES-NI cores and the ARMv8 AES core (<see cref="RijndaelArmAesCore"/>) share: the round keys of <see cref="AesNiKeySchedule"/>, pinned once per
/// call, and their clearing. Subclasses supply the block loops for their block size, and a CBC
/// encryption loop (serial: one block in flight, the chaining value kept in registers).
/// </summary>
internal abstract unsafe class AesCore : BlockCipher, ICbcEncryptor
{
    private readonly int _rounds;
    private readonly Vector128<byte>[] _encryptionKeys;
    private readonly Vector128<byte>[] _decryptionKeys;

    /// <summary>The number of rounds (10, 12 or 14 for AES; up to 14 for Rijndael).</summary>
    internal int Rounds => _rounds;

    /// <summary>The encryption round keys, for a mode's loop over this core (the stitched GCM of Aead/StitchedAesGcm.cs, on AES-NI and ARMv8 AES alike).</summary>
    internal Vector128<byte>[] EncryptionKeys => _encryptionKeys;

    /// <summary>The equivalent-inverse-cipher round keys, for a subclass's own decryption loop.</summary>
    protected Vector128<byte>[] DecryptionKeys => _decryptionKeys;

    /// <summary>CTR over this core's encryption keys with the AES instructions of <typeparamref name="TAes"/> (<see cref="ICtrCore"/>; 16-byte blocks).</summary>
    protected void TransformCtr<TAes>(Span<byte> counter, int counterBytes, ReadOnlySpan<byte> source, Span<byte> destination)
        where TAes : struct, IAesRounds
    {
        Debug.Assert(BlockSize == 16);
        AesBatch.Counter count = new(counter, counterBytes);
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (Vector128<byte>* keys = _encryptionKeys)
        {
            AesBatch.Ctr<TAes>(ref count, src, dst, source.Length / 16, keys, _rounds);
        }

        count.WriteTo(counter);
    }

    protected AesCore(ReadOnlySpan<byte> key, int blockSizeInBytes)
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

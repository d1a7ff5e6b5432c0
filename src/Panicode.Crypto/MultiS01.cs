// MULTI-S01: Hitachi, "A Symmetric Key Encryption Algorithm MULTI-S01: An Integrity-Aware Block Encryption Based on
// Cryptographic Pseudorandom Number Generator" (2000, 2001; CRYPTREC), §1.2 (big-endian words), §1.3 (F_2^64),
// §2.3-2.4 (A, B and S from PANAMA), §2.5 (encryption), §2.6 (decryption and the integrity check), §3 (long messages).
using System;
using System.Buffers.Binary;
using System.Diagnostics;
using System.Security.Cryptography;
using Panicode.Crypto.Aead;
using Panicode.Crypto.Internal;
using Panicode.Crypto.StreamCiphers.Panama;

namespace Panicode.Crypto;

/// <summary>
/// MULTI-S01 (Hitachi; CRYPTREC): encryption with integrity over the PANAMA key stream (big-endian words). A 256-bit
/// key K, a 32-byte deviation parameter Q that must never repeat under one key, and 8 bytes of redundancy data R that
/// both sides know: the ciphertext is two 8-byte blocks longer than the message (rounded up to 8 bytes), and
/// decryption rejects any change to it, to Q or to R with <see cref="CryptographicException"/>.
/// </summary>
/// <remarks>
/// <para>Q plays the role of a nonce (§2.4: "one may not use the same pair of (K, Q)" twice); R is an integrity check
/// value, not secret. A message whose length is not a multiple of 8 bytes is padded with zero bytes (§2.5, Figure 5);
/// decryption is given the message length (the destination's length) and rejects a ciphertext whose padding bytes are
/// not zero, beside the specification's checks of S and R (compared without branching on their values).</para>
/// <para>There are no published MULTI-S01 test vectors; what this implementation was checked against is listed in the
/// README. An instance may be shared between threads: each call builds its own key stream.</para>
/// </remarks>
public sealed class MultiS01 : IDisposable
{
    /// <summary>The key size in bytes (256 bits).</summary>
    public const int KeySizeInBytes = PanamaSpec.KeyBytes;

    /// <summary>The size of the deviation parameter Q in bytes (256 bits).</summary>
    public const int DeviationSizeInBytes = PanamaSpec.IVBytes;

    /// <summary>The size of the redundancy data R in bytes (64 bits).</summary>
    public const int RedundancySizeInBytes = 8;

    private const int Block = 8;
    private readonly byte[] _key;
    private readonly Func<bool, PanamaModule> _createModule;
    private bool _disposed;

    private MultiS01(ReadOnlySpan<byte> key, Func<bool, PanamaModule> createModule)
    {
        _key = key.ToArray();
        _createModule = createModule;
    }

    /// <summary>Creates MULTI-S01 under a 32-byte key (the object keeps its own copy).</summary>
    /// <param name="key">The 256-bit key.</param>
    /// <returns>A new MULTI-S01 instance.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="key"/> is null.</exception>
    /// <exception cref="CryptographicException"><paramref name="key"/> is not 32 bytes.</exception>
    public static MultiS01 Create(byte[] key)
    {
        Gcm.ThrowIfNull(key, nameof(key));
        return Create(new ReadOnlySpan<byte>(key));
    }

    /// <inheritdoc cref="Create(byte[])"/>
    public static MultiS01 Create(ReadOnlySpan<byte> key) => Create(key, bigEndian => new PanamaEngine(bigEndian));

    /// <summary>
    /// MULTI-S01 over a flavour's PANAMA module (the one implementation of both flavours: the Unsafe package passes
    /// its own module); arguments checked as by <see cref="Create(ReadOnlySpan{byte})"/>.
    /// </summary>
    internal static MultiS01 Create(ReadOnlySpan<byte> key, Func<bool, PanamaModule> createModule)
    {
        if (key.Length != KeySizeInBytes)
        {
            throw new CryptographicException(ErrorMessages.MultiS01KeyLength);
        }

        return new MultiS01(key, createModule);
    }

    /// <summary>The ciphertext length for a message of <paramref name="plaintextLength"/> bytes: 8 * ceil(length / 8) + 16.</summary>
    /// <param name="plaintextLength">The message length in bytes.</param>
    /// <returns>The ciphertext length in bytes.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="plaintextLength"/> is negative or too large for an array.</exception>
    public static int GetCiphertextLength(int plaintextLength)
    {
        if (plaintextLength < 0 || plaintextLength > int.MaxValue - 3 * Block)
        {
            throw new ArgumentOutOfRangeException(nameof(plaintextLength));
        }

        return ((plaintextLength + Block - 1) / Block * Block) + (2 * Block);
    }

    /// <summary>Encrypts <paramref name="plaintext"/> into a new array.</summary>
    /// <param name="deviation">Q, 32 bytes, never repeated under this key.</param>
    /// <param name="plaintext">The message.</param>
    /// <param name="redundancy">R, 8 bytes, which decryption must be given again.</param>
    /// <returns>The ciphertext, <see cref="GetCiphertextLength"/> bytes.</returns>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="ArgumentException">Q or R has the wrong length.</exception>
    /// <exception cref="ObjectDisposedException">This object was disposed.</exception>
    public byte[] Encrypt(byte[] deviation, byte[] plaintext, byte[] redundancy)
    {
        Gcm.ThrowIfNull(deviation, nameof(deviation));
        Gcm.ThrowIfNull(plaintext, nameof(plaintext));
        Gcm.ThrowIfNull(redundancy, nameof(redundancy));
        byte[] ciphertext = new byte[GetCiphertextLength(plaintext.Length)];
        Encrypt(deviation, plaintext, redundancy, ciphertext);
        return ciphertext;
    }

    /// <summary>Encrypts <paramref name="plaintext"/> into <paramref name="ciphertext"/> (the same memory at the same start, or disjoint).</summary>
    /// <param name="deviation">Q, 32 bytes, never repeated under this key.</param>
    /// <param name="plaintext">The message.</param>
    /// <param name="redundancy">R, 8 bytes, which decryption must be given again.</param>
    /// <param name="ciphertext">Exactly <see cref="GetCiphertextLength"/> bytes.</param>
    /// <exception cref="ArgumentException">Q, R or the ciphertext has the wrong length, or the buffers overlap partially.</exception>
    /// <exception cref="ObjectDisposedException">This object was disposed.</exception>
    public void Encrypt(ReadOnlySpan<byte> deviation, ReadOnlySpan<byte> plaintext, ReadOnlySpan<byte> redundancy, Span<byte> ciphertext)
    {
        CheckArguments(deviation, redundancy);
        if (ciphertext.Length != GetCiphertextLength(plaintext.Length))
        {
            throw new ArgumentException(ErrorMessages.MultiS01CiphertextLength, nameof(ciphertext));
        }

        Gcm.CheckOverlap(plaintext, ciphertext);
        EncryptCore(deviation, plaintext, redundancy, ciphertext);
    }

    /// <summary>Decrypts and checks <paramref name="ciphertext"/> into a message of <paramref name="plaintextLength"/> bytes.</summary>
    /// <param name="deviation">The Q the message was encrypted with.</param>
    /// <param name="ciphertext">The ciphertext.</param>
    /// <param name="redundancy">The R the message was encrypted with.</param>
    /// <param name="plaintextLength">The message length (the ciphertext fixes it up to the padding).</param>
    /// <returns>The message.</returns>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="ArgumentException">Q, R or the lengths do not fit.</exception>
    /// <exception cref="CryptographicException">The integrity check failed.</exception>
    /// <exception cref="ObjectDisposedException">This object was disposed.</exception>
    public byte[] Decrypt(byte[] deviation, byte[] ciphertext, byte[] redundancy, int plaintextLength)
    {
        Gcm.ThrowIfNull(deviation, nameof(deviation));
        Gcm.ThrowIfNull(ciphertext, nameof(ciphertext));
        Gcm.ThrowIfNull(redundancy, nameof(redundancy));
        if (plaintextLength < 0)
        {
            throw new ArgumentOutOfRangeException(nameof(plaintextLength));
        }

        byte[] plaintext = new byte[plaintextLength];
        Decrypt(deviation, ciphertext, redundancy, plaintext);
        return plaintext;
    }

    /// <summary>
    /// Decrypts and checks <paramref name="ciphertext"/> into <paramref name="plaintext"/> (the same memory at the same
    /// start, or disjoint), whose length is the message length. On failure the destination is cleared.
    /// </summary>
    /// <param name="deviation">The Q the message was encrypted with.</param>
    /// <param name="ciphertext">The ciphertext.</param>
    /// <param name="redundancy">The R the message was encrypted with.</param>
    /// <param name="plaintext">The message's destination; its length is the message length.</param>
    /// <exception cref="ArgumentException">Q, R or the lengths do not fit, or the buffers overlap partially.</exception>
    /// <exception cref="CryptographicException">The integrity check failed (S, R or the padding differ).</exception>
    /// <exception cref="ObjectDisposedException">This object was disposed.</exception>
    public void Decrypt(ReadOnlySpan<byte> deviation, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> redundancy, Span<byte> plaintext)
    {
        CheckArguments(deviation, redundancy);
        if (ciphertext.Length != GetCiphertextLength(plaintext.Length))
        {
            throw new ArgumentException(ErrorMessages.MultiS01CiphertextLength, nameof(ciphertext));
        }

        Gcm.CheckOverlap(ciphertext, plaintext);
        if (!DecryptCore(deviation, ciphertext, redundancy, plaintext))
        {
            Secret.Clear(plaintext);
            throw new CryptographicException(ErrorMessages.MultiS01Rejected);
        }
    }

    /// <summary>Clears the key.</summary>
    public void Dispose()
    {
        Secret.Clear(_key);
        _disposed = true;
    }

    private void CheckArguments(ReadOnlySpan<byte> deviation, ReadOnlySpan<byte> redundancy)
    {
        if (_disposed)
        {
            throw new ObjectDisposedException(nameof(MultiS01));
        }

        if (deviation.Length != DeviationSizeInBytes)
        {
            throw new ArgumentException(ErrorMessages.MultiS01DeviationLength, nameof(deviation));
        }

        if (redundancy.Length != RedundancySizeInBytes)
        {
            throw new ArgumentException(ErrorMessages.MultiS01RedundancyLength, nameof(redundancy));
        }
    }

    private void EncryptCore(ReadOnlySpan<byte> deviation, ReadOnlySpan<byte> plaintext, ReadOnlySpan<byte> redundancy, Span<byte> ciphertext)
    {
        using KeyStream stream = new(_createModule(true), _key, deviation);
        ulong a = stream.NonZero();
        int messageBlocks = (ciphertext.Length / Block) - 2;
        ulong previous = 0;
        for (int i = 0; i < messageBlocks; i++)
        {
            // §2.5: P_i from the message (zero padded), F_i = P_i ^ B_i, C_i = (F_i ⊗ A) ^ F_{i-1}.
            ulong f = MessageBlock(plaintext, i) ^ stream.Next();
            BinaryPrimitives.WriteUInt64BigEndian(ciphertext.Slice(i * Block), Gf64.Multiply(f, a) ^ previous);
            previous = f;
        }

        // B_{n-1}, B_n, then S (§2.4 steps 4 and 5); P_{n-1} = S, P_n = R.
        ulong bSecondLast = stream.Next(), bLast = stream.Next(), s = stream.Next();
        ulong fSecondLast = s ^ bSecondLast;
        BinaryPrimitives.WriteUInt64BigEndian(ciphertext.Slice(messageBlocks * Block), Gf64.Multiply(fSecondLast, a) ^ previous);
        ulong fLast = BinaryPrimitives.ReadUInt64BigEndian(redundancy) ^ bLast;
        BinaryPrimitives.WriteUInt64BigEndian(ciphertext.Slice((messageBlocks + 1) * Block), Gf64.Multiply(fLast, a) ^ fSecondLast);
    }

    private bool DecryptCore(ReadOnlySpan<byte> deviation, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> redundancy, Span<byte> plaintext)
    {
        using KeyStream stream = new(_createModule(true), _key, deviation);
        ulong inverse = Gf64.Inverse(stream.NonZero());
        int messageBlocks = (ciphertext.Length / Block) - 2;
        ulong previous = 0;
        ulong difference = 0;
        Span<byte> word = stackalloc byte[Block];
        for (int i = 0; i < messageBlocks; i++)
        {
            // §2.6: F_i = (C'_i ^ F_{i-1}) ⊗ A^-1, P'_i = F_i ^ B_i.
            ulong f = Gf64.Multiply(BinaryPrimitives.ReadUInt64BigEndian(ciphertext.Slice(i * Block)) ^ previous, inverse);
            previous = f;
            BinaryPrimitives.WriteUInt64BigEndian(word, f ^ stream.Next());
            int length = Math.Min(Block, plaintext.Length - (i * Block));
            word.Slice(0, length).CopyTo(plaintext.Slice(i * Block));

            // Padding bytes must be the zeros encryption wrote (only the last block has any).
            for (int j = length; j < Block; j++)
            {
                difference |= word[j];
            }
        }

        ulong fSecondLast = Gf64.Multiply(BinaryPrimitives.ReadUInt64BigEndian(ciphertext.Slice(messageBlocks * Block)) ^ previous, inverse);
        ulong fLast = Gf64.Multiply(BinaryPrimitives.ReadUInt64BigEndian(ciphertext.Slice((messageBlocks + 1) * Block)) ^ fSecondLast, inverse);
        ulong bSecondLast = stream.Next(), bLast = stream.Next(), s = stream.Next();

        // S' = S and R' = R, accumulated without a branch on either (§2.6).
        difference |= (fSecondLast ^ bSecondLast) ^ s;
        difference |= (fLast ^ bLast) ^ BinaryPrimitives.ReadUInt64BigEndian(redundancy);
        word.Clear();
        return difference == 0;
    }

    private static ulong MessageBlock(ReadOnlySpan<byte> plaintext, int index)
    {
        int offset = index * Block;
        if (plaintext.Length - offset >= Block)
        {
            return BinaryPrimitives.ReadUInt64BigEndian(plaintext.Slice(offset));
        }

        // The last, partial block: the message bytes, then zeros (§2.5, Figure 5).
        ulong value = 0;
        for (int j = 0; j < plaintext.Length - offset; j++)
        {
            value |= (ulong)plaintext[offset + j] << (56 - (8 * j));
        }

        return value;
    }

    /// <summary>PANAMA-BE under (K, Q) read as 64-bit big-endian words (§1.2, §2.4).</summary>
    private sealed class KeyStream : IDisposable
    {
        private readonly PanamaCore _core;
        private readonly byte[] _zeros = new byte[PanamaSpec.BlockBytes];
        private readonly byte[] _buffer = new byte[PanamaSpec.BlockBytes];
        private int _position = PanamaSpec.BlockBytes;

        /// <param name="module">A big-endian PANAMA module of the caller's flavour.</param>
        /// <param name="key">K.</param>
        /// <param name="deviation">Q.</param>
        public KeyStream(PanamaModule module, ReadOnlySpan<byte> key, ReadOnlySpan<byte> deviation)
        {
            Debug.Assert(module.BigEndian);
            _core = new PanamaCore(module);
            _core.Initialize(key, deviation);
        }

        /// <summary>A: the first non-zero 64-bit output (§2.4 steps 2 and 3).</summary>
        public ulong NonZero()
        {
            ulong a;
            do
            {
                a = Next();
            }
            while (a == 0);
            return a;
        }

        public ulong Next()
        {
            if (_position == _buffer.Length)
            {
                _core.XorBlocks(_zeros, _buffer);
                _position = 0;
            }

            ulong word = BinaryPrimitives.ReadUInt64BigEndian(_buffer.AsSpan(_position));
            _position += Block;
            return word;
        }

        public void Dispose()
        {
            _core.ClearState();
            Secret.Clear(_buffer);
        }
    }
}

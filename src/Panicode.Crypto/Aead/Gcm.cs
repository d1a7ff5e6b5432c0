using System;
using System.Diagnostics;
using System.Security.Cryptography;
using Panicode.Crypto.Aead;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Modes;

namespace Panicode.Crypto;

/// <summary>
/// Galois/Counter Mode (NIST SP 800-38D §6-§7; McGrew and Viega, "The Galois/Counter Mode of Operation", 2004)
/// over any 128-bit block cipher of this library: authenticated encryption with associated data, shaped like
/// <c>System.Security.Cryptography.AesGcm</c>. Create it from a cipher object, e.g.
/// <c>CamelliaCipher.Create().CreateGcm(key)</c>; the cipher's flavour (Reference or Unsafe) carries over.
/// </summary>
/// <remarks>
/// <para>Nonces of any length from 1 byte work (SP 800-38D §5.2.1.1); 12 bytes is the fast, recommended
/// length (J0 = IV || 0^31 || 1, §7.1 step 2), any other length is hashed with GHASH first. Tags are 12 to 16
/// bytes, or 4 or 8 bytes for the applications of SP 800-38D Appendix C.</para>
/// <para>A failed tag check clears the plaintext buffer before it throws; the tag is compared in constant time.
/// Input and output may be the same buffer, but must not overlap partially; the nonce, associated data and tag may
/// share memory with the output in any way (they are read in full first), and the ciphertext and tag outputs must not
/// overlap each other. Decryption reads the nonce, associated data and tag before it writes any plaintext; a flavour
/// that decrypts in one pass (the Unsafe AES-NI one) writes plaintext before the tag is checked and clears it when the
/// tag does not match, as the built-in AesGcm does, so a failed call leaves zeros. An instance may be shared by
/// threads: every call keeps its per-message state on its own stack.</para>
/// </remarks>
public sealed class Gcm : IDisposable
{
    private readonly BlockCipher _cipher;
    private readonly GHash _ghash;
    private readonly GcmBulk? _bulk;
    private readonly int _tagSize;

    internal Gcm(BlockCipher cipher, GHash ghash, GcmBulk? bulk, int tagSizeInBytes)
    {
        Debug.Assert(cipher.BlockSize == 16);
        _cipher = cipher;
        _ghash = ghash;
        _bulk = bulk;
        _tagSize = tagSizeInBytes;
    }

    /// <summary>The nonce sizes GCM accepts, in bytes: any length from 1 (12 is recommended).</summary>
    public static KeySizes NonceByteSizes { get; } = new KeySizes(1, int.MaxValue, 1);

    /// <summary>The tag sizes GCM accepts, in bytes: 12 to 16, and 4 and 8 (SP 800-38D §5.2.1.2, Appendix C); a new array on each call.</summary>
    public static KeySizes[] TagByteSizes => new[] { new KeySizes(4, 8, 4), new KeySizes(12, 16, 1) };

    /// <summary>The tag size in bytes this instance writes and expects.</summary>
    public int TagSizeInBytes => _tagSize;

    internal void ThrowIfDisposed() => _cipher.ThrowIfDisposed();

    /// <summary>The one-pass loop this instance uses, or null (for the tests that check which loop runs).</summary>
    internal GcmBulk? Bulk => _bulk;

    internal static bool IsValidTagSize(int size) => size is 4 or 8 or (>= 12 and <= 16);

    /// <summary>Encrypts <paramref name="plaintext"/> into <paramref name="ciphertext"/> and writes the tag.</summary>
    /// <param name="nonce">The nonce; never reuse a nonce with the same key.</param>
    /// <param name="plaintext">The data to encrypt.</param>
    /// <param name="ciphertext">Receives the encrypted data; as long as <paramref name="plaintext"/>.</param>
    /// <param name="tag">Receives the authentication tag; <see cref="TagSizeInBytes"/> long.</param>
    /// <param name="associatedData">Data authenticated but not encrypted.</param>
    /// <exception cref="ArgumentNullException">An array argument other than <paramref name="associatedData"/> is null.</exception>
    /// <exception cref="ArgumentException">A length is not valid, or the buffers overlap partially.</exception>
    public void Encrypt(byte[] nonce, byte[] plaintext, byte[] ciphertext, byte[] tag, byte[]? associatedData = null)
    {
        ThrowIfNull(nonce, nameof(nonce));
        ThrowIfNull(plaintext, nameof(plaintext));
        ThrowIfNull(ciphertext, nameof(ciphertext));
        ThrowIfNull(tag, nameof(tag));
        Encrypt((ReadOnlySpan<byte>)nonce, plaintext, ciphertext, tag, associatedData);
    }

    /// <inheritdoc cref="Encrypt(byte[], byte[], byte[], byte[], byte[])"/>
    public void Encrypt(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag, ReadOnlySpan<byte> associatedData = default)
    {
        CheckArguments(nonce, plaintext, ciphertext, tag.Length);
        CheckOutputs(ciphertext, tag);
        Span<byte> fullTag = stackalloc byte[16];
        SealCore(new AeadSpans(nonce, plaintext, ciphertext, associatedData), fullTag);
        fullTag.Slice(0, _tagSize).CopyTo(tag);
        Secret.Clear(fullTag);
    }

    /// <summary>Checks the tag and decrypts <paramref name="ciphertext"/> into <paramref name="plaintext"/>.</summary>
    /// <param name="nonce">The nonce used to encrypt.</param>
    /// <param name="ciphertext">The encrypted data.</param>
    /// <param name="tag">The authentication tag; <see cref="TagSizeInBytes"/> long.</param>
    /// <param name="plaintext">Receives the decrypted data; as long as <paramref name="ciphertext"/>. Cleared when the tag does not match.</param>
    /// <param name="associatedData">The associated data given to encrypt.</param>
    /// <exception cref="ArgumentNullException">An array argument other than <paramref name="associatedData"/> is null.</exception>
    /// <exception cref="ArgumentException">A length is not valid, or the buffers overlap partially.</exception>
    /// <exception cref="CryptographicException">The tag does not match (on .NET 10 an <c>AuthenticationTagMismatchException</c>).</exception>
    public void Decrypt(byte[] nonce, byte[] ciphertext, byte[] tag, byte[] plaintext, byte[]? associatedData = null)
    {
        ThrowIfNull(nonce, nameof(nonce));
        ThrowIfNull(ciphertext, nameof(ciphertext));
        ThrowIfNull(tag, nameof(tag));
        ThrowIfNull(plaintext, nameof(plaintext));
        Decrypt((ReadOnlySpan<byte>)nonce, ciphertext, tag, plaintext, associatedData);
    }

    /// <inheritdoc cref="Decrypt(byte[], byte[], byte[], byte[], byte[])"/>
    public void Decrypt(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext, ReadOnlySpan<byte> associatedData = default)
    {
        CheckArguments(nonce, ciphertext, plaintext, tag.Length);
        if (!OpenCore(new AeadSpans(nonce, ciphertext, plaintext, associatedData), tag))
        {
            throw AuthenticationFailed();
        }
    }

    /// <summary>Clears the key schedule and the hash key.</summary>
    public void Dispose()
    {
        _cipher.Dispose();
        _ghash.Dispose();
        _bulk?.Dispose();
    }

    /// <summary>
    /// Encrypts and writes the full 16-byte tag (GCM-AE, SP 800-38D §7.1). Every per-message value (J0, the counter,
    /// the GHASH sum) lives on this call's stack: one instance serves concurrent calls. The nonce and the associated
    /// data are read in full before the first ciphertext byte is written, so the output may alias them.
    /// </summary>
    internal void SealCore(in AeadSpans spans, Span<byte> fullTag)
    {
        ReadOnlySpan<byte> plaintext = spans.Input;
        Span<byte> ciphertext = spans.Output;
        Span<byte> j0 = stackalloc byte[16];
        Span<byte> counter = stackalloc byte[16];
        PreCounterBlock(spans.Nonce, j0);
        j0.CopyTo(counter);
        Ctr.Increment(counter, 4);

        GHashValue y = default;
        _ghash.UpdatePadded(ref y, spans.AssociatedData);

        int offset = 0;
        if (_bulk != null)
        {
            // Whole blocks in one stitched pass; the partial last block (if any) below.
            offset = plaintext.Length & ~15;
            _bulk.Seal(counter, plaintext.Slice(0, offset), ciphertext.Slice(0, offset), ref y);
        }

        // One chunk at a time: its ciphertext is hashed while it is still in the cache.
        int chunk = Ctr.ChunkBytes;
        for (; offset < plaintext.Length; offset += chunk)
        {
            int length = Math.Min(chunk, plaintext.Length - offset);
            Span<byte> output = ciphertext.Slice(offset, length);
            Ctr.Transform(_cipher, counter, 4, plaintext.Slice(offset, length), output);
            _ghash.UpdatePadded(ref y, output);
        }

        _ghash.UpdateLengths(ref y, spans.AssociatedData.Length, plaintext.Length);
        Finish(ref y, j0, fullTag);
        Secret.Clear(counter);
    }

    /// <summary>
    /// Checks the tag and decrypts (GCM-AD, SP 800-38D §7.2); false (and a cleared output) on a mismatch. Without a
    /// <see cref="GcmBulk"/> the tag is checked over the ciphertext first and the plaintext written only when it matches;
    /// with one, both happen in one pass and a mismatch clears the output, so forged data never stays there. Either way
    /// the nonce, associated data and tag are all read before the output is written (it may alias them). Per-message
    /// values live on this call's stack, as in <see cref="SealCore"/>.
    /// </summary>
    internal bool OpenCore(in AeadSpans spans, ReadOnlySpan<byte> tag)
    {
        ReadOnlySpan<byte> ciphertext = spans.Input;
        Span<byte> plaintext = spans.Output.Slice(0, ciphertext.Length);
        Span<byte> j0 = stackalloc byte[16];
        Span<byte> counter = stackalloc byte[16];
        Span<byte> expected = stackalloc byte[16];
        Span<byte> received = stackalloc byte[16];
        tag.CopyTo(received);
        PreCounterBlock(spans.Nonce, j0);
        j0.CopyTo(counter);
        Ctr.Increment(counter, 4);

        GHashValue y = default;
        _ghash.UpdatePadded(ref y, spans.AssociatedData);
        if (_bulk != null)
        {
            // One pass: whole blocks hashed and decrypted together, then the partial block hashed before it is
            // decrypted (in place, decrypting it would overwrite the ciphertext). A mismatch clears it all below.
            int whole = ciphertext.Length & ~15;
            _bulk.Open(counter, ciphertext.Slice(0, whole), plaintext.Slice(0, whole), ref y);
            _ghash.UpdatePadded(ref y, ciphertext.Slice(whole));
            Ctr.Transform(_cipher, counter, 4, ciphertext.Slice(whole), plaintext.Slice(whole));
        }
        else
        {
            _ghash.UpdatePadded(ref y, ciphertext);
        }

        _ghash.UpdateLengths(ref y, spans.AssociatedData.Length, ciphertext.Length);
        Finish(ref y, j0, expected);
        bool valid = ConstantTime.BytesEqual(expected.Slice(0, tag.Length), received.Slice(0, tag.Length)) == 1;
        Secret.Clear(expected);
        if (valid && _bulk == null)
        {
            Ctr.Transform(_cipher, counter, 4, ciphertext, plaintext);
        }
        else if (!valid)
        {
            // As the built-in AesGcm: the output holds zeros, not whatever the caller had there.
            Secret.Clear(plaintext);
        }

        Secret.Clear(counter);
        return valid;
    }

    internal static Exception AuthenticationFailed()
    {
#if NET
        return new AuthenticationTagMismatchException(ErrorMessages.TagMismatch);
#else
        return new CryptographicException(ErrorMessages.TagMismatch);
#endif
    }

    internal static void ThrowIfNull(object? argument, string name)
    {
        if (argument == null)
        {
            throw new ArgumentNullException(name);
        }
    }

    internal static void CheckOverlap(ReadOnlySpan<byte> input, ReadOnlySpan<byte> output)
    {
        if (input.Overlaps(output, out int offset) && offset != 0)
        {
            throw new ArgumentException(ErrorMessages.BuffersOverlap, nameof(output));
        }
    }

    /// <summary>The two outputs of sealing (ciphertext and tag) may not share memory: one would overwrite the other.</summary>
    internal static void CheckOutputs(ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag)
    {
        if (ciphertext.Overlaps(tag))
        {
            throw new ArgumentException(ErrorMessages.OutputsOverlap, nameof(tag));
        }
    }

    private void CheckArguments(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> input, ReadOnlySpan<byte> output, int tagLength)
    {
        _cipher.ThrowIfDisposed();
        if (nonce.Length == 0)
        {
            throw new ArgumentException(ErrorMessages.InvalidNonceLength, nameof(nonce));
        }

        if (input.Length != output.Length)
        {
            throw new ArgumentException(ErrorMessages.PlaintextCiphertextLengthMismatch);
        }

        if (tagLength != _tagSize)
        {
            throw new ArgumentException(string.Format(ErrorMessages.TagLengthMismatch, _tagSize), "tag");
        }

        CheckOverlap(input, output);

        // SP 800-38D §5.2.1.1 caps the plaintext at 2^39 - 256 bits (2^36 - 32 bytes) per nonce, the point where the
        // 32-bit block counter would wrap. A span holds fewer than 2^31 bytes, so one call never reaches it.
        Debug.Assert((long)input.Length <= (1L << 36) - 32);
    }

    /// <summary>J0 (SP 800-38D §7.1 step 2): IV || 0^31 || 1 for a 96-bit IV, else GHASH(IV || 0^(s+64) || [len(IV)]_64).</summary>
    private void PreCounterBlock(ReadOnlySpan<byte> nonce, Span<byte> j0)
    {
        if (nonce.Length == 12)
        {
            nonce.CopyTo(j0);
            j0[12] = 0;
            j0[13] = 0;
            j0[14] = 0;
            j0[15] = 1;
        }
        else
        {
            GHashValue y = default;
            _ghash.UpdatePadded(ref y, nonce);
            _ghash.UpdateLengths(ref y, 0, nonce.Length);
            y.WriteTo(j0);
            y.Clear();
        }
    }

    /// <summary>
    /// T = E(J0) ^ S (SP 800-38D §7.1 step 6), S = <paramref name="y"/> after the length block; clears
    /// <paramref name="y"/> and <paramref name="j0"/>.
    /// </summary>
    private void Finish(ref GHashValue y, Span<byte> j0, Span<byte> fullTag)
    {
        Span<byte> s = stackalloc byte[16];
        y.WriteTo(s);
        y.Clear();
        _cipher.Encrypt(j0, j0);
        Xor.Into(j0, s, fullTag);
        Secret.Clear(s);
        Secret.Clear(j0);
    }
}

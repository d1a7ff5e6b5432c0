using System;
using System.Diagnostics;
using System.Security.Cryptography;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Mac;
using Panicode.Crypto.Modes;

namespace Panicode.Crypto;

/// <summary>
/// Counter with CBC-MAC (NIST SP 800-38C; RFC 3610) over any 128-bit block cipher of this library: authenticated
/// encryption with associated data, shaped like <c>System.Security.Cryptography.AesCcm</c>. Create it from a
/// cipher object, e.g. <c>CamelliaCipher.Create().CreateCcm(key)</c> (Camellia-CCM is RFC 5528's).
/// </summary>
/// <remarks>
/// <para>Nonces are 7 to 13 bytes; the shorter the nonce, the longer the message may be (a nonce of n bytes leaves
/// 15 - n bytes for the length, SP 800-38C §A.2.1). Tags are 4 to 16 bytes, even; the tag's length is the length
/// of the <c>tag</c> argument, as in <c>System.Security.Cryptography.AesCcm</c>.</para>
/// <para>A failed tag check clears the plaintext buffer before it throws; the tag is compared in constant time.
/// Input and output may be the same buffer, but must not overlap partially; the nonce, associated data and tag may
/// share memory with the output in any way (they are read in full first), and the ciphertext and tag outputs must not
/// overlap each other. An instance may be shared by threads: every call keeps its per-message state on its own
/// stack.</para>
/// </remarks>
public sealed class Ccm : IDisposable
{
    private readonly BlockCipher _cipher;

    internal Ccm(BlockCipher cipher)
    {
        Debug.Assert(cipher.BlockSize == 16);
        _cipher = cipher;
    }

    /// <summary>The nonce sizes CCM accepts, in bytes: 7 to 13.</summary>
    public static KeySizes NonceByteSizes { get; } = new KeySizes(7, 13, 1);

    /// <summary>
    /// The tag sizes CCM accepts, in bytes: 4 to 16, even (SP 800-38C §A.1). An array, as <see cref="Gcm.TagByteSizes"/>
    /// (whose sizes are two ranges); a new array on each call.
    /// </summary>
    public static KeySizes[] TagByteSizes => new[] { new KeySizes(4, 16, 2) };

    /// <summary>Encrypts <paramref name="plaintext"/> into <paramref name="ciphertext"/> and writes the tag.</summary>
    /// <param name="nonce">The nonce (7 to 13 bytes); never reuse a nonce with the same key.</param>
    /// <param name="plaintext">The data to encrypt.</param>
    /// <param name="ciphertext">Receives the encrypted data; as long as <paramref name="plaintext"/>.</param>
    /// <param name="tag">Receives the authentication tag; its length (4 to 16, even) is the tag size.</param>
    /// <param name="associatedData">Data authenticated but not encrypted.</param>
    /// <exception cref="ArgumentNullException">An array argument other than <paramref name="associatedData"/> is null.</exception>
    /// <exception cref="ArgumentException">A length is not valid, or the buffers overlap partially.</exception>
    public void Encrypt(byte[] nonce, byte[] plaintext, byte[] ciphertext, byte[] tag, byte[]? associatedData = null)
    {
        Gcm.ThrowIfNull(nonce, nameof(nonce));
        Gcm.ThrowIfNull(plaintext, nameof(plaintext));
        Gcm.ThrowIfNull(ciphertext, nameof(ciphertext));
        Gcm.ThrowIfNull(tag, nameof(tag));
        Encrypt((ReadOnlySpan<byte>)nonce, plaintext, ciphertext, tag, associatedData);
    }

    /// <inheritdoc cref="Encrypt(byte[], byte[], byte[], byte[], byte[])"/>
    public void Encrypt(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag, ReadOnlySpan<byte> associatedData = default)
    {
        CheckArguments(nonce, plaintext, ciphertext, tag.Length);
        Gcm.CheckOutputs(ciphertext, tag);
        Span<byte> mac = stackalloc byte[16];
        Span<byte> counter = stackalloc byte[16];
        Span<byte> s0 = stackalloc byte[16];
        int q = 15 - nonce.Length;

        // Everything is read before the first output byte is written: the output may alias the nonce or the associated data.
        CounterBlock(nonce, counter);
        AuthenticateHeader(mac, nonce, associatedData, plaintext.Length, tag.Length);
        counter.CopyTo(s0);
        _cipher.Encrypt(s0, s0);
        Ctr.Increment(counter, q);
        if (_cipher is ICcmCore fused)
        {
            // Whole blocks with the CBC-MAC and CTR interleaved in the core; each block is read (for both) before its
            // ciphertext is written, so in place works. The partial last block, if any, below.
            int whole = plaintext.Length & ~15;
            fused.SealCcm(mac, counter, q, plaintext.Slice(0, whole), ciphertext.Slice(0, whole));
            CbcMacChain.AbsorbPadded(_cipher, mac, plaintext.Slice(whole));
            Ctr.Transform(_cipher, counter, q, plaintext.Slice(whole), ciphertext.Slice(whole));
        }
        else
        {
            CbcMacChain.AbsorbPadded(_cipher, mac, plaintext);
            Ctr.Transform(_cipher, counter, q, plaintext, ciphertext);
        }

        Xor.Into(mac, s0, tag);
        Secret.Clear(mac);
        Secret.Clear(s0);
        Secret.Clear(counter);
    }

    /// <summary>Decrypts <paramref name="ciphertext"/> into <paramref name="plaintext"/> and checks the tag.</summary>
    /// <param name="nonce">The nonce used to encrypt.</param>
    /// <param name="ciphertext">The encrypted data.</param>
    /// <param name="tag">The authentication tag (4 to 16 bytes, even).</param>
    /// <param name="plaintext">Receives the decrypted data; as long as <paramref name="ciphertext"/>. Cleared when the tag does not match.</param>
    /// <param name="associatedData">The associated data given to encrypt.</param>
    /// <exception cref="ArgumentNullException">An array argument other than <paramref name="associatedData"/> is null.</exception>
    /// <exception cref="ArgumentException">A length is not valid, or the buffers overlap partially.</exception>
    /// <exception cref="CryptographicException">The tag does not match (on .NET 10 an <c>AuthenticationTagMismatchException</c>).</exception>
    public void Decrypt(byte[] nonce, byte[] ciphertext, byte[] tag, byte[] plaintext, byte[]? associatedData = null)
    {
        Gcm.ThrowIfNull(nonce, nameof(nonce));
        Gcm.ThrowIfNull(ciphertext, nameof(ciphertext));
        Gcm.ThrowIfNull(tag, nameof(tag));
        Gcm.ThrowIfNull(plaintext, nameof(plaintext));
        Decrypt((ReadOnlySpan<byte>)nonce, ciphertext, tag, plaintext, associatedData);
    }

    /// <inheritdoc cref="Decrypt(byte[], byte[], byte[], byte[], byte[])"/>
    public void Decrypt(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext, ReadOnlySpan<byte> associatedData = default)
    {
        CheckArguments(nonce, ciphertext, plaintext, tag.Length);
        Span<byte> received = stackalloc byte[16];
        Span<byte> counter = stackalloc byte[16];
        Span<byte> s0 = stackalloc byte[16];
        Span<byte> mac = stackalloc byte[16];
        int tagLength = tag.Length;
        int q = 15 - nonce.Length;

        // CCM authenticates the plaintext, so it must be written before the tag can be checked. The tag, the nonce and
        // the associated data are all read first: the output may alias any of them (as with the built-in AesCcm).
        tag.CopyTo(received);
        CounterBlock(nonce, counter);
        AuthenticateHeader(mac, nonce, associatedData, ciphertext.Length, tagLength);
        counter.CopyTo(s0);
        _cipher.Encrypt(s0, s0);
        Ctr.Increment(counter, q);
        plaintext = plaintext.Slice(0, ciphertext.Length);
        if (_cipher is ICcmCore fused)
        {
            int whole = ciphertext.Length & ~15;
            fused.OpenCcm(mac, counter, q, ciphertext.Slice(0, whole), plaintext.Slice(0, whole));
            Ctr.Transform(_cipher, counter, q, ciphertext.Slice(whole), plaintext.Slice(whole));
            CbcMacChain.AbsorbPadded(_cipher, mac, plaintext.Slice(whole));
        }
        else
        {
            Ctr.Transform(_cipher, counter, q, ciphertext, plaintext);
            CbcMacChain.AbsorbPadded(_cipher, mac, plaintext);
        }

        Xor.InPlace(mac, s0);
        bool valid = ConstantTime.BytesEqual(mac.Slice(0, tagLength), received.Slice(0, tagLength)) == 1;
        Secret.Clear(mac);
        Secret.Clear(s0);
        Secret.Clear(counter);
        if (!valid)
        {
            Secret.Clear(plaintext);
            throw Gcm.AuthenticationFailed();
        }
    }

    /// <summary>Clears the key schedule.</summary>
    public void Dispose() => _cipher.Dispose();

    /// <summary>
    /// The start of the CBC-MAC T of SP 800-38C §6.1: the formatted B0 || encoded Alen || A || 0 (§A.2) into
    /// <paramref name="mac"/> (Y so far); the caller absorbs P || 0 and truncates.
    /// </summary>
    // The spans come first: see AeadSpans on struct arguments past the fifth argument slot.
    private void AuthenticateHeader(Span<byte> mac, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, int payloadLength, int tagLength)
    {
        int q = 15 - nonce.Length;
        Span<byte> block = stackalloc byte[16];

        // B0 (§A.2.1): flags = 64 Adata + 8 ((t - 2) / 2) + (q - 1), then N, then Q in q bytes.
        block[0] = (byte)((associatedData.Length > 0 ? 64 : 0) | ((tagLength - 2) / 2 << 3) | (q - 1));
        nonce.CopyTo(block.Slice(1));
        WriteBigEndian(block.Slice(16 - q), payloadLength);
        mac.Clear();
        CbcMacChain.Absorb(_cipher, mac, block);

        if (associatedData.Length > 0)
        {
            // §A.2.2: a < 2^16 - 2^8 in two bytes, else 0xFF 0xFE and four bytes (a span is shorter than 2^32).
            block.Clear();
            int header;
            if (associatedData.Length < 0xFF00)
            {
                WriteBigEndian(block.Slice(0, 2), associatedData.Length);
                header = 2;
            }
            else
            {
                block[0] = 0xFF;
                block[1] = 0xFE;
                WriteBigEndian(block.Slice(2, 4), associatedData.Length);
                header = 6;
            }

            int first = Math.Min(16 - header, associatedData.Length);
            associatedData.Slice(0, first).CopyTo(block.Slice(header));
            CbcMacChain.Absorb(_cipher, mac, block);
            CbcMacChain.AbsorbPadded(_cipher, mac, associatedData.Slice(first));
        }

        Secret.Clear(block);
    }

    /// <summary>Ctr_0 (§A.3): flags = q - 1, then N, then the counter i = 0 in q bytes.</summary>
    private static void CounterBlock(ReadOnlySpan<byte> nonce, Span<byte> counter)
    {
        counter.Clear();
        counter[0] = (byte)(14 - nonce.Length);
        nonce.CopyTo(counter.Slice(1));
    }

    private static void WriteBigEndian(Span<byte> destination, int value)
    {
        for (int i = destination.Length - 1, v = value; i >= 0; i--, v >>= 8)
        {
            destination[i] = (byte)v;
        }
    }

    private void CheckArguments(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> input, ReadOnlySpan<byte> output, int tagLength)
    {
        _cipher.ThrowIfDisposed();
        if (nonce.Length < 7 || nonce.Length > 13)
        {
            throw new ArgumentException(ErrorMessages.InvalidNonceLength, nameof(nonce));
        }

        if (tagLength < 4 || tagLength > 16 || tagLength % 2 != 0)
        {
            throw new ArgumentException(ErrorMessages.InvalidTagLength, "tag");
        }

        if (input.Length != output.Length)
        {
            throw new ArgumentException(ErrorMessages.PlaintextCiphertextLengthMismatch);
        }

        int q = 15 - nonce.Length;
        if (q < 4 && input.Length >= 1 << (8 * q))
        {
            throw new ArgumentException(string.Format(ErrorMessages.CcmPayloadTooLong, nonce.Length, q, (1 << (8 * q)) - 1));
        }

        Gcm.CheckOverlap(input, output);
    }
}

/// <summary>
/// A core's own CCM loop (a declared capability, looked up by <see cref="Ccm"/>): the CBC-MAC (SP 800-38C §6.1) is a
/// serial chain, one block per cipher latency, and the CTR blocks (§6.1 step 5) are independent, so a core that runs a
/// CTR block beside each MAC block keeps two blocks in flight for the price of the chain alone.
/// </summary>
internal interface ICcmCore
{
    /// <summary>
    /// Absorbs <paramref name="source"/> (whole blocks of plaintext) into the CBC-MAC value <paramref name="mac"/> and
    /// CTR-encrypts it into <paramref name="destination"/> (same length; the same memory or disjoint), the counter in the
    /// last <paramref name="counterBytes"/> bytes of <paramref name="counter"/>, which is left at the first block not used.
    /// </summary>
    void SealCcm(Span<byte> mac, Span<byte> counter, int counterBytes, ReadOnlySpan<byte> source, Span<byte> destination);

    /// <summary>CTR-decrypts <paramref name="source"/> into <paramref name="destination"/> and absorbs the plaintext, as <see cref="SealCcm"/>.</summary>
    void OpenCcm(Span<byte> mac, Span<byte> counter, int counterBytes, ReadOnlySpan<byte> source, Span<byte> destination);
}

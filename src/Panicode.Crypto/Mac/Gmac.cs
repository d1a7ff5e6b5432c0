using System;
using System.Security.Cryptography;
using Panicode.Crypto.Aead;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto;

/// <summary>
/// GMAC (NIST SP 800-38D §3, §7): GCM with no plaintext, a MAC over the associated data that needs a fresh nonce
/// per message. Create it from a cipher object, e.g. <c>RijndaelCipher.Create().CreateGmac(key)</c>.
/// </summary>
/// <remarks>
/// An instance may be shared by threads: each call keeps its GHASH sum on its own stack. The tag may overwrite the
/// data or nonce it is computed from.
/// </remarks>
public sealed class Gmac : IDisposable
{
    private readonly Gcm _gcm;

    internal Gmac(Gcm gcm)
    {
        _gcm = gcm;
    }

    /// <summary>The nonce sizes GMAC accepts, in bytes: those of <see cref="Gcm"/>.</summary>
    public static KeySizes NonceByteSizes => Gcm.NonceByteSizes;

    /// <summary>The tag sizes GMAC accepts, in bytes: those of <see cref="Gcm"/>.</summary>
    public static KeySizes[] TagByteSizes => Gcm.TagByteSizes;

    /// <summary>Computes the tag of <paramref name="data"/> under <paramref name="nonce"/> into <paramref name="tag"/> (its length is the tag size).</summary>
    /// <param name="nonce">The nonce; never reuse a nonce with the same key.</param>
    /// <param name="data">The data to authenticate.</param>
    /// <param name="tag">Receives the tag: 4, 8 or 12 to 16 bytes.</param>
    /// <exception cref="ArgumentException">The nonce or tag length is not valid.</exception>
    public void ComputeTag(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> data, Span<byte> tag)
    {
        CheckArguments(nonce, tag.Length);
        Span<byte> full = stackalloc byte[16];
        _gcm.SealCore(new AeadSpans(nonce, default, default, data), full);
        full.Slice(0, tag.Length).CopyTo(tag);
        Secret.Clear(full);
    }

    /// <summary>True when <paramref name="tag"/> is the tag of <paramref name="data"/> under <paramref name="nonce"/> (compared in constant time).</summary>
    /// <param name="nonce">The nonce the tag was computed with.</param>
    /// <param name="data">The authenticated data.</param>
    /// <param name="tag">The tag to check: 4, 8 or 12 to 16 bytes.</param>
    /// <exception cref="ArgumentException">The nonce or tag length is not valid.</exception>
    public bool VerifyTag(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> data, ReadOnlySpan<byte> tag)
    {
        CheckArguments(nonce, tag.Length);
        Span<byte> full = stackalloc byte[16];
        _gcm.SealCore(new AeadSpans(nonce, default, default, data), full);
        bool valid = ConstantTime.BytesEqual(full.Slice(0, tag.Length), tag) == 1;
        Secret.Clear(full);
        return valid;
    }

    /// <summary>Clears the key schedule and the hash key.</summary>
    public void Dispose() => _gcm.Dispose();

    private void CheckArguments(ReadOnlySpan<byte> nonce, int tagLength)
    {
        _gcm.ThrowIfDisposed();
        if (nonce.Length == 0)
        {
            throw new ArgumentException(ErrorMessages.InvalidNonceLength, nameof(nonce));
        }

        if (!Gcm.IsValidTagSize(tagLength))
        {
            throw new ArgumentException(ErrorMessages.InvalidTagLength, "tag");
        }
    }
}

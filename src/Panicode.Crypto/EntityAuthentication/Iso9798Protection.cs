// ISO/IEC 9798-2 (symmetric encipherment), -3 (digital signatures) and -4 (cryptographic check functions) as HAC
// describes them (Menezes, van Oorschot and Vanstone, Handbook of Applied Cryptography, §10.3.1-§10.3.3): how one token
// text is protected. The token layout is in Iso9798Token.cs; the mechanisms in Iso9798Party.cs.
using System;
using System.Security.Cryptography;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto;

/// <summary>
/// How an <see cref="Iso9798Party"/> protects its tokens: symmetric encipherment with integrity (ISO/IEC 9798-2), a
/// digital signature (ISO/IEC 9798-3) or a MAC (ISO/IEC 9798-4). Both parties must use the same kind and keys.
/// </summary>
/// <remarks>An instance owns the objects given to it (it disposes them) and belongs to one party.</remarks>
public abstract class Iso9798Protection : IDisposable
{
    private protected Iso9798Protection()
    {
    }

    /// <summary>The ISO/IEC 9798 part: 2, 3 or 4 (the token's first byte).</summary>
    public abstract int Part { get; }

    /// <summary>
    /// ISO/IEC 9798-2: the token text enciphered with GCM over <paramref name="cipher"/> (any 128-bit block cipher of this
    /// library) under the shared <paramref name="key"/>, a fresh random 12-byte nonce per token; GCM gives the data
    /// integrity part 2 requires of its encipherment (HAC §10.3.1 note).
    /// </summary>
    /// <param name="cipher">The block cipher (its flavour is used; its own key is not).</param>
    /// <param name="key">The key both parties share.</param>
    /// <returns>The protection.</returns>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="CryptographicException">The key size is not valid or the block size is not 128 bits.</exception>
    public static Iso9798Protection Encipherment(BlockCipherAlgorithm cipher, byte[] key)
    {
        Gcm.ThrowIfNull(cipher, nameof(cipher));
        Gcm.ThrowIfNull(key, nameof(key));
        return new EnciphermentProtection(cipher.CreateGcm(key));
    }

    /// <summary>ISO/IEC 9798-4: the token text followed by its MAC under <paramref name="mac"/>'s key (HMAC, CMAC, CBC-MAC with padding method 3, ...).</summary>
    /// <param name="mac">The keyed MAC both parties share (its key already set); the protection disposes it.</param>
    /// <returns>The protection.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="mac"/> is null.</exception>
    public static Iso9798Protection Mac(KeyedHashAlgorithm mac)
    {
        Gcm.ThrowIfNull(mac, nameof(mac));
        return new MacProtection(mac);
    }

    /// <summary>ISO/IEC 9798-3 with ECDSA over SHA-256 (IEEE P1363 signatures): signs with this party's key, verifies with the peer's.</summary>
    /// <param name="ownKey">This party's private key (<see cref="PrimeEcdsa"/> or any <see cref="ECDsa"/>).</param>
    /// <param name="peerKey">The peer's public key, obtained and trusted beforehand (HAC §10.3.3 assumes certificates).</param>
    /// <returns>The protection.</returns>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    public static Iso9798Protection Signatures(ECDsa ownKey, ECDsa peerKey)
    {
        Gcm.ThrowIfNull(ownKey, nameof(ownKey));
        Gcm.ThrowIfNull(peerKey, nameof(peerKey));
        return new SignatureProtection(
            text => ownKey.SignData(text, HashAlgorithmName.SHA256),
            (text, signature) => peerKey.VerifyData(text, signature, HashAlgorithmName.SHA256),
            ownKey,
            peerKey);
    }

    /// <summary>ISO/IEC 9798-3 with RSASSA-PSS over SHA-256: signs with this party's key, verifies with the peer's.</summary>
    /// <param name="ownKey">This party's private key (<see cref="ManagedRsa"/> or any <see cref="RSA"/>).</param>
    /// <param name="peerKey">The peer's public key, obtained and trusted beforehand.</param>
    /// <returns>The protection.</returns>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    public static Iso9798Protection Signatures(RSA ownKey, RSA peerKey)
    {
        Gcm.ThrowIfNull(ownKey, nameof(ownKey));
        Gcm.ThrowIfNull(peerKey, nameof(peerKey));
        return new SignatureProtection(
            text => ownKey.SignData(text, HashAlgorithmName.SHA256, RSASignaturePadding.Pss),
            (text, signature) => peerKey.VerifyData(text, signature, HashAlgorithmName.SHA256, RSASignaturePadding.Pss),
            ownKey,
            peerKey);
    }

    /// <summary>Disposes the keys and objects this protection owns.</summary>
    public void Dispose()
    {
        Dispose(true);
        GC.SuppressFinalize(this);
    }

    /// <summary>The protected body for <paramref name="text"/> (without the part byte).</summary>
    internal abstract byte[] Protect(byte[] text);

    /// <summary>The text of a protected body, or null when the body does not verify.</summary>
    internal abstract byte[]? Unprotect(byte[] body);

    /// <summary>Disposes what the protection owns.</summary>
    /// <param name="disposing">True from <see cref="Dispose()"/>.</param>
    protected abstract void Dispose(bool disposing);

    /// <summary>Part 2: nonce (12) || GCM ciphertext || tag (16), the part byte as associated data.</summary>
    private sealed class EnciphermentProtection : Iso9798Protection
    {
        private const int NonceBytes = 12, TagBytes = 16;
        private static readonly byte[] s_associatedData = { 2 };
        private readonly Gcm _gcm;

        public EnciphermentProtection(Gcm gcm) => _gcm = gcm;

        public override int Part => 2;

        internal override byte[] Protect(byte[] text)
        {
            byte[] body = new byte[NonceBytes + text.Length + TagBytes];
            byte[] nonce = Secret.NewRandom(NonceBytes);
            nonce.CopyTo(body, 0);
            _gcm.Encrypt(nonce, text, body.AsSpan(NonceBytes, text.Length), body.AsSpan(NonceBytes + text.Length), s_associatedData);
            return body;
        }

        internal override byte[]? Unprotect(byte[] body)
        {
            if (body.Length < NonceBytes + TagBytes)
            {
                return null;
            }

            byte[] text = new byte[body.Length - NonceBytes - TagBytes];
            try
            {
                _gcm.Decrypt(body.AsSpan(0, NonceBytes), body.AsSpan(NonceBytes, text.Length), body.AsSpan(NonceBytes + text.Length), text, s_associatedData);
                return text;
            }
            catch (CryptographicException)
            {
                return null;
            }
        }

        protected override void Dispose(bool disposing)
        {
            if (disposing)
            {
                _gcm.Dispose();
            }
        }
    }

    /// <summary>Part 4: text || MAC(part byte || text).</summary>
    private sealed class MacProtection : Iso9798Protection
    {
        private readonly KeyedHashAlgorithm _mac;

        public MacProtection(KeyedHashAlgorithm mac) => _mac = mac;

        public override int Part => 4;

        internal override byte[] Protect(byte[] text)
        {
            byte[] tag = Tag(text);
            byte[] body = new byte[text.Length + tag.Length];
            text.CopyTo(body, 0);
            tag.CopyTo(body, text.Length);
            return body;
        }

        internal override byte[]? Unprotect(byte[] body)
        {
            int tagLength = _mac.HashSize / 8;
            if (body.Length < tagLength)
            {
                return null;
            }

            byte[] text = body.AsSpan(0, body.Length - tagLength).ToArray();
            return ConstantTime.FixedTimeEquals(Tag(text), body.AsSpan(text.Length)) ? text : null;
        }

        protected override void Dispose(bool disposing)
        {
            if (disposing)
            {
                _mac.Dispose();
            }
        }

        private byte[] Tag(byte[] text)
        {
            _mac.Initialize();
            _mac.TransformBlock(new byte[] { 4 }, 0, 1, null, 0);
            _mac.TransformFinalBlock(text, 0, text.Length);
            return _mac.Hash!;
        }
    }

    /// <summary>Part 3: u16 text length || text || signature(part byte || text).</summary>
    private sealed class SignatureProtection : Iso9798Protection
    {
        private readonly Func<byte[], byte[]> _sign;
        private readonly Func<byte[], byte[], bool> _verify;
        private readonly IDisposable _own;
        private readonly IDisposable _peer;

        public SignatureProtection(Func<byte[], byte[]> sign, Func<byte[], byte[], bool> verify, IDisposable own, IDisposable peer)
        {
            _sign = sign;
            _verify = verify;
            _own = own;
            _peer = peer;
        }

        public override int Part => 3;

        internal override byte[] Protect(byte[] text)
        {
            byte[] signature = _sign(Signed(text));
            byte[] body = new byte[2 + text.Length + signature.Length];
            body[0] = (byte)(text.Length >> 8);
            body[1] = (byte)text.Length;
            text.CopyTo(body, 2);
            signature.CopyTo(body, 2 + text.Length);
            return body;
        }

        internal override byte[]? Unprotect(byte[] body)
        {
            if (body.Length < 2)
            {
                return null;
            }

            int length = (body[0] << 8) | body[1];
            if (body.Length - 2 < length)
            {
                return null;
            }

            byte[] text = body.AsSpan(2, length).ToArray();
            byte[] signature = body.AsSpan(2 + length).ToArray();
            try
            {
                return _verify(Signed(text), signature) ? text : null;
            }
            catch (CryptographicException)
            {
                return null;
            }
        }

        protected override void Dispose(bool disposing)
        {
            if (disposing)
            {
                _own.Dispose();
                _peer.Dispose();
            }
        }

        private static byte[] Signed(byte[] text)
        {
            byte[] signed = new byte[1 + text.Length];
            signed[0] = 3;
            text.CopyTo(signed, 1);
            return signed;
        }
    }
}

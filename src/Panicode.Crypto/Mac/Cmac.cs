using System;
using System.Diagnostics;
using System.Security.Cryptography;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Mac;
using Panicode.Crypto.Modes;

namespace Panicode.Crypto;

/// <summary>
/// CMAC (NIST SP 800-38B; for AES also RFC 4493, "AES-CMAC") over any 64- or 128-bit block cipher of this library,
/// as a <see cref="KeyedHashAlgorithm"/>: <see cref="HashAlgorithm.ComputeHash(byte[])"/> for whole messages,
/// <see cref="HashAlgorithm.TransformBlock"/> / <see cref="HashAlgorithm.TransformFinalBlock"/> or a
/// <see cref="CryptoStream"/> for streams. Create it from a cipher object, e.g.
/// <c>CamelliaCipher.Create().CreateCmac(key)</c>. The MAC is one block long; truncate it to the length your
/// protocol uses (SP 800-38B §5.2).
/// </summary>
/// <remarks>
/// Like the BCL's HMAC classes, an instance holds the message being fed and belongs to one thread at a time; create
/// one per thread (the cipher object it comes from may be shared).
/// </remarks>
public sealed class Cmac : KeyedHashAlgorithm
{
    private readonly Func<byte[], BlockCipher> _createCipher;
    private readonly Func<int, bool> _isValidKeySize;
    private readonly int _blockSize;
    private readonly byte[] _k1;
    private readonly byte[] _k2;
    private readonly byte[] _chain;
    private readonly byte[] _pending;
    private BlockCipher _cipher;
    private int _pendingLength;

    internal Cmac(Func<byte[], BlockCipher> createCipher, Func<int, bool> isValidKeySize, int blockSize, byte[] key)
    {
        Debug.Assert(blockSize is 8 or 16);
        _createCipher = createCipher;
        _isValidKeySize = isValidKeySize;
        _blockSize = blockSize;
        _k1 = new byte[blockSize];
        _k2 = new byte[blockSize];
        _chain = new byte[blockSize];
        _pending = new byte[blockSize];
        HashSizeValue = blockSize * 8;
        KeyValue = (byte[])key.Clone();
        _cipher = Rekey(KeyValue);
    }

    /// <summary>The key. Setting it starts a new MAC computation under the new key.</summary>
    /// <exception cref="CryptographicException">The key's length is not valid for the cipher.</exception>
    public override byte[] Key
    {
        get => base.Key;
        set
        {
            Gcm.ThrowIfNull(value, nameof(value));
            if (!_isValidKeySize(SizeChecks.Bits(value.Length)))
            {
                throw new CryptographicException(ErrorMessages.InvalidKeySize);
            }

            BlockCipher next = Rekey(value);
            _cipher.Dispose();
            _cipher = next;
            Secret.Clear(KeyValue);
            KeyValue = (byte[])value.Clone();
            Initialize();
        }
    }

    /// <summary>Starts a new MAC computation under the same key.</summary>
    public override void Initialize()
    {
        Array.Clear(_chain, 0, _chain.Length);
        Array.Clear(_pending, 0, _pending.Length);
        _pendingLength = 0;
    }

    /// <inheritdoc/>
    protected override void HashCore(byte[] array, int ibStart, int cbSize) => Append(new ReadOnlySpan<byte>(array, ibStart, cbSize));

    /// <inheritdoc/>
    protected override byte[] HashFinal()
    {
        byte[] mac = new byte[_blockSize];
        Finish(mac);
        return mac;
    }

#if NET
    /// <inheritdoc/>
    protected override void HashCore(ReadOnlySpan<byte> source) => Append(source);

    /// <inheritdoc/>
    protected override bool TryHashFinal(Span<byte> destination, out int bytesWritten)
    {
        if (destination.Length < _blockSize)
        {
            bytesWritten = 0;
            return false;
        }

        Finish(destination.Slice(0, _blockSize));
        bytesWritten = _blockSize;
        return true;
    }
#endif

    /// <inheritdoc/>
    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            _cipher.Dispose();
            Secret.Clear(_k1);
            Secret.Clear(_k2);
            Secret.Clear(_chain);
            Secret.Clear(_pending);
            Secret.Clear(KeyValue);
        }

        base.Dispose(disposing);
    }

    /// <summary>
    /// Builds the core and the subkeys (SP 800-38B §6.1): L = E(0^b), K1 = dbl(L), K2 = dbl(K1), where dbl is a left
    /// shift by one bit that folds a carry out of the top back as R_b (§5.3: 0x87 for 128-bit blocks, 0x1B for 64).
    /// </summary>
    private BlockCipher Rekey(byte[] key)
    {
        BlockCipher cipher = _createCipher(key);
        Span<byte> l = stackalloc byte[_blockSize];
        l.Clear();
        cipher.Encrypt(l, l);
        Double(l, _k1);
        Double(_k1, _k2);
        Secret.Clear(l);
        return cipher;
    }

    private void Double(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        byte rb = _blockSize == 16 ? (byte)0x87 : (byte)0x1B;
        int carry = 0;
        for (int i = source.Length - 1; i >= 0; i--)
        {
            int b = source[i];
            destination[i] = (byte)((b << 1) | carry);
            carry = b >> 7;
        }

        // No branch on the key-derived top bit: R_b is masked in.
        destination[destination.Length - 1] ^= (byte)(rb & (0 - carry));
    }

    /// <summary>
    /// Absorbs data, always holding back the last block seen (full or not): only the final block is masked with a
    /// subkey (§6.2 step 4), and until the stream ends any full block might be the final one.
    /// </summary>
    private void Append(ReadOnlySpan<byte> data)
    {
        _cipher.ThrowIfDisposed();
        int bs = _blockSize;
        if (data.Length == 0)
        {
            return;
        }

        if (_pendingLength > 0 || data.Length <= bs)
        {
            int take = Math.Min(bs - _pendingLength, data.Length);
            data.Slice(0, take).CopyTo(_pending.AsSpan(_pendingLength));
            _pendingLength += take;
            data = data.Slice(take);
            if (data.Length == 0)
            {
                return;
            }

            // More follows, so the pending (full) block is not the last one.
            CbcMacChain.Absorb(_cipher, _chain, _pending);
            _pendingLength = 0;
        }

        // Keep back at least one byte and at most one block.
        int direct = (data.Length - 1) / bs * bs;
        CbcMacChain.Absorb(_cipher, _chain, data.Slice(0, direct));
        data.Slice(direct).CopyTo(_pending);
        _pendingLength = data.Length - direct;
    }

    /// <summary>§6.2 steps 3-6: the final block is M_n ^ K1 when complete, (M_n || 10...0) ^ K2 otherwise.</summary>
    private void Finish(Span<byte> mac)
    {
        _cipher.ThrowIfDisposed();
        Span<byte> last = _pending;
        if (_pendingLength == _blockSize)
        {
            Xor.InPlace(last, _k1);
        }
        else
        {
            last[_pendingLength] = 0x80;
            last.Slice(_pendingLength + 1).Clear();
            Xor.InPlace(last, _k2);
        }

        CbcMacChain.Absorb(_cipher, _chain, last);
        _chain.AsSpan().CopyTo(mac);
        Initialize();
    }
}

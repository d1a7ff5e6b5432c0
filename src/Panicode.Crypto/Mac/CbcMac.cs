// CBC-MAC: ISO/IEC 9797-1:2011 MAC algorithm 1 (initial transformation 1, output transformation 1) and MAC
// algorithm 3 (output transformation 3, the ANSI X9.19 "retail MAC" over DES), with padding methods 1, 2 and 3
// (§6.3.1-6.3.3). The chain itself is Mac/CbcMacChain.cs, shared with CMAC and CCM.
using System;
using System.Diagnostics;
using System.Security.Cryptography;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Mac;
using Panicode.Crypto.Modes;

namespace Panicode.Crypto;

/// <summary>The padding methods of ISO/IEC 9797-1 (§6.3) for <see cref="CbcMac"/>.</summary>
public enum CbcMacPadding
{
    /// <summary>
    /// Padding method 1: zero bits up to a block boundary (none when the message fills its last block; one zero block
    /// for the empty message). Messages that differ only in trailing zero bytes get the same MAC.
    /// </summary>
    Method1 = 1,

    /// <summary>Padding method 2: one 1 bit (byte 0x80), then zero bits up to a block boundary; always at least one bit.</summary>
    Method2 = 2,

    /// <summary>
    /// Padding method 3: a first block holding the message's length in bits (big-endian, right-justified), then the
    /// message padded as in method 1. The length comes first, so the MAC keeps the whole message until it is finished.
    /// </summary>
    Method3 = 3,
}

/// <summary>
/// CBC-MAC as a <see cref="KeyedHashAlgorithm"/>: ISO/IEC 9797-1 MAC algorithm 1 over any 64- or 128-bit block cipher
/// of this library (<c>CamelliaCipher.Create().CreateCbcMac(key, CbcMacPadding.Method2)</c>), and MAC algorithm 3, the
/// ANSI X9.19 "retail MAC" over DES (<c>TripleDesCipher.Create().CreateRetailMac(key, CbcMacPadding.Method1)</c>).
/// The MAC is one block long; truncate it to the length your protocol uses (ISO/IEC 9797-1 §7.4).
/// </summary>
/// <remarks>
/// <para><b>Plain CBC-MAC (MAC algorithm 1) is forgeable when messages of different lengths are MACed under one key</b>:
/// from the MACs T of a one-block message M and T' of a one-block M', the two-block message M || (M' ^ T) has
/// MAC T' (Bellare, Kilian and Rogaway, "The security of the cipher block chaining message authentication code"). It is secure only for messages of one fixed length, or with padding
/// method 3 (the length first). For new designs use <see cref="Cmac"/>; this class is for protocols that specify
/// CBC-MAC or the retail MAC (payment systems, ISO 8583, EMV).</para>
/// <para>Like the BCL's HMAC classes, an instance holds the message being fed and belongs to one thread at a time.</para>
/// </remarks>
public sealed class CbcMac : KeyedHashAlgorithm
{
    private readonly Func<byte[], BlockCipher> _createCipher;
    private readonly Action<byte[]> _checkKey;
    private readonly int _blockSize;
    private readonly bool _retail;
    private readonly byte[] _chain;
    private readonly byte[] _pending;
    private BlockCipher _cipher;
    private BlockCipher? _final;
    private int _pendingLength;
    private bool _absorbed;
    private byte[] _message = Array.Empty<byte>();
    private int _messageLength;

    internal CbcMac(Func<byte[], BlockCipher> createCipher, Action<byte[]> checkKey, int blockSize, CbcMacPadding padding, bool retail, byte[] key)
    {
        Debug.Assert(blockSize is 8 or 16);
        Debug.Assert(!retail || blockSize == 8);
        _createCipher = createCipher;
        _checkKey = checkKey;
        _blockSize = blockSize;
        _retail = retail;
        Padding = padding;
        _chain = new byte[blockSize];
        _pending = new byte[blockSize];
        HashSizeValue = blockSize * 8;
        checkKey(key);
        KeyValue = (byte[])key.Clone();
        (_cipher, _final) = Rekey(KeyValue);
    }

    /// <summary>The padding method (ISO/IEC 9797-1 §6.3).</summary>
    public CbcMacPadding Padding { get; }

    /// <summary>The MAC algorithm of ISO/IEC 9797-1: 1 (plain CBC-MAC) or 3 (the retail MAC, ANSI X9.19).</summary>
    public int MacAlgorithm => _retail ? 3 : 1;

    /// <summary>The key. Setting it starts a new MAC computation under the new key.</summary>
    /// <exception cref="ArgumentNullException">The value is null.</exception>
    /// <exception cref="CryptographicException">The key's length is not valid for the cipher, or (retail MAC) K' = K.</exception>
    public override byte[] Key
    {
        get => base.Key;
        set
        {
            Gcm.ThrowIfNull(value, nameof(value));
            _checkKey(value);
            (BlockCipher cipher, BlockCipher? final) = Rekey(value);
            _cipher.Dispose();
            _final?.Dispose();
            (_cipher, _final) = (cipher, final);
            Secret.Clear(KeyValue);
            KeyValue = (byte[])value.Clone();
            Initialize();
        }
    }

    /// <summary>Checks a padding argument of the factories.</summary>
    internal static void CheckPadding(CbcMacPadding padding)
    {
        if (padding is not (CbcMacPadding.Method1 or CbcMacPadding.Method2 or CbcMacPadding.Method3))
        {
            throw new ArgumentOutOfRangeException(nameof(padding), padding, ErrorMessages.CbcMacPadding);
        }
    }

    /// <summary>Checks a retail-MAC key: 16 bytes, K' different from K (parity ignored, as TDES's weak-key rule).</summary>
    internal static void CheckRetailKey(byte[] key)
    {
        if (key.Length != 16)
        {
            throw new CryptographicException(ErrorMessages.RetailMacKeySize);
        }

        if (TripleDES.IsWeakKey(key))
        {
            throw new CryptographicException(ErrorMessages.RetailMacWeakKey);
        }
    }

    /// <summary>Starts a new MAC computation under the same key.</summary>
    public override void Initialize()
    {
        Secret.Clear(_chain);
        Secret.Clear(_pending);
        Secret.Clear(_message.AsSpan(0, _messageLength));
        _pendingLength = 0;
        _messageLength = 0;
        _absorbed = false;
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
            _final?.Dispose();
            Secret.Clear(_chain);
            Secret.Clear(_pending);
            Secret.Clear(_message);
            Secret.Clear(KeyValue);
        }

        base.Dispose(disposing);
    }

    /// <summary>
    /// MAC algorithm 1: one core under the key. MAC algorithm 3 (§7.3, output transformation 3): the chain runs under
    /// single DES K (a TDEA core keyed K || K || K) and the last value is decrypted under K' and encrypted again under K.
    /// </summary>
    private (BlockCipher Chain, BlockCipher? Final) Rekey(byte[] key)
    {
        if (!_retail)
        {
            return (_createCipher(key), null);
        }

        byte[] k = new byte[24];
        byte[] kPrime = new byte[24];
        for (int i = 0; i < 3; i++)
        {
            key.AsSpan(0, 8).CopyTo(k.AsSpan(8 * i));
            key.AsSpan(8, 8).CopyTo(kPrime.AsSpan(8 * i));
        }

        try
        {
            return (_createCipher(k), _createCipher(kPrime));
        }
        finally
        {
            Secret.Clear(k);
            Secret.Clear(kPrime);
        }
    }

    private void Append(ReadOnlySpan<byte> data)
    {
        _cipher.ThrowIfDisposed();
        if (Padding == CbcMacPadding.Method3)
        {
            // The length block comes first (§6.3.3), so the message waits until the end.
            if (_message.Length - _messageLength < data.Length)
            {
                byte[] grown = new byte[Math.Max(checked(_messageLength + data.Length), 2 * _message.Length)];
                _message.AsSpan(0, _messageLength).CopyTo(grown);
                Secret.Clear(_message);
                _message = grown;
            }

            data.CopyTo(_message.AsSpan(_messageLength));
            _messageLength += data.Length;
            return;
        }

        // Methods 1 and 2 never change a complete block, so whole blocks are chained as they come.
        int bs = _blockSize;
        if (_pendingLength > 0)
        {
            int take = Math.Min(bs - _pendingLength, data.Length);
            data.Slice(0, take).CopyTo(_pending.AsSpan(_pendingLength));
            _pendingLength += take;
            data = data.Slice(take);
            if (_pendingLength < bs)
            {
                return;
            }

            CbcMacChain.Absorb(_cipher, _chain, _pending);
            _pendingLength = 0;
            _absorbed = true;
        }

        int whole = data.Length - data.Length % bs;
        if (whole > 0)
        {
            CbcMacChain.Absorb(_cipher, _chain, data.Slice(0, whole));
            _absorbed = true;
        }

        data.Slice(whole).CopyTo(_pending);
        _pendingLength = data.Length - whole;
    }

    private void Finish(Span<byte> mac)
    {
        _cipher.ThrowIfDisposed();
        switch (Padding)
        {
            case CbcMacPadding.Method1:
                // Zero bits "as few (possibly none)" so that the length is a positive multiple of the block (§6.3.1):
                // the empty message becomes one zero block.
                if (_pendingLength > 0 || !_absorbed)
                {
                    _pending.AsSpan(_pendingLength).Clear();
                    CbcMacChain.Absorb(_cipher, _chain, _pending);
                }

                break;
            case CbcMacPadding.Method2:
                _pending[_pendingLength] = 0x80;
                _pending.AsSpan(_pendingLength + 1).Clear();
                CbcMacChain.Absorb(_cipher, _chain, _pending);
                break;
            default:
                // Block L: the length of the unpadded message in bits, right-justified (§6.3.3); then method 1's zeros,
                // none for an empty message.
                Span<byte> length = _pending;
                length.Clear();
                ulong bits = (ulong)_messageLength * 8;
                for (int i = 0; i < 8; i++)
                {
                    length[_blockSize - 1 - i] = (byte)(bits >> (8 * i));
                }

                CbcMacChain.Absorb(_cipher, _chain, length);
                CbcMacChain.AbsorbPadded(_cipher, _chain, _message.AsSpan(0, _messageLength));
                break;
        }

        if (_final is not null)
        {
            // Output transformation 3: G = E_K(D_K'(H_q)).
            _final.Decrypt(_chain, _chain);
            _cipher.Encrypt(_chain, _chain);
        }

        _chain.AsSpan().CopyTo(mac);
        Initialize();
    }
}

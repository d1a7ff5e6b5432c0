using System;
using System.Buffers.Binary;
using System.Diagnostics;
using System.Security.Cryptography;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto;

/// <summary>
/// Key wrap over any 128-bit block cipher of this library: KW (RFC 3394; NIST SP 800-38F §6.2, W and W^-1) and KW
/// with padding, KWP (RFC 5649; SP 800-38F §6.3). Create it from a cipher object, e.g.
/// <c>CamelliaCipher.Create().CreateKeyWrap(kek)</c> (Camellia key wrap is RFC 3657's).
/// </summary>
/// <remarks>
/// Unwrapping checks the integrity value without branching on the decrypted data and fails with one
/// <see cref="CryptographicException"/> for every kind of corruption. An instance may be shared by threads: each
/// call works in buffers of its own.
/// </remarks>
public sealed class KeyWrap : IDisposable
{
    // RFC 3394 §2.2.3.1 default initial value; RFC 5649 §3 alternative initial value (its first half).
    private const ulong DefaultIv = 0xA6A6A6A6A6A6A6A6;
    private const uint PaddedIvPrefix = 0xA65959A6;

    private readonly Modes.BlockCipher _cipher;

    internal KeyWrap(Modes.BlockCipher cipher)
    {
        Debug.Assert(cipher.BlockSize == 16);
        _cipher = cipher;
    }

    /// <summary>Wraps <paramref name="key"/> (at least 16 bytes, a multiple of 8) with KW (RFC 3394).</summary>
    /// <param name="key">The key material to wrap.</param>
    /// <returns>The wrapped key, 8 bytes longer.</returns>
    /// <exception cref="ArgumentException">The length is not valid.</exception>
    public byte[] WrapKey(ReadOnlySpan<byte> key)
    {
        _cipher.ThrowIfDisposed();
        if (key.Length < 16 || key.Length % 8 != 0)
        {
            throw new ArgumentException(ErrorMessages.KeyWrapInputLength, nameof(key));
        }

        byte[] output = new byte[key.Length + 8];
        BinaryPrimitives.WriteUInt64BigEndian(output, DefaultIv);
        key.CopyTo(output.AsSpan(8));
        Wrap(output);
        return output;
    }

    /// <summary>Unwraps a key wrapped with KW (RFC 3394).</summary>
    /// <param name="wrappedKey">The wrapped key (at least 24 bytes, a multiple of 8).</param>
    /// <returns>The key, 8 bytes shorter.</returns>
    /// <exception cref="ArgumentException">The length is not valid.</exception>
    /// <exception cref="CryptographicException">The integrity check failed.</exception>
    public byte[] UnwrapKey(ReadOnlySpan<byte> wrappedKey)
    {
        _cipher.ThrowIfDisposed();
        if (wrappedKey.Length < 24 || wrappedKey.Length % 8 != 0)
        {
            throw new ArgumentException(ErrorMessages.KeyUnwrapInputLength, nameof(wrappedKey));
        }

        byte[] work = wrappedKey.ToArray();
        Unwrap(work);
        ulong check = BinaryPrimitives.ReadUInt64BigEndian(work) ^ DefaultIv;
        if (ConstantTime.Eq0((uint)check | (uint)(check >> 32)) == 0)
        {
            Secret.Clear(work);
            throw new CryptographicException(ErrorMessages.KeyUnwrapFailed);
        }

        byte[] key = work.AsSpan(8).ToArray();
        Secret.Clear(work);
        return key;
    }

    /// <summary>Wraps <paramref name="key"/> (1 byte or more) with KWP (RFC 5649).</summary>
    /// <param name="key">The key material to wrap.</param>
    /// <returns>The wrapped key: the length rounded up to a multiple of 8, plus 8.</returns>
    /// <exception cref="ArgumentException">The key is empty.</exception>
    public byte[] WrapKeyWithPadding(ReadOnlySpan<byte> key)
    {
        _cipher.ThrowIfDisposed();
        if (key.Length == 0)
        {
            throw new ArgumentException(ErrorMessages.KeyWrapPaddedInputLength, nameof(key));
        }

        int padded = (key.Length + 7) / 8 * 8;
        byte[] output = new byte[padded + 8];
        BinaryPrimitives.WriteUInt32BigEndian(output, PaddedIvPrefix);
        BinaryPrimitives.WriteUInt32BigEndian(output.AsSpan(4), (uint)key.Length);
        key.CopyTo(output.AsSpan(8));
        if (padded == 8)
        {
            // RFC 5649 §4.1: one semiblock of key is encrypted with the AIV as a single block.
            _cipher.Encrypt(output, output);
        }
        else
        {
            Wrap(output);
        }

        return output;
    }

    /// <summary>Unwraps a key wrapped with KWP (RFC 5649).</summary>
    /// <param name="wrappedKey">The wrapped key (at least 16 bytes, a multiple of 8).</param>
    /// <returns>The key.</returns>
    /// <exception cref="ArgumentException">The length is not valid.</exception>
    /// <exception cref="CryptographicException">The integrity check failed.</exception>
    public byte[] UnwrapKeyWithPadding(ReadOnlySpan<byte> wrappedKey)
    {
        _cipher.ThrowIfDisposed();
        if (wrappedKey.Length < 16 || wrappedKey.Length % 8 != 0)
        {
            throw new ArgumentException(ErrorMessages.KeyUnwrapPaddedInputLength, nameof(wrappedKey));
        }

        byte[] work = wrappedKey.ToArray();
        if (work.Length == 16)
        {
            _cipher.Decrypt(work, work);
        }
        else
        {
            Unwrap(work);
        }

        // RFC 5649 §3: the prefix matches, 8(n-1) < MLI <= 8n, and the padding bytes are zero. All three are folded
        // into one mask without a data-dependent branch; the padding scan covers every byte that could be padding.
        int n = work.Length / 8 - 1;
        uint mli = BinaryPrimitives.ReadUInt32BigEndian(work.AsSpan(4));
        uint bad = ConstantTime.Mask(ConstantTime.Neq(BinaryPrimitives.ReadUInt32BigEndian(work), PaddedIvPrefix));
        ulong excess = (ulong)(8 * n) - mli;                // 0..7 when MLI is in range, as a 64-bit difference
        bad |= ConstantTime.Mask(ConstantTime.Neq((uint)(excess >> 3) | (uint)(excess >> 32), 0));
        int tail = work.Length - 7;
        for (int i = 0; i < 7; i++)
        {
            // Byte i of the last 7 is padding when it lies at or beyond 8 + MLI (offsets counted after the 8-byte AIV).
            uint position = (uint)(tail + i - 8);
            uint isPadding = ConstantTime.Mask(ConstantTime.Ge(position, mli));
            bad |= isPadding & ConstantTime.Mask(ConstantTime.Neq(work[tail + i], 0));
        }

        if (bad != 0)
        {
            Secret.Clear(work);
            throw new CryptographicException(ErrorMessages.KeyUnwrapFailed);
        }

        byte[] key = work.AsSpan(8, (int)mli).ToArray();
        Secret.Clear(work);
        return key;
    }

    /// <summary>Clears the key schedule.</summary>
    public void Dispose() => _cipher.Dispose();

    /// <summary>
    /// W (SP 800-38F §6.1, RFC 3394 §2.2.1): <paramref name="data"/> holds A (the first semiblock) and R_1..R_n; six
    /// passes of B = E(A || R_i), A = MSB64(B) ^ t, R_i = LSB64(B) with t = n j + i.
    /// </summary>
    private void Wrap(Span<byte> data)
    {
        int n = data.Length / 8 - 1;
        Span<byte> block = stackalloc byte[16];
        data.Slice(0, 8).CopyTo(block);
        ulong t = 0;
        for (int j = 0; j < 6; j++)
        {
            for (int i = 1; i <= n; i++)
            {
                data.Slice(8 * i, 8).CopyTo(block.Slice(8));
                _cipher.Encrypt(block, block);
                t++;
                BinaryPrimitives.WriteUInt64BigEndian(block, BinaryPrimitives.ReadUInt64BigEndian(block) ^ t);
                block.Slice(8).CopyTo(data.Slice(8 * i));
            }
        }

        block.Slice(0, 8).CopyTo(data);
        Secret.Clear(block);
    }

    /// <summary>W^-1 (SP 800-38F §6.1, RFC 3394 §2.2.2): the passes of <see cref="Wrap"/> undone in reverse order.</summary>
    private void Unwrap(Span<byte> data)
    {
        int n = data.Length / 8 - 1;
        Span<byte> block = stackalloc byte[16];
        data.Slice(0, 8).CopyTo(block);
        ulong t = 6UL * (ulong)n;
        for (int j = 5; j >= 0; j--)
        {
            for (int i = n; i >= 1; i--)
            {
                BinaryPrimitives.WriteUInt64BigEndian(block, BinaryPrimitives.ReadUInt64BigEndian(block) ^ t);
                t--;
                data.Slice(8 * i, 8).CopyTo(block.Slice(8));
                _cipher.Decrypt(block, block);
                block.Slice(8).CopyTo(data.Slice(8 * i));
            }
        }

        block.Slice(0, 8).CopyTo(data);
        Secret.Clear(block);
    }
}

// HMAC-RIPEMD-160: RFC 2104 §2 (HMAC) over RIPEMD-160 (Dobbertin, Bosselaers, Preneel, FSE 1996), with the test cases
// of RFC 2286 §2. The shape of the BCL's HMACSHA256: a KeyedHashAlgorithm with a random key by default, a Key
// property that holds the key HMAC uses (a key longer than the 64-byte block is replaced by its hash, RFC 2104 §2)
// and static one-shots. The HMAC construction itself is EcHash.Hmac, written once for every hash.

using System;
using System.IO;
using System.Security.Cryptography;
using Panicode.Crypto.Hashing;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto;

/// <summary>HMAC (RFC 2104) with RIPEMD-160: a 160-bit MAC; keys of any length, 64 bytes recommended.</summary>
public sealed class HmacRipemd160 : KeyedHashAlgorithm
{
    /// <summary>The MAC size in bits.</summary>
    public const int HashSizeInBits = Ripemd160.HashSizeInBits;

    /// <summary>The MAC size in bytes.</summary>
    public const int HashSizeInBytes = Ripemd160.HashSizeInBytes;

    private const int BlockBytes = Ripemd160Spec.BlockBytes;

    private readonly Func<Ripemd160> _createHash;
    private EcHash.Hmac _hmac;

    /// <summary>Creates the Reference flavour of HMAC-RIPEMD-160 with a random 64-byte key.</summary>
    /// <returns>A new HMAC-RIPEMD-160 instance; <c>Panicode.Crypto.Unsafe.UnsafeCrypto.CreateHmacRipemd160()</c> is the optimized flavour.</returns>
    public static new HmacRipemd160 Create() => new(null, Ripemd160.Create);

    /// <summary>Creates the Reference flavour of HMAC-RIPEMD-160 with <paramref name="key"/> (a key longer than 64 bytes is hashed first).</summary>
    /// <param name="key">The secret key.</param>
    /// <returns>A new HMAC-RIPEMD-160 instance.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="key"/> is null.</exception>
    public static HmacRipemd160 Create(byte[] key) => new(key ?? throw new ArgumentNullException(nameof(key)), Ripemd160.Create);

    /// <summary>HMAC over the hashes <paramref name="createHash"/> makes (the Unsafe flavour's); a random key when <paramref name="key"/> is null.</summary>
    internal HmacRipemd160(byte[]? key, Func<Ripemd160> createHash)
    {
        HashSizeValue = HashSizeInBits;
        _createHash = createHash;
        if (key is null)
        {
            byte[] random = RandomKey();
            _hmac = NewHmac(random);
            Secret.Clear(random);
        }
        else
        {
            _hmac = NewHmac(key);
        }
    }

    /// <summary>
    /// The key; a key longer than 64 bytes reads back as its RIPEMD-160 hash, the key HMAC uses (as in the BCL's HMACs).
    /// Setting it in the middle of a message drops the message so far, as the BCL's HMACSHA256 does.
    /// </summary>
    /// <exception cref="ArgumentNullException">The value set is null.</exception>
    public override byte[] Key
    {
        get => (byte[])KeyValue.Clone();
        set
        {
            if (value is null)
            {
                throw new ArgumentNullException(nameof(value));
            }

            EcHash.Hmac previous = _hmac;
            _hmac = NewHmac(value);
            previous.Dispose();
        }
    }

    /// <summary>Computes HMAC-RIPEMD-160 of <paramref name="source"/> with <paramref name="key"/>.</summary>
    /// <param name="key">The secret key.</param>
    /// <param name="source">The data to authenticate.</param>
    /// <returns>The 20-byte MAC.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="key"/> or <paramref name="source"/> is null.</exception>
    public static byte[] HashData(byte[] key, byte[] source)
    {
        if (key is null)
        {
            throw new ArgumentNullException(nameof(key));
        }

        if (source is null)
        {
            throw new ArgumentNullException(nameof(source));
        }

        return HashData(new ReadOnlySpan<byte>(key), new ReadOnlySpan<byte>(source));
    }

    /// <summary>Computes HMAC-RIPEMD-160 of <paramref name="source"/> with <paramref name="key"/>.</summary>
    /// <param name="key">The secret key.</param>
    /// <param name="source">The data to authenticate.</param>
    /// <returns>The 20-byte MAC.</returns>
    public static byte[] HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source)
    {
        using EcHash.Hmac hmac = NewOneShot(key);
        hmac.Append(source);
        return hmac.Finish();
    }

    /// <summary>Computes HMAC-RIPEMD-160 of <paramref name="source"/> with <paramref name="key"/> into <paramref name="destination"/>.</summary>
    /// <param name="key">The secret key.</param>
    /// <param name="source">The data to authenticate.</param>
    /// <param name="destination">Receives the MAC in its first 20 bytes.</param>
    /// <returns>The number of bytes written: 20.</returns>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 20 bytes.</exception>
    public static int HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        if (!TryHashData(key, source, destination, out int written))
        {
            throw new ArgumentException(ErrorMessages.HashDestinationTooShort, nameof(destination));
        }

        return written;
    }

    /// <summary>Computes HMAC-RIPEMD-160 into <paramref name="destination"/> if it is long enough.</summary>
    /// <param name="key">The secret key.</param>
    /// <param name="source">The data to authenticate.</param>
    /// <param name="destination">Receives the MAC in its first 20 bytes.</param>
    /// <param name="bytesWritten">20, or 0 when <paramref name="destination"/> is too short.</param>
    /// <returns>False when <paramref name="destination"/> is shorter than 20 bytes.</returns>
    public static bool TryHashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination, out int bytesWritten)
    {
        if (destination.Length < HashSizeInBytes)
        {
            bytesWritten = 0;
            return false;
        }

        byte[] mac = HashData(key, source);
        mac.CopyTo(destination);
        Secret.Clear(mac);
        bytesWritten = HashSizeInBytes;
        return true;
    }

    /// <summary>Computes HMAC-RIPEMD-160 of the rest of <paramref name="source"/> with <paramref name="key"/>.</summary>
    /// <param name="key">The secret key.</param>
    /// <param name="source">The stream to read to its end.</param>
    /// <returns>The 20-byte MAC.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="key"/> or <paramref name="source"/> is null.</exception>
    /// <exception cref="ArgumentException"><paramref name="source"/> cannot be read.</exception>
    public static byte[] HashData(byte[] key, Stream source)
    {
        if (key is null)
        {
            throw new ArgumentNullException(nameof(key));
        }

        return HashData(new ReadOnlySpan<byte>(key), source);
    }

    /// <summary>Computes HMAC-RIPEMD-160 of the rest of <paramref name="source"/> with <paramref name="key"/>.</summary>
    /// <param name="key">The secret key.</param>
    /// <param name="source">The stream to read to its end.</param>
    /// <returns>The 20-byte MAC.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is null.</exception>
    /// <exception cref="ArgumentException"><paramref name="source"/> cannot be read.</exception>
    public static byte[] HashData(ReadOnlySpan<byte> key, Stream source)
    {
        Ripemd160.CheckStream(source);
        using EcHash.Hmac hmac = NewOneShot(key);
        byte[] chunk = new byte[4096];
        int read;
        while ((read = source.Read(chunk, 0, chunk.Length)) > 0)
        {
            hmac.Append(chunk, 0, read);
        }

        Secret.Clear(chunk);
        return hmac.Finish();
    }

    /// <summary>Drops the message hashed so far; the key stays.</summary>
    public override void Initialize() => _hmac.Restart();

    /// <inheritdoc />
    protected override void HashCore(byte[] array, int ibStart, int cbSize) => _hmac.Append(array, ibStart, cbSize);

    /// <inheritdoc />
    protected override byte[] HashFinal() => _hmac.Finish();

    /// <inheritdoc />
    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            _hmac.Dispose();
            if (KeyValue is not null)
            {
                Secret.Clear(KeyValue);
            }
        }

        base.Dispose(disposing);
    }

    private static EcHash.Hmac NewOneShot(ReadOnlySpan<byte> key) => new(Ripemd160.Create(), BlockBytes, key);

    private static byte[] RandomKey()
    {
        byte[] key = new byte[BlockBytes];
        using RandomNumberGenerator rng = RandomNumberGenerator.Create();
        rng.GetBytes(key);
        return key;
    }

    /// <summary>Sets <see cref="KeyedHashAlgorithm.KeyValue"/> to the key HMAC uses and returns an HMAC over it.</summary>
    private EcHash.Hmac NewHmac(byte[] key)
    {
        if (KeyValue is not null)
        {
            Secret.Clear(KeyValue);
        }

        KeyValue = key.Length > BlockBytes ? Ripemd160.HashData(key) : (byte[])key.Clone();
        return new EcHash.Hmac(_createHash(), BlockBytes, KeyValue);
    }
}

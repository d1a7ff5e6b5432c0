// The hash functions ECDSA and RFC 6979 use here, by HashAlgorithmName: MD5 (legacy), SHA-1 and SHA-2 (SHA-224 is our own,
// .NET lacks it), and SHA-3 where the platform provides it. Plus HMAC (RFC 2104) over any of them, since
// RFC 6979 needs HMAC with the message hash and .NET has no HMAC-SHA-224.

using System;
using System.IO;
using System.Security.Cryptography;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto.Hashing;

internal static class EcHash
{
    public static readonly HashAlgorithmName Sha224Name = new("SHA224");

    public static HashAlgorithm Create(HashAlgorithmName name)
    {
        string? n = name.Name;
        if (string.IsNullOrEmpty(n))
        {
            throw new ArgumentException(ErrorMessages.HashNameEmpty, nameof(name));
        }

        switch (n!.ToUpperInvariant())
        {
            // MD5 only because the BCL's ECDsa signs a hash of any algorithm it can compute, and the TLS 1.0 PRF
            // needs it; it is not a secure hash for new signatures.
            case "MD5":
                return MD5.Create();
            case "SHA1":
                return SHA1.Create();
            case "SHA224":
                return new Sha224();
            case "SHA256":
                return SHA256.Create();
            case "SHA384":
                return SHA384.Create();
            case "SHA512":
                return SHA512.Create();
#if NET
            case "SHA3-256" when SHA3_256.IsSupported:
                return SHA3_256.Create();
            case "SHA3-384" when SHA3_384.IsSupported:
                return SHA3_384.Create();
            case "SHA3-512" when SHA3_512.IsSupported:
                return SHA3_512.Create();
#endif
            default:
                throw new CryptographicException(ErrorMessages.Format(ErrorMessages.UnknownHash, n));
        }
    }

    /// <summary>Input block size in bytes (the HMAC key block): 64 for SHA-1/SHA-224/SHA-256, 128 for SHA-384/512, the rate for SHA-3.</summary>
    public static int BlockSize(HashAlgorithmName name) => name.Name!.ToUpperInvariant() switch
    {
        "SHA384" or "SHA512" => 128,
        "SHA3-256" => 136,
        "SHA3-384" => 104,
        "SHA3-512" => 72,
        _ => 64,
    };

    public static byte[] Compute(HashAlgorithmName name, byte[] data, int offset, int count)
    {
        using HashAlgorithm h = Create(name);
        return h.ComputeHash(data, offset, count);
    }

    public static byte[] Compute(HashAlgorithmName name, Stream data)
    {
        using HashAlgorithm h = Create(name);
        return h.ComputeHash(data);
    }

    /// <summary>The SHA-1/SHA-2 function with this output length (used to pick RFC 6979's HMAC from a bare hash).</summary>
    public static HashAlgorithmName ForLength(int length) => length switch
    {
        20 => HashAlgorithmName.SHA1,
        28 => Sha224Name,
        32 => HashAlgorithmName.SHA256,
        48 => HashAlgorithmName.SHA384,
        _ => HashAlgorithmName.SHA512,
    };

    /// <summary>
    /// HMAC for a fixed key (RFC 2104 §2): H((K ^ opad) || H((K ^ ipad) || m)), over any hash with a block size,
    /// whole (<see cref="Compute"/>) or a piece at a time (<see cref="Append(ReadOnlySpan{byte})"/>, <see cref="Finish"/>).
    /// </summary>
    public sealed class Hmac : IDisposable
    {
        private readonly HashAlgorithm _hash;
        private readonly byte[] _ipad;
        private readonly byte[] _opad;
        private bool _started;

        public Hmac(HashAlgorithmName name, ReadOnlySpan<byte> key)
            : this(Create(name), BlockSize(name), key)
        {
        }

        /// <summary>HMAC over <paramref name="hash"/> (which this object then owns and disposes) with input blocks of <paramref name="blockSize"/> bytes.</summary>
        public Hmac(HashAlgorithm hash, int blockSize, ReadOnlySpan<byte> key)
        {
            _hash = hash;
            byte[] k = key.ToArray();
            if (k.Length > blockSize)
            {
                // RFC 2104 §2: a key longer than the block is hashed first; the copy of the long key is cleared too.
                byte[] longKey = k;
                k = _hash.ComputeHash(longKey);
                Array.Clear(longKey, 0, longKey.Length);
            }

            _ipad = new byte[blockSize];
            _opad = new byte[blockSize];
            for (int i = 0; i < blockSize; i++)
            {
                byte b = i < k.Length ? k[i] : (byte)0;
                _ipad[i] = (byte)(b ^ 0x36);
                _opad[i] = (byte)(b ^ 0x5C);
            }

            Array.Clear(k, 0, k.Length);
        }

        public int Length => _hash.HashSize / 8;

        public byte[] Compute(params byte[][] parts)
        {
            Restart();
            foreach (byte[] part in parts)
            {
                Append(part, 0, part.Length);
            }

            return Finish();
        }

        /// <summary>Drops the message so far; the next <see cref="Append(byte[], int, int)"/> starts a new one.</summary>
        public void Restart()
        {
            _hash.Initialize();
            _started = false;
        }

        public void Append(byte[] data, int offset, int count)
        {
            Start();
            _hash.TransformBlock(data, offset, count, null, 0);
        }

        public void Append(ReadOnlySpan<byte> data)
        {
            Start();
            byte[] chunk = new byte[Math.Min(data.Length, 4096)];
            for (; !data.IsEmpty; data = data.Slice(Math.Min(chunk.Length, data.Length)))
            {
                int take = Math.Min(chunk.Length, data.Length);
                data.Slice(0, take).CopyTo(chunk);
                _hash.TransformBlock(chunk, 0, take, null, 0);
            }

            Secret.Clear(chunk);
        }

        /// <summary>The MAC of the message appended since the last <see cref="Restart"/> or <see cref="Finish"/>; then restarts.</summary>
        public byte[] Finish()
        {
            Start();
            _hash.TransformFinalBlock(Array.Empty<byte>(), 0, 0);
            byte[] inner = _hash.Hash!;
            _hash.Initialize();
            _hash.TransformBlock(_opad, 0, _opad.Length, null, 0);
            _hash.TransformFinalBlock(inner, 0, inner.Length);
            byte[] result = _hash.Hash!;
            Array.Clear(inner, 0, inner.Length);
            Restart();
            return result;
        }

        public void Dispose()
        {
            Array.Clear(_ipad, 0, _ipad.Length);
            Array.Clear(_opad, 0, _opad.Length);
            _hash.Dispose();
        }

        private void Start()
        {
            if (!_started)
            {
                _hash.TransformBlock(_ipad, 0, _ipad.Length, null, 0);
                _started = true;
            }
        }
    }
}

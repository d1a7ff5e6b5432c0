using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.Registry;
using Panicode.Crypto.Unsafe;

namespace Panicode.Crypto.Benchmarks.Evaluation;

/// <summary>
/// The evaluation's rows beyond plain block ciphers, each measured with seed 002's metrics: "encrypt" and "decrypt" are
/// sealing and opening for AEAD modes, MAC generation and verification for MACs, hashing (both columns) for hash
/// functions. Key setup is a new key and one 16-byte operation, as for the block ciphers.
/// </summary>
internal static class EvaluationKinds
{
    public const string Modes = "Authenticated encryption and MACs";
    public const string Hashes = "Hash functions";
    public const string Streams = "Stream ciphers";

    public static IEnumerable<CryptrecEvaluation.Subject> Subjects(Family family)
    {
        if (family is BlockCipherFamily blockCipher && blockCipher.BlockSizes.Contains(128))
        {
            foreach (Flavour<SymmetricAlgorithm> flavour in CryptrecEvaluation.EvaluatedFlavours(blockCipher.Flavours))
            {
                Func<BlockCipherAlgorithm> create = () => (BlockCipherAlgorithm)flavour.Create();
                yield return new AeadSubject(family.Name + "-GCM", flavour.Name, key => Aead.Of(create().CreateGcm(key), (g, n, p, c, t) => g.Encrypt(n, p, c, t), (g, n, c, t, p) => g.Decrypt(n, c, t, p)));
                yield return new AeadSubject(family.Name + "-CCM", flavour.Name, key => Aead.Of(create().CreateCcm(key), (g, n, p, c, t) => g.Encrypt(n, p, c, t), (g, n, c, t, p) => g.Decrypt(n, c, t, p)));
                yield return new MacSubject(family.Name + "-CMAC", flavour.Name, key => create().CreateCmac(key));
                yield return new MacSubject(family.Name + "-CBC-MAC", flavour.Name, key => create().CreateCbcMac(key, CbcMacPadding.Method2));
            }

            if (family == Families.Rijndael)
            {
                yield return new AeadSubject("Rijndael-GCM", "built-in AesGcm", key => Aead.Of(new AesGcm(key, 16), (g, n, p, c, t) => g.Encrypt(n, p, c, t), (g, n, c, t, p) => g.Decrypt(n, c, t, p)));
                yield return new AeadSubject("Rijndael-CCM", "built-in AesCcm", key => Aead.Of(new AesCcm(key), (g, n, p, c, t) => g.Encrypt(n, p, c, t), (g, n, c, t, p) => g.Decrypt(n, c, t, p)));
            }
        }
        else if (family is BlockCipherFamily desFamily && family == Families.TripleDes)
        {
            // The retail MAC (ISO/IEC 9797-1 MAC algorithm 3) exists over DES only; the evaluation's 16-byte key is K || K'.
            foreach (Flavour<SymmetricAlgorithm> flavour in CryptrecEvaluation.EvaluatedFlavours(desFamily.Flavours))
            {
                yield return new MacSubject(family.Name + "-RetailMAC", flavour.Name, key => ((TripleDesCipher)flavour.Create()).CreateRetailMac(key, CbcMacPadding.Method1));
            }
        }
        else if (family is Family<StreamCipher> streams)
        {
            foreach (Flavour<StreamCipher> flavour in CryptrecEvaluation.EvaluatedFlavours(streams.Flavours))
            {
                yield return new StreamSubject(family.Name, flavour.Name, flavour.Create);
            }
        }
        else if (family is Family<KeyedHashAlgorithm> macs)
        {
            foreach (Flavour<KeyedHashAlgorithm> flavour in CryptrecEvaluation.EvaluatedFlavours(macs.Flavours))
            {
                yield return new MacSubject(family.Name, flavour.Name, key =>
                {
                    KeyedHashAlgorithm mac = flavour.Create();
                    mac.Key = key;
                    return mac;
                });
            }
        }
        else if (family is Family<HashAlgorithm> hashes)
        {
            foreach (Flavour<HashAlgorithm> flavour in CryptrecEvaluation.EvaluatedFlavours(hashes.Flavours))
            {
                yield return new HashSubject(family.Name, flavour.Name, flavour.Create);
            }
        }
    }

    /// <summary>
    /// Rows for the catalogue's algorithms that no registry family holds because they have one implementation and a
    /// shape of their own: MULTI-S01 (encryption with integrity, one class in both packages, each over its flavour's
    /// PANAMA module), measured as an AEAD.
    /// </summary>
    public static IEnumerable<CryptrecEvaluation.Subject> SingleImplementationSubjects()
    {
        yield return new MultiS01Subject("Reference", MultiS01.Create);
        yield return new MultiS01Subject("Unsafe", UnsafeCrypto.CreateMultiS01);
    }

    // Seal (nonce, plaintext, ciphertext, tag) and open (nonce, ciphertext, tag, plaintext) of one AEAD object.
    private delegate void SealAction<T>(T aead, byte[] nonce, byte[] plaintext, byte[] ciphertext, byte[] tag);

    private delegate void OpenAction<T>(T aead, byte[] nonce, byte[] ciphertext, byte[] tag, byte[] plaintext);

    /// <summary>
    /// One AEAD object of any of the four shapes measured (our Gcm and Ccm, the BCL's AesGcm and AesCcm, which share
    /// method shapes but no interface): 12-byte nonce, 16-byte tag, no associated data.
    /// </summary>
    private sealed class Aead(Action<byte[], byte[], byte[], byte[]> seal, Action<byte[], byte[], byte[], byte[]> open, IDisposable owner) : IDisposable
    {
        public static Aead Of<T>(T aead, SealAction<T> seal, OpenAction<T> open)
            where T : IDisposable =>
            new((n, p, c, t) => seal(aead, n, p, c, t), (n, c, t, p) => open(aead, n, c, t, p), aead);

        public void Seal(byte[] nonce, byte[] plaintext, byte[] ciphertext, byte[] tag) => seal(nonce, plaintext, ciphertext, tag);

        public void Open(byte[] nonce, byte[] ciphertext, byte[] tag, byte[] plaintext) => open(nonce, ciphertext, tag, plaintext);

        public void Dispose() => owner.Dispose();
    }

    // TryComputeHash returns false, having done nothing, when the destination is too small: never time that.
    private static void Require(bool done)
    {
        if (!done)
        {
            throw new InvalidOperationException("The MAC or digest did not fit its buffer.");
        }
    }

    private sealed class AeadSubject(string algorithm, string implementation, Func<byte[], Aead> create)
        : CryptrecEvaluation.Subject(algorithm, implementation, Modes)
    {
        private readonly byte[] _nonce = new byte[12];
        private readonly byte[] _tag = new byte[16];
        private readonly byte[] _block = new byte[16];
        private readonly Dictionary<int, (byte[] Ciphertext, byte[] Tag)> _sealed = new();
        private Aead? _seal;

        public override void Setup(byte[] key) => _seal = create(key);

        public override void KeySetup(byte[] key)
        {
            using Aead seal = create((byte[])key.Clone());
            seal.Seal(_nonce, _block, _block, _tag);
        }

        public override void Encrypt(byte[] input, byte[] output) => _seal!.Seal(_nonce, input, output, _tag);

        // Opens a sealed copy of the input (sealed once per size), so the tag check passes and the whole path runs.
        public override void Decrypt(byte[] input, byte[] output)
        {
            if (!_sealed.TryGetValue(input.Length, out (byte[] Ciphertext, byte[] Tag) message))
            {
                message = (new byte[input.Length], new byte[16]);
                _seal!.Seal(_nonce, input, message.Ciphertext, message.Tag);
                _sealed[input.Length] = message;
            }

            _seal!.Open(_nonce, message.Ciphertext, message.Tag, output);
        }
    }

    // MULTI-S01 under a fixed deviation parameter Q (a real caller must never repeat Q under one key; the timing is the
    // same) and 8 bytes of redundancy R; "decrypt" opens a sealed copy of the input, so the integrity check passes.
    private sealed class MultiS01Subject(string implementation, Func<byte[], MultiS01> create) : CryptrecEvaluation.Subject("MULTI-S01", implementation, Modes)
    {
        private readonly byte[] _deviation = new byte[MultiS01.DeviationSizeInBytes];
        private readonly byte[] _redundancy = new byte[MultiS01.RedundancySizeInBytes];
        private readonly byte[] _block = new byte[16];
        private readonly Dictionary<int, (byte[] Sealed, byte[] Scratch)> _buffers = new();
        private MultiS01? _multi;

        public override void Setup(byte[] key) => _multi = create(Widened(key));

        public override void KeySetup(byte[] key)
        {
            using MultiS01 multi = create(Widened(key));
            multi.Encrypt(_deviation, _block, _redundancy, Buffers(_block).Scratch);
        }

        public override void Encrypt(byte[] input, byte[] output) => _multi!.Encrypt(_deviation, input, _redundancy, Buffers(input).Scratch);

        public override void Decrypt(byte[] input, byte[] output) => _multi!.Decrypt(_deviation, Buffers(input).Sealed, _redundancy, output.AsSpan(0, input.Length));

        // The run's 128-bit key twice: MULTI-S01 takes 256 bits.
        private static byte[] Widened(byte[] key) => [.. key, .. key];

        private (byte[] Sealed, byte[] Scratch) Buffers(byte[] input)
        {
            if (!_buffers.TryGetValue(input.Length, out (byte[] Sealed, byte[] Scratch) buffers))
            {
                int length = MultiS01.GetCiphertextLength(input.Length);
                buffers = (new byte[length], new byte[length]);
                _multi!.Encrypt(_deviation, input, _redundancy, buffers.Sealed);
                _buffers[input.Length] = buffers;
            }

            return buffers;
        }
    }

    private sealed class MacSubject(string algorithm, string implementation, Func<byte[], KeyedHashAlgorithm> create)
        : CryptrecEvaluation.Subject(algorithm, implementation, Modes)
    {
        private readonly byte[] _block = new byte[16];
        private byte[] _mac = Array.Empty<byte>();
        private byte[] _expected = Array.Empty<byte>();
        private KeyedHashAlgorithm? _keyed;

        public override void Setup(byte[] key)
        {
            _keyed = create(key);
            _mac = new byte[_keyed.HashSize / 8];
            _expected = new byte[_mac.Length];
        }

        public override void KeySetup(byte[] key)
        {
            using KeyedHashAlgorithm mac = create((byte[])key.Clone());
            Require(mac.TryComputeHash(_block, _mac, out _));
        }

        public override void Encrypt(byte[] input, byte[] output) => Require(_keyed!.TryComputeHash(input, _mac, out _));

        // Verification: the MAC again and a comparison in constant time.
        public override void Decrypt(byte[] input, byte[] output)
        {
            Require(_keyed!.TryComputeHash(input, _expected, out _));
            CryptographicOperations.FixedTimeEquals(_expected, _mac);
        }

    }

    // Key setup is seed 002's initialisation: a new key and IV and the first 16 bytes of key stream. Encryption and
    // decryption continue one key stream (no per-call restart), as a long message would.
    private sealed class StreamSubject(string algorithm, string implementation, Func<StreamCipher> create)
        : CryptrecEvaluation.Subject(algorithm, implementation, Streams)
    {
        private readonly byte[] _block = new byte[16];
        private StreamCipher? _cipher;
        private StreamCipher? _rekeyed;
        private byte[] _iv = Array.Empty<byte>();

        private byte[] _key = Array.Empty<byte>();

        public override void Setup(byte[] key)
        {
            _cipher = create();
            _key = OfSize(key, _cipher.KeySize / 8);   // the cipher's default key size (PANAMA: 256 bits), from the run's key
            _cipher.Key = _key;
            _rekeyed = create();
            _iv = new byte[_cipher.IVSize / 8];

            // A stream cipher now refuses to run under an IV nobody chose: the measured object gets the fixed one too.
            _cipher.IV = _iv;
        }

        public override void KeySetup(byte[] key)
        {
            _rekeyed!.Key = OfSize(key, _key.Length);
            _rekeyed.IV = _iv;
            _rekeyed.Encrypt(_block, _block);
        }

        public override void Encrypt(byte[] input, byte[] output) => _cipher!.Encrypt(input, output);

        /// <summary>The run's key repeated or cut to <paramref name="bytes"/> (a fresh array, as a caller's key would be).</summary>
        private static byte[] OfSize(byte[] key, int bytes)
        {
            byte[] sized = new byte[bytes];
            for (int i = 0; i < bytes; i++)
            {
                sized[i] = key[i % key.Length];
            }

            return sized;
        }

        public override void Decrypt(byte[] input, byte[] output) => _cipher!.Decrypt(input, output);
    }

    private sealed class HashSubject(string algorithm, string implementation, Func<HashAlgorithm> create)
        : CryptrecEvaluation.Subject(algorithm, implementation, Hashes)
    {
        private readonly byte[] _digest = new byte[64];
        private readonly byte[] _block = new byte[16];
        private HashAlgorithm? _hash;

        public override void Setup(byte[] key) => _hash = create();

        // A hash has no key: "key setup" is a new object and one 16-byte message.
        public override void KeySetup(byte[] key)
        {
            using HashAlgorithm hash = create();
            Require(hash.TryComputeHash(_block, _digest, out _));
        }

        public override void Encrypt(byte[] input, byte[] output) => Require(_hash!.TryComputeHash(input, _digest, out _));

        public override void Decrypt(byte[] input, byte[] output) => Require(_hash!.TryComputeHash(input, _digest, out _));

    }
}

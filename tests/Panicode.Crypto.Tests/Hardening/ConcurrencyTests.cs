using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;
using System.Threading;
using Panicode.Crypto.Registry;
using Panicode.Crypto.Tests.Infrastructure;

namespace Panicode.Crypto.Tests.Hardening;

/// <summary>
/// One object shared by several threads, as the README's thread-safety section promises, one row per public object
/// type and flavour (<see cref="Rows"/>): block-cipher one-shots, GCM, GMAC, CCM, key wrap, ECDSA and ECDH on one shared
/// object, with a forgery race wherever something is verified (half the threads check genuine data, the others forged
/// data under the same key and nonce; not one forgery may pass, not one genuine message may fail); and, for the types
/// that hold a computation in progress and so belong to one thread at a time (CMAC, HMAC and hash objects, stream
/// ciphers, transforms, as in the BCL), the calls that are safe to share — the static one-shots, creating transforms
/// from one object — and one instance per thread, which must not share hidden state. Every run is bounded by a call
/// count, not by a clock. A new public type (RSA, DSA, DH, ...) is one more row.
/// </summary>
public sealed class ConcurrencyTests
{
    private const int Threads = 4;

    public static TheoryData<Implementation<SymmetricAlgorithm>> BlockCiphers => Implementations.BlockCipherData;

    public static TheoryData<Implementation<PrimeEcdsa>> EcdsaFlavours => Implementations.ToTheoryData(Implementations.Ecdsa);

    public static TheoryData<Implementation<PrimeEcdh>> EcdhFlavours => Implementations.ToTheoryData(Implementations.Ecdh);

    public static TheoryData<string> RowNames => new(Rows.Keys);

    /// <summary>Every row: "Gcm Camellia Unsafe", "Ecdsa Reference", ...</summary>
    internal static IReadOnlyDictionary<string, Func<Subject>> Rows => s_rows ??= BuildRows();

    private static Dictionary<string, Func<Subject>>? s_rows;

    /// <summary>
    /// The row's object, shared by <see cref="Threads"/> threads that start together, each making the row's number of
    /// calls; every call must give the right answer.
    /// </summary>
    [Theory]
    [MemberData(nameof(RowNames))]
    public void SharedObjectIsCorrectUnderConcurrentCalls(string row)
    {
        using Subject subject = Rows[row]();
        int wrong = 0;
        int calls = 0;
        var firstWrong = new ConcurrentQueue<string>();
        RunTogether(t =>
        {
            for (int i = 0; i < subject.CallsPerThread; i++)
            {
                string? error = subject.Call(t, i);
                Interlocked.Increment(ref calls);
                if (error != null)
                {
                    Interlocked.Increment(ref wrong);
                    firstWrong.Enqueue($"thread {t} call {i}: {error}");
                }
            }
        });

        Assert.Equal(Threads * subject.CallsPerThread, calls);
        Assert.True(wrong == 0, $"{wrong} of {calls} calls were wrong, e.g. {string.Join("; ", firstWrong.Take(3))}");
    }

    /// <summary>The suite covers every public type that can be shared or that a caller might share.</summary>
    [Fact]
    public void EveryPublicObjectTypeHasARow()
    {
        string[] kinds = Rows.Keys.Select(k => k.Split(' ')[0]).Distinct().ToArray();
        foreach (string kind in new[] { "OneShots", "Gcm", "Gmac", "Ccm", "KeyWrap", "Cmac", "StreamCipher", "Hash", "Hmac", "Ecdsa", "Ecdh", "Rsa", "Dsa", "Dh", "Kem" })
        {
            Assert.Contains(kind, kinds);
        }

        // Every flavour of every registered family appears in some row.
        foreach (Flavour flavour in Families.All.SelectMany(f => f.AllFlavours))
        {
            Assert.Contains(Rows.Keys, k => k.EndsWith(" " + flavour, StringComparison.Ordinal));
        }
    }

    /// <summary>
    /// One thread keeps switching the key between two values while the others encrypt: a call may see either key (or,
    /// as the base class allows, throw a CryptographicException), but every output must be the ciphertext under one
    /// of the two keys; never under a cleared schedule or a key nobody set.
    /// </summary>
    [Theory]
    [MemberData(nameof(BlockCiphers))]
    public void OneShotsWhileAnotherThreadChangesTheKeyAreUnderAKeyThatWasSet(Implementation<SymmetricAlgorithm> flavour)
    {
        using SymmetricAlgorithm shared = flavour.Create();

        // Two keys of different sizes where the cipher has them (the 64-bit ciphers take 128-bit keys only).
        byte[][] keys = { Bytes(16, 11), Bytes(shared.ValidKeySize(256) ? 32 : 16, 12) };
        byte[] plaintext = Bytes(16 * 40, 13);
        byte[][] expected = keys.Select(k => Reference(flavour.Family, k).EncryptEcb(plaintext, PaddingMode.None)).ToArray();
        shared.Key = keys[0];
        int stop = 0;
        int wrong = 0;
        int good = 0;
        var changer = new Thread(() =>
        {
            for (int i = 0; Volatile.Read(ref stop) == 0; i++)
            {
                shared.Key = keys[i & 1];
            }
        });
        changer.Start();
        try
        {
            RunTogether(_ =>
            {
                for (int i = 0; i < 2000; i++)
                {
                    byte[] output;
                    try
                    {
                        output = shared.EncryptEcb(plaintext, PaddingMode.None);
                    }
                    catch (CryptographicException)
                    {
                        continue;
                    }

                    if (output.AsSpan().SequenceEqual(expected[0]) || output.AsSpan().SequenceEqual(expected[1]))
                    {
                        Interlocked.Increment(ref good);
                    }
                    else
                    {
                        Interlocked.Increment(ref wrong);
                    }
                }
            });
        }
        finally
        {
            Volatile.Write(ref stop, 1);
            changer.Join();
        }

        Assert.Equal(0, wrong);
        Assert.True(good > 0, "No call produced output.");
    }

    /// <summary>
    /// A fresh object per round, so that every round races on building the one-shot key schedule: all threads start
    /// together and must all produce the ciphertext of the fixed key.
    /// </summary>
    [Theory]
    [MemberData(nameof(BlockCiphers))]
    public void OneShotKeyScheduleBuiltByRacingCallsIsCorrect(Implementation<SymmetricAlgorithm> flavour)
    {
        byte[] key = Bytes(16, 1);
        byte[] plaintext = Bytes(16 * 40, 3);
        byte[] expected = Reference(flavour.Family, key).EncryptEcb(plaintext, PaddingMode.None);
        int wrong = 0;
        for (int round = 0; round < 40; round++)
        {
            using SymmetricAlgorithm shared = flavour.Create();
            shared.Key = key;
            RunTogether(_ =>
            {
                if (!shared.EncryptEcb(plaintext, PaddingMode.None).AsSpan().SequenceEqual(expected))
                {
                    Interlocked.Increment(ref wrong);
                }
            });
        }

        Assert.Equal(0, wrong);
    }

    /// <summary>
    /// A fresh object whose key is generated on first use, signed with by several threads at once: exactly one key
    /// comes out, and every signature verifies under it.
    /// </summary>
    [Theory]
    [MemberData(nameof(EcdsaFlavours))]
    public void LazyKeyOfASharedEcdsaObjectIsGeneratedOnce(Implementation<PrimeEcdsa> flavour)
    {
        byte[] hash = Bytes(32, 31);
        int bad = 0;
        for (int round = 0; round < 12; round++)
        {
            using PrimeEcdsa shared = flavour.Create();
            shared.KeySize = 256;
            var signatures = new ConcurrentBag<byte[]>();
            RunTogether(_ => signatures.Add(shared.SignHash(hash)));
            using ECDsa publicKey = ECDsa.Create(shared.ExportParameters(false));
            bad += signatures.Count(s => !publicKey.VerifyHash(hash, s));
        }

        Assert.Equal(0, bad);
    }

    /// <summary>ECDH on fresh shared objects whose key is generated on first use: one secret, equal to the peer's.</summary>
    [Theory]
    [MemberData(nameof(EcdhFlavours))]
    public void LazyKeyOfASharedEcdhObjectIsGeneratedOnce(Implementation<PrimeEcdh> flavour)
    {
        using ECDiffieHellman peer = ECDiffieHellman.Create(ECCurve.NamedCurves.nistP256);
        int bad = 0;
        for (int round = 0; round < 8; round++)
        {
            using PrimeEcdh shared = flavour.Create();
            shared.KeySize = 256;
            var secrets = new ConcurrentBag<byte[]>();
            RunTogether(_ => secrets.Add(shared.DeriveRawSecretAgreement(peer.PublicKey)));
            byte[] expected = peer.DeriveRawSecretAgreement(shared.PublicKey);
            bad += secrets.Count(s => !s.AsSpan().SequenceEqual(expected));
        }

        Assert.Equal(0, bad);
    }

    /// <summary>Runs <paramref name="body"/> on <see cref="Threads"/> threads that start together; rethrows the first failure.</summary>
    internal static void RunTogether(Action<int> body)
    {
        using var start = new Barrier(Threads);
        var failures = new ConcurrentQueue<Exception>();
        Thread[] threads = Enumerable.Range(0, Threads).Select(t => new Thread(() =>
        {
            try
            {
                start.SignalAndWait();
                body(t);
            }
            catch (Exception e)
            {
                failures.Enqueue(e);
            }
        })).ToArray();
        foreach (Thread thread in threads)
        {
            thread.Start();
        }

        foreach (Thread thread in threads)
        {
            thread.Join();
        }

        if (failures.TryDequeue(out Exception? first))
        {
            throw new AggregateException(failures.Prepend(first));
        }
    }

    internal static byte[] Bytes(int length, int seed)
    {
        byte[] bytes = new byte[length];
        new Random(seed).NextBytes(bytes);
        return bytes;
    }

    // The Reference flavour of the same family, for the expected outputs.
    private static SymmetricAlgorithm Reference(string family, byte[] key)
    {
        SymmetricAlgorithm reference = ((Family<SymmetricAlgorithm>)Families.Find(family)!).Flavours[0].Create();
        reference.Key = key;
        return reference;
    }

    private static Dictionary<string, Func<Subject>> BuildRows()
    {
        var rows = new Dictionary<string, Func<Subject>>();
        void Add(string kind, Flavour flavour, Func<Subject> create) => rows.Add(kind + " " + flavour, create);

        foreach (Family<SymmetricAlgorithm> family in Families.All.OfType<Family<SymmetricAlgorithm>>())
        {
            foreach (Flavour<SymmetricAlgorithm> flavour in family.Flavours)
            {
                Add("OneShots", flavour, () => new OneShotsSubject(flavour));
                Add("Cmac", flavour, () => new CmacSubject(flavour));
                if (family is BlockCipherFamily block && block.BlockSizes.Contains(128))
                {
                    Add("Gcm", flavour, () => new AeadSubject(flavour, gcm: true));
                    Add("Ccm", flavour, () => new AeadSubject(flavour, gcm: false));
                    Add("Gmac", flavour, () => new GmacSubject(flavour));
                    Add("KeyWrap", flavour, () => new KeyWrapSubject(flavour));
                }
            }
        }

        foreach (Flavour<StreamCipher> flavour in Families.All.OfType<Family<StreamCipher>>().SelectMany(f => f.Flavours))
        {
            Add("StreamCipher", flavour, () => new StreamCipherSubject(flavour));
        }

        foreach (Flavour<HashAlgorithm> flavour in Families.All.OfType<Family<HashAlgorithm>>().SelectMany(f => f.Flavours))
        {
            Add("Hash", flavour, () => new HashSubject(flavour.Create, key: null, StaticOneShot(flavour.Family)));
        }

        foreach (Flavour<KeyedHashAlgorithm> flavour in Families.All.OfType<Family<KeyedHashAlgorithm>>().SelectMany(f => f.Flavours))
        {
            Add("Hmac", flavour, () => new HashSubject(flavour.Create, key: Bytes(20, 5), StaticOneShot(flavour.Family)));
        }

        foreach (Flavour<PrimeEcdsa> flavour in Families.Ecdsa.Flavours)
        {
            Add("Ecdsa", flavour, () => new EcdsaSubject(flavour));
        }

        foreach (Flavour<PrimeEcdh> flavour in Families.Ecdh.Flavours)
        {
            Add("Ecdh", flavour, () => new EcdhSubject(flavour));
        }

        foreach (Flavour<ManagedRsa> flavour in Families.Rsa.Flavours)
        {
            Add("Rsa", flavour, () => new RsaSubject(flavour));
        }

        foreach (Flavour<ManagedDsa> flavour in Families.Dsa.Flavours)
        {
            Add("Dsa", flavour, () => new DsaSubject(flavour));
        }

        foreach (Flavour<ManagedDiffieHellman> flavour in Families.Dh.Flavours)
        {
            Add("Dh", flavour, () => new DhSubject(flavour));
        }

        foreach (Flavour<PrimeEciesKem> flavour in Families.EciesKem.Flavours)
        {
            Add("Kem", flavour, () => new KemSubject(flavour.Create(), rejects: false));
        }

        foreach (Flavour<PrimePsecKem> flavour in Families.PsecKem.Flavours)
        {
            Add("Kem", flavour, () => new KemSubject(flavour.Create(), rejects: true));
        }

        return rows;
    }

    /// <summary>The object of one row and its calls; <see cref="Call"/> returns null when a call's result is right.</summary>
    internal abstract class Subject : IDisposable
    {
        public virtual int CallsPerThread => 300;

        /// <summary>One call on thread <paramref name="thread"/>: null when right, else what was wrong.</summary>
        public abstract string? Call(int thread, int iteration);

        public virtual void Dispose()
        {
        }

        protected static bool Same(ReadOnlySpan<byte> a, ReadOnlySpan<byte> b) => a.SequenceEqual(b);

        protected static void DisposeAll(IEnumerable<IDisposable?> objects)
        {
            foreach (IDisposable? o in objects)
            {
                o?.Dispose();
            }
        }
    }

    /// <summary>The SymmetricAlgorithm one-shots (ECB, CBC, CFB) and transforms made from one shared object with a fixed key.</summary>
    private sealed class OneShotsSubject : Subject
    {
        private readonly SymmetricAlgorithm _shared;
        private readonly byte[] _plaintext;
        private readonly byte[] _iv;
        private readonly byte[] _ecb;
        private readonly byte[] _cbc;
        private readonly byte[] _cfb8;

        public OneShotsSubject(Flavour<SymmetricAlgorithm> flavour)
        {
            _shared = flavour.Create();
            _shared.Key = Bytes(16, 1);
            int block = _shared.BlockSize / 8;
            _plaintext = Bytes(block * 40, 3);   // 40 blocks: through the batched paths of the sliced/AES-NI cores
            _iv = Bytes(block, 2);
            _shared.IV = _iv;
            SymmetricAlgorithm reference = Reference(flavour.Family, _shared.Key);
            _ecb = reference.EncryptEcb(_plaintext, PaddingMode.None);
            _cbc = reference.EncryptCbc(_plaintext, _iv, PaddingMode.None);
            _cfb8 = reference.EncryptCfb(_plaintext.AsSpan(0, 37), _iv, PaddingMode.PKCS7, 8);
        }

        public override int CallsPerThread => 60;

        public override string? Call(int thread, int iteration) => (iteration % 4) switch
        {
            0 => Same(_shared.EncryptEcb(_plaintext, PaddingMode.None), _ecb) ? null : "ECB ciphertext",
            1 => Same(_shared.DecryptCbc(_cbc, _iv, PaddingMode.None), _plaintext) ? null : "CBC plaintext",
            2 => Same(_shared.DecryptCfb(_cfb8, _iv, PaddingMode.PKCS7, 8), _plaintext.AsSpan(0, 37)) ? null : "CFB8 plaintext",
            _ => Transform(),
        };

        private string? Transform()
        {
            using ICryptoTransform decryptor = _shared.CreateDecryptor();   // CBC, PKCS7 and the IV set above
            byte[] padded = _shared.EncryptCbc(_plaintext, _iv, PaddingMode.PKCS7);
            return Same(decryptor.TransformFinalBlock(padded, 0, padded.Length), _plaintext) ? null : "transform";
        }

        public override void Dispose() => _shared.Dispose();
    }

    /// <summary>
    /// GCM or CCM shared by all threads: even threads decrypt the genuine message, odd ones a forgery (one ciphertext
    /// bit flipped, the genuine tag) under the same key and nonce, and encrypt now and then. A forgery must throw and
    /// leave zeros, never its plaintext, in the output.
    /// </summary>
    private sealed class AeadSubject : Subject
    {
        private readonly BlockCipherAlgorithm _algorithm;
        private readonly Gcm? _gcm;
        private readonly Ccm? _ccm;
        private readonly byte[] _nonce = Bytes(12, 41);
        private readonly byte[] _aad = Bytes(200, 42);
        private readonly byte[] _plaintext = Bytes(256, 43);
        private readonly byte[] _ciphertext = new byte[256];
        private readonly byte[] _tag = new byte[16];
        private readonly byte[] _forged;

        public override int CallsPerThread { get; }

        public AeadSubject(Flavour<SymmetricAlgorithm> flavour, bool gcm)
        {
            _algorithm = (BlockCipherAlgorithm)flavour.Create();
            _algorithm.BlockSize = 128;
            byte[] key = Bytes(16, 40);
            _gcm = gcm ? _algorithm.CreateGcm(key) : null;
            _ccm = gcm ? null : _algorithm.CreateCcm(key);
            Encrypt(_plaintext, _ciphertext, _tag);
            _forged = (byte[])_ciphertext.Clone();
            CallsPerThread = gcm ? 1000 : 300;
            _forged[5] ^= 0x20;
        }

        public override string? Call(int thread, int iteration)
        {
            byte[] output = new byte[256];
            if (iteration % 8 == 7)
            {
                byte[] tag = new byte[16];
                Encrypt(_plaintext, output, tag);
                return Same(output, _ciphertext) && Same(tag, _tag) ? null : "encryption";
            }

            bool forged = thread % 2 == 1;
            try
            {
                Decrypt(forged ? _forged : _ciphertext, output);
            }
            catch (CryptographicException)
            {
                return !forged ? "genuine message rejected"
                    : output.All(b => b == 0) ? null : "forged plaintext left in the output";
            }

            return forged ? "forgery accepted" : Same(output, _plaintext) ? null : "wrong plaintext";
        }

        public override void Dispose() => DisposeAll(new IDisposable?[] { _gcm, _ccm, _algorithm });

        private void Encrypt(byte[] plaintext, byte[] ciphertext, byte[] tag)
        {
            if (_gcm != null)
            {
                _gcm.Encrypt(_nonce, plaintext, ciphertext, tag, _aad);
            }
            else
            {
                _ccm!.Encrypt(_nonce, plaintext, ciphertext, tag, _aad);
            }
        }

        private void Decrypt(byte[] ciphertext, byte[] plaintext)
        {
            if (_gcm != null)
            {
                _gcm.Decrypt(_nonce, ciphertext, _tag, plaintext, _aad);
            }
            else
            {
                _ccm!.Decrypt(_nonce, ciphertext, _tag, plaintext, _aad);
            }
        }
    }

    /// <summary>GMAC shared by all threads: even threads verify the genuine tag, odd threads the same tag over forged data.</summary>
    private sealed class GmacSubject : Subject
    {
        private readonly BlockCipherAlgorithm _algorithm;
        private readonly Gmac _gmac;
        private readonly byte[] _nonce = Bytes(12, 51);
        private readonly byte[] _data = Bytes(1024, 52);
        private readonly byte[] _forged;
        private readonly byte[] _tag = new byte[16];

        public GmacSubject(Flavour<SymmetricAlgorithm> flavour)
        {
            _algorithm = (BlockCipherAlgorithm)flavour.Create();
            _algorithm.BlockSize = 128;
            _gmac = _algorithm.CreateGmac(Bytes(16, 50));
            _gmac.ComputeTag(_nonce, _data, _tag);
            _forged = (byte[])_data.Clone();
            _forged[33] ^= 1;
        }

        public override int CallsPerThread => 4000;

        public override string? Call(int thread, int iteration)
        {
            if (iteration % 8 == 7)
            {
                byte[] tag = new byte[16];
                _gmac.ComputeTag(_nonce, _data, tag);
                return Same(tag, _tag) ? null : "tag";
            }

            return thread % 2 == 1
                ? (_gmac.VerifyTag(_nonce, _forged, _tag) ? "forgery accepted" : null)
                : (_gmac.VerifyTag(_nonce, _data, _tag) ? null : "genuine tag rejected");
        }

        public override void Dispose() => DisposeAll(new IDisposable?[] { _gmac, _algorithm });
    }

    /// <summary>Key wrap shared by all threads: even threads unwrap genuine keys (KW and KWP), odd threads corrupted ones.</summary>
    private sealed class KeyWrapSubject : Subject
    {
        private readonly BlockCipherAlgorithm _algorithm;
        private readonly KeyWrap _wrap;
        private readonly byte[] _key = Bytes(32, 61);
        private readonly byte[] _wrapped;
        private readonly byte[] _wrappedPadded;

        public KeyWrapSubject(Flavour<SymmetricAlgorithm> flavour)
        {
            _algorithm = (BlockCipherAlgorithm)flavour.Create();
            _algorithm.BlockSize = 128;
            _wrap = _algorithm.CreateKeyWrap(Bytes(16, 60));
            _wrapped = _wrap.WrapKey(_key);
            _wrappedPadded = _wrap.WrapKeyWithPadding(_key.AsSpan(0, 21));
        }

        public override int CallsPerThread => 100;

        public override string? Call(int thread, int iteration)
        {
            bool padded = iteration % 2 == 1;
            byte[] wrapped = (byte[])(padded ? _wrappedPadded : _wrapped).Clone();
            ReadOnlySpan<byte> expected = _key.AsSpan(0, padded ? 21 : 32);
            if (iteration % 8 == 6)
            {
                return Same(padded ? _wrap.WrapKeyWithPadding(expected) : _wrap.WrapKey(expected), wrapped) ? null : "wrapped key";
            }

            bool forged = thread % 2 == 1;
            if (forged)
            {
                wrapped[wrapped.Length - 3] ^= 4;
            }

            try
            {
                byte[] key = padded ? _wrap.UnwrapKeyWithPadding(wrapped) : _wrap.UnwrapKey(wrapped);
                return forged ? "corrupted key accepted" : Same(key, expected) ? null : "wrong key";
            }
            catch (CryptographicException)
            {
                return forged ? null : "genuine key rejected";
            }
        }

        public override void Dispose() => DisposeAll(new IDisposable?[] { _wrap, _algorithm });
    }

    /// <summary>
    /// CMAC is a KeyedHashAlgorithm holding the message in progress, so each thread has its own, created from one
    /// shared cipher object at the same time as the others; instances must not share hidden state.
    /// </summary>
    private sealed class CmacSubject : Subject
    {
        private readonly BlockCipherAlgorithm _shared;
        private readonly byte[] _key = Bytes(16, 70);
        private readonly byte[][] _messages = Enumerable.Range(0, 8).Select(i => Bytes(i * 13, 71 + i)).ToArray();
        private readonly byte[][] _macs;
        private readonly Cmac?[] _perThread = new Cmac?[Threads];

        public CmacSubject(Flavour<SymmetricAlgorithm> flavour)
        {
            _shared = (BlockCipherAlgorithm)flavour.Create();
            using Cmac reference = _shared.CreateCmac(_key);
            _macs = _messages.Select(reference.ComputeHash).ToArray();
        }

        public override int CallsPerThread => 100;

        public override string? Call(int thread, int iteration)
        {
            Cmac cmac = _perThread[thread] ??= _shared.CreateCmac(_key);
            int m = iteration % _messages.Length;
            return Same(cmac.ComputeHash(_messages[m]), _macs[m]) ? null : "MAC";
        }

        public override void Dispose() => DisposeAll(_perThread.Append<IDisposable?>(_shared));
    }

    /// <summary>
    /// A stream cipher's Encrypt/Decrypt continue one key stream, so an instance belongs to one thread; what may be
    /// shared is the object transforms are created from. Even threads create transforms from the shared object, odd
    /// threads use an instance of their own.
    /// </summary>
    private sealed class StreamCipherSubject : Subject
    {
        private readonly Flavour<StreamCipher> _flavour;
        private readonly StreamCipher _shared;
        private readonly byte[] _key;
        private readonly byte[] _iv;
        private readonly byte[] _plaintext = Bytes(100, 81);
        private readonly byte[] _ciphertext;
        private readonly StreamCipher?[] _perThread = new StreamCipher?[Threads];

        public StreamCipherSubject(Flavour<StreamCipher> flavour)
        {
            _flavour = flavour;
            _shared = flavour.Create();
            _key = _shared.Key;
            _iv = _shared.IV;
            _ciphertext = _shared.Encrypt(_plaintext);
        }

        public override int CallsPerThread => 100;

        public override string? Call(int thread, int iteration)
        {
            if (thread % 2 == 0)
            {
                using ICryptoTransform transform = _shared.CreateEncryptor(_key, _iv);
                return Same(transform.TransformFinalBlock(_plaintext, 0, _plaintext.Length), _ciphertext) ? null : "transform";
            }

            StreamCipher own = _perThread[thread] ??= _flavour.Create();
            own.Key = _key;
            own.IV = _iv;
            return Same(own.Encrypt(_plaintext), _ciphertext) ? null : "own instance";
        }

        public override void Dispose() => DisposeAll(_perThread.Append<IDisposable?>(_shared));
    }

    /// <summary>The family's static one-shot (key, data) → hash, which any thread may call, or null where it has none.</summary>
    private static Func<byte[]?, byte[], byte[]>? StaticOneShot(string family) => family switch
    {
        "Ripemd160" => (_, data) => Ripemd160.HashData(data),
        "HmacRipemd160" => (key, data) => HmacRipemd160.HashData(key!, data),
        _ => null,
    };

    /// <summary>
    /// Hash and HMAC objects hold the message in progress (as the BCL's do): one instance per thread, plus the static
    /// one-shots where the type has them (Ripemd160.HashData, HmacRipemd160.HashData), which any thread may call.
    /// </summary>
    private sealed class HashSubject : Subject
    {
        private readonly Func<HashAlgorithm> _create;
        private readonly byte[]? _key;
        private readonly byte[] _data = Bytes(200, 91);
        private readonly byte[] _expected;
        private readonly HashAlgorithm?[] _perThread = new HashAlgorithm?[Threads];

        private readonly Func<byte[]?, byte[], byte[]>? _oneShot;

        public HashSubject(Func<HashAlgorithm> create, byte[]? key, Func<byte[]?, byte[], byte[]>? oneShot)
        {
            _create = create;
            _key = key;
            _oneShot = oneShot;
            using HashAlgorithm reference = Create();
            _expected = reference.ComputeHash(_data);
        }

        public override string? Call(int thread, int iteration)
        {
            if (iteration % 2 == 0 && _oneShot != null)
            {
                return Same(_oneShot(_key, _data), _expected) ? null : "static one-shot";
            }

            HashAlgorithm own = _perThread[thread] ??= Create();
            return Same(own.ComputeHash(_data), _expected) ? null : "own instance";
        }

        public override void Dispose() => DisposeAll(_perThread);

        private HashAlgorithm Create()
        {
            HashAlgorithm hash = _create();
            if (_key != null)
            {
                ((KeyedHashAlgorithm)hash).Key = _key;
            }

            return hash;
        }
    }

    /// <summary>
    /// ECDSA on one shared key: every thread signs; even threads verify genuine signatures (with the shared object and
    /// the built-in ECDsa), odd threads verify a genuine signature over a different hash, which must fail.
    /// </summary>
    private sealed class EcdsaSubject : Subject
    {
        private readonly PrimeEcdsa _shared;
        private readonly ECDsa _builtIn;

        public EcdsaSubject(Flavour<PrimeEcdsa> flavour)
        {
            _shared = flavour.Create();
            _shared.GenerateKey(ECCurve.NamedCurves.nistP256);
            _builtIn = ECDsa.Create(_shared.ExportParameters(false));
        }

        public override int CallsPerThread => 12;

        public override string? Call(int thread, int iteration)
        {
            byte[] hash = Bytes(32, (100 * thread) + iteration);
            byte[] signature = _shared.SignHash(hash);
            if (!_builtIn.VerifyHash(hash, signature))
            {
                return "signature";
            }

            if (thread % 2 == 0)
            {
                return _shared.VerifyHash(hash, signature) ? null : "genuine signature rejected";
            }

            hash[0] ^= 1;
            return _shared.VerifyHash(hash, signature) ? "forgery accepted" : null;
        }

        public override void Dispose() => DisposeAll(new IDisposable?[] { _builtIn, _shared });
    }

    /// <summary>ECDH on one shared key with two peers, the threads alternating between them.</summary>
    private sealed class EcdhSubject : Subject
    {
        private readonly PrimeEcdh _shared;
        private readonly ECDiffieHellman[] _peers;
        private readonly byte[][] _expected;

        public EcdhSubject(Flavour<PrimeEcdh> flavour)
        {
            _shared = flavour.Create();
            _shared.GenerateKey(ECCurve.NamedCurves.nistP256);
            _peers = new[] { ECDiffieHellman.Create(ECCurve.NamedCurves.nistP256), ECDiffieHellman.Create(ECCurve.NamedCurves.nistP256) };
            _expected = _peers.Select(p => p.DeriveRawSecretAgreement(_shared.PublicKey)).ToArray();
        }

        public override int CallsPerThread => 8;

        public override string? Call(int thread, int iteration)
        {
            int p = (thread + iteration) % 2;
            return Same(_shared.DeriveRawSecretAgreement(_peers[p].PublicKey), _expected[p]) ? null : "secret";
        }

        public override void Dispose() => DisposeAll(_peers.Append<IDisposable?>(_shared));
    }

    /// <summary>RSA on one shared key: signatures (checked by the built-in RSA), verification and OAEP decryption.</summary>
    private sealed class RsaSubject : Subject
    {
        private readonly ManagedRsa _shared;
        private readonly RSA _builtIn;

        public RsaSubject(Flavour<ManagedRsa> flavour)
        {
            _builtIn = RSA.Create(1024);
            _shared = flavour.Create();
            _shared.ImportParameters(_builtIn.ExportParameters(true));
        }

        public override int CallsPerThread => 10;

        public override string? Call(int thread, int iteration)
        {
            byte[] data = Bytes(40, (100 * thread) + iteration);
            RSASignaturePadding padding = iteration % 2 == 0 ? RSASignaturePadding.Pkcs1 : RSASignaturePadding.Pss;
            byte[] signature = _shared.SignData(data, HashAlgorithmName.SHA256, padding);
            if (!_builtIn.VerifyData(data, signature, HashAlgorithmName.SHA256, padding))
            {
                return "signature";
            }

            if (thread % 2 == 1)
            {
                data[0] ^= 1;
                return _shared.VerifyData(data, signature, HashAlgorithmName.SHA256, padding) ? "forgery accepted" : null;
            }

            byte[] message = data.AsSpan(0, 16).ToArray();
            byte[] plain = _shared.Decrypt(_builtIn.Encrypt(message, RSAEncryptionPadding.OaepSHA256), RSAEncryptionPadding.OaepSHA256);
            return Same(plain, message) ? null : "decryption";
        }

        public override void Dispose() => DisposeAll(new IDisposable?[] { _builtIn, _shared });
    }

    /// <summary>DSA on one shared key: deterministic signatures (checked by the built-in DSA) and verification.</summary>
    private sealed class DsaSubject : Subject
    {
        private readonly ManagedDsa _shared;
        private readonly DSA _builtIn;

        public DsaSubject(Flavour<ManagedDsa> flavour)
        {
            _builtIn = DSA.Create(1024);
            _shared = flavour.Create();
            _shared.ImportParameters(_builtIn.ExportParameters(true));
        }

        public override int CallsPerThread => 10;

        public override string? Call(int thread, int iteration)
        {
            byte[] data = Bytes(40, (100 * thread) + iteration);
            byte[] signature = _shared.SignData(data, HashAlgorithmName.SHA256);
            if (!_builtIn.VerifyData(data, signature, HashAlgorithmName.SHA256))
            {
                return "signature";
            }

            data[0] ^= 1;
            return _shared.VerifyData(data, signature, HashAlgorithmName.SHA256) ? "forgery accepted" : null;
        }

        public override void Dispose() => DisposeAll(new IDisposable?[] { _builtIn, _shared });
    }

    /// <summary>Finite-field DH on one shared key: every call agrees with a fixed peer and must get the same Z.</summary>
    private sealed class DhSubject : Subject
    {
        private readonly ManagedDiffieHellman _shared;
        private readonly ManagedDiffieHellman _peer;
        private readonly byte[] _expected;

        public DhSubject(Flavour<ManagedDiffieHellman> flavour)
        {
            _shared = flavour.Create();
            _shared.GenerateKey(FfdhGroup.Rfc5114Modp2048With256);
            _peer = ManagedDiffieHellman.Create(FfdhGroup.Rfc5114Modp2048With256);
            _expected = _peer.DeriveRawSecretAgreement(_shared.PublicKey);
        }

        public override int CallsPerThread => 10;

        public override string? Call(int thread, int iteration) =>
            Same(_shared.DeriveRawSecretAgreement(_peer.PublicKey), _expected) ? null : "shared secret";

        public override void Dispose() => DisposeAll(new IDisposable?[] { _shared, _peer });
    }

    /// <summary>
    /// One KEM object with a private key shared by every thread: even threads encapsulate to it and decapsulate their own
    /// ciphertext; odd threads decapsulate a known ciphertext (which must give its secret) and, in turn, a forged one (the
    /// last byte of the masked seed changed), which PSEC-KEM must reject. ECIES-KEM defines no rejection (its ciphertext is
    /// a point, and a changed byte makes a point off the curve or another point), so there the turn is a second known
    /// ciphertext, which must give its own secret and not the first.
    /// </summary>
    private sealed class KemSubject : Subject
    {
        private readonly PrimeEcKem _shared;
        private readonly bool _rejects;
        private readonly byte[] _ciphertext;
        private readonly byte[] _secret;
        private readonly byte[] _other;
        private readonly byte[] _otherSecret;

        public KemSubject(PrimeEcKem shared, bool rejects)
        {
            _shared = shared;
            _rejects = rejects;
            _shared.GenerateKey(ECCurve.NamedCurves.nistP256);
            _shared.Encapsulate(out _ciphertext, out _secret);
            if (rejects)
            {
                _other = (byte[])_ciphertext.Clone();
                _other[_other.Length - 1] ^= 0x01;
                _otherSecret = Array.Empty<byte>();
            }
            else
            {
                _shared.Encapsulate(out _other, out _otherSecret);
            }
        }

        public override int CallsPerThread => 10;

        public override string? Call(int thread, int iteration)
        {
            if (thread % 2 == 0)
            {
                _shared.Encapsulate(out byte[] ciphertext, out byte[] secret);
                return Same(_shared.Decapsulate(ciphertext), secret) ? null : "own encapsulation";
            }

            if (iteration % 2 == 0)
            {
                return Same(_shared.Decapsulate(_ciphertext), _secret) ? null : "known ciphertext";
            }

            if (!_rejects)
            {
                return Same(_shared.Decapsulate(_other), _otherSecret) ? null : "second known ciphertext";
            }

            try
            {
                _shared.Decapsulate(_other);
                return "forged ciphertext accepted";
            }
            catch (CryptographicException)
            {
                return null;
            }
        }

        public override void Dispose() => _shared.Dispose();
    }
}

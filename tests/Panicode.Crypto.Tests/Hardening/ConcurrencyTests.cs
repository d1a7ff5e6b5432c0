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
/// One algorithm object shared by several threads, as the README's thread-safety section promises: one-shot calls and
/// transforms of one block-cipher object, ECDSA signing/verification and ECDH of one EC object. Every run is bounded by
/// an iteration count (a fraction of a second per flavour), not by a clock.
/// </summary>
public sealed class ConcurrencyTests
{
    private const int Threads = 4;

    public static TheoryData<Implementation<SymmetricAlgorithm>> BlockCiphers => Implementations.BlockCipherData;

    public static TheoryData<Implementation<PrimeEcdsa>> EcdsaFlavours => Implementations.ToTheoryData(Implementations.Ecdsa);

    public static TheoryData<Implementation<PrimeEcdh>> EcdhFlavours => Implementations.ToTheoryData(Implementations.Ecdh);

    /// <summary>
    /// A fresh object per round, so that every round races on building the one-shot key schedule: all threads start
    /// together (a barrier) and must all produce the ciphertext of the fixed key.
    /// </summary>
    [Theory]
    [MemberData(nameof(BlockCiphers))]
    public void OneShotsOnASharedObjectWithAFixedKeyAreCorrect(Implementation<SymmetricAlgorithm> flavour)
    {
        byte[] key = Bytes(16, 1);
        byte[] iv = Bytes(16, 2);
        byte[] plaintext = Bytes(16 * 40, 3);   // 40 blocks: through the batched paths of the sliced/AES-NI cores
        byte[] expectedEcb = Reference(flavour, key).EncryptEcb(plaintext, PaddingMode.None);
        byte[] expectedCbc = Reference(flavour, key).EncryptCbc(plaintext, iv, PaddingMode.None);
        int wrong = 0;
        int calls = 0;
        for (int round = 0; round < 60; round++)
        {
            using SymmetricAlgorithm shared = flavour.Create();
            shared.Key = key;
            RunTogether(_ =>
            {
                for (int i = 0; i < 20; i++)
                {
                    bool ok = i % 2 == 0
                        ? shared.EncryptEcb(plaintext, PaddingMode.None).AsSpan().SequenceEqual(expectedEcb)
                        : shared.DecryptCbc(expectedCbc, iv, PaddingMode.None).AsSpan().SequenceEqual(plaintext);
                    Interlocked.Increment(ref calls);
                    if (!ok)
                    {
                        Interlocked.Increment(ref wrong);
                    }
                }
            });
        }

        Assert.Equal(60 * Threads * 20, calls);
        Assert.Equal(0, wrong);
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
        byte[][] keys = { Bytes(16, 11), Bytes(32, 12) };
        byte[] plaintext = Bytes(16 * 40, 13);
        byte[][] expected = keys.Select(k => Reference(flavour, k).EncryptEcb(plaintext, PaddingMode.None)).ToArray();
        using SymmetricAlgorithm shared = flavour.Create();
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

    /// <summary>Transforms made from one shared object on several threads (each thread its own transform).</summary>
    [Theory]
    [MemberData(nameof(BlockCiphers))]
    public void TransformsCreatedFromASharedObjectOnSeveralThreadsAreCorrect(Implementation<SymmetricAlgorithm> flavour)
    {
        byte[] key = Bytes(24, 21);
        byte[] iv = Bytes(16, 22);
        byte[] plaintext = Bytes(16 * 40 + 5, 23);
        SymmetricAlgorithm reference = Reference(flavour, key);
        reference.IV = iv;
        byte[] expected = reference.CreateEncryptor().TransformFinalBlock(plaintext, 0, plaintext.Length);
        using SymmetricAlgorithm shared = flavour.Create();
        shared.Key = key;
        shared.IV = iv;
        int wrong = 0;
        RunTogether(_ =>
        {
            for (int i = 0; i < 200; i++)
            {
                using ICryptoTransform encryptor = shared.CreateEncryptor();
                using ICryptoTransform decryptor = shared.CreateDecryptor();
                byte[] ciphertext = encryptor.TransformFinalBlock(plaintext, 0, plaintext.Length);
                byte[] back = decryptor.TransformFinalBlock(ciphertext, 0, ciphertext.Length);
                if (!ciphertext.AsSpan().SequenceEqual(expected) || !back.AsSpan().SequenceEqual(plaintext))
                {
                    Interlocked.Increment(ref wrong);
                }
            }
        });
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

    /// <summary>Signing and verifying with one key-holding object on several threads at once.</summary>
    [Theory]
    [MemberData(nameof(EcdsaFlavours))]
    public void SignAndVerifyOnASharedEcdsaObjectAreCorrect(Implementation<PrimeEcdsa> flavour)
    {
        using PrimeEcdsa shared = flavour.Create();
        shared.GenerateKey(ECCurve.NamedCurves.nistP256);
        using ECDsa builtIn = ECDsa.Create(shared.ExportParameters(false));
        int bad = 0;
        RunTogether(t =>
        {
            for (int i = 0; i < 15; i++)
            {
                byte[] hash = Bytes(32, (100 * t) + i);
                byte[] signature = shared.SignHash(hash);
                if (!shared.VerifyHash(hash, signature) || !builtIn.VerifyHash(hash, signature))
                {
                    Interlocked.Increment(ref bad);
                }

                hash[0] ^= 1;
                if (shared.VerifyHash(hash, signature))
                {
                    Interlocked.Increment(ref bad);
                }
            }
        });
        Assert.Equal(0, bad);
    }

    /// <summary>ECDH on a shared object whose key is generated on first use: one secret, equal to the peer's.</summary>
    [Theory]
    [MemberData(nameof(EcdhFlavours))]
    public void EcdhOnASharedObjectAgreesWithThePeer(Implementation<PrimeEcdh> flavour)
    {
        using ECDiffieHellman peer = ECDiffieHellman.Create(ECCurve.NamedCurves.nistP256);
        int bad = 0;
        for (int round = 0; round < 8; round++)
        {
            using PrimeEcdh shared = flavour.Create();
            shared.KeySize = 256;
            var secrets = new ConcurrentBag<byte[]>();
            RunTogether(_ =>
            {
                for (int i = 0; i < 3; i++)
                {
                    secrets.Add(shared.DeriveRawSecretAgreement(peer.PublicKey));
                }
            });
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
    private static SymmetricAlgorithm Reference(Implementation<SymmetricAlgorithm> flavour, byte[] key)
    {
        SymmetricAlgorithm reference = ((BlockCipherFamily)Families.Find(flavour.Family)!).Reference.Create();
        reference.Key = key;
        return reference;
    }
}

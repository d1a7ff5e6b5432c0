using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Security.Cryptography;
using System.Text;
using Panicode.Crypto.Ablation.Camellia;
using Panicode.Crypto.Ablation.Rijndael;

namespace Panicode.Crypto.BrowserDemo.Demo;

/// <summary>One measured number.</summary>
public sealed record BenchmarkRow(string Algorithm, string Flavour, string Metric, double Value, string Unit);

/// <summary>
/// The evaluation's short benchmark, run where the page runs: CRYPTREC's metrics (key setup; ECB encryption and
/// decryption at 16, 1,536 and 1,048,576 bytes) for every cipher of <see cref="Catalog"/> in both flavours, ECDSA and
/// ECDH on two curves, and the Oikawa et al. (SCIS 2008) ablation: the portable Rijndael and Camellia cores with each
/// CLI technique taken out in turn. Each cell repeats its operation for a fixed time and reports the faster of two
/// rounds; the runtime here is single-threaded, so the caller yields between cells to keep the page alive.
/// </summary>
public static class QuickBenchmark
{
    private static readonly int[] s_sizes = { 16, 1536, 1048576 };

    /// <summary>The cells, each a function that measures and returns its rows; the caller runs them one by one.</summary>
    public static IEnumerable<Func<IEnumerable<BenchmarkRow>>> Cells(double secondsPerCell)
    {
        foreach (CipherEntry cipher in Catalog.Ciphers)
        {
            foreach ((string flavour, Func<SymmetricAlgorithm> create) in cipher.Flavours())
            {
                yield return () => CipherRows(cipher.Id, flavour, create, cipher.KeyBits, secondsPerCell, s_sizes);
            }
        }

        foreach (StreamEntry stream in Catalog.Streams)
        {
            yield return () => StreamRows(stream.Id, "Reference", stream.Reference, secondsPerCell);
            yield return () => StreamRows(stream.Id, "Unsafe", stream.Unsafe, secondsPerCell);
        }

        foreach (HashEntry hash in Catalog.Hashes)
        {
            yield return () => HashRows(hash.Id, "Reference", hash.Reference, secondsPerCell);
            yield return () => HashRows(hash.Id, "Unsafe", hash.Unsafe, secondsPerCell);
        }

        foreach (string curve in new[] { "nistP256", "secp256k1" })
        {
            foreach ((string flavour, Func<string, PrimeEcdsa> create) in Catalog.EcdsaFlavours())
            {
                yield return () => EcdsaRows(curve, flavour, create, secondsPerCell);
            }

            foreach ((string flavour, Func<string, PrimeEcdh> create) in Catalog.EcdhFlavours())
            {
                yield return () => EcdhRows(curve, flavour, create, secondsPerCell);
            }
        }

        foreach (RijndaelAblation variant in Enum.GetValues<RijndaelAblation>())
        {
            yield return () => AblationRows("Ablation: Rijndael-128", variant.ToString(), () => RijndaelAblationCore.CreateAlgorithm(variant), secondsPerCell);
        }

        foreach (CamelliaAblation variant in Enum.GetValues<CamelliaAblation>())
        {
            yield return () => AblationRows("Ablation: Camellia-128", variant.ToString(), () => CamelliaAblationCore.CreateAlgorithm(variant), secondsPerCell);
        }
    }

    // A new key array each time, so the schedule is built again (the one-shot methods cache it per key), as the
    // CoreCLR evaluation measures it.
    private static IEnumerable<BenchmarkRow> CipherRows(string name, string flavour, Func<SymmetricAlgorithm> create, int keyBits, double seconds, int[] sizes)
    {
        byte[] key = new byte[keyBits / 8];
        new Random(1).NextBytes(key);
        using SymmetricAlgorithm algorithm = create();
        algorithm.Key = key;
        using SymmetricAlgorithm rekeyed = create();
        byte[] block = new byte[rekeyed.BlockSize / 8];
        return MetricRows(
            name,
            flavour,
            seconds,
            sizes,
            () =>
            {
                rekeyed.Key = (byte[])key.Clone();
                rekeyed.EncryptEcb(block, block, PaddingMode.None);
            },
            (input, output) => algorithm.EncryptEcb(input, output, PaddingMode.None),
            (input, output) => algorithm.DecryptEcb(input, output, PaddingMode.None));
    }

    // As the CoreCLR evaluation: key setup is a new key and IV plus 16 bytes of key stream; the rest continue one stream.
    private static IEnumerable<BenchmarkRow> StreamRows(string name, string flavour, Func<StreamCipher> create, double seconds)
    {
        using StreamCipher cipher = create();
        byte[] key = new byte[cipher.KeySize / 8];
        byte[] iv = new byte[cipher.IVSize / 8];
        cipher.Key = key;
        // A stream cipher refuses to run under an IV nobody chose, so the measured object gets the fixed IV too.
        cipher.IV = iv;
        using StreamCipher rekeyed = create();
        byte[] block = new byte[16];
        return MetricRows(
            name,
            flavour,
            seconds,
            s_sizes,
            () =>
            {
                rekeyed.Key = (byte[])key.Clone();
                rekeyed.IV = iv;
                rekeyed.Encrypt(block, block);
            },
            (input, output) => cipher.Encrypt(input, output),
            (input, output) => cipher.Decrypt(input, output));
    }

    // The evaluation's metric names, so the report puts hashes in the same table: "key setup" is a new object and a
    // 16-byte message; "encrypt" and "decrypt" are two separate timings of hashing.
    private static IEnumerable<BenchmarkRow> HashRows(string name, string flavour, Func<HashAlgorithm> create, double seconds)
    {
        using HashAlgorithm hash = create();
        byte[] digest = new byte[hash.HashSize / 8];
        byte[] block = new byte[16];
        return MetricRows(
            name,
            flavour,
            seconds,
            s_sizes,
            () =>
            {
                using HashAlgorithm fresh = create();
                fresh.TryComputeHash(block, digest, out _);
            },
            (input, output) => hash.TryComputeHash(input, digest, out int _),
            (input, output) => hash.TryComputeHash(input, digest, out int _));
    }

    // Seed 002's metrics for one algorithm: key setup in µs, then encryption and decryption at each size in MB/s.
    private static List<BenchmarkRow> MetricRows(
        string name, string flavour, double seconds, int[] sizes, Action keySetup, Action<byte[], byte[]> encrypt, Action<byte[], byte[]> decrypt)
    {
        List<BenchmarkRow> rows = new() { new(name, flavour, "KeySetup", SecondsPerCall(seconds, keySetup) * 1e6, "µs") };
        foreach (int size in sizes)
        {
            byte[] input = new byte[size];
            byte[] output = new byte[size];
            rows.Add(new(name, flavour, "Encrypt" + size, size / SecondsPerCall(seconds, () => encrypt(input, output)) / 1e6, "MB/s"));
            rows.Add(new(name, flavour, "Decrypt" + size, size / SecondsPerCall(seconds, () => decrypt(input, output)) / 1e6, "MB/s"));
        }

        return rows;
    }

    private static IEnumerable<BenchmarkRow> AblationRows(string name, string variant, Func<SymmetricAlgorithm> create, double seconds)
    {
        byte[] key = new byte[16];
        using SymmetricAlgorithm algorithm = create();
        algorithm.Key = key;
        byte[] data = new byte[1048576];
        double encrypt = SecondsPerCall(seconds, () => algorithm.EncryptEcb(data, data, PaddingMode.None));
        return new[] { new BenchmarkRow(name, variant, "Encrypt1048576", data.Length / encrypt / 1e6, "MB/s") };
    }

    private static IEnumerable<BenchmarkRow> EcdsaRows(string curve, string flavour, Func<string, PrimeEcdsa> create, double seconds)
    {
        using PrimeEcdsa ecdsa = create(curve);
        byte[] message = Encoding.ASCII.GetBytes("A 64-byte message for the benchmark of ECDSA in a web browser....");
        byte[] signature = ecdsa.SignData(message, HashAlgorithmName.SHA256);
        double sign = SecondsPerCall(seconds, () => ecdsa.SignData(message, HashAlgorithmName.SHA256));
        double verify = SecondsPerCall(seconds, () => ecdsa.VerifyData(message, signature, HashAlgorithmName.SHA256));
        return new[]
        {
            new BenchmarkRow("ECDSA " + curve, flavour, "Sign", sign * 1e6, "µs"),
            new BenchmarkRow("ECDSA " + curve, flavour, "Verify", verify * 1e6, "µs"),
        };
    }

    private static IEnumerable<BenchmarkRow> EcdhRows(string curve, string flavour, Func<string, PrimeEcdh> create, double seconds)
    {
        using PrimeEcdh alice = create(curve);
        using PrimeEcdh bob = PrimeEcdh.Create(curve);
        ECDiffieHellmanPublicKey peer = bob.PublicKey;
        double derive = SecondsPerCall(seconds, () => alice.DeriveKeyMaterial(peer));
        return new[] { new BenchmarkRow("ECDH " + curve, flavour, "Derive", derive * 1e6, "µs") };
    }

    // The faster of two rounds of at least `seconds` each (at least one call per round): the first round also warms the
    // runtime up (the WebAssembly runtime's jiterpreter compiles hot interpreter traces after a number of passes).
    private static double SecondsPerCall(double seconds, Action action)
    {
        double best = double.MaxValue;
        for (int round = 0; round < 2; round++)
        {
            long calls = 0;
            Stopwatch watch = Stopwatch.StartNew();
            do
            {
                action();
                calls++;
            }
            while (watch.Elapsed.TotalSeconds < seconds);
            best = Math.Min(best, watch.Elapsed.TotalSeconds / calls);
        }

        return best;
    }
}

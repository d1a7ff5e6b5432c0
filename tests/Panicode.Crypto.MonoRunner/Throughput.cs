using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Security.Cryptography;
using Panicode.Crypto.Registry;

namespace Panicode.Crypto.MonoRunner;

/// <summary>
/// Bulk throughput of every symmetric flavour on this runtime, printed as a Markdown table for the Mono column of
/// docs/benchmarks.md and of the evaluation report (docs/evaluation): 1 MiB messages through <see cref="ICryptoTransform.TransformBlock"/> (netstandard2.0 has no
/// one-shot methods), one warm-up pass, then passes until the measuring time is spent; MB/s means 10^6 bytes per
/// second. Mono's own <see cref="RijndaelManaged"/> and <see cref="Aes"/> are measured beside them as baselines.
/// </summary>
internal static class Throughput
{
    private const int MessageBytes = 1 << 20;

    // Every 128-bit block cipher of the registry with a 128-bit key (a new family joins by itself), and Rijndael with a
    // 256-bit block and key.
    private static IEnumerable<(string Name, string Family, int BlockBits, int KeyBits)> Ciphers()
    {
        foreach (BlockCipherFamily family in Families.BlockCiphersWithBlockSize(128))
        {
            yield return (family.Name + "-128", family.Name, 128, 128);
            if (family == Families.Rijndael)
            {
                yield return ("Rijndael-256", family.Name, 256, 256);
            }
        }
    }

    private static readonly (string Name, CipherMode Mode, bool Encrypt)[] s_operations =
    {
        ("ECB encrypt", CipherMode.ECB, true),
        ("ECB decrypt", CipherMode.ECB, false),
        ("CBC encrypt", CipherMode.CBC, true),
        ("CBC decrypt", CipherMode.CBC, false),
    };

    public static void Run(TimeSpan measuringTime, TextWriter output)
    {
        output.WriteLine($"Throughput, {MessageBytes / 1024} KiB messages, MB/s = 10^6 bytes/s, {measuringTime.TotalSeconds:0.#} s per cell");
        output.WriteLine();
        output.WriteLine("| cipher | key bits | operation | implementation | MB/s |");
        output.WriteLine("|---|---|---|---|---|");
        byte[] input = new byte[MessageBytes];
        new Random(1).NextBytes(input);
        byte[] outputBuffer = new byte[MessageBytes];
        foreach ((string cipher, string family, int blockBits, int keyBits) in Ciphers())
        {
            foreach ((string implementation, Func<SymmetricAlgorithm> create) in Implementations(family, blockBits))
            {
                foreach ((string operation, CipherMode mode, bool encrypt) in s_operations)
                {
                    double mbPerSecond = Measure(create, blockBits, keyBits, mode, encrypt, input, outputBuffer, measuringTime);
                    output.WriteLine(string.Format(
                        CultureInfo.InvariantCulture, "| {0} | {1} | {2} | {3} | {4:0.0} |", cipher, keyBits, operation, implementation, mbPerSecond));
                    output.Flush();
                }
            }
        }
    }

    private static IEnumerable<(string Name, Func<SymmetricAlgorithm> Create)> Implementations(string family, int blockBits)
    {
        foreach (Flavour<SymmetricAlgorithm> flavour in ((BlockCipherFamily)Families.Find(family)!).Flavours)
        {
            yield return (flavour.Name, flavour.Create);
        }

        if (family == "Rijndael")
        {
#pragma warning disable SYSLIB0022 // RijndaelManaged is the baseline this library replaces (Mono's managed implementation).
            yield return ("Mono RijndaelManaged", () => new RijndaelManaged());
#pragma warning restore SYSLIB0022
            if (blockBits == 128)
            {
                yield return ("Mono Aes.Create()", () => Aes.Create());
            }
        }
    }

    private static double Measure(
        Func<SymmetricAlgorithm> create, int blockBits, int keyBits, CipherMode mode, bool encrypt, byte[] input, byte[] output, TimeSpan measuringTime)
    {
        using SymmetricAlgorithm algorithm = create();
        algorithm.BlockSize = blockBits;
        algorithm.Mode = mode;
        algorithm.Padding = PaddingMode.None;
        byte[] key = new byte[keyBits / 8];
        byte[] iv = new byte[blockBits / 8];
        new Random(2).NextBytes(key);
        new Random(3).NextBytes(iv);
        algorithm.Key = key;
        algorithm.IV = iv;
        using ICryptoTransform transform = encrypt ? algorithm.CreateEncryptor() : algorithm.CreateDecryptor();
        Pass(transform, input, output);
        long bytes = 0;
        Stopwatch watch = Stopwatch.StartNew();
        do
        {
            Pass(transform, input, output);
            bytes += input.Length;
        }
        while (watch.Elapsed < measuringTime);
        watch.Stop();
        return bytes / watch.Elapsed.TotalSeconds / 1e6;
    }

    private static void Pass(ICryptoTransform transform, byte[] input, byte[] output)
    {
        int written = transform.TransformBlock(input, 0, input.Length, output, 0);
        if (written != input.Length)
        {
            throw new InvalidOperationException($"TransformBlock wrote {written} of {input.Length} bytes.");
        }
    }
}

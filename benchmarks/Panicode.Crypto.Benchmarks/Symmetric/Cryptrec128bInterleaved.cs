using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.Security.Cryptography;

namespace Panicode.Crypto.Benchmarks.Symmetric;

/// <summary>
/// <c>-- --cryptrec128b-interleaved</c>: Hierocrypt-3 and CIPHERUNICORN-A measured for a shared, noisy machine, as
/// <see cref="Ablation.CamelliaInterleavedAblation"/> does for Camellia: every implementation runs once per round,
/// rounds repeat, each keeps its fastest round (interference only slows a round down). ECB through the one-shot
/// span methods at CRYPTREC's sizes, 128-bit key; key setup = new key + one block.
/// </summary>
public static class Cryptrec128bInterleaved
{
    private const int Rounds = 25;

    public static void Run() => Measure(new (string Name, (string Flavour, Func<SymmetricAlgorithm> Create)[] Flavours)[]
        {
            ("Hierocrypt-3", new (string, Func<SymmetricAlgorithm>)[]
            {
                ("Reference", Hierocrypt3Cipher.Create),
                ("Unsafe (GFNI where available)", Panicode.Crypto.Unsafe.UnsafeCrypto.CreateHierocrypt3),
                ("Unsafe portable", () => Panicode.Crypto.Unsafe.UnsafeCrypto.CreateHierocrypt3(forcePortable: true)),
            }),
            ("CIPHERUNICORN-A", new (string, Func<SymmetricAlgorithm>)[]
            {
                ("Reference", CipherUnicornACipher.Create),
                ("Unsafe", Panicode.Crypto.Unsafe.UnsafeCrypto.CreateCipherUnicornA),
            }),
        });

    /// <summary>
    /// Measures every flavour of each cipher (the first flavour is the "x Reference" baseline) at 16 B, 1,536 B and
    /// 1 MiB with a 128-bit key; the sizes are whole blocks of 64 and of 128 bits.
    /// </summary>
    internal static void Measure((string Name, (string Flavour, Func<SymmetricAlgorithm> Create)[] Flavours)[] ciphers)
    {
        int[] sizes = { 16, 1536, 1 << 20 };
        foreach ((string name, (string Flavour, Func<SymmetricAlgorithm> Create)[] flavours) in ciphers)
        {
            List<SymmetricAlgorithm> algorithms = new();
            foreach ((string _, Func<SymmetricAlgorithm> create) in flavours)
            {
                SymmetricAlgorithm algorithm = create();
                algorithm.Key = TestData.Bytes(16, 1);
                algorithms.Add(algorithm);
            }

            Console.WriteLine($"{name}, 128-bit key, ECB: MB/s of the fastest of {Rounds} interleaved rounds (x Reference)");
            Console.WriteLine("| Implementation | " + string.Join(" | ", Array.ConvertAll(sizes, s => $"encrypt {s} B | decrypt {s} B")) + " | key setup ns |");
            Console.WriteLine("|---|" + string.Concat(Array.ConvertAll(sizes, _ => "---:|---:|")) + "---:|");
            double[,] best = new double[algorithms.Count, (2 * sizes.Length) + 1];
            for (int i = 0; i < best.Length; i++)
            {
                best[i / best.GetLength(1), i % best.GetLength(1)] = double.MaxValue;
            }

            for (int round = 0; round < Rounds; round++)
            {
                for (int s = 0; s < sizes.Length; s++)
                {
                    byte[] input = TestData.Bytes(sizes[s], 3);
                    byte[] output = new byte[input.Length];
                    int repeat = Math.Max(1, (1 << 18) / sizes[s]);
                    for (int a = 0; a < algorithms.Count; a++)
                    {
                        SymmetricAlgorithm algorithm = algorithms[a];
                        best[a, 2 * s] = Math.Min(best[a, 2 * s], Time(repeat, () => algorithm.EncryptEcb(input, output, PaddingMode.None)));
                        best[a, (2 * s) + 1] = Math.Min(best[a, (2 * s) + 1], Time(repeat, () => algorithm.DecryptEcb(input, output, PaddingMode.None)));
                    }
                }

                byte[] key = TestData.Bytes(16, 4), block = TestData.Bytes(16, 5), result = new byte[16];
                for (int a = 0; a < algorithms.Count; a++)
                {
                    SymmetricAlgorithm algorithm = algorithms[a];
                    int column = 2 * sizes.Length;
                    best[a, column] = Math.Min(best[a, column], Time(200, () =>
                    {
                        algorithm.Key = key;
                        algorithm.EncryptEcb(block, result, PaddingMode.None);
                    }));
                }
            }

            for (int a = 0; a < algorithms.Count; a++)
            {
                List<string> cells = new();
                for (int s = 0; s < sizes.Length; s++)
                {
                    for (int d = 0; d < 2; d++)
                    {
                        double mbs = sizes[s] / best[a, (2 * s) + d] / 1e6;
                        double reference = sizes[s] / best[0, (2 * s) + d] / 1e6;
                        cells.Add(string.Create(CultureInfo.InvariantCulture, $"{mbs:F1} ({mbs / reference:F1}x)"));
                    }
                }

                cells.Add(string.Create(CultureInfo.InvariantCulture, $"{best[a, 2 * sizes.Length] * 1e9:F0}"));
                Console.WriteLine($"| {flavours[a].Flavour} | " + string.Join(" | ", cells) + " |");
                algorithms[a].Dispose();
            }

            Console.WriteLine();
        }
    }

    /// <summary>Seconds per call, <paramref name="repeat"/> calls timed together.</summary>
    private static double Time(int repeat, Action action)
    {
        long start = Stopwatch.GetTimestamp();
        for (int i = 0; i < repeat; i++)
        {
            action();
        }

        return (Stopwatch.GetTimestamp() - start) / (double)Stopwatch.Frequency / repeat;
    }
}

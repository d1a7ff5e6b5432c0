using System;
using System.Diagnostics;
using System.Linq;
using System.Runtime.InteropServices;
using System.Security.Cryptography;
using Org.BouncyCastle.Crypto.Engines;
using Panicode.Crypto.Unsafe;

namespace Panicode.Crypto.Benchmarks.Symmetric;

/// <summary>
/// <c>-- --tdes-goals</c>: issue 28's Triple DES goals (Unsafe at least 3x BouncyCastle 2.7 and 0.8x the built-in
/// TripleDES, ECB and CBC decryption, 1 MiB): the Reference and Unsafe flavours, the built-in TripleDES (OpenSSL on
/// Linux) and BouncyCastle's DesEdeEngine, 192-bit key, each operation in interleaved rounds (every implementation once
/// per round), the fastest round of each kept (interference only slows a round down).
/// </summary>
public static class TripleDesGoals
{
    private const int Rounds = 12;
    private const int Length = 1 << 20;

    public static void Run()
    {
        byte[] key = Convert.FromHexString("0123456789abcdef23456789abcdef01456789abcdef0123");
        byte[] iv = new byte[8];
        byte[] input = new byte[Length];
        byte[] output = new byte[Length];
        new Random(28).NextBytes(input);
        (string Name, CipherRunner Runner)[] runners =
        {
            ("Reference", new SymmetricAlgorithmRunner(TripleDesCipher.Create(), 64, key, iv)),
            ("Unsafe", new SymmetricAlgorithmRunner(UnsafeCrypto.CreateTripleDes(), 64, key, iv)),
            ("built-in TripleDES", new SymmetricAlgorithmRunner(TripleDES.Create(), 64, key, iv)),
            ("BouncyCastle DesEdeEngine", new BouncyCastleRunner(() => new DesEdeEngine(), key, iv)),
        };

        Console.WriteLine($"{RuntimeInformation.FrameworkDescription}, {RuntimeInformation.OSDescription}, {RuntimeInformation.ProcessArchitecture}, {Environment.ProcessorCount} logical CPUs");
        Console.WriteLine($"Triple DES, 192-bit key, 1 MiB: MB/s of the fastest of {Rounds} interleaved rounds");
        foreach (Operation operation in new[] { Operation.EcbEncrypt, Operation.EcbDecrypt, Operation.CbcEncrypt, Operation.CbcDecrypt })
        {
            double[] best = new double[runners.Length];
            for (int round = 0; round < Rounds; round++)
            {
                for (int i = 0; i < runners.Length; i++)
                {
                    long start = Stopwatch.GetTimestamp();
                    runners[i].Runner.Run(operation, input, output, Length);
                    double seconds = (Stopwatch.GetTimestamp() - start) / (double)Stopwatch.Frequency;
                    best[i] = Math.Max(best[i], Length / seconds / 1e6);
                }
            }

            double unsafeSpeed = best[1];
            Console.WriteLine($"  {operation}: " + string.Join(", ", runners.Select((r, i) => $"{r.Name} {best[i]:F1}")) +
                $"; Unsafe = {unsafeSpeed / best[2]:F2}x built-in, {unsafeSpeed / best[3]:F2}x BouncyCastle");
        }

        foreach ((_, CipherRunner runner) in runners)
        {
            runner.Dispose();
        }
    }
}

using System;
using System.Diagnostics;
using System.Runtime.InteropServices;
using Org.BouncyCastle.Crypto.Engines;
using Org.BouncyCastle.Crypto.Parameters;
using Panicode.Crypto.Unsafe;

#pragma warning disable CS0618, PANICODE001 // RC4 is measured for issue 28's goal.

namespace Panicode.Crypto.Benchmarks.Symmetric;

/// <summary>
/// <c>-- --rc4-goals</c>: issue 28's RC4 goal (Unsafe at least 1 GB/s at 1 MiB): the Reference and Unsafe flavours and
/// BouncyCastle's RC4Engine, 128-bit key, one key stream continued across calls (the key set once), in interleaved rounds,
/// the fastest round of each kept.
/// </summary>
public static class Rc4Goals
{
    private const int Rounds = 20;
    private const int Length = 1 << 20;

    public static void Run()
    {
        byte[] key = Convert.FromHexString("0102030405060708090a0b0c0d0e0f10");
        byte[] input = new byte[Length];
        byte[] output = new byte[Length];
        new Random(7465).NextBytes(input);
        using Rc4Cipher reference = Rc4Cipher.Create();
        using Rc4Cipher fast = UnsafeCrypto.CreateRc4();
        reference.Key = key;
        fast.Key = key;
        RC4Engine bouncy = new();
        bouncy.Init(true, new KeyParameter(key));
        (string Name, Action Run)[] runners =
        {
            ("Reference", () => reference.Encrypt(input, output)),
            ("Unsafe", () => fast.Encrypt(input, output)),
            ("BouncyCastle RC4Engine", () => bouncy.ProcessBytes(input, 0, Length, output, 0)),
        };

        Console.WriteLine($"{RuntimeInformation.FrameworkDescription}, {RuntimeInformation.OSDescription}, {RuntimeInformation.ProcessArchitecture}, {Environment.ProcessorCount} logical CPUs");
        double[] best = new double[runners.Length];
        for (int round = 0; round < Rounds; round++)
        {
            for (int i = 0; i < runners.Length; i++)
            {
                long start = Stopwatch.GetTimestamp();
                runners[i].Run();
                double seconds = (Stopwatch.GetTimestamp() - start) / (double)Stopwatch.Frequency;
                best[i] = Math.Max(best[i], Length / seconds / 1e6);
            }
        }

        Console.WriteLine($"RC4, 128-bit key, 1 MiB per call: MB/s of the fastest of {Rounds} interleaved rounds");
        for (int i = 0; i < runners.Length; i++)
        {
            Console.WriteLine($"  {runners[i].Name}: {best[i]:F0}");
        }
    }
}

using System;
using System.Security.Cryptography;
using Panicode.Crypto.Unsafe;

namespace Panicode.Crypto.Benchmarks.Symmetric;

/// <summary>
/// <c>-- --cryptrec64-interleaved</c>: the 64-bit block ciphers (MISTY1, Hierocrypt-L1) measured as
/// <see cref="Cryptrec128bInterleaved"/> measures the 128-bit ones: every flavour once per round, the fastest round
/// kept, ECB through the one-shot span methods at 16 B, 1,536 B and 1 MiB, 128-bit key. Then Botan 2's own figure
/// for MISTY1 (<c>botan speed</c>, Debian's <c>botan</c> package), the baseline of issue 17's goal, on the same machine.
/// </summary>
public static class Cryptrec64Interleaved
{
    public static void Run()
    {
        Measure();
        Console.WriteLine();
        Console.WriteLine("Botan 2 (`botan speed --msec=2000 --buf-size=1536,16384 MISTY1`):");
        try
        {
            using System.Diagnostics.Process botan = System.Diagnostics.Process.Start(
                new System.Diagnostics.ProcessStartInfo("botan", "speed --msec=2000 --buf-size=1536,16384 MISTY1") { RedirectStandardOutput = true, UseShellExecute = false })!;
            Console.WriteLine(botan.StandardOutput.ReadToEnd().TrimEnd());
            botan.WaitForExit();
        }
        catch (System.ComponentModel.Win32Exception)
        {
            Console.WriteLine("not installed (apt-get install botan)");
        }
    }

    private static void Measure() => Cryptrec128bInterleaved.Measure(new (string Name, (string Flavour, Func<SymmetricAlgorithm> Create)[] Flavours)[]
    {
        ("MISTY1", new (string, Func<SymmetricAlgorithm>)[]
        {
            ("Reference", Misty1Cipher.Create),
            ("Unsafe", UnsafeCrypto.CreateMisty1),
        }),
        ("Hierocrypt-L1", new (string, Func<SymmetricAlgorithm>)[]
        {
            ("Reference", HierocryptL1Cipher.Create),
            ("Unsafe", UnsafeCrypto.CreateHierocryptL1),
        }),
    });
}

using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.Linq;
using System.Security.Cryptography;
using System.Text;
using Panicode.Crypto.Benchmarks.Infrastructure;
using Panicode.Crypto.Unsafe;

namespace Panicode.Crypto.Benchmarks.Symmetric;

/// <summary>
/// <c>-- --symmetric-goals</c>: the measures of issue 15's goals table in one run, each ratio within the run. Every row
/// encrypts or decrypts 1 MiB through the public one-shot methods; rows are interleaved round by round (a shared,
/// noisy machine only slows a round down) and each keeps its fastest round. OpenSSL's Camellia-CBC comes from
/// <c>openssl speed -evp camellia-128-cbc</c> run by this command between the rounds (its 16 KiB column).
/// </summary>
public static class SymmetricGoals
{
    private const int Rounds = 15;
    private const int Size = 1 << 20;

    public static void Run()
    {
        byte[] data = TestData.Bytes(Size, 1);
        byte[] output = new byte[Size];
        byte[] iv16 = new byte[16];
        List<(string Name, Action Action)> rows = new()
        {
            ("AES-128 ECB encrypt, Unsafe", Ecb(UnsafeCrypto.CreateRijndael(), 128, 128, data, output, encrypt: true)),
            ("AES-128 ECB decrypt, Unsafe", Ecb(UnsafeCrypto.CreateRijndael(), 128, 128, data, output, encrypt: false)),
            ("AES-128 CBC decrypt, Unsafe", Cbc(UnsafeCrypto.CreateRijndael(), data, output, iv16, encrypt: false)),
            ("AES-128 CBC decrypt, built-in Aes", Cbc(Aes.Create(), data, output, iv16, encrypt: false)),
            ("Rijndael-160 ECB encrypt, Unsafe", Ecb(UnsafeCrypto.CreateRijndael(), 160, 160, data, output, encrypt: true)),
            ("Rijndael-192 ECB encrypt, Unsafe", Ecb(UnsafeCrypto.CreateRijndael(), 192, 192, data, output, encrypt: true)),
            ("Rijndael-224 ECB encrypt, Unsafe", Ecb(UnsafeCrypto.CreateRijndael(), 224, 224, data, output, encrypt: true)),
            ("Rijndael-256 ECB encrypt, Unsafe", Ecb(UnsafeCrypto.CreateRijndael(), 256, 256, data, output, encrypt: true)),
            ("Camellia-128 CBC encrypt, Unsafe", Cbc(UnsafeCrypto.CreateCamellia(), data, output, iv16, encrypt: true)),
        };

        Dictionary<string, double> best = rows.ToDictionary(r => r.Name, _ => double.MaxValue);
        double openSsl = 0;
        double loadBefore = LoadAverage();
        for (int round = 0; round <= Rounds; round++)
        {
            foreach ((string name, Action action) in rows)
            {
                action();
                double perCall = Timing.SecondsPerCall(action, 0.05);
                if (round > 0)
                {
                    best[name] = Math.Min(best[name], perCall);
                }
            }

            if (round % 5 == 1)
            {
                openSsl = Math.Max(openSsl, OpenSslCamelliaCbc());
            }
        }

        double Gbps(string name) => Size / best[name] / 1e9;
        CultureInfo c = CultureInfo.InvariantCulture;
        StringBuilder r = new();
        r.AppendLine(string.Format(c, "`dotnet run -c Release --project benchmarks/Panicode.Crypto.Benchmarks -- --symmetric-goals`, {0:yyyy-MM-dd HH:mm} UTC, {1}, {2} logical processors, {3}; load average {4:F2} before, {5:F2} after; {6} interleaved rounds of 50 ms per row, fastest kept.",
            DateTime.UtcNow, System.Runtime.InteropServices.RuntimeInformation.FrameworkDescription, Environment.ProcessorCount, CpuName(), loadBefore, LoadAverage(), Rounds));
        r.AppendLine();
        r.AppendLine("| measure (1 MiB) | GB/s |");
        r.AppendLine("|---|---:|");
        foreach ((string name, _) in rows)
        {
            r.AppendLine(string.Format(c, "| {0} | {1:F2} |", name, Gbps(name)));
        }

        r.AppendLine(string.Format(c, "| Camellia-128 CBC encrypt, OpenSSL (`openssl speed -evp camellia-128-cbc`, 16 KiB) | {0:F2} |", openSsl / 1e9));
        r.AppendLine();
        double aes = Gbps("AES-128 ECB encrypt, Unsafe");
        r.AppendLine("| goal | measured | met |");
        r.AppendLine("|---|---:|---|");
        Goal(r, "AES-128 CBC decrypt: Unsafe ≥ 1.0× built-in Aes", Gbps("AES-128 CBC decrypt, Unsafe") / Gbps("AES-128 CBC decrypt, built-in Aes"), 1.0);
        foreach (int bits in new[] { 160, 192, 224 })
        {
            Goal(r, $"Rijndael-{bits} ECB ≥ 1/8 of Unsafe AES-128 ECB", Gbps($"Rijndael-{bits} ECB encrypt, Unsafe") / aes, 1.0 / 8);
        }

        Goal(r, "Rijndael-256 ECB ≥ 1/3 of Unsafe AES-128 ECB", Gbps("Rijndael-256 ECB encrypt, Unsafe") / aes, 1.0 / 3);
        Goal(r, "Camellia-128 CBC encrypt ≥ 1.0× OpenSSL", openSsl > 0 ? Gbps("Camellia-128 CBC encrypt, Unsafe") * 1e9 / openSsl : double.NaN, 1.0);
        Console.WriteLine(r.ToString());
    }

    private static void Goal(StringBuilder r, string goal, double ratio, double target) =>
        r.AppendLine(string.Format(CultureInfo.InvariantCulture, "| {0} | {1:F3}× | {2} |", goal, ratio, double.IsNaN(ratio) ? "not measured" : ratio >= target ? "yes" : "no"));

    private static Action Ecb(SymmetricAlgorithm algorithm, int blockBits, int keyBits, byte[] data, byte[] output, bool encrypt)
    {
        algorithm.BlockSize = blockBits;
        algorithm.Key = TestData.Bytes(keyBits / 8, 2);
        int length = data.Length - (data.Length % (blockBits / 8));
        return encrypt
            ? () => algorithm.EncryptEcb(data.AsSpan(0, length), output, PaddingMode.None)
            : () => algorithm.DecryptEcb(data.AsSpan(0, length), output, PaddingMode.None);
    }

    private static Action Cbc(SymmetricAlgorithm algorithm, byte[] data, byte[] output, byte[] iv, bool encrypt)
    {
        algorithm.Key = TestData.Bytes(16, 2);
        return encrypt
            ? () => algorithm.EncryptCbc(data, iv, output, PaddingMode.None)
            : () => algorithm.DecryptCbc(data, iv, output, PaddingMode.None);
    }

    // Bytes per second of OpenSSL's camellia-128-cbc on 16 KiB blocks, or 0 when openssl is missing.
    private static double OpenSslCamelliaCbc()
    {
        try
        {
            using Process process = Process.Start(new ProcessStartInfo("openssl", "speed -evp camellia-128-cbc -bytes 16384 -seconds 1 -mr")
            {
                RedirectStandardOutput = true,
                RedirectStandardError = true,
                UseShellExecute = false,
            })!;
            string text = process.StandardOutput.ReadToEnd();
            process.StandardError.ReadToEnd();
            process.WaitForExit();
            // -mr prints "+F:<n>:<name>:<bytes per second for each size>".
            string? line = text.Split('\n').FirstOrDefault(l => l.StartsWith("+F:", StringComparison.Ordinal));
            return line is null ? 0 : double.Parse(line.Split(':')[^1], CultureInfo.InvariantCulture);
        }
        catch (System.ComponentModel.Win32Exception)
        {
            return 0;
        }
    }

    internal static double LoadAverage() =>
        System.IO.File.Exists("/proc/loadavg") ? double.Parse(System.IO.File.ReadAllText("/proc/loadavg").Split(' ')[0], CultureInfo.InvariantCulture) : double.NaN;

    private static string CpuName() =>
        System.IO.File.Exists("/proc/cpuinfo")
            ? System.IO.File.ReadLines("/proc/cpuinfo").FirstOrDefault(l => l.StartsWith("model name", StringComparison.Ordinal))?.Split(':')[1].Trim() ?? "unknown CPU"
            : "unknown CPU";
}

using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Security.Cryptography;
using System.Text;
using Org.BouncyCastle.Crypto;
using Org.BouncyCastle.Crypto.Engines;
using Org.BouncyCastle.Crypto.Modes;
using Org.BouncyCastle.Crypto.Parameters;
using Panicode.Crypto.Benchmarks.Infrastructure;
using Panicode.Crypto.Benchmarks.Symmetric;
using Panicode.Crypto.Unsafe;

namespace Panicode.Crypto.Benchmarks.Aead;

/// <summary>
/// <c>-- --aead-goals</c>: the measures of issue 29's goals table in one run. AES-128-GCM encryption and decryption
/// (Unsafe, the built-in AesGcm, BouncyCastle 2.7 on its fastest AES engine, AesUtilities.CreateEngine, keeping its
/// key and GHASH tables between messages) at 16 B, 1,536 B,
/// 16 KiB and 1 MiB; AES-128-CCM against the built-in AesCcm at 16 KiB; the public AES CTR against ECB on the same
/// core; Camellia-128-GCM (Unsafe, BouncyCastle) and CLEFIA-128-GCM at 1 MiB. Rows are interleaved round by round (a
/// shared, noisy machine only slows a round down) and each keeps its fastest round; every ratio is within this run.
/// </summary>
public static class AeadGoals
{
    private const int Rounds = 12;
    private static double s_loadBefore;
    private static readonly int[] s_gcmSizes = { 16, 1536, 16384, 1 << 20 };

    /// <param name="quick">Three short rounds (a smoke test) instead of twelve.</param>
    /// <param name="rows">Only the rows whose name contains this (no goals table), or null for all.</param>
    public static void Run(bool quick, string? rows = null)
    {
        List<Row> all = BuildRows();
        List<Row> selected = rows == null ? all : all.Where(r => r.Name.Contains(rows, StringComparison.OrdinalIgnoreCase)).ToList();
        Measure(selected, quick);
        if (rows != null)
        {
            foreach (Row row in selected)
            {
                Console.WriteLine(string.Format(CultureInfo.InvariantCulture, "| {0} | {1:F0} |", row.Name, row.Bytes / row.Best / 1e6));
            }

            return;
        }

        Report(all, quick);
    }

    private static List<Row> BuildRows()
    {
        byte[] key = TestData.Bytes(16, 2);
        byte[] nonce = TestData.Bytes(12, 3);
        List<Row> rows = new();
        foreach (int size in s_gcmSizes)
        {
            byte[] data = TestData.Bytes(size, 1);
            Gcm ours = UnsafeCrypto.CreateRijndael().CreateGcm(key);
            AesGcm bcl = new(key, 16);
            foreach (bool encrypt in new[] { true, false })
            {
                string op = encrypt ? "encrypt" : "decrypt";
                rows.Add(new Row($"AES-128-GCM {op} {Size(size)}, Unsafe", size, GcmAction(ours, nonce, data, encrypt)));
                rows.Add(new Row($"AES-128-GCM {op} {Size(size)}, built-in AesGcm", size, BclAction(bcl, nonce, data, encrypt)));
                rows.Add(new Row($"AES-128-GCM {op} {Size(size)}, BouncyCastle", size, BouncyAction(BouncyGcm(AesUtilities.CreateEngine(), key), data, encrypt)));
            }
        }

        {
            const int size = 16384;
            byte[] data = TestData.Bytes(size, 1);
            byte[] ccmNonce = TestData.Bytes(12, 4);
            Ccm ours = UnsafeCrypto.CreateRijndael().CreateCcm(key);
            AesCcm bcl = new(key);
            byte[] ct = new byte[size], tag = new byte[16], output = new byte[size];
            ours.Encrypt(ccmNonce, data, ct, tag);
            rows.Add(new Row("AES-128-CCM encrypt 16 KiB, Unsafe", size, () => ours.Encrypt(ccmNonce, data, output, tag)));
            rows.Add(new Row("AES-128-CCM encrypt 16 KiB, built-in AesCcm", size, () => bcl.Encrypt(ccmNonce, data, output, tag)));
            rows.Add(new Row("AES-128-CCM decrypt 16 KiB, Unsafe", size, () => ours.Decrypt(ccmNonce, ct, tag, output)));
            rows.Add(new Row("AES-128-CCM decrypt 16 KiB, built-in AesCcm", size, () => bcl.Decrypt(ccmNonce, ct, tag, output)));
        }

        foreach (int size in new[] { 16384, 1 << 20 })
        {
            byte[] data = TestData.Bytes(size, 1);
            byte[] output = new byte[size];
            byte[] counter = TestData.Bytes(16, 5);
            RijndaelCipher aes = UnsafeCrypto.CreateRijndael();
            aes.Key = key;
            rows.Add(new Row($"AES-128 CTR {Size(size)}, Unsafe", size, () => aes.EncryptCtr(data, counter, output)));
            rows.Add(new Row($"AES-128 ECB encrypt {Size(size)}, Unsafe", size, () => aes.EncryptEcb(data, output, PaddingMode.None)));
        }

        // CTR against ECB on the same core for every core whose CTR runs in its batch loop (the rows "CTR vs ECB";
        // Rijndael's wider blocks take whole blocks, so their sizes are rounded down to a multiple of the block).
        foreach (int size in new[] { 16384, 1 << 20 })
        {
            foreach ((string name, Func<BlockCipherAlgorithm> create, int blockBits) in new (string, Func<BlockCipherAlgorithm>, int)[]
            {
                ("Rijndael-128/160", UnsafeCrypto.CreateRijndael, 160),
                ("Rijndael-128/192", UnsafeCrypto.CreateRijndael, 192),
                ("Rijndael-128/224", UnsafeCrypto.CreateRijndael, 224),
                ("Rijndael-128/256", UnsafeCrypto.CreateRijndael, 256),
                ("Camellia-128", UnsafeCrypto.CreateCamellia, 128),
                ("CLEFIA-128", UnsafeCrypto.CreateClefia, 128),
                ("Hierocrypt-3-128", UnsafeCrypto.CreateHierocrypt3, 128),
            })
            {
                BlockCipherAlgorithm cipher = create();
                cipher.BlockSize = blockBits;
                cipher.Key = key;
                int bytes = size - size % (blockBits / 8);
                byte[] data = TestData.Bytes(bytes, 1);
                byte[] output = new byte[bytes];
                byte[] counter = TestData.Bytes(blockBits / 8, 5);
                rows.Add(new Row($"CTR vs ECB: {name} CTR {Size(size)}, Unsafe", bytes, () => cipher.EncryptCtr(data, counter, output)));
                rows.Add(new Row($"CTR vs ECB: {name} ECB encrypt {Size(size)}, Unsafe", bytes, () => cipher.EncryptEcb(data, output, PaddingMode.None)));
            }
        }

        {
            const int size = 1 << 20;
            byte[] data = TestData.Bytes(size, 1);
            Gcm camellia = UnsafeCrypto.CreateCamellia().CreateGcm(key);
            Gcm clefia = UnsafeCrypto.CreateClefia().CreateGcm(key);
            rows.Add(new Row("Camellia-128-GCM encrypt 1 MiB, Unsafe", size, GcmAction(camellia, nonce, data, encrypt: true)));
            rows.Add(new Row("Camellia-128-GCM encrypt 1 MiB, BouncyCastle", size, BouncyAction(BouncyGcm(new CamelliaEngine(), key), data, encrypt: true)));
            rows.Add(new Row("CLEFIA-128-GCM encrypt 1 MiB, Unsafe", size, GcmAction(clefia, nonce, data, encrypt: true)));
        }

        return rows;
    }

    private static void Measure(List<Row> rows, bool quick)
    {
        s_loadBefore = SymmetricGoals.LoadAverage();
        int rounds = quick ? 3 : Rounds;
        for (int round = 0; round <= rounds; round++)
        {
            foreach (Row row in rows)
            {
                row.Action();
                double perCall = Timing.SecondsPerCall(row.Action, quick ? 0.02 : 0.05);
                if (round > 0)
                {
                    row.Best = Math.Min(row.Best, perCall);
                }
            }
        }

    }

    private static void Report(List<Row> rows, bool quick)
    {
        byte[] key = TestData.Bytes(16, 2);
        int rounds = quick ? 3 : Rounds;
        double loadBefore = s_loadBefore;
        Dictionary<string, double> mbps = rows.ToDictionary(r => r.Name, r => r.Bytes / r.Best / 1e6);
        CultureInfo c = CultureInfo.InvariantCulture;
        StringBuilder report = new();
        report.AppendLine(string.Format(c, "`dotnet run -c Release --project benchmarks/Panicode.Crypto.Benchmarks -- --aead-goals{0}`, {1:yyyy-MM-dd HH:mm} UTC, {2}, {3} logical processors, {4}; load average {5:F2} before, {6:F2} after; {7} interleaved rounds of {8} ms per row, fastest kept.",
            quick ? " --quick" : string.Empty, DateTime.UtcNow, System.Runtime.InteropServices.RuntimeInformation.FrameworkDescription, Environment.ProcessorCount, CpuName(),
            loadBefore, SymmetricGoals.LoadAverage(), rounds, quick ? 20 : 50));
        using (Gcm probe = UnsafeCrypto.CreateRijndael().CreateGcm(key))
        {
            report.AppendLine(probe.Bulk is Unsafe.Aead.StitchedAesGcm stitched
                ? $"Unsafe AES-GCM: stitched loop ({(System.Runtime.Intrinsics.X86.Aes.IsSupported ? "AES-NI" : "ARMv8 AES")}), {stitched.Width}-bit carry-less multiplies."
                : "Unsafe AES-GCM: CTR and GHASH one after the other (no stitched loop on this CPU or configuration).");
        }

        report.AppendLine();
        report.AppendLine("| measure | MB/s |");
        report.AppendLine("|---|---:|");
        foreach (Row row in rows)
        {
            report.AppendLine(string.Format(c, "| {0} | {1:F0} |", row.Name, mbps[row.Name]));
        }

        report.AppendLine();
        report.AppendLine("| goal | measured | met |");
        report.AppendLine("|---|---:|---|");
        foreach (int size in s_gcmSizes)
        {
            foreach (string op in new[] { "encrypt", "decrypt" })
            {
                double target = size == 16 ? 1.5 : 1.0;
                Goal(report, $"AES-128-GCM {op} {Size(size)}: Unsafe ≥ {target:F1}× built-in AesGcm", mbps[$"AES-128-GCM {op} {Size(size)}, Unsafe"] / mbps[$"AES-128-GCM {op} {Size(size)}, built-in AesGcm"], target);
            }
        }

        foreach (string op in new[] { "encrypt", "decrypt" })
        {
            Goal(report, $"AES-128-GCM {op} 1 MiB: Unsafe ≥ 2.5× BouncyCastle", mbps[$"AES-128-GCM {op} 1 MiB, Unsafe"] / mbps[$"AES-128-GCM {op} 1 MiB, BouncyCastle"], 2.5);
            Goal(report, $"AES-128-CCM {op} 16 KiB: Unsafe ≥ 1.0× built-in AesCcm", mbps[$"AES-128-CCM {op} 16 KiB, Unsafe"] / mbps[$"AES-128-CCM {op} 16 KiB, built-in AesCcm"], 1.0);
        }

        foreach (int size in new[] { 16384, 1 << 20 })
        {
            Goal(report, $"AES-128 CTR {Size(size)}: ≥ 0.9× ECB on the same core", mbps[$"AES-128 CTR {Size(size)}, Unsafe"] / mbps[$"AES-128 ECB encrypt {Size(size)}, Unsafe"], 0.9);
        }

        Goal(report, "Camellia-128-GCM 1 MiB: ≥ 20× BouncyCastle", mbps["Camellia-128-GCM encrypt 1 MiB, Unsafe"] / mbps["Camellia-128-GCM encrypt 1 MiB, BouncyCastle"], 20);
        report.AppendLine(string.Format(c, "| Camellia-128-GCM 1 MiB: ≥ 2,000 MB/s | {0:F0} MB/s | {1} |", mbps["Camellia-128-GCM encrypt 1 MiB, Unsafe"], mbps["Camellia-128-GCM encrypt 1 MiB, Unsafe"] >= 2000 ? "yes" : "no"));
        report.AppendLine(string.Format(c, "| CLEFIA-128-GCM 1 MiB: ≥ 1,000 MB/s | {0:F0} MB/s | {1} |", mbps["CLEFIA-128-GCM encrypt 1 MiB, Unsafe"], mbps["CLEFIA-128-GCM encrypt 1 MiB, Unsafe"] >= 1000 ? "yes" : "no"));
        Console.WriteLine(report.ToString());
    }

    private static string Size(int bytes) => bytes switch
    {
        1 << 20 => "1 MiB",
        16384 => "16 KiB",
        _ => bytes.ToString("N0", CultureInfo.InvariantCulture) + " B",
    };

    private static void Goal(StringBuilder r, string goal, double ratio, double target) =>
        r.AppendLine(string.Format(CultureInfo.InvariantCulture, "| {0} | {1:F2}× | {2} |", goal, ratio, ratio >= target ? "yes" : "no"));

    private static Action GcmAction(Gcm gcm, byte[] nonce, byte[] data, bool encrypt) =>
        SealOrOpen(data, encrypt, (p, c, t) => gcm.Encrypt(nonce, p, c, t), (c, t, p) => gcm.Decrypt(nonce, c, t, p));

    private static Action BclAction(AesGcm gcm, byte[] nonce, byte[] data, bool encrypt) =>
        SealOrOpen(data, encrypt, (p, c, t) => gcm.Encrypt(nonce, p, c, t), (c, t, p) => gcm.Decrypt(nonce, c, t, p));

    // Sealing, or opening a message sealed once here (the tag check passes, so the whole path runs).
    private static Action SealOrOpen(byte[] data, bool encrypt, Action<byte[], byte[], byte[]> seal, Action<byte[], byte[], byte[]> open)
    {
        byte[] output = new byte[data.Length], tag = new byte[16];
        if (encrypt)
        {
            return () => seal(data, output, tag);
        }

        byte[] ct = new byte[data.Length];
        seal(data, ct, tag);
        return () => open(ct, tag, output);
    }

    // BouncyCastle keeps its key schedule and GHASH tables when Init gets no key (a real application's setting); it
    // refuses a repeated nonce for encryption under one key, so each message takes the next nonce.
    private static GcmBlockCipher BouncyGcm(IBlockCipher engine, byte[] key)
    {
        GcmBlockCipher gcm = new(engine);
        gcm.Init(true, new AeadParameters(new KeyParameter(key), 128, new byte[12]));
        return gcm;
    }

    private static Action BouncyAction(GcmBlockCipher gcm, byte[] data, bool encrypt)
    {
        byte[] nonce = new byte[12];
        byte[] output = new byte[data.Length + 16];
        if (encrypt)
        {
            return () =>
            {
                Next(nonce);
                gcm.Init(true, new AeadParameters(null, 128, nonce));
                int n = gcm.ProcessBytes(data, 0, data.Length, output, 0);
                gcm.DoFinal(output, n);
            };
        }

        Next(nonce);
        gcm.Init(true, new AeadParameters(null, 128, nonce));
        byte[] sealedData = new byte[data.Length + 16];
        int written = gcm.ProcessBytes(data, 0, data.Length, sealedData, 0);
        gcm.DoFinal(sealedData, written);
        byte[] openNonce = (byte[])nonce.Clone();
        return () =>
        {
            gcm.Init(false, new AeadParameters(null, 128, openNonce));
            int n = gcm.ProcessBytes(sealedData, 0, sealedData.Length, output, 0);
            gcm.DoFinal(output, n);
        };
    }

    private static void Next(byte[] nonce)
    {
        for (int i = 0; i < nonce.Length && ++nonce[i] == 0; i++)
        {
        }
    }

    private static string CpuName() =>
        System.IO.File.Exists("/proc/cpuinfo")
            ? System.IO.File.ReadLines("/proc/cpuinfo").FirstOrDefault(l => l.StartsWith("model name", StringComparison.Ordinal))?.Split(':')[1].Trim() ?? "unknown CPU"
            : "unknown CPU";

    private sealed class Row
    {
        public Row(string name, int bytes, Action action)
        {
            Name = name;
            Bytes = bytes;
            Action = action;
        }

        public string Name { get; }

        public int Bytes { get; }

        public Action Action { get; }

        public double Best { get; set; } = double.MaxValue;
    }
}

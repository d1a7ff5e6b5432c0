using System;
using System.Collections.Generic;
using System.Linq;
using System.Globalization;
using Panicode.Crypto.Benchmarks.Micro;
using Panicode.Crypto.Unsafe.BlockCiphers.Camellia;
using Panicode.Crypto.Unsafe.Catalog;

namespace Panicode.Crypto.Benchmarks.Symmetric;

/// <summary>
/// <c>-- --camellia-serial</c>: Camellia's serial paths with tables (<see cref="CamelliaPortableCore"/>) against the
/// table-free GFNI core (<see cref="CamelliaGfniSerialCore"/>): CBC encryption of 16 KiB, one-block and two-block
/// calls, and the key schedule. Every row runs once per round, rounds interleaved; this thread's CPU time, fastest
/// round kept (a shared machine only ever slows a round down).
/// </summary>
public static class CamelliaSerialInterleaved
{
    private const int Rounds = 40;

    public static void Run()
    {
        // The catalogue's answer for the serial GFNI core (its CPU check and PANICODE_FORCE_PORTABLE included).
        if (!UnsafeCores.Camellia.Candidates.First(c => c.Name == "Serial-Gfni").IsSupported)
        {
            Console.WriteLine("GFNI with SSSE3 not available on this CPU: nothing to compare.");
            return;
        }

        byte[] key = new byte[16];
        new Random(1).NextBytes(key);
        byte[] data = new byte[16 * 1024];
        byte[] output = new byte[data.Length];
        byte[] chain = new byte[16];
        using CamelliaPortableCore tables = new(key);
        using CamelliaGfniSerialCore gfni = new(key);
        using CamelliaSlicedCore sliced = new(key, CamelliaSBoxUnit.Gfni, constantTime: true);
        List<(string Name, int Bytes, Action Action)> rows = new()
        {
            ("CBC encrypt 16 KiB, tables", data.Length, () => tables.EncryptCbc(chain, data, output)),
            ("CBC encrypt 16 KiB, GFNI table-free", data.Length, () => gfni.EncryptCbc(chain, data, output)),
            ("ECB 1 block x 1024 calls, tables", data.Length, () => Singles(tables, data, output, 16)),
            ("ECB 1 block x 1024 calls, GFNI table-free", data.Length, () => Singles(gfni, data, output, 16)),
            ("ECB 2 blocks x 512 calls, tables", data.Length, () => Singles(tables, data, output, 32)),
            ("ECB 2 blocks x 512 calls, GFNI table-free", data.Length, () => Singles(gfni, data, output, 32)),
            // Where the sliced core's padded 16-block batch (MinPadded: 3 blocks with GFNI) takes over from the serial core.
            ("ECB 3 blocks x 341 calls, serial GFNI", 16 * 3 * 341, () => Singles(gfni, data, output, 48)),
            ("ECB 3 blocks x 341 calls, sliced GFNI (padded batch)", 16 * 3 * 341, () => Singles(sliced, data, output, 48)),
            ("ECB 5 blocks x 204 calls, serial GFNI", 16 * 5 * 204, () => Singles(gfni, data, output, 80)),
            ("ECB 5 blocks x 204 calls, sliced GFNI (padded batch)", 16 * 5 * 204, () => Singles(sliced, data, output, 80)),
            ("key schedule x 256, tables", 0, () => Schedules(key, false)),
            ("key schedule x 256, GFNI table-free", 0, () => Schedules(key, true)),
        };

        double[] best = new double[rows.Count];
        Array.Fill(best, double.MaxValue);
        double load = SymmetricGoals.LoadAverage();
        for (int round = -3; round < Rounds; round++)
        {
            for (int i = 0; i < rows.Count; i++)
            {
                long start = EcFieldTimer.Now();
                for (int r = 0; r < 8; r++)
                {
                    rows[i].Action();
                }

                double ns = (EcFieldTimer.Now() - start) / 8.0;
                if (round >= 0)
                {
                    best[i] = Math.Min(best[i], ns);
                }
            }
        }

        CultureInfo c = CultureInfo.InvariantCulture;
        Console.WriteLine(string.Format(c, "`-- --camellia-serial`, {0:yyyy-MM-dd HH:mm} UTC, {1}; load average {2:F2} before, {3:F2} after; fastest of {4} interleaved rounds, thread CPU time.", DateTime.UtcNow, System.Runtime.InteropServices.RuntimeInformation.FrameworkDescription, load, SymmetricGoals.LoadAverage(), Rounds));
        Console.WriteLine();
        Console.WriteLine("| row | µs per call | MB/s | time / row above |");
        Console.WriteLine("|---|---:|---:|---:|");
        for (int i = 0; i < rows.Count; i++)
        {
            string ratio = i % 2 == 1 ? string.Format(c, "{0:F2}", best[i] / best[i - 1]) : string.Empty;
            string rate = rows[i].Bytes > 0 ? string.Format(c, "{0:F1}", rows[i].Bytes / best[i] * 1e3) : "-";
            Console.WriteLine(string.Format(c, "| {0} | {1:F2} | {2} | {3} |", rows[i].Name, best[i] / 1e3, rate, ratio));
        }
    }

    private static void Singles(Panicode.Crypto.Modes.BlockCipher core, byte[] data, byte[] output, int bytesPerCall)
    {
        for (int offset = 0; offset + bytesPerCall <= data.Length; offset += bytesPerCall)
        {
            core.Encrypt(data.AsSpan(offset, bytesPerCall), output.AsSpan(offset, bytesPerCall));
        }
    }

    private static void Schedules(byte[] key, bool gfni)
    {
        for (int i = 0; i < 256; i++)
        {
            _ = gfni ? CamelliaKeySchedule.Expand<CamelliaGfniSerialCore.GfniF>(key) : CamelliaKeySchedule.Expand(key);
        }
    }
}

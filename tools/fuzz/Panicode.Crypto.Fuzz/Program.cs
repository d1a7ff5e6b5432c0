// The fuzzing harness: `afl TARGET` runs one target under AFL++ through SharpFuzz (the Panicode assemblies
// instrumented by the sharpfuzz tool), `random TARGET SECONDS CORPUS FINDINGS` is the coverage-less mutational
// fallback, `seed TARGET DIR` writes the seed inputs and `replay TARGET DIR` runs every file of a directory once.
// tools/fuzz/run.sh drives it; docs/fuzzing.md records the runs.

using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.Fuzzing;

internal static class Program
{
    // An input that takes longer than this is a finding too (the API promises quick refusals).
    private static readonly TimeSpan s_slow = TimeSpan.FromSeconds(2);

    private static int Main(string[] args)
    {
        if (args.Length < 2 || !FuzzTargets.All.TryGetValue(args[1], out Action<byte[]>? target))
        {
            Console.Error.WriteLine("usage: afl|random|seed|replay TARGET [...]; targets: " + string.Join(", ", FuzzTargets.All.Keys));
            return 2;
        }

        switch (args[0])
        {
            case "afl":
                SharpFuzz.Fuzzer.OutOfProcess.Run(stream =>
                {
                    using var buffer = new MemoryStream();
                    stream.CopyTo(buffer);
                    target(buffer.ToArray());
                });
                return 0;
            case "seed":
                Directory.CreateDirectory(args[2]);
                int n = 0;
                foreach (byte[] seed in FuzzTargets.Seeds(args[1]))
                {
                    File.WriteAllBytes(Path.Combine(args[2], $"seed-{n++}"), seed);
                }

                return 0;
            case "replay":
                foreach (string file in Directory.GetFiles(args[2]))
                {
                    target(File.ReadAllBytes(file));
                }

                return 0;
            case "random":
                return Random(args[1], target, TimeSpan.FromSeconds(int.Parse(args[2], System.Globalization.CultureInfo.InvariantCulture)), args[3], args[4]);
            default:
                Console.Error.WriteLine("unknown command " + args[0]);
                return 2;
        }
    }

    // Mutates inputs from the corpus and the seeds (bit flips, byte sets, boundary values, insertions, deletions,
    // splices) until the time is up; saves every input that throws or runs slowly into FINDINGS.
    private static int Random(string name, Action<byte[]> target, TimeSpan duration, string corpusDir, string findingsDir)
    {
        var pool = new List<byte[]>(FuzzTargets.Seeds(name));
        if (Directory.Exists(corpusDir))
        {
            pool.AddRange(Directory.GetFiles(corpusDir).Select(File.ReadAllBytes));
        }

        Directory.CreateDirectory(findingsDir);
        var random = new Random();
        var clock = Stopwatch.StartNew();
        long executions = 0;
        int findings = 0;
        var seen = new HashSet<string>();
        while (clock.Elapsed < duration)
        {
            byte[] input = Mutate(pool[random.Next(pool.Count)], pool[random.Next(pool.Count)], random);
            var one = Stopwatch.StartNew();
            string? problem = null;
            try
            {
                target(input);
            }
            catch (Exception e)
            {
                problem = e.GetType().Name + ": " + e.Message.Split('\n')[0];
            }

            executions++;
            if (problem == null && one.Elapsed > s_slow)
            {
                problem = $"slow: {one.Elapsed.TotalMilliseconds:F0} ms";
            }

            if (problem != null && seen.Add(problem))
            {
                findings++;
                string file = Path.Combine(findingsDir, Convert.ToHexString(SHA256.HashData(input)).Substring(0, 16));
                File.WriteAllBytes(file, input);
                Console.WriteLine($"finding {findings}: {problem} -> {file}");
            }

            // Keep a few mutants so mutations can stack (no coverage to guide which).
            if (problem == null && random.Next(64) == 0 && pool.Count < 4096)
            {
                pool.Add(input);
            }
        }

        Console.WriteLine($"target {name}: {executions} executions in {clock.Elapsed.TotalSeconds:F0} s, {findings} distinct findings");
        return findings == 0 ? 0 : 1;
    }

    private static byte[] Mutate(byte[] parent, byte[] other, Random random)
    {
        var bytes = new List<byte>(parent);
        int count = 1 + random.Next(8);
        for (int i = 0; i < count; i++)
        {
            int at = bytes.Count == 0 ? 0 : random.Next(bytes.Count);
            switch (random.Next(7))
            {
                case 0 when bytes.Count > 0:
                    bytes[at] ^= (byte)(1 << random.Next(8));
                    break;
                case 1 when bytes.Count > 0:
                    bytes[at] = (byte)random.Next(256);
                    break;
                case 2 when bytes.Count > 0:
                    bytes[at] = new byte[] { 0, 1, 0x7F, 0x80, 0x81, 0xFF, 0x30, 0x02 }[random.Next(8)];
                    break;
                case 3:
                    bytes.InsertRange(at, Enumerable.Repeat((byte)random.Next(256), 1 + random.Next(16)));
                    break;
                case 4 when bytes.Count > 0:
                    bytes.RemoveRange(at, Math.Min(bytes.Count - at, 1 + random.Next(16)));
                    break;
                case 5 when other.Length > 0:
                    int from = random.Next(other.Length);
                    bytes.InsertRange(at, other.Skip(from).Take(1 + random.Next(32)));
                    break;
                default:
                    if (bytes.Count > 1)
                    {
                        bytes.RemoveRange(at, bytes.Count - at);   // truncate
                    }

                    break;
            }
        }

        return bytes.ToArray();
    }
}

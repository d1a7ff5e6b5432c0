using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Runtime.InteropServices;
using System.Security.Cryptography;
using System.Text;
using Org.BouncyCastle.Crypto;
using Org.BouncyCastle.Crypto.Engines;
using Org.BouncyCastle.Crypto.Parameters;
using Panicode.Crypto.Benchmarks.Infrastructure;
using Panicode.Crypto.Registry;

namespace Panicode.Crypto.Benchmarks.Evaluation;

/// <summary>
/// The CRYPTREC way of measuring a cipher in software (CRYPTREC's evaluation of the e-Government list: the key setup
/// time; encryption and decryption speed at 16, 1,536 and 1,048,576 bytes; memory), for every block cipher of the
/// registry (<see cref="Families.BlockCiphers"/>, 128-bit blocks) in the Reference and Unsafe flavours, with the
/// built-in <see cref="Aes"/> and BouncyCastle 2.7's engines as reference rows where they have the cipher. Writes
/// README.md (the report) and PNG charts drawn with ScottPlot to <c>artifacts/evaluation/</c>, or with
/// <c>--write-docs</c> to the committed <c>docs/evaluation/</c>.
/// </summary>
/// <remarks>
/// A Stopwatch harness, not BenchmarkDotNet: a full BenchmarkDotNet run over this matrix takes hours. Each cell runs
/// batches of the operation for a fixed time, several rounds interleaved across implementations, and keeps the
/// fastest round (the least disturbed by other processes). ECB over whole blocks, so the numbers are the cipher's and
/// the library's per-call cost, not a mode's.
/// </remarks>
public static class CryptrecEvaluation
{
    /// <summary>The report section of the CBC rows.</summary>
    internal const string BlockCipherModes = "Block cipher modes (CBC)";

    private static readonly int[] s_sizes = { 16, 1536, 1048576 };

    /// <summary>Measures, writes the report, and returns 1 when an Unsafe row is slower than its Reference row (see <see cref="SlowerThanReference"/>), else 0.</summary>
    /// <param name="quick">Fewer, shorter rounds, and no Mono or WebAssembly sections.</param>
    /// <param name="outputDirectory">Where the report and charts go.</param>
    /// <param name="rows">Only the rows whose algorithm contains this text, measured and compared (the rule's table printed, nothing written), or null for the whole evaluation.</param>
    public static int Run(bool quick, string outputDirectory, string? rows = null)
    {
        int rounds = quick ? 2 : 5;
        double cellSeconds = quick ? 0.02 : 0.1;
        double loadBefore = LoadAverage();
        Stopwatch total = Stopwatch.StartNew();

        List<Subject> subjects = Subjects().Where(s => rows == null || s.Algorithm.Contains(rows, StringComparison.OrdinalIgnoreCase)).ToList();
        Console.WriteLine($"The CRYPTREC-style evaluation ({(quick ? "quick" : "complete")}): {subjects.Count} rows, {rounds} rounds after a warm-up; writing to {outputDirectory}");
        Dictionary<(Subject, string), double> best = new();
        byte[] key = new byte[16];
        new Random(1).NextBytes(key);
        foreach (Subject subject in subjects)
        {
            subject.Setup(key);
        }

        // Round 0 is a warm-up, not recorded: it lets the JIT tier every path up before anything is timed.
        for (int round = 0; round <= rounds; round++)
        {
            string roundName = round == 0 ? "warm-up round" : $"round {round}/{rounds}";
            Dictionary<(Subject, string), double> record = round == 0 ? new() : best;
            HashSet<string> started = new();
            foreach (Subject subject in subjects)
            {
                string family = subject.Algorithm.Split('-')[0];
                if (started.Add(family))
                {
                    Console.WriteLine($"{total.Elapsed:mm\\:ss}  {roundName}: {family}");
                }

                Measure(record, subject, "KeySetup", cellSeconds, () => subject.KeySetup(key));
                foreach (int size in s_sizes)
                {
                    byte[] input = new byte[size];
                    byte[] output = new byte[size];
                    Measure(record, subject, "Encrypt" + size, cellSeconds, () => subject.Encrypt(input, output));
                    Measure(record, subject, "Decrypt" + size, cellSeconds, () => subject.Decrypt(input, output));
                }
            }
        }

        if (rows != null)
        {
            (string section, int slowerRows) = SlowerThanReference(subjects, best);
            Console.WriteLine();
            Console.WriteLine("| row | implementation | " + string.Join(" | ", s_sizes.SelectMany(size => new[] { $"enc {size:N0} B", $"dec {size:N0} B" })) + " |");
            foreach (Subject subject in subjects)
            {
                Console.WriteLine($"| {subject.Algorithm} | {subject.Implementation} | " + string.Join(" | ", s_sizes.SelectMany(size =>
                    new[] { "Encrypt", "Decrypt" }.Select(d => (size / best[(subject, d + size)] / 1e6).ToString("F1", CultureInfo.InvariantCulture)))) + " |");
            }

            Console.WriteLine(section);
            return slowerRows > 0 ? 1 : 0;
        }

        Console.WriteLine($"{total.Elapsed:mm\\:ss}  managed allocation per call, then each row's process memory in a process of its own");
        Dictionary<Subject, long> allocated = subjects.ToDictionary(s => s, s => AllocatedPerCall(s, key));
        var memory = ProcessMemory.Measure(subjects);
        Console.WriteLine($"{total.Elapsed:mm\\:ss}  public-key algorithms");
        string publicKey = PublicKeySection.Build(quick);
        Console.WriteLine($"{total.Elapsed:mm\\:ss}  ISO/IEC 9798 entity authentication");
        string entityAuthentication = EntityAuthenticationSection.Build(quick);
        if (!quick)
        {
            Console.WriteLine($"{total.Elapsed:mm\\:ss}  Mono x86-64 (installs Mono and builds the Mono runner when missing)");
        }

        string mono = quick ? "Not measured in the quick form." : MonoColumn();
        Directory.CreateDirectory(outputDirectory);
        string browser = quick
            ? Environment.NewLine + "## WebAssembly in Chromium (the browser demo)" + Environment.NewLine + Environment.NewLine + "Not measured in the quick form." + Environment.NewLine
            : BrowserColumn.Section(subjects, best, outputDirectory);
        double loadAfter = LoadAverage();
        Console.WriteLine($"{total.Elapsed:mm\\:ss}  charts and report");
        Charts.Write(outputDirectory, subjects, best, s_sizes);
        (string rule, int slower) = SlowerThanReference(subjects, best);
        string report = Report(subjects, best, allocated, memory, quick, rounds, cellSeconds, loadBefore, loadAfter, total.Elapsed) + rule + publicKey + entityAuthentication + MonoSection(mono) + browser;
        File.WriteAllText(Path.Combine(outputDirectory, "README.md"), report);
        Console.WriteLine(report);
        Console.WriteLine($"(written to {Path.GetFullPath(outputDirectory)}; the committed docs/evaluation/ is written only by --evaluation --write-docs)");
        if (slower > 0)
        {
            Console.Error.WriteLine($"{slower} Unsafe result(s) slower than the Reference flavour: see \"Unsafe against Reference\" in the report.");
        }

        return slower > 0 ? 1 : 0;
    }

    /// <summary>Below this ratio of throughput (Unsafe / Reference) a row is marked slower: the harness's run-to-run spread on a shared machine is a few percent.</summary>
    internal const double SlowerThreshold = 0.95;

    /// <summary>
    /// Issue 29's rule: the Unsafe flavour is never slower than the Reference one through the public API. For every
    /// algorithm, kind (cipher, mode, AEAD, MAC, hash, stream) and size, the Unsafe row's encryption and decryption
    /// throughput against the Reference row's; a ratio under <see cref="SlowerThreshold"/> is marked and counted (the
    /// command then exits with 1), ratios between it and 1 are listed as within the noise. Key setup is not part of
    /// the rule (an Unsafe core may precompute more per key to go faster per byte).
    /// </summary>
    internal static (string Section, int Slower) SlowerThanReference(List<Subject> subjects, Dictionary<(Subject, string), double> best)
    {
        CultureInfo c = CultureInfo.InvariantCulture;
        List<string> slower = new();
        List<string> close = new();
        int compared = 0;
        foreach (Subject unsafeRow in subjects.Where(s => s.Implementation == "Unsafe"))
        {
            Subject? reference = subjects.FirstOrDefault(s => s.Implementation == "Reference" && s.Algorithm == unsafeRow.Algorithm && s.Kind == unsafeRow.Kind);
            if (reference == null)
            {
                continue;
            }

            foreach (int size in s_sizes)
            {
                foreach (string direction in new[] { "Encrypt", "Decrypt" })
                {
                    // Seconds per call: the ratio of throughputs is Reference time over Unsafe time.
                    double ratio = best[(reference, direction + size)] / best[(unsafeRow, direction + size)];
                    string line = string.Format(c, "| {0} | {1} | {2} {3:N0} B | {4:F1} | {5:F1} | {6:F2}× |", unsafeRow.Kind, unsafeRow.Algorithm, direction == "Encrypt" ? "enc" : "dec", size,
                        Charts.MegabytesPerSecond(best, unsafeRow, direction, size), Charts.MegabytesPerSecond(best, reference, direction, size), ratio);
                    compared++;
                    if (ratio < SlowerThreshold)
                    {
                        slower.Add(line);
                    }
                    else if (ratio < 1)
                    {
                        close.Add(line);
                    }
                }
            }
        }

        StringBuilder r = new();
        r.AppendLine();
        r.AppendLine("## Unsafe against Reference");
        r.AppendLine();
        r.AppendLine(string.Format(c, "The rule (issue 29): no public call where the Unsafe flavour is slower than the Reference one. {0} comparisons (every algorithm, kind and size above, encryption and decryption; key setup excluded). " +
            "Marked slower below {1:F2}× (the harness's run-to-run spread on a shared machine is a few percent); the command exits with 1 when any is.", compared, SlowerThreshold));
        r.AppendLine();
        r.AppendLine(slower.Count == 0 ? "**Slower: none.**" : string.Format(c, "**Slower: {0}.**", slower.Count));
        foreach ((string title, List<string> rows) in new[] { ("Slower", slower), ("Within the noise (0.95-1.0×)", close) })
        {
            if (rows.Count == 0)
            {
                continue;
            }

            r.AppendLine();
            r.AppendLine(title + ":");
            r.AppendLine();
            r.AppendLine("| kind | algorithm | measure | Unsafe MB/s | Reference MB/s | Unsafe / Reference |");
            r.AppendLine("|---|---|---|---:|---:|---:|");
            rows.ForEach(line => r.AppendLine(line));
        }

        return (r.ToString(), slower.Count);
    }

    /// <summary>Seconds per call of <paramref name="action"/>: batches for <paramref name="seconds"/>; the fastest round is kept.</summary>
    private static void Measure(Dictionary<(Subject, string), double> best, Subject subject, string metric, double seconds, Action action)
    {
        action();
        double perCall = Timing.SecondsPerCall(action, seconds);
        best[(subject, metric)] = best.TryGetValue((subject, metric), out double previous) ? Math.Min(previous, perCall) : perCall;
    }

    // Managed bytes allocated by one 1,536-byte encryption after warm-up (GC.GetAllocatedBytesForCurrentThread).
    private static long AllocatedPerCall(Subject subject, byte[] key)
    {
        byte[] input = new byte[1536];
        byte[] output = new byte[1536];
        subject.Encrypt(input, output);
        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < 100; i++)
        {
            subject.Encrypt(input, output);
        }

        return (GC.GetAllocatedBytesForCurrentThread() - before) / 100;
    }

    /// <summary>Every row of the evaluation (also read by <see cref="ProcessMemory"/>'s child processes).</summary>
    internal static IEnumerable<Subject> AllSubjects() => Subjects();

    // Every family of the registry, so a new algorithm joins with no change here: block ciphers of any block size
    // (Family<SymmetricAlgorithm>), and for each 128-bit one its GCM, CCM and CMAC; hash functions (Family<HashAlgorithm>);
    // any other family whose objects are one of the kinds of EvaluationKinds.Subjects. The public-key families have their own
    // section (PublicKeySection). Reference rows: the built-in Aes/AesGcm/AesCcm and BouncyCastle 2.7's engines.
    private static IEnumerable<Subject> Subjects()
    {
        foreach (Family family in Families.All)
        {
            if (family is Family<SymmetricAlgorithm> ciphers)
            {
                foreach (Flavour<SymmetricAlgorithm> flavour in EvaluatedFlavours(ciphers.Flavours))
                {
                    yield return new AlgorithmSubject(family.Name, flavour.Name, flavour.Create);
                }

                // CBC, the mode whose encryption is serial: a core's batch speed does not carry over to it (issue 29
                // found Unsafe Camellia slower than Reference here).
                foreach (Flavour<SymmetricAlgorithm> flavour in EvaluatedFlavours(ciphers.Flavours))
                {
                    yield return new AlgorithmSubject(family.Name + "-CBC", flavour.Name, flavour.Create, CipherMode.CBC);
                }

                if (family == Families.Rijndael)
                {
                    yield return new AlgorithmSubject(family.Name, "built-in Aes", Aes.Create);
                    yield return new BouncySubject(family.Name, () => new AesEngine());
                }
                else if (family == Families.Camellia)
                {
                    yield return new BouncySubject(family.Name, () => new CamelliaEngine());
                }
            }

            foreach (Subject subject in EvaluationKinds.Subjects(family))
            {
                yield return subject;
            }
        }

        foreach (Subject subject in EvaluationKinds.SingleImplementationSubjects())
        {
            yield return subject;
        }
    }

    // Reference and Unsafe; the Unsafe-Portable rows of the tests are left out (the evaluation measures what users get).
    internal static IEnumerable<Flavour<T>> EvaluatedFlavours<T>(IEnumerable<Flavour<T>> flavours)
        where T : class =>
        flavours.Where(f => f.Name is "Reference" or "Unsafe");

    private static string Report(
        List<Subject> subjects, Dictionary<(Subject, string), double> best, Dictionary<Subject, long> allocated,
        (Dictionary<Subject, (double Average, double Peak)> Rows, (double Average, double Peak) Baseline)? memory, bool quick, int rounds, double cellSeconds, double loadBefore, double loadAfter, TimeSpan elapsed)
    {
        CultureInfo c = CultureInfo.InvariantCulture;
        StringBuilder r = new();
        r.AppendLine("# CRYPTREC-style evaluation of the library");
        r.AppendLine();
        r.AppendLine(string.Format(c, "Command: `dotnet run -c Release --project benchmarks/Panicode.Crypto.Benchmarks -- --evaluation{0}`. ", quick ? " --quick" : string.Empty) +
            string.Format(c, "Commit {0}. ", GitCommit()) +
            string.Format(c, "Date (UTC): {0:yyyy-MM-dd HH:mm}. Machine: {1}, {2} logical processors, {3}; runtime {4}. ", DateTime.UtcNow, CpuName(), Environment.ProcessorCount, RuntimeInformation.OSDescription, RuntimeInformation.FrameworkDescription) +
            string.Format(c, "Load average (1 min) {0:F2} before and {1:F2} after; the run took {2:F0} s.", loadBefore, loadAfter, elapsed.TotalSeconds));
        r.AppendLine();
        r.AppendLine(string.Format(c, "How: a Stopwatch harness (not BenchmarkDotNet), a warm-up round, then {0} rounds interleaved across all rows, each cell a batch of about {1:F0} ms, the fastest round kept. ", rounds, cellSeconds * 1000) +
            "ECB over whole blocks with a 128-bit key and block, through each implementation's public API (`EncryptEcb`/`DecryptEcb` one-shots for the SymmetricAlgorithm rows; `ProcessBlock` for BouncyCastle). " +
            "Key setup = a new key schedule for a 16-byte key (`Key` set, then one block encrypted, for the SymmetricAlgorithm rows; `Init` for BouncyCastle). " +
            "Memory, two measures: managed bytes allocated per 1,536-byte encryption (`GC.GetAllocatedBytesForCurrentThread`), and the process's average and peak resident set with each row alone in a new process that sets a key up and encrypts and decrypts 16 B, 1,536 B and 1 MiB for 0.3 s (VmRSS sampled every 2 ms, VmHWM at the end), shown as the excess over a baseline process that does the same with no cipher" +
            (memory is null ? " (not measured: no /proc on this machine). " : string.Format(c, " ({0:F1} MiB average, {1:F1} MiB peak). ", memory.Value.Baseline.Average / 1024, memory.Value.Baseline.Peak / 1024)) + "The Mono x86-64 and WebAssembly (Chromium) figures are at the end, each from its own harness on that runtime.");
        r.AppendLine();
        r.AppendLine("Every algorithm of the registry (`tests/Panicode.Crypto.Registry`) appears, in both flavours, with MULTI-S01 (one implementation) among the AEAD rows; the public-key algorithms (ECDSA, ECDH, RSA, DSA, DH, the KEMs) and ISO/IEC 9798 entity authentication in their own tables below (ECDSA and ECDH also against BouncyCastle, OpenSSL and libsecp256k1 with `--ec-interleaved`, docs/benchmarks.md). " +
            "For AEAD modes \"enc\" and \"dec\" are sealing and opening (12-byte nonce, 16-byte tag, no associated data), for MACs generation and verification, for hash functions hashing (both columns, no key: key setup is a new object and one 16-byte message); for stream ciphers key setup is seed 002's initialisation (new key and IV, then 16 bytes of key stream) and enc/dec continue one key stream.");
        foreach (string kind in subjects.Select(s => s.Kind).Distinct())
        {
            r.AppendLine();
            r.AppendLine("## " + kind);
            r.AppendLine();
            if (kind == "Block ciphers")
            {
                r.AppendLine("![encryption at 1,536 bytes](encrypt-1536.png)");
                r.AppendLine();
            }
            else
            {
                r.AppendLine(string.Format(c, "![{0} at 1,536 bytes]({1}-1536.png)", kind, Charts.Slug(kind)));
                r.AppendLine();
            }

            r.AppendLine("| algorithm | implementation | key setup µs | enc 16 B MB/s | dec 16 B | enc 1,536 B | dec 1,536 B | enc 1 MiB | dec 1 MiB | bytes allocated / 1,536 B | avg / peak memory over baseline, KiB |");
            r.AppendLine("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
            foreach (Subject s in subjects.Where(s => s.Kind == kind))
            {
                r.Append(string.Format(c, "| {0} | {1} | {2:F2} |", s.Algorithm, s.Implementation, best[(s, "KeySetup")] * 1e6));
                foreach (int size in s_sizes)
                {
                    r.Append(string.Format(c, " {0:F1} | {1:F1} |", Charts.MegabytesPerSecond(best, s, "Encrypt", size), Charts.MegabytesPerSecond(best, s, "Decrypt", size)));
                }

                r.AppendLine(memory is null
                    ? string.Format(c, " {0} | |", allocated[s])
                    : string.Format(c, " {0} | {1:F0} / {2:F0} |", allocated[s], memory.Value.Rows[s].Average - memory.Value.Baseline.Average, memory.Value.Rows[s].Peak - memory.Value.Baseline.Peak));
            }
        }

        r.AppendLine();
        r.AppendLine("Charts: block-cipher throughput at each size (`encrypt-16.png`, `encrypt-1536.png`, `encrypt-1048576.png`), the other kinds at 1,536 B, the Unsafe flavour's speed-up over the Reference one (`speedup.png`), and one radar chart per block or stream cipher (`radar-<algorithm>.png`; each axis is the metric relative to the best implementation of that algorithm, key setup as 1/time).");
        r.AppendLine();
        foreach (string algorithm in subjects.Where(s => s.Kind is "Block ciphers" or EvaluationKinds.Streams).Select(s => s.Algorithm).Distinct())
        {
            r.AppendLine(string.Format(c, "![{0}](radar-{0}.png)", algorithm));
        }

        return r.ToString();
    }

    // The Mono runner's throughput mode (1 MiB messages through TransformBlock, every flavour and Mono's own classes),
    // when Mono and the runner are there (scripts/cross-runtime.sh --native-only installs and builds both).
    private static string MonoColumn()
    {
        // From a fresh clone: Mono installed (tools/mono/install-mono.sh, as scripts/cross-runtime.sh does) and the runner built.
        string runner = Path.Combine("tests", "Panicode.Crypto.MonoRunner", "bin", "Release", "net472", "Panicode.Crypto.MonoRunner.exe");
        string? failure = Run("bash", "tools/mono/install-mono.sh") ?? Run("dotnet", "build tests/Panicode.Crypto.MonoRunner -c Release -nologo -v quiet");
        if (failure is not null || !File.Exists(runner))
        {
            return $"Not measured: {failure ?? runner + " was not built"} (`scripts/cross-runtime.sh --native-only` installs Mono and builds the runner).";
        }

        try
        {
            using Process process = Process.Start(new ProcessStartInfo("mono", $"{runner} --throughput=1") { RedirectStandardOutput = true, UseShellExecute = false })!;
            string text = process.StandardOutput.ReadToEnd();
            process.WaitForExit();
            return process.ExitCode == 0 ? text : $"Not measured: the Mono runner exited with {process.ExitCode}.";
        }
        catch (System.ComponentModel.Win32Exception e)
        {
            return $"Not measured: mono could not be started ({e.Message}).";
        }
    }

    // Runs a setup command with its output on this console; null when it succeeded, else what went wrong.
    private static string? Run(string command, string arguments)
    {
        try
        {
            using Process process = Process.Start(new ProcessStartInfo(command, arguments) { UseShellExecute = false })!;
            process.WaitForExit();
            return process.ExitCode == 0 ? null : $"`{command} {arguments}` exited with {process.ExitCode}";
        }
        catch (System.ComponentModel.Win32Exception e)
        {
            return $"{command} could not be started ({e.Message})";
        }
    }

    private static string MonoSection(string mono) =>
        Environment.NewLine + "## Mono x86-64 (netstandard2.0 build)" + Environment.NewLine + Environment.NewLine +
        "`mono tests/Panicode.Crypto.MonoRunner/bin/Release/net472/Panicode.Crypto.MonoRunner.exe --throughput=1`, run by this command after the CoreCLR rows. " +
        "netstandard2.0 has no one-shot methods, so this harness encrypts 1 MiB messages through `ICryptoTransform.TransformBlock`, 1 s per cell; its MB/s compare with the 1 MiB columns above only roughly." +
        Environment.NewLine + Environment.NewLine + mono + Environment.NewLine;

    // The commit measured (with "+changes" when the work tree differs from it), or "unknown" outside a git checkout.
    private static string GitCommit()
    {
        try
        {
            using Process head = Process.Start(new ProcessStartInfo("git", "rev-parse --short HEAD") { RedirectStandardOutput = true, UseShellExecute = false })!;
            string commit = head.StandardOutput.ReadToEnd().Trim();
            head.WaitForExit();
            using Process status = Process.Start(new ProcessStartInfo("git", "status --porcelain --untracked-files=no -- src benchmarks tests") { RedirectStandardOutput = true, UseShellExecute = false })!;
            bool changed = status.StandardOutput.ReadToEnd().Trim().Length > 0;
            status.WaitForExit();
            return head.ExitCode == 0 ? commit + (changed ? "+changes" : string.Empty) : "unknown";
        }
        catch (System.ComponentModel.Win32Exception)
        {
            return "unknown";
        }
    }

    private static double LoadAverage()
    {
        try
        {
            return double.Parse(File.ReadAllText("/proc/loadavg").Split(' ')[0], CultureInfo.InvariantCulture);
        }
        catch (IOException)
        {
            return double.NaN;
        }
    }

    private static string CpuName()
    {
        try
        {
            string? line = File.ReadLines("/proc/cpuinfo").FirstOrDefault(l => l.StartsWith("model name", StringComparison.Ordinal));
            return line?.Substring(line.IndexOf(':') + 1).Trim() ?? "unknown CPU";
        }
        catch (IOException)
        {
            return "unknown CPU";
        }
    }

    /// <summary>One row: an implementation of an algorithm.</summary>
    internal abstract class Subject
    {
        protected Subject(string algorithm, string implementation, string kind = "Block ciphers")
        {
            Algorithm = algorithm;
            Implementation = implementation;
            Kind = kind;
        }

        /// <summary>The report's section: "Block ciphers", "Authenticated encryption and MACs", "Hash functions", ...</summary>
        public string Kind { get; }

        public string Algorithm { get; }

        public string Implementation { get; }

        public abstract void Setup(byte[] key);

        public abstract void KeySetup(byte[] key);

        public abstract void Encrypt(byte[] input, byte[] output);

        public abstract void Decrypt(byte[] input, byte[] output);
    }

    internal sealed class AlgorithmSubject : Subject
    {
        private readonly Func<SymmetricAlgorithm> _create;
        private byte[] _block = new byte[16];
        private SymmetricAlgorithm? _algorithm;
        private SymmetricAlgorithm? _rekeyed;

        private readonly CipherMode _mode;
        private byte[] _iv = Array.Empty<byte>();

        public AlgorithmSubject(string algorithm, string implementation, Func<SymmetricAlgorithm> create, CipherMode mode = CipherMode.ECB)
            : base(algorithm, implementation, mode == CipherMode.ECB ? "Block ciphers" : BlockCipherModes)
        {
            _create = create;
            _mode = mode;
        }

        public override void Setup(byte[] key)
        {
            _algorithm = _create();
            _algorithm.Key = key;
            _rekeyed = _create();
            _block = new byte[_algorithm.BlockSize / 8];
            _iv = new byte[_block.Length];
        }

        // A new key array each time, so the schedule is built again (the one-shot methods cache it per key).
        public override void KeySetup(byte[] key)
        {
            _rekeyed!.Key = (byte[])key.Clone();
            _rekeyed.EncryptEcb(_block, _block, PaddingMode.None);
        }

        // Whole blocks only: a size that is not a multiple of the block (1,536 B with 20- to 28-byte Rijndael blocks) is cut down.
        public override void Encrypt(byte[] input, byte[] output)
        {
            ReadOnlySpan<byte> data = input.AsSpan(0, input.Length - input.Length % _block.Length);
            _ = _mode == CipherMode.CBC ? _algorithm!.EncryptCbc(data, _iv, output, PaddingMode.None) : _algorithm!.EncryptEcb(data, output, PaddingMode.None);
        }

        public override void Decrypt(byte[] input, byte[] output)
        {
            ReadOnlySpan<byte> data = input.AsSpan(0, input.Length - input.Length % _block.Length);
            _ = _mode == CipherMode.CBC ? _algorithm!.DecryptCbc(data, _iv, output, PaddingMode.None) : _algorithm!.DecryptEcb(data, output, PaddingMode.None);
        }
    }

    private sealed class BouncySubject : Subject
    {
        private readonly Func<IBlockCipher> _create;
        private IBlockCipher? _encrypt;
        private IBlockCipher? _decrypt;
        private IBlockCipher? _rekeyed;

        public BouncySubject(string algorithm, Func<IBlockCipher> create)
            : base(algorithm, "BouncyCastle 2.7")
        {
            _create = create;
        }

        public override void Setup(byte[] key)
        {
            _encrypt = _create();
            _encrypt.Init(true, new KeyParameter(key));
            _decrypt = _create();
            _decrypt.Init(false, new KeyParameter(key));
            _rekeyed = _create();
        }

        public override void KeySetup(byte[] key) => _rekeyed!.Init(true, new KeyParameter(key));

        public override void Encrypt(byte[] input, byte[] output) => Blocks(_encrypt!, input, output);

        public override void Decrypt(byte[] input, byte[] output) => Blocks(_decrypt!, input, output);

        private static void Blocks(IBlockCipher cipher, byte[] input, byte[] output)
        {
            for (int offset = 0; offset < input.Length; offset += 16)
            {
                cipher.ProcessBlock(input, offset, output, offset);
            }
        }
    }
}

using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.InteropServices;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using Panicode.Crypto.Benchmarks.Infrastructure;

namespace Panicode.Crypto.Benchmarks;

/// <summary>
/// <c>dotnet run -c Release --project benchmarks/Panicode.Crypto.Benchmarks -- --short</c> (the default):
/// the paper's Figures 1-4 in a few minutes, one console line per case, BenchmarkDotNet's log under
/// <c>artifacts/benchmarkdotnet</c>. <c>-- --full</c>: every size, mode, direction, curve,
/// key setup, the microbenchmarks and the ablation (docs/benchmarks.md). Any other arguments go to
/// BenchmarkDotNet's switcher over every benchmark class, e.g. <c>-- --full --filter *Camellia*</c>;
/// <c>--short-job</c> keeps the full matrix but measures with the short job (a smoke test);
/// <c>--full-job</c> measures the short matrix with the full job. <c>-- --camellia-interleaved</c> measures the
/// Camellia ablation with interleaved rounds instead (see <see cref="Ablation.CamelliaInterleavedAblation"/>).
/// <c>-- --ec-interleaved [curve ...]</c>: the EC benchmark with every implementation interleaved (see
/// <see cref="Ec.EcInterleaved"/>).
/// </summary>
public static class Program
{
    public static int Main(string[] args)
    {
        if (args.Any(a => a is "--help" or "-h" or "-?" or "/?"))
        {
            PrintHelp();
            return 0;
        }

        if (args.Contains("--camellia-interleaved"))
        {
            Ablation.CamelliaInterleavedAblation.Run();
            return 0;
        }

        // A child process of the evaluation: one row alone, for its process memory (Evaluation/ProcessMemory.cs).
        if (args.Length == 3 && args[0] == Evaluation.ProcessMemory.Flag)
        {
            Evaluation.ProcessMemory.RunChild(args[1], args[2]);
            return 0;
        }

        // Every block cipher in both flavours the CRYPTREC way (key setup; 16 B, 1,536 B, 1 MiB): docs/evaluation/.
        if (args.Contains("--evaluation"))
        {
            // Exits with 1 when an Unsafe result is slower than the Reference one (the rule in CryptrecEvaluation.SlowerThanReference).
            // The committed docs/evaluation/ is written only on request, and never by the quick form (it lacks sections).
            bool quick = args.Contains("--quick");
            bool writeDocs = args.Contains("--write-docs");
            if (quick && writeDocs)
            {
                Console.Error.WriteLine("--write-docs needs the complete evaluation: the quick form leaves out the Mono and WebAssembly sections of docs/evaluation/.");
                return 2;
            }

            // --rows TEXT: only the rows whose algorithm contains TEXT, to re-check a row the rule marked (prints, writes nothing).
            int rowsAt = Array.IndexOf(args, "--rows");
            string? rows = rowsAt >= 0 && rowsAt + 1 < args.Length ? args[rowsAt + 1] : null;
            if (rows != null && writeDocs)
            {
                Console.Error.WriteLine("--write-docs needs the complete evaluation: --rows measures a subset.");
                return 2;
            }

            return Evaluation.CryptrecEvaluation.Run(quick, writeDocs ? ArtifactsPaths.DocsEvaluation : ArtifactsPaths.Evaluation, rows);
        }

        if (args.Contains("--cryptrec128b-interleaved"))
        {
            Symmetric.Cryptrec128bInterleaved.Run();
            return 0;
        }

        // Issue 15's goals: AES CBC decryption, Rijndael's wide blocks, Camellia CBC encryption against OpenSSL.
        if (args.Contains("--camellia-serial"))
        {
            Symmetric.CamelliaSerialInterleaved.Run();
            return 0;
        }

        if (args.Contains("--aead-goals"))
        {
            int rowsAt = Array.IndexOf(args, "--rows");
            Aead.AeadGoals.Run(quick: args.Contains("--quick"), rows: rowsAt >= 0 && rowsAt + 1 < args.Length ? args[rowsAt + 1] : null);
            return 0;
        }

        if (args.Contains("--symmetric-goals"))
        {
            Symmetric.SymmetricGoals.Run();
            return 0;
        }

        if (args.Contains("--rc4-goals"))
        {
            Symmetric.Rc4Goals.Run();
            return 0;
        }

        if (args.Contains("--tdes-goals"))
        {
            Symmetric.TripleDesGoals.Run();
            return 0;
        }

        if (args.Contains("--cryptrec64-interleaved"))
        {
            Symmetric.Cryptrec64Interleaved.Run();
            return 0;
        }

        // EC performance (sign, verify, key generation, ECDH) against BouncyCastle, OpenSSL and libsecp256k1.
        if (args.Contains("--ec-interleaved"))
        {
            string[] curves = args.Where(a => a != "--ec-interleaved").ToArray();
            Ec.EcInterleaved.Run(curves.Length > 0 ? curves : Ec.CurveSpec.All);
            return 0;
        }

        // RSA (issue 26) and the Montgomery layer (issue 25): sign/verify per size, ModPow against BigInteger, key generation.
        if (args.Contains("--rsa"))
        {
            IConfig rsaConfig = BenchmarkConfig.Create(shortRun: !args.Contains("--full-job"), quiet: !args.Contains("--verbose"));
            BenchmarkRunner.Run(new[] { typeof(Rsa.RsaBenchmarks), typeof(Rsa.ModPowBenchmarks) }, rsaConfig);
            Rsa.RsaKeyGenTimer.Run(args.Contains("--full-job") ? 50 : 10);
            return 0;
        }

        // DSA (issue 27): sign/verify at 2,048 and 3,072 bits against the built-in DSA and BouncyCastle.
        if (args.Contains("--dsa"))
        {
            BenchmarkRunner.Run(new[] { typeof(Dsa.DsaBenchmarks), typeof(Dsa.DhBenchmarks), typeof(Dsa.KemBenchmarks) }, BenchmarkConfig.Create(shortRun: !args.Contains("--full-job"), quiet: !args.Contains("--verbose")));
            return 0;
        }

        if (args.Contains("--ec-field-count"))
        {
            Micro.EcFieldTimer.Count(int.Parse(args[Array.IndexOf(args, "--ec-field-count") + 1], CultureInfo.InvariantCulture));
            return 0;
        }

        if (args.Contains("--ec-field"))
        {
            Micro.EcFieldTimer.Run();
            return 0;
        }

        bool full = args.Contains("--full");
        RunSettings.Short = !full;
        bool shortJob = (!full && !args.Contains("--full-job")) || args.Contains("--short-job");
        bool verbose = args.Contains("--verbose");
        string[] rest = args.Where(a => a is not "--short" and not "--full" and not "--short-job" and not "--full-job" and not "--verbose").ToArray();
        IConfig config = BenchmarkConfig.Create(shortRun: shortJob, quiet: !verbose);
        Type[] types = BenchmarkTypes(full || rest.Length > 0);
        Stopwatch elapsed = Stopwatch.StartNew();

        Summary[] summaries = rest.Length > 0
            ? BenchmarkSwitcher.FromTypes(types).Run(rest, config).ToArray()
            : BenchmarkRunner.Run(types, config);
        if (summaries.Length == 0)
        {
            Console.Error.WriteLine($"Nothing ran; BenchmarkDotNet's log is under {ArtifactsPaths.BenchmarkDotNet}.");
            return 1;
        }

        List<BenchmarkRecord> records = summaries.SelectMany(BenchmarkRecord.From).ToList();
        string command = "dotnet run -c Release --project benchmarks/Panicode.Crypto.Benchmarks -- " + string.Join(" ", args.DefaultIfEmpty("--short"));
        IEnumerable<string> environment = summaries[0].HostEnvironmentInfo.ToFormattedString().Concat(new[]
        {
            $"Runtime: {RuntimeInformation.FrameworkDescription} {RuntimeInformation.ProcessArchitecture}, {Environment.ProcessorCount} logical processors, CPU: {CpuModel()}",
            $"Intrinsics: AES-NI {System.Runtime.Intrinsics.X86.Aes.IsSupported}, AVX2 {System.Runtime.Intrinsics.X86.Avx2.IsSupported}, " +
                $"AVX-512F {System.Runtime.Intrinsics.X86.Avx512F.IsSupported}, GFNI {System.Runtime.Intrinsics.X86.Gfni.IsSupported}, ARM AES {System.Runtime.Intrinsics.Arm.Aes.IsSupported}",
            $"Date (UTC): {DateTime.UtcNow:yyyy-MM-dd HH:mm}; matrix: {(full ? "full" : "short")}, job: {(shortJob ? "Short" : "Full")}, in-process, {config.GetJobs().Single().Run.IterationCount} iterations; " +
                $"{records.Count} cases measured in {elapsed.Elapsed.TotalMinutes:F1} min",
        });
        string report = FigureReport.Build(records, environment, command);

        string path = Path.Combine(summaries[0].ResultsDirectoryPath, full ? "paper-figures-full.md" : "paper-figures-short.md");
        File.WriteAllText(path, report);
        Console.WriteLine();
        Console.WriteLine("==================== The paper's figures, as measured here ====================");
        Console.WriteLine(report);
        int failed = summaries.Sum(s => s.Reports.Count(r => !r.Success)) + summaries.Count(s => s.HasCriticalValidationErrors);
        Console.WriteLine($"(also written to {path}; BenchmarkDotNet's log and per-class tables are under {ArtifactsPaths.BenchmarkDotNet})");
        if (failed > 0)
        {
            Console.Error.WriteLine($"{failed} benchmark case(s) failed or did not validate: see BenchmarkDotNet's log.");
        }

        return failed > 0 ? 1 : 0;
    }

    /// <summary>
    /// This program's own switches, then BenchmarkDotNet's options (which every argument not listed here goes to).
    /// </summary>
    private static void PrintHelp()
    {
        Console.WriteLine("Usage: dotnet run -c Release --project benchmarks/Panicode.Crypto.Benchmarks -- [switches] [BenchmarkDotNet options]");
        Console.WriteLine();
        Console.WriteLine("Panicode.Crypto switches:");
        (string Switch, string Meaning)[] switches =
        {
            ("--short", "the default: the paper's Figures 1-4 (Rijndael, Camellia, CRYPTREC, key setup, short ECDSA table), short job"),
            ("--full", "every size, mode, direction and curve, key setup, the microbenchmarks and the ablation, full job"),
            ("--short-job", "measure with BenchmarkDotNet's short job (with --full: the full matrix as a smoke test)"),
            ("--full-job", "measure the short matrix with the full job"),
            ("--verbose", "BenchmarkDotNet's own log on the console (by default one line per case; the log goes to artifacts/benchmarkdotnet)"),
            ("--camellia-interleaved", "the Camellia ablation, every variant interleaved round by round (about 10 s)"),
            ("--evaluation [--quick]", "every algorithm in both flavours the CRYPTREC way (key setup, 16 B/1,536 B/1 MiB, memory) -> artifacts/evaluation/"),
            ("--evaluation --write-docs", "the complete evaluation, written to the committed docs/evaluation/ instead"),
            ("--cryptrec128b-interleaved", "Hierocrypt-3 and CIPHERUNICORN-A (ECB, key setup), every implementation interleaved round by round"),
            ("--symmetric-goals", "issue 15's measures in one interleaved run: AES-128 CBC decryption, Rijndael 160-256-bit blocks, Camellia CBC vs OpenSSL"),
            ("--aead-goals [--quick] [--rows s]", "issue 29's measures in one interleaved run: AES-GCM against AesGcm and BouncyCastle, CCM, CTR against ECB, Camellia/CLEFIA-GCM"),
            ("--camellia-serial", "Camellia's serial paths (CBC encryption, 1- and 2-block calls, key schedule): tables against the table-free GFNI core, interleaved"),
            ("--cryptrec64-interleaved", "MISTY1 and Hierocrypt-L1 (ECB, key setup), every implementation interleaved round by round"),
            ("--rc4-goals", "RC4 at 1 MiB: Reference, Unsafe and BouncyCastle, interleaved round by round"),
            ("--tdes-goals", "Triple DES at 1 MiB (ECB, CBC): Reference, Unsafe, the built-in TripleDES and BouncyCastle, interleaved round by round"),
            ("--ec-interleaved [curve ...]", "sign, verify, key generation and ECDH, every implementation interleaved; curves: " + string.Join(", ", Ec.CurveSpec.All) + " (default: all)"),
            ("--dsa [--full-job]", "DSA sign/verify at 2,048 and 3,072 bits (Unsafe, Reference, built-in, BouncyCastle), one ffdhe2048 agreement (Unsafe, Reference, BouncyCastle), and PSEC-KEM and ECIES-KEM on P-256 beside one ECDH (Unsafe, Reference)"),
            ("--rsa [--full-job]", "RSA sign/verify at 2,048-4,096 bits (Unsafe, Reference, built-in, BouncyCastle), 2,048-bit ModPow against BigInteger, and RSA-2048 key generation (median of 10; 50 with --full-job)"),
            ("--ec-field-count N", "N multiplications then N squarings per generated EC field (Fe3, Fe5, Fe8, P-521), untimed, each phase between two getppid() calls, for valgrind --tool=callgrind --dump-before=getppid --separate-threads=yes"),
            ("--ec-field", "ns per field multiplication, squaring, addition and subtraction of the Unsafe EC fields (P-256, secp256k1, P-384, P-224, P-192, brainpoolP320r1/P512r1, P-521; generic or loop forms beside)"),
            ("-h, --help, -?", "this help, then BenchmarkDotNet's"),
        };
        foreach ((string name, string meaning) in switches)
        {
            Console.WriteLine($"  {name,-30} {meaning}");
        }

        Console.WriteLine();
        Console.WriteLine("Environment: PANICODE_FORCE_PORTABLE=1 turns the Unsafe flavour's intrinsic cores off.");
        Console.WriteLine("Any other argument (e.g. --filter '*Camellia*') goes to BenchmarkDotNet, whose options follow.");
        Console.WriteLine();
        BenchmarkSwitcher.FromTypes(BenchmarkTypes(all: true)).Run(new[] { "--help" }, BenchmarkConfig.Create(shortRun: true));
    }

    private static string CpuModel()
    {
        const string Prefix = "model name";
        string? line = File.Exists("/proc/cpuinfo") ? File.ReadLines("/proc/cpuinfo").FirstOrDefault(l => l.StartsWith(Prefix, StringComparison.Ordinal)) : null;
        return line == null ? "unknown" : line.Substring(line.IndexOf(':', StringComparison.Ordinal) + 1).Trim();
    }

    private static Type[] BenchmarkTypes(bool all)
    {
        IEnumerable<Type> types = typeof(Program).Assembly.GetTypes()
            .Where(t => t.IsClass && !t.IsAbstract && t.GetMethods().Any(m => m.GetCustomAttribute<BenchmarkAttribute>() != null));
        return all
            ? types.ToArray()
            : types.Where(t => t.Name.EndsWith("Throughput", StringComparison.Ordinal) || t.Name.EndsWith("KeySetup", StringComparison.Ordinal) || t.Name == "EcdsaBenchmarks").ToArray();
    }
}

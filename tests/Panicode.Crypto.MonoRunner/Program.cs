using System;
using System.Linq;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Reflection;

namespace Panicode.Crypto.MonoRunner;

/// <summary>Command-line options; see <see cref="Usage"/>.</summary>
internal sealed class Options
{
    /// <summary>Cases per suite in an emulated run (see <see cref="CatalogRunner.Subset{T}"/>).</summary>
    public const int DefaultSubsetLimit = 32;

    /// <summary>Records per Monte-Carlo file in an emulated run (see <see cref="CatalogRunner.IsMonteCarlo"/>).</summary>
    public const int DefaultMonteCarloLimit = 4;

    public const string Usage =
        """
        Panicode.Crypto.MonoRunner: the vector suites of Panicode.Crypto.Vectors on this runtime (Mono, netstandard2.0 builds).

          mono Panicode.Crypto.MonoRunner.exe [options]

          (no option)       every case of every suite of every [SuiteCatalog], over every flavour of its family
          --subset[=K]      for emulated platforms: suites of more than K cases (default 32) run K cases spread
                            evenly over the file, first and last included: files are ordered by key size, block
                            size, mode and padding, so every value of each still runs (not every combination)
          --monte-carlo=M   with --subset: Monte-Carlo files (AESAVS *MCT*, the AES submission's *_m.txt,
                            Gladman's ecbm?NN/cbcm?NN) keep M records (default 4) spread the same way (first and
                            last included, so every key-size section and both directions), each record with its
                            full 1,000 or 10,000 iterations
          --family=NAME     only the catalogs of one family (Rijndael, Camellia, Ecdsa, Ecdh)
          --flavour=NAME    only flavours whose name starts with NAME (Reference, Unsafe)
          --filter=TEXT     only suites whose name contains TEXT
          --stack           print the whole exception (with stack trace) of the first failing case of each suite
          --throughput[=S]  instead of the suites: MB/s of every 128-bit block cipher (and Rijndael-256), ECB and CBC, for
                            every flavour and Mono's RijndaelManaged/Aes, S seconds per cell (default 1)

        The last line is "N passed, N failed" (a case over one flavour counts once), with ", N not run on this
        runtime" when the netstandard2.0 build cannot express some cases (SHA-3, PKCS#8/SPKI import); the lines
        before it give each such reason and its count. The exit code is 0 only when nothing failed.
        """;

    public int? SubsetLimit { get; private set; }

    public int MonteCarloLimit { get; private set; } = DefaultMonteCarloLimit;

    public string? Family { get; private set; }

    public string? Flavour { get; private set; }

    public string? Filter { get; private set; }

    public TimeSpan? Throughput { get; private set; }

    public bool StackTraces { get; private set; }

    /// <summary>The options, or null (after printing why) when the arguments are wrong.</summary>
    public static Options? Parse(string[] args, TextWriter error)
    {
        Options options = new();
        foreach (string arg in args)
        {
            int equals = arg.IndexOf('=');
            string name = equals < 0 ? arg : arg.Substring(0, equals);
            string? value = equals < 0 ? null : arg.Substring(equals + 1);
            switch (name)
            {
                case "--subset":
                    options.SubsetLimit = value is null ? DefaultSubsetLimit : ParseCount(value, 2);
                    break;
                case "--monte-carlo" when value is not null:
                    options.MonteCarloLimit = ParseCount(value, 2);
                    break;
                case "--throughput":
                    options.Throughput = TimeSpan.FromSeconds(value is null ? 1 : ParseCount(value, 1));
                    break;
                case "--family" when value is not null:
                    options.Family = value;
                    break;
                case "--flavour" when value is not null:
                    options.Flavour = value;
                    break;
                case "--filter" when value is not null:
                    options.Filter = value;
                    break;
                case "--stack" when value is null:
                    options.StackTraces = true;
                    break;
                case "-h":
                case "--help":
                    error.WriteLine(Usage);
                    return null;
                default:
                    error.WriteLine($"Unknown or incomplete option '{arg}'.");
                    error.WriteLine(Usage);
                    return null;
            }
        }

        return options;
    }

    private static int ParseCount(string value, int minimum)
    {
        int count = int.Parse(value, NumberStyles.None, CultureInfo.InvariantCulture);
        return count >= minimum ? count : throw new FormatException($"{value} is below the minimum {minimum}.");
    }
}

internal static class Program
{
    private static int Main(string[] args)
    {
        Options? options;
        try
        {
            options = Options.Parse(args, Console.Error);
        }
        catch (FormatException e)
        {
            Console.Error.WriteLine(e.Message);
            return 2;
        }

        if (options is null)
        {
            return 2;
        }

        Console.WriteLine(DescribeRuntime());

        // Which cores the Unsafe flavour runs here, from the library's catalogue (on the netstandard2.0 build: the
        // portable ones, as no intrinsic core is compiled in).
        Console.WriteLine("Unsafe cores in use: " + string.Join(", ", Unsafe.UnsafeCrypto.Catalog.Algorithms
            .Where(a => a.Cores.Count > 0).Select(a => a.Id + " " + string.Join("+", a.Cores.Where(c => c.IsInUse).Select(c => c.Name)))));
        if (options.Throughput is TimeSpan seconds)
        {
            Throughput.Run(seconds, Console.Out);
            return 0;
        }

        Console.WriteLine(options.SubsetLimit is int limit
            ? $"Subset: at most {limit} cases per suite, {options.MonteCarloLimit} records per Monte-Carlo file"
            : "Every case of every suite");
        Stopwatch watch = Stopwatch.StartNew();
        CatalogRunner runner = new(options, Console.Out);
        runner.RunAll();
        Console.WriteLine($"Time: {watch.Elapsed.TotalSeconds.ToString("0.0", CultureInfo.InvariantCulture)} s");
        long notRun = 0;
        foreach (KeyValuePair<string, long> reason in runner.NotRun)
        {
            Console.WriteLine($"{reason.Value} not run on this runtime: {reason.Key}");
            notRun += reason.Value;
        }

        Console.WriteLine(notRun == 0
            ? $"{runner.Passed} passed, {runner.Failed} failed"
            : $"{runner.Passed} passed, {runner.Failed} failed, {notRun} not run on this runtime");
        return runner.Failed == 0 ? 0 : 1;
    }

    // Mono 6.8 reports X64 as the process architecture even under qemu-s390x, so print the byte order and word size.
    private static string DescribeRuntime()
    {
        string runtime = Type.GetType("Mono.Runtime")?.GetMethod("GetDisplayName", BindingFlags.NonPublic | BindingFlags.Static)?.Invoke(null, null) is string mono
            ? "Mono " + mono
            : ".NET " + Environment.Version;
        string order = BitConverter.IsLittleEndian ? "little-endian" : "big-endian";
        return $"Runtime: {runtime}; {IntPtr.Size * 8}-bit {order}; libraries: {typeof(RijndaelCipher).Assembly.GetName().Version} ({LibraryFramework()})";
    }

    private static string LibraryFramework() =>
        typeof(RijndaelCipher).Assembly.GetCustomAttribute<System.Runtime.Versioning.TargetFrameworkAttribute>()?.FrameworkName ?? "unknown";
}

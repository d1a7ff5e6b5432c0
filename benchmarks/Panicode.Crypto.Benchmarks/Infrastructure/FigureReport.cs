using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;
using Panicode.Crypto.Benchmarks.Ec;
using Panicode.Crypto.Benchmarks.Symmetric;

namespace Panicode.Crypto.Benchmarks.Infrastructure;

/// <summary>
/// Turns the measured cases into the paper's figures as Markdown tables: throughput in MB/s with the
/// speed-up over Reference ("Basic") measured in the same run, key-setup time, the ECDSA times of
/// Figures 3 and 4, and the microbenchmark and ablation tables.
/// </summary>
public static class FigureReport
{
    private static readonly string[] s_implementations = { "Reference", "Unsafe portable", "Unsafe", "Built-in", "BouncyCastle" };
    private static readonly string[] s_paperNames = { "Basic", "Proposed", "Proposed + intrinsics", "Built-in", "BouncyCastle C#" };

    private static readonly (string Class, string Title)[] s_ciphers =
    {
        ("Rijndael128Throughput", "Rijndael, 128-bit block (AES)"),
        ("Rijndael256Throughput", "Rijndael, 256-bit block"),
        ("CamelliaThroughput", "Camellia"),
        ("ClefiaThroughput", "CLEFIA"),
        ("Sc2000Throughput", "SC2000"),
    };

    public static string Build(IReadOnlyList<BenchmarkRecord> records, IEnumerable<string> environment, string command)
    {
        StringBuilder text = new();
        text.AppendLine("```");
        foreach (string line in environment)
        {
            text.AppendLine(line);
        }

        text.AppendLine("```");
        text.AppendLine();
        text.AppendLine($"Command: `{command}`. MB/s = 10^6 bytes per second; `×` = speed-up over Reference in the same run (higher is faster).");
        text.AppendLine();
        AppendPaperSetting(text, records);
        foreach ((string cls, string title) in s_ciphers)
        {
            AppendThroughput(text, records, cls, title);
        }

        AppendKeySetup(text, records);
        AppendEc(text, records);
        AppendTimeTables(text, records, r => r.Class.Contains("Ablation", StringComparison.Ordinal), "Ablation: each technique taken out of the Unsafe core in turn");
        AppendTimeTables(text, records, r => r.Class is "HeapVersusStackTemporaries" or "TableLookupKernels", "The paper's microbenchmarks (Tables 2 and 3, §3.1, §3.4)");
        return text.ToString();
    }

    private static void AppendPaperSetting(StringBuilder text, IReadOnlyList<BenchmarkRecord> records)
    {
        // The paper's Figures 1 and 2: ECB encryption of 1 MB, 128-bit key (and block).
        List<(string Title, List<BenchmarkRecord> Rows)> columns = s_ciphers
            .Select(c => (c.Title, records.Where(r => r.Class == c.Class && r["KeyBits"] == "128" && r["Operation"] == "EcbEncrypt" && r["Size"] == "1048576").ToList()))
            .Where(c => c.Item2.Count > 0)
            .ToList();
        if (columns.Count == 0)
        {
            return;
        }

        text.AppendLine("### Figures 1 and 2: ECB encryption of 1 MiB, 128-bit key (the paper's setting)");
        text.AppendLine();
        text.AppendLine("| Implementation (paper's name) | " + string.Join(" | ", columns.Select(c => c.Title)) + " |");
        text.AppendLine("|---|" + string.Concat(columns.Select(_ => "---:|")));
        for (int i = 0; i < s_implementations.Length; i++)
        {
            string implementation = s_implementations[i];
            if (!columns.Any(c => c.Rows.Any(r => r.Implementation == implementation)))
            {
                continue;
            }

            text.Append($"| {implementation} ({s_paperNames[i]}) |");
            foreach ((_, List<BenchmarkRecord> rows) in columns)
            {
                text.Append(' ').Append(ThroughputCell(rows, implementation)).Append(" |");
            }

            text.AppendLine();
        }

        text.AppendLine();
        AppendBars(text, columns);
    }

    // The same numbers as bars, scaled within each cipher (the fastest implementation gets the full width).
    private static void AppendBars(StringBuilder text, List<(string Title, List<BenchmarkRecord> Rows)> columns)
    {
        const int Width = 48;
        text.AppendLine("```");
        foreach ((string title, List<BenchmarkRecord> rows) in columns)
        {
            double fastest = rows.Max(r => 1.0 / r.MeanNanoseconds);
            text.AppendLine(title);
            foreach (string implementation in s_implementations)
            {
                BenchmarkRecord? record = rows.FirstOrDefault(r => r.Implementation == implementation);
                if (record != null)
                {
                    double megabytesPerSecond = int.Parse(record["Size"], CultureInfo.InvariantCulture) * 1000.0 / record.MeanNanoseconds;
                    int length = Math.Max(1, (int)Math.Round(Width / record.MeanNanoseconds / fastest));
                    text.AppendLine(FormattableString.Invariant($"  {implementation,-15} {new string('#', length),-48} {megabytesPerSecond,8:F1} MB/s"));
                }
            }
        }

        text.AppendLine("```");
        text.AppendLine();
    }

    private static void AppendThroughput(StringBuilder text, IReadOnlyList<BenchmarkRecord> records, string cls, string title)
    {
        List<BenchmarkRecord> mine = records.Where(r => r.Class == cls).ToList();
        foreach (string keyBits in mine.Select(r => r["KeyBits"]).Distinct().OrderBy(k => int.Parse(k, CultureInfo.InvariantCulture)))
        {
            List<BenchmarkRecord> keyed = mine.Where(r => r["KeyBits"] == keyBits).ToList();
            List<string> operationOrder = Enum.GetNames<Operation>().ToList();
            List<(string Operation, string Size)> rows = keyed
                .Select(r => (r["Operation"], r["Size"]))
                .Distinct()
                .OrderBy(c => operationOrder.IndexOf(c.Item1))
                .ThenBy(c => int.Parse(c.Item2, CultureInfo.InvariantCulture))
                .ToList();
            string[] implementations = s_implementations.Where(i => keyed.Any(r => r.Implementation == i)).ToArray();

            text.AppendLine($"#### {title}, {keyBits}-bit key: MB/s (× Reference)");
            text.AppendLine();
            text.AppendLine("| Operation | Message | " + string.Join(" | ", implementations) + " |");
            text.AppendLine("|---|---:|" + string.Concat(implementations.Select(_ => "---:|")));
            foreach ((string operation, string size) in rows)
            {
                List<BenchmarkRecord> cases = keyed.Where(r => r["Operation"] == operation && r["Size"] == size).ToList();
                text.Append($"| {operation} | {SizeLabel(size)} |");
                foreach (string implementation in implementations)
                {
                    text.Append(' ').Append(ThroughputCell(cases, implementation)).Append(" |");
                }

                text.AppendLine();
            }

            text.AppendLine();
        }
    }

    private static void AppendKeySetup(StringBuilder text, IReadOnlyList<BenchmarkRecord> records)
    {
        List<BenchmarkRecord> mine = records.Where(r => r.Class.EndsWith("KeySetup", StringComparison.Ordinal)).ToList();
        if (mine.Count == 0)
        {
            return;
        }

        List<(string Class, string KeyBits)> columns = mine.Select(r => (r.Class, r["KeyBits"])).Distinct().ToList();
        text.AppendLine("#### Key setup (new key + one block): ns (× Reference)");
        text.AppendLine();
        text.AppendLine("| Implementation | " + string.Join(" | ", columns.Select(c => $"{c.Class.Replace("KeySetup", "", StringComparison.Ordinal)} key {c.KeyBits}")) + " |");
        text.AppendLine("|---|" + string.Concat(columns.Select(_ => "---:|")));
        foreach (string implementation in s_implementations.Where(i => mine.Any(r => r.Implementation == i)))
        {
            text.Append($"| {implementation} |");
            foreach ((string cls, string keyBits) in columns)
            {
                text.Append(' ').Append(TimeCell(mine.Where(r => r.Class == cls && r["KeyBits"] == keyBits).ToList(), implementation, "Reference", 1)).Append(" |");
            }

            text.AppendLine();
        }

        text.AppendLine();
    }

    private static void AppendEc(StringBuilder text, IReadOnlyList<BenchmarkRecord> records)
    {
        List<BenchmarkRecord> mine = records.Where(r => r.Class == "EcdsaBenchmarks").ToList();
        if (mine.Count == 0)
        {
            return;
        }

        string[] implementations = s_implementations.Where(i => mine.Any(r => r.Implementation == i)).ToArray();
        string baseline = implementations.Contains("Reference") ? "Reference" : "BouncyCastle";
        text.AppendLine($"### Figures 3 and 4: ECDSA and ECDH, µs per operation (× {baseline})");
        text.AppendLine();
        text.AppendLine("| Curve | Operation | " + string.Join(" | ", implementations) + " |");
        text.AppendLine("|---|---|" + string.Concat(implementations.Select(_ => "---:|")));
        List<string> curveOrder = CurveSpec.All.ToList();
        List<string> operationOrder = Enum.GetNames<EcOperation>().ToList();
        IEnumerable<IGrouping<(string, string), BenchmarkRecord>> rows = mine
            .GroupBy(r => (r["Curve"], r["Operation"]))
            .OrderBy(g => curveOrder.IndexOf(g.Key.Item1))
            .ThenBy(g => operationOrder.IndexOf(g.Key.Item2));
        foreach (IGrouping<(string, string), BenchmarkRecord> row in rows)
        {
            List<BenchmarkRecord> cases = row.ToList();
            text.Append($"| {row.Key.Item1} | {row.Key.Item2} |");
            foreach (string implementation in implementations)
            {
                text.Append(' ').Append(TimeCell(cases, implementation, baseline, 1000)).Append(" |");
            }

            text.AppendLine();
        }

        text.AppendLine();
    }

    private static void AppendTimeTables(StringBuilder text, IReadOnlyList<BenchmarkRecord> records, Func<BenchmarkRecord, bool> select, string title)
    {
        List<BenchmarkRecord> mine = records.Where(select).ToList();
        if (mine.Count == 0)
        {
            return;
        }

        text.AppendLine($"### {title}");
        text.AppendLine();
        foreach (IGrouping<string, BenchmarkRecord> group in mine.GroupBy(r => r.Class + " " + string.Join(", ", r.Parameters.Select(p => $"{p.Key}={p.Value}"))))
        {
            double baseline = (group.FirstOrDefault(r => r.IsBaseline) ?? group.First()).MeanNanoseconds;
            bool sized = group.First().Parameters.ContainsKey("Size");
            text.AppendLine($"#### {group.Key.Trim()}");
            text.AppendLine();
            text.AppendLine(sized ? "| Variant | ns | MB/s | time / baseline |" : "| Variant | ns | time / baseline |");
            text.AppendLine(sized ? "|---|---:|---:|---:|" : "|---|---:|---:|");
            foreach (BenchmarkRecord record in group)
            {
                string throughput = sized ? FormattableString.Invariant($" {int.Parse(record["Size"], CultureInfo.InvariantCulture) * 1000.0 / record.MeanNanoseconds:F1} |") : "";
                text.AppendLine(FormattableString.Invariant($"| {record.Implementation}{(record.IsBaseline ? " (baseline)" : "")} | {record.MeanNanoseconds:F2} |{throughput} {record.MeanNanoseconds / baseline:F2} |"));
            }

            text.AppendLine();
        }
    }

    private static string ThroughputCell(List<BenchmarkRecord> cases, string implementation)
    {
        BenchmarkRecord? record = cases.FirstOrDefault(r => r.Implementation == implementation);
        BenchmarkRecord? reference = cases.FirstOrDefault(r => r.Implementation == "Reference");
        if (record == null)
        {
            return "–";
        }

        double megabytesPerSecond = int.Parse(record["Size"], CultureInfo.InvariantCulture) * 1000.0 / record.MeanNanoseconds;
        string ratio = reference == null ? "" : FormattableString.Invariant($" ({reference.MeanNanoseconds / record.MeanNanoseconds:F2}×)");
        return FormattableString.Invariant($"{megabytesPerSecond:F1}{ratio}");
    }

    private static string TimeCell(List<BenchmarkRecord> cases, string implementation, string baseline, double divisor)
    {
        BenchmarkRecord? record = cases.FirstOrDefault(r => r.Implementation == implementation);
        BenchmarkRecord? reference = cases.FirstOrDefault(r => r.Implementation == baseline);
        if (record == null)
        {
            return "–";
        }

        string ratio = reference == null ? "" : FormattableString.Invariant($" ({reference.MeanNanoseconds / record.MeanNanoseconds:F2}×)");
        return FormattableString.Invariant($"{record.MeanNanoseconds / divisor:F1}{ratio}");
    }

    private static string SizeLabel(string size) => size switch
    {
        "1048576" => "1 MiB",
        _ => size + " B",
    };
}

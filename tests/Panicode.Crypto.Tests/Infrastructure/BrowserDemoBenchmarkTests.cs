using System;
using System.Collections.Generic;
using System.Linq;
using Panicode.Crypto.BrowserDemo.Demo;
using DemoCatalog = Panicode.Crypto.BrowserDemo.Demo.Catalog;

namespace Panicode.Crypto.Tests.Infrastructure;

/// <summary>
/// The browser demo's short benchmark (the evaluation's WebAssembly column) run here on CoreCLR, every cell once. In the
/// browser it runs only under <c>scripts/browser-check.sh --bench</c>, not in CI; a cell that throws there stops the
/// page before it reports (a stream cipher measured without an IV once did).
/// </summary>
public sealed class BrowserDemoBenchmarkTests
{
    [Fact]
    public void EveryCellMeasuresEveryAlgorithmOfTheDemoCatalogue()
    {
        // 0.1 ms per round: a 1 MiB call makes one call a round, and a 16-byte round is long enough for the clock
        // (with no minimum, one RC4 call once measured 0 s).
        List<BenchmarkRow> rows = QuickBenchmark.Cells(1e-4).SelectMany(cell => cell()).ToList();

        Assert.All(rows, r => Assert.True(double.IsFinite(r.Value) && r.Value > 0, $"{r.Algorithm} {r.Flavour} {r.Metric}: {r.Value}"));
        string[] measured = rows.Select(r => r.Algorithm).Distinct().ToArray();
        string[] expected = DemoCatalog.Ciphers.Select(c => c.Id).Concat(DemoCatalog.Streams.Select(s => s.Id)).Concat(DemoCatalog.Hashes.Select(h => h.Id)).ToArray();
        Assert.Empty(expected.Except(measured));

        // Key setup, then encryption and decryption at 16 B, 1,536 B and 1 MiB, in both flavours.
        foreach (string id in expected)
        {
            Assert.Equal(2 * 7, rows.Count(r => r.Algorithm == id));
        }
    }
}

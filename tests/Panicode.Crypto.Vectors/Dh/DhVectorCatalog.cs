using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.Vectors.Ec;

namespace Panicode.Crypto.Vectors.Dh;

/// <summary>
/// The finite-field DH vector files: RFC 5114 Appendix A (Z from either side) and NIST's SP 800-56A KAS FFC validity
/// tests (a record passes exactly when the key imports, the peer's key validates and Z is the listed one).
/// </summary>
public static class DhVectorCatalog
{
    public static IReadOnlyList<VectorSuiteSource<DhSubject>> All { get; } = new[]
    {
        new VectorSuiteSource<DhSubject>("Rfc5114", "dh/RFC5114.txt", 3, () => Rfc5114("dh/RFC5114.txt")),
        new VectorSuiteSource<DhSubject>("KasFfc", "dh/KASValidityTest_FFCStatic_NOKC_ZZOnly_init.fax", 72, () => KasValidity("dh/KASValidityTest_FFCStatic_NOKC_ZZOnly_init.fax")),
        new VectorSuiteSource<DhSubject>("KasFfc", "dh/KASValidityTest_FFCStatic_NOKC_ZZOnly_resp.fax", 72, () => KasValidity("dh/KASValidityTest_FFCStatic_NOKC_ZZOnly_resp.fax")),
    };

    /// <summary>Every DH suite, loaded (each load checks its case count), for the Mono runner.</summary>
    [SuiteCatalog("Dh", EmulatedSubsetLimit = 2)]
    public static IEnumerable<VectorSuite<DhSubject>> Suites() => All.Select(s => s.Load());

    public static VectorSuiteSource<DhSubject> Find(string name) => All.Single(s => s.Name == name);

    // RFC 5114: both directions give Z (the IUT's key with the CAVS peer, and the other way round).
    private static IReadOnlyList<VectorCase<DhSubject>> Rfc5114(string path) =>
        KeyValueFile.Read(VectorFiles.Path(path), _ => true, carryOver: true)
            .Where(r => r.OwnKeys.Contains("Z"))
            .Select(r => new VectorCase<DhSubject>($"{path} line {r.Line}", s =>
            {
                byte[] p = r.Bytes("P"), q = r.Bytes("Q"), g = r.Bytes("G");
                Expect.Equal(Fit(r.Bytes("Z"), p.Length), s.Agree(p, q, g, r.Bytes("YstatIUT"), r.Bytes("XstatIUT"), r.Bytes("YstatCAVS")), "Z (IUT)");
                Expect.Equal(Fit(r.Bytes("Z"), p.Length), s.Agree(p, q, g, r.Bytes("YstatCAVS"), r.Bytes("XstatCAVS"), r.Bytes("YstatIUT")), "Z (CAVS)");
            }))
            .ToList();

    private static IReadOnlyList<VectorCase<DhSubject>> KasValidity(string path) =>
        KeyValueFile.Read(VectorFiles.Path(path), h => h.Contains(" - SHA"), carryOver: true)
            .Where(r => r.OwnKeys.Contains("Result"))
            .Select(r => new VectorCase<DhSubject>($"{path} line {r.Line} ({r["Result"]})", s =>
            {
                bool expected = r["Result"].StartsWith("P", StringComparison.Ordinal);
                byte[] p = r.Bytes("P");
                byte[]? z = null;
                try
                {
                    z = s.Agree(p, r.Bytes("Q"), r.Bytes("G"), r.Bytes("YstatIUT"), r.Bytes("XstatIUT"), r.Bytes("YstatCAVS"));
                }
                catch (CryptographicException)
                {
                }
                catch (ArgumentException)
                {
                }

                bool ok = z != null && Hex.Encode(z) == Hex.Encode(Fit(r.Bytes("Z"), p.Length));
                Expect.True(ok == expected, z is null ? "refused" : $"Z = {Hex.Encode(z)}, expected {r["Result"]}");
            }))
            .ToList();

    private static byte[] Fit(byte[] value, int length)
    {
        int start = 0;
        while (start < value.Length - 1 && value[start] == 0 && value.Length - start > length)
        {
            start++;
        }

        byte[] result = new byte[Math.Max(length, value.Length - start)];
        Array.Copy(value, start, result, result.Length - (value.Length - start), value.Length - start);
        return result;
    }
}

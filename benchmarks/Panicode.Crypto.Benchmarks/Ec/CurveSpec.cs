using System.Collections.Generic;
using System.Security.Cryptography;

namespace Panicode.Crypto.Benchmarks.Ec;

/// <summary>The supported prime curves, named as SEC 2 / RFC 5639 name them, with their OIDs.</summary>
public static class CurveSpec
{
    private static readonly Dictionary<string, string> s_oids = new()
    {
        ["secp192r1"] = "1.2.840.10045.3.1.1",
        ["secp224r1"] = "1.3.132.0.33",
        ["secp256r1"] = "1.2.840.10045.3.1.7",
        ["secp384r1"] = "1.3.132.0.34",
        ["secp521r1"] = "1.3.132.0.35",
        ["secp256k1"] = "1.3.132.0.10",
        ["brainpoolP256r1"] = "1.3.36.3.3.2.8.1.1.7",
        ["brainpoolP384r1"] = "1.3.36.3.3.2.8.1.1.11",
        ["brainpoolP512r1"] = "1.3.36.3.3.2.8.1.1.13",
    };

    public static IEnumerable<string> All => s_oids.Keys;

    /// <summary>The named curve by OID, which both our flavours and OpenSSL resolve.</summary>
    public static ECCurve Curve(string name) => ECCurve.CreateFromValue(s_oids[name]);

    /// <summary>A hash as long as the field (SHA-256, -384 or -512), so no truncation hides work.</summary>
    public static int HashBytes(string name) => name switch
    {
        "secp384r1" or "brainpoolP384r1" => 48,
        "secp521r1" or "brainpoolP512r1" => 64,
        _ => 32,
    };
}

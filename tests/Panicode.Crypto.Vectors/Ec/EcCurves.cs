using System;
using System.Collections.Generic;
using System.Numerics;
using System.Security.Cryptography;

namespace Panicode.Crypto.Vectors.Ec;

/// <summary>A curve as the vector files name it, with the sizes the checks need.</summary>
public sealed class EcCurveInfo
{
    public EcCurveInfo(string name, ECCurve curve, int fieldBytes, int orderBytes, BigInteger order)
    {
        Name = name;
        Curve = curve;
        FieldBytes = fieldBytes;
        OrderBytes = orderBytes;
        Order = order;
    }

    public string Name { get; }

    public ECCurve Curve { get; }

    public int FieldBytes { get; }

    public int OrderBytes { get; }

    public BigInteger Order { get; }

    /// <summary>A key from its private value and/or public point, each brought to the right width.</summary>
    public ECParameters Key(byte[]? d, byte[]? qx = null, byte[]? qy = null) => new()
    {
        Curve = Curve,
        D = d == null ? null : EcBytes.Fit(d, OrderBytes),
        Q = new ECPoint
        {
            X = qx == null ? null : EcBytes.Fit(qx, FieldBytes),
            Y = qy == null ? null : EcBytes.Fit(qy, FieldBytes),
        },
    };
}

/// <summary>
/// Curve names used by the vector files (NIST "P-256"/"K-256", SEC "secp256r1", Botan "brainpool256r1", Wycheproof
/// "brainpoolP256r1") resolved to curves. The domain parameters come from Wycheproof's
/// ec_prime_order_curves_test.json; a curve the library names is passed by OID, any other one (frp256v1,
/// secp160r1, ...) as explicit parameters, which exercises the explicit-curve path.
/// </summary>
public static class EcCurves
{
    private static readonly string[] s_byOid =
    {
        "secp192r1", "secp224r1", "secp256r1", "secp384r1", "secp521r1", "secp256k1",
        "brainpoolP224r1", "brainpoolP256r1", "brainpoolP320r1", "brainpoolP384r1", "brainpoolP512r1",
    };

    private static readonly Dictionary<string, string> s_aliases = new(StringComparer.OrdinalIgnoreCase)
    {
        ["P-192"] = "secp192r1",
        ["prime192v1"] = "secp192r1",
        ["P-224"] = "secp224r1",
        ["P-256"] = "secp256r1",
        ["prime256v1"] = "secp256r1",
        ["P-384"] = "secp384r1",
        ["P-521"] = "secp521r1",
        ["K-256"] = "secp256k1",
        ["brainpool224r1"] = "brainpoolP224r1",
        ["brainpool256r1"] = "brainpoolP256r1",
        ["brainpool320r1"] = "brainpoolP320r1",
        ["brainpool384r1"] = "brainpoolP384r1",
        ["brainpool512r1"] = "brainpoolP512r1",
    };

    private static readonly Lazy<Dictionary<string, JsonObject>> s_definitions = new(LoadDefinitions);

    /// <summary>The curve, or null when the name is not a prime curve with known parameters (binary curves).</summary>
    public static EcCurveInfo? Find(string name)
    {
        name = name.Trim();
        if (s_aliases.TryGetValue(name, out string? canonical))
        {
            name = canonical;
        }

        if (!s_definitions.Value.TryGetValue(name, out JsonObject? def))
        {
            return null;
        }

        byte[] p = Trim(KeyValueRecord.HexOf(def.Str("p")));
        byte[] n = Trim(KeyValueRecord.HexOf(def.Str("n")));
        int fieldBytes = p.Length;
        ECCurve curve = Array.IndexOf(s_byOid, def.Str("name")) >= 0 ? ECCurve.CreateFromValue(def.Str("oid")) : Explicit(def, fieldBytes);
        return new EcCurveInfo(def.Str("name"), curve, fieldBytes, n.Length, EcBytes.ToInteger(n));
    }

    /// <summary>The curve as explicit prime-curve parameters, whether or not it has a name.</summary>
    public static ECCurve Explicit(string name)
    {
        EcCurveInfo info = Require(name);
        return Explicit(s_definitions.Value[info.Name], info.FieldBytes);
    }

    public static EcCurveInfo Require(string name) =>
        Find(name) ?? throw new FormatException("Unknown curve " + name);

    private static ECCurve Explicit(JsonObject def, int fieldBytes)
    {
        BigInteger p = EcBytes.ToInteger(KeyValueRecord.HexOf(def.Str("p")));
        BigInteger a = ((EcBytes.ToInteger(KeyValueRecord.HexOf(def.Str("a"))) % p) + p) % p;
        return new ECCurve
        {
            CurveType = ECCurve.ECCurveType.PrimeShortWeierstrass,
            Prime = EcBytes.Fixed(p, fieldBytes),
            A = EcBytes.Fixed(a, fieldBytes),
            B = EcBytes.Fit(KeyValueRecord.HexOf(def.Str("b")), fieldBytes),
            G = new ECPoint
            {
                X = EcBytes.Fit(KeyValueRecord.HexOf(def.Str("gx")), fieldBytes),
                Y = EcBytes.Fit(KeyValueRecord.HexOf(def.Str("gy")), fieldBytes),
            },
            Order = Trim(KeyValueRecord.HexOf(def.Str("n"))),
            Cofactor = new[] { (byte)def.Int("h") },
        };
    }

    private static Dictionary<string, JsonObject> LoadDefinitions()
    {
        Dictionary<string, JsonObject> result = new(StringComparer.OrdinalIgnoreCase);
        JsonObject file = Json.ReadFile(VectorFiles.Path("wycheproof/ec_prime_order_curves_test.json"));
        foreach (JsonObject group in file.Objects("testGroups"))
        {
            foreach (JsonObject test in group.Objects("tests"))
            {
                result[test.Str("name")] = test;
            }
        }

        return result;
    }

    private static byte[] Trim(byte[] value)
    {
        int i = 0;
        while (i < value.Length - 1 && value[i] == 0)
        {
            i++;
        }

        byte[] r = new byte[value.Length - i];
        Array.Copy(value, i, r, 0, r.Length);
        return r;
    }
}

/// <summary>Fixed-width big-endian helpers.</summary>
public static class EcBytes
{
    /// <summary>
    /// Left-pads or strips leading zeros to <paramref name="length"/>; a value that does not fit is returned
    /// unchanged (longer), so the implementation sees and rejects it.
    /// </summary>
    public static byte[] Fit(byte[] value, int length)
    {
        int start = 0;
        while (value.Length - start > length && value[start] == 0)
        {
            start++;
        }

        if (value.Length - start > length)
        {
            return value;
        }

        byte[] r = new byte[length];
        Array.Copy(value, start, r, length - (value.Length - start), value.Length - start);
        return r;
    }

    public static byte[] Fixed(BigInteger value, int length)
    {
        byte[] le = value.ToByteArray();
        byte[] r = new byte[length];
        for (int i = 0; i < length && i < le.Length; i++)
        {
            r[length - 1 - i] = le[i];
        }

        return r;
    }

    public static BigInteger ToInteger(byte[] bigEndian)
    {
        BigInteger v = BigInteger.Zero;
        foreach (byte b in bigEndian)
        {
            v = (v << 8) | b;
        }

        return v;
    }

    public static byte[] Concat(byte[] a, byte[] b)
    {
        byte[] r = new byte[a.Length + b.Length];
        a.CopyTo(r, 0);
        b.CopyTo(r, a.Length);
        return r;
    }
}

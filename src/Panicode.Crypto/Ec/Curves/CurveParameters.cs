// Domain parameters of the named prime curves: SEC 2 version 2.0 §2 (secp192r1 .. secp521r1, secp256k1; the
// same values as FIPS 186-4 D.1.2 / SP 800-186 §3.2) and RFC 5639 §3 (brainpoolP160r1 .. brainpoolP512r1), the WAP WTLS curve 7,
// with their object identifiers and the names .NET (ECCurve.NamedCurves, CNG) and OpenSSL give them.
// Also the validation and matching of explicit prime curves given as ECCurve parameters.

using System;
using System.Collections.Generic;
using System.Globalization;
using System.Numerics;
using System.Security.Cryptography;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto.Ec;

/// <summary>
/// The shape of a curve's prime, which decides its field arithmetic in both flavours (the one curve table: each
/// named curve below names its shape; an explicit curve gets the shape of its prime). A flavour maps a shape to its
/// field struct in one switch (Reference: <c>StructEcGroup.Create</c>; Unsafe: <c>FastEcGroup.Create</c>); a shape
/// a flavour has no special reduction for runs on its Montgomery struct for the prime's limb count.
/// </summary>
internal enum FieldShape
{
    /// <summary>No special form: Montgomery multiplication over the prime's 64-bit limb count.</summary>
    Montgomery,

    /// <summary>2^192 - 2^64 - 1 (FIPS 186-4 D.2.1): Solinas reduction (Unsafe), Montgomery on four limbs (Reference).</summary>
    NistP192,

    /// <summary>2^224 - 2^96 + 1 (FIPS 186-4 D.2.2): Montgomery with the reduction written for p's limbs.</summary>
    NistP224,

    /// <summary>2^256 - 2^224 + 2^192 + 2^96 - 1 (FIPS 186-4 D.2.3): Montgomery with p's shape (two products a round).</summary>
    NistP256,

    /// <summary>2^384 - 2^128 - 2^96 + 2^32 - 1 (FIPS 186-4 D.2.4): six-limb Montgomery (the 32-bit group: Solinas).</summary>
    NistP384,

    /// <summary>2^521 - 1 (FIPS 186-4 D.2.5): the Mersenne reduction on nine limbs, no Montgomery form.</summary>
    NistP521,

    /// <summary>2^256 - 2^32 - 977 (SEC 2 v2 §2.4.1): folded by C = 2^32 + 977, no Montgomery form.</summary>
    Secp256k1,
}

/// <summary>The algorithms a curve allows beyond the common ones (named in the curve table, derived for explicit curves).</summary>
[Flags]
internal enum EcStrategies
{
    None = 0,

    /// <summary>
    /// secp256k1's endomorphism (x, y) -> (beta x, y) = lambda (x, y) (GLV, Guide to ECC §3.5; <c>Glv</c>): half-length
    /// scalars for verification and, in constant time, for ECDH. Needs a = 0, secp256k1's prime and its order n.
    /// </summary>
    Glv = 1,
}

/// <summary>Short Weierstrass curve y^2 = x^3 + a x + b over GF(p) with a base point G of prime order n.</summary>
internal sealed class CurveParameters
{
    /// <summary>secp192r1 (SEC 2 v2 §2; ANSI X9.62 / FIPS 186-4 D.1.2).</summary>
    public static readonly CurveParameters P192 = new(
        "1.2.840.10045.3.1.1",
        new[] { "nistP192", "secp192r1", "prime192v1", "P-192" },
        FieldShape.NistP192,
        p: "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFFFFFFFFFFFF",
        a: "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFFFFFFFFFFFC",
        b: "64210519E59C80E70FA7E9AB72243049FEB8DEECC146B9B1",
        gx: "188DA80EB03090F67CBF20EB43A18800F4FF0AFD82FF1012",
        gy: "07192B95FFC8DA78631011ED6B24CDD573F977A11E794811",
        n: "FFFFFFFFFFFFFFFFFFFFFFFF99DEF836146BC9B1B4D22831",
        h: 1);

    /// <summary>secp224r1 (SEC 2 v2 §2; ANSI X9.62 / FIPS 186-4 D.1.2).</summary>
    public static readonly CurveParameters P224 = new(
        "1.3.132.0.33",
        new[] { "nistP224", "secp224r1", "P-224" },
        FieldShape.NistP224,
        p: "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF000000000000000000000001",
        a: "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFFFFFFFFFFFFFFFFFFFE",
        b: "B4050A850C04B3ABF54132565044B0B7D7BFD8BA270B39432355FFB4",
        gx: "B70E0CBD6BB4BF7F321390B94A03C1D356C21122343280D6115C1D21",
        gy: "BD376388B5F723FB4C22DFE6CD4375A05A07476444D5819985007E34",
        n: "FFFFFFFFFFFFFFFFFFFFFFFFFFFF16A2E0B8F03E13DD29455C5C2A3D",
        h: 1);

    /// <summary>secp256r1 (SEC 2 v2 §2; ANSI X9.62 / FIPS 186-4 D.1.2).</summary>
    public static readonly CurveParameters P256 = new(
        "1.2.840.10045.3.1.7",
        new[] { "nistP256", "secp256r1", "prime256v1", "P-256", "ECDSA_P256", "ECDH_P256" },
        FieldShape.NistP256,
        p: "FFFFFFFF00000001000000000000000000000000FFFFFFFFFFFFFFFFFFFFFFFF",
        a: "FFFFFFFF00000001000000000000000000000000FFFFFFFFFFFFFFFFFFFFFFFC",
        b: "5AC635D8AA3A93E7B3EBBD55769886BC651D06B0CC53B0F63BCE3C3E27D2604B",
        gx: "6B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296",
        gy: "4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F5",
        n: "FFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551",
        h: 1);

    /// <summary>secp384r1 (SEC 2 v2 §2; ANSI X9.62 / FIPS 186-4 D.1.2).</summary>
    public static readonly CurveParameters P384 = new(
        "1.3.132.0.34",
        new[] { "nistP384", "secp384r1", "P-384", "ECDSA_P384", "ECDH_P384" },
        FieldShape.NistP384,
        p: "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFFFF0000000000000000FFFFFFFF",
        a: "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFFFF0000000000000000FFFFFFFC",
        b: "B3312FA7E23EE7E4988E056BE3F82D19181D9C6EFE8141120314088F5013875AC656398D8A2ED19D2A85C8EDD3EC2AEF",
        gx: "AA87CA22BE8B05378EB1C71EF320AD746E1D3B628BA79B9859F741E082542A385502F25DBF55296C3A545E3872760AB7",
        gy: "3617DE4A96262C6F5D9E98BF9292DC29F8F41DBD289A147CE9DA3113B5F0B8C00A60B1CE1D7E819D7A431D7C90EA0E5F",
        n: "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFC7634D81F4372DDF581A0DB248B0A77AECEC196ACCC52973",
        h: 1);

    /// <summary>secp521r1 (SEC 2 v2 §2; ANSI X9.62 / FIPS 186-4 D.1.2).</summary>
    public static readonly CurveParameters P521 = new(
        "1.3.132.0.35",
        new[] { "nistP521", "secp521r1", "P-521", "ECDSA_P521", "ECDH_P521" },
        FieldShape.NistP521,
        p: "01FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF",
        a: "01FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFC",
        b: "0051953EB9618E1C9A1F929A21A0B68540EEA2DA725B99B315F3B8B489918EF109E156193951EC7E937B1652C0BD3BB1BF073573DF883D2C34F1EF451FD46B503F00",
        gx: "00C6858E06B70404E9CD9E3ECB662395B4429C648139053FB521F828AF606B4D3DBAA14B5E77EFE75928FE1DC127A2FFA8DE3348B3C1856A429BF97E7E31C2E5BD66",
        gy: "011839296A789A3BC0045C8A5FB42C7D1BD998F54449579B446817AFBD17273E662C97EE72995EF42640C550B9013FAD0761353C7086A272C24088BE94769FD16650",
        n: "01FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFA51868783BF2F966B7FCC0148F709A5D03BB5C9B8899C47AEBB6FB71E91386409",
        h: 1);

    /// <summary>secp256k1 (SEC 2 v2 §2.4.1).</summary>
    public static readonly CurveParameters Secp256k1 = new(
        "1.3.132.0.10",
        new[] { "secp256k1" },
        FieldShape.Secp256k1,
        p: "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F",
        a: "0000000000000000000000000000000000000000000000000000000000000000",
        b: "0000000000000000000000000000000000000000000000000000000000000007",
        gx: "79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798",
        gy: "483ADA7726A3C4655DA4FBFC0E1108A8FD17B448A68554199C47D08FFB10D4B8",
        n: "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141",
        h: 1);

    /// <summary>
    /// brainpoolP160r1 (RFC 5639 §3.1): a legacy 160-bit curve (about 80-bit security), accepted by name as the
    /// BCL accepts it, for interoperability with old keys; do not use it for new keys.
    /// </summary>
    public static readonly CurveParameters BrainpoolP160r1 = new(
        "1.3.36.3.3.2.8.1.1.1",
        new[] { "brainpoolP160r1" },
        FieldShape.Montgomery,
        p: "E95E4A5F737059DC60DFC7AD95B3D8139515620F",
        a: "340E7BE2A280EB74E2BE61BADA745D97E8F7C300",
        b: "1E589A8595423412134FAA2DBDEC95C8D8675E58",
        gx: "BED5AF16EA3F6A4F62938C4631EB5AF7BDBCDBC3",
        gy: "1667CB477A1A8EC338F94741669C976316DA6321",
        n: "E95E4A5F737059DC60DF5991D45029409E60FC09",
        h: 1);

    /// <summary>
    /// wap-wsg-idm-ecid-wtls7 (WAP WTLS, WAP-261 Annex A curve 7; the domain parameters of secp160r2, SEC 2 v1
    /// §2.4.3): a legacy 160-bit curve whose order has 161 bits, accepted by name as the BCL accepts it.
    /// </summary>
    public static readonly CurveParameters WapWsgIdmEcidWtls7 = new(
        "2.23.43.1.4.7",
        new[] { "wap-wsg-idm-ecid-wtls7" },
        FieldShape.Montgomery,
        p: "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFAC73",
        a: "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFAC70",
        b: "B4E134D3FB59EB8BAB57274904664D5AF50388BA",
        gx: "52DCB034293A117E1F4FF11B30F7199D3144CE6D",
        gy: "FEAFFEF2E331F296E071FA0DF9982CFEA7D43F2E",
        n: "0100000000000000000000351EE786A818F3A1A16B",
        h: 1);

    /// <summary>brainpoolP224r1 (RFC 5639 §3).</summary>
    public static readonly CurveParameters BrainpoolP224r1 = new(
        "1.3.36.3.3.2.8.1.1.5",
        new[] { "brainpoolP224r1" },
        FieldShape.Montgomery,
        p: "D7C134AA264366862A18302575D1D787B09F075797DA89F57EC8C0FF",
        a: "68A5E62CA9CE6C1C299803A6C1530B514E182AD8B0042A59CAD29F43",
        b: "2580F63CCFE44138870713B1A92369E33E2135D266DBB372386C400B",
        gx: "0D9029AD2C7E5CF4340823B2A87DC68C9E4CE3174C1E6EFDEE12C07D",
        gy: "58AA56F772C0726F24C6B89E4ECDAC24354B9E99CAA3F6D3761402CD",
        n: "D7C134AA264366862A18302575D0FB98D116BC4B6DDEBCA3A5A7939F",
        h: 1);

    /// <summary>brainpoolP256r1 (RFC 5639 §3).</summary>
    public static readonly CurveParameters BrainpoolP256r1 = new(
        "1.3.36.3.3.2.8.1.1.7",
        new[] { "brainpoolP256r1" },
        FieldShape.Montgomery,
        p: "A9FB57DBA1EEA9BC3E660A909D838D726E3BF623D52620282013481D1F6E5377",
        a: "7D5A0975FC2C3057EEF67530417AFFE7FB8055C126DC5C6CE94A4B44F330B5D9",
        b: "26DC5C6CE94A4B44F330B5D9BBD77CBF958416295CF7E1CE6BCCDC18FF8C07B6",
        gx: "8BD2AEB9CB7E57CB2C4B482FFC81B7AFB9DE27E1E3BD23C23A4453BD9ACE3262",
        gy: "547EF835C3DAC4FD97F8461A14611DC9C27745132DED8E545C1D54C72F046997",
        n: "A9FB57DBA1EEA9BC3E660A909D838D718C397AA3B561A6F7901E0E82974856A7",
        h: 1);

    /// <summary>brainpoolP320r1 (RFC 5639 §3).</summary>
    public static readonly CurveParameters BrainpoolP320r1 = new(
        "1.3.36.3.3.2.8.1.1.9",
        new[] { "brainpoolP320r1" },
        FieldShape.Montgomery,
        p: "D35E472036BC4FB7E13C785ED201E065F98FCFA6F6F40DEF4F92B9EC7893EC28FCD412B1F1B32E27",
        a: "3EE30B568FBAB0F883CCEBD46D3F3BB8A2A73513F5EB79DA66190EB085FFA9F492F375A97D860EB4",
        b: "520883949DFDBC42D3AD198640688A6FE13F41349554B49ACC31DCCD884539816F5EB4AC8FB1F1A6",
        gx: "43BD7E9AFB53D8B85289BCC48EE5BFE6F20137D10A087EB6E7871E2A10A599C710AF8D0D39E20611",
        gy: "14FDD05545EC1CC8AB4093247F77275E0743FFED117182EAA9C77877AAAC6AC7D35245D1692E8EE1",
        n: "D35E472036BC4FB7E13C785ED201E065F98FCFA5B68F12A32D482EC7EE8658E98691555B44C59311",
        h: 1);

    /// <summary>brainpoolP384r1 (RFC 5639 §3).</summary>
    public static readonly CurveParameters BrainpoolP384r1 = new(
        "1.3.36.3.3.2.8.1.1.11",
        new[] { "brainpoolP384r1" },
        FieldShape.Montgomery,
        p: "8CB91E82A3386D280F5D6F7E50E641DF152F7109ED5456B412B1DA197FB71123ACD3A729901D1A71874700133107EC53",
        a: "7BC382C63D8C150C3C72080ACE05AFA0C2BEA28E4FB22787139165EFBA91F90F8AA5814A503AD4EB04A8C7DD22CE2826",
        b: "04A8C7DD22CE28268B39B55416F0447C2FB77DE107DCD2A62E880EA53EEB62D57CB4390295DBC9943AB78696FA504C11",
        gx: "1D1C64F068CF45FFA2A63A81B7C13F6B8847A3E77EF14FE3DB7FCAFE0CBD10E8E826E03436D646AAEF87B2E247D4AF1E",
        gy: "8ABE1D7520F9C2A45CB1EB8E95CFD55262B70B29FEEC5864E19C054FF99129280E4646217791811142820341263C5315",
        n: "8CB91E82A3386D280F5D6F7E50E641DF152F7109ED5456B31F166E6CAC0425A7CF3AB6AF6B7FC3103B883202E9046565",
        h: 1);

    /// <summary>brainpoolP512r1 (RFC 5639 §3).</summary>
    public static readonly CurveParameters BrainpoolP512r1 = new(
        "1.3.36.3.3.2.8.1.1.13",
        new[] { "brainpoolP512r1" },
        FieldShape.Montgomery,
        p: "AADD9DB8DBE9C48B3FD4E6AE33C9FC07CB308DB3B3C9D20ED6639CCA703308717D4D9B009BC66842AECDA12AE6A380E62881FF2F2D82C68528AA6056583A48F3",
        a: "7830A3318B603B89E2327145AC234CC594CBDD8D3DF91610A83441CAEA9863BC2DED5D5AA8253AA10A2EF1C98B9AC8B57F1117A72BF2C7B9E7C1AC4D77FC94CA",
        b: "3DF91610A83441CAEA9863BC2DED5D5AA8253AA10A2EF1C98B9AC8B57F1117A72BF2C7B9E7C1AC4D77FC94CADC083E67984050B75EBAE5DD2809BD638016F723",
        gx: "81AEE4BDD82ED9645A21322E9C4C6A9385ED9F70B5D916C1B43B62EEF4D0098EFF3B1F78E2D0D48D50D1687B93B97D5F7C6D5047406A5E688B352209BCB9F822",
        gy: "7DDE385D566332ECC0EABFA9CF7822FDF209F70024A57B1AA000C55B881F8111B2DCDE494A5F485E5BCA4BD88A2763AED1CA2B2FA8F0540678CD1E0F3AD80892",
        n: "AADD9DB8DBE9C48B3FD4E6AE33C9FC07CB308DB3B3C9D20ED6639CCA70330870553E5C414CA92619418661197FAC10471DB1D381085DDADDB58796829CA90069",
        h: 1);

    /// <summary>
    /// The largest explicit field accepted, in bits: OpenSSL's OPENSSL_ECC_MAX_FIELD_BITS. It leaves room above the
    /// largest named curve (secp521r1) and bounds the work an explicit curve from outside can cause.
    /// </summary>
    public const int MaxFieldBits = 661;

    /// <summary>The most 64-bit limbs of a field element (11).</summary>
    public const int MaxFieldLimbs64 = (MaxFieldBits + 63) / 64;

    /// <summary>
    /// The most 64-bit limbs of a group order: by Hasse's bound an order is at most one bit longer than its field, so
    /// 662 bits, 11 limbs. Temporaries sized per order are stackalloc'ed at this length and sliced.
    /// </summary>
    public const int MaxOrderLimbs64 = (MaxFieldBits + 1 + 63) / 64;

    /// <summary>The same bound in 32-bit limbs (21).</summary>
    public const int MaxOrderLimbs32 = (MaxFieldBits + 1 + 31) / 32;

    /// <summary>Explicit curves whose embedding degree is at most this are refused (see ValidateExplicit).</summary>
    private const int MaxRejectedEmbeddingDegree = 100;

    // Miller-Rabin rounds with random bases: at most 4^-64 = 2^-128 error for any input, adversarial ones included.
    private const int MillerRabinRounds = 64;

    // The last explicit curves validated, accepted or refused, so that repeating one costs a comparison only.
    private static readonly RecentResults s_explicitResults = new(16);

    private static readonly CurveParameters[] s_named =
    {
        P192, P224, P256, P384, P521, Secp256k1,
        BrainpoolP224r1, BrainpoolP256r1, BrainpoolP320r1, BrainpoolP384r1, BrainpoolP512r1,
        BrainpoolP160r1, WapWsgIdmEcidWtls7,
    };

    private CurveParameters(string oid, string[] names, FieldShape shape, string p, string a, string b, string gx, string gy, string n, int h)
        : this(oid, names, shape, FromHex(p), FromHex(a), FromHex(b), FromHex(gx), FromHex(gy), FromHex(n), h)
    {
    }

    private CurveParameters(string? oid, string[] names, FieldShape shape, byte[] p, byte[] a, byte[] b, byte[] gx, byte[] gy, byte[] n, int h)
    {
        Oid = oid;
        Names = names;
        Shape = shape;
        P = p;
        A = a;
        B = b;
        Gx = gx;
        Gy = gy;
        N = n;
        Cofactor = h;
        FieldBits = Limbs.BitLengthPublic(p);
        OrderBits = Limbs.BitLengthPublic(n);
        // The endomorphism's lambda belongs to secp256k1's n: a curve on the same prime with a = 0 but another
        // order gets none.
        Strategies = shape == FieldShape.Secp256k1 && ToInteger(a).IsZero && ToInteger(n) == Glv.Secp256k1Order
            ? EcStrategies.Glv
            : EcStrategies.None;
    }

    /// <summary>Every named curve this library knows.</summary>
    public static IReadOnlyList<CurveParameters> Named => s_named;

    /// <summary>Dotted object identifier, or null for an explicit curve.</summary>
    public string? Oid { get; }

    /// <summary>Names the curve is known by; the first is the one reported when exporting.</summary>
    public IReadOnlyList<string> Names { get; }

    public string FriendlyName => Names.Count > 0 ? Names[0] : "explicit";

    public bool IsNamed => Oid != null;

    /// <summary>The shape of p, which picks the field arithmetic (see <see cref="FieldShape"/>).</summary>
    public FieldShape Shape { get; }

    /// <summary>The optional algorithms the curve allows.</summary>
    public EcStrategies Strategies { get; }

    /// <summary>The number of 64-bit limbs of p.</summary>
    public int FieldLimbs64 => (FieldBits + 63) / 64;

    /// <summary>Field prime, a, b, G and n as big-endian integers of field length (n: its own length).</summary>
    public byte[] P { get; }

    public byte[] A { get; }

    public byte[] B { get; }

    public byte[] Gx { get; }

    public byte[] Gy { get; }

    public byte[] N { get; }

    public int Cofactor { get; }

    public int FieldBits { get; }

    public int FieldBytes => P.Length;

    public int OrderBits { get; }

    public int OrderBytes => N.Length;

    /// <summary>Finds a named curve by object identifier or, failing that, by any of its names (case-insensitive).</summary>
    public static CurveParameters? FindNamed(string? oidValue, string? friendlyName)
    {
        if (!string.IsNullOrEmpty(oidValue))
        {
            foreach (CurveParameters c in s_named)
            {
                if (c.Oid == oidValue)
                {
                    return c;
                }
            }

            return null;
        }

        if (!string.IsNullOrEmpty(friendlyName))
        {
            foreach (CurveParameters c in s_named)
            {
                foreach (string name in c.Names)
                {
                    if (string.Equals(name, friendlyName, StringComparison.OrdinalIgnoreCase))
                    {
                        return c;
                    }
                }
            }
        }

        return null;
    }

    /// <summary>
    /// Finds a named curve by one of its names (case-insensitive) or by its dotted object identifier; throws
    /// <see cref="PlatformNotSupportedException"/> naming the supported curves when there is none.
    /// </summary>
    public static CurveParameters FromNameOrOid(string nameOrOid)
    {
        bool looksLikeOid = nameOrOid.Length > 0 && char.IsDigit(nameOrOid[0]) && nameOrOid.IndexOf('.') > 0;
        return (looksLikeOid ? FindNamed(nameOrOid, null) : FindNamed(null, nameOrOid))
            ?? throw new PlatformNotSupportedException(string.Format(CultureInfo.InvariantCulture, ErrorMessages.CurveNotSupported, nameOrOid));
    }

    /// <summary>The named curve of the given key size in bits (the NIST curve, as ECDsa.KeySize does).</summary>
    public static CurveParameters? ForKeySize(int bits) => bits switch
    {
        192 => P192,
        224 => P224,
        256 => P256,
        384 => P384,
        521 => P521,
        _ => null,
    };

    /// <summary>
    /// Resolves an <see cref="ECCurve"/>: named curves by OID or name, explicit prime curves after validating
    /// their parameters (an explicit curve equal to a named one is that named curve, so it gets the fast field).
    /// </summary>
    public static CurveParameters FromECCurve(ECCurve curve)
    {
        if (curve.IsNamed)
        {
            string? value = curve.Oid?.Value;
            string? name = curve.Oid?.FriendlyName;
            return FindNamed(value, name)
                ?? throw new PlatformNotSupportedException(
                    ErrorMessages.Format(ErrorMessages.CurveNotSupported, string.IsNullOrEmpty(name) ? value : name));
        }

        if (curve.IsPrime)
        {
            return FromExplicit(curve);
        }

        if (curve.IsCharacteristic2)
        {
            throw new PlatformNotSupportedException(ErrorMessages.Characteristic2NotSupported);
        }

        throw new CryptographicException(ErrorMessages.CurveNeitherNamedNorPrime);
    }

    /// <summary>
    /// The curve as an ECCurve: named (OID and friendly name) or explicit prime. An explicit curve carries the
    /// <paramref name="seed"/> and <paramref name="hash"/> it was imported with (ANSI X9.62's verifiably random
    /// generation, ECCurve.Seed/Hash): they are the key's, not the curve's, since one CurveParameters serves every key
    /// on the same parameters whatever seed came with them.
    /// </summary>
    public ECCurve ToECCurve(bool explicitParameters, byte[]? seed = null, HashAlgorithmName? hash = null)
    {
        if (!explicitParameters && Oid != null)
        {
            return ECCurve.CreateFromOid(new System.Security.Cryptography.Oid(Oid, FriendlyName));
        }

        return new ECCurve
        {
            Seed = (byte[]?)seed?.Clone(),
            Hash = hash,
            CurveType = ECCurve.ECCurveType.PrimeShortWeierstrass,
            Prime = (byte[])P.Clone(),
            A = (byte[])A.Clone(),
            B = (byte[])B.Clone(),
            G = new ECPoint { X = (byte[])Gx.Clone(), Y = (byte[])Gy.Clone() },
            Order = (byte[])N.Clone(),
            Cofactor = new[] { (byte)Cofactor },
        };
    }

    private static CurveParameters FromExplicit(ECCurve curve)
    {
        // The BCL on Linux labels curves that OpenSSL computes with its Montgomery-multiplication method (P-384,
        // brainpool, ...) PrimeMontgomery in ExportExplicitParameters, though their parameters are short-Weierstrass
        // a and b, and imports them back as such; so do we. A true Montgomery-form curve fails the checks below (its
        // generator is not on y^2 = x^3 + a x + b).
        if (curve.CurveType != ECCurve.ECCurveType.PrimeShortWeierstrass && curve.CurveType != ECCurve.ECCurveType.PrimeMontgomery)
        {
            throw new PlatformNotSupportedException(ErrorMessages.Format(ErrorMessages.CurveTypeNotSupported, curve.CurveType));
        }

        if (curve.Prime is null || curve.A is null || curve.B is null || curve.G.X is null || curve.G.Y is null ||
            curve.Order is null || curve.Cofactor is null)
        {
            throw new CryptographicException(ErrorMessages.ExplicitCurveIncomplete);
        }

        // Sizes first, in time linear in the input: every later step costs at least quadratic time in the field size,
        // and an unbounded one let a 9,689-bit curve take a minute to validate.
        int len = curve.Prime.Length;
        if (len > (MaxFieldBits + 7) / 8 || Limbs.BitLengthPublic(curve.Prime) > MaxFieldBits)
        {
            throw new CryptographicException(ErrorMessages.ExplicitCurveFieldTooLarge);
        }

        if (curve.A.Length != len || curve.B.Length != len || curve.G.X.Length != len || curve.G.Y.Length != len)
        {
            throw new CryptographicException(ErrorMessages.ExplicitCurveLengths);
        }

        // Hasse's bound makes n at most p + 1 + 2 sqrt(p), one bit longer than p; the cofactor is at most 255 below.
        byte[] order = TrimLeadingZeros(curve.Order);
        byte[] cofactor = TrimLeadingZeros(curve.Cofactor);
        if (cofactor.Length == 0)
        {
            throw new CryptographicException("The explicit curve parameters are out of range.");
        }

        if (order.Length > len + 1 || cofactor.Length > 1)
        {
            throw new CryptographicException(ErrorMessages.ExplicitCurveParameterTooLong);
        }

        byte[] fingerprint = Fingerprint(curve.Prime, curve.A, curve.B, curve.G.X, curve.G.Y, order, cofactor[0]);
        if (s_explicitResults.TryFind(fingerprint, out CurveParameters? known, out string? rejection))
        {
            return known ?? throw new CryptographicException(rejection);
        }

        try
        {
            CurveParameters result = ValidateExplicit(curve, order, cofactor[0]);
            s_explicitResults.Add(fingerprint, result, null);
            return result;
        }
        catch (CryptographicException e)
        {
            s_explicitResults.Add(fingerprint, null, e.Message);
            throw;
        }
    }

    /// <summary>
    /// Remembers that an explicit curve was refused after <see cref="FromECCurve"/> accepted it (the group found
    /// n G != O), so the same parameters are refused at once the next time.
    /// </summary>
    public void RecordRejected(string message)
    {
        if (!IsNamed)
        {
            s_explicitResults.Add(Fingerprint(P, A, B, Gx, Gy, N, (byte)Cofactor), null, message);
        }
    }

    /// <summary>
    /// True when <paramref name="curve"/> (named or explicit) names these domain parameters. Compares values only and
    /// validates nothing, so a peer's curve is checked against ours in time linear in its size before any expensive
    /// work; a curve that is not ours is refused whatever it is.
    /// </summary>
    public bool Describes(ECCurve curve)
    {
        if (curve.IsNamed)
        {
            return ReferenceEquals(FindNamed(curve.Oid?.Value, curve.Oid?.FriendlyName), this);
        }

        return curve.CurveType == ECCurve.ECCurveType.PrimeShortWeierstrass &&
            curve.Prime != null && curve.A != null && curve.B != null && curve.G.X != null && curve.G.Y != null &&
            curve.Order != null && curve.Cofactor != null &&
            Same(P, curve.Prime) && Same(A, curve.A) && Same(B, curve.B) && Same(Gx, curve.G.X) && Same(Gy, curve.G.Y) &&
            Same(N, TrimLeadingZeros(curve.Order)) && Same(new[] { (byte)Cofactor }, TrimLeadingZeros(curve.Cofactor));
    }

    // The checks of SEC 1 v2 §3.1.1.2.1 that need no group arithmetic (n G = O is EcBackend.GetGroup's).
    private static CurveParameters ValidateExplicit(ECCurve curve, byte[] order, int cofactor)
    {
        // All of these values are public domain parameters, so BigInteger (variable time) is fine here.
        BigInteger p = ToInteger(curve.Prime);
        BigInteger a = ToInteger(curve.A);
        BigInteger b = ToInteger(curve.B);
        BigInteger gx = ToInteger(curve.G.X);
        BigInteger gy = ToInteger(curve.G.Y);
        BigInteger n = ToInteger(order);
        BigInteger h = cofactor;
        if (p < 5 || p.IsEven || curve.Prime![0] == 0 || a >= p || b >= p || gx >= p || gy >= p ||
            n < 3 || n.IsEven || h < 1 || h > 255)
        {
            throw new CryptographicException(ErrorMessages.ExplicitCurveOutOfRange);
        }

        if (!IsProbablePrime(p) || !IsProbablePrime(n))
        {
            throw new CryptographicException(ErrorMessages.ExplicitCurveNotPrime);
        }

        BigInteger discriminant = ((4 * BigInteger.Pow(a, 3)) + (27 * b * b)) % p;
        if (discriminant.IsZero)
        {
            throw new CryptographicException(ErrorMessages.ExplicitCurveSingular);
        }

        if ((((gy * gy) - ((gx * gx * gx) + (a * gx) + b)) % p + p) % p != 0)
        {
            throw new CryptographicException(ErrorMessages.ExplicitGeneratorNotOnCurve);
        }

        // Hasse: |h n - (p + 1)| <= 2 sqrt(p); with a wrong order signatures would not verify.
        BigInteger t = (h * n) - (p + 1);
        if (t * t > 4 * p)
        {
            throw new CryptographicException(ErrorMessages.ExplicitCurveSizes);
        }

        // Anomalous curves (#E = h n = p; with n prime and n > 4 sqrt(p), that is n = p) fall to Smart's attack,
        // "The discrete logarithm problem on elliptic curves of trace one" (J. Cryptology 12, 1999).
        if (h * n == p || n == p)
        {
            throw new CryptographicException(ErrorMessages.ExplicitCurveAnomalous);
        }

        // The MOV condition of SEC 1 v2 §3.1.1.2.1: p^k != 1 (mod n) for small k, else the pairing of Menezes,
        // Okamoto and Vanstone ("Reducing elliptic curve logarithms to logarithms in a finite field", IEEE Trans.
        // Inf. Theory 39(5), 1993) maps the group into GF(p^k)*. SEC 1 asks for 1 <= k < 100; we check k <= 100.
        BigInteger power = BigInteger.One;
        BigInteger pModN = p % n;
        for (int k = 1; k <= MaxRejectedEmbeddingDegree; k++)
        {
            power = power * pModN % n;
            if (power.IsOne)
            {
                throw new CryptographicException(ErrorMessages.ExplicitCurveSmallEmbeddingDegree);
            }
        }

        foreach (CurveParameters named in s_named)
        {
            if (named.Cofactor == cofactor && Same(named.P, curve.Prime) && Same(named.A, curve.A!) && Same(named.B, curve.B!) &&
                Same(named.Gx, curve.G.X!) && Same(named.Gy, curve.G.Y!) && Same(named.N, order))
            {
                return named;
            }
        }

        // The order must really be the order of G: n G = infinity (checked by the caller with the group).
        return new CurveParameters(
            null,
            Array.Empty<string>(),
            ShapeOf(curve.Prime),
            (byte[])curve.Prime.Clone(),
            (byte[])curve.A!.Clone(),
            (byte[])curve.B!.Clone(),
            (byte[])curve.G.X!.Clone(),
            (byte[])curve.G.Y!.Clone(),
            order,
            cofactor);
    }

    /// <summary>The shape of an explicit curve's prime: a named curve's shape when p is its prime, else Montgomery.</summary>
    internal static FieldShape ShapeOf(byte[] p)
    {
        foreach (CurveParameters named in s_named)
        {
            if (named.Shape != FieldShape.Montgomery && Same(named.P, p))
            {
                return named.Shape;
            }
        }

        return FieldShape.Montgomery;
    }

    // The normalized explicit parameters, each preceded by its length, as one byte string (public data).
    private static byte[] Fingerprint(params object[] parts)
    {
        var bytes = new List<byte>();
        foreach (object part in parts)
        {
            byte[] value = part as byte[] ?? new[] { (byte)part };
            bytes.Add((byte)(value.Length >> 8));
            bytes.Add((byte)value.Length);
            bytes.AddRange(value);
        }

        return bytes.ToArray();
    }

    /// <summary>Same parameter values (the point of comparison, not the object).</summary>
    public bool SameDomain(CurveParameters other) =>
        ReferenceEquals(this, other) ||
        (Same(P, other.P) && Same(A, other.A) && Same(B, other.B) && Same(Gx, other.Gx) && Same(Gy, other.Gy) &&
         Same(N, other.N) && Cofactor == other.Cofactor);

    private static bool Same(byte[] x, byte[] y) => x.AsSpan().SequenceEqual(y);

    private static byte[] TrimLeadingZeros(byte[] value)
    {
        int i = 0;
        while (i < value.Length - 1 && value[i] == 0)
        {
            i++;
        }

        return value.AsSpan(i).ToArray();
    }

    internal static BigInteger ToInteger(ReadOnlySpan<byte> bigEndian)
    {
        BigInteger v = BigInteger.Zero;
        foreach (byte x in bigEndian)
        {
            v = (v << 8) | x;
        }

        return v;
    }

    /// <summary>
    /// Miller-Rabin with <see cref="MillerRabinRounds"/> bases drawn at random (after trial division by small
    /// primes). Fixed bases can be fooled by composites built for them, as Albrecht, Massimo, Paterson and Somorovsky
    /// show in "Prime and Prejudice: Primality Testing Under Adversarial Conditions" (ACM CCS 2018); with random
    /// bases each round catches a composite with probability at least 3/4 whatever the input.
    /// </summary>
    internal static bool IsProbablePrime(BigInteger n)
    {
        foreach (int q in new[] { 2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53 })
        {
            if (n == q)
            {
                return true;
            }

            if (n % q == 0)
            {
                return false;
            }
        }

        BigInteger d = n - 1;
        int s = 0;
        while (d.IsEven)
        {
            d >>= 1;
            s++;
        }

        byte[] buffer = new byte[n.ToByteArray().Length + 8];
        using RandomNumberGenerator rng = RandomNumberGenerator.Create();
        for (int round = 0; round < MillerRabinRounds; round++)
        {
            // A base in [2, n - 2]; 64 extra bits make the bias of the reduction negligible.
            rng.GetBytes(buffer);
            buffer[buffer.Length - 1] = 0;   // little-endian sign byte: non-negative
            BigInteger a = (new BigInteger(buffer) % (n - 3)) + 2;
            BigInteger x = BigInteger.ModPow(a, d, n);
            if (x.IsOne || x == n - 1)
            {
                continue;
            }

            bool composite = true;
            for (int i = 1; i < s && composite; i++)
            {
                x = BigInteger.ModPow(x, 2, n);
                composite = x != n - 1;
            }

            if (composite)
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>A small most-recent-first record of explicit-curve validations, keyed by their parameters.</summary>
    private sealed class RecentResults
    {
        private readonly int _capacity;
        private readonly List<(byte[] Fingerprint, CurveParameters? Accepted, string? Rejection)> _entries = new();

        public RecentResults(int capacity)
        {
            _capacity = capacity;
        }

        public bool TryFind(byte[] fingerprint, out CurveParameters? accepted, out string? rejection)
        {
            lock (_entries)
            {
                foreach ((byte[] key, CurveParameters? a, string? r) in _entries)
                {
                    if (Same(key, fingerprint))
                    {
                        accepted = a;
                        rejection = r;
                        return true;
                    }
                }
            }

            accepted = null;
            rejection = null;
            return false;
        }

        public void Add(byte[] fingerprint, CurveParameters? accepted, string? rejection)
        {
            lock (_entries)
            {
                _entries.RemoveAll(e => Same(e.Fingerprint, fingerprint));
                if (_entries.Count == _capacity)
                {
                    _entries.RemoveAt(0);
                }

                _entries.Add((fingerprint, accepted, rejection));
            }
        }
    }

    private static byte[] FromHex(string hex)
    {
        byte[] bytes = new byte[hex.Length / 2];
        for (int i = 0; i < bytes.Length; i++)
        {
            bytes[i] = Convert.ToByte(hex.Substring(2 * i, 2), 16);
        }

        return bytes;
    }
}

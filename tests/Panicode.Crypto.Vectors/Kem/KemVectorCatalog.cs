using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.Vectors.Ec;

namespace Panicode.Crypto.Vectors.Kem;

/// <summary>
/// The ISO/IEC 18033-2 KEM vector files. ECIES-KEM: the standard's Annex C.2.2/C.2.3 records (as Botan ships them) and
/// 32 records from tools/psec-kem/iso18033_kem.py over eight named curves, KDF1/KDF2, SHA-1 to SHA-512, both point
/// formats and SingleHashMode. PSEC-KEM: 32 records from the same independent Python implementation (no official
/// vector was found). Each case imports the private key, encapsulates with the record's randomness (the ciphertext
/// and K must be the record's) and decapsulates the record's ciphertext (K again).
/// </summary>
public static class KemVectorCatalog
{
    public static IReadOnlyList<VectorSuiteSource<Func<PrimeEciesKem>>> Ecies { get; } = new[]
    {
        new VectorSuiteSource<Func<PrimeEciesKem>>("EciesKem", "ecies-kem/ecies-18033.vec", 2, () => Records("ecies-kem/ecies-18033.vec", carryOver: true).Select(r => EciesCase("ecies-kem/ecies-18033.vec", r, standard: true)).ToList()),
        new VectorSuiteSource<Func<PrimeEciesKem>>("EciesKem", "ecies-kem/ecies-kem-extra.vec", 32, () => Records("ecies-kem/ecies-kem-extra.vec", carryOver: false).Select(r => EciesCase("ecies-kem/ecies-kem-extra.vec", r, standard: false)).ToList()),
    };

    public static IReadOnlyList<VectorSuiteSource<Func<PrimePsecKem>>> Psec { get; } = new[]
    {
        new VectorSuiteSource<Func<PrimePsecKem>>("PsecKem", "psec-kem/psec-kem.vec", 32, () => Records("psec-kem/psec-kem.vec", carryOver: false).Select(PsecCase).ToList()),
    };

    /// <summary>Every ECIES-KEM suite, loaded (each load checks its case count), for the Mono runner.</summary>
    [SuiteCatalog("EciesKem", EmulatedSubsetLimit = 4)]
    public static IEnumerable<VectorSuite<Func<PrimeEciesKem>>> EciesSuites() => Ecies.Select(s => s.Load());

    /// <summary>Every PSEC-KEM suite, loaded, for the Mono runner.</summary>
    [SuiteCatalog("PsecKem", EmulatedSubsetLimit = 4)]
    public static IEnumerable<VectorSuite<Func<PrimePsecKem>>> PsecSuites() => Psec.Select(s => s.Load());

    // Botan's file states each value once and carries it over blank lines; a record ends with its K.
    private static IEnumerable<KeyValueRecord> Records(string path, bool carryOver) =>
        KeyValueFile.Read(VectorFiles.Path(path), _ => false, carryOver).Where(r => r.OwnKeys.Contains("K"));

    private static VectorCase<Func<PrimeEciesKem>> EciesCase(string path, KeyValueRecord r, bool standard) =>
        new($"{path} line {r.Line}", create =>
        {
            using PrimeEciesKem kem = create();
            ECParameters key = standard ? ExplicitKey(r) : NamedKey(r);
            kem.ImportParameters(key);
            if (standard)
            {
                // Annex C.2.2/C.2.3: KDF1 over SHA-1, KeyLen 128, CofactorMode = OldCofactorMode = CheckMode = SingleHashMode = 0.
                kem.KdfHash = HashAlgorithmName.SHA1;
                kem.Kdf = Iso18033Kdf.Kdf1;
                kem.SharedSecretSizeInBytes = 128;
                kem.PointEncoding = r["format"] == "compressed" ? EcPointEncoding.Compressed : EcPointEncoding.Uncompressed;
            }
            else
            {
                Configure(kem, r);
                kem.SingleHashMode = r["SingleHashMode"] == "1";
            }

            byte[] scalar = Fit(r.Bytes("r"), key.D!.Length);
            Check(kem, scalar, r.Bytes("C0"), r.Bytes("K"));
        });

    private static VectorCase<Func<PrimePsecKem>> PsecCase(KeyValueRecord r) =>
        new($"psec-kem/psec-kem.vec line {r.Line}", create =>
        {
            using PrimePsecKem kem = create();
            kem.ImportParameters(NamedKey(r));
            Configure(kem, r);
            kem.SeedSizeInBytes = int.Parse(r["SeedLen"], System.Globalization.CultureInfo.InvariantCulture);
            Check(kem, r.Bytes("r"), r.Bytes("C0"), r.Bytes("K"));
        });

    private static void Check(PrimeEcKem kem, byte[] randomness, byte[] c0, byte[] k)
    {
        Expect.Equal(BitConverter.GetBytes(c0.Length), BitConverter.GetBytes(kem.CiphertextSizeInBytes), "ciphertext size");
        byte[] ciphertext = new byte[c0.Length];
        byte[] secret = new byte[k.Length];
        kem.EncapsulateDeterministic(randomness, ciphertext, secret);
        Expect.Equal(c0, ciphertext, "C0");
        Expect.Equal(k, secret, "K (encapsulated)");
        Expect.Equal(k, kem.Decapsulate(c0), "K (decapsulated)");
    }

    private static void Configure(PrimeEcKem kem, KeyValueRecord r)
    {
        kem.KdfHash = new HashAlgorithmName(r["Hash"]);
        kem.Kdf = r["Kdf"] == "KDF1" ? Iso18033Kdf.Kdf1 : Iso18033Kdf.Kdf2;
        kem.SharedSecretSizeInBytes = int.Parse(r["KeyLen"], System.Globalization.CultureInfo.InvariantCulture);
        kem.PointEncoding = r["Format"] == "compressed" ? EcPointEncoding.Compressed : EcPointEncoding.Uncompressed;
    }

    private static ECParameters NamedKey(KeyValueRecord r) =>
        EcCurves.Require(r["Curve"]).Key(r.Bytes("x"), r.Bytes("hx"), r.Bytes("hy"));

    // The standard's records give the curve by its parameters (p, a, b, g, mu, nu): they are P-192's.
    private static ECParameters ExplicitKey(KeyValueRecord r)
    {
        byte[] p = r.Bytes("p");
        int f = p.Length;
        ECCurve curve = new()
        {
            CurveType = ECCurve.ECCurveType.PrimeShortWeierstrass,
            Prime = p,
            A = Fit(r.Bytes("a"), f),
            B = Fit(r.Bytes("b"), f),
            G = new ECPoint { X = Fit(r.Bytes("gx"), f), Y = Fit(r.Bytes("gy"), f) },
            Order = r.Bytes("mu"),
            Cofactor = r.Bytes("nu"),
        };
        return new ECParameters
        {
            Curve = curve,
            Q = new ECPoint { X = Fit(r.Bytes("hx"), f), Y = Fit(r.Bytes("hy"), f) },
            D = Fit(r.Bytes("x"), curve.Order!.Length),
        };
    }

    private static byte[] Fit(byte[] value, int length) => EcBytes.Fit(value, length);
}

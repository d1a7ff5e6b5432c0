using System;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.Registry;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Vectors.Kem;

namespace Panicode.Crypto.Tests.Kem;

/// <summary>
/// ECIES-KEM and PSEC-KEM (ISO/IEC 18033-2 §10.2, §10.3) in every flavour: the vector files of
/// <see cref="KemVectorCatalog"/> (the standard's Annex C ECIES-KEM records and the records of the independent Python
/// implementation in tools/psec-kem), round trips on every curve and setting, the two flavours against each other,
/// rejection of tampered, malformed, off-curve and wrong-length ciphertexts, key formats and bad arguments.
/// </summary>
public sealed class KemTests
{
    private static readonly string[] s_curves = { "nistP192", "nistP224", "nistP256", "nistP384", "nistP521", "secp256k1", "brainpoolP256r1", "brainpoolP512r1" };

    public static TheoryData<Implementation<PrimeEciesKem>, string> EciesFiles() => SuiteAssert.Rows(Implementations.Of(Families.EciesKem), KemVectorCatalog.Ecies);

    public static TheoryData<Implementation<PrimePsecKem>, string> PsecFiles() => SuiteAssert.Rows(Implementations.Of(Families.PsecKem), KemVectorCatalog.Psec);

    /// <summary>Both KEMs in every flavour, as (family, flavour) names of the registry.</summary>
    public static TheoryData<string, string> Kems()
    {
        TheoryData<string, string> rows = new();
        foreach (Family family in new Family[] { Families.EciesKem, Families.PsecKem })
        {
            foreach (Flavour flavour in family.AllFlavours)
            {
                rows.Add(family.Name, flavour.Name);
            }
        }

        return rows;
    }

    [Theory]
    [MemberData(nameof(EciesFiles))]
    public void EciesVectorFile(Implementation<PrimeEciesKem> implementation, string file) =>
        SuiteAssert.AllPass(KemVectorCatalog.Ecies.Single(s => s.Name == file), implementation.Create);

    [Theory]
    [MemberData(nameof(PsecFiles))]
    public void PsecVectorFile(Implementation<PrimePsecKem> implementation, string file) =>
        SuiteAssert.AllPass(KemVectorCatalog.Psec.Single(s => s.Name == file), implementation.Create);

    [Fact]
    public void TheFilesHoldTheCountsTheCatalogueStates()
    {
        Assert.Equal(new[] { 2, 32 }, KemVectorCatalog.Ecies.Select(s => s.Load().Cases.Count));
        Assert.Equal(32, KemVectorCatalog.Psec.Single().Load().Cases.Count);
    }

    [Theory]
    [MemberData(nameof(Kems))]
    public void DecapsulationInvertsEncapsulationOnEveryCurveAndSetting(string family, string flavour)
    {
        foreach (string curve in s_curves)
        {
            using PrimeEcKem kem = Create(family, flavour);
            kem.GenerateKey(PrimeEcdh.NamedCurve(curve));
            foreach ((HashAlgorithmName hash, Iso18033Kdf kdf, EcPointEncoding encoding, int size) in new[]
            {
                (HashAlgorithmName.SHA256, Iso18033Kdf.Kdf2, EcPointEncoding.Uncompressed, 32),
                (HashAlgorithmName.SHA1, Iso18033Kdf.Kdf1, EcPointEncoding.Compressed, 100),
                (HashAlgorithmName.SHA512, Iso18033Kdf.Kdf1, EcPointEncoding.Compressed, 7),
            })
            {
                kem.KdfHash = hash;
                kem.Kdf = kdf;
                kem.PointEncoding = encoding;
                kem.SharedSecretSizeInBytes = size;
                kem.Encapsulate(out byte[] ciphertext, out byte[] secret);
                Assert.Equal(kem.CiphertextSizeInBytes, ciphertext.Length);
                Assert.Equal(size, secret.Length);
                Assert.Equal(secret, kem.Decapsulate(ciphertext));
                kem.Encapsulate(out byte[] second, out byte[] secret2);
                Assert.NotEqual(ciphertext, second);
                Assert.NotEqual(secret, secret2);
            }
        }

    }

    [Fact]
    public void TheFlavoursInteroperate()
    {
        foreach (string curve in new[] { "nistP256", "secp256k1", "nistP521" })
        {
            using PrimePsecKem reference = PrimePsecKem.Create(curve);
            using PrimePsecKem fast = Unsafe.UnsafeCrypto.CreatePsecKem(reference.ExportParameters(true));
            reference.Encapsulate(out byte[] c1, out byte[] k1);
            Assert.Equal(k1, fast.Decapsulate(c1));
            fast.Encapsulate(out byte[] c2, out byte[] k2);
            Assert.Equal(k2, reference.Decapsulate(c2));

            using PrimeEciesKem eciesReference = PrimeEciesKem.Create(curve);
            using PrimeEciesKem eciesFast = Unsafe.UnsafeCrypto.CreateEciesKem(eciesReference.ExportParameters(true));
            eciesFast.Encapsulate(out byte[] c3, out byte[] k3);
            Assert.Equal(k3, eciesReference.Decapsulate(c3));
        }
    }

    [Theory]
    [MemberData(nameof(Kems))]
    public void EveryChangedCiphertextByteIsRejectedOrChangesTheSecret(string family, string flavour)
    {
        foreach (EcPointEncoding encoding in new[] { EcPointEncoding.Uncompressed, EcPointEncoding.Compressed })
        {
            using PrimeEcKem kem = Create(family, flavour);
            kem.GenerateKey(PrimeEcdh.NamedCurve("nistP256"));
            kem.PointEncoding = encoding;
            kem.Encapsulate(out byte[] ciphertext, out byte[] secret);
            int rejected = 0;
            for (int i = 0; i < ciphertext.Length; i++)
            {
                byte[] changed = (byte[])ciphertext.Clone();
                changed[i] ^= (byte)(1 << (i % 8));
                try
                {
                    byte[] other = kem.Decapsulate(changed);

                    // ECIES-KEM defines no rejection: another point of the curve gives another K.
                    Assert.Equal("EciesKem", family);
                    Assert.NotEqual(secret, other);
                }
                catch (CryptographicException)
                {
                    rejected++;
                }
            }

            // PSEC-KEM rejects every change (§10.3.4: g~ != alpha g, or EG no longer a point).
            if (family == "PsecKem")
            {
                Assert.Equal(ciphertext.Length, rejected);
            }
        }
    }

    [Theory]
    [MemberData(nameof(Kems))]
    public void MalformedCiphertextsThrowCryptographicException(string family, string flavour)
    {
        using PrimeEcKem kem = Create(family, flavour);
        kem.GenerateKey(PrimeEcdh.NamedCurve("nistP256"));
        kem.Encapsulate(out byte[] ciphertext, out _);
        int extra = ciphertext.Length - 65;

        // Wrong lengths.
        Assert.Throws<CryptographicException>(() => kem.Decapsulate(Array.Empty<byte>()));
        Assert.Throws<CryptographicException>(() => kem.Decapsulate(ciphertext.AsSpan(0, ciphertext.Length - 1).ToArray()));
        Assert.Throws<CryptographicException>(() => kem.Decapsulate(ciphertext.Concat(new byte[1]).ToArray()));

        // The point at infinity (a lone 00, padded to the length), a wrong prefix, y off the curve, x >= p.
        byte[] infinity = new byte[ciphertext.Length];
        Assert.Throws<CryptographicException>(() => kem.Decapsulate(infinity));
        byte[] prefix = (byte[])ciphertext.Clone();
        prefix[0] = 0x06;
        Assert.Throws<CryptographicException>(() => kem.Decapsulate(prefix));
        byte[] offCurve = (byte[])ciphertext.Clone();
        offCurve[64] ^= 1;
        Assert.Throws<CryptographicException>(() => kem.Decapsulate(offCurve));
        byte[] bigX = (byte[])ciphertext.Clone();
        bigX.AsSpan(1, 32).Fill(0xFF);
        Assert.Throws<CryptographicException>(() => kem.Decapsulate(bigX));

        // Compressed: an x with no point (x = 0 on P-256: b is not a square... checked by the codec either way) and x >= p.
        kem.PointEncoding = EcPointEncoding.Compressed;
        byte[] compressed = new byte[33 + extra];
        compressed[0] = 0x02;
        compressed.AsSpan(1, 32).Fill(0xFF);
        Assert.Throws<CryptographicException>(() => kem.Decapsulate(compressed));
        int noPoint = 0;
        for (byte x = 1; x < 40; x++)
        {
            compressed.AsSpan(1, 32).Clear();
            compressed[32] = x;
            try
            {
                kem.Decapsulate(compressed);
            }
            catch (CryptographicException)
            {
                noPoint++;
            }
        }

        // About half of the x have no point; PSEC-KEM also rejects those that do (v is not the seed's mask).
        Assert.InRange(noPoint, 10, 39);
        Assert.Equal(family == "PsecKem" ? 39 : noPoint, noPoint);
    }

    [Theory]
    [MemberData(nameof(Kems))]
    public void ArgumentsAndKeysAreChecked(string family, string flavour)
    {
        using PrimeEcKem kem = Create(family, flavour);
        Assert.Equal(256, kem.KeySize);
        Assert.Throws<ArgumentOutOfRangeException>(() => kem.SharedSecretSizeInBytes = 0);
        Assert.Throws<ArgumentOutOfRangeException>(() => kem.SharedSecretSizeInBytes = PrimeEcKem.MaxSharedSecretSizeInBytes + 1);
        Assert.Throws<ArgumentOutOfRangeException>(() => kem.Kdf = (Iso18033Kdf)7);
        Assert.Throws<ArgumentOutOfRangeException>(() => kem.PointEncoding = (EcPointEncoding)7);
        Assert.Throws<CryptographicException>(() => kem.KdfHash = new HashAlgorithmName("NOPE"));
        Assert.Throws<ArgumentNullException>(() => kem.Decapsulate(null!));
        Assert.Throws<ArgumentException>(() => kem.Encapsulate(new byte[kem.CiphertextSizeInBytes - 1], new byte[32]));
        Assert.Throws<ArgumentException>(() => kem.Encapsulate(new byte[kem.CiphertextSizeInBytes], new byte[31]));
        kem.Encapsulate(out byte[] ciphertext, out _);
        Assert.Throws<ArgumentException>(() => kem.Decapsulate(ciphertext, new byte[33]));

        // A public key alone encapsulates but cannot decapsulate.
        ECParameters pub = kem.ExportParameters(false);
        Assert.Null(pub.D);
        using PrimeEcKem encryptOnly = Create(family, flavour);
        encryptOnly.ImportParameters(pub);
        encryptOnly.Encapsulate(out byte[] c, out byte[] k);
        Assert.Equal(k, kem.Decapsulate(c));
        Assert.Throws<CryptographicException>(() => encryptOnly.Decapsulate(c));

        // A point off the curve as the public key.
        pub.Q.Y![0] ^= 1;
        Assert.Throws<CryptographicException>(() => encryptOnly.ImportParameters(pub));

        kem.Dispose();
        Assert.Throws<ObjectDisposedException>(() => kem.Encapsulate(out _, out _));
        Assert.Throws<ObjectDisposedException>(() => kem.Decapsulate(ciphertext));
    }

    [Theory]
    [MemberData(nameof(Kems))]
    public void KeysTravelAsEcKeysAndMatchTheBcl(string family, string flavour)
    {
        using PrimeEcKem kem = Create(family, flavour);
        kem.GenerateKey(PrimeEcdh.NamedCurve("nistP384"));
        kem.Encapsulate(out byte[] ciphertext, out byte[] secret);

        using PrimeEcKem fromPkcs8 = Create(family, flavour);
        fromPkcs8.ImportPkcs8PrivateKey(kem.ExportPkcs8PrivateKey(), out _);
        Assert.Equal(secret, fromPkcs8.Decapsulate(ciphertext));
        using PrimeEcKem fromPem = Create(family, flavour);
        fromPem.ImportFromPem(kem.ExportPkcs8PrivateKeyPem().AsSpan());
        Assert.Equal(secret, fromPem.Decapsulate(ciphertext));

        // The BCL (OpenSSL) reads and writes the same encodings.
        using ECDiffieHellman bcl = ECDiffieHellman.Create();
        bcl.ImportSubjectPublicKeyInfo(kem.ExportSubjectPublicKeyInfo(), out _);
        Assert.Equal(kem.ExportParameters(false).Q.X, bcl.ExportParameters(false).Q.X);
        using ECDiffieHellman bclKey = ECDiffieHellman.Create(ECCurve.NamedCurves.nistP256);
        using PrimeEcKem fromBcl = Create(family, flavour);
        fromBcl.ImportPkcs8PrivateKey(bclKey.ExportPkcs8PrivateKey(), out _);
        using PrimeEcKem fromBclPublic = Create(family, flavour);
        fromBclPublic.ImportFromPem(bclKey.ExportSubjectPublicKeyInfoPem().AsSpan());
        fromBclPublic.Encapsulate(out byte[] c, out byte[] k);
        Assert.Equal(k, fromBcl.Decapsulate(c));
    }

    private static PrimeEcKem Create(string family, string flavour) =>
        (PrimeEcKem)Families.All.Single(f => f.Name == family).AllFlavours.Single(f => f.Name == flavour).Factory.DynamicInvoke()!;
}

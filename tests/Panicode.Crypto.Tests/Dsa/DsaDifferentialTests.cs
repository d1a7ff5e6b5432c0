using System;
using System.Linq;
using System.Security.Cryptography;
using Org.BouncyCastle.Crypto.Digests;
using Org.BouncyCastle.Crypto.Parameters;
using Org.BouncyCastle.Crypto.Signers;
using Org.BouncyCastle.Security;
using Panicode.Crypto.Registry;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Vectors;
using Panicode.Crypto.Vectors.Dsa;
using Panicode.Crypto.Vectors.Ec;
using BcBigInteger = Org.BouncyCastle.Math.BigInteger;

namespace Panicode.Crypto.Tests.Dsa;

/// <summary>
/// Randomized differentials against the built-in DSA (OpenSSL) and BouncyCastle 2.7, both ways, for every (L, N) of
/// FIPS 186-4: keys from the built-in DSA (1,024, 2,048 and 3,072 bits; N = 160, 256, 256) and, for (2,048, 224),
/// the domain of the CAVP KeyPair file with a fresh x. BouncyCastle's RFC 6979 signer (HMacDsaKCalculator) must give
/// exactly our signature. One key and message per row by default; PANICODE_LONG_TESTS=1 runs ten.
/// </summary>
public sealed class DsaDifferentialTests
{
    private static readonly int Rounds = Environment.GetEnvironmentVariable("PANICODE_LONG_TESTS") == "1" ? 10 : 1;

    public static TheoryData<Implementation<ManagedDsa>, int, int> Rows()
    {
        TheoryData<Implementation<ManagedDsa>, int, int> data = new();
        foreach (Implementation<ManagedDsa> flavour in Implementations.Of(Families.Dsa))
        {
            foreach ((int l, int n) in new[] { (1024, 160), (2048, 224), (2048, 256), (3072, 256) })
            {
                data.Add(flavour, l, n);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Rows))]
    public void AgreesWithTheBuiltInDsaAndBouncyCastle(Implementation<ManagedDsa> flavour, int l, int n)
    {
        Random rng = new(l + n);
        for (int round = 0; round < Rounds; round++)
        {
            DSAParameters key = Key(l, n);
            using ManagedDsa ours = flavour.Create();
            ours.ImportParameters(key);
            Assert.Equal(l, ours.KeySize);
            using DSA builtIn = DSA.Create();
            builtIn.ImportParameters(key);
            var bcKey = DotNetUtilities.GetDsaKeyPair(key);

            byte[] message = new byte[1 + rng.Next(200)];
            rng.NextBytes(message);
            (HashAlgorithmName hash, Func<Org.BouncyCastle.Crypto.IDigest> digest) = new (HashAlgorithmName, Func<Org.BouncyCastle.Crypto.IDigest>)[]
            {
                (HashAlgorithmName.SHA1, () => new Sha1Digest()),
                (new HashAlgorithmName("SHA224"), () => new Sha224Digest()),
                (HashAlgorithmName.SHA256, () => new Sha256Digest()),
                (HashAlgorithmName.SHA384, () => new Sha384Digest()),
                (HashAlgorithmName.SHA512, () => new Sha512Digest()),
            }[rng.Next(5)];
            byte[] h = Panicode.Crypto.Hashing.EcHash.Compute(hash, message, 0, message.Length);

            // Ours: deterministic (RFC 6979 with H = the message's hash), so BouncyCastle's RFC 6979 signer agrees exactly.
            byte[] signature = ours.SignHashDeterministic(h, hash);
            Assert.Equal(signature, ours.CreateSignature(h));
            DsaSigner bcSigner = new(new HMacDsaKCalculator(digest()));
            bcSigner.Init(true, bcKey.Private);
            BcBigInteger[] rs = bcSigner.GenerateSignature(h);
            int qLen = key.Q!.Length;
            Assert.Equal(Fixed(rs[0], qLen).Concat(Fixed(rs[1], qLen)).ToArray(), signature);

            // ... and verifies in the built-in DSA, in both formats.
            Assert.True(builtIn.VerifySignature(h, signature));
            byte[] der = ours.CreateSignature(h, DSASignatureFormat.Rfc3279DerSequence);
            Assert.True(builtIn.VerifySignature(h, der, DSASignatureFormat.Rfc3279DerSequence));

            // Theirs (random k) verify here, and a changed hash does not.
            byte[] theirs = builtIn.CreateSignature(h);
            Assert.True(ours.VerifySignature(h, theirs));
            Assert.True(ours.VerifySignature(h, builtIn.CreateSignature(h, DSASignatureFormat.Rfc3279DerSequence), DSASignatureFormat.Rfc3279DerSequence));
            DsaSigner bcRandom = new();
            bcRandom.Init(true, new ParametersWithRandom(bcKey.Private, new Org.BouncyCastle.Security.SecureRandom()));
            BcBigInteger[] rs2 = bcRandom.GenerateSignature(h);
            Assert.True(ours.VerifySignature(h, Fixed(rs2[0], qLen).Concat(Fixed(rs2[1], qLen)).ToArray()));
            h[0] ^= 1;
            Assert.False(ours.VerifySignature(h, theirs));
            Assert.False(ours.VerifySignature(h, signature));
        }
    }

    /// <summary>A key we generate (FIPS 186-4 A.1.1.2/A.2.3) signs for the built-in DSA and BouncyCastle; its seed validates.</summary>
    [Theory]
    [MemberData(nameof(Flavours))]
    public void GeneratedKeysWorkElsewhere(Implementation<ManagedDsa> flavour)
    {
        using ManagedDsa ours = flavour.Create();
        ours.GenerateKey(1024, 160);
        DSAParameters key = ours.ExportParameters(true);
        Assert.Equal(128, key.P!.Length);
        Assert.Equal(20, key.Q!.Length);
        Assert.NotNull(key.Seed);
        Assert.True(Panicode.Crypto.Dsa.DsaDomain.ValidatePrimes(ours.Arithmetic, key.P, key.Q, key.Seed!, key.Counter, HashAlgorithmName.SHA1));
        Assert.True(Panicode.Crypto.Dsa.DsaDomain.ValidateGenerator(ours.Arithmetic, key.P, key.Q, key.G!, key.Seed!, 1, HashAlgorithmName.SHA1));
        using DSA builtIn = DSA.Create();
        builtIn.ImportParameters(key);
        byte[] h = SHA256.HashData(new byte[] { 1, 2, 3 });
        Assert.True(builtIn.VerifySignature(h, ours.CreateSignature(h)));
        Assert.True(ours.VerifySignature(h, builtIn.CreateSignature(h)));
        DsaSigner verifier = new();
        verifier.Init(false, DotNetUtilities.GetDsaPublicKey(key));
        byte[] sig = ours.CreateSignature(h);
        Assert.True(verifier.VerifySignature(h, new BcBigInteger(1, sig, 0, 20), new BcBigInteger(1, sig, 20, 20)));
    }

    public static TheoryData<Implementation<ManagedDsa>> Flavours() => Implementations.ToTheoryData(Implementations.Of(Families.Dsa));

    private static readonly System.Collections.Concurrent.ConcurrentDictionary<(int, int), DSAParameters> s_keys = new();

    /// <summary>One key per (L, N) for the whole run (the built-in DSA takes seconds to make 3,072-bit parameters).</summary>
    internal static DSAParameters Key(int l, int n) => Rounds == 1 ? s_keys.GetOrAdd((l, n), k => NewKey(k.Item1, k.Item2)) : NewKey(l, n);

    private static DSAParameters NewKey(int l, int n)
    {
        if (l == 2048 && n == 224)
        {
            // The built-in DSA generates N = 256 at 2,048 bits: take CAVP's (2048, 224) domain and choose x here.
            KeyValueRecord r = KeyValueFile.Read(VectorFiles.Path("dsa/FIPS_186-3/KeyPair.rsp"), h => h.StartsWith("mod", StringComparison.Ordinal), carryOver: true)
                .First(x => x.Section == "mod = L=2048, N=224" && x.Has("X"));
            System.Numerics.BigInteger q = new(r.Bytes("Q"), isUnsigned: true, isBigEndian: true);
            System.Numerics.BigInteger p = new(r.Bytes("P"), isUnsigned: true, isBigEndian: true);
            System.Numerics.BigInteger g = new(r.Bytes("G"), isUnsigned: true, isBigEndian: true);
            System.Numerics.BigInteger x = (new System.Numerics.BigInteger(RandomNumberGenerator.GetBytes(40), isUnsigned: true) % (q - 1)) + 1;
            return new DSAParameters
            {
                P = DsaVectorSuites.Fit(r.Bytes("P"), 256),
                Q = DsaVectorSuites.Fit(r.Bytes("Q"), 28),
                G = DsaVectorSuites.Fit(r.Bytes("G"), 256),
                Y = DsaVectorSuites.Fit(System.Numerics.BigInteger.ModPow(g, x, p).ToByteArray(isUnsigned: true, isBigEndian: true), 256),
                X = DsaVectorSuites.Fit(x.ToByteArray(isUnsigned: true, isBigEndian: true), 28),
            };
        }

        using DSA gen = DSA.Create(l);
        return gen.ExportParameters(true);
    }

    private static byte[] Fixed(BcBigInteger value, int length) => DsaVectorSuites.Fit(value.ToByteArrayUnsigned(), length);
}

using System;
using System.Linq;
using System.Security.Cryptography;
using Org.BouncyCastle.Crypto.Agreement;
using Org.BouncyCastle.Crypto.Parameters;
using Panicode.Crypto.Registry;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Vectors;
using Panicode.Crypto.Vectors.Dh;
using Panicode.Crypto.Vectors.Ec;
using BcBigInteger = Org.BouncyCastle.Math.BigInteger;

namespace Panicode.Crypto.Tests.Dh;

/// <summary>
/// Finite-field DH: the vector files of <see cref="DhVectorCatalog"/>, the named groups against RFC 3526's text and
/// BouncyCastle's DHStandardGroups, agreement with BouncyCastle 2.7 both ways on every named group (6,144 and 8,192
/// bits with PANICODE_LONG_TESTS=1), peer-key validation and the BCL-shaped derivations.
/// </summary>
public sealed class DhTests
{
    private static readonly bool s_long = Environment.GetEnvironmentVariable("PANICODE_LONG_TESTS") == "1";

    public static TheoryData<string, Implementation<ManagedDiffieHellman>> Files()
    {
        TheoryData<string, Implementation<ManagedDiffieHellman>> data = new();
        foreach (string file in DhVectorCatalog.All.Select(s => s.Name))
        {
            foreach (Implementation<ManagedDiffieHellman> implementation in Implementations.Of(Families.Dh))
            {
                data.Add(file, implementation);
            }
        }

        return data;
    }

    public static TheoryData<Implementation<ManagedDiffieHellman>, FfdhGroup> Groups()
    {
        TheoryData<Implementation<ManagedDiffieHellman>, FfdhGroup> data = new();
        foreach (Implementation<ManagedDiffieHellman> implementation in Implementations.Of(Families.Dh))
        {
            // 6,144 and 8,192 bits only with PANICODE_LONG_TESTS=1 (seconds per agreement in the Reference flavour).
            foreach (FfdhGroup group in Enum.GetValues<FfdhGroup>().Where(g => s_long || Panicode.Crypto.Dh.DhKey.GroupParameters(g).P.Length <= 512))
            {
                data.Add(implementation, group);
            }
        }

        return data;
    }

    public static TheoryData<Implementation<ManagedDiffieHellman>> Flavours() => Implementations.ToTheoryData(Implementations.Of(Families.Dh));

    [Theory]
    [MemberData(nameof(Files))]
    public void VectorFile(string file, Implementation<ManagedDiffieHellman> implementation) =>
        SuiteAssert.AllPass(DhVectorCatalog.Find(file), new XunitDhSubject(implementation.Create));

    [Fact]
    public void NamedGroupsAreTheRfcsAndBouncyCastles()
    {
        var rfc3526 = KeyValueFile.Read(VectorFiles.Path("dh/rfc3526.txt"), _ => false).Where(r => r.Has("P")).ToList();
        Assert.Equal(6, rfc3526.Count);
        FfdhGroup[] modp = { FfdhGroup.Modp1536, FfdhGroup.Modp2048, FfdhGroup.Modp3072, FfdhGroup.Modp4096, FfdhGroup.Modp6144, FfdhGroup.Modp8192 };
        for (int i = 0; i < 6; i++)
        {
            var (p, g, q) = Panicode.Crypto.Dh.DhKey.GroupParameters(modp[i]);
            Assert.Equal(rfc3526[i].Bytes("P"), p);
            Assert.Null(q);
        }

        (FfdhGroup Ours, DHParameters Theirs)[] pairs =
        {
            (FfdhGroup.Ffdhe2048, DHStandardGroups.rfc7919_ffdhe2048), (FfdhGroup.Ffdhe3072, DHStandardGroups.rfc7919_ffdhe3072),
            (FfdhGroup.Ffdhe4096, DHStandardGroups.rfc7919_ffdhe4096), (FfdhGroup.Ffdhe6144, DHStandardGroups.rfc7919_ffdhe6144),
            (FfdhGroup.Ffdhe8192, DHStandardGroups.rfc7919_ffdhe8192), (FfdhGroup.Modp2048, DHStandardGroups.rfc3526_2048),
            (FfdhGroup.Modp8192, DHStandardGroups.rfc3526_8192),
        };
        foreach ((FfdhGroup ours, DHParameters theirs) in pairs)
        {
            var (p, g, _) = Panicode.Crypto.Dh.DhKey.GroupParameters(ours);
            Assert.Equal(theirs.P.ToByteArrayUnsigned(), p);
            Assert.Equal(theirs.G.ToByteArrayUnsigned(), g);
        }
    }

    /// <summary>Both ways with BouncyCastle's DHBasicAgreement; Z is p's length (BouncyCastle's BigInteger drops leading zeros).</summary>
    [Theory]
    [MemberData(nameof(Groups))]
    public void AgreesWithBouncyCastle(Implementation<ManagedDiffieHellman> flavour, FfdhGroup group)
    {
        var (pBytes, gBytes, qBytes) = Panicode.Crypto.Dh.DhKey.GroupParameters(group);

        using ManagedDiffieHellman ours = flavour.Create();
        ours.GenerateKey(group);
        DiffieHellmanParameters mine = ours.ExportParameters(true);
        Assert.Equal(pBytes.Length, mine.Y!.Length);

        BcBigInteger p = new(1, pBytes), g = new(1, gBytes);
        BcBigInteger? q = qBytes is null ? null : new BcBigInteger(1, qBytes);
        DHParameters bcParams = new(p, g, q);
        var gen = new Org.BouncyCastle.Crypto.Generators.DHKeyPairGenerator();
        gen.Init(new DHKeyGenerationParameters(new Org.BouncyCastle.Security.SecureRandom(), bcParams));
        var theirs = gen.GenerateKeyPair();
        byte[] theirY = ((DHPublicKeyParameters)theirs.Public).Y.ToByteArrayUnsigned();

        byte[] z = ours.DeriveRawSecretAgreement(new ManagedDiffieHellmanPublicKey(new DiffieHellmanParameters { P = pBytes, G = gBytes, Q = qBytes, Y = theirY }));
        Assert.Equal(pBytes.Length, z.Length);
        DHBasicAgreement agreement = new();
        agreement.Init(theirs.Private);
        BcBigInteger bcZ = agreement.CalculateAgreement(new DHPublicKeyParameters(new BcBigInteger(1, mine.Y), bcParams));
        Assert.Equal(bcZ.ToByteArrayUnsigned(), z.SkipWhile(b => b == 0).ToArray());
    }

    [Theory]
    [MemberData(nameof(Flavours))]
    public void PeerKeysOutsideTheSubgroupAreRefused(Implementation<ManagedDiffieHellman> flavour)
    {
        foreach (FfdhGroup group in new[] { FfdhGroup.Ffdhe2048, FfdhGroup.Rfc5114Modp2048With256 })
        {
            using ManagedDiffieHellman dh = flavour.Create();
            dh.GenerateKey(group);
            DiffieHellmanParameters pub = dh.ExportParameters(false);
            System.Numerics.BigInteger p = new(pub.P, isUnsigned: true, isBigEndian: true);
            foreach (System.Numerics.BigInteger bad in new[] { System.Numerics.BigInteger.Zero, 1, p - 1, p, p + 1, (System.Numerics.BigInteger.One << (8 * pub.P!.Length)) - 1 })
            {
                byte[] y = bad.ToByteArray(isUnsigned: true, isBigEndian: true);
                Assert.Throws<CryptographicException>(() => dh.DeriveRawSecretAgreement(new ManagedDiffieHellmanPublicKey(pub with { Y = y })));
            }

            // g^-1 ... an element of order 2q: a non-residue (safe prime) or g times an element outside <g> (RFC 5114).
            System.Numerics.BigInteger nonMember = group == FfdhGroup.Ffdhe2048 ? p - 2 : 3;
            if (group == FfdhGroup.Ffdhe2048)
            {
                // ffdhe primes are 7 mod 8, so 2 is a square and -2 is not: p - 2 lies outside the subgroup.
                Assert.Equal(7, (int)(p % 8));
            }

            Assert.Throws<CryptographicException>(() => dh.DeriveRawSecretAgreement(new ManagedDiffieHellmanPublicKey(pub with { Y = nonMember.ToByteArray(isUnsigned: true, isBigEndian: true) })));

            // Another group: refused.
            using ManagedDiffieHellman other = flavour.Create();
            other.GenerateKey(FfdhGroup.Modp2048);
            Assert.Throws<CryptographicException>(() => dh.DeriveRawSecretAgreement(other.PublicKey));
        }
    }

    [Theory]
    [MemberData(nameof(Flavours))]
    public void FlavoursAgreeAndTheDerivationsAreTheBcls(Implementation<ManagedDiffieHellman> flavour)
    {
        using ManagedDiffieHellman a = flavour.Create();
        using ManagedDiffieHellman b = ManagedDiffieHellman.Create(FfdhGroup.Ffdhe2048);
        Assert.Equal(2048, a.KeySize);
        byte[] z = a.DeriveRawSecretAgreement(b.PublicKey);
        Assert.Equal(z, b.DeriveRawSecretAgreement(a.PublicKey));
        Assert.Equal(256, z.Length);
        Assert.Equal(SHA256.HashData(new byte[] { 1 }.Concat(z).Concat(new byte[] { 2 }).ToArray()), a.DeriveKeyFromHash(b.PublicKey, HashAlgorithmName.SHA256, new byte[] { 1 }, new byte[] { 2 }));
        Assert.Equal(HMACSHA384.HashData(z, z), a.DeriveKeyFromHmac(b.PublicKey, HashAlgorithmName.SHA384, null));
        Assert.Equal(48, a.DeriveKeyTls(b.PublicKey, new byte[] { 1 }, new byte[64]).Length);
        Assert.Throws<CryptographicException>(() => a.DeriveKeyTls(b.PublicKey, new byte[] { 1 }, new byte[63]));

        // The private exponent is RFC 7919 §5.2's 225 bits at most; export and import round-trip.
        DiffieHellmanParameters key = a.ExportParameters(true);
        Assert.True(key.X!.Length <= 29);
        using ManagedDiffieHellman c = flavour.Create();
        c.ImportParameters(key with { Y = null });
        Assert.Equal(key.Y, c.ExportParameters(false).Y);
        Assert.Equal(z, c.DeriveRawSecretAgreement(b.PublicKey));

        // Bad groups and keys.
        Assert.ThrowsAny<ArgumentException>(() => c.ImportParameters(key with { P = null }));
        Assert.Throws<CryptographicException>(() => c.ImportParameters(key with { X = key.Q ?? key.P }));
        Assert.Throws<CryptographicException>(() => c.ImportParameters(key with { P = key.P!.Take(64).ToArray() }));   // 512 bits
        Assert.Throws<CryptographicException>(() => c.ImportParameters(key with { P = new byte[1025].Select((_, i) => (byte)(i == 0 ? 1 : 0xFF)).ToArray() }));   // above 8,192 bits
        Assert.Throws<CryptographicException>(() => c.KeySize = 3072);
        using (ManagedDiffieHellman pub = flavour.Create())
        {
            pub.ImportParameters(key with { X = null });
            Assert.Throws<CryptographicException>(() => pub.DeriveRawSecretAgreement(b.PublicKey));
        }

        a.Dispose();
        Assert.Throws<ObjectDisposedException>(() => a.DeriveRawSecretAgreement(b.PublicKey));
    }
}

/// <summary>A ManagedDiffieHellman flavour as a <see cref="DhSubject"/>.</summary>
internal sealed class XunitDhSubject : DhSubject
{
    private readonly Func<ManagedDiffieHellman> _create;

    public XunitDhSubject(Func<ManagedDiffieHellman> create)
    {
        _create = create;
        using ManagedDiffieHellman probe = create();
        Name = probe.GetType().Name;
    }

    public override string Name { get; }

    public override byte[] Agree(byte[] p, byte[] q, byte[] g, byte[] y, byte[] x, byte[] peerY)
    {
        using ManagedDiffieHellman dh = _create();
        dh.ImportParameters(new DiffieHellmanParameters { P = p, Q = q, G = g, Y = y, X = x });
        return dh.DeriveSecret(peerY);
    }
}

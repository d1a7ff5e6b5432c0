using System;
using System.Collections.Generic;
using System.Formats.Asn1;
using System.Linq;
using System.Security.Cryptography;
using System.Text;
using Panicode.Crypto.Registry;
using Panicode.Crypto.Tests.Infrastructure;

namespace Panicode.Crypto.Tests.Dh;

/// <summary>
/// Finite-field DH key formats (SubjectPublicKeyInfo, PKCS#8, PEM; PKCS #3 dhKeyAgreement and X9.42 dhpublicnumber) in
/// every flavour, and the differential against OpenSSL through pyca/cryptography (tools/differential/dh_pyca.py) on
/// every named group: OpenSSL reads our keys, we read its keys (made in the group of ours, they come back with our
/// identifier: dhKeyAgreement for the RFC 7919 and RFC 3526 groups, dhpublicnumber with q for RFC 5114's), and Z agrees
/// both ways. 6,144- and 8,192-bit groups only with PANICODE_LONG_TESTS=1, as in
/// <see cref="DhTests"/>. Without /usr/bin/python3 or the cryptography module the differential reports itself skipped
/// with the reason, or fails when PANICODE_REQUIRE_PYCA=1.
/// </summary>
public sealed class DhKeyFormatsTests
{
    private static readonly bool s_long = Environment.GetEnvironmentVariable("PANICODE_LONG_TESTS") == "1";
    private static readonly PythonOracle s_openSsl = new("dh_pyca.py", "cryptography ", "cryptography", "PANICODE_REQUIRE_PYCA", "python3-cryptography");

    public static TheoryData<Implementation<ManagedDiffieHellman>> Flavours() => Implementations.ToTheoryData(Implementations.Of(Families.Dh));

    private static IEnumerable<FfdhGroup> Groups => Enum.GetValues<FfdhGroup>().Where(g => s_long || Panicode.Crypto.Dh.DhKey.GroupParameters(g).P.Length <= 512);

    [Theory]
    [MemberData(nameof(Flavours))]
    public void KeysRoundTripWithTheRightAlgorithmIdentifier(Implementation<ManagedDiffieHellman> implementation)
    {
        foreach ((FfdhGroup group, string oid) in new[] { (FfdhGroup.Ffdhe2048, "1.2.840.113549.1.3.1"), (FfdhGroup.Modp1536, "1.2.840.113549.1.3.1"), (FfdhGroup.Rfc5114Modp2048With256, "1.2.840.10046.2.1") })
        {
            using ManagedDiffieHellman key = implementation.Create();
            key.GenerateKey(group);
            byte[] spki = key.ExportSubjectPublicKeyInfo();
            byte[] pkcs8 = key.ExportPkcs8PrivateKey();
            Assert.Equal(oid, AlgorithmOid(spki, pkcs8: false));
            Assert.Equal(oid, AlgorithmOid(pkcs8, pkcs8: true));

            using ManagedDiffieHellman fromSpki = implementation.Create();
            fromSpki.ImportSubjectPublicKeyInfo(spki, out int read);
            Assert.Equal(spki.Length, read);
            using ManagedDiffieHellman fromPkcs8 = implementation.Create();
            fromPkcs8.ImportPkcs8PrivateKey(pkcs8, out read);
            Assert.Equal(pkcs8.Length, read);
            Assert.Equal(new System.Numerics.BigInteger(key.ExportParameters(true).X, isUnsigned: true, isBigEndian: true), new System.Numerics.BigInteger(fromPkcs8.ExportParameters(true).X, isUnsigned: true, isBigEndian: true));
            Assert.Equal(key.ExportParameters(false).Y, fromPkcs8.ExportParameters(false).Y);

            using ManagedDiffieHellman fromPem = implementation.Create();
            fromPem.ImportFromPem(key.ExportPkcs8PrivateKeyPem());
            using ManagedDiffieHellman peer = implementation.Create();
            peer.GenerateKey(group);
            using ManagedDiffieHellman peerPublic = implementation.Create();
            peerPublic.ImportFromPem(peer.ExportSubjectPublicKeyInfoPem());
            Assert.Equal(peer.DeriveRawSecretAgreement(fromSpki.PublicKey), fromPem.DeriveRawSecretAgreement(peerPublic.PublicKey));
            Assert.Throws<CryptographicException>(() => fromSpki.ExportPkcs8PrivateKey());
        }
    }

    [Theory]
    [MemberData(nameof(Flavours))]
    public void BadEncodingsThrowCryptographicException(Implementation<ManagedDiffieHellman> implementation)
    {
        using ManagedDiffieHellman key = Generate(implementation, FfdhGroup.Ffdhe2048);
        byte[] spki = key.ExportSubjectPublicKeyInfo();
        using ManagedDiffieHellman other = implementation.Create();
        Assert.Throws<CryptographicException>(() => other.ImportSubjectPublicKeyInfo(spki.AsSpan(0, spki.Length - 1), out _));
        Assert.Throws<CryptographicException>(() => other.ImportPkcs8PrivateKey(spki, out _));

        // An EC key is not a DH key.
        using ECDiffieHellman ec = ECDiffieHellman.Create(ECCurve.NamedCurves.nistP256);
        Assert.Throws<CryptographicException>(() => other.ImportSubjectPublicKeyInfo(ec.ExportSubjectPublicKeyInfo(), out _));

        // y = 1 in the group is refused by the peer-key validation the import runs.
        byte[] one = Replace(spki, key.ExportParameters(false).Y!, new byte[] { 1 });
        Assert.Throws<CryptographicException>(() => other.ImportSubjectPublicKeyInfo(one, out _));
        Assert.Throws<ArgumentException>(() => other.ImportFromPem("-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----"));
    }

    [Theory]
    [MemberData(nameof(Flavours))]
    public void EveryNamedGroupAgreesWithOpenSslBothWays(Implementation<ManagedDiffieHellman> implementation)
    {
        s_openSsl.Require();
        List<(FfdhGroup Group, ManagedDiffieHellman Key)> keys = Groups.Select(g => (g, Generate(implementation, g))).ToList();
        try
        {
            StringBuilder input = new();
            foreach ((_, ManagedDiffieHellman key) in keys)
            {
                input.Append(Hex(key.ExportSubjectPublicKeyInfo())).Append(' ').Append(Hex(key.ExportPkcs8PrivateKey())).Append('\n');
            }

            string[] lines = s_openSsl.Run(input.ToString());
            Assert.Equal(keys.Count, lines.Length);
            for (int i = 0; i < keys.Count; i++)
            {
                (FfdhGroup group, ManagedDiffieHellman ours) = keys[i];
                string[] f = lines[i].Split(' ');
                byte[] theirPkcs8 = Convert.FromHexString(f[0]);
                byte[] theirSpki = Convert.FromHexString(f[1]);
                byte[] z = Convert.FromHexString(f[2]);

                // OpenSSL derived our y from our PKCS#8; it computed Z from our SubjectPublicKeyInfo.
                Assert.True(ours.ExportParameters(false).Y!.AsSpan().SequenceEqual(Convert.FromHexString(f[3])), $"{group}: OpenSSL's y from our PKCS#8");

                // We read OpenSSL's keys, which keep the identifier of ours, and get its Z both ways.
                Assert.Equal(AlgorithmOid(ours.ExportSubjectPublicKeyInfo(), pkcs8: false), AlgorithmOid(theirSpki, pkcs8: false));
                using ManagedDiffieHellman theirPublic = implementation.Create();
                theirPublic.ImportSubjectPublicKeyInfo(theirSpki, out _);
                using ManagedDiffieHellman theirPrivate = implementation.Create();
                theirPrivate.ImportPkcs8PrivateKey(theirPkcs8, out _);
                Assert.True(z.AsSpan().SequenceEqual(ours.DeriveRawSecretAgreement(PublicKeyIn(ours, theirPublic))), $"{group}: Z (ours with OpenSSL's public key)");
                Assert.True(z.AsSpan().SequenceEqual(theirPrivate.DeriveRawSecretAgreement(PublicKeyIn(theirPrivate, ours))), $"{group}: Z (OpenSSL's private key here with ours)");
            }
        }
        finally
        {
            keys.ForEach(k => k.Key.Dispose());
        }
    }

    private static ManagedDiffieHellman Generate(Implementation<ManagedDiffieHellman> implementation, FfdhGroup group)
    {
        ManagedDiffieHellman key = implementation.Create();
        key.GenerateKey(group);
        return key;
    }

    // The other key's y in this key's group as written (OpenSSL writes q = (p - 1) / 2 where we write none).
    private static ManagedDiffieHellmanPublicKey PublicKeyIn(ManagedDiffieHellman self, ManagedDiffieHellman other)
    {
        DiffieHellmanParameters mine = self.ExportParameters(false);
        mine.Y = other.ExportParameters(false).Y;
        return new ManagedDiffieHellmanPublicKey(mine);
    }

    private static string AlgorithmOid(byte[] der, bool pkcs8)
    {
        AsnReader seq = new AsnReader(der, AsnEncodingRules.DER).ReadSequence();
        if (pkcs8)
        {
            seq.ReadInteger();
        }

        return seq.ReadSequence().ReadObjectIdentifier();
    }

    private static byte[] Replace(byte[] spki, byte[] y, byte[] newY)
    {
        AsnReader seq = new AsnReader(spki, AsnEncodingRules.DER).ReadSequence();
        ReadOnlyMemory<byte> algorithm = seq.ReadEncodedValue();
        AsnWriter inner = new(AsnEncodingRules.DER);
        inner.WriteIntegerUnsigned(newY);
        AsnWriter writer = new(AsnEncodingRules.DER);
        using (writer.PushSequence())
        {
            writer.WriteEncodedValue(algorithm.Span);
            writer.WriteBitString(inner.Encode());
        }

        Assert.NotEmpty(y);
        return writer.Encode();
    }

    private static string Hex(byte[] bytes) => Convert.ToHexString(bytes).ToLowerInvariant();
}

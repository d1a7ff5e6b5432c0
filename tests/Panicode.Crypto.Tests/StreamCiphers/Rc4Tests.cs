using System;
using System.Linq;
using System.Reflection;
using Org.BouncyCastle.Crypto.Engines;
using Org.BouncyCastle.Crypto.Parameters;
using Panicode.Crypto.Registry;
using Panicode.Crypto.StreamCiphers.Rc4;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Unsafe.StreamCiphers.Rc4;
using Panicode.Crypto.Vectors.StreamCiphers;

#pragma warning disable CS0618, PANICODE001 // RC4's own tests.

namespace Panicode.Crypto.Tests.StreamCiphers;

/// <summary>
/// RC4: RFC 6229's key streams (40 to 256 bits) and pyca's 160-bit file over every flavour, the Unsafe core against the
/// Reference core, both against BouncyCastle's RC4Engine, and the obsoletion mark users see.
/// </summary>
public sealed class Rc4Tests
{
    public static TheoryData<Implementation<StreamCipher>, string> Files => SuiteAssert.Rows(Implementations.Of(Families.Rc4), Rc4Suites.All);

    [Theory]
    [MemberData(nameof(Files))]
    public void VectorFile(Implementation<StreamCipher> implementation, string file)
        => SuiteAssert.AllPass(Rc4Suites.Get(file), implementation.Create);

    [Fact]
    public void UnsafeCoreEqualsReferenceCoreForRandomKeysAndLengths()
    {
        CoreDifferential.Compare(() => new Rc4Core(), () => new Rc4UnsafeCore(), 16, 0, 300, 7465);
        CoreDifferential.Compare(() => new Rc4Core(), () => new Rc4UnsafeCore(), 5, 0, 300, 6229);
        CoreDifferential.Compare(() => new Rc4Core(), () => new Rc4UnsafeCore(), 256, 0, 300, 1987);
    }

    [Fact]
    public void EveryFlavourAgreesWithBouncyCastle()
    {
        Random random = new(4);
        foreach (Flavour<StreamCipher> flavour in Families.Rc4.Flavours)
        {
            for (int trial = 0; trial < 60; trial++)
            {
                byte[] key = UnsafeDifferential.Bytes(random, random.Next(5, 257));
                byte[] message = UnsafeDifferential.Bytes(random, random.Next(0, 3000));
                RC4Engine engine = new();
                engine.Init(true, new KeyParameter(key));
                byte[] expected = new byte[message.Length];
                engine.ProcessBytes(message, 0, message.Length, expected, 0);
                using StreamCipher cipher = flavour.Create();
                cipher.Key = key;
                Assert.True(expected.AsSpan().SequenceEqual(cipher.Encrypt(message)), $"{flavour}: {key.Length}-byte key, {message.Length} bytes");
            }
        }
    }

    [Fact]
    public void TheTypeAndTheUnsafeFactoryAreObsoleteWithTheirOwnDiagnostic()
    {
        foreach (MemberInfo member in new MemberInfo[] { typeof(Rc4Cipher), typeof(Unsafe.UnsafeCrypto).GetMethod(nameof(Unsafe.UnsafeCrypto.CreateRc4))! })
        {
            ObsoleteAttribute obsolete = member.GetCustomAttribute<ObsoleteAttribute>()!;
            Assert.Equal("RC4 is broken; for existing data only; RFC 7465.", obsolete.Message);
            Assert.False(obsolete.IsError);
#if NET
            Assert.Equal("PANICODE001", obsolete.DiagnosticId);
#endif
        }

        using Rc4Cipher rc4 = Rc4Cipher.Create();
        Assert.Equal(128, rc4.KeySize);
        Assert.Equal(0, rc4.IVSize);
        Assert.Equal("40-2048/8", string.Join(";", rc4.LegalKeySizes.Select(s => $"{s.MinSize}-{s.MaxSize}/{s.SkipSize}")));
    }
}

using System;
using System.Linq;
using System.Reflection;
using System.Security.Cryptography;
using Panicode.Crypto.Registry;
using Panicode.Crypto.Unsafe;

namespace Panicode.Crypto.Tests.Infrastructure;

/// <summary>
/// The naming rule of docs/architecture.md ("Naming"), checked over the public API by reflection, so a new type that
/// breaks it fails here: cipher types end in <c>Cipher</c>; every algorithm type has <c>X.Create()</c> and
/// <c>UnsafeCrypto.CreateX()</c> and no public constructor; each keyed <c>Create*</c> mode factory has a twin that uses
/// <c>Key</c>; <c>TagByteSizes</c> is <see cref="KeySizes"/>[] everywhere; disposed objects name public types only.
/// </summary>
public sealed class NamingRuleTests
{
    private static readonly Type[] s_public = typeof(CryptoCatalog).Assembly.GetExportedTypes();

    // The BCL-shaped adapters and abstract bases the rule does not cover (each documented in docs/architecture.md).
    private static readonly string[] s_exempt = { nameof(BlockCipherAlgorithm), nameof(StreamCipher), nameof(ManagedRijndael), "PrimeEcdhBase", nameof(PrimeEcKem) };

    [Fact]
    public void EveryCipherTypeEndsInCipherAndHasBothFactories()
    {
        Type[] ciphers = s_public.Where(t => (typeof(BlockCipherAlgorithm).IsAssignableFrom(t) || typeof(StreamCipher).IsAssignableFrom(t)) && !s_exempt.Contains(t.Name)).ToArray();
        Assert.Equal(CryptoCatalog.Reference.Algorithms.Count(a => a.Kind is AlgorithmKind.BlockCipher or AlgorithmKind.StreamCipher), ciphers.Length);
        foreach (Type type in ciphers)
        {
            Assert.EndsWith("Cipher", type.Name, StringComparison.Ordinal);
            AssertFactories(type, type.Name.Substring(0, type.Name.Length - "Cipher".Length));
        }
    }

    [Fact]
    public void EveryOtherAlgorithmTypeHasBothFactoriesAndNoPublicConstructor()
    {
        Type[] others = s_public.Where(t => (typeof(HashAlgorithm).IsAssignableFrom(t) || typeof(AsymmetricAlgorithm).IsAssignableFrom(t) || typeof(PrimeEcKem).IsAssignableFrom(t))
            && !s_exempt.Contains(t.Name) && !typeof(BlockCipherAlgorithm).IsAssignableFrom(t)).ToArray();
        Assert.Contains(typeof(HmacRipemd160), others);
        Assert.Contains(typeof(Ripemd160), others);
        Assert.Contains(typeof(PrimePsecKem), others);
        foreach (Type type in others.Where(t => t != typeof(Cmac) && t != typeof(Gmac) && t != typeof(CbcMac)))
        {
            // PrimeEcdsa -> CreateEcdsa, PrimeEcdh -> CreateEcdh, ManagedRsa -> CreateRsa: the flavour prefix drops.
            string name = type.Name.StartsWith("Prime", StringComparison.Ordinal) ? type.Name.Substring(5)
                : type.Name.StartsWith("Managed", StringComparison.Ordinal) ? type.Name.Substring(7) : type.Name;
            AssertFactories(type, name);
        }

        // CMAC, GMAC and CBC-MAC come from a block cipher (CreateCmac, CreateGmac, CreateCbcMac, TripleDesCipher's
        // CreateRetailMac), never constructed directly.
        Assert.Empty(typeof(Cmac).GetConstructors());
        Assert.Empty(typeof(CbcMac).GetConstructors());
        Assert.Empty(typeof(Gmac).GetConstructors());
    }

    [Fact]
    public void EveryKeyedModeFactoryHasATwinThatUsesKey()
    {
        MethodInfo[] factories = typeof(BlockCipherAlgorithm).GetMethods(BindingFlags.Public | BindingFlags.Instance | BindingFlags.DeclaredOnly)
            .Where(m => m.Name.StartsWith("Create", StringComparison.Ordinal)).ToArray();
        MethodInfo[] keyed = factories.Where(m => m.GetParameters().FirstOrDefault()?.Name == "key").ToArray();
        Assert.Equal(new[] { "CreateCbcMac", "CreateCcm", "CreateCmac", "CreateCtrTransform", "CreateGcm", "CreateGmac", "CreateKeyWrap" }, keyed.Select(m => m.Name).Distinct().OrderBy(n => n, StringComparer.Ordinal));
        foreach (MethodInfo method in keyed)
        {
            Type[] rest = method.GetParameters().Skip(1).Select(p => p.ParameterType).ToArray();
            Assert.True(factories.Any(m => m.Name == method.Name && m.GetParameters().Select(p => p.ParameterType).SequenceEqual(rest)), $"{method} has no twin without the key");
        }
    }

    [Fact]
    public void TheModesOwnKeyFormsEqualTheExplicitOnes()
    {
        byte[] key = Enumerable.Range(1, 16).Select(i => (byte)i).ToArray();
        byte[] nonce = new byte[12];
        byte[] message = new byte[40];
        using BlockCipherAlgorithm cipher = ClefiaCipher.Create();
        cipher.Key = key;
        Assert.Equal(Seal(cipher.CreateGcm(key)), Seal(cipher.CreateGcm()));
        using Ccm ccmExplicit = cipher.CreateCcm(key);
        using Ccm ccmOwn = cipher.CreateCcm();
        byte[] c1 = new byte[40], c2 = new byte[40], t1 = new byte[16], t2 = new byte[16];
        ccmExplicit.Encrypt(nonce, message, c1, t1);
        ccmOwn.Encrypt(nonce, message, c2, t2);
        Assert.Equal(c1.Concat(t1), c2.Concat(t2));
        Assert.Equal(cipher.CreateCmac(key).ComputeHash(message), cipher.CreateCmac().ComputeHash(message));
        Assert.Equal(cipher.CreateKeyWrap(key).WrapKey(key), cipher.CreateKeyWrap().WrapKey(key));
        byte[] counter = new byte[16];
        Assert.Equal(cipher.CreateCtrTransform(key, counter).TransformFinalBlock(message, 0, 40), cipher.CreateCtrTransform(counter).TransformFinalBlock(message, 0, 40));
        Assert.Equal(cipher.EncryptCtr(message, counter), cipher.CreateCtrTransform(counter).TransformFinalBlock(message, 0, 40));

        // The explicit form leaves Key alone.
        using Gcm other = cipher.CreateGcm(new byte[16]);
        Assert.Equal(key, cipher.Key);

        byte[] Seal(Gcm gcm)
        {
            using (gcm)
            {
                byte[] ciphertext = new byte[message.Length];
                byte[] tag = new byte[16];
                gcm.Encrypt(nonce, message, ciphertext, tag);
                return ciphertext.Concat(tag).ToArray();
            }
        }
    }

    [Fact]
    public void TagAndNonceSizesHaveOneShape()
    {
        foreach (Type type in s_public)
        {
            PropertyInfo? tags = type.GetProperty("TagByteSizes", BindingFlags.Public | BindingFlags.Static);
            if (tags is not null)
            {
                Assert.Equal(typeof(KeySizes[]), tags.PropertyType);
            }

            PropertyInfo? nonces = type.GetProperty("NonceByteSizes", BindingFlags.Public | BindingFlags.Static);
            if (nonces is not null)
            {
                Assert.Equal(typeof(KeySizes), nonces.PropertyType);
            }
        }

        Assert.Equal(new[] { 4, 16, 2 }, Ccm.TagByteSizes.Select(s => new[] { s.MinSize, s.MaxSize, s.SkipSize }).Single());
        Assert.NotSame(Gcm.TagByteSizes, Gcm.TagByteSizes);
    }

    [Fact]
    public void DisposedObjectsNameOnlyPublicTypes()
    {
        foreach (BlockCipherFamily family in Families.BlockCiphers)
        {
            foreach (Flavour<SymmetricAlgorithm> flavour in family.Flavours)
            {
                SymmetricAlgorithm algorithm = flavour.Create();
                algorithm.Dispose();
                ObjectDisposedException e = Assert.Throws<ObjectDisposedException>(() => algorithm.CreateEncryptor());
                Type named = s_public.Single(t => t.Name == e.ObjectName);
                Assert.True(named.IsInstanceOfType(algorithm), $"{flavour}: {e.ObjectName}");
            }
        }

        using ClefiaCipher clefia = ClefiaCipher.Create();
        Gcm gcm = clefia.CreateGcm(new byte[16]);
        gcm.Dispose();
        ObjectDisposedException disposed = Assert.Throws<ObjectDisposedException>(() => gcm.Encrypt(new byte[12], new byte[1], new byte[1], new byte[16]));
        Assert.DoesNotContain("Core", disposed.Message, StringComparison.Ordinal);
        Assert.DoesNotContain("State", disposed.Message, StringComparison.Ordinal);

        PrimeEcdsa ecdsa = UnsafeCrypto.CreateEcdsa("nistP256");
        ecdsa.Dispose();
        disposed = Assert.ThrowsAny<ObjectDisposedException>(() => ecdsa.SignHash(new byte[32]));
        Assert.DoesNotContain("EcKeyState", disposed.Message, StringComparison.Ordinal);
    }

    private static void AssertFactories(Type type, string name)
    {
        MethodInfo? create = type.GetMethod("Create", BindingFlags.Public | BindingFlags.Static, null, Type.EmptyTypes, null);
        Assert.True(create is not null && create.ReturnType == type, $"{type.Name}.Create() is missing or returns another type");
        MethodInfo? unsafeCreate = typeof(UnsafeCrypto).GetMethod("Create" + name, Type.EmptyTypes);
        Assert.True(unsafeCreate is not null && unsafeCreate.ReturnType == type, $"UnsafeCrypto.Create{name}() is missing or does not return {type.Name}");
        Assert.Empty(type.GetConstructors());
    }
}

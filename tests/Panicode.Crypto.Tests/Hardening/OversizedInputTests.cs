using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using System.Security.Cryptography;
using Panicode.Crypto.Registry;
using UnsafeApi = Panicode.Crypto.Unsafe;

namespace Panicode.Crypto.Tests.Hardening;

/// <summary>The one 2^29 + 16-byte array the oversized-input suite feeds everywhere (allocated once, freed after the class).</summary>
public sealed class OversizedValue : IDisposable
{
    /// <summary>2^29 + 16 bytes: times 8 it is 2^32 + 128, which a 32-bit product wraps to 128, a legal key size.</summary>
    public const int Length = (1 << 29) + 16;

    public byte[]? Bytes { get; private set; } = GC.AllocateUninitializedArray<byte>(Length);

    public void Dispose() => Bytes = null;
}

/// <summary>
/// Every public parameter with a size limit (a key, IV, nonce, tag, counter block, feedback or tag size, a buffer
/// with a bounded length) given 2^29 + 16 bytes (or that number as a size) must be refused with the exception the
/// BCL throws for that member, ArgumentException or CryptographicException: not accepted as a wrapped-around legal
/// size, not a crash. The cases are built from the registry (every flavour of every family, <see cref="Cases"/>), and
/// <see cref="EveryPublicSizeParameterIsCoveredOrLegal"/> reads the public API by reflection, so a new member taking a
/// key, IV, nonce or tag fails until it has a case here or a reason it may be that long.
/// </summary>
public sealed class OversizedInputTests : IClassFixture<OversizedValue>
{
    private const int Size = OversizedValue.Length;

    // Parameters that carry a size limit, by name; an int parameter among them is a size itself.
    private static readonly string[] AuditedParameters =
    {
        "key", "rgbKey", "iv", "rgbIV", "nonce", "tag", "associatedData", "initialCounter", "feedbackSizeInBits",
        "counterSizeInBytes", "tagSizeInBytes", "wrappedKey", "source", "passwordBytes",
    };

    private static readonly string[] AuditedProperties = { "Key", "IV", "FeedbackSize", "KeySize", "BlockSize" };

    /// <summary>Parameters for which 2^29 + 16 bytes is a legal length, with the reason (the rest must have a case).</summary>
    private static readonly (string[] Members, string Why)[] LegalLengths =
    {
        (
            new[] { "Gcm.Encrypt(nonce)", "Gcm.Decrypt(nonce)", "Gmac.ComputeTag(nonce)", "Gmac.VerifyTag(nonce)" },
            "GCM takes nonces of any length (SP 800-38D §5.2.1.1); one that is not 12 bytes is hashed with GHASH in linear time, its length in 64 bits"
        ),
        (
            new[] { "Gcm.Encrypt(associatedData)", "Gcm.Decrypt(associatedData)", "Ccm.Encrypt(associatedData)", "Ccm.Decrypt(associatedData)" },
            "associated data may be this long (GCM: up to 2^61 bytes; CCM: below 2^32, SP 800-38C §A.2.2); AssociatedDataOfTheOversizedLength checks its length encoding against the built-in"
        ),
        (
            new[] { "KeyWrap.WrapKey(key)", "KeyWrap.WrapKeyWithPadding(key)", "KeyWrap.UnwrapKey(wrappedKey)", "KeyWrap.UnwrapKeyWithPadding(wrappedKey)" },
            "KW and KWP take key material of up to 2^54 semiblocks and 2^32 bytes (SP 800-38F §5.3.1): linear work, no size arithmetic beyond the length"
        ),
        (
            new[] { "HmacRipemd160.HashData(key)", "HmacRipemd160.TryHashData(key)", "HmacRipemd160.Create(key)", "HmacRipemd160.Key", "UnsafeCrypto.CreateHmacRipemd160(key)" },
            "HMAC keys may have any length; longer ones are hashed first (RFC 2104 §2)"
        ),
        (
            new[] { "Ripemd160.HashData(source)", "Ripemd160.TryHashData(source)", "HmacRipemd160.HashData(source)", "HmacRipemd160.TryHashData(source)" },
            "a hash input of any length"
        ),
        (
            new[]
            {
                "PrimeEcdsa.ImportEncryptedPkcs8PrivateKey(passwordBytes)", "PrimeEcdh.ImportEncryptedPkcs8PrivateKey(passwordBytes)", "PrimeEcdsa.ImportFromEncryptedPem(passwordBytes)", "PrimeEcdh.ImportFromEncryptedPem(passwordBytes)",
                "ManagedRsa.ImportEncryptedPkcs8PrivateKey(passwordBytes)", "ManagedRsa.ImportFromEncryptedPem(passwordBytes)", "RsaKeyFormats.ImportEncryptedPkcs8PrivateKey(passwordBytes)",
                "ManagedDsa.ImportEncryptedPkcs8PrivateKey(passwordBytes)", "ManagedDsa.ImportFromEncryptedPem(passwordBytes)", "DsaKeyFormats.ImportEncryptedPkcs8PrivateKey(passwordBytes)",
                "DsaKeyFormats.ImportFromEncryptedPem(passwordBytes)",
            },
            "a password of any length (PBKDF2 hashes it)"
        ),
    };

    private readonly OversizedValue _value;

    public OversizedInputTests(OversizedValue value) => _value = value;

    public static TheoryData<string> CaseNames => new(Cases.Keys);

    private static Dictionary<string, Case>? s_cases;

    private static IReadOnlyDictionary<string, Case> Cases => s_cases ??= BuildCases();

    private byte[] Big => _value.Bytes ?? throw new ObjectDisposedException(nameof(OversizedValue));

    [Theory]
    [MemberData(nameof(CaseNames))]
    public void OversizedValueIsRefused(string name)
    {
        Exception? thrown = Record.Exception(() => Cases[name].Act(Big));
        Assert.NotNull(thrown);
        Assert.True(
            thrown is ArgumentException or CryptographicException,
            $"{name}: {thrown!.GetType().Name} ({thrown.Message}), expected ArgumentException or CryptographicException");
    }

    [Fact]
    public void EveryPublicSizeParameterIsCoveredOrLegal()
    {
        var covered = new HashSet<string>(Cases.Values.SelectMany(c => c.Covers));
        var legal = new HashSet<string>(LegalLengths.SelectMany(l => l.Members));
        string[] audited = AuditedMembers().ToArray();
        Assert.True(audited.Length > 40, $"Only {audited.Length} audited members: is the reflection still finding the API?");
        string[] missing = audited.Where(m => !covered.Contains(m) && !legal.Contains(m)).ToArray();
        Assert.True(missing.Length == 0, "Public size parameters with no oversized case and no reason they may be long: " + string.Join(", ", missing));
        string[] unknown = covered.Concat(legal).Where(m => !audited.Contains(m)).ToArray();
        Assert.True(unknown.Length == 0, "Entries naming no public member: " + string.Join(", ", unknown));
    }

    /// <summary>
    /// A legal associated-data length this large: GCM's 64-bit length block (2^32 + 128 bits) and CCM's 0xFFFE
    /// encoding with a 32-bit length (SP 800-38C §A.2.2) must give the built-in AesGcm/AesCcm's tags. The Unsafe
    /// flavour only, for time.
    /// </summary>
    [Fact]
    public void AssociatedDataOfTheOversizedLengthGivesTheBuiltInTags()
    {
        byte[] key = ConcurrencyTests.Bytes(16, 1);
        byte[] nonce = ConcurrencyTests.Bytes(12, 2);
        byte[] plaintext = ConcurrencyTests.Bytes(40, 3);
        ReadOnlySpan<byte> aad = Big;
        using BlockCipherAlgorithm aes = (BlockCipherAlgorithm)Families.Rijndael.Unsafe.Create();
        byte[] ours = new byte[40 + 16];
        byte[] theirs = new byte[40 + 16];
        using (Gcm gcm = aes.CreateGcm(key))
        using (var builtIn = new AesGcm(key, 16))
        {
            gcm.Encrypt(nonce, plaintext, ours.AsSpan(0, 40), ours.AsSpan(40), aad);
            builtIn.Encrypt(nonce, plaintext, theirs.AsSpan(0, 40), theirs.AsSpan(40), aad);
            Assert.Equal(theirs, ours);
        }

        using (Ccm ccm = aes.CreateCcm(key))
        using (var builtIn = new AesCcm(key))
        {
            ccm.Encrypt(nonce.AsSpan(0, 11), plaintext, ours.AsSpan(0, 40), ours.AsSpan(40), aad);
            builtIn.Encrypt(nonce.AsSpan(0, 11), plaintext, theirs.AsSpan(0, 40), theirs.AsSpan(40), aad);
            Assert.Equal(theirs, ours);
        }
    }

    private static IEnumerable<string> AuditedMembers()
    {
        var names = new SortedSet<string>(StringComparer.Ordinal);
        foreach (Type type in new[] { typeof(Gcm).Assembly, typeof(UnsafeApi.UnsafeCrypto).Assembly }.SelectMany(a => a.GetExportedTypes()))
        {
            foreach (MemberInfo member in type.GetMembers(BindingFlags.Public | BindingFlags.Instance | BindingFlags.Static | BindingFlags.DeclaredOnly))
            {
                if (member is PropertyInfo property && property.SetMethod is { IsPublic: true } && AuditedProperties.Contains(property.Name))
                {
                    names.Add($"{type.Name}.{property.Name}");
                }

                if (member is MethodBase method && !method.IsSpecialName || member is ConstructorInfo)
                {
                    var mb = (MethodBase)member;
                    foreach (ParameterInfo parameter in mb.GetParameters())
                    {
                        if (AuditedParameters.Contains(parameter.Name) && IsSizeCarrying(parameter.ParameterType))
                        {
                            names.Add($"{type.Name}.{(mb is ConstructorInfo ? "ctor" : mb.Name)}({parameter.Name})");
                        }
                    }
                }
            }
        }

        return names;
    }

    private static bool IsSizeCarrying(Type type) =>
        type == typeof(byte[]) || type == typeof(int) || type == typeof(ReadOnlySpan<byte>) || type == typeof(Span<byte>);

    private static Dictionary<string, Case> BuildCases()
    {
        var cases = new Dictionary<string, Case>();
        void Add(string name, string[] covers, Action<byte[]> act) => cases.Add(name, new Case(covers, act));

        byte[] key16 = new byte[16];
        byte[] distinct16 = Enumerable.Range(1, 16).Select(i => (byte)i).ToArray();
        foreach (Family<SymmetricAlgorithm> family in Families.All.OfType<Family<SymmetricAlgorithm>>())
        {
            foreach (Flavour<SymmetricAlgorithm> flavour in family.Flavours)
            {
                string f = " " + flavour;
                T With<T>(Func<BlockCipherAlgorithm, T> use)
                {
                    using var algorithm = (BlockCipherAlgorithm)flavour.Create();
                    return use(algorithm);
                }

                void Use(Action<BlockCipherAlgorithm> use) => With(a => { use(a); return 0; });
                byte[] Iv(BlockCipherAlgorithm a) => new byte[a.BlockSize / 8];

                Add("Key" + f, new[] { "BlockCipherAlgorithm.Key", "TripleDesCipher.Key" }, big => Use(a => a.Key = big));
                Add("IV" + f, new[] { "BlockCipherAlgorithm.IV" }, big => Use(a => a.IV = big));
                Add("FeedbackSize" + f, Array.Empty<string>(), _ => Use(a => a.FeedbackSize = Size));
                Add("KeySize" + f, Array.Empty<string>(), _ => Use(a => a.KeySize = Size));
                Add("BlockSize" + f, Array.Empty<string>(), _ => Use(a => a.BlockSize = Size));
                Add("CreateEncryptor key" + f, new[] { "BlockCipherAlgorithm.CreateEncryptor(rgbKey)" }, big => Use(a => a.CreateEncryptor(big, Iv(a))));
                Add("CreateEncryptor IV" + f, new[] { "BlockCipherAlgorithm.CreateEncryptor(rgbIV)" }, big => Use(a => a.CreateEncryptor(key16, big)));
                Add("CreateDecryptor key" + f, new[] { "BlockCipherAlgorithm.CreateDecryptor(rgbKey)" }, big => Use(a => a.CreateDecryptor(big, Iv(a))));
                Add("CreateDecryptor IV" + f, new[] { "BlockCipherAlgorithm.CreateDecryptor(rgbIV)" }, big => Use(a => a.CreateDecryptor(key16, big)));
                Add("EncryptCbc IV" + f, Array.Empty<string>(), big => Use(a => a.EncryptCbc(new byte[16], big)));
                Add("DecryptCfb IV" + f, Array.Empty<string>(), big => Use(a => a.DecryptCfb(new byte[16], big)));
                Add("EncryptCfb feedback" + f, Array.Empty<string>(), _ => Use(a => a.EncryptCfb(new byte[16], Iv(a), PaddingMode.PKCS7, Size)));
                Add("CreateGcm key" + f, new[] { "BlockCipherAlgorithm.CreateGcm(key)" }, big => Use(a => a.CreateGcm(big)));
                Add("CreateGcm span key" + f, Array.Empty<string>(), big => Use(a => a.CreateGcm(new ReadOnlySpan<byte>(big))));
                Add("CreateGcm tag size" + f, new[] { "BlockCipherAlgorithm.CreateGcm(tagSizeInBytes)" }, _ => Use(a => a.CreateGcm(key16, Size)));
                Add("CreateGmac key" + f, new[] { "BlockCipherAlgorithm.CreateGmac(key)" }, big => Use(a => a.CreateGmac(big)));
                Add("CreateCcm key" + f, new[] { "BlockCipherAlgorithm.CreateCcm(key)" }, big => Use(a => a.CreateCcm(big)));
                Add("CreateCmac key" + f, new[] { "BlockCipherAlgorithm.CreateCmac(key)" }, big => Use(a => a.CreateCmac(big)));
                Add("Cmac.Key" + f, new[] { "Cmac.Key" }, big => Use(a =>
                {
                    using Cmac cmac = a.CreateCmac(distinct16);   // not key16: all zeros is a weak Triple DES key, refused before the oversized one
                    cmac.Key = big;
                }));
                Add("CreateCbcMac key" + f, new[] { "BlockCipherAlgorithm.CreateCbcMac(key)" }, big => Use(a => a.CreateCbcMac(big, CbcMacPadding.Method2)));
                Add("CbcMac.Key" + f, new[] { "CbcMac.Key" }, big => Use(a =>
                {
                    using CbcMac mac = a.CreateCbcMac(distinct16, CbcMacPadding.Method2);   // a key no cipher refuses (Triple DES: not weak)
                    mac.Key = big;
                }));
                if (flavour.Family == Families.TripleDes.Name)
                {
                    Add("CreateRetailMac key" + f, new[] { "TripleDesCipher.CreateRetailMac(key)" }, big => Use(a => ((TripleDesCipher)a).CreateRetailMac(big, CbcMacPadding.Method1)));
                }

                Add("CreateKeyWrap key" + f, new[] { "BlockCipherAlgorithm.CreateKeyWrap(key)" }, big => Use(a => a.CreateKeyWrap(big)));
                Add("CreateCtrTransform key" + f, new[] { "BlockCipherAlgorithm.CreateCtrTransform(key)" }, big => Use(a => a.CreateCtrTransform(big, Iv(a))));
                Add("CreateCtrTransform counter" + f, new[] { "BlockCipherAlgorithm.CreateCtrTransform(initialCounter)" }, big => Use(a => a.CreateCtrTransform(key16, big)));
                Add("CreateCtrTransform counter size" + f, new[] { "BlockCipherAlgorithm.CreateCtrTransform(counterSizeInBytes)" }, _ => Use(a => a.CreateCtrTransform(key16, Iv(a), Size)));
                Add("EncryptCtr counter" + f, new[] { "BlockCipherAlgorithm.EncryptCtr(initialCounter)" }, big => Use(a => a.EncryptCtr(new byte[5], big)));
                Add("DecryptCtr counter" + f, new[] { "BlockCipherAlgorithm.DecryptCtr(initialCounter)" }, big => Use(a => a.DecryptCtr(new byte[5], big, new byte[5])));
                if (family is not BlockCipherFamily block || !block.BlockSizes.Contains(128))
                {
                    continue;
                }

                // The AEAD objects of a 128-bit cipher: every bounded length.
                void Aead(Action<Gcm, Ccm, Gmac> use) => Use(a =>
                {
                    a.BlockSize = 128;
                    using Gcm gcm = a.CreateGcm(key16);
                    using Ccm ccm = a.CreateCcm(key16);
                    using Gmac gmac = a.CreateGmac(key16);
                    use(gcm, ccm, gmac);
                });

                byte[] n12 = new byte[12];
                byte[] t16 = new byte[16];
                Add("Gcm.Encrypt tag" + f, new[] { "Gcm.Encrypt(tag)" }, big => Aead((g, _, _) => g.Encrypt(n12, new byte[4], new byte[4], big)));
                Add("Gcm.Decrypt tag" + f, new[] { "Gcm.Decrypt(tag)" }, big => Aead((g, _, _) => g.Decrypt(n12, new byte[4], big, new byte[4])));
                Add("Gcm.Encrypt plaintext" + f, Array.Empty<string>(), big => Aead((g, _, _) => g.Encrypt(n12, big, new byte[4], t16)));
                Add("Ccm.Encrypt nonce" + f, new[] { "Ccm.Encrypt(nonce)" }, big => Aead((_, c, _) => c.Encrypt(big, new byte[4], new byte[4], t16)));
                Add("Ccm.Decrypt nonce" + f, new[] { "Ccm.Decrypt(nonce)" }, big => Aead((_, c, _) => c.Decrypt(big, new byte[4], t16, new byte[4])));
                Add("Ccm.Encrypt tag" + f, new[] { "Ccm.Encrypt(tag)" }, big => Aead((_, c, _) => c.Encrypt(n12, new byte[4], new byte[4], big)));
                Add("Ccm.Decrypt tag" + f, new[] { "Ccm.Decrypt(tag)" }, big => Aead((_, c, _) => c.Decrypt(n12, new byte[4], big, new byte[4])));

                // A 13-byte nonce leaves two bytes for the length (SP 800-38C §A.2.1): at most 65,535 bytes.
                Add("Ccm.Encrypt plaintext" + f, Array.Empty<string>(), big => Aead((_, c, _) => c.Encrypt(new byte[13], big, big, t16)));
                Add("Ccm.Decrypt ciphertext" + f, Array.Empty<string>(), big => Aead((_, c, _) => c.Decrypt(new byte[13], big, t16, big)));
                Add("Gmac.ComputeTag tag" + f, new[] { "Gmac.ComputeTag(tag)" }, big => Aead((_, _, m) => m.ComputeTag(n12, new byte[4], big)));
                Add("Gmac.VerifyTag tag" + f, new[] { "Gmac.VerifyTag(tag)" }, big => Aead((_, _, m) => m.VerifyTag(n12, new byte[4], big)));
            }
        }

        // The drop-ins for the BCL's base types, which forward to a BlockCipherAlgorithm.
        foreach ((string type, Flavour<SymmetricAlgorithm> flavour) in new (string, string, Func<SymmetricAlgorithm>)[]
            {
                ("ManagedRijndael", "Reference", () => new ManagedRijndael()), ("ManagedRijndael", "Unsafe", UnsafeApi.UnsafeCrypto.CreateManagedRijndael),
                ("ManagedTripleDes", "Reference", () => new ManagedTripleDes()), ("ManagedTripleDes", "Unsafe", UnsafeApi.UnsafeCrypto.CreateManagedTripleDes),
            }
            .Select(p => (p.Item1, new Family<SymmetricAlgorithm>(p.Item1, (p.Item2, p.Item3)).Flavours[0])))
        {
            string f = " " + flavour;
            void Use(Action<SymmetricAlgorithm> use)
            {
                using SymmetricAlgorithm algorithm = flavour.Create();
                use(algorithm);
            }

            Add("Key" + f, new[] { type + ".Key" }, big => Use(a => a.Key = big));
            Add("IV" + f, new[] { type + ".IV" }, big => Use(a => a.IV = big));
            Add("FeedbackSize" + f, new[] { type + ".FeedbackSize" }, _ => Use(a => a.FeedbackSize = Size));
            Add("KeySize" + f, new[] { type + ".KeySize" }, _ => Use(a => a.KeySize = Size));
            Add("BlockSize" + f, new[] { type + ".BlockSize" }, _ => Use(a => a.BlockSize = Size));
            Add("CreateEncryptor key" + f, new[] { type + ".CreateEncryptor(rgbKey)" }, big => Use(a => a.CreateEncryptor(big, new byte[a.BlockSize / 8])));
            Add("CreateEncryptor IV" + f, new[] { type + ".CreateEncryptor(rgbIV)" }, big => Use(a => a.CreateEncryptor(key16, big)));
            Add("CreateDecryptor key" + f, new[] { type + ".CreateDecryptor(rgbKey)" }, big => Use(a => a.CreateDecryptor(big, new byte[a.BlockSize / 8])));
            Add("CreateDecryptor IV" + f, new[] { type + ".CreateDecryptor(rgbIV)" }, big => Use(a => a.CreateDecryptor(key16, big)));
        }

        foreach (Flavour<StreamCipher> flavour in Families.All.OfType<Family<StreamCipher>>().SelectMany(f => f.Flavours))
        {
            string f = " " + flavour;
            void Use(Action<StreamCipher> use)
            {
                using StreamCipher cipher = flavour.Create();
                use(cipher);
            }

            Add("Key" + f, new[] { "StreamCipher.Key" }, big => Use(c => c.Key = big));
            Add("IV" + f, new[] { "StreamCipher.IV" }, big => Use(c => c.IV = big));
            Add("KeySize" + f, new[] { "StreamCipher.KeySize" }, _ => Use(c => c.KeySize = Size));
            Add("CreateEncryptor key" + f, new[] { "StreamCipher.CreateEncryptor(rgbKey)" }, big => Use(c => c.CreateEncryptor(big, c.IV)));
            Add("CreateEncryptor IV" + f, new[] { "StreamCipher.CreateEncryptor(rgbIV)" }, big => Use(c => c.CreateEncryptor(c.Key, big)));
            Add("CreateDecryptor key" + f, new[] { "StreamCipher.CreateDecryptor(rgbKey)" }, big => Use(c => c.CreateDecryptor(big, c.IV)));
            Add("CreateDecryptor IV" + f, new[] { "StreamCipher.CreateDecryptor(rgbIV)" }, big => Use(c => c.CreateDecryptor(c.Key, big)));
        }

        // EC keys: every import of a buffer, and the parameters of ImportParameters.
        AddEc(Families.Ecdsa, "PrimeEcdsa", (a, p) => a.ImportParameters(p), cases);
        AddEc(Families.Ecdh, "PrimeEcdh", (a, p) => a.ImportParameters(p), cases);
        AddRsa(cases);
        AddDsa(cases);
        AddDh(cases);
        AddKem(cases);
        Add("MultiS01.Create key", new[] { "MultiS01.Create(key)" }, big => MultiS01.Create(big).Dispose());
        Add("UnsafeCrypto.CreateMultiS01 key", new[] { "UnsafeCrypto.CreateMultiS01(key)" }, big => Unsafe.UnsafeCrypto.CreateMultiS01(big).Dispose());
        Add("Iso9798Protection.Encipherment key", new[] { "Iso9798Protection.Encipherment(key)" }, big => Iso9798Protection.Encipherment(RijndaelCipher.Create(), big).Dispose());
        return cases;
    }

    private static void AddEc<T>(Family<T> family, string typeName, Action<T, ECParameters> import, Dictionary<string, Case> cases)
        where T : AsymmetricAlgorithm
    {
        foreach (Flavour<T> flavour in family.Flavours)
        {
            string f = " " + flavour;
            void Add(string name, string[] covers, Action<T, byte[]> act) => cases.Add(name + f, new Case(covers, big =>
            {
                using T key = flavour.Create();
                act(key, big);
            }));

            Add("KeySize", new[] { typeName + ".KeySize" }, (k, _) => k.KeySize = Size);
            ECParameters Parameters(byte[]? x, byte[]? d) => new() { Curve = ECCurve.NamedCurves.nistP256, Q = new ECPoint { X = x, Y = x }, D = d };
            Add("ImportParameters Q", Array.Empty<string>(), (k, big) => import(k, Parameters(big, null)));
            Add("ImportParameters D", Array.Empty<string>(), (k, big) => import(k, Parameters(null, big)));
            Add("ImportParameters explicit prime", Array.Empty<string>(), (k, big) => import(k, new ECParameters
            {
                Curve = new ECCurve { CurveType = ECCurve.ECCurveType.PrimeShortWeierstrass, Prime = big, A = big, B = big, G = new ECPoint { X = big, Y = big }, Order = big, Cofactor = new byte[] { 1 } },
                D = new byte[] { 1 },
            }));
            Add("ImportSubjectPublicKeyInfo", new[] { typeName + ".ImportSubjectPublicKeyInfo(source)" }, (k, big) => k.ImportSubjectPublicKeyInfo(big, out _));
            Add("ImportPkcs8PrivateKey", new[] { typeName + ".ImportPkcs8PrivateKey(source)" }, (k, big) => k.ImportPkcs8PrivateKey(big, out _));
            Add("ImportEncryptedPkcs8PrivateKey", new[] { typeName + ".ImportEncryptedPkcs8PrivateKey(source)" }, (k, big) => k.ImportEncryptedPkcs8PrivateKey("pw".AsSpan(), big, out _));
            Add("ImportECPrivateKey", new[] { typeName + ".ImportECPrivateKey(source)" }, (k, big) => ((ECAlgorithm)(AsymmetricAlgorithm)k).ImportECPrivateKey(big, out _));

            // The netstandard2.0 import methods, called as static methods (on .NET the instance methods above hide them).
            foreach (string format in new[] { "ImportSubjectPublicKeyInfo", "ImportPkcs8PrivateKey", "ImportECPrivateKey" })
            {
                Add("EcKeyFormats." + format, new[] { $"EcKeyFormats.{format}(source)" }, (k, big) =>
                {
                    MethodInfo method = typeof(EcKeyFormats).GetMethods().Single(m => m.Name == format && m.GetParameters()[0].ParameterType == k.GetType().BaseType);
                    ImportThrough(method, k, big);
                });
            }
        }
    }

    private static void AddRsa(Dictionary<string, Case> cases)
    {
        foreach (Flavour<ManagedRsa> flavour in Families.Rsa.Flavours)
        {
            string f = " " + flavour;
            void Add(string name, string[] covers, Action<ManagedRsa, byte[]> act) => cases.Add(name + f, new Case(covers, big =>
            {
                using ManagedRsa key = flavour.Create();
                act(key, big);
            }));

            Add("KeySize", new[] { "ManagedRsa.KeySize" }, (k, _) => k.KeySize = Size);
            Add("ImportParameters Modulus", Array.Empty<string>(), (k, big) => k.ImportParameters(new RSAParameters { Modulus = big, Exponent = new byte[] { 1, 0, 1 } }));
            Add("ImportParameters Exponent", Array.Empty<string>(), (k, big) => k.ImportParameters(new RSAParameters { Modulus = new byte[] { 0xC5, 0x03 }, Exponent = big }));
            Add("Decrypt", Array.Empty<string>(), (k, big) => k.Decrypt(big, RSAEncryptionPadding.OaepSHA256));
            Add("Encrypt", Array.Empty<string>(), (k, big) => k.Encrypt(big, RSAEncryptionPadding.Pkcs1));
            Add("SignHash", Array.Empty<string>(), (k, big) => k.SignHash(big, HashAlgorithmName.SHA256, RSASignaturePadding.Pss));
            foreach (string format in new[] { "ImportSubjectPublicKeyInfo", "ImportPkcs8PrivateKey", "ImportRSAPrivateKey", "ImportRSAPublicKey" })
            {
                Add(format, new[] { $"ManagedRsa.{format}(source)" }, (k, big) =>
                {
                    switch (format)
                    {
                        case "ImportSubjectPublicKeyInfo": k.ImportSubjectPublicKeyInfo(big, out _); break;
                        case "ImportPkcs8PrivateKey": k.ImportPkcs8PrivateKey(big, out _); break;
                        case "ImportRSAPrivateKey": k.ImportRSAPrivateKey(big, out _); break;
                        default: k.ImportRSAPublicKey(big, out _); break;
                    }
                });
                Add("RsaKeyFormats." + format, new[] { $"RsaKeyFormats.{format}(source)" }, (k, big) =>
                {
                    MethodInfo method = typeof(RsaKeyFormats).GetMethods().Single(m => m.Name == format && m.GetParameters().Length == 3);
                    ((SpanImport<ManagedRsa>)method.CreateDelegate(typeof(SpanImport<ManagedRsa>)))(k, big, out _);
                });
            }

            Add("ImportEncryptedPkcs8PrivateKey", new[] { "ManagedRsa.ImportEncryptedPkcs8PrivateKey(source)" }, (k, big) => k.ImportEncryptedPkcs8PrivateKey("pw".AsSpan(), big, out _));
            Add("RsaKeyFormats.ImportEncryptedPkcs8PrivateKey", new[] { "RsaKeyFormats.ImportEncryptedPkcs8PrivateKey(source)" }, (k, big) => RsaKeyFormats.ImportEncryptedPkcs8PrivateKey(k, "pw".AsSpan(), big, out _));
        }
    }

    private static void AddDsa(Dictionary<string, Case> cases)
    {
        foreach (Flavour<ManagedDsa> flavour in Families.Dsa.Flavours)
        {
            string f = " " + flavour;
            void Add(string name, string[] covers, Action<ManagedDsa, byte[]> act) => cases.Add("Dsa " + name + f, new Case(covers, big =>
            {
                using ManagedDsa key = flavour.Create();
                act(key, big);
            }));

            byte[] small = { 0xC5, 0x03 };
            Add("KeySize", new[] { "ManagedDsa.KeySize" }, (k, _) => k.KeySize = Size);
            Add("GenerateKey", Array.Empty<string>(), (k, _) => k.GenerateKey(Size, 256));
            Add("ImportParameters P", Array.Empty<string>(), (k, big) => k.ImportParameters(new DSAParameters { P = big, Q = small, G = small, Y = small }));
            Add("ImportParameters Q", Array.Empty<string>(), (k, big) => k.ImportParameters(new DSAParameters { P = small, Q = big, G = small, Y = small }));
            Add("ImportSubjectPublicKeyInfo", new[] { "ManagedDsa.ImportSubjectPublicKeyInfo(source)" }, (k, big) => k.ImportSubjectPublicKeyInfo(big, out _));
            Add("ImportPkcs8PrivateKey", new[] { "ManagedDsa.ImportPkcs8PrivateKey(source)" }, (k, big) => k.ImportPkcs8PrivateKey(big, out _));
            Add("ImportEncryptedPkcs8PrivateKey", new[] { "ManagedDsa.ImportEncryptedPkcs8PrivateKey(source)" }, (k, big) => k.ImportEncryptedPkcs8PrivateKey("pw".AsSpan(), big, out _));
            Add("DsaKeyFormats.ImportSubjectPublicKeyInfo", new[] { "DsaKeyFormats.ImportSubjectPublicKeyInfo(source)" }, (k, big) => DsaKeyFormats.ImportSubjectPublicKeyInfo(k, big, out _));
            Add("DsaKeyFormats.ImportPkcs8PrivateKey", new[] { "DsaKeyFormats.ImportPkcs8PrivateKey(source)" }, (k, big) => DsaKeyFormats.ImportPkcs8PrivateKey(k, big, out _));
            Add("DsaKeyFormats.ImportEncryptedPkcs8PrivateKey", new[] { "DsaKeyFormats.ImportEncryptedPkcs8PrivateKey(source)" }, (k, big) => DsaKeyFormats.ImportEncryptedPkcs8PrivateKey(k, "pw".AsSpan(), big, out _));
        }
    }

    private static void AddKem(Dictionary<string, Case> cases)
    {
        foreach (Flavour flavour in Families.EciesKem.Flavours.Cast<Flavour>().Concat(Families.PsecKem.Flavours))
        {
            string f = " " + flavour;
            void Add(string name, string[] covers, Action<PrimeEcKem, byte[]> act) => cases.Add("Kem " + name + f, new Case(covers, big =>
            {
                using PrimeEcKem key = flavour is Flavour<PrimeEciesKem> ecies ? ecies.Create() : ((Flavour<PrimePsecKem>)flavour).Create();
                act(key, big);
            }));

            Add("ImportSubjectPublicKeyInfo", new[] { "PrimeEcKem.ImportSubjectPublicKeyInfo(source)" }, (k, big) => k.ImportSubjectPublicKeyInfo(big, out _));
            Add("ImportPkcs8PrivateKey", new[] { "PrimeEcKem.ImportPkcs8PrivateKey(source)" }, (k, big) => k.ImportPkcs8PrivateKey(big, out _));
            Add("Decapsulate ciphertext", Array.Empty<string>(), (k, big) => k.Decapsulate(big));
        }
    }

    private static void AddDh(Dictionary<string, Case> cases)
    {
        foreach (Flavour<ManagedDiffieHellman> flavour in Families.Dh.Flavours)
        {
            string f = " " + flavour;
            void Add(string name, string[] covers, Action<ManagedDiffieHellman, byte[]> act) => cases.Add("Dh " + name + f, new Case(covers, big =>
            {
                using ManagedDiffieHellman key = flavour.Create();
                key.GenerateKey(FfdhGroup.Rfc5114Modp1024With160);
                act(key, big);
            }));

            byte[] two = { 2 };
            Add("KeySize", new[] { "ManagedDiffieHellman.KeySize" }, (k, _) => k.KeySize = Size);
            Add("ImportParameters P", Array.Empty<string>(), (k, big) => k.ImportParameters(new DiffieHellmanParameters { P = big, G = two, Y = two }));
            Add("DeriveRawSecretAgreement Y", Array.Empty<string>(), (k, big) =>
                k.DeriveRawSecretAgreement(new ManagedDiffieHellmanPublicKey(k.ExportParameters(false) with { Y = big })));
            Add("DeriveKeyTls seed", Array.Empty<string>(), (k, big) => k.DeriveKeyTls(k.PublicKey, two, big));
            Add("ImportSubjectPublicKeyInfo", new[] { "ManagedDiffieHellman.ImportSubjectPublicKeyInfo(source)" }, (k, big) => k.ImportSubjectPublicKeyInfo(big, out _));
            Add("ImportPkcs8PrivateKey", new[] { "ManagedDiffieHellman.ImportPkcs8PrivateKey(source)" }, (k, big) => k.ImportPkcs8PrivateKey(big, out _));
        }
    }

    // Reflection cannot pass a span, so the extension method is called through a delegate of its exact type.
    private delegate void SpanImport<TKey>(TKey key, ReadOnlySpan<byte> source, out int bytesRead);

    private static void ImportThrough(MethodInfo method, object key, byte[] source)
    {
        if (key is PrimeEcdsa ecdsa)
        {
            ((SpanImport<PrimeEcdsa>)method.CreateDelegate(typeof(SpanImport<PrimeEcdsa>)))(ecdsa, source, out _);
        }
        else
        {
            ((SpanImport<PrimeEcdh>)method.CreateDelegate(typeof(SpanImport<PrimeEcdh>)))((PrimeEcdh)key, source, out _);
        }
    }

    private sealed record Case(string[] Covers, Action<byte[]> Act);
}

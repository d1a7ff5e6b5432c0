using System;
using System.IO;
using System.Linq;
using System.Security.Cryptography;
using Org.BouncyCastle.Crypto;
using Org.BouncyCastle.Crypto.Engines;
using Org.BouncyCastle.Crypto.Modes;
using Org.BouncyCastle.Crypto.Parameters;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Unsafe;
using Panicode.Crypto.Vectors;
using Panicode.Crypto.Vectors.TripleDes;

namespace Panicode.Crypto.Tests.TripleDes;

/// <summary>
/// Triple DES: every CAVP file of the modes the library has (<see cref="TripleDesSuites"/>) over both flavours; the
/// behaviour of the built-in <see cref="TripleDES"/> (defaults, key checks, weak keys); randomized differential tests
/// against the built-in TripleDES (OpenSSL on Linux) and BouncyCastle's DesEdeEngine.
/// </summary>
public sealed class TripleDesTests
{
    public static TheoryData<Implementation<SymmetricAlgorithm>, string> Files => SuiteAssert.Rows(Implementations.TripleDes, TripleDesSuites.All);

    public static TheoryData<string> Flavours => new() { "Reference", "Unsafe" };

    [Theory]
    [MemberData(nameof(Files))]
    public void VectorFile(Implementation<SymmetricAlgorithm> implementation, string file)
        => SuiteAssert.AllPass(TripleDesSuites.Get(file), implementation.Create);

    [Fact]
    public void EveryFileOfTheDirectoryIsRunOrItsModeIsNamedAsNotOffered()
    {
        string root = VectorFiles.Path("tdes");
        string[] present = Directory.GetFiles(root, "*.rsp", SearchOption.AllDirectories)
            .Select(f => "tdes/" + Path.GetRelativePath(root, f).Replace('\\', '/')).OrderBy(f => f, StringComparer.Ordinal).ToArray();
        string[] accounted = TripleDesSuites.All.Select(s => s.Name).Concat(TripleDesSuites.ModesNotOffered).OrderBy(f => f, StringComparer.Ordinal).ToArray();
        Assert.Equal(88, present.Length);
        Assert.Equal(40, TripleDesSuites.All.Count);
        Assert.Equal(present, accounted);
        Assert.Equal(2650, TripleDesSuites.All.Sum(s => s.ExpectedCount));
    }

    private static SymmetricAlgorithm[] Ours(string flavour) => flavour == "Reference"
        ? new SymmetricAlgorithm[] { TripleDesCipher.Create(), new ManagedTripleDes() }
        : new SymmetricAlgorithm[] { UnsafeCrypto.CreateTripleDes(), UnsafeCrypto.CreateManagedTripleDes() };

    [Theory]
    [MemberData(nameof(Flavours))]
    public void DefaultsAndLegalSizesAreTheBuiltInOnes(string flavour)
    {
        using TripleDES builtIn = TripleDES.Create();
        foreach (SymmetricAlgorithm ours in Ours(flavour))
        {
            using (ours)
            {
                Assert.Equal(builtIn.KeySize, ours.KeySize);
                Assert.Equal(builtIn.BlockSize, ours.BlockSize);
                Assert.Equal(builtIn.FeedbackSize, ours.FeedbackSize);
                Assert.Equal(builtIn.Mode, ours.Mode);
                Assert.Equal(builtIn.Padding, ours.Padding);
                Assert.Equal(Describe(builtIn.LegalKeySizes), Describe(ours.LegalKeySizes));
                Assert.Equal(Describe(builtIn.LegalBlockSizes), Describe(ours.LegalBlockSizes));
                Assert.Equal(24, ours.Key.Length);
                Assert.False(TripleDES.IsWeakKey(ours.Key));
                Assert.Equal(8, ours.IV.Length);
            }
        }
    }

    [Theory]
    [MemberData(nameof(Flavours))]
    public void KeyChecksThrowWhatTheBuiltInThrows(string flavour)
    {
        byte[] k1 = Hex.Decode("0123456789abcdef");
        byte[] k2 = Hex.Decode("23456789abcdef01");
        byte[] k3 = Hex.Decode("456789abcdef0123");
        byte[] k1OtherParity = k1.Select(b => (byte)(b ^ 1)).ToArray();
        byte[][] keys =
        {
            null!, new byte[8], new byte[15], new byte[32],
            k1.Concat(k2).ToArray(), k1.Concat(k2).Concat(k3).ToArray(), k1.Concat(k2).Concat(k1).ToArray(),
            k1.Concat(k1).ToArray(), k1.Concat(k1OtherParity).ToArray(), k1.Concat(k2).Concat(k2).ToArray(),
            k1.Concat(k1).Concat(k3).ToArray(), k1.Concat(k1).Concat(k1).ToArray(),
        };

        using TripleDES builtIn = TripleDES.Create();
        foreach (SymmetricAlgorithm ours in Ours(flavour))
        {
            using (ours)
            {
                foreach (byte[] key in keys)
                {
                    Type? expected = Thrown(() => builtIn.Key = key);
                    Assert.Equal(expected, Thrown(() => ours.Key = key));
                    if (expected == null)
                    {
                        Assert.Equal(key, ours.Key);
                    }
                }

                // Weak keys reach the transforms (single DES: K1 = K2 = K3 is DES), as in the built-in TripleDES.
                byte[] single = k1.Concat(k1).Concat(k1).ToArray();
                byte[] block = Hex.Decode("4e6f772069732074");
                using ICryptoTransform ourEcb = EcbNoPadding(ours).CreateEncryptor(single, new byte[8]);
                using ICryptoTransform theirEcb = EcbNoPadding(builtIn).CreateEncryptor(single, new byte[8]);
                Assert.Equal(theirEcb.TransformFinalBlock(block, 0, 8), ourEcb.TransformFinalBlock(block, 0, 8));
            }
        }
    }

    [Theory]
    [MemberData(nameof(Flavours))]
    public void EveryModeAndPaddingOfTheBuiltInGivesItsBytes(string flavour)
    {
        Random random = new(28);
        using TripleDES builtIn = TripleDES.Create();
        foreach (SymmetricAlgorithm ours in Ours(flavour))
        {
            using (ours)
            {
                for (int i = 0; i < 30; i++)
                {
                    byte[] key = RandomKey(random);
                    byte[] iv = UnsafeDifferential.Bytes(random, 8);
                    byte[] message = UnsafeDifferential.Bytes(random, random.Next(0, 100));
                    byte[] blocks = UnsafeDifferential.Bytes(random, 8 * random.Next(0, 12));
                    foreach ((CipherMode mode, int feedback) in new[] { (CipherMode.ECB, 64), (CipherMode.CBC, 64), (CipherMode.CFB, 8), (CipherMode.CFB, 64) })
                    {
                        foreach (PaddingMode padding in new[] { PaddingMode.None, PaddingMode.PKCS7, PaddingMode.Zeros, PaddingMode.ANSIX923, PaddingMode.ISO10126 })
                        {
                            byte[] input = padding == PaddingMode.None && !(mode == CipherMode.CFB && feedback == 8) ? blocks : message;
                            foreach (SymmetricAlgorithm a in new[] { builtIn, ours })
                            {
                                a.Mode = mode;
                                a.FeedbackSize = feedback;
                                a.Padding = padding;
                            }

                            byte[] theirs = Run(builtIn, key, iv, input, encrypt: true);
                            byte[] mine = Run(ours, key, iv, input, encrypt: true);
                            string what = $"{mode}{feedback} {padding} {input.Length} bytes";
                            if (padding != PaddingMode.ISO10126)
                            {
                                Assert.True(theirs.AsSpan().SequenceEqual(mine), what);
                            }

                            // Each side decrypts the other's ciphertext (Zeros padding is not removed: compare those).
                            Assert.Equal(Run(builtIn, key, iv, mine, encrypt: false), Run(ours, key, iv, theirs, encrypt: false));
#if NET
                            ours.Key = key;
                            builtIn.Key = key;
                            byte[] oneShot = mode switch
                            {
                                CipherMode.ECB => ours.EncryptEcb(input, padding),
                                CipherMode.CBC => ours.EncryptCbc(input, iv, padding),
                                _ => ours.EncryptCfb(input, iv, padding, feedback),
                            };
                            Assert.Equal(padding == PaddingMode.ISO10126 ? oneShot.Length : theirs.Length, oneShot.Length);
                            if (padding != PaddingMode.ISO10126)
                            {
                                Assert.True(theirs.AsSpan().SequenceEqual(oneShot), what + " one-shot");
                            }
#endif
                        }
                    }
                }
            }
        }
    }

    [Theory]
    [MemberData(nameof(Flavours))]
    public void EcbCbcCfbAndOfbAgreeWithBouncyCastle(string flavour)
    {
        Random random = new(2028);
        using SymmetricAlgorithm ours = Ours(flavour)[0];
        for (int i = 0; i < 40; i++)
        {
            byte[] key = RandomKey(random);
            byte[] iv = UnsafeDifferential.Bytes(random, 8);
            byte[] blocks = UnsafeDifferential.Bytes(random, 8 * random.Next(1, 40));
            foreach ((CipherMode mode, int feedback, Func<IBlockCipher> bc) in new (CipherMode, int, Func<IBlockCipher>)[]
            {
                (CipherMode.ECB, 64, () => new DesEdeEngine()),
                (CipherMode.CBC, 64, () => new CbcBlockCipher(new DesEdeEngine())),
                (CipherMode.CFB, 8, () => new CfbBlockCipher(new DesEdeEngine(), 8)),
                (CipherMode.CFB, 64, () => new CfbBlockCipher(new DesEdeEngine(), 64)),
                (CipherMode.OFB, 64, () => new OfbBlockCipher(new DesEdeEngine(), 64)),
            })
            {
                ours.Mode = mode;
                ours.FeedbackSize = feedback;
                ours.Padding = PaddingMode.None;
                foreach (bool encrypt in new[] { true, false })
                {
                    IBlockCipher cipher = bc();
                    ICipherParameters parameters = new DesEdeParameters(key);
                    cipher.Init(encrypt, mode == CipherMode.ECB ? parameters : new ParametersWithIV(parameters, iv));

                    byte[] expected = new byte[blocks.Length];
                    int step = cipher.GetBlockSize();
                    for (int at = 0; at < blocks.Length; at += step)
                    {
                        cipher.ProcessBlock(blocks, at, expected, at);
                    }

                    Assert.True(expected.AsSpan().SequenceEqual(Run(ours, key, iv, blocks, encrypt)), $"{mode}{feedback} {(encrypt ? "encrypt" : "decrypt")} {blocks.Length} bytes");
                }
            }
        }
    }

    private static byte[] RandomKey(Random random)
    {
        byte[] key;
        do
        {
            key = UnsafeDifferential.Bytes(random, random.Next(2) == 0 ? 16 : 24);
        }
        while (TripleDES.IsWeakKey(key));
        return key;
    }

    private static SymmetricAlgorithm EcbNoPadding(SymmetricAlgorithm algorithm)
    {
        algorithm.Mode = CipherMode.ECB;
        algorithm.Padding = PaddingMode.None;
        return algorithm;
    }

    private static byte[] Run(SymmetricAlgorithm algorithm, byte[] key, byte[] iv, byte[] input, bool encrypt)
    {
        using ICryptoTransform transform = encrypt ? algorithm.CreateEncryptor(key, iv) : algorithm.CreateDecryptor(key, iv);
        return transform.TransformFinalBlock(input, 0, input.Length);
    }

    private static Type? Thrown(Action action)
    {
        try
        {
            action();
            return null;
        }
        catch (Exception e)
        {
            return e.GetType();
        }
    }

    private static string Describe(KeySizes[] sizes) => string.Join(";", sizes.Select(s => $"{s.MinSize}-{s.MaxSize}/{s.SkipSize}"));
}

using System;
using System.Security.Cryptography;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Unsafe;

namespace Panicode.Crypto.Tests.Rijndael;

#pragma warning disable SYSLIB0022 // The point of these tests is code typed as the obsolete Rijndael.

/// <summary>
/// <see cref="ManagedRijndael"/>, the drop-in for code typed as <see cref="System.Security.Cryptography.Rijndael"/>:
/// such code (a method taking a Rijndael, a class holding one) runs unchanged over both flavours, agrees with
/// <see cref="RijndaelCipher"/> in every block size, key size, mode and padding and with the built-in
/// <see cref="Aes"/> for 128-bit blocks, and has RijndaelCipher's defaults and exceptions.
/// </summary>
public sealed class ManagedRijndaelTests
{
    private static readonly int[] s_sizes = { 16, 20, 24, 28, 32 };

    public static TheoryData<string> Flavours => new() { "Reference", "Unsafe" };

    [Theory]
    [MemberData(nameof(Flavours))]
    public void AgreesWithRijndaelCipherInEveryBlockSizeKeySizeModeAndPadding(string flavour)
    {
        int cases = UnsafeDifferential.RunModesAndPaddings(RijndaelCipher.Create, () => Create(flavour), s_sizes, s_sizes, new Random(61));

        // 5 block sizes x 5 key sizes x 6 modes x 5 paddings.
        Assert.Equal(5 * 5 * 6 * 5, cases);
    }

    [Theory]
    [MemberData(nameof(Flavours))]
    public void RijndaelTypedCodeRunsUnchanged(string flavour)
    {
        Random random = new(62);
        foreach (int blockSize in s_sizes)
        {
            byte[] key = UnsafeDifferential.Bytes(random, 32);
            byte[] iv = UnsafeDifferential.Bytes(random, blockSize);
            byte[] data = UnsafeDifferential.Bytes(random, 100);
            using System.Security.Cryptography.Rijndael rijndael = Create(flavour);
            LegacyVault vault = new(rijndael, blockSize * 8, key, iv);
            byte[] sealedData = vault.Seal(data);

            using RijndaelCipher reference = RijndaelCipher.Create();
            reference.BlockSize = blockSize * 8;
            Assert.Equal(reference.CreateEncryptor(key, iv).TransformFinalBlock(data, 0, data.Length), sealedData);
            Assert.Equal(data, vault.Open(sealedData));
        }
    }

    [Theory]
    [MemberData(nameof(Flavours))]
    public void AgreesWithTheBuiltInAesFor128BitBlocks(string flavour)
    {
        Random random = new(63);
        foreach (int keySize in new[] { 16, 24, 32 })
        foreach ((CipherMode mode, int feedback) in new[] { (CipherMode.ECB, 128), (CipherMode.CBC, 128), (CipherMode.CFB, 8), (CipherMode.CFB, 128) })
        {
            byte[] key = UnsafeDifferential.Bytes(random, keySize);
            byte[] iv = UnsafeDifferential.Bytes(random, 16);
            byte[] data = UnsafeDifferential.Bytes(random, 77);
            using Aes aes = Aes.Create();
            using System.Security.Cryptography.Rijndael rijndael = Create(flavour);
            foreach (SymmetricAlgorithm algorithm in new SymmetricAlgorithm[] { aes, rijndael })
            {
                algorithm.Mode = mode;
                algorithm.FeedbackSize = feedback;
                algorithm.Padding = PaddingMode.PKCS7;
            }

            byte[] expected = aes.CreateEncryptor(key, iv).TransformFinalBlock(data, 0, data.Length);
            Assert.Equal(expected, rijndael.CreateEncryptor(key, iv).TransformFinalBlock(data, 0, data.Length));
        }
    }

    [Theory]
    [MemberData(nameof(Flavours))]
    public void HasRijndaelCipherDefaultsAndEveryBlockSize(string flavour)
    {
        using System.Security.Cryptography.Rijndael rijndael = Create(flavour);
        using RijndaelCipher reference = RijndaelCipher.Create();
        Assert.Equal(reference.BlockSize, rijndael.BlockSize);
        Assert.Equal(reference.KeySize, rijndael.KeySize);
        Assert.Equal(reference.FeedbackSize, rijndael.FeedbackSize);
        Assert.Equal(reference.Mode, rijndael.Mode);
        Assert.Equal(reference.Padding, rijndael.Padding);
        Assert.Equal((128, 256, 128, CipherMode.CBC, PaddingMode.PKCS7), (rijndael.BlockSize, rijndael.KeySize, rijndael.FeedbackSize, rijndael.Mode, rijndael.Padding));
        KeySizes legal = Assert.Single(rijndael.LegalBlockSizes);
        Assert.Equal((128, 256, 32), (legal.MinSize, legal.MaxSize, legal.SkipSize));
        legal = Assert.Single(rijndael.LegalKeySizes);
        Assert.Equal((128, 256, 32), (legal.MinSize, legal.MaxSize, legal.SkipSize));

        // The built-in RijndaelManaged takes only 128-bit blocks on .NET; the drop-in takes all five.
        foreach (int bits in new[] { 160, 192, 224, 256, 128 })
        {
            rijndael.BlockSize = bits;
            Assert.Equal(bits, rijndael.BlockSize);
            Assert.Equal(bits / 8, rijndael.IV.Length);
        }

        Assert.Equal(32, rijndael.Key.Length);
    }

    [Theory]
    [MemberData(nameof(Flavours))]
    public void RejectsWhatRijndaelCipherRejects(string flavour)
    {
        using System.Security.Cryptography.Rijndael rijndael = Create(flavour);
        Assert.Throws<CryptographicException>(() => rijndael.Key = new byte[15]);
        Assert.ThrowsAny<CryptographicException>(() => rijndael.BlockSize = 136);
        Assert.Throws<CryptographicException>(() => rijndael.IV = new byte[15]);
        rijndael.Padding = PaddingMode.None;
        Assert.Throws<CryptographicException>(() => rijndael.CreateEncryptor().TransformFinalBlock(new byte[15], 0, 15));
        rijndael.Dispose();
        Assert.Throws<ObjectDisposedException>(() => rijndael.Key);
    }

    [Theory]
    [MemberData(nameof(Flavours))]
    public void OneShotMethodsAgreeWithTheTransforms(string flavour)
    {
        Random random = new(64);
        using System.Security.Cryptography.Rijndael rijndael = Create(flavour);
        foreach (int blockSize in s_sizes)
        {
            rijndael.BlockSize = blockSize * 8;
            rijndael.Key = UnsafeDifferential.Bytes(random, 24);
            byte[] iv = UnsafeDifferential.Bytes(random, blockSize);
            byte[] data = UnsafeDifferential.Bytes(random, 3 * blockSize + 5);
            byte[] cbc = rijndael.EncryptCbc(data, iv);
            Assert.Equal(rijndael.CreateEncryptor(rijndael.Key, iv).TransformFinalBlock(data, 0, data.Length), cbc);
            Assert.Equal(data, rijndael.DecryptCbc(cbc, iv));
            byte[] ecb = rijndael.EncryptEcb(data, PaddingMode.ISO10126);
            Assert.Equal(data, rijndael.DecryptEcb(ecb, PaddingMode.ISO10126));
            byte[] cfb = rijndael.EncryptCfb(data, iv, PaddingMode.None, 8);
            Assert.Equal(data, rijndael.DecryptCfb(cfb, iv, PaddingMode.None, 8));
        }
    }

    private static System.Security.Cryptography.Rijndael Create(string flavour) =>
        flavour == "Unsafe" ? UnsafeCrypto.CreateManagedRijndael() : new ManagedRijndael();

    /// <summary>Code written for RijndaelManaged, as users have it: a field of type Rijndael set up in one place.</summary>
    private sealed class LegacyVault
    {
        private readonly System.Security.Cryptography.Rijndael _rijndael;

        public LegacyVault(System.Security.Cryptography.Rijndael rijndael, int blockSize, byte[] key, byte[] iv)
        {
            _rijndael = rijndael;
            _rijndael.BlockSize = blockSize;
            _rijndael.Key = key;
            _rijndael.IV = iv;
        }

        public byte[] Seal(byte[] data)
        {
            using ICryptoTransform encryptor = _rijndael.CreateEncryptor();
            return encryptor.TransformFinalBlock(data, 0, data.Length);
        }

        public byte[] Open(byte[] data)
        {
            using ICryptoTransform decryptor = _rijndael.CreateDecryptor();
            return decryptor.TransformFinalBlock(data, 0, data.Length);
        }
    }
}

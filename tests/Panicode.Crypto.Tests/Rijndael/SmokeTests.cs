using System;
using System.Security.Cryptography;
using Panicode.Crypto.Tests.Infrastructure;

namespace Panicode.Crypto.Tests.Rijndael;

public class SmokeTests
{
    [Theory]
    [MemberData(nameof(Implementations.RijndaelData), MemberType = typeof(Implementations))]
    public void MatchesAesInEveryModeAndPadding(Implementation<SymmetricAlgorithm> impl)
    {
        Random random = new(1);
        foreach (CipherMode mode in new[] { CipherMode.ECB, CipherMode.CBC, CipherMode.CFB })
        foreach (int fb in mode == CipherMode.CFB ? new[] { 8, 128 } : new[] { 128 })
        foreach (PaddingMode padding in new[] { PaddingMode.None, PaddingMode.PKCS7, PaddingMode.Zeros, PaddingMode.ANSIX923 })
        foreach (int keySize in new[] { 128, 192, 256 })
        for (int length = 0; length < 70; length += padding == PaddingMode.None && !(mode == CipherMode.CFB && fb == 8) ? 16 : 1)
        {
            byte[] key = new byte[keySize / 8], iv = new byte[16], data = new byte[length];
            random.NextBytes(key); random.NextBytes(iv); random.NextBytes(data);
            using Aes aes = Aes.Create();
            aes.Key = key; aes.IV = iv; aes.Mode = mode; aes.Padding = padding; aes.FeedbackSize = fb;
            using SymmetricAlgorithm ours = impl.Create();
            ours.Key = key; ours.IV = iv; ours.Mode = mode; ours.Padding = padding; ours.FeedbackSize = fb;
            byte[] expected = aes.CreateEncryptor().TransformFinalBlock(data, 0, data.Length);
            byte[] actual = ours.CreateEncryptor().TransformFinalBlock(data, 0, data.Length);
            Assert.Equal(Convert.ToHexString(expected), Convert.ToHexString(actual));
            Assert.Equal(Convert.ToHexString(aes.CreateDecryptor().TransformFinalBlock(expected, 0, expected.Length)),
                Convert.ToHexString(ours.CreateDecryptor().TransformFinalBlock(expected, 0, expected.Length)));
            Assert.Equal(Convert.ToHexString(aes.EncryptCbc(data, iv, padding == PaddingMode.None ? PaddingMode.Zeros : padding)),
                Convert.ToHexString(ours.EncryptCbc(data, iv, padding == PaddingMode.None ? PaddingMode.Zeros : padding)));
        }
    }
}

using System.Security.Cryptography;
using Panicode.Crypto.Tests.Infrastructure;

namespace Panicode.Crypto.Tests.Camellia;

/// <summary>The documented defaults and legal sizes of <see cref="CamelliaCipher"/>, in every flavour.</summary>
public sealed class CamelliaCipherTests
{
    [Theory]
    [MemberData(nameof(Implementations.CamelliaData), MemberType = typeof(Implementations))]
    public void DefaultsAreThoseOfAes(Implementation<SymmetricAlgorithm> implementation)
    {
        using SymmetricAlgorithm camellia = implementation.Create();
        Assert.IsAssignableFrom<CamelliaCipher>(camellia);
        Assert.Equal(256, camellia.KeySize);
        Assert.Equal(128, camellia.BlockSize);
        Assert.Equal(128, camellia.FeedbackSize);
        Assert.Equal(CipherMode.CBC, camellia.Mode);
        Assert.Equal(PaddingMode.PKCS7, camellia.Padding);
        Assert.Equal(32, camellia.Key.Length);
        Assert.Equal(16, camellia.IV.Length);
    }

    [Theory]
    [MemberData(nameof(Implementations.CamelliaData), MemberType = typeof(Implementations))]
    public void OnlyCamelliaSizesAreLegal(Implementation<SymmetricAlgorithm> implementation)
    {
        using SymmetricAlgorithm camellia = implementation.Create();
        KeySizes keys = Assert.Single(camellia.LegalKeySizes);
        Assert.Equal((128, 256, 64), (keys.MinSize, keys.MaxSize, keys.SkipSize));
        KeySizes blocks = Assert.Single(camellia.LegalBlockSizes);
        Assert.Equal((128, 128), (blocks.MinSize, blocks.MaxSize));

        foreach (int size in new[] { 128, 192, 256 })
        {
            camellia.KeySize = size;
            Assert.Equal(size / 8, camellia.Key.Length);
        }

        Assert.Throws<CryptographicException>(() => camellia.KeySize = 160);
        Assert.Throws<CryptographicException>(() => camellia.Key = new byte[20]);
        Assert.Throws<CryptographicException>(() => camellia.BlockSize = 192);
        Assert.Throws<CryptographicException>(() => camellia.IV = new byte[24]);
    }
}

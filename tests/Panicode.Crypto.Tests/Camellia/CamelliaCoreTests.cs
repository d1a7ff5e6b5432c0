using System;
using Panicode.Crypto.BlockCiphers.Camellia;

namespace Panicode.Crypto.Tests.Camellia;

/// <summary>
/// The core's own contract (many blocks per call, in place, disposal), below the SymmetricAlgorithm surface that
/// the vector and generic suites exercise.
/// </summary>
public sealed class CamelliaCoreTests
{
    [Theory]
    [InlineData(16)]
    [InlineData(24)]
    [InlineData(32)]
    public void BatchOf101BlocksEqualsSingleBlocksAndWorksInPlace(int keyLength)
    {
        Random random = new(keyLength);
        byte[] key = new byte[keyLength];
        byte[] plaintext = new byte[101 * 16];
        random.NextBytes(key);
        random.NextBytes(plaintext);

        using CamelliaCore core = new(key);
        byte[] batch = new byte[plaintext.Length];
        core.Encrypt(plaintext, batch);

        byte[] single = new byte[plaintext.Length];
        for (int offset = 0; offset < plaintext.Length; offset += 16)
        {
            core.Encrypt(plaintext.AsSpan(offset, 16), single.AsSpan(offset, 16));
        }

        Assert.Equal(single, batch);
        Assert.NotEqual(plaintext, batch);

        byte[] inPlace = (byte[])plaintext.Clone();
        core.Encrypt(inPlace, inPlace);
        Assert.Equal(batch, inPlace);

        core.Decrypt(inPlace, inPlace);
        Assert.Equal(plaintext, inPlace);

        byte[] decrypted = new byte[plaintext.Length];
        for (int offset = 0; offset < plaintext.Length; offset += 16)
        {
            core.Decrypt(batch.AsSpan(offset, 16), decrypted.AsSpan(offset, 16));
        }

        Assert.Equal(plaintext, decrypted);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(8)]
    [InlineData(15)]
    [InlineData(20)]
    [InlineData(33)]
    public void RejectsKeysOfOtherLengths(int keyLength)
    {
        Assert.Throws<ArgumentException>("key", () => new CamelliaCore(new byte[keyLength]));
    }

    [Fact]
    public void DisposedCoreRefusesWork()
    {
        CamelliaCore core = new(new byte[16]);
        core.Dispose();
        Assert.Throws<ObjectDisposedException>(() => core.Encrypt(new byte[16], new byte[16]));
        Assert.Throws<ObjectDisposedException>(() => core.Decrypt(new byte[16], new byte[16]));
    }
}

using System;
using Panicode.Crypto.StreamCiphers;

namespace Panicode.Crypto.Tests.StreamCiphers;

/// <summary>An Unsafe stream-cipher core against its Reference core: random keys, IVs and lengths, each in two calls.</summary>
internal static class CoreDifferential
{
    /// <summary>
    /// Runs <paramref name="trials"/> random key/IV pairs through both cores, each message (0 to
    /// <paramref name="maxUnits"/> key-stream units) split in two calls at a random unit, so the state carried between
    /// calls is compared too; asserts equal output.
    /// </summary>
    public static void Compare(Func<StreamCipherCore> reference, Func<StreamCipherCore> fast, int keyBytes, int ivBytes, int maxUnits, int seed, int trials = 200)
    {
        Random random = new(seed);
        for (int trial = 0; trial < trials; trial++)
        {
            byte[] key = new byte[keyBytes], iv = new byte[ivBytes];
            random.NextBytes(key);
            random.NextBytes(iv);
            using StreamCipherCore expectedCore = reference();
            using StreamCipherCore actualCore = fast();
            int unit = expectedCore.BlockBytes;
            int units = random.Next(0, maxUnits + 1);
            byte[] input = new byte[unit * units];
            random.NextBytes(input);
            byte[] expected = new byte[input.Length], actual = new byte[input.Length];
            expectedCore.Initialize(key, iv);
            actualCore.Initialize(key, iv);
            int split = unit * random.Next(0, units + 1);
            expectedCore.XorBlocks(input.AsSpan(0, split), expected.AsSpan(0, split));
            expectedCore.XorBlocks(input.AsSpan(split), expected.AsSpan(split));
            actualCore.XorBlocks(input.AsSpan(0, split), actual.AsSpan(0, split));
            actualCore.XorBlocks(input.AsSpan(split), actual.AsSpan(split));
            Xunit.Assert.Equal(expected, actual);
        }
    }
}

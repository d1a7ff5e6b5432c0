using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;
using Org.BouncyCastle.Crypto;
using Org.BouncyCastle.Crypto.Engines;
using Org.BouncyCastle.Crypto.Modes;
using Org.BouncyCastle.Crypto.Parameters;
using Panicode.Crypto.Modes;
using Panicode.Crypto.Registry;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Unsafe;

namespace Panicode.Crypto.Tests.TripleDes;

/// <summary>
/// The Unsafe flavour's bitsliced Triple DES batches (issue 28): for every bitsliced core, a batch of N blocks equals N
/// single-block calls and the Reference core, ECB both ways and CBC decryption in and out of place, for N across every
/// batch width's edges up to 2 x 512 + 1 blocks; and both flavours against the built-in TripleDES and BouncyCastle at
/// random lengths long enough for whole and padded batches. (The CAVP files run through every core of the Unsafe
/// flavour in <see cref="TripleDesTests"/>'s registry rows and the core-contract suite.)
/// </summary>
public sealed class TripleDesBitslicedTests
{
    public static TheoryData<string> BitslicedCores =>
        new(Families.TripleDes.Cores.Where(c => c.Name.StartsWith("Bitsliced", StringComparison.Ordinal)).Select(c => c.Name));

    public static TheoryData<string> Flavours => new() { "Reference", "Unsafe" };

    /// <summary>1..130 (the 128-block batch and the padded-batch threshold), and 2 x width + 1 on each side of every width.</summary>
    private static int[] Counts() =>
        Enumerable.Range(1, 130)
            .Concat(new[] { 128, 256, 512 }.SelectMany(w => new[] { w / 8 - 1, w / 8, w - 1, w, w + 1, 2 * w - 1, 2 * w, 2 * w + 1 }))
            .Distinct().OrderBy(n => n).ToArray();

    [Theory]
    [MemberData(nameof(BitslicedCores))]
    public void BatchOfNBlocksEqualsNSingleBlockCallsAndTheReference(string core)
    {
        CoreRows.SkipUnlessRunnable(Families.TripleDes, core);
        BlockCipherCore tested = Families.TripleDes.Core(core);
        Random random = new(2828);
        int[] counts = Counts();
        int cases = 0;
        foreach (int keyBytes in new[] { 16, 24 })
        {
            byte[] key = UnsafeDifferential.Bytes(random, keyBytes);
            using BlockCipher candidate = tested.Create(key, 8);
            using BlockCipher reference = Families.TripleDes.ReferenceCore.Create(key, 8);
            foreach (int n in counts)
            {
                string label = $"{core}, key {keyBytes * 8}, {n} blocks";
                byte[] input = UnsafeDifferential.Bytes(random, 8 * n);
                foreach (bool encrypt in new[] { true, false })
                {
                    byte[] singles = Singles(candidate, input, encrypt);
                    Assert.True(singles.AsSpan().SequenceEqual(Batch(reference, input, encrypt)), label + " singles vs Reference");
                    Assert.True(singles.AsSpan().SequenceEqual(Batch(candidate, input, encrypt)), label + (encrypt ? " encrypt" : " decrypt"));
                    byte[] inPlace = (byte[])input.Clone();
                    Run(candidate, inPlace, inPlace, encrypt);
                    Assert.True(singles.AsSpan().SequenceEqual(inPlace), label + " in place");
                }

                // CBC decryption: P_i = D(C_i) ^ C_(i-1), C_0 the IV; the chain ends as the last ciphertext block.
                byte[] iv = UnsafeDifferential.Bytes(random, 8);
                byte[] expected = Singles(candidate, input, encrypt: false);
                for (int i = 0; i < 8 * n; i++)
                {
                    expected[i] ^= i < 8 ? iv[i] : input[i - 8];
                }

                foreach (bool inPlace in new[] { false, true })
                {
                    byte[] chain = (byte[])iv.Clone();
                    byte[] output = inPlace ? (byte[])input.Clone() : new byte[8 * n];
                    Cbc.Decrypt(candidate, chain, inPlace ? output : input, output);
                    Assert.True(expected.AsSpan().SequenceEqual(output), label + $" CBC decrypt, in place {inPlace}");
                    Assert.True(input.AsSpan(8 * (n - 1)).SequenceEqual(chain), label + " CBC chain");
                }

                cases++;
            }
        }

        Assert.Equal(2 * counts.Length, cases);
        Assert.Equal(2 * (130 + 9), cases);
    }

    [Theory]
    [MemberData(nameof(Flavours))]
    public void EcbAndCbcAtRandomLengthsAgreeWithTheBuiltInAndBouncyCastle(string flavour)
    {
        Random random = new(2829);
        using SymmetricAlgorithm ours = flavour == "Reference" ? TripleDesCipher.Create() : UnsafeCrypto.CreateTripleDes();
        using TripleDES builtIn = TripleDES.Create();
        int cases = 0;
        for (int i = 0; i < (flavour == "Reference" ? 6 : 24); i++)
        {
            byte[] key;
            do
            {
                key = UnsafeDifferential.Bytes(random, random.Next(2) == 0 ? 16 : 24);
            }
            while (TripleDES.IsWeakKey(key));

            byte[] iv = UnsafeDifferential.Bytes(random, 8);
            byte[] data = UnsafeDifferential.Bytes(random, 8 * random.Next(1, 1600));
            foreach ((CipherMode mode, bool encrypt) in new[] { (CipherMode.ECB, true), (CipherMode.ECB, false), (CipherMode.CBC, true), (CipherMode.CBC, false) })
            {
                string label = $"{flavour} {mode} {(encrypt ? "encrypt" : "decrypt")} {data.Length} bytes";
                ours.Key = key;
                // OpenSSL (the built-in on Linux) takes keying option 2 as the 24-byte K1 K2 K1.
                builtIn.Key = key.Length == 16 ? key.Concat(key.Take(8)).ToArray() : key;
                byte[] mine = Transform(ours, mode, iv, data, encrypt);
                Assert.True(Transform(builtIn, mode, iv, data, encrypt).AsSpan().SequenceEqual(mine), label + " vs built-in");

                IBlockCipher bc = mode == CipherMode.ECB ? new DesEdeEngine() : new CbcBlockCipher(new DesEdeEngine());
                ICipherParameters parameters = new DesEdeParameters(key);
                bc.Init(encrypt, mode == CipherMode.ECB ? parameters : new ParametersWithIV(parameters, iv));
                byte[] theirs = new byte[data.Length];
                for (int at = 0; at < data.Length; at += 8)
                {
                    bc.ProcessBlock(data, at, theirs, at);
                }

                Assert.True(theirs.AsSpan().SequenceEqual(mine), label + " vs BouncyCastle");
                cases++;
            }
        }

        Assert.Equal(4 * (flavour == "Reference" ? 6 : 24), cases);
    }

    private static byte[] Transform(SymmetricAlgorithm algorithm, CipherMode mode, byte[] iv, byte[] data, bool encrypt) => (mode, encrypt) switch
    {
        (CipherMode.ECB, true) => algorithm.EncryptEcb(data, PaddingMode.None),
        (CipherMode.ECB, false) => algorithm.DecryptEcb(data, PaddingMode.None),
        (_, true) => algorithm.EncryptCbc(data, iv, PaddingMode.None),
        _ => algorithm.DecryptCbc(data, iv, PaddingMode.None),
    };

    private static byte[] Singles(BlockCipher cipher, byte[] input, bool encrypt)
    {
        byte[] output = new byte[input.Length];
        for (int at = 0; at < input.Length; at += 8)
        {
            Run(cipher, input.AsSpan(at, 8), output.AsSpan(at, 8), encrypt);
        }

        return output;
    }

    private static byte[] Batch(BlockCipher cipher, byte[] input, bool encrypt)
    {
        byte[] output = new byte[input.Length];
        Run(cipher, input, output, encrypt);
        return output;
    }

    private static void Run(BlockCipher cipher, ReadOnlySpan<byte> input, Span<byte> output, bool encrypt)
    {
        if (encrypt)
        {
            cipher.Encrypt(input, output);
        }
        else
        {
            cipher.Decrypt(input, output);
        }
    }
}

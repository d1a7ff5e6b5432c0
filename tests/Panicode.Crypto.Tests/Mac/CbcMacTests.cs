using System;
using System.IO;
using System.Linq;
using System.Security.Cryptography;
using Org.BouncyCastle.Crypto;
using Org.BouncyCastle.Crypto.Engines;
using Org.BouncyCastle.Crypto.Macs;
using Org.BouncyCastle.Crypto.Paddings;
using Org.BouncyCastle.Crypto.Parameters;
using Panicode.Crypto.Registry;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Vectors;

namespace Panicode.Crypto.Tests.Mac;

/// <summary>
/// CBC-MAC (ISO/IEC 9797-1 MAC algorithm 1, padding methods 1-3) over every 64- and 128-bit block cipher and flavour,
/// and the retail MAC (MAC algorithm 3, ANSI X9.19) over each Triple DES flavour: against the definition written out
/// over ECB, against BouncyCastle 2.7 (<c>CbcBlockCipherMac</c>, <c>ISO9797Alg3Mac</c>), and against Botan 2's records
/// (vectors/cbcmac/botan.txt, from tools/cbcmac/botan_cbcmac.py).
/// </summary>
public sealed class CbcMacTests
{
    private static readonly CbcMacPadding[] s_paddings = { CbcMacPadding.Method1, CbcMacPadding.Method2, CbcMacPadding.Method3 };

    public static TheoryData<Implementation<SymmetricAlgorithm>> Ciphers => Implementations.BlockCipherData;

    public static TheoryData<Implementation<SymmetricAlgorithm>> TripleDes => Implementations.TripleDesData;

    public static TheoryData<Implementation<SymmetricAlgorithm>> BotanFamilies =>
        Implementations.ToTheoryData(new[] { Families.TripleDes, Families.Rijndael, Families.Camellia }.SelectMany(Implementations.Of));

    [Theory]
    [MemberData(nameof(Ciphers))]
    public void EveryPaddingMatchesTheDefinition(Implementation<SymmetricAlgorithm> implementation)
    {
        Random random = new(9797);
        using BlockCipherAlgorithm cipher = (BlockCipherAlgorithm)implementation.Create();
        int bs = cipher.BlockSize / 8;
        Assert.True(bs is 8 or 16, $"{implementation}: default block size {cipher.BlockSize}");
        byte[] key = cipher.Key;
        foreach (CbcMacPadding padding in s_paddings)
        {
            using CbcMac mac = cipher.CreateCbcMac(key, padding);
            Assert.Equal(bs * 8, mac.HashSize);
            Assert.Equal(1, mac.MacAlgorithm);
            for (int length = 0; length <= (3 * bs) + 1; length++)
            {
                byte[] message = UnsafeDifferential.Bytes(random, length);
                byte[] expected = Chain(cipher, key, Pad(message, padding, bs));
                Assert.Equal(expected, mac.ComputeHash(message));

                // Fed in two pieces: the same MAC.
                int cut = random.Next(0, length + 1);
                mac.TransformBlock(message, 0, cut, null, 0);
                mac.TransformFinalBlock(message, cut, length - cut);
                Assert.Equal(expected, mac.Hash);
            }
        }

        // The own-key twin equals the explicit form.
        using CbcMac own = cipher.CreateCbcMac(CbcMacPadding.Method2);
        using CbcMac explicitKey = cipher.CreateCbcMac(key, CbcMacPadding.Method2);
        Assert.Equal(explicitKey.ComputeHash(key), own.ComputeHash(key));
    }

    [Theory]
    [MemberData(nameof(TripleDes))]
    public void RetailMacMatchesTheDefinitionAndBouncyCastle(Implementation<SymmetricAlgorithm> implementation)
    {
        Random random = new(919);
        using TripleDesCipher cipher = (TripleDesCipher)implementation.Create();
        using TripleDesCipher des = (TripleDesCipher)implementation.Create();
        byte[] key = UnsafeDifferential.Bytes(random, 16);

        // Single DES as TDEA with K1 = K2 = K3, through CreateEncryptor/CreateDecryptor(key, iv), which take weak keys.
        byte[] k = Triple(key.AsSpan(0, 8)), kPrime = Triple(key.AsSpan(8, 8));
        foreach (CbcMacPadding padding in s_paddings)
        {
            using CbcMac mac = cipher.CreateRetailMac(key, padding);
            Assert.Equal(3, mac.MacAlgorithm);
            Assert.Equal(64, mac.HashSize);
            for (int length = 0; length <= 41; length++)
            {
                byte[] message = UnsafeDifferential.Bytes(random, length);

                // §7.3 output transformation 3: G = E_K(D_K'(H_q)), H_q the single-DES CBC-MAC under K.
                byte[] expected = Chain(des, k, Decrypt(des, kPrime, Chain(des, k, Pad(message, padding, 8))));
                Assert.Equal(expected, mac.ComputeHash(message));
                if (padding != CbcMacPadding.Method3)
                {
                    Assert.Equal(expected, Bouncy(new ISO9797Alg3Mac(new DesEngine(), padding == CbcMacPadding.Method1 ? null : new ISO7816d4Padding()), key, message));
                }

                int cut = random.Next(0, length + 1);
                mac.TransformBlock(message, 0, cut, null, 0);
                mac.TransformFinalBlock(message, cut, length - cut);
                Assert.Equal(expected, mac.Hash);
            }
        }

        // Key's own-key twin: a 16-byte Key works, the default 24-byte one does not.
        cipher.Key = key;
        using CbcMac own = cipher.CreateRetailMac(CbcMacPadding.Method1);
        Assert.Equal(cipher.CreateRetailMac(key, CbcMacPadding.Method1).ComputeHash(key), own.ComputeHash(key));
    }

    [Theory]
    [MemberData(nameof(BotanFamilies))]
    public void AlgorithmOneMatchesBouncyCastle(Implementation<SymmetricAlgorithm> implementation)
    {
        Random random = new(1797);
        using BlockCipherAlgorithm cipher = (BlockCipherAlgorithm)implementation.Create();
        for (int i = 0; i < 40; i++)
        {
            byte[] key = UnsafeDifferential.Bytes(random, cipher is TripleDesCipher ? 24 : 16);
            byte[] message = UnsafeDifferential.Bytes(random, random.Next(0, 100));
            IBlockCipher engine = implementation.Family switch
            {
                "TripleDes" => new DesEdeEngine(),
                "Rijndael" => new AesEngine(),
                _ => new CamelliaEngine(),
            };
            int bits = cipher.BlockSize;
            using CbcMac method1 = cipher.CreateCbcMac(key, CbcMacPadding.Method1);
            using CbcMac method2 = cipher.CreateCbcMac(key, CbcMacPadding.Method2);
            Assert.Equal(Bouncy(new CbcBlockCipherMac(engine, bits), key, message), method1.ComputeHash(message));
            Assert.Equal(Bouncy(new CbcBlockCipherMac(engine, bits, new ISO7816d4Padding()), key, message), method2.ComputeHash(message));
        }
    }

    [Theory]
    [MemberData(nameof(BotanFamilies))]
    public void BotanRecordsPass(Implementation<SymmetricAlgorithm> implementation)
    {
        string[] records = File.ReadAllLines(VectorFiles.Path("cbcmac/botan.txt")).Where(l => l.Length > 0 && l[0] != '#').ToArray();
        Assert.Equal(112, records.Length);
        using BlockCipherAlgorithm cipher = (BlockCipherAlgorithm)implementation.Create();
        int run = 0;
        foreach (string record in records)
        {
            string[] f = record.Split(' ');
            string family = f[0] switch
            {
                "CBC-MAC(DES)" or "CBC-MAC(TripleDES)" or "X9.19-MAC" => "TripleDes",
                "CBC-MAC(AES-128)" or "CBC-MAC(AES-256)" => "Rijndael",
                "CBC-MAC(Camellia-128)" => "Camellia",
                _ => throw new InvalidDataException("unknown algorithm in botan.txt: " + f[0]),
            };
            if (family != implementation.Family)
            {
                continue;
            }

            byte[] key = Hex.Decode(f[1]);
            byte[] message = Hex.Decode(f[2]);
            using CbcMac mac = f[0] == "X9.19-MAC" ? ((TripleDesCipher)cipher).CreateRetailMac(key, CbcMacPadding.Method1)
                : cipher.CreateCbcMac(f[0] == "CBC-MAC(DES)" ? Triple(key) : key, CbcMacPadding.Method1);
            Assert.Equal(f[3], Convert.ToHexString(mac.ComputeHash(message)).ToLowerInvariant());
            run++;
        }

        // 7 x 16 records: DES, 2-key and 3-key TDES and X9.19 (64), AES-128 and AES-256 (32), Camellia-128 (16).
        Assert.Equal(implementation.Family switch { "TripleDes" => 64, "Rijndael" => 32, _ => 16 }, run);
    }

    [Theory]
    [MemberData(nameof(TripleDes))]
    public void MisuseIsRefused(Implementation<SymmetricAlgorithm> implementation)
    {
        using TripleDesCipher cipher = (TripleDesCipher)implementation.Create();
        byte[] key = Enumerable.Range(1, 16).Select(i => (byte)i).ToArray();
        Assert.Throws<ArgumentOutOfRangeException>(() => cipher.CreateCbcMac(new byte[24], (CbcMacPadding)0));
        Assert.Throws<ArgumentOutOfRangeException>(() => cipher.CreateRetailMac(key, (CbcMacPadding)4));
        Assert.Throws<ArgumentNullException>(() => cipher.CreateCbcMac(null!, CbcMacPadding.Method1));
        Assert.Throws<ArgumentNullException>(() => cipher.CreateRetailMac(null!, CbcMacPadding.Method1));
        Assert.Throws<CryptographicException>(() => cipher.CreateCbcMac(new byte[15], CbcMacPadding.Method1));
        Assert.Throws<CryptographicException>(() => cipher.CreateRetailMac(new byte[24], CbcMacPadding.Method1));

        // K' = K (parity bits ignored) would make the retail MAC single-DES CBC-MAC.
        byte[] same = key.Take(8).Concat(key.Take(8).Select(b => (byte)(b ^ 1))).ToArray();
        Assert.Throws<CryptographicException>(() => cipher.CreateRetailMac(same, CbcMacPadding.Method1));
        cipher.Key = new byte[24].Select((_, i) => (byte)(i * 7)).ToArray();
        Assert.Throws<CryptographicException>(() => cipher.CreateRetailMac(CbcMacPadding.Method1));

        CbcMac mac = cipher.CreateRetailMac(key, CbcMacPadding.Method2);
        Assert.Throws<CryptographicException>(() => mac.Key = same);
        mac.Dispose();
        Assert.Throws<ObjectDisposedException>(() => mac.ComputeHash(key));

        using RijndaelCipher wide = RijndaelCipher.Create();
        wide.BlockSize = 256;
        Assert.Throws<CryptographicException>(() => wide.CreateCbcMac(new byte[16], CbcMacPadding.Method2));
    }

    [Fact]
    public void TheDocumentedForgeryOfPlainCbcMacWorks()
    {
        // The docs' warning, shown: with T = MAC(M) and T' = MAC(M') for one-block M and M', M || (M' ^ T) has MAC T'.
        using ClefiaCipher cipher = ClefiaCipher.Create();
        using CbcMac mac = cipher.CreateCbcMac(new byte[16], CbcMacPadding.Method1);
        byte[] m = Enumerable.Repeat((byte)'a', 16).ToArray(), m2 = Enumerable.Repeat((byte)'b', 16).ToArray();
        byte[] t = mac.ComputeHash(m), t2 = mac.ComputeHash(m2);
        byte[] forged = m.Concat(m2.Zip(t, (x, y) => (byte)(x ^ y))).ToArray();
        Assert.Equal(t2, mac.ComputeHash(forged));

        // Padding method 3 puts the length first, and the same splice no longer verifies.
        using CbcMac lengthFirst = cipher.CreateCbcMac(new byte[16], CbcMacPadding.Method3);
        byte[] t3 = lengthFirst.ComputeHash(m);
        byte[] spliced = m.Concat(m2.Zip(t3, (x, y) => (byte)(x ^ y))).ToArray();
        Assert.NotEqual(lengthFirst.ComputeHash(m2), lengthFirst.ComputeHash(spliced));
    }

    private static byte[] Triple(ReadOnlySpan<byte> des)
    {
        byte[] key = new byte[24];
        for (int i = 0; i < 3; i++)
        {
            des.CopyTo(key.AsSpan(8 * i));
        }

        return key;
    }

    /// <summary>ISO/IEC 9797-1 §6.3: the padded message.</summary>
    private static byte[] Pad(byte[] message, CbcMacPadding padding, int bs)
    {
        switch (padding)
        {
            case CbcMacPadding.Method1:
                // Zeros to a positive multiple of the block: the empty message is one zero block.
                return message.Concat(new byte[message.Length == 0 ? bs : (bs - (message.Length % bs)) % bs]).ToArray();
            case CbcMacPadding.Method2:
                return message.Concat(new byte[] { 0x80 }).Concat(new byte[(bs - ((message.Length + 1) % bs)) % bs]).ToArray();
            default:
                byte[] length = new byte[bs];
                ulong bits = (ulong)message.Length * 8;
                for (int i = 0; i < 8; i++)
                {
                    length[bs - 1 - i] = (byte)(bits >> (8 * i));
                }

                return length.Concat(message).Concat(new byte[(bs - (message.Length % bs)) % bs]).ToArray();
        }
    }

    /// <summary>CBC with a zero IV over whole blocks under <paramref name="key"/>; the last ciphertext block.</summary>
    private static byte[] Chain(SymmetricAlgorithm cipher, byte[] key, byte[] padded)
    {
        int bs = cipher.BlockSize / 8;
        cipher.Mode = CipherMode.CBC;
        cipher.Padding = PaddingMode.None;
        using ICryptoTransform encryptor = cipher.CreateEncryptor(key, new byte[bs]);
        byte[] cbc = encryptor.TransformFinalBlock(padded, 0, padded.Length);
        return cbc.AsSpan(cbc.Length - bs).ToArray();
    }

    /// <summary>One block decrypted under <paramref name="key"/>.</summary>
    private static byte[] Decrypt(SymmetricAlgorithm cipher, byte[] key, byte[] block)
    {
        cipher.Mode = CipherMode.ECB;
        cipher.Padding = PaddingMode.None;
        using ICryptoTransform decryptor = cipher.CreateDecryptor(key, null);
        return decryptor.TransformFinalBlock(block, 0, block.Length);
    }

    private static byte[] Bouncy(IMac mac, byte[] key, byte[] message)
    {
        mac.Init(new KeyParameter(key));
        mac.BlockUpdate(message, 0, message.Length);
        byte[] output = new byte[mac.GetMacSize()];
        mac.DoFinal(output, 0);
        return output;
    }
}

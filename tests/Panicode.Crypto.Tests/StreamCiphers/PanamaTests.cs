using System;
using System.IO;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.Registry;
using Panicode.Crypto.StreamCiphers.Panama;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Unsafe;
using Panicode.Crypto.Vectors;
using Panicode.Crypto.Vectors.StreamCiphers;

namespace Panicode.Crypto.Tests.StreamCiphers;

/// <summary>
/// PANAMA (stream cipher and hash, both byte orders) over Crypto++'s vectors, and MULTI-S01 over PANAMA-BE: the
/// specification's GF(2^64) example, the records of the independent Python implementation
/// (tools/multi-s01/multi_s01.py, vectors/multi-s01/python.txt), and rejection of every single-bit change.
/// </summary>
public sealed class PanamaTests
{
    public static TheoryData<Implementation<StreamCipher>, string> CipherFiles => SuiteAssert.Rows(Implementations.Of(Families.Panama), PanamaSuites.Cipher);

    public static TheoryData<Implementation<HashAlgorithm>, string> HashFiles => SuiteAssert.Rows(Implementations.Of(Families.PanamaHash), PanamaSuites.Hash);

    [Theory]
    [MemberData(nameof(CipherFiles))]
    public void CipherVectorFile(Implementation<StreamCipher> implementation, string file)
        => SuiteAssert.AllPass(PanamaSuites.GetCipher(file), implementation.Create);

    [Theory]
    [MemberData(nameof(HashFiles))]
    public void HashVectorFile(Implementation<HashAlgorithm> implementation, string file)
        => SuiteAssert.AllPass(PanamaSuites.GetHash(file), implementation.Create);

    /// <summary>
    /// The Unsafe core (unrolled rounds, its own buffer indexing and byte swapping) against the Reference engine: random
    /// keys and IVs in both byte orders, messages of 0 to 1,100 bytes cut into random pieces, 300 blocks past the start.
    /// </summary>
    [Fact]
    public void TheUnsafeCoreEqualsTheReferenceInBothByteOrders()
    {
        Random random = new(2028);
        int compared = 0;
        foreach (PanamaByteOrder order in new[] { PanamaByteOrder.LittleEndian, PanamaByteOrder.BigEndian })
        {
            for (int trial = 0; trial < 40; trial++)
            {
                byte[] key = new byte[32], iv = new byte[32], message = new byte[random.Next(0, 1101)];
                random.NextBytes(key);
                random.NextBytes(iv);
                random.NextBytes(message);
                using PanamaCipher reference = PanamaCipher.Create(order), fast = Unsafe.UnsafeCrypto.CreatePanama(order);
                foreach (PanamaCipher cipher in new[] { reference, fast })
                {
                    cipher.Key = key;
                    cipher.IV = iv;
                }

                byte[] expected = new byte[message.Length], actual = new byte[message.Length];
                reference.Encrypt(message, expected);
                for (int at = 0; at < message.Length;)
                {
                    int piece = Math.Min(random.Next(1, 100), message.Length - at);
                    fast.Encrypt(message.AsSpan(at, piece), actual.AsSpan(at, piece));
                    at += piece;
                }

                Assert.Equal(expected, actual);
                byte[] far = new byte[300 * 32], farExpected = new byte[far.Length];
                reference.Encrypt(far, farExpected);
                fast.Encrypt(far, far);
                Assert.Equal(farExpected, far);
                compared++;
            }
        }

        Assert.Equal(80, compared);
    }

    [Fact]
    public void EveryRecordOfTheFileIsInASuite()
    {
        // 6 digests + 8 MACs + 2 ciphertexts: nothing in panama.txt is left out.
        Assert.Equal(16, PanamaSuites.Records().Count);
        Assert.Equal(16, PanamaSuites.Hash.Sum(s => s.ExpectedCount) + PanamaSuites.Cipher.Sum(s => s.ExpectedCount));
    }

    [Fact]
    public void TheSpecificationsMultiplicationExampleHolds()
    {
        // MULTI-S01 specification §1.3, "Example".
        Assert.Equal(0x48827ab55d976fa0UL, Gf64.Multiply(0x0123456789abcdefUL, 0xfedcba9876543210UL));
        Assert.Equal(0x48827ab55d976fa0UL, Gf64.Multiply(0xfedcba9876543210UL, 0x0123456789abcdefUL));
        Random random = new(64);
        for (int i = 0; i < 100; i++)
        {
            ulong a = (ulong)random.NextInt64() | 1;
            Assert.Equal(1UL, Gf64.Multiply(a, Gf64.Inverse(a)));
        }

        // x^63 * x = x^64 = x^4 + x^3 + x + 1.
        Assert.Equal(0x1BUL, Gf64.Multiply(1UL << 63, 2));
    }

    public static TheoryData<string> MultiS01Flavours => new() { "Reference", "Unsafe" };

    [Fact]
    public void MultiS01sUnsafeFlavourEqualsTheReferenceAtEveryLength()
    {
        Random random = new(2002);
        int cases = 0;
        for (int length = 0; length <= 600; length += 1 + (length / 40))
        {
            byte[] key = UnsafeDifferential.Bytes(random, 32), q = UnsafeDifferential.Bytes(random, 32), r = UnsafeDifferential.Bytes(random, 8);
            byte[] message = UnsafeDifferential.Bytes(random, length);
            using MultiS01 reference = MultiS01.Create(key);
            using MultiS01 fast = UnsafeCrypto.CreateMultiS01(key);
            byte[] ciphertext = reference.Encrypt(q, message, r);
            Assert.Equal(ciphertext, fast.Encrypt(q, message, r));
            Assert.Equal(message, fast.Decrypt(q, ciphertext, r, length));
            cases++;
        }

        Assert.Equal(134, cases);
    }

    [Theory]
    [MemberData(nameof(MultiS01Flavours))]
    public void MultiS01MatchesTheIndependentPythonImplementation(string flavour)
    {
        string[] records = File.ReadAllLines(VectorFiles.Path("multi-s01/python.txt")).Where(l => l.Length > 0 && l[0] != '#').ToArray();
        Assert.Equal(49, records.Length);
        foreach (string record in records)
        {
            byte[][] f = record.Split(' ').Select(x => x == "-" ? Array.Empty<byte>() : Hex.Decode(x)).ToArray();
            using MultiS01 cipher = CreateMultiS01(flavour, f[0]);
            Assert.Equal(f[4], cipher.Encrypt(f[1], f[3], f[2]));
            Assert.Equal(f[3], cipher.Decrypt(f[1], f[4], f[2], f[3].Length));
        }
    }

    [Theory]
    [MemberData(nameof(MultiS01Flavours))]
    public void MultiS01RejectsEverySingleBitChange(string flavour)
    {
        Random random = new(2001);
        byte[] key = UnsafeDifferential.Bytes(random, 32), q = UnsafeDifferential.Bytes(random, 32), r = UnsafeDifferential.Bytes(random, 8);
        using MultiS01 cipher = CreateMultiS01(flavour, key);
        foreach (int length in new[] { 0, 1, 8, 13, 24 })
        {
            byte[] message = Enumerable.Range(1, length).Select(i => (byte)i).ToArray();
            byte[] ciphertext = cipher.Encrypt(q, message, r);
            Assert.Equal(MultiS01.GetCiphertextLength(length), ciphertext.Length);
            Assert.Equal(message, cipher.Decrypt(q, ciphertext, r, length));
            byte[] output = new byte[length];
            for (int bit = 0; bit < ciphertext.Length * 8; bit++)
            {
                ciphertext[bit / 8] ^= (byte)(1 << (bit % 8));
                output.AsSpan().Fill(0xAA);
                Assert.Throws<CryptographicException>(() => cipher.Decrypt(q, ciphertext, r, output));
                Assert.All(output, b => Assert.Equal(0, b));
                ciphertext[bit / 8] ^= (byte)(1 << (bit % 8));
            }

            for (int bit = 0; bit < 64; bit++)
            {
                r[bit / 8] ^= (byte)(1 << (bit % 8));
                Assert.Throws<CryptographicException>(() => cipher.Decrypt(q, ciphertext, r, length));
                r[bit / 8] ^= (byte)(1 << (bit % 8));
            }

            for (int bit = 0; bit < 256; bit += 7)
            {
                q[bit / 8] ^= (byte)(1 << (bit % 8));
                Assert.Throws<CryptographicException>(() => cipher.Decrypt(q, ciphertext, r, length));
                q[bit / 8] ^= (byte)(1 << (bit % 8));
            }

            // A shorter claimed length exposes a non-zero padding byte: rejected too.
            if (length % 8 > 1)
            {
                Assert.Throws<CryptographicException>(() => cipher.Decrypt(q, ciphertext, r, length - 1));
            }

            Assert.Equal(message, cipher.Decrypt(q, ciphertext, r, length));
        }
    }

    [Theory]
    [MemberData(nameof(MultiS01Flavours))]
    public void MultiS01UsesThePanamaBigEndianKeyStream(string flavour)
    {
        // The ciphertext of the empty message is (S ^ B1) ⊗ A || ((R ^ B2) ⊗ A) ^ (S ^ B1), A, B and S from PANAMA-BE.
        byte[] key = Enumerable.Range(0, 32).Select(i => (byte)i).ToArray(), q = key.Reverse().ToArray(), r = new byte[8];
        using PanamaCipher panama = PanamaCipher.Create(PanamaByteOrder.BigEndian);
        panama.Key = key;
        panama.IV = q;
        byte[] stream = new byte[32];
        panama.Encrypt(new byte[32], stream);
        ulong Word(int i) => System.Buffers.Binary.BinaryPrimitives.ReadUInt64BigEndian(stream.AsSpan(8 * i));
        Assert.NotEqual(0UL, Word(0));
        ulong f1 = Word(3) ^ Word(1), f2 = Word(2);
        byte[] expected = new byte[16];
        System.Buffers.Binary.BinaryPrimitives.WriteUInt64BigEndian(expected, Gf64.Multiply(f1, Word(0)));
        System.Buffers.Binary.BinaryPrimitives.WriteUInt64BigEndian(expected.AsSpan(8), Gf64.Multiply(f2, Word(0)) ^ f1);
        using MultiS01 cipher = CreateMultiS01(flavour, key);
        Assert.Equal(expected, cipher.Encrypt(q, Array.Empty<byte>(), r));
    }

    [Theory]
    [MemberData(nameof(MultiS01Flavours))]
    public void MultiS01RefusesBadArguments(string flavour)
    {
        Assert.Throws<CryptographicException>(() => CreateMultiS01(flavour, new byte[16]));
        Assert.Throws<ArgumentNullException>(() => CreateMultiS01(flavour, (byte[])null!));
        using MultiS01 cipher = CreateMultiS01(flavour, new byte[32]);
        Assert.Throws<ArgumentException>(() => cipher.Encrypt(new byte[31], new byte[3], new byte[8]));
        Assert.Throws<ArgumentException>(() => cipher.Encrypt(new byte[32], new byte[3], new byte[7]));
        Assert.Throws<ArgumentException>(() => cipher.Encrypt(new byte[32], new byte[3], new byte[8], new byte[17]));
        Assert.Throws<ArgumentException>(() => cipher.Decrypt(new byte[32], new byte[23], new byte[8], new byte[3]));
        Assert.Throws<ArgumentOutOfRangeException>(() => cipher.Decrypt(new byte[32], new byte[24], new byte[8], -1));
        Assert.Throws<ArgumentOutOfRangeException>(() => PanamaCipher.Create((PanamaByteOrder)2));

        // In place: the same buffer at the same start.
        byte[] buffer = new byte[24];
        buffer[0] = 7;
        cipher.Encrypt(new byte[32], buffer.AsSpan(0, 8), new byte[8], buffer);
        cipher.Decrypt(new byte[32], buffer, new byte[8], buffer.AsSpan(0, 8));
        Assert.Equal(7, buffer[0]);
        cipher.Dispose();
        Assert.Throws<ObjectDisposedException>(() => cipher.Encrypt(new byte[32], new byte[3], new byte[8]));
    }

    private static MultiS01 CreateMultiS01(string flavour, byte[] key) =>
        flavour == "Reference" ? MultiS01.Create(key) : UnsafeCrypto.CreateMultiS01(key);
}

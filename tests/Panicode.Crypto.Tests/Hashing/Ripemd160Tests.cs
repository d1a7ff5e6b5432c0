using System;
using System.IO;
using System.Linq;
using System.Numerics;
using System.Reflection;
using System.Security.Cryptography;
using System.Text;
using Org.BouncyCastle.Crypto.Digests;
using Org.BouncyCastle.Crypto.Macs;
using Org.BouncyCastle.Crypto.Parameters;
using Panicode.Crypto.Hashing;
using Panicode.Crypto.Registry;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Unsafe;
using Panicode.Crypto.Unsafe.Hashing;

namespace Panicode.Crypto.Tests.Hashing;

/// <summary>RIPEMD-160's HashAlgorithm behaviour in every flavour: streaming, reuse, the one-shots, arguments, Dispose.</summary>
public sealed class Ripemd160Tests
{
    public static TheoryData<Implementation<HashAlgorithm>> Flavours => Implementations.Data(Families.Ripemd160);

    private static readonly byte[] s_megabyte = RandomBytes(1 << 20, seed: 160);

    [Theory]
    [MemberData(nameof(Flavours))]
    public void AMillionAsHashToThePapersValue(Implementation<HashAlgorithm> implementation)
    {
        // The paper's Appendix B: RIPEMD-160 of 10^6 repetitions of "a".
        byte[] a = Enumerable.Repeat((byte)'a', 1_000_000).ToArray();
        using HashAlgorithm hash = implementation.Create();
        Assert.Equal("52783243c1697bdbe16d37f97f68f08325dc1528", Convert.ToHexString(hash.ComputeHash(a)).ToLowerInvariant());
    }

    [Theory]
    [MemberData(nameof(Flavours))]
    public void ThePapersShortMessages(Implementation<HashAlgorithm> implementation)
    {
        (string Message, string Digest)[] appendixB =
        {
            (string.Empty, "9c1185a5c5e9fc54612808977ee8f548b2258d31"),
            ("a", "0bdc9d2d256b3ee9daae347be6f4dc835a467ffe"),
            ("abc", "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc"),
            ("message digest", "5d0689ef49d2fae572b881b123a85ffa21595f36"),
            ("abcdefghijklmnopqrstuvwxyz", "f71c27109c692c1b56bbdceb5b9d2865b3708dbc"),
            ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "12a053384a9c0c88e405a06c27dcf49ada62eb2b"),
            ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "b0e20b6e3116640286ed3a87a5713079b21f5189"),
            (string.Concat(Enumerable.Repeat("1234567890", 8)), "9b752e45573d4b39f4dbd3323cab82bf63326bfb"),
        };
        using HashAlgorithm hash = implementation.Create();
        foreach ((string message, string digest) in appendixB)
        {
            Assert.Equal(digest, Convert.ToHexString(hash.ComputeHash(Encoding.ASCII.GetBytes(message))).ToLowerInvariant());
        }
    }

    [Theory]
    [MemberData(nameof(Flavours))]
    public void IncrementalEqualsOneShotForEveryChunking(Implementation<HashAlgorithm> implementation)
    {
        using HashAlgorithm hash = implementation.Create();
        Random random = new(17);
        foreach (int length in new[] { 0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 1000, 1 << 20 })
        {
            byte[] data = s_megabyte.AsSpan(0, length).ToArray();
            byte[] expected = Ripemd160.HashData(data);
            Assert.Equal(expected, hash.ComputeHash(data));

            if (length <= 1000)
            {
                Assert.Equal(expected, Chunked(hash, data, _ => 1));
            }

            foreach (int piece in new[] { 55, 56, 63, 64, 65 })
            {
                Assert.Equal(expected, Chunked(hash, data, _ => piece));
            }

            for (int trial = 0; trial < 3; trial++)
            {
                int max = length < 300 ? 70 : 5000;
                Assert.Equal(expected, Chunked(hash, data, _ => random.Next(0, max)));
            }
        }
    }

    [Theory]
    [MemberData(nameof(Flavours))]
    public void AgreesWithBouncyCastleOnRandomInputs(Implementation<HashAlgorithm> implementation)
    {
        using HashAlgorithm hash = implementation.Create();
        Random random = new(2);
        for (int i = 0; i < 300; i++)
        {
            byte[] data = RandomBytes(i < 200 ? i : random.Next(200, 20_000), seed: i);
            RipeMD160Digest digest = new();
            digest.BlockUpdate(data, 0, data.Length);
            byte[] expected = new byte[20];
            digest.DoFinal(expected, 0);
            Assert.Equal(expected, hash.ComputeHash(data));
        }
    }

#if NET
    [Theory]
    [MemberData(nameof(Flavours))]
    public void TryComputeHashAndSpanHashCore(Implementation<HashAlgorithm> implementation)
    {
        using HashAlgorithm hash = implementation.Create();
        byte[] data = s_megabyte.AsSpan(0, 1000).ToArray();
        byte[] expected = Ripemd160.HashData(data);
        byte[] destination = new byte[24];
        Assert.True(hash.TryComputeHash(data, destination, out int written));
        Assert.Equal(20, written);
        Assert.Equal(expected, destination.AsSpan(0, 20).ToArray());
        Assert.False(hash.TryComputeHash(data, new byte[19], out written));
        Assert.Equal(0, written);
        Assert.True(hash.TryComputeHash(data, destination, out _));
        Assert.Equal(expected, destination.AsSpan(0, 20).ToArray());
    }
#endif

    [Theory]
    [MemberData(nameof(Flavours))]
    public void InitializeDropsAPartialMessage(Implementation<HashAlgorithm> implementation)
    {
        using HashAlgorithm hash = implementation.Create();
        Assert.Equal(160, hash.HashSize);
        byte[] data = s_megabyte.AsSpan(0, 200).ToArray();
        hash.TransformBlock(data, 0, 100, null, 0);
        hash.Initialize();
        hash.TransformFinalBlock(data, 100, 100);
        Assert.Equal(Ripemd160.HashData(data.AsSpan(100, 100)), hash.Hash);

        // And a finished hash starts the next message afresh.
        Assert.Equal(Ripemd160.HashData(data), hash.ComputeHash(data));
        Assert.Equal(Ripemd160.HashData(data), hash.ComputeHash(data));
    }

    [Theory]
    [MemberData(nameof(Flavours))]
    public void DisposeClearsTheState(Implementation<HashAlgorithm> implementation)
    {
        HashAlgorithm hash = implementation.Create();
        byte[] data = s_megabyte.AsSpan(0, 100).ToArray();
        hash.TransformBlock(data, 0, data.Length, null, 0);
        Ripemd160Engine engine = Field<Ripemd160Engine>(hash, typeof(Ripemd160Implementation), "_engine");
        Assert.Equal(implementation.Name == "Unsafe", engine is UnsafeRipemd160Engine);
        Assert.Contains(Field<uint[]>(engine, typeof(Ripemd160Engine), "_state"), w => w != 0);
        hash.Dispose();
        Assert.All(Field<uint[]>(engine, typeof(Ripemd160Engine), "_state"), w => Assert.Equal(0u, w));
        Assert.All(Field<uint[]>(engine, typeof(Ripemd160Engine), "_words"), w => Assert.Equal(0u, w));
        Assert.All(Field<byte[]>(engine, typeof(Ripemd160Engine), "_buffer"), b => Assert.Equal(0, b));
        Assert.Throws<ObjectDisposedException>(() => hash.ComputeHash(data));
    }

    [Fact]
    public void OneShotsAgreeWithEachOther()
    {
        byte[] data = s_megabyte.AsSpan(0, 5000).ToArray();
        byte[] expected = Ripemd160.HashData(data);
        Assert.Equal(20, Ripemd160.HashSizeInBytes);
        Assert.Equal(160, Ripemd160.HashSizeInBits);
        Assert.Equal(expected, Ripemd160.HashData(new ReadOnlySpan<byte>(data)));
        byte[] destination = new byte[21];
        Assert.Equal(20, Ripemd160.HashData(data, destination));
        Assert.Equal(expected, destination.AsSpan(0, 20).ToArray());
        Assert.True(Ripemd160.TryHashData(data, destination, out int written));
        Assert.Equal(20, written);
        Assert.Equal(expected, Ripemd160.HashData(new MemoryStream(data)));
        Assert.Equal(20, Ripemd160.HashData(new MemoryStream(data), destination));
        Assert.Equal(expected, destination.AsSpan(0, 20).ToArray());
        using Ripemd160 created = Ripemd160.Create();
        Assert.Equal(expected, created.ComputeHash(new MemoryStream(data)));
        using Ripemd160 fast = UnsafeCrypto.CreateRipemd160();
        Assert.Equal(expected, fast.ComputeHash(data));
    }

    [Fact]
    public void ArgumentsAreCheckedAsTheBclDoes()
    {
        Assert.Equal("source", Assert.Throws<ArgumentNullException>(() => Ripemd160.HashData((byte[])null!)).ParamName);
        Assert.Equal("source", Assert.Throws<ArgumentNullException>(() => Ripemd160.HashData((Stream)null!)).ParamName);
        Assert.Equal("destination", Assert.Throws<ArgumentException>(() => Ripemd160.HashData(new byte[3], new byte[19])).ParamName);
        Assert.Equal("destination", Assert.Throws<ArgumentException>(() => Ripemd160.HashData(new MemoryStream(), new byte[19])).ParamName);
        Assert.False(Ripemd160.TryHashData(new byte[3], new byte[19], out int written));
        Assert.Equal(0, written);
        using (MemoryStream closed = new())
        {
            closed.Dispose();
            Assert.Equal("source", Assert.Throws<ArgumentException>(() => Ripemd160.HashData(closed)).ParamName);
        }

        // The BCL's SHA256 throws the same exceptions for the same misuse.
        Assert.Throws<ArgumentException>(() => SHA256.HashData(new byte[3], new byte[31]));
    }

    [Fact]
    public void TheSpecConstantsFollowTheirDefinitions()
    {
        // §4: K = floor(2^30 sqrt(2, 3, 5, 7)) and K' = floor(2^30 cbrt(2, 3, 5, 7)); rho and pi give the word orders.
        int[] primes = { 2, 3, 5, 7 };
        Assert.Equal(primes.Select(p => (uint)Root(new BigInteger(p) << 60, 2)), Ripemd160Spec.LeftConstant.Skip(1));
        Assert.Equal(primes.Select(p => (uint)Root(new BigInteger(p) << 90, 3)), Ripemd160Spec.RightConstant.Take(4));
        Assert.Equal(Enumerable.Range(0, 16).Select(i => (byte)i), Ripemd160Spec.LeftWord.Take(16));
        Assert.Equal(new byte[] { 5, 14, 7, 0, 9, 2, 11, 4, 13, 6, 15, 8, 1, 10, 3, 12 }, Ripemd160Spec.RightWord.Take(16));
        Assert.Equal(new byte[] { 4, 0, 5, 9, 7, 12, 2, 10, 14, 1, 3, 8, 11, 6, 15, 13 }, Ripemd160Spec.LeftWord.Skip(64));
        Assert.Equal(new byte[] { 12, 15, 10, 4, 1, 5, 8, 7, 6, 2, 13, 14, 0, 3, 9, 11 }, Ripemd160Spec.RightWord.Skip(64));
        for (int round = 0; round < 5; round++)
        {
            // Each round reads every message word once, in both lines.
            Assert.Equal(Enumerable.Range(0, 16).Select(i => (byte)i), Ripemd160Spec.LeftWord.Skip(16 * round).Take(16).OrderBy(b => b));
            Assert.Equal(Enumerable.Range(0, 16).Select(i => (byte)i), Ripemd160Spec.RightWord.Skip(16 * round).Take(16).OrderBy(b => b));
        }
    }

    internal static byte[] RandomBytes(int length, int seed)
    {
        byte[] data = new byte[length];
        new Random(seed).NextBytes(data);
        return data;
    }

    internal static T Field<T>(object owner, Type declaring, string name) =>
        (T)declaring.GetField(name, BindingFlags.Instance | BindingFlags.NonPublic)!.GetValue(owner)!;

    private static byte[] Chunked(HashAlgorithm hash, byte[] data, Func<int, int> nextPiece)
    {
        int offset = 0;
        while (offset < data.Length)
        {
            int piece = Math.Min(nextPiece(offset), data.Length - offset);
            hash.TransformBlock(data, offset, piece, null, 0);
            offset += piece;
        }

        hash.TransformFinalBlock(Array.Empty<byte>(), 0, 0);
        return hash.Hash!;
    }

    private static BigInteger Root(BigInteger value, int degree)
    {
        BigInteger x = BigInteger.One << (int)((value.GetBitLength() / degree) + 2);
        while (true)
        {
            BigInteger next = (((degree - 1) * x) + (value / BigInteger.Pow(x, degree - 1))) / degree;
            if (next >= x)
            {
                return x;
            }

            x = next;
        }
    }
}

/// <summary>HMAC-RIPEMD-160: the BCL HMAC shape, long keys, streaming, reuse, arguments, Dispose.</summary>
public sealed class HmacRipemd160Tests
{
    public static TheoryData<Implementation<KeyedHashAlgorithm>> Flavours => Implementations.Data(Families.HmacRipemd160);

    [Theory]
    [MemberData(nameof(Flavours))]
    public void AgreesWithBouncyCastleForEveryKeyLength(Implementation<KeyedHashAlgorithm> implementation)
    {
        Random random = new(3);
        foreach (int keyLength in new[] { 0, 1, 20, 63, 64, 65, 100, 200 })
        {
            byte[] key = Ripemd160Tests.RandomBytes(keyLength, keyLength);
            byte[] data = Ripemd160Tests.RandomBytes(random.Next(0, 3000), keyLength + 1);
            HMac reference = new(new RipeMD160Digest());
            reference.Init(new KeyParameter(key));
            reference.BlockUpdate(data, 0, data.Length);
            byte[] expected = new byte[20];
            reference.DoFinal(expected, 0);

            Assert.Equal(expected, HmacRipemd160.HashData(key, data));
            using KeyedHashAlgorithm hmac = implementation.Create();
            hmac.Key = key;
            Assert.Equal(expected, hmac.ComputeHash(data));
        }
    }

    [Fact]
    public void AKeyLongerThanTheBlockIsHashedFirst()
    {
        byte[] longKey = Ripemd160Tests.RandomBytes(65, 9);
        byte[] data = Encoding.ASCII.GetBytes("RFC 2104 section 2");
        byte[] hashedKey = Ripemd160.HashData(longKey);
        Assert.Equal(HmacRipemd160.HashData(hashedKey, data), HmacRipemd160.HashData(longKey, data));

        using HmacRipemd160 hmac = HmacRipemd160.Create(longKey);
        Assert.Equal(hashedKey, hmac.Key);
        Assert.Equal(HmacRipemd160.HashData(hashedKey, data), hmac.ComputeHash(data));

        // A key of exactly one block is used as it is.
        byte[] blockKey = Ripemd160Tests.RandomBytes(64, 10);
        hmac.Key = blockKey;
        Assert.Equal(blockKey, hmac.Key);
        Assert.NotSame(blockKey, hmac.Key);

        // The BCL's HMACs read a long key back as its hash too.
        using HMACSHA256 bcl = new(Ripemd160Tests.RandomBytes(65, 9));
        Assert.Equal(32, bcl.Key.Length);
    }

    [Fact]
    public void StreamingReuseAndTheOneShotsAgree()
    {
        byte[] key = Ripemd160Tests.RandomBytes(20, 1);
        byte[] data = Ripemd160Tests.RandomBytes(100_000, 2);
        byte[] expected = HmacRipemd160.HashData(key, data);
        Assert.Equal(expected, HmacRipemd160.HashData(new ReadOnlySpan<byte>(key), new ReadOnlySpan<byte>(data)));
        byte[] destination = new byte[20];
        Assert.Equal(20, HmacRipemd160.HashData(key, data, destination));
        Assert.Equal(expected, destination);
        Assert.True(HmacRipemd160.TryHashData(key, data, destination, out int written));
        Assert.Equal(20, written);
        Assert.Equal(expected, HmacRipemd160.HashData(key, new MemoryStream(data)));
        Assert.Equal(expected, HmacRipemd160.HashData(new ReadOnlySpan<byte>(key), new MemoryStream(data)));

        using HmacRipemd160 hmac = HmacRipemd160.Create(key);
        Assert.Equal(160, hmac.HashSize);
        foreach (int piece in new[] { 1, 55, 56, 63, 64, 65, 4096 })
        {
            int offset = 0;
            for (; offset + piece < data.Length && offset < 20_000; offset += piece)
            {
                hmac.TransformBlock(data, offset, piece, null, 0);
            }

            hmac.TransformFinalBlock(data, offset, data.Length - offset);
            Assert.Equal(expected, hmac.Hash);
        }

        // Initialize drops the message so far and keeps the key.
        hmac.TransformBlock(data, 0, 500, null, 0);
        hmac.Initialize();
        Assert.Equal(expected, hmac.ComputeHash(data));
        Assert.Equal(expected, hmac.ComputeHash(data));
    }

    [Fact]
    public void TheDefaultKeyIsRandomAndOneBlockLong()
    {
        using HmacRipemd160 first = HmacRipemd160.Create();
        using HmacRipemd160 second = UnsafeCrypto.CreateHmacRipemd160();
        Assert.Equal(64, first.Key.Length);
        Assert.NotEqual(first.Key, second.Key);
        byte[] data = { 1, 2, 3 };
        Assert.Equal(HmacRipemd160.HashData(first.Key, data), first.ComputeHash(data));
    }

    [Fact]
    public void ArgumentsAreCheckedAsTheBclDoes()
    {
        Assert.Equal("key", Assert.Throws<ArgumentNullException>(() => HmacRipemd160.Create(null!)).ParamName);
        Assert.Equal("key", Assert.Throws<ArgumentNullException>(() => UnsafeCrypto.CreateHmacRipemd160(null!)).ParamName);
        Assert.Equal("key", Assert.Throws<ArgumentNullException>(() => HmacRipemd160.HashData(null!, new byte[1])).ParamName);
        Assert.Equal("source", Assert.Throws<ArgumentNullException>(() => HmacRipemd160.HashData(new byte[1], (byte[])null!)).ParamName);
        Assert.Equal("source", Assert.Throws<ArgumentNullException>(() => HmacRipemd160.HashData(new byte[1], (Stream)null!)).ParamName);
        Assert.Equal("destination", Assert.Throws<ArgumentException>(() => HmacRipemd160.HashData(new byte[1], new byte[1], new byte[19])).ParamName);
        Assert.False(HmacRipemd160.TryHashData(new byte[1], new byte[1], new byte[19], out int written));
        Assert.Equal(0, written);

        using HmacRipemd160 hmac = HmacRipemd160.Create(new byte[16]);
        Assert.Throws<ArgumentNullException>(() => hmac.Key = null!);

        // Changing the key in the middle of a message drops the message so far, as the BCL's HMACSHA256 does.
        byte[] newKey = Ripemd160Tests.RandomBytes(16, 5);
        hmac.TransformBlock(new byte[10], 0, 10, null, 0);
        hmac.Key = newKey;
        hmac.TransformFinalBlock(new byte[] { 1, 2, 3 }, 0, 3);
        Assert.Equal(HmacRipemd160.HashData(newKey, new byte[] { 1, 2, 3 }), hmac.Hash);

        using HMACSHA256 bcl = new(new byte[16]);
        bcl.TransformBlock(new byte[10], 0, 10, null, 0);
        bcl.Key = newKey;
        bcl.TransformFinalBlock(new byte[] { 1, 2, 3 }, 0, 3);
        Assert.Equal(HMACSHA256.HashData(newKey, new byte[] { 1, 2, 3 }), bcl.Hash);
    }

    [Theory]
    [MemberData(nameof(Flavours))]
    public void DisposeClearsTheKeyAndPads(Implementation<KeyedHashAlgorithm> implementation)
    {
        KeyedHashAlgorithm hmac = implementation.Create();
        hmac.Key = Ripemd160Tests.RandomBytes(20, 4);
        hmac.TransformBlock(new byte[10], 0, 10, null, 0);
        byte[] key = Ripemd160Tests.Field<byte[]>(hmac, typeof(KeyedHashAlgorithm), "KeyValue");
        EcHash.Hmac inner = Ripemd160Tests.Field<EcHash.Hmac>(hmac, typeof(HmacRipemd160), "_hmac");
        byte[] ipad = Ripemd160Tests.Field<byte[]>(inner, typeof(EcHash.Hmac), "_ipad");
        byte[] opad = Ripemd160Tests.Field<byte[]>(inner, typeof(EcHash.Hmac), "_opad");
        HashAlgorithm hash = Ripemd160Tests.Field<HashAlgorithm>(inner, typeof(EcHash.Hmac), "_hash");
        Ripemd160Engine engine = Ripemd160Tests.Field<Ripemd160Engine>(hash, typeof(Ripemd160Implementation), "_engine");
        Assert.Equal(implementation.Name == "Unsafe", engine is UnsafeRipemd160Engine);
        Assert.Contains(key, b => b != 0);

        hmac.Dispose();
        Assert.All(key, b => Assert.Equal(0, b));
        Assert.All(ipad, b => Assert.Equal(0, b));
        Assert.All(opad, b => Assert.Equal(0, b));
        Assert.All(Ripemd160Tests.Field<uint[]>(engine, typeof(Ripemd160Engine), "_state"), w => Assert.Equal(0u, w));
        Assert.All(Ripemd160Tests.Field<byte[]>(engine, typeof(Ripemd160Engine), "_buffer"), b => Assert.Equal(0, b));
    }
}

using System;
using System.IO;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.Registry;
using Panicode.Crypto.Tests.Infrastructure;

namespace Panicode.Crypto.Tests.StreamCiphers;

/// <summary>The <see cref="StreamCipher"/> contract, over every flavour of every stream cipher in the registry.</summary>
public sealed class StreamCipherBehaviourTests
{
    public static TheoryData<Implementation<StreamCipher>> All =>
        Implementations.ToTheoryData(Families.All.OfType<Family<StreamCipher>>().SelectMany(Implementations.Of));

    private static StreamCipher Create(Implementation<StreamCipher> implementation, int seed, out byte[] key, out byte[] iv)
    {
        StreamCipher cipher = implementation.Create();
        Random random = new(seed);
        key = new byte[cipher.KeySize / 8];
        iv = new byte[cipher.IVSize / 8];
        random.NextBytes(key);
        random.NextBytes(iv);
        cipher.Key = key;
        cipher.IV = iv;
        return cipher;
    }

    private static byte[] Data(int length, int seed)
    {
        byte[] data = new byte[length];
        new Random(seed).NextBytes(data);
        return data;
    }

    [Theory]
    [MemberData(nameof(All))]
    public void CryptoStreamRoundTrips(Implementation<StreamCipher> implementation)
    {
        using StreamCipher cipher = Create(implementation, 1, out byte[] key, out byte[] iv);
        foreach (int length in new[] { 0, 1, 7, 8, 9, 100, 4097 })
        {
            byte[] plaintext = Data(length, length);
            byte[] expected = cipher.Encrypt(plaintext);
            cipher.IV = iv;

            MemoryStream encrypted = new();
            using (CryptoStream stream = new(encrypted, cipher.CreateEncryptor(), CryptoStreamMode.Write, leaveOpen: true))
            {
                stream.Write(plaintext, 0, plaintext.Length);
            }

            Assert.Equal(expected, encrypted.ToArray());

            using CryptoStream reader = new(new MemoryStream(encrypted.ToArray()), cipher.CreateDecryptor(key, iv), CryptoStreamMode.Read);
            MemoryStream decrypted = new();
            reader.CopyTo(decrypted);
            Assert.Equal(plaintext, decrypted.ToArray());
        }
    }

    [Theory]
    [MemberData(nameof(All))]
    public void ChunkedEncryptionEqualsOneCall(Implementation<StreamCipher> implementation)
    {
        using StreamCipher cipher = Create(implementation, 2, out byte[] key, out byte[] iv);
        byte[] plaintext = Data(5000, 3);
        byte[] expected = cipher.Encrypt(plaintext);
        Random random = new(4);
        for (int trial = 0; trial < 20; trial++)
        {
            cipher.IV = iv;
            byte[] spans = new byte[plaintext.Length];
            using ICryptoTransform transform = cipher.CreateEncryptor(key, iv);
            byte[] viaTransform = new byte[plaintext.Length];
            int offset = 0;
            while (offset < plaintext.Length)
            {
                int chunk = Math.Min(plaintext.Length - offset, random.Next(4) == 0 ? 1 : random.Next(0, 70));
                cipher.Encrypt(plaintext.AsSpan(offset, chunk), spans.AsSpan(offset, chunk));
                Assert.Equal(chunk, transform.TransformBlock(plaintext, offset, chunk, viaTransform, offset));
                offset += chunk;
            }

            Assert.Equal(expected, spans);
            Assert.Equal(expected, viaTransform);
        }
    }

    [Theory]
    [MemberData(nameof(All))]
    public void SettingIVOrKeyRestartsTheKeyStream(Implementation<StreamCipher> implementation)
    {
        using StreamCipher cipher = Create(implementation, 5, out byte[] key, out byte[] iv);
        byte[] plaintext = Data(100, 6);
        byte[] first = cipher.Encrypt(plaintext);
        byte[] second = cipher.Encrypt(plaintext);
        Assert.NotEqual(first, second); // the stream continued
        cipher.IV = iv;
        Assert.Equal(first, cipher.Encrypt(plaintext));
        cipher.Key = key;
        Assert.Equal(first, cipher.Encrypt(plaintext));

        // A transform is rewound by TransformFinalBlock.
        using ICryptoTransform transform = cipher.CreateEncryptor();
        Assert.True(transform.CanReuseTransform);
        Assert.Equal(first, transform.TransformFinalBlock(plaintext, 0, plaintext.Length));
        Assert.Equal(first, transform.TransformFinalBlock(plaintext, 0, plaintext.Length));
    }

    [Theory]
    [MemberData(nameof(All))]
    public void AnUnkeyedCipherRefusesToEncryptUnderAKeyNobodyKnows(Implementation<StreamCipher> implementation)
    {
        using StreamCipher cipher = implementation.Create();
        byte[] data = new byte[8];
        Assert.Contains("key has not been set", Assert.Throws<CryptographicException>(() => cipher.Encrypt(data)).Message, StringComparison.Ordinal);
        Assert.Throws<CryptographicException>(() => cipher.Decrypt(data));
        Assert.Throws<CryptographicException>(() => cipher.Encrypt(data, data));
        Assert.Throws<CryptographicException>(() => cipher.CreateEncryptor());
        Assert.Throws<CryptographicException>(() => cipher.CreateDecryptor());
        Assert.All(data, b => Assert.Equal(0, b));

        // A key alone is not enough: the IV must be chosen too (RC4 has none).
        cipher.GenerateKey();
        if (cipher.IVSize > 0)
        {
            Assert.Contains("IV has not been set", Assert.Throws<CryptographicException>(() => cipher.Encrypt(data)).Message, StringComparison.Ordinal);
        }

        cipher.GenerateIV();
        byte[] encrypted = cipher.Encrypt(data);

        // What GenerateKey/GenerateIV chose is what the caller reads back: another object decrypts with it.
        using StreamCipher other = implementation.Create();
        other.Key = cipher.Key;
        other.IV = cipher.IV;
        Assert.Equal(data, other.Decrypt(encrypted));
    }

    [Theory]
    [MemberData(nameof(All))]
    public void EncryptionAndDecryptionKeepTheirOwnPositionsAndResetRestartsBoth(Implementation<StreamCipher> implementation)
    {
        using StreamCipher cipher = Create(implementation, 12, out _, out _);
        byte[] message = Data(300, 13);

        // Encrypt in pieces, then decrypt on the same object in other pieces: the positions do not disturb each other.
        byte[] ciphertext = cipher.Encrypt(message.AsSpan(0, 7).ToArray()).Concat(cipher.Encrypt(message.AsSpan(7).ToArray())).ToArray();
        byte[] decrypted = cipher.Decrypt(ciphertext.AsSpan(0, 100).ToArray()).Concat(cipher.Decrypt(ciphertext.AsSpan(100).ToArray())).ToArray();
        Assert.Equal(message, decrypted);

        // Both continue: the next encryption uses new key-stream bytes.
        Assert.NotEqual(ciphertext.AsSpan(0, 10).ToArray(), cipher.Encrypt(message.AsSpan(0, 10).ToArray()));

        // Reset starts both at the first byte again, with the same key and IV.
        cipher.Reset();
        Assert.Equal(ciphertext, cipher.Encrypt(message));
        Assert.Equal(message, cipher.Decrypt(ciphertext));
        cipher.Dispose();
        Assert.Throws<ObjectDisposedException>(() => cipher.Reset());
    }

    [Theory]
    [MemberData(nameof(All))]
    public void InPlaceEncryptionEqualsDisjoint(Implementation<StreamCipher> implementation)
    {
        using StreamCipher cipher = Create(implementation, 7, out _, out byte[] iv);
        byte[] plaintext = Data(1000, 8);
        byte[] expected = cipher.Encrypt(plaintext);
        cipher.IV = iv;
        byte[] buffer = (byte[])plaintext.Clone();
        cipher.Encrypt(buffer.AsSpan(0, 13), buffer.AsSpan(0, 13));
        cipher.Encrypt(buffer.AsSpan(13), buffer.AsSpan(13));
        Assert.Equal(expected, buffer);
        cipher.IV = iv;
        cipher.Decrypt(buffer, buffer);
        Assert.Equal(plaintext, buffer);
    }

    [Theory]
    [MemberData(nameof(All))]
    public void ArgumentsAreChecked(Implementation<StreamCipher> implementation)
    {
        using StreamCipher cipher = Create(implementation, 9, out byte[] key, out byte[] iv);
        Assert.Throws<ArgumentNullException>(() => cipher.Key = null!);
        Assert.Throws<ArgumentNullException>(() => cipher.IV = null!);
        // An illegal key length (RC4 takes 5 to 256 bytes, the others one length) and, with an IV, a short one.
        int badKeyBytes = cipher.ValidKeySize((key.Length + 1) * 8) ? 1 : key.Length + 1;
        Assert.Throws<CryptographicException>(() => cipher.Key = new byte[badKeyBytes]);
        Assert.Throws<CryptographicException>(() => cipher.Key = Array.Empty<byte>());
        if (iv.Length > 0)
        {
            Assert.Throws<CryptographicException>(() => cipher.IV = new byte[iv.Length - 1]);
        }

        Assert.Throws<CryptographicException>(() => cipher.KeySize = 8);
        Assert.Throws<CryptographicException>(() => cipher.CreateEncryptor(new byte[3], iv));
        Assert.Throws<CryptographicException>(() => cipher.CreateDecryptor(key, new byte[iv.Length + 8]));
        Assert.Throws<ArgumentNullException>(() => cipher.CreateEncryptor(null!, iv));
        Assert.Throws<ArgumentNullException>(() => cipher.Encrypt(null!));
        Assert.Throws<ArgumentNullException>(() => cipher.Decrypt(null!));
        Assert.Throws<ArgumentException>(() => cipher.Encrypt(new byte[10], new byte[9]));
        byte[] buffer = new byte[20];
        Assert.Throws<ArgumentException>(() => cipher.Encrypt(buffer.AsSpan(0, 10), buffer.AsSpan(1, 10)));
        Assert.Equal(key, cipher.Key);
        Assert.Equal(iv, cipher.IV);
        Assert.True(cipher.ValidKeySize(key.Length * 8));
        Assert.False(cipher.ValidKeySize(badKeyBytes * 8));

        using ICryptoTransform transform = cipher.CreateEncryptor();
        Assert.Equal(1, transform.InputBlockSize);
        Assert.Equal(1, transform.OutputBlockSize);
        Assert.True(transform.CanTransformMultipleBlocks);
        Assert.Throws<ArgumentNullException>(() => transform.TransformBlock(null!, 0, 0, buffer, 0));
        Assert.Throws<ArgumentOutOfRangeException>(() => transform.TransformBlock(buffer, 15, 10, buffer, 0));
        Assert.Throws<ArgumentException>(() => transform.TransformBlock(buffer, 0, 10, new byte[5], 0));
        Assert.Throws<ArgumentOutOfRangeException>(() => transform.TransformFinalBlock(buffer, -1, 1));
    }

    [Theory]
    [MemberData(nameof(All))]
    public void KeyAndIVAreGeneratedWhenNotSet(Implementation<StreamCipher> implementation)
    {
        using StreamCipher cipher = implementation.Create();
        Assert.Equal(cipher.KeySize / 8, cipher.Key.Length);
        Assert.Equal(cipher.IVSize / 8, cipher.IV.Length);
        byte[] key = cipher.Key;
        cipher.GenerateKey();
        Assert.NotEqual(key, cipher.Key);
        byte[] iv = cipher.IV;
        cipher.GenerateIV();
        if (cipher.IVSize > 0)
        {
            Assert.NotEqual(iv, cipher.IV); // RC4 has no IV
        }

        Assert.NotSame(cipher.Key, cipher.Key);
    }

    [Theory]
    [MemberData(nameof(All))]
    public void PassingTheKeyStreamLimitThrows(Implementation<StreamCipher> implementation)
    {
        // The real limit of the algorithm, reached by moving the position counter (generating 2^61 bytes is not an option).
        using StreamCipher cipher = Create(implementation, 10, out _, out byte[] iv);
        byte[] unit = cipher.Encrypt(new byte[1]); // the position is now one unit, partly used
        ulong max = cipher.ActiveCore!.MaxBlocks;
        int unitBytes = cipher.ActiveCore.BlockBytes;
        cipher.KeystreamBlocksUsed = max - 1;

        // The rest of the current unit is free; one more unit is allowed; after that nothing.
        cipher.Encrypt(new byte[unitBytes - 1]);
        cipher.Encrypt(new byte[unitBytes]);
        Assert.Equal(max, cipher.KeystreamBlocksUsed);
        Assert.Throws<CryptographicException>(() => cipher.Encrypt(new byte[1]));
        cipher.Encrypt(Array.Empty<byte>());

        // A call that would pass the limit fails before it writes anything.
        cipher.IV = iv;
        cipher.KeystreamBlocksUsed = max - 2;
        byte[] output = new byte[3 * unitBytes];
        Assert.Throws<CryptographicException>(() => cipher.Encrypt(new byte[output.Length], output));
        Assert.All(output, b => Assert.Equal(0, b));

        // A new IV starts a new key stream.
        cipher.IV = iv;
        Assert.Equal(0UL, cipher.KeystreamBlocksUsed);
        Assert.Equal(unit, cipher.Encrypt(new byte[1]));
    }

    [Theory]
    [MemberData(nameof(All))]
    public void DisposeZeroesKeyAndState(Implementation<StreamCipher> implementation)
    {
        StreamCipher cipher = Create(implementation, 11, out _, out _);
        cipher.Encrypt(new byte[21]);
        byte[] storedKey = cipher.StoredKey!;
        Crypto.StreamCiphers.StreamCipherCore core = cipher.ActiveCore!;
        Assert.Contains(storedKey, b => b != 0);
        byte[] probe = new byte[core.BlockBytes];
        core.XorBlocks(probe, probe);
        Assert.Contains(probe, b => b != 0);

        cipher.Dispose();
        Assert.All(storedKey, b => Assert.Equal(0, b));
        Assert.Throws<ObjectDisposedException>(() => cipher.Encrypt(new byte[1]));
        Assert.Throws<ObjectDisposedException>(() => cipher.Key);

        // The cleared state is all zeros: for KCipher-2 that state gives the key stream NLF(0,0,0,0) = 0.
        if (implementation.Family == "KCipher2")
        {
            byte[] after = new byte[core.BlockBytes];
            core.XorBlocks(after, after);
            Assert.All(after, b => Assert.Equal(0, b));
        }
    }
}

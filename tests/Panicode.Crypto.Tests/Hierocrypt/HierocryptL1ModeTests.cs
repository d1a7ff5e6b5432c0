using System;
using System.Security.Cryptography;
using Panicode.Crypto.Tests.Infrastructure;

namespace Panicode.Crypto.Tests.Hierocrypt;

/// <summary>
/// The shared mode and padding layer with a 64-bit block (Hierocrypt-L1): each mode's output against the mode's
/// definition (NIST SP 800-38A; CTS as CBC-CS3) spelled out over single-block ECB calls, every padding, and the
/// defaults and legal sizes of a 64-bit cipher.
/// </summary>
public sealed class HierocryptL1ModeTests
{
    private const int Block = 8;

    [Fact]
    public void DefaultsAndLegalSizesAreThoseOfA64BitCipher()
    {
        using HierocryptL1Cipher cipher = HierocryptL1Cipher.Create();
        Assert.Equal(64, cipher.BlockSize);
        Assert.Equal(128, cipher.KeySize);
        Assert.Equal(64, cipher.FeedbackSize);
        Assert.Equal(16, cipher.Key.Length);
        Assert.Equal(8, cipher.IV.Length);
        Assert.Throws<CryptographicException>(() => cipher.BlockSize = 128);
        Assert.Throws<CryptographicException>(() => cipher.Key = new byte[24]);
    }

    [Fact]
    public void EveryModeMatchesItsDefinitionOverSingleBlocks()
    {
        Random random = new(51);
        int checkedCases = 0;
        foreach (int blocks in new[] { 1, 2, 3, 7, 33 })
        {
            byte[] key = UnsafeDifferential.Bytes(random, 16);
            byte[] iv = UnsafeDifferential.Bytes(random, Block);
            byte[] plaintext = UnsafeDifferential.Bytes(random, blocks * Block);
            using HierocryptL1Cipher cipher = HierocryptL1Cipher.Create();
            cipher.Key = key;
            byte[] E(byte[] block) => cipher.EncryptEcb(block, PaddingMode.None);

            // CBC: C_i = E(P_i xor C_{i-1}).
            byte[] expected = new byte[plaintext.Length];
            byte[] previous = iv;
            for (int i = 0; i < blocks; i++)
            {
                byte[] input = Xor(plaintext.AsSpan(i * Block, Block), previous);
                previous = E(input);
                previous.CopyTo(expected, i * Block);
            }

            Assert.Equal(expected, cipher.EncryptCbc(plaintext, iv, PaddingMode.None));
            Assert.Equal(plaintext, cipher.DecryptCbc(expected, iv, PaddingMode.None));

            // CFB64: C_i = P_i xor E(C_{i-1}); OFB: O_i = E(O_{i-1}), C_i = P_i xor O_i.
            byte[] cfb = new byte[plaintext.Length], ofb = new byte[plaintext.Length];
            byte[] register = iv, output = iv;
            for (int i = 0; i < blocks; i++)
            {
                register = Xor(plaintext.AsSpan(i * Block, Block), E(register));
                register.CopyTo(cfb, i * Block);
                output = E(output);
                Xor(plaintext.AsSpan(i * Block, Block), output).CopyTo(ofb, i * Block);
            }

            Assert.Equal(cfb, cipher.EncryptCfb(plaintext, iv, PaddingMode.None, 64));
            Assert.Equal(plaintext, cipher.DecryptCfb(cfb, iv, PaddingMode.None, 64));
            cipher.Mode = CipherMode.OFB;
            cipher.Padding = PaddingMode.None;
            cipher.IV = iv;
            using (ICryptoTransform encryptor = cipher.CreateEncryptor())
            {
                Assert.Equal(ofb, encryptor.TransformFinalBlock(plaintext, 0, plaintext.Length));
            }

            // CFB8 over the same definition with 1-byte segments: the register shifts by one byte per segment.
            byte[] cfb8 = new byte[plaintext.Length];
            byte[] shift = (byte[])iv.Clone();
            for (int i = 0; i < plaintext.Length; i++)
            {
                cfb8[i] = (byte)(plaintext[i] ^ E(shift)[0]);
                Array.Copy(shift, 1, shift, 0, Block - 1);
                shift[Block - 1] = cfb8[i];
            }

            Assert.Equal(cfb8, cipher.EncryptCfb(plaintext, iv, PaddingMode.None, 8));

            // CTS (CBC-CS3) with a partial last block: CBC over the zero-padded message, last two blocks swapped and
            // the new last one cut to the tail's length.
            if (blocks > 1)
            {
                int tail = random.Next(1, Block);
                byte[] message = plaintext.AsSpan(0, plaintext.Length - Block + tail).ToArray();
                byte[] padded = new byte[plaintext.Length];
                message.CopyTo(padded, 0);
                byte[] cbc = cipher.EncryptCbc(padded, iv, PaddingMode.None);
                byte[] cts = new byte[message.Length];
                Array.Copy(cbc, 0, cts, 0, cbc.Length - (2 * Block));
                Array.Copy(cbc, cbc.Length - Block, cts, cbc.Length - (2 * Block), Block);
                Array.Copy(cbc, cbc.Length - (2 * Block), cts, cbc.Length - Block, tail);
                cipher.Mode = CipherMode.CTS;
                cipher.IV = iv;
                using ICryptoTransform encryptor = cipher.CreateEncryptor();
                Assert.Equal(cts, encryptor.TransformFinalBlock(message, 0, message.Length));
                using ICryptoTransform decryptor = cipher.CreateDecryptor();
                Assert.Equal(message, decryptor.TransformFinalBlock(cts, 0, cts.Length));
            }

            checkedCases++;
        }

        Assert.Equal(5, checkedCases);
    }

    [Theory]
    [InlineData(PaddingMode.PKCS7)]
    [InlineData(PaddingMode.ANSIX923)]
    [InlineData(PaddingMode.ISO10126)]
    [InlineData(PaddingMode.Zeros)]
    public void PaddingFillsTheLast8ByteBlockAndComesOff(PaddingMode padding)
    {
        Random random = new(52);
        using HierocryptL1Cipher cipher = HierocryptL1Cipher.Create();
        cipher.Key = UnsafeDifferential.Bytes(random, 16);
        byte[] iv = UnsafeDifferential.Bytes(random, Block);
        for (int length = 0; length <= 3 * Block; length++)
        {
            byte[] message = UnsafeDifferential.Bytes(random, length);
            byte[] ciphertext = cipher.EncryptCbc(message, iv, padding);
            int expectedLength = padding == PaddingMode.Zeros ? (length + Block - 1) / Block * Block : ((length / Block) + 1) * Block;
            Assert.Equal(expectedLength, ciphertext.Length);

            // As the BCL: Zeros padding is not removed, the zeros come back.
            byte[] expected = padding == PaddingMode.Zeros ? new byte[expectedLength] : message;
            message.CopyTo(expected, 0);
            Assert.Equal(expected, cipher.DecryptCbc(ciphertext, iv, padding));
            Assert.Equal(expected, cipher.DecryptEcb(cipher.EncryptEcb(message, padding), padding));
        }
    }

    private static byte[] Xor(ReadOnlySpan<byte> a, ReadOnlySpan<byte> b)
    {
        byte[] result = new byte[a.Length];
        for (int i = 0; i < a.Length; i++)
        {
            result[i] = (byte)(a[i] ^ b[i]);
        }

        return result;
    }
}

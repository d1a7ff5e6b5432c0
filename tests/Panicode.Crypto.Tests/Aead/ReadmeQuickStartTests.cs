using System.Security.Cryptography;
using Panicode.Crypto.Unsafe;

namespace Panicode.Crypto.Tests.Aead;

/// <summary>The README's AES-GCM and Camellia-GCM examples and the CMAC one of docs/modes.md, pasted as they appear there.</summary>
public sealed class ReadmeQuickStartTests
{
    [Fact]
    public void AesGcm()
    {
        byte[] key = RandomNumberGenerator.GetBytes(16);          // AES-128
        byte[] nonce = RandomNumberGenerator.GetBytes(12);        // never reuse a nonce with the same key
        byte[] plaintext = "attack at dawn"u8.ToArray();
        byte[] ciphertext = new byte[plaintext.Length];
        byte[] tag = new byte[16];

        using RijndaelCipher aes = RijndaelCipher.Create();       // BlockSize 128 = AES
        using Gcm gcm = aes.CreateGcm(key);                       // tag size 16 (or 12-15, 8, 4)
        gcm.Encrypt(nonce, plaintext, ciphertext, tag);

        byte[] decrypted = new byte[ciphertext.Length];
        gcm.Decrypt(nonce, ciphertext, tag, decrypted);           // a bad tag throws AuthenticationTagMismatchException

        Assert.Equal(plaintext, decrypted);
    }

    [Fact]
    public void CamelliaGcm()
    {
        byte[] key = RandomNumberGenerator.GetBytes(32);          // Camellia-256
        byte[] nonce = RandomNumberGenerator.GetBytes(12);
        byte[] header = "v1"u8.ToArray();                         // authenticated, not encrypted
        byte[] plaintext = "attack at dawn"u8.ToArray();
        byte[] ciphertext = new byte[plaintext.Length];
        byte[] tag = new byte[16];

        using CamelliaCipher camellia = UnsafeCrypto.CreateCamellia();   // the fast flavour: GFNI + PCLMULQDQ where present
        using Gcm gcm = camellia.CreateGcm(key);
        gcm.Encrypt(nonce, plaintext, ciphertext, tag, header);
        gcm.Decrypt(nonce, ciphertext, tag, plaintext, header);

        Assert.Equal("attack at dawn"u8.ToArray(), plaintext);
    }

    [Fact]
    public void Cmac()
    {
        byte[] key = RandomNumberGenerator.GetBytes(16);

        using CamelliaCipher camellia = CamelliaCipher.Create();  // or RijndaelCipher.Create() for AES-CMAC (RFC 4493)
        using Cmac cmac = camellia.CreateCmac(key);               // a KeyedHashAlgorithm
        byte[] mac = cmac.ComputeHash("message"u8.ToArray());     // 16 bytes

        Assert.Equal(16, mac.Length);
    }
}

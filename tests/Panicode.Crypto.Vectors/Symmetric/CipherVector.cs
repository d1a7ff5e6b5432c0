using System.Security.Cryptography;

namespace Panicode.Crypto.Vectors.Symmetric;

/// <summary>Which directions a known-answer vector may be checked in.</summary>
public enum VectorDirection
{
    /// <summary>Encrypting the plaintext gives the ciphertext and decrypting the ciphertext gives the plaintext.</summary>
    Both,

    /// <summary>Only decrypting <see cref="CipherVector.Ciphertext"/> is claimed to give <see cref="CipherVector.Plaintext"/>.</summary>
    Decrypt,
}

/// <summary>One known-answer vector for a block cipher in a mode, as read from a file.</summary>
public sealed class CipherVector
{
    public CipherVector(
        string id,
        CipherSetup setup,
        byte[] key,
        byte[]? iv,
        byte[] plaintext,
        byte[] ciphertext,
        VectorDirection direction = VectorDirection.Both)
    {
        Id = id;
        Setup = setup;
        Key = key;
        Iv = iv;
        Plaintext = plaintext;
        Ciphertext = ciphertext;
        Direction = direction;
    }

    public string Id { get; }

    /// <summary>Mode, block size, feedback size and padding.</summary>
    public CipherSetup Setup { get; }

    public byte[] Key { get; }

    /// <summary>The IV; null in ECB.</summary>
    public byte[]? Iv { get; }

    public byte[] Plaintext { get; }

    public byte[] Ciphertext { get; }

    public VectorDirection Direction { get; }

    /// <summary>An ECB vector without padding (whole blocks), checked both ways.</summary>
    public static CipherVector Ecb(string id, byte[] key, byte[] plaintext, byte[] ciphertext, int blockSize = 128)
        => new(id, new CipherSetup(CipherMode.ECB, blockSize), key, null, plaintext, ciphertext);

    public override string ToString() => Id;

    internal string Describe() => $"{Setup} key={Hex.Encode(Key)}" + (Iv is null ? string.Empty : $" iv={Hex.Encode(Iv)}");
}

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
        byte[] key,
        byte[]? iv,
        CipherMode mode,
        PaddingMode padding,
        byte[] plaintext,
        byte[] ciphertext,
        VectorDirection direction = VectorDirection.Both,
        int feedbackSizeInBits = 0)
    {
        Id = id;
        Key = key;
        Iv = iv;
        Mode = mode;
        Padding = padding;
        Plaintext = plaintext;
        Ciphertext = ciphertext;
        Direction = direction;
        FeedbackSizeInBits = feedbackSizeInBits;
    }

    public string Id { get; }

    public byte[] Key { get; }

    /// <summary>The IV; null in ECB.</summary>
    public byte[]? Iv { get; }

    public CipherMode Mode { get; }

    public PaddingMode Padding { get; }

    public byte[] Plaintext { get; }

    public byte[] Ciphertext { get; }

    public VectorDirection Direction { get; }

    /// <summary>The CFB/OFB feedback size in bits; 0 for the other modes.</summary>
    public int FeedbackSizeInBits { get; }

    /// <summary>An ECB vector without padding (whole blocks), checked both ways.</summary>
    public static CipherVector Ecb(string id, byte[] key, byte[] plaintext, byte[] ciphertext)
        => new(id, key, null, CipherMode.ECB, PaddingMode.None, plaintext, ciphertext);

    public override string ToString() => Id;

    internal string Describe() => $"{Mode}/{Padding} key={Hex.Encode(Key)}" + (Iv is null ? string.Empty : $" iv={Hex.Encode(Iv)}");
}


using System.Security.Cryptography;

namespace Panicode.Crypto;

/// <summary>Rijndael placeholder; the implementation lands with the foundation issue.</summary>
public abstract class RijndaelCipher : SymmetricAlgorithm
{
    private protected RijndaelCipher()
    {
    }

    /// <summary>Creates the Reference flavour.</summary>
    public static new RijndaelCipher Create() => throw new System.NotImplementedException();
}

using System.Security.Cryptography;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Modular;

namespace Panicode.Crypto.Dsa;

/// <summary>The key of a ManagedDsa object (see <see cref="KeyState{TKey}"/>).</summary>
internal sealed class DsaKeyState : KeyState<DsaKey>
{
    private readonly ModularArithmetic _arithmetic;

    public DsaKeyState(ModularArithmetic arithmetic, int keySize)
        : base(keySize)
    {
        _arithmetic = arithmetic;
    }

    public ModularArithmetic Arithmetic => _arithmetic;

    /// <summary>Imports a key; with <paramref name="deriveY"/>, a private key without Y gets y = g^x (PKCS#8 carries no y).</summary>
    public void Import(in DSAParameters parameters, bool deriveY = false)
    {
        ThrowIfDisposed();
        Replace(DsaKey.Import(_arithmetic, parameters, deriveY));
    }

    private protected override DsaKey Generate(int keySize) => DsaKey.Generate(_arithmetic, keySize);

    private protected override int KeySizeOf(DsaKey key) => key.KeySize;
}

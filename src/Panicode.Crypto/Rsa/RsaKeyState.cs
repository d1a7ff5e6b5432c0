using System.Security.Cryptography;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Modular;

namespace Panicode.Crypto.Rsa;

/// <summary>The key of a ManagedRsa object (see <see cref="KeyState{TKey}"/>).</summary>
internal sealed class RsaKeyState : KeyState<RsaKey>
{
    private readonly ModularArithmetic _arithmetic;

    public RsaKeyState(ModularArithmetic arithmetic, int keySize)
        : base(keySize)
    {
        _arithmetic = arithmetic;
    }

    public ModularArithmetic Arithmetic => _arithmetic;

    public void Import(in RSAParameters parameters)
    {
        ThrowIfDisposed();
        Replace(RsaKey.Import(_arithmetic, parameters));
    }

    private protected override RsaKey Generate(int keySize) => RsaKey.Generate(_arithmetic, keySize);

    private protected override int KeySizeOf(RsaKey key) => key.KeySize;
}

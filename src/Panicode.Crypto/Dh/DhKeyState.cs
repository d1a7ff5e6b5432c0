using Panicode.Crypto.Internal;
using Panicode.Crypto.Modular;

namespace Panicode.Crypto.Dh;

/// <summary>The key of a ManagedDiffieHellman object (see <see cref="KeyState{TKey}"/>): generated in its group at first use.</summary>
internal sealed class DhKeyState : KeyState<DhKey>
{
    private readonly ModularArithmetic _arithmetic;
    private readonly FfdhGroup _group;

    public DhKeyState(ModularArithmetic arithmetic, FfdhGroup group)
        : base(DhKey.GroupBits(group))
    {
        _arithmetic = arithmetic;
        _group = group;
    }

    public ModularArithmetic Arithmetic => _arithmetic;

    private protected override DhKey Generate(int keySize) => DhKey.Generate(_arithmetic, _group);

    private protected override int KeySizeOf(DhKey key) => key.KeySize;
}

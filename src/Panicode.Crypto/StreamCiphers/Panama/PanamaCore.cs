using System;
using System.Diagnostics;

namespace Panicode.Crypto.StreamCiphers.Panama;

/// <summary>
/// PANAMA as a stream cipher (Daemen and Clapp, FSE 1998, §5): Reset, Push K, Push Q (the IV, "diversification
/// parameter"), 32 blank pulls; then each pull's z = (a9..a16) is 32 bytes of key stream.
/// </summary>
internal sealed class PanamaCore : StreamCipherCore
{
    private readonly PanamaModule _engine;

    /// <param name="module">A new module of either flavour, in the byte order of the cipher.</param>
    public PanamaCore(PanamaModule module) => _engine = module;

    public override int BlockBytes => PanamaSpec.BlockBytes;

    public override ulong MaxBlocks => PanamaSpec.MaxBlocks;

    public override void Initialize(ReadOnlySpan<byte> key, ReadOnlySpan<byte> iv)
    {
        Debug.Assert(key.Length == PanamaSpec.KeyBytes && iv.Length == PanamaSpec.IVBytes);
        _engine.Reset();
        _engine.Push(key);
        _engine.Push(iv);
        for (int i = 0; i < PanamaSpec.BlankPulls; i++)
        {
            _engine.Pull();
        }
    }

    public override void XorBlocks(ReadOnlySpan<byte> input, Span<byte> output)
    {
        Debug.Assert(input.Length % PanamaSpec.BlockBytes == 0 && output.Length >= input.Length);
        _engine.Pull(input, output);
    }

    public override void ClearState() => _engine.Clear();
}

using System;
using System.Diagnostics;

namespace Panicode.Crypto.StreamCiphers.Panama;

/// <summary>
/// PANAMA as a stream cipher (Daemen and Clapp, FSE 1998, §5): Reset, Push K, Push Q (the IV, "diversification
/// parameter"), 32 blank pulls; then each pull's z = (a9..a16) is 32 bytes of key stream.
/// </summary>
internal sealed class PanamaCore : StreamCipherCore
{
    private readonly PanamaEngine _engine;

    public PanamaCore(bool bigEndian) => _engine = new PanamaEngine(bigEndian);

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
        for (int i = 0; i < input.Length; i += PanamaSpec.BlockBytes)
        {
            _engine.Pull(input.Slice(i, PanamaSpec.BlockBytes), output.Slice(i, PanamaSpec.BlockBytes));
        }
    }

    public override void ClearState() => _engine.Clear();
}

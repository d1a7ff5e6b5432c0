using System;

namespace Panicode.Crypto.StreamCiphers.Panama;

/// <summary>
/// The PANAMA module's three modes (Daemen and Clapp, FSE 1998, §3): Reset, Push (absorb a 32-byte block) and Pull
/// (output z = a9..a16, then iterate). The stream cipher (<see cref="PanamaCore"/>), the hash (<see cref="PanamaHash"/>)
/// and MULTI-S01 are written once over it; each flavour supplies the module: <see cref="PanamaEngine"/> (Reference) or
/// the Unsafe package's pointer module.
/// </summary>
internal abstract class PanamaModule
{
    private protected PanamaModule(bool bigEndian) => BigEndian = bigEndian;

    /// <summary>True for big-endian words (MULTI-S01 §1.2), false for the reference implementation's little-endian ones.</summary>
    public bool BigEndian { get; }

    /// <summary>Reset mode: state and buffer zero.</summary>
    public abstract void Reset();

    /// <summary>Push mode: one 32-byte input block, no output.</summary>
    public abstract void Push(ReadOnlySpan<byte> block);

    /// <summary>Pull mode without output (the blank pulls).</summary>
    public abstract void Pull();

    /// <summary>Pull mode, once per 32-byte block: each block of <paramref name="input"/> XOR-ed with that pull's z.</summary>
    public abstract void Pull(ReadOnlySpan<byte> input, Span<byte> output);

    /// <summary>Clears the state and the buffer.</summary>
    public abstract void Clear();
}

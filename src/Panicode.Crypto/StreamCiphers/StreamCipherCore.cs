using System;

namespace Panicode.Crypto.StreamCiphers;

/// <summary>
/// The key-stream generator contract every stream-cipher core implements (the seam the Unsafe flavour plugs into):
/// initialization from a key and an IV, then the key stream in whole units of <see cref="BlockBytes"/> bytes, XOR-ed
/// onto the input (in place or disjoint). The partial units at the ends of a call, the position counter and the
/// per-key/IV limit are <see cref="KeystreamCursor"/>'s; a core never sees them.
/// </summary>
internal abstract class StreamCipherCore : IDisposable
{
    /// <summary>The key-stream unit in bytes (KCipher-2: one 64-bit word X(i)).</summary>
    public abstract int BlockBytes { get; }

    /// <summary>How many units the spec allows per key and IV.</summary>
    public abstract ulong MaxBlocks { get; }

    /// <summary>Sets the state to S(0) for <paramref name="key"/> and <paramref name="iv"/> (sizes already checked).</summary>
    public abstract void Initialize(ReadOnlySpan<byte> key, ReadOnlySpan<byte> iv);

    /// <summary>
    /// XORs the next <c>input.Length / BlockBytes</c> key-stream units onto <paramref name="input"/> into
    /// <paramref name="output"/> (same length, a whole number of units; the two are the same memory or disjoint).
    /// </summary>
    public abstract void XorBlocks(ReadOnlySpan<byte> input, Span<byte> output);

    /// <summary>Zeroes the state.</summary>
    public abstract void ClearState();

    public void Dispose() => ClearState();
}

using System;

namespace Panicode.Crypto.Aead;

/// <summary>
/// The buffers of one authenticated-encryption call, handed to the mode's core by reference. Mono 6.8's s390x JIT
/// corrupts struct arguments (a span is one) when a method that uses <c>stackalloc</c> makes a call whose arguments
/// do not all fit the five argument registers; one by-reference bundle keeps these calls within the registers. See
/// docs/architecture.md, "Calls on Mono s390x".
/// </summary>
internal readonly ref struct AeadSpans
{
    public AeadSpans(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> input, Span<byte> output, ReadOnlySpan<byte> associatedData)
    {
        Nonce = nonce;
        Input = input;
        Output = output;
        AssociatedData = associatedData;
    }

    public ReadOnlySpan<byte> Nonce { get; }

    /// <summary>The plaintext when sealing, the ciphertext when opening.</summary>
    public ReadOnlySpan<byte> Input { get; }

    /// <summary>Where the ciphertext (sealing) or plaintext (opening) goes; as long as <see cref="Input"/>.</summary>
    public Span<byte> Output { get; }

    public ReadOnlySpan<byte> AssociatedData { get; }
}

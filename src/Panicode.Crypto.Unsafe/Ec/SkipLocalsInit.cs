// The EC field classes allocate their temporaries with stackalloc on every multiplication and are marked
// [SkipLocalsInit], so the JIT does not zero those buffers first (part of the paper's "temporaries on the
// stack"); every routine there writes a temporary before reading it. netstandard2.0 lacks the attribute.

#if !NET
namespace System.Runtime.CompilerServices;

/// <summary>The compiler recognises this attribute by name; netstandard2.0 does not ship it.</summary>
[AttributeUsage(AttributeTargets.Module | AttributeTargets.Class | AttributeTargets.Struct | AttributeTargets.Constructor | AttributeTargets.Method | AttributeTargets.Property | AttributeTargets.Event, Inherited = false)]
internal sealed class SkipLocalsInitAttribute : Attribute
{
}
#endif

// The field contract of the point engine (StructEcGroup, both flavours): an element is a struct of fixed ulong fields
// (Fe3 .. Fe9) passed by reference, so the point formulas touch no array or span (no bounds checks) and the
// operations are instance methods of a readonly field struct. The engine is generic over both, so the JIT compiles
// one copy of the point code per field shape with every field call direct, in safe code and without pointers.
// Every method may be called with r aliasing a or b (each reads all its operands before writing r). Nothing here
// branches or indexes memory on element values.

using System;

namespace Panicode.Crypto.Ec;

/// <summary>Arithmetic on fully reduced elements of GF(p) in the struct's own form (Montgomery or plain).</summary>
internal interface IStructField<TE>
    where TE : struct
{
    /// <summary>Number of 64-bit limbs of an element.</summary>
    int Limbs { get; }

    /// <summary>r = a b (times R^-1 in Montgomery form).</summary>
    void Mul(ref TE r, in TE a, in TE b);

    /// <summary>r = a^2 (times R^-1 in Montgomery form).</summary>
    void Sqr(ref TE r, in TE a);

    /// <summary>r = a + b mod p.</summary>
    void Add(ref TE r, in TE a, in TE b);

    /// <summary>r = a - b mod p.</summary>
    void Sub(ref TE r, in TE a, in TE b);

    /// <summary>r = a / 2 mod p (any form: halving x R gives (x / 2) R).</summary>
    void Half(ref TE r, in TE a);

    /// <summary>r = a where mask is all ones, r unchanged where it is zero (mask is 0 or all ones).</summary>
    void Move(ref TE r, in TE a, ulong mask);

    /// <summary>1 when a is zero, else 0.</summary>
    ulong IsZero(in TE a);

    /// <summary>The element whose limbs (least significant first) are <paramref name="limbs"/>, as they are.</summary>
    TE Load(ReadOnlySpan<ulong> limbs);

    /// <summary>The limbs of a, least significant first, as they are.</summary>
    void Store(in TE a, Span<ulong> limbs);
}

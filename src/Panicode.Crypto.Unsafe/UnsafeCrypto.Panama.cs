namespace Panicode.Crypto.Unsafe;

// PANAMA (stream cipher and hash). No optimized core exists yet: these return the Reference code, so that code written
// against UnsafeCrypto finds every algorithm of the catalogue here (docs/architecture.md, "Naming").
public static partial class UnsafeCrypto
{
    /// <summary>Creates a <see cref="PanamaCipher"/> with little-endian words; PANAMA has no optimized core yet, so this is the safe code of <see cref="PanamaCipher.Create()"/>.</summary>
    /// <returns>A new PANAMA stream cipher.</returns>
    public static PanamaCipher CreatePanama() => PanamaCipher.Create();

    /// <summary>Creates a <see cref="PanamaCipher"/> with the given byte order (the safe code of <see cref="PanamaCipher.Create(PanamaByteOrder)"/>).</summary>
    /// <param name="byteOrder">Little-endian (the reference implementation) or big-endian (MULTI-S01).</param>
    /// <returns>A new PANAMA stream cipher.</returns>
    public static PanamaCipher CreatePanama(PanamaByteOrder byteOrder) => PanamaCipher.Create(byteOrder);

    /// <summary>Creates a <see cref="PanamaHash"/> with little-endian words (the safe code of <see cref="PanamaHash.Create()"/>).</summary>
    /// <returns>A new PANAMA hash.</returns>
    public static PanamaHash CreatePanamaHash() => PanamaHash.Create();

    /// <summary>Creates a <see cref="PanamaHash"/> with the given byte order (the safe code of <see cref="PanamaHash.Create(PanamaByteOrder)"/>).</summary>
    /// <param name="byteOrder">Little-endian (the reference implementation) or big-endian.</param>
    /// <returns>A new PANAMA hash.</returns>
    public static PanamaHash CreatePanamaHash(PanamaByteOrder byteOrder) => PanamaHash.Create(byteOrder);
}

using Panicode.Crypto.Unsafe.StreamCiphers.Panama;

namespace Panicode.Crypto.Unsafe;

// PANAMA, stream cipher and hash, over the Unsafe flavour's module (PanamaUnsafeEngine).
public static partial class UnsafeCrypto
{
    /// <summary>Creates a <see cref="PanamaCipher"/> with little-endian words over the Unsafe core (unrolled rounds, pointer state).</summary>
    /// <returns>A new PANAMA stream cipher.</returns>
    public static PanamaCipher CreatePanama() => CreatePanama(PanamaByteOrder.LittleEndian);

    /// <summary>Creates a <see cref="PanamaCipher"/> with the given byte order over the Unsafe core.</summary>
    /// <param name="byteOrder">Little-endian (the reference implementation) or big-endian (MULTI-S01).</param>
    /// <returns>A new PANAMA stream cipher.</returns>
    /// <exception cref="System.ArgumentOutOfRangeException"><paramref name="byteOrder"/> is not a <see cref="PanamaByteOrder"/> value.</exception>
    public static PanamaCipher CreatePanama(PanamaByteOrder byteOrder) => new UnsafePanama(PanamaCipher.CheckByteOrder(byteOrder));

    /// <summary>Creates a <see cref="PanamaHash"/> with little-endian words over the Unsafe module.</summary>
    /// <returns>A new PANAMA hash.</returns>
    public static PanamaHash CreatePanamaHash() => CreatePanamaHash(PanamaByteOrder.LittleEndian);

    /// <summary>Creates a <see cref="PanamaHash"/> with the given byte order over the Unsafe module.</summary>
    /// <param name="byteOrder">Little-endian (the reference implementation) or big-endian.</param>
    /// <returns>A new PANAMA hash.</returns>
    /// <exception cref="System.ArgumentOutOfRangeException"><paramref name="byteOrder"/> is not a <see cref="PanamaByteOrder"/> value.</exception>
    public static PanamaHash CreatePanamaHash(PanamaByteOrder byteOrder) =>
        new PanamaHash.Implementation(PanamaCipher.CheckByteOrder(byteOrder), bigEndian => new PanamaUnsafeEngine(bigEndian));
}

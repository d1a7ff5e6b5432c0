using System;
using Panicode.Crypto.Aead;
using Panicode.Crypto.StreamCiphers.Panama;
using Panicode.Crypto.Unsafe.StreamCiphers.Panama;

namespace Panicode.Crypto.Unsafe;

// PANAMA, stream cipher and hash, and MULTI-S01 over the Unsafe flavour's module (PanamaUnsafeEngine).
public static partial class UnsafeCrypto
{
    private static readonly Func<bool, PanamaModule> s_panamaModule = bigEndian => new PanamaUnsafeEngine(bigEndian);

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
        new PanamaHash.Implementation(PanamaCipher.CheckByteOrder(byteOrder), s_panamaModule);

    /// <summary>Creates <see cref="MultiS01"/> under a 32-byte key over the Unsafe PANAMA module (the object keeps its own copy).</summary>
    /// <param name="key">The 256-bit key.</param>
    /// <returns>A new MULTI-S01 instance.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="key"/> is null.</exception>
    /// <exception cref="System.Security.Cryptography.CryptographicException"><paramref name="key"/> is not 32 bytes.</exception>
    public static MultiS01 CreateMultiS01(byte[] key)
    {
        Gcm.ThrowIfNull(key, nameof(key));
        return MultiS01.Create(key, s_panamaModule);
    }

    /// <inheritdoc cref="CreateMultiS01(byte[])"/>
    public static MultiS01 CreateMultiS01(ReadOnlySpan<byte> key) => MultiS01.Create(key, s_panamaModule);
}

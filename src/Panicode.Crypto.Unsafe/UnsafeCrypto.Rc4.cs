using System;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Unsafe.StreamCiphers.Rc4;

#pragma warning disable CS0618, PANICODE001 // The factory of an obsolete type carries the same mark.

namespace Panicode.Crypto.Unsafe;

// RC4, for existing data only.
public static partial class UnsafeCrypto
{
    /// <summary>
    /// Creates an <see cref="Rc4Cipher"/> whose core is optimized: the permutation as 32-bit words behind a pointer, indices
    /// reduced by byte casts, eight key-stream bytes XOR-ed at once. RC4 is broken (RFC 7465): for existing data only.
    /// </summary>
    /// <returns>A new RC4 instance of the Unsafe flavour (128-bit key by default).</returns>
#if NET
    [Obsolete(Obsoletions.Rc4Message, DiagnosticId = Obsoletions.Rc4DiagnosticId)]
#else
    [Obsolete(Obsoletions.Rc4Message)]
#endif
    public static Rc4Cipher CreateRc4() => new UnsafeRc4();
}

using System;
using System.Security.Cryptography;
using Panicode.Crypto.Internal;
using Panicode.Crypto.StreamCiphers;
using Panicode.Crypto.StreamCiphers.Rc4;

namespace Panicode.Crypto;

/// <summary>
/// RC4 (Rivest, 1987; "ARCFOUR"), the stream cipher of CRYPTREC's list as "128-bit RC4", <b>for reading and writing
/// existing data only</b>: its key stream is biased (the first bytes and beyond), which recovers plaintext repeated
/// under many keys; RFC 7465 forbids it in TLS. Keys of 40 to 2,048 bits (default 128), no IV.
/// </summary>
/// <remarks>
/// <para>Marked obsolete with its own diagnostic, PANICODE001 (CS0618 on netstandard2.0), so no one uses it by accident:
/// code that must read old RC4 data suppresses exactly that one. There is no IV (<see cref="StreamCipher.IVSize"/> 0):
/// one key, one key stream; never encrypt two messages under one key. How the span methods and transforms use the key
/// stream is described on <see cref="StreamCipher"/>.</para>
/// <para><see cref="Create"/> returns the Reference flavour; <c>Panicode.Crypto.Unsafe.UnsafeCrypto.CreateRc4()</c>
/// the optimized flavour of the same class.</para>
/// </remarks>
#if NET
[Obsolete(Obsoletions.Rc4Message, DiagnosticId = Obsoletions.Rc4DiagnosticId)]
#else
[Obsolete(Obsoletions.Rc4Message)]
#endif
public abstract class Rc4Cipher : StreamCipher
{
    private static readonly KeySizes[] s_legalKeySizes = { new KeySizes(40, 2048, 8) };

    private protected Rc4Cipher()
        : base(s_legalKeySizes, 128, 0)
    {
    }

    /// <summary>Creates the Reference flavour of RC4.</summary>
    public static Rc4Cipher Create() => new ReferenceRc4();

    private sealed class ReferenceRc4 : Rc4Cipher
    {
        private protected override StreamCipherCore CreateCore() => new Rc4Core();
    }
}

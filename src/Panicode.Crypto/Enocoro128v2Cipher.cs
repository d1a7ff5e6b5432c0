using System.Security.Cryptography;
using Panicode.Crypto.StreamCiphers;
using Panicode.Crypto.StreamCiphers.Enocoro;

namespace Panicode.Crypto;

/// <summary>
/// The Enocoro-128v2 stream cipher (Hitachi, 2010; Enocoro-128v2 Specification ver. 2.0): a 128-bit key and a 64-bit
/// IV, one byte of key stream per step from a Panama-like generator (a 2-byte state and a 32-byte buffer); one of the
/// CRYPTREC lightweight ciphers and ISO/IEC 29192-3.
/// </summary>
/// <remarks>
/// <para>The specification states no limit on the key stream per key and IV. How the span methods and transforms use
/// the key stream is described on <see cref="StreamCipher"/>.</para>
/// <para><see cref="Create"/> returns the Reference flavour (safe code, independent of the machine's byte order);
/// <c>Panicode.Crypto.Unsafe.UnsafeCrypto.CreateEnocoro128v2()</c> returns the optimized flavour of the same class.</para>
/// </remarks>
public abstract class Enocoro128v2Cipher : StreamCipher
{
    private static readonly KeySizes[] s_legalKeySizes = { new KeySizes(128, 128, 0) };

    private protected Enocoro128v2Cipher()
        : base(s_legalKeySizes, 128, 64)
    {
    }

    /// <summary>Creates the Reference flavour of Enocoro-128v2.</summary>
    public static Enocoro128v2Cipher Create() => new ReferenceEnocoro128v2();

    private sealed class ReferenceEnocoro128v2 : Enocoro128v2Cipher
    {
        private protected override StreamCipherCore CreateCore() => new EnocoroCore();
    }
}

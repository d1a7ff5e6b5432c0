using System.Security.Cryptography;
using Panicode.Crypto.StreamCiphers;
using Panicode.Crypto.StreamCiphers.Mugi;

namespace Panicode.Crypto;

/// <summary>
/// The MUGI stream cipher (Hitachi, 2001; MUGI Pseudorandom Number Generator Specification Ver. 1.2): a 128-bit key
/// and a 128-bit IV, 64 bits of key stream per round from a Panama-like generator whose F-function is built from AES
/// components; one of the CRYPTREC ciphers and ISO/IEC 18033-4.
/// </summary>
/// <remarks>
/// <para>The specification states no limit on the output per key and IV. How the span methods and transforms use the
/// key stream is described on <see cref="StreamCipher"/>.</para>
/// <para><see cref="Create"/> returns the Reference flavour (safe code, independent of the machine's byte order);
/// <c>Panicode.Crypto.Unsafe.UnsafeCrypto.CreateMugi()</c> returns the optimized flavour of the same class.</para>
/// </remarks>
public abstract class MugiCipher : StreamCipher
{
    private static readonly KeySizes[] s_legalKeySizes = { new KeySizes(128, 128, 0) };

    private protected MugiCipher()
        : base(s_legalKeySizes, 128, 128)
    {
    }

    /// <summary>Creates the Reference flavour of MUGI.</summary>
    public static MugiCipher Create() => new ReferenceMugi();

    private sealed class ReferenceMugi : MugiCipher
    {
        private protected override StreamCipherCore CreateCore() => new MugiCore();
    }
}

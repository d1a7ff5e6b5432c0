using System.Security.Cryptography;
using Panicode.Crypto.StreamCiphers;
using Panicode.Crypto.StreamCiphers.KCipher2;

namespace Panicode.Crypto;

/// <summary>
/// The KCipher-2 stream cipher (RFC 7008; KDDI, 2007): a 128-bit key and a 128-bit IV, 64 bits of key stream per cycle
/// from two word-oriented feedback shift registers and a non-linear function built from AES components; one of the
/// CRYPTREC ciphers and ISO/IEC 18033-4.
/// </summary>
/// <remarks>
/// <para>At most 2^64 bits (2^61 bytes) of key stream per key and IV (RFC 7008 §3); asking for more throws
/// <see cref="CryptographicException"/>. How the span methods and transforms use the key stream is described on
/// <see cref="StreamCipher"/>.</para>
/// <para><see cref="Create"/> returns the Reference flavour (safe code, independent of the machine's byte order);
/// <c>Panicode.Crypto.Unsafe.UnsafeCrypto.CreateKCipher2()</c> returns the optimized flavour of the same class.</para>
/// </remarks>
public abstract class KCipher2Cipher : StreamCipher
{
    private static readonly KeySizes[] s_legalKeySizes = { new KeySizes(128, 128, 0) };

    private protected KCipher2Cipher()
        : base(s_legalKeySizes, 128, 128)
    {
    }

    /// <summary>Creates the Reference flavour of KCipher-2.</summary>
    public static KCipher2Cipher Create() => new ReferenceKCipher2();

    private sealed class ReferenceKCipher2 : KCipher2Cipher
    {
        private protected override StreamCipherCore CreateCore() => new KCipher2Core();
    }
}

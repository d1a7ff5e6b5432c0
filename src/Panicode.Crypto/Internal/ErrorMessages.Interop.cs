namespace Panicode.Crypto.Internal;

// Messages of the interoperability surface: curve names, key encodings, signature sizes, the TLS PRF.
internal static partial class ErrorMessages
{
    /// <summary>{0}: the curve's name or OID as given.</summary>
    internal const string CurveNotSupported =
        "The curve '{0}' is not a supported prime curve. Supported named curves: secp192r1, secp224r1, secp256r1, " +
        "secp384r1, secp521r1, secp256k1, brainpoolP160r1 to brainpoolP512r1 (r1 only), wap-wsg-idm-ecid-wtls7; or " +
        "pass explicit prime-curve parameters.";

    internal const string PemNoKey = "No key was found in the PEM text (a PUBLIC KEY, PRIVATE KEY or EC PRIVATE KEY block).";

    internal const string PemEncryptedKey = "The PEM text holds an ENCRYPTED PRIVATE KEY, which this method does not decrypt; decrypt it first (for example with openssl pkcs8).";

    internal const string KeyNotEc = "The key is not an elliptic-curve key (its algorithm is not id-ecPublicKey).";

    internal const string KeyCurveNotNamed = "Only keys on named curves are read and written in this encoding (the curve is given by explicit parameters or missing).";

    internal const string KeyEncodingInvalid = "The key is not a valid DER encoding of this format.";

    internal const string TlsPrfSeedLength = "The TLS 1.0/1.1 PRF needs a 64-byte seed.";

    internal const string SignatureDoesNotFitField =
        "The signature's r or s does not fit the field's length (a chance below 2^-79 on curves whose order is a byte " +
        "longer than the field); sign again, or use the DER signature format.";
}

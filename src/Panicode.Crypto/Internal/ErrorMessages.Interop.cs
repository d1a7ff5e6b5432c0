namespace Panicode.Crypto.Internal;

// Messages of the interoperability surface: curve names, signature sizes, the TLS PRF.
internal static partial class ErrorMessages
{
    /// <summary>{0}: the curve's name or OID as given.</summary>
    internal const string CurveNotSupported =
        "The curve '{0}' is not a supported prime curve. Supported named curves: secp192r1, secp224r1, secp256r1, " +
        "secp384r1, secp521r1, secp256k1, brainpoolP160r1 to brainpoolP512r1 (r1 only), wap-wsg-idm-ecid-wtls7; or " +
        "pass explicit prime-curve parameters.";

    internal const string TlsPrfSeedLength = "The TLS 1.0/1.1 PRF needs a 64-byte seed.";

    internal const string SignatureDoesNotFitField =
        "The signature's r or s does not fit the field's length (a chance below 2^-79 on curves whose order is a byte " +
        "longer than the field); sign again, or use the DER signature format.";
}

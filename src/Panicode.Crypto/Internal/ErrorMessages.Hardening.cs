namespace Panicode.Crypto.Internal;

/// <summary>Exception messages of the hardening checks: explicit-curve limits, disposed keys and peers.</summary>
internal static partial class ErrorMessages
{
    internal const string ExplicitCurveFieldTooLarge =
        "The explicit curve's prime has more than 661 bits, the largest field this library (like OpenSSL) accepts.";

    internal const string ExplicitCurveParameterTooLong =
        "The explicit curve's order or cofactor is longer than the prime allows.";

    internal const string ExplicitCurveAnomalous =
        "The explicit curve is anomalous (its number of points equals the field prime), so its discrete logarithms are easy.";

    internal const string ExplicitCurveSmallEmbeddingDegree =
        "The explicit curve has a small embedding degree (p^k = 1 mod n for some k <= 100), so its discrete logarithms reduce to a small finite field.";

    internal const string PublicKeyDisposed = "The public key has been disposed.";
}

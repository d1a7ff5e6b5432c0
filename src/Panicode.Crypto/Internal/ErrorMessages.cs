namespace Panicode.Crypto.Internal;

/// <summary>
/// Every exception message of the library, in one place (both assemblies; the Unsafe one is a friend). Texts that
/// mirror the BCL's own messages (the built-in <c>Aes</c>, <c>RijndaelManaged</c>) keep its wording so callers that
/// compare messages see the same text. Messages with a <c>{0}</c> go through <see cref="Format"/>. Topic files
/// (<c>ErrorMessages.&lt;Topic&gt;.cs</c>) add to this partial class.
/// </summary>
internal static partial class ErrorMessages
{
    // Symmetric algorithms (SymmetricAlgorithm surface; BCL wording).
    internal const string InvalidKeySize = "Specified key is not a valid size for this algorithm.";
    internal const string InvalidIvSize = "Specified initialization vector (IV) does not match the block size for this algorithm.";
    internal const string InvalidCipherMode = "Specified cipher mode is not valid for this algorithm.";
    internal const string IvRequired = "The cipher mode specified requires that an initialization vector (IV) be used.";
    internal const string FeedbackSizeNotSupported = "The specified feedback size '{0}' for CipherMode 'CFB' is not supported.";
    internal const string InvalidPadding = "Padding is invalid and cannot be removed.";
    internal const string PartialBlock = "The input data is not a complete block.";
    internal const string CtsTooShort = "CTS needs at least one full block of input.";
    internal const string CamelliaKeySize = "Camellia keys are 128, 192 or 256 bits long.";

    // ICryptoTransform arguments.
    internal const string TransformBlockEmpty = "TransformBlock needs at least one unit of input.";
    internal const string TransformBlockPartial = "TransformBlock may only process bytes in block sized increments.";
    internal const string OutputBufferTooSmall = "The output buffer is too small for the transformed data.";
    internal const string OffsetOutsideBuffer = "The offset is outside the buffer.";
    internal const string CountOutsideBuffer = "The count is outside the buffer.";

    // The block-cipher core contract (Modes/BlockCipher.cs, Modes/Cbc.cs).
    internal const string NotWholeBlocks = "The input is not a whole number of blocks.";
    internal const string DestinationTooSmall = "The destination is too small.";
    internal const string PartialOverlap = "The source and destination overlap partially.";
    internal const string ChainNotOneBlock = "The chaining value is not one block long.";
    internal const string ChainOverlapsData = "The chaining value overlaps the data.";

    // Curves.
    internal const string Characteristic2NotSupported = "Characteristic-2 curves are not supported; only prime curves are.";
    internal const string CurveNeitherNamedNorPrime = "The specified curve is not valid: it is neither named nor explicit prime.";
    internal const string CurveTypeNotSupported = "Curve type {0} is not supported; only short Weierstrass prime curves are.";
    internal const string ExplicitCurveIncomplete = "The explicit curve is missing Prime, A, B, G, Order or Cofactor.";
    internal const string ExplicitCurveLengths = "The explicit curve parameters Prime, A, B and G must have the same length.";
    internal const string ExplicitCurveOutOfRange = "The explicit curve parameters are out of range.";
    internal const string ExplicitCurveNotPrime = "The explicit curve's prime or order is not prime.";
    internal const string ExplicitCurveSingular = "The explicit curve is singular.";
    internal const string ExplicitGeneratorNotOnCurve = "The explicit curve's generator is not on the curve.";
    internal const string ExplicitCurveSizes = "The explicit curve's order and cofactor do not fit the field size.";

    // Keys.
    internal const string PublicKeyNeedsXAndY = "The public key must have both its X and Y coordinates.";
    internal const string KeyEmpty = "The key has neither a public point nor a private value.";
    internal const string PublicKeyMismatch = "The public key does not match the private key.";
    internal const string PublicKeyCoordinateLength = "The public key coordinates must be {0} bytes each for curve {1}.";
    internal const string PublicKeyNotOnCurve = "The public key is not a valid point on the curve.";
    internal const string PublicKeyNotInSubgroup = "The public key is not in the subgroup of order n.";
    internal const string NoPrivateKey = "The key does not contain a private value.";
    internal const string PrivateKeyLength = "The private key must be {0} bytes for curve {1}.";
    internal const string PrivateKeyOutOfRange = "The private key is not in the range [1, n-1].";
    internal const string KeyDisposed = "The key has been disposed.";

    // ECDSA and ECDH.
    internal const string NonceGivesZero = "The nonce gives r = 0 or s = 0.";
    internal const string SharedPointAtInfinity = "The shared point is the point at infinity.";
    internal const string OtherKeyOtherCurve = "The other party's public key is not on the same curve as this key.";
    internal const string OtherKeyNoPoint = "The other party's public key has no point.";
    internal const string OtherKeyNotPrimeEcdh = "On netstandard2.0 the other party's key must be a PrimeEcdh public key: PrimeEcdh.Create(parameters).PublicKey.";
    internal const string XmlExportNotSupported = "XML key export is not supported.";

    // Hashes.
    internal const string HashNameEmpty = "The hash algorithm name cannot be null or empty.";
    internal const string UnknownHash = "'{0}' is not a known hash algorithm.";

    /// <summary>A message with its <c>{0}</c>, <c>{1}</c> filled in, culture-invariant.</summary>
    internal static string Format(string message, object? arg0, object? arg1 = null) =>
        string.Format(System.Globalization.CultureInfo.InvariantCulture, message, arg0, arg1);
}

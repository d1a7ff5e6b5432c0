namespace Panicode.Crypto.Internal;

/// <summary>Exception messages of RSA and the Montgomery layer under it.</summary>
internal static partial class ErrorMessages
{
    internal const string RsaModulusInvalid = "The modulus must be odd, greater than 2 and at most 16,384 bits long.";
    internal const string RsaParametersMissing = "The specified RSA parameters are not valid. Exponent and Modulus are required fields.";
    internal const string RsaPrivateIncomplete = "The specified RSA parameters are not valid. If D is present, P, Q, DP, DQ and InverseQ are required.";
    internal const string RsaKeyInvalid = "The specified RSA parameters are not a valid RSA key.";
    internal const string RsaNoPrivateKey = "The key does not contain private parameters.";
    internal const string RsaFaultDetected = "The RSA private-key operation failed its consistency check.";
    internal const string RsaDecryptionFailed = "The parameter is incorrect.";
    internal const string RsaInputTooLarge = "The input data is larger than the modulus allows for this padding.";
    internal const string RsaInvalidSignatureInput = "The hash is not valid for the signature padding and key size.";
    internal const string RsaKeySizeInvalid = "Specified key is not a valid size for this algorithm.";
    internal const string RsaPaddingUnsupported = "The specified padding mode is not supported.";
    internal const string RsaPbeUnsupported = "The encrypted key uses a password-based encryption this library does not read (PBES2 with PBKDF2 and AES-CBC only).";
    internal const string RsaNotAnRsaKey = "The encoding is not an RSA key (rsaEncryption).";
    internal const string RsaPemNoKey = "No RSA key was found in the PEM text (a PUBLIC KEY, RSA PUBLIC KEY, PRIVATE KEY or RSA PRIVATE KEY block; ENCRYPTED PRIVATE KEY for the encrypted import).";
    internal const string RsaMultiPrimeUnsupported = "Keys with more than two primes are not supported.";
}

namespace Panicode.Crypto.Internal;

/// <summary>Exception messages of DSA (the missing-field texts keep the BCL's wording).</summary>
internal static partial class ErrorMessages
{
    internal const string DsaParametersMissing = "The specified DSA parameters are not valid; P, Q, G and Y are all required.";
    internal const string DsaKeyInvalid = "The specified DSA parameters are not a valid DSA key.";
    internal const string DsaSizeUnsupported = "DSA keys need 512 to 3,072-bit p and a 160, 224 or 256-bit q.";
    internal const string DsaKeySizeInvalid = "Specified key is not a valid size for this algorithm.";
    internal const string DsaNoPrivateKey = "The key does not contain private parameters.";
    internal const string DsaNotADsaKey = "The encoding is not a DSA key (id-dsa).";
    internal const string DsaPemNoKey = "No DSA key was found in the PEM text (a PUBLIC KEY or PRIVATE KEY block; ENCRYPTED PRIVATE KEY for the encrypted import).";
}

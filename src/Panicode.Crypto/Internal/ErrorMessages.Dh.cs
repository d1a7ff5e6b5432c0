namespace Panicode.Crypto.Internal;

/// <summary>Exception messages of finite-field Diffie-Hellman.</summary>
internal static partial class ErrorMessages
{
    internal const string DhParametersMissing = "The specified Diffie-Hellman parameters are not valid; P, G and Y (or X) are required.";
    internal const string DhParametersInvalid = "The specified Diffie-Hellman parameters are not valid.";
    internal const string DhPeerKeyInvalid = "The other party's public key is not valid for this group (SP 800-56A 5.6.2.3.1).";
    internal const string DhSharedSecretInvalid = "The shared secret is 1 (SP 800-56A 5.7.1.1).";
    internal const string DhNoPrivateKey = "The key does not contain private parameters.";
    internal const string DhNotADhKey = "The key is not a Diffie-Hellman key (dhKeyAgreement or dhpublicnumber).";
    internal const string DhPemNoKey = "No PUBLIC KEY or PRIVATE KEY block was found.";
    internal const string DhKeySizeInvalid = "The key size is that of no named group; use GenerateKey(FfdhGroup) or ImportParameters.";
}

namespace Panicode.Crypto.Internal;

/// <summary>Exception messages of RSA and the Montgomery layer under it.</summary>
internal static partial class ErrorMessages
{
    internal const string RsaModulusInvalid = "The RSA modulus must be odd and greater than 2.";
}

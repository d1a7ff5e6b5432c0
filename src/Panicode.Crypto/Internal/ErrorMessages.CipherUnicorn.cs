namespace Panicode.Crypto.Internal;

internal static partial class ErrorMessages
{
    internal const string CipherUnicornAKeySize = "CIPHERUNICORN-A keys are 128, 192 or 256 bits long.";

    internal const string CipherUnicornEKeySize = "CIPHERUNICORN-E keys are 128 bits long.";
}

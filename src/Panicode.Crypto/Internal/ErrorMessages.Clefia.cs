namespace Panicode.Crypto.Internal;

internal static partial class ErrorMessages
{
    internal const string ClefiaKeySize = "CLEFIA keys are 128, 192 or 256 bits long.";
}

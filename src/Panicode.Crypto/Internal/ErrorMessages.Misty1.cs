namespace Panicode.Crypto.Internal;

internal static partial class ErrorMessages
{
    internal const string Misty1KeySize = "MISTY1 keys are 128 bits long.";
}

namespace Panicode.Crypto.Internal;

internal static partial class ErrorMessages
{
    internal const string Hierocrypt3KeySize = "Hierocrypt-3 keys are 128, 192 or 256 bits long.";

    internal const string HierocryptL1KeySize = "Hierocrypt-L1 keys are 128 bits long.";
}

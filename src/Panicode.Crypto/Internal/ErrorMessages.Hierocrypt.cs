namespace Panicode.Crypto.Internal;

internal static partial class ErrorMessages
{
    internal const string Hierocrypt3KeySize = "Hierocrypt-3 keys are 128, 192 or 256 bits long.";
}

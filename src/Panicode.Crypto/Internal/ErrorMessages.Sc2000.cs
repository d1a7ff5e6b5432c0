namespace Panicode.Crypto.Internal;

internal static partial class ErrorMessages
{
    internal const string Sc2000KeySize = "SC2000 keys are 128, 192 or 256 bits long.";
}

namespace Panicode.Crypto.Internal;

internal static partial class ErrorMessages
{
    internal const string TripleDesKeySize = "Triple DES keys are 128 bits (keying option 2) or 192 bits (keying option 1) long.";

    // The built-in TripleDES's message for the same case.
    internal const string TripleDesWeakKey = "Specified key is a known weak key for 'TripleDES' and cannot be used.";
}

namespace Panicode.Crypto.Internal;

internal static partial class ErrorMessages
{
    internal const string CamelliaConstantTimeNotSupported =
        "Constant-time Camellia needs .NET with GFNI and SSSE3 (and PANICODE_FORCE_PORTABLE unset); check UnsafeCrypto.IsConstantTimeCamelliaSupported first.";
}

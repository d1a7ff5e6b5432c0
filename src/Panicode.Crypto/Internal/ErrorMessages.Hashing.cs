namespace Panicode.Crypto.Internal;

/// <summary>Exception messages of the hash functions and HMACs (BCL wording, as <c>SHA256</c> throws).</summary>
internal static partial class ErrorMessages
{
    internal const string HashDestinationTooShort = "Destination is too short.";
    internal const string StreamNotReadable = "Stream was not readable.";
}

namespace Panicode.Crypto.Internal;

/// <summary>Exception messages of ISO/IEC 9798 entity authentication.</summary>
internal static partial class ErrorMessages
{
    internal const string Iso9798Rejected = "The entity-authentication message was rejected (protection, mechanism, pass, identities or freshness).";
    internal const string Iso9798Identity = "An identity must be 1 to 255 bytes in UTF-8.";
    internal const string Iso9798SameIdentity = "The peer's identity must differ from this party's own.";
    internal const string Iso9798Window = "The acceptance window must be positive.";
    internal const string Iso9798Mechanism = "Not an ISO/IEC 9798 mechanism of Iso9798Mechanism.";
    internal const string Iso9798SessionComplete = "This session expects no further message; start a new one.";
    internal const string Iso9798SequenceExhausted = "The sequence numbers are exhausted; the parties need a new key.";
}

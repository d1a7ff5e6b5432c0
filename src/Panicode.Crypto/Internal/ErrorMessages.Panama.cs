namespace Panicode.Crypto.Internal;

/// <summary>Exception messages of PANAMA and MULTI-S01.</summary>
internal static partial class ErrorMessages
{
    internal const string PanamaByteOrder = "The byte order must be PanamaByteOrder.LittleEndian or PanamaByteOrder.BigEndian.";
    internal const string MultiS01KeyLength = "MULTI-S01 takes a 256-bit (32-byte) key.";
    internal const string MultiS01DeviationLength = "MULTI-S01's deviation parameter Q is 32 bytes.";
    internal const string MultiS01RedundancyLength = "MULTI-S01's redundancy data R is 8 bytes.";
    internal const string MultiS01CiphertextLength = "The ciphertext must be 8 * ceil(plaintext length / 8) + 16 bytes long.";
    internal const string MultiS01Rejected = "The ciphertext failed MULTI-S01's integrity check.";
}

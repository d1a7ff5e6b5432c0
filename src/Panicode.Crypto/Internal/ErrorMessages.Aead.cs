namespace Panicode.Crypto.Internal;

/// <summary>Exception messages of the authenticated modes, MACs, CTR and key wrap.</summary>
internal static partial class ErrorMessages
{
    internal const string BlockSizeNot128 = "{0} is defined for 128-bit blocks; set BlockSize to 128 (the cipher's BlockSize is {1}).";
    internal const string CmacBlockSize = "CMAC is defined for 64- and 128-bit blocks (NIST SP 800-38B); the cipher's BlockSize is {0}.";
    internal const string CbcMacBlockSize = "CBC-MAC is offered for 64- and 128-bit blocks (ISO/IEC 9797-1); the cipher's BlockSize is {0}.";
    internal const string CbcMacPadding = "The padding must be ISO/IEC 9797-1 padding method 1, 2 or 3 (CbcMacPadding).";
    internal const string RetailMacKeySize = "The retail MAC (ISO/IEC 9797-1 MAC algorithm 3) takes a 16-byte key K || K'.";
    internal const string RetailMacWeakKey = "The retail MAC's two DES keys K and K' must differ (parity bits ignored); with K' = K it is plain single-DES CBC-MAC.";
    internal const string InvalidNonceLength = "The specified nonce is not a valid size for this algorithm.";
    internal const string InvalidTagLength = "The specified tag is not a valid size for this algorithm.";
    internal const string TagLengthMismatch = "The specified tag is not a valid size for this algorithm. It must be {0} bytes long.";
    internal const string PlaintextCiphertextLengthMismatch = "Plaintext and ciphertext must have the same length.";
    internal const string BuffersOverlap = "The input and output buffers overlap partially; use the same buffer or disjoint ones.";
    internal const string OutputsOverlap = "The ciphertext and tag buffers overlap; each output needs memory of its own.";
    internal const string TagMismatch = "The computed authentication tag did not match the input authentication tag.";
    internal const string CcmPayloadTooLong = "The message is too long for the nonce length: a {0}-byte nonce leaves {1} bytes for the length, so at most {2} bytes.";
    internal const string CounterLength = "The initial counter block must be as long as the cipher's block ({0} bytes).";
    internal const string CounterSize = "The counter size must be between 1 and the block size in bytes ({0}), or 0 for the whole block.";
    internal const string KeyWrapInputLength = "Key wrap (RFC 3394) takes at least 16 bytes, a multiple of 8.";
    internal const string KeyUnwrapInputLength = "A key wrapped by RFC 3394 is at least 24 bytes, a multiple of 8.";
    internal const string KeyWrapPaddedInputLength = "Key wrap with padding (RFC 5649) takes 1 to 2^32 - 1 bytes.";
    internal const string KeyUnwrapPaddedInputLength = "A key wrapped by RFC 5649 is at least 16 bytes, a multiple of 8.";
    internal const string KeyUnwrapFailed = "The wrapped key failed its integrity check.";
}

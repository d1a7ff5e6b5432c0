namespace Panicode.Crypto.Internal;

internal static partial class ErrorMessages
{
    internal const string StreamCipherKeyNotSet = "The key has not been set: set Key, or call GenerateKey and keep the key, before encrypting or decrypting.";
    internal const string StreamCipherIvNotSet = "The IV has not been set: set IV, or call GenerateIV and keep the IV, before encrypting or decrypting.";
    internal const string StreamCipherIvSize = "Specified initialization vector (IV) is not a valid size for this stream cipher.";
    internal const string KeystreamExhausted =
        "The key stream for this key and IV is used up (the algorithm's limit per key and IV); set a new IV or key.";
}

namespace Panicode.Crypto.Internal;

/// <summary>Exception messages of the ISO/IEC 18033-2 key-encapsulation mechanisms (ECIES-KEM, PSEC-KEM).</summary>
internal static partial class ErrorMessages
{
    internal const string KemCofactor = "ECIES-KEM and PSEC-KEM are implemented for curves of cofactor 1 only.";
    internal const string KemCiphertextLength = "The ciphertext must be {0} bytes long.";
    internal const string KemSharedSecretLength = "The shared-secret buffer must be {0} bytes long.";
    internal const string KemCiphertextInvalid = "The ciphertext does not hold a valid point of the key's curve.";
    internal const string KemRejected = "The ciphertext was rejected (ISO/IEC 18033-2 §10.3.4: g~ is not alpha g).";
    internal const string KemSharedSecretSize = "The shared-secret size must be from 1 to {0} bytes.";
    internal const string KemSeedSize = "The seed size must be from 1 to {0} bytes.";
    internal const string KemPointEncoding = "The point encoding must be Uncompressed or Compressed.";
    internal const string KemKdf = "The key-derivation function must be Kdf1 or Kdf2.";
    internal const string KemPemNoKey = "No PUBLIC KEY, PRIVATE KEY or EC PRIVATE KEY block was found.";
}

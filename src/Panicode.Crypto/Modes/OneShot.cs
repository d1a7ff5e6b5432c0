using System;
using System.Security.Cryptography;

namespace Panicode.Crypto.Modes;

/// <summary>
/// The one-shot EncryptCbc/DecryptEcb/TryEncryptCfb/... operations over spans, with no allocation
/// beyond the caller's result: the mode register lives on the stack, the rest is <see cref="FinalBlock"/>.
/// </summary>
internal static class OneShot
{
    public static bool TryEncrypt(
        BlockCipher cipher,
        CipherMode mode,
        ReadOnlySpan<byte> iv,
        int feedbackBytes,
        PaddingMode padding,
        ReadOnlySpan<byte> plaintext,
        Span<byte> destination,
        out int bytesWritten)
    {
        Span<byte> register = stackalloc byte[FinalBlock.MaxBlockSize];
        register = register.Slice(0, cipher.BlockSize);
        iv.CopyTo(register);
        return FinalBlock.TryEncrypt(register, plaintext, destination, cipher, mode, feedbackBytes, padding, out bytesWritten);
    }

    public static bool TryDecrypt(
        BlockCipher cipher,
        CipherMode mode,
        ReadOnlySpan<byte> iv,
        int feedbackBytes,
        PaddingMode padding,
        ReadOnlySpan<byte> ciphertext,
        Span<byte> destination,
        out int bytesWritten)
    {
        Span<byte> register = stackalloc byte[FinalBlock.MaxBlockSize];
        register = register.Slice(0, cipher.BlockSize);
        iv.CopyTo(register);
        return FinalBlock.TryDecrypt(register, ciphertext, destination, cipher, mode, feedbackBytes, padding, out bytesWritten);
    }
}

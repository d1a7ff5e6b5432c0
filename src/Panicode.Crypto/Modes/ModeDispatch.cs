using System;
using System.Diagnostics;
using System.Security.Cryptography;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto.Modes;

/// <summary>Routes a <see cref="CipherMode"/> to its implementation; the one switch over modes.</summary>
internal static class ModeDispatch
{
    /// <summary>The unit of data and padding: the feedback segment for CFB, otherwise the block.</summary>
    public static int UnitSize(CipherMode mode, int blockSize, int feedbackBytes) =>
        mode == CipherMode.CFB ? feedbackBytes : blockSize;

    public static bool UsesIv(CipherMode mode) => mode != CipherMode.ECB;

    /// <summary>
    /// Transforms whole units of a message that may continue. CTS differs from CBC only at the end of a message,
    /// which <see cref="FinalBlock"/> handles, so here it is CBC.
    /// </summary>
    public static void Transform(
        Span<byte> register,
        ReadOnlySpan<byte> input,
        Span<byte> output,
        BlockCipher cipher,
        CipherMode mode,
        bool encrypting,
        int feedbackBytes)
    {
        switch (mode)
        {
            case CipherMode.ECB when encrypting:
                cipher.Encrypt(input, output);
                break;
            case CipherMode.ECB:
                cipher.Decrypt(input, output);
                break;
            case CipherMode.CBC or CipherMode.CTS when encrypting:
                Cbc.Encrypt(cipher, register, input, output);
                break;
            case CipherMode.CBC or CipherMode.CTS:
                Cbc.Decrypt(cipher, register, input, output);
                break;
            case CipherMode.CFB when encrypting:
                Cfb.Encrypt(cipher, register, feedbackBytes, input, output);
                break;
            case CipherMode.CFB:
                Cfb.Decrypt(cipher, register, feedbackBytes, input, output);
                break;
            case CipherMode.OFB:
                Ofb.Transform(cipher, register, input, output);
                break;
            default:
                Debug.Fail("Mode validated by the caller.");
                throw new CryptographicException(ErrorMessages.InvalidCipherMode);
        }
    }
}

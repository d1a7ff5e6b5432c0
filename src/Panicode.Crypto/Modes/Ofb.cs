using System;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto.Modes;

/// <summary>
/// Output feedback, NIST SP 800-38A §6.4, over whole blocks. <c>register</c> holds the IV, then
/// the last output block. Encryption and decryption are the same operation.
/// </summary>
internal static class Ofb
{
    public static void Transform(BlockCipher cipher, Span<byte> register, ReadOnlySpan<byte> input, Span<byte> output)
    {
        int bs = cipher.BlockSize;
        cipher.ThrowIfDisposed();
        for (int offset = 0; offset < input.Length; offset += bs)
        {
            cipher.EncryptBlock(register, register);
            Xor.Into(input.Slice(offset, bs), register, output.Slice(offset, bs));
        }
    }
}
